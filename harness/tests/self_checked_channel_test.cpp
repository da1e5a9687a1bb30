// SelfCheckedChannel (sut_fuzzer/self_checked_channel.h): what the SUT fuzzer writes is judged against
// the revision's schema.json, a response as the result of the request it answers; the fuzz input
// is not. ctest runs this binary with ELICIT_CONFORM_SELF_CHECK=1.
#include "sut_fuzzer/self_checked_channel.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "transport/memory_channel.h"

namespace ec {
namespace {

struct Fixture {
  std::shared_ptr<MemoryChannel> peer;
  SelfCheckedChannel channel;
  explicit Fixture(std::string script, Revision revision = Revision::V2025_11_25)
      : peer(std::make_shared<MemoryChannel>(std::move(script))),
        channel(peer, revision, "the fuzzer (test)") {}
};

std::string stderr_of_send(SelfCheckedChannel& channel, const std::string& json, bool input = false) {
  testing::internal::CaptureStderr();
  if (input)
    channel.send_input(json, Deadline::after(std::chrono::seconds(1)));
  else
    channel.send(json, Deadline::after(std::chrono::seconds(1)));
  return testing::internal::GetCapturedStderr();
}

TEST(SelfCheckedChannel, IsOnInThisBinary) { ASSERT_TRUE(self_check_enabled()); }

TEST(SelfCheckedChannel, AResponseIsJudgedAsTheResultOfTheRequestItAnswers) {
  Fixture f(R"({"jsonrpc":"2.0","id":7,"method":"tools/list"})");
  ASSERT_EQ(f.channel.receive(Deadline::after(std::chrono::seconds(1))).status, ReadResult::Line);
  // A tools/list answer without "tools" breaks ListToolsResult, though it is a fine empty result.
  const std::string said = stderr_of_send(f.channel, R"({"jsonrpc":"2.0","id":7,"result":{}})");
  EXPECT_NE(said.find("elicit-conform: self-check: the fuzzer (test) wrote a message that the 2025-11-25 "
                      "schema.json rejects (ListToolsResult"),
            std::string::npos)
      << said;
  ASSERT_EQ(f.peer->sent().size(), 1u);  // judged, and delivered all the same
}

TEST(SelfCheckedChannel, AConformantMessageSaysNothing) {
  Fixture f(R"({"jsonrpc":"2.0","id":"p","method":"ping"})");
  ASSERT_EQ(f.channel.receive(Deadline::after(std::chrono::seconds(1))).status, ReadResult::Line);
  EXPECT_EQ(stderr_of_send(f.channel, R"({"jsonrpc":"2.0","id":"p","result":{}})"), "");
  EXPECT_EQ(stderr_of_send(f.channel, R"({"jsonrpc":"2.0","method":"notifications/initialized"})"), "");
}

TEST(SelfCheckedChannel, TheFuzzInputIsNotJudged) {
  Fixture f("");
  // An elicitation/create without its message: broken on purpose, as fuzz inputs are.
  const std::string input =
      R"({"jsonrpc":"2.0","id":"fuzz-1","method":"elicitation/create","params":{"requestedSchema":{}}})";
  EXPECT_EQ(stderr_of_send(f.channel, input, /*input=*/true), "");
  EXPECT_NE(stderr_of_send(f.channel, input), "");  // the same message through send() is judged
  EXPECT_EQ(f.peer->sent().size(), 2u);
}

TEST(SelfCheckedChannel, JudgesByTheRevisionItSpeaks) {
  // 2026-07-28 requires ttlMs and cacheScope on a tools/list result; 2025-11-25 does not.
  const std::string request = R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}})";
  const std::string answer = R"({"jsonrpc":"2.0","id":1,"result":{"tools":[]}})";
  Fixture old_wire(request, Revision::V2025_11_25);
  old_wire.channel.receive(Deadline::after(std::chrono::seconds(1)));
  EXPECT_EQ(stderr_of_send(old_wire.channel, answer), "");
  Fixture modern(request, Revision::V2026_07_28);
  modern.channel.receive(Deadline::after(std::chrono::seconds(1)));
  EXPECT_NE(stderr_of_send(modern.channel, answer).find("2026-07-28 schema.json rejects"), std::string::npos);
}

}  // namespace
}  // namespace ec
