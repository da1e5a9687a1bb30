// The HTTP/1.1 response parser: framings, split points, and what an untrusted server can get wrong.
#include "transport/http_response_parser.h"

#include <gtest/gtest.h>

#include <string>

namespace ec {
namespace {

struct Parsed {
  HttpResponseParser::State state;
  std::string body;
  std::string error;
  HttpHead head;
};

Parsed parse(std::string_view response, bool close = true, std::size_t cut = std::string::npos) {
  HttpResponseParser p;
  std::string body;
  if (cut == std::string::npos) {
    p.feed(response, body);
  } else {
    p.feed(response.substr(0, cut), body);
    p.feed(response.substr(cut), body);
  }
  if (close) p.finish();
  return {p.state(), body, p.error(), p.head()};
}

TEST(HttpResponse, ContentLengthBodyAndHeaders) {
  const auto r = parse(
      "HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n"
      "Mcp-Session-Id:  abc \r\nContent-Length: 7\r\n\r\n{\"a\":1}trailing junk");
  EXPECT_EQ(r.state, HttpResponseParser::State::Done);
  EXPECT_EQ(r.body, "{\"a\":1}");
  EXPECT_EQ(r.head.status, 200);
  EXPECT_EQ(r.head.media_type(), "application/json");
  EXPECT_EQ(r.head.header("mcp-session-id"), "abc");
}

TEST(HttpResponse, ChunkedBodyAtEverySplit) {
  const std::string response =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
      "5\r\ndata:\r\n1a;ext=1\r\n {\"jsonrpc\":\"2.0\",\"id\":1}\n\r\n0\r\nX-Trailer: t\r\n\r\n";
  for (std::size_t cut = 0; cut <= response.size(); ++cut) {
    const auto r = parse(response, false, cut);
    ASSERT_EQ(r.state, HttpResponseParser::State::Done) << "cut " << cut << ": " << r.error;
    EXPECT_EQ(r.body, "data: {\"jsonrpc\":\"2.0\",\"id\":1}\n") << "cut " << cut;
  }
}

TEST(HttpResponse, BodyUntilCloseAndInterimResponses) {
  const auto r =
      parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.0 200 OK\nContent-Type: text/html\n\n<html>hi</html>");
  EXPECT_EQ(r.state, HttpResponseParser::State::Done);
  EXPECT_EQ(r.head.status, 200);
  EXPECT_EQ(r.head.media_type(), "text/html");
  EXPECT_EQ(r.body, "<html>hi</html>");
}

TEST(HttpResponse, AcceptedHasNoBody) {
  EXPECT_EQ(parse("HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n", false).state,
            HttpResponseParser::State::Done);
  EXPECT_EQ(parse("HTTP/1.1 204 No Content\r\n\r\n", false).state, HttpResponseParser::State::Done);
}

TEST(HttpResponse, CutShortIsAnErrorThatSaysWhere) {
  EXPECT_NE(parse("").error.find("without a response"), std::string::npos);
  EXPECT_NE(parse("HTTP/1.1 200 OK\r\nContent-").error.find("middle of the response head"),
            std::string::npos);
  EXPECT_NE(parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc").error.find("Content-Length"),
            std::string::npos);
  EXPECT_NE(parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab").error.find("chunked"),
            std::string::npos);
}

TEST(HttpResponse, GarbageIsAnError) {
  for (const char* bad :
       {"SSH-2.0-OpenSSH\r\n\r\n", "HTTP/1.1 2x0 OK\r\n\r\n", "HTTP/2 200\r\n\r\n",
        "HTTP/1.1 000 Zero\r\n\r\n", "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n"}) {
    const auto r = parse(bad);
    EXPECT_EQ(r.state, HttpResponseParser::State::Error) << bad;
    EXPECT_FALSE(r.error.empty()) << bad;
  }
}

TEST(HttpResponse, AHugeHeadIsRefusedWithoutKeepingIt) {
  HttpResponseParser p(false, 1024);
  std::string body;
  p.feed("HTTP/1.1 200 OK\r\n", body);
  for (int i = 0; i < 100 && p.state() == HttpResponseParser::State::Head; ++i)
    p.feed("X-Pad: " + std::string(100, 'p') + "\r\n", body);
  EXPECT_EQ(p.state(), HttpResponseParser::State::Error);
  EXPECT_NE(p.error().find("over 1024 bytes"), std::string::npos);
}

TEST(HttpResponse, AnEndlessChunkedStreamIsPassedThrough) {
  HttpResponseParser p;
  std::string body;
  p.feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", body);
  for (int i = 0; i < 1000; ++i) p.feed("3\r\n:\n\n\r\n", body);
  EXPECT_EQ(p.state(), HttpResponseParser::State::Body);
  EXPECT_EQ(body.size(), 3000u);
}

}  // namespace
}  // namespace ec
