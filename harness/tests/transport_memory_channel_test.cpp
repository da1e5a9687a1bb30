// MemoryChannel (transport/memory_channel.h): the framing of a pipe without the pipe, and no wait.
#include "transport/memory_channel.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

namespace ec {
namespace {

using namespace std::chrono_literals;

std::vector<std::string> lines_of(MemoryChannel& channel) {
  std::vector<std::string> out;
  for (;;) {
    ReadResult r = channel.receive(Deadline::after(5s));
    if (r.status == ReadResult::Eof) return out;
    out.push_back(r.status == ReadResult::Line ? r.line : "<too large>");
  }
}

TEST(MemoryChannel, FramesAsLineReader) {
  MemoryChannel channel("{\"a\":1}\n\n  \t\r\n2\r\n[]\r\r\nlast", 64);
  EXPECT_EQ(lines_of(channel), (std::vector<std::string>{"{\"a\":1}", "2", "[]\r", "last"}));
  EXPECT_EQ(channel.delivered(), (std::vector<std::string>{"{\"a\":1}", "2", "[]\r", "last"}));
  EXPECT_TRUE(channel.exhausted());
}

TEST(MemoryChannel, TooLargeOnceThenGoesOn) {
  MemoryChannel channel(std::string(10, 'x') + "\nok\n", 9);
  ReadResult r = channel.receive(Deadline::now());
  EXPECT_EQ(r.status, ReadResult::TooLarge);
  EXPECT_EQ(r.bytes_discarded, 10u);
  r = channel.receive(Deadline::now());
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "ok");
  EXPECT_TRUE(channel.delivered() == std::vector<std::string>{"ok"});
}

TEST(MemoryChannel, EofForeverAndNoWait) {
  MemoryChannel channel("");
  const auto started = std::chrono::steady_clock::now();
  for (int i = 0; i < 3; ++i) EXPECT_EQ(channel.receive(Deadline::after(10s)).status, ReadResult::Eof);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 1s);  // a deadline is never waited for
}

TEST(MemoryChannel, RecordsWhatWasSent) {
  MemoryChannel channel("x");
  EXPECT_TRUE(channel.send("{\"id\":1}", Deadline::now()));
  EXPECT_TRUE(channel.send("{\"id\":2}", Deadline::now()));
  EXPECT_EQ(channel.sent(), (std::vector<std::string>{"{\"id\":1}", "{\"id\":2}"}));
  EXPECT_TRUE(channel.take_notes().empty());
}

}  // namespace
}  // namespace ec
