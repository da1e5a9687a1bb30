// Framing, writing and the small types under them, against in-process pipes: fast and exact.
// The same code against real child processes is in transport_child_process_test.cpp.
#include "transport/deadline.h"
#include "transport/head_tail_buffer.h"
#include "transport/line_reader.h"
#include "transport/line_writer.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <climits>
#include <csignal>
#include <stdexcept>
#include <string>
#include <thread>

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

namespace ec {
namespace {

using namespace std::chrono_literals;

// Both ends close-on-exec; the write end optionally non-blocking.
class TestPipe {
 public:
  explicit TestPipe(bool nonblocking_write = false) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe2");
    read_fd = fds[0];
    write_fd = fds[1];
    if (nonblocking_write) fcntl(write_fd, F_SETFL, fcntl(write_fd, F_GETFL) | O_NONBLOCK);
  }
  ~TestPipe() {
    close_read();
    close_write();
  }
  void put(std::string_view bytes) {
    ASSERT_EQ(write_all(write_fd, bytes, Deadline::after(5s)), WriteStatus::Ok);
  }
  void close_read() {
    if (read_fd >= 0) ::close(read_fd);
    read_fd = -1;
  }
  void close_write() {
    if (write_fd >= 0) ::close(write_fd);
    write_fd = -1;
  }
  int read_fd = -1;
  int write_fd = -1;
};

std::string drain(int fd) {
  std::string out;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n <= 0) return out;
    out.append(buffer, static_cast<std::size_t>(n));
  }
}

bool sigpipe_pending() {
  sigset_t pending;
  sigemptyset(&pending);
  sigpending(&pending);
  return sigismember(&pending, SIGPIPE) == 1;
}

bool sigpipe_blocked() {
  sigset_t mask;
  sigemptyset(&mask);
  pthread_sigmask(SIG_SETMASK, nullptr, &mask);
  return sigismember(&mask, SIGPIPE) == 1;
}

// ---- Deadline -----------------------------------------------------------------------------

TEST(Deadline, ExpiresAndCountsDown) {
  EXPECT_TRUE(Deadline::now().expired());
  EXPECT_TRUE(Deadline::after(0ms).expired());
  EXPECT_TRUE(Deadline::after(-5ms).expired());
  EXPECT_EQ(Deadline::after(-5ms).remaining(), 0ms);
  EXPECT_EQ(Deadline::now().poll_timeout(), 0);
  const Deadline later = Deadline::after(10s);
  EXPECT_FALSE(later.expired());
  EXPECT_LE(later.remaining(), 10s);
  EXPECT_GT(later.remaining(), 9s);
}

TEST(Deadline, HugeTimeoutsSaturate) {
  const Deadline never = Deadline::after(std::chrono::milliseconds::max());
  EXPECT_FALSE(never.expired());
  EXPECT_EQ(never.poll_timeout(), INT_MAX);
  EXPECT_GT(never.remaining(), std::chrono::hours(24 * 365));
}

// ---- HeadTailBuffer -----------------------------------------------------------------------

TEST(HeadTailBuffer, KeepsEverythingUnderTheLimit) {
  HeadTailBuffer buffer(10);
  buffer.append("01234");
  buffer.append("5678");
  EXPECT_EQ(buffer.text(), "012345678");
  EXPECT_EQ(buffer.dropped(), 0u);
  buffer.append("9");
  EXPECT_EQ(buffer.text(), "0123456789");
  EXPECT_EQ(buffer.total(), 10u);
}

TEST(HeadTailBuffer, KeepsHeadAndTailAndMarksTheGap) {
  HeadTailBuffer buffer(10);
  buffer.append("01234567");
  buffer.append("89ABCDEFGHIJ");
  EXPECT_EQ(buffer.total(), 20u);
  EXPECT_EQ(buffer.dropped(), 10u);
  EXPECT_EQ(buffer.text(),
            "01234\n[elicit-conform: 10 bytes dropped here; kept the first 5 and the last 5]\nFGHIJ");
}

TEST(HeadTailBuffer, TailIsRightAfterManySmallAppends) {
  HeadTailBuffer buffer(64);
  std::string all;
  for (int i = 0; i < 5000; ++i) {
    const std::string piece = std::to_string(i) + "\n";
    buffer.append(piece);
    all += piece;
  }
  const std::string text = buffer.text();
  EXPECT_EQ(text.substr(0, 32), all.substr(0, 32));
  EXPECT_EQ(text.substr(text.size() - 32), all.substr(all.size() - 32));
  EXPECT_EQ(buffer.dropped(), all.size() - 64);
  EXPECT_NE(text.find(std::to_string(all.size() - 64) + " bytes dropped here"), std::string::npos);
}

TEST(HeadTailBuffer, OneHugeAppend) {
  HeadTailBuffer buffer(8);
  buffer.append(std::string(1000, 'x') + "tail");
  EXPECT_EQ(buffer.dropped(), 996u);
  const std::string text = buffer.text();
  EXPECT_EQ(text.substr(0, 5), "xxxx\n");
  EXPECT_EQ(text.substr(text.size() - 4), "tail");
}

// ---- LineReader ---------------------------------------------------------------------------

TEST(LineReader, KeepsPartialLinesBetweenCalls) {
  TestPipe pipe;
  LineReader reader(pipe.read_fd);
  pipe.put("{\"a\"");
  EXPECT_EQ(reader.read(Deadline::now()).status, ReadResult::Timeout);
  pipe.put(":1}\n{\"b\":2}\n{\"c\"");
  ReadResult r = reader.read(Deadline::after(5s));
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "{\"a\":1}");
  EXPECT_FALSE(r.unterminated);
  r = reader.read(Deadline::now());  // already buffered: no wait needed
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "{\"b\":2}");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(reader.read(Deadline::after(200ms)).status, ReadResult::Timeout);
  EXPECT_GE(std::chrono::steady_clock::now() - start, 190ms);
  pipe.put(":3}\n");
  r = reader.read(Deadline::after(5s));
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "{\"c\":3}");
}

TEST(LineReader, StripsOneCarriageReturnAndSkipsBlankLines) {
  TestPipe pipe;
  LineReader reader(pipe.read_fd);
  pipe.put("a\r\n\r\n\n \t \r\nb\r\r\n  c  \n");
  pipe.close_write();
  for (const char* expected : {"a", "b\r", "  c  "}) {
    const ReadResult r = reader.read(Deadline::after(5s));
    ASSERT_EQ(r.status, ReadResult::Line);
    EXPECT_EQ(r.line, expected);
  }
  EXPECT_EQ(reader.read(Deadline::after(5s)).status, ReadResult::Eof);
}

TEST(LineReader, DeliversAnUnterminatedLastLineThenEof) {
  TestPipe pipe;
  LineReader reader(pipe.read_fd);
  pipe.put("x\ny\r");
  pipe.close_write();
  ReadResult r = reader.read(Deadline::after(5s));
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "x");
  r = reader.read(Deadline::after(5s));
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "y");
  EXPECT_TRUE(r.unterminated);
  EXPECT_EQ(reader.read(Deadline::after(5s)).status, ReadResult::Eof);
  EXPECT_EQ(reader.read(Deadline::after(5s)).status, ReadResult::Eof);
}

TEST(LineReader, PassesBytesThroughUnjudged) {
  TestPipe pipe;
  LineReader reader(pipe.read_fd);
  const std::string odd("\xFF\xFE\0 not json \xC0\x80", 16);
  pipe.put(odd + "\n");
  const ReadResult r = reader.read(Deadline::after(5s));
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, odd);
}

TEST(LineReader, TooLargeLineWithItsNewlineInView) {
  TestPipe pipe;
  LineReader reader(pipe.read_fd, 16);
  pipe.put("0123456789abcdefXYZ\n0123456789abcdef\nok\n");
  ReadResult r = reader.read(Deadline::after(5s));
  ASSERT_EQ(r.status, ReadResult::TooLarge);
  EXPECT_EQ(r.bytes_discarded, 19u);
  r = reader.read(Deadline::after(5s));  // exactly the limit is fine
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "0123456789abcdef");
  r = reader.read(Deadline::after(5s));
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "ok");
  EXPECT_EQ(reader.total_discarded(), 20u);
}

TEST(LineReader, TooLargeIsReportedOnceBeforeTheNewlineArrives) {
  TestPipe pipe;
  LineReader reader(pipe.read_fd, 16);
  pipe.put(std::string(40, 'z'));
  ReadResult r = reader.read(Deadline::after(5s));
  ASSERT_EQ(r.status, ReadResult::TooLarge);
  EXPECT_EQ(r.bytes_discarded, 40u);
  pipe.put(std::string(100, 'z'));
  EXPECT_EQ(reader.read(Deadline::after(200ms)).status, ReadResult::Timeout);  // still dropping
  pipe.put("zz\nnext\n");
  r = reader.read(Deadline::after(5s));
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "next");
  EXPECT_EQ(reader.total_discarded(), 143u);
}

// A peer that sends without pause and never ends its line: read() still returns by its
// deadline, and memory does not grow (the oversized line is not kept).
TEST(LineReader, EndlessLineDoesNotHoldReadPastItsDeadline) {
  TestPipe pipe(/*nonblocking_write=*/true);
  LineReader reader(pipe.read_fd, 1024);
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    const std::string chunk(64 << 10, 'w');
    while (!stop.load()) {
      if (::write(pipe.write_fd, chunk.data(), chunk.size()) < 0) std::this_thread::yield();
    }
  });
  const auto start = std::chrono::steady_clock::now();
  const ReadResult first = reader.read(Deadline::after(300ms));
  const ReadResult second = reader.read(Deadline::after(300ms));
  const auto elapsed = std::chrono::steady_clock::now() - start;
  stop.store(true);
  writer.join();
  EXPECT_EQ(first.status, ReadResult::TooLarge);
  EXPECT_EQ(second.status, ReadResult::Timeout);
  EXPECT_LT(elapsed, 3s);
  EXPECT_GT(reader.total_discarded(), 1024u);
}

TEST(LineReader, BadFdIsAnError) {
  TestPipe pipe;
  const int fd = pipe.read_fd;
  pipe.close_read();
  LineReader reader(fd);
  const ReadResult r = reader.read(Deadline::after(5s));
  EXPECT_EQ(r.status, ReadResult::Error);
  EXPECT_EQ(r.error_number, EBADF);
}

// ---- write_all ----------------------------------------------------------------------------

TEST(WriteAll, WriteLineAddsTheNewline) {
  TestPipe pipe;
  ASSERT_EQ(write_line(pipe.write_fd, "{\"jsonrpc\":\"2.0\"}", Deadline::after(5s)), WriteStatus::Ok);
  pipe.close_write();
  EXPECT_EQ(drain(pipe.read_fd), "{\"jsonrpc\":\"2.0\"}\n");
}

TEST(WriteAll, NoReaderIsClosedAndRaisesNoSigpipe) {
  TestPipe pipe;
  pipe.close_read();
  // With the default SIGPIPE action a leaked signal would kill this test binary.
  EXPECT_EQ(write_all(pipe.write_fd, "hello\n", Deadline::after(5s)), WriteStatus::Closed);
  EXPECT_EQ(write_line(pipe.write_fd, "again", Deadline::after(5s)), WriteStatus::Closed);
  EXPECT_FALSE(sigpipe_pending());
  EXPECT_FALSE(sigpipe_blocked());
}

TEST(WriteAll, AFullPipeTimesOutOnBlockingAndNonBlockingFds) {
  for (const bool nonblocking : {false, true}) {
    TestPipe pipe(nonblocking);
    const std::string big(4 << 20, 'b');  // far more than a pipe holds
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(write_all(pipe.write_fd, big, Deadline::after(300ms)), WriteStatus::Timeout) << nonblocking;
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_GE(elapsed, 290ms);
    EXPECT_LT(elapsed, 3s);
  }
}

TEST(WriteAll, BigWriteWithAReaderCompletes) {
  TestPipe pipe;
  const std::string big(3 << 20, 'q');
  std::string got;
  std::thread reader([&] { got = drain(pipe.read_fd); });
  EXPECT_EQ(write_all(pipe.write_fd, big, Deadline::after(10s)), WriteStatus::Ok);
  pipe.close_write();
  reader.join();
  EXPECT_EQ(got.size(), big.size());
}

}  // namespace
}  // namespace ec
