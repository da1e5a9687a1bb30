// Which URLs the harness agrees to connect to: loopback http:// only.
#include "transport/loopback_url.h"

#include <gtest/gtest.h>

namespace ec {
namespace {

TEST(LoopbackUrl, AcceptsLoopbackHosts) {
  std::string error;
  auto u = parse_loopback_url("http://127.0.0.1:8080/mcp", error);
  ASSERT_TRUE(u) << error;
  EXPECT_EQ(u->port, 8080);
  EXPECT_EQ(u->target, "/mcp");
  EXPECT_FALSE(u->ipv6);
  u = parse_loopback_url("HTTP://LocalHost:3000", error);
  ASSERT_TRUE(u) << error;
  EXPECT_EQ(u->host, "localhost");
  EXPECT_EQ(u->target, "/");
  u = parse_loopback_url("http://[::1]:9/a/b?x=1#frag", error);
  ASSERT_TRUE(u) << error;
  EXPECT_TRUE(u->ipv6);
  EXPECT_EQ(u->target, "/a/b?x=1");
  EXPECT_EQ(u->text(), "http://[::1]:9/a/b?x=1");
  u = parse_loopback_url("http://127.0.0.1", error);
  ASSERT_TRUE(u);
  EXPECT_EQ(u->port, 80);
}

TEST(LoopbackUrl, RefusesEverythingElseWithAReason) {
  for (const char* bad :
       {"https://127.0.0.1:1/mcp", "http://example.com/mcp", "http://10.0.0.1:80/", "http://0.0.0.0:1/",
        "http://127.0.0.1.evil.com/", "http://user@127.0.0.1:1/", "http://127.0.0.1:99999/",
        "http://127.0.0.1:x/", "ftp://127.0.0.1/", "127.0.0.1:8080", "http://[::2]:1/", "http://[::1]x/"}) {
    std::string error;
    EXPECT_FALSE(parse_loopback_url(bad, error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

// What is accepted goes into the request line as written: CR/LF would inject headers.
TEST(LoopbackUrl, RefusesControlsSpacesAndNonAscii) {
  for (const std::string& bad :
       {std::string("http://127.0.0.1:1/mcp\r\nX-Injected: 1"), std::string("http://127.0.0.1:1/m cp"),
        std::string("http://127.0.0.1:1/mcp\x1b[2J"), std::string("http://127.0.0.1:1/\tx"),
        std::string("http://127.0.0.1:1/\xc3\xa9"), std::string("http://127.0.0.1:1/a\0b", 22),
        std::string("http://127.0.0.1\n:1/"), std::string("http://127.0.0.1:1/\x7f")}) {
    std::string error;
    EXPECT_FALSE(parse_loopback_url(bad, error)) << bad;
    EXPECT_NE(error.find("percent-encoded"), std::string::npos) << error;
  }
  std::string error;
  EXPECT_TRUE(parse_loopback_url("http://127.0.0.1:1/m%20cp?a=%0D%0A", error)) << error;
}

}  // namespace
}  // namespace ec
