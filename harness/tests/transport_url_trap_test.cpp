// The stdio URL trap: what a client fetches is recorded, whatever it sends, and the trap ends
// with nothing left behind, however long a client holds its connection.
#include "transport/url_trap.h"

#include <gtest/gtest.h>

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>

#include "loopback_sockets.h"

namespace ec {
namespace {

using test_support::connect_to_base;
using test_support::thread_count;

// Sends `request` on a new connection and waits for the trap's answer (or its close).
std::string fetch(const UrlTrap& trap, const std::string& request) {
  const int fd = connect_to_base(trap.base());
  EXPECT_GE(fd, 0);
  if (fd < 0) return "";
  EXPECT_EQ(::send(fd, request.data(), request.size(), MSG_NOSIGNAL), static_cast<ssize_t>(request.size()));
  std::string answer;
  char buf[512];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 3000) <= 0) break;
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    answer.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return answer;
}

TEST(UrlTrap, ListensOnLoopbackOnly) {
  std::string error;
  UrlTrap trap(error);
  ASSERT_FALSE(trap.base().empty()) << error;
  EXPECT_EQ(trap.base().rfind("http://127.0.0.1:", 0), 0u) << trap.base();
}

TEST(UrlTrap, RecordsEveryFetchInOrder) {
  std::string error;
  UrlTrap trap(error);
  ASSERT_FALSE(trap.base().empty()) << error;
  EXPECT_TRUE(trap.requests().empty());
  const std::string ok = fetch(trap, "GET /connect?e=e-1 HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(ok.rfind("HTTP/1.1 200", 0), 0u) << ok;
  fetch(trap, "HEAD /other HTTP/1.1\r\nHost: x\r\n\r\n");
  fetch(trap, "POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}");
  EXPECT_EQ(trap.requests(), (std::vector<std::string>{"/connect?e=e-1", "/other", "/form"}));
}

TEST(UrlTrap, ARequestThatIsNotHttpIsStillAFetch) {
  std::string error;
  UrlTrap trap(error);
  ASSERT_FALSE(trap.base().empty()) << error;
  fetch(trap, "\x01\x02 garbage\r\n\r\n");
  ASSERT_EQ(trap.requests().size(), 1u);
}

TEST(UrlTrap, KeepsAtMost256Requests) {
  std::string error;
  UrlTrap trap(error);
  ASSERT_FALSE(trap.base().empty()) << error;
  for (int i = 0; i < 260; ++i) fetch(trap, "GET /n" + std::to_string(i) + " HTTP/1.1\r\nHost: x\r\n\r\n");
  const auto seen = trap.requests();
  ASSERT_EQ(seen.size(), 256u);
  EXPECT_EQ(seen.front(), "/n0");
  EXPECT_EQ(seen.back(), "/n255");
}

TEST(UrlTrap, EndsWhileAClientHoldsAHalfSentRequest) {
  const std::size_t before = thread_count();
  int held = -1;
  {
    std::string error;
    UrlTrap trap(error);
    ASSERT_FALSE(trap.base().empty()) << error;
    held = connect_to_base(trap.base());
    ASSERT_GE(held, 0);
    const std::string partial = "GET /slow HTTP/1.1\r\nHost:";
    ASSERT_GT(::send(held, partial.data(), partial.size(), MSG_NOSIGNAL), 0);
  }
  ::close(held);
  EXPECT_EQ(thread_count(), before);
}

}  // namespace
}  // namespace ec
