// Streamable HTTP end to end inside one process: our client channel against our server, and the
// client channel against hand-written hostile servers (raw sockets, so each misbehaves exactly
// as intended). Every test also checks that no thread is left behind.
#include "transport/http_client_channel.h"
#include "transport/http_server.h"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <thread>

#include "loopback_sockets.h"

namespace ec {
namespace {

using namespace std::chrono_literals;

using test_support::connect_to_base;
using test_support::thread_count;

LoopbackUrl url_of(const std::string& text) {
  std::string error;
  auto u = parse_loopback_url(text, error);
  EXPECT_TRUE(u) << error;
  return *u;
}

ReadResult next(MessageChannel& c, std::chrono::milliseconds within = 3000ms) {
  return c.receive(Deadline::after(within));
}

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

std::string joined(const std::vector<std::string>& notes) {
  std::string out;
  for (const auto& n : notes) out += n + "\n";
  return out;
}

// SEP-1699: a server that primes every SSE stream (an id, empty data) as the TypeScript SDK does
// with resumability on. The client reads no message from the priming event and says so once per
// stream; the messages after it come through.
TEST(StreamableHttp, PrimingEventsAreNotMessages) {
  std::string error;
  HttpServerOptions options;
  options.prime_streams = true;
  auto server = HttpServer::start(options, error);
  ASSERT_TRUE(server) << error;
  HttpClientChannel client(url_of(server->url()), std::size_t{1} << 20, /*open_get_stream=*/false);
  ASSERT_TRUE(client.send(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})",
      Deadline::after(1s)));
  auto session = server->accept(Deadline::after(3s));
  ASSERT_TRUE(session);
  ReadResult r = next(*session);
  ASSERT_TRUE(session->send(R"({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}})",
                            Deadline::after(1s)));
  r = next(client);
  ASSERT_EQ(r.status, ReadResult::Line) << r.detail;
  EXPECT_TRUE(contains(r.line, R"("protocolVersion")")) << r.line;
  const std::string notes = joined(client.take_notes());
  EXPECT_TRUE(contains(notes, "SSE priming event (id \"")) << notes;
  EXPECT_EQ(next(client, 200ms).status, ReadResult::Timeout) << "the priming event is no message";
  client.close(Deadline::after(2s));
  server->stop();
}

TEST(StreamableHttp, ClientAndServerTalkThroughASession) {
  const std::size_t threads_before = thread_count();
  {
    std::string error;
    auto server = HttpServer::start({}, error);
    ASSERT_TRUE(server) << error;
    HttpClientChannel client(url_of(server->url()), 1 << 20);

    ASSERT_TRUE(client.send(
        R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25"}})",
        Deadline::after(2s)));
    auto session = server->accept(Deadline::after(2s));
    ASSERT_TRUE(session);
    ReadResult r = next(*session);
    ASSERT_EQ(r.status, ReadResult::Line);
    EXPECT_TRUE(contains(r.line, "initialize"));
    ASSERT_TRUE(session->send(R"({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}})",
                              Deadline::after(1s)));
    r = next(client);
    ASSERT_EQ(r.status, ReadResult::Line) << r.detail;
    EXPECT_TRUE(contains(r.line, R"("result")"));
    EXPECT_FALSE(client.session_id().empty());

    ASSERT_TRUE(
        client.send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", Deadline::after(1s)));
    ASSERT_EQ(next(*session).status, ReadResult::Line);

    // A tools/call whose stream carries a nested request before the response.
    ASSERT_TRUE(client.send(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t"}})",
                            Deadline::after(1s)));
    r = next(*session);
    ASSERT_TRUE(contains(r.line, "tools/call"));
    ASSERT_TRUE(session->send(R"({"jsonrpc":"2.0","id":"s1","method":"elicitation/create","params":{}})",
                              Deadline::after(1s)));
    r = next(client);
    ASSERT_EQ(r.status, ReadResult::Line) << r.detail;
    EXPECT_TRUE(contains(r.line, "elicitation/create"));
    ASSERT_TRUE(
        client.send(R"({"jsonrpc":"2.0","id":"s1","result":{"action":"cancel"}})", Deadline::after(1s)));
    r = next(*session);
    EXPECT_TRUE(contains(r.line, R"("action":"cancel")"));
    ASSERT_TRUE(session->send(R"({"jsonrpc":"2.0","id":2,"result":{"content":[]}})", Deadline::after(1s)));
    r = next(client);
    EXPECT_TRUE(contains(r.line, R"("id":2)"));

    // With no request open, a notification goes out on the GET stream.
    ASSERT_TRUE(
        session->send(R"({"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{}})",
                      Deadline::after(1s)));
    r = next(client);
    ASSERT_EQ(r.status, ReadResult::Line) << r.detail;
    EXPECT_TRUE(contains(r.line, "complete"));
    EXPECT_FALSE(client.idle()) << "the GET stream stays open: the server may write on it at any time";

    const std::string session_notes = joined(session->take_notes());
    EXPECT_FALSE(contains(session_notes, "a POST came")) << "our client sends every header the server checks";
    // What the endpoint answered at the HTTP level is in the transcript too.
    EXPECT_TRUE(contains(session_notes, "the client opened the GET stream: answered HTTP 200"))
        << session_notes;
    client.close(Deadline::after(2s));
    EXPECT_TRUE(contains(joined(client.take_notes()), "DELETE of the session: HTTP 200"));
    EXPECT_EQ(next(*session, 1000ms).status, ReadResult::Eof);
  }
  EXPECT_EQ(thread_count(), threads_before);
}

TEST(StreamableHttp, ServerRefusesRequestsOutsideASession) {
  std::string error;
  auto server = HttpServer::start({}, error);
  ASSERT_TRUE(server) << error;
  HttpClientChannel client(url_of(server->url()), 1 << 20);
  ASSERT_TRUE(client.send(R"({"jsonrpc":"2.0","id":5,"method":"tools/list"})", Deadline::after(1s)));
  const ReadResult r = next(client);
  ASSERT_EQ(r.status, ReadResult::Error);
  EXPECT_TRUE(contains(r.detail, "HTTP 400")) << r.detail;
  EXPECT_TRUE(contains(r.detail, "Mcp-Session-Id")) << r.detail;
}

TEST(StreamableHttp, UrlTrapSeesFetchesOnTheSameListener) {
  std::string error;
  auto server = HttpServer::start({}, error);
  ASSERT_TRUE(server) << error;
  HttpClientChannel fetch(url_of(server->base() + "/connect?e=1"), 1 << 20);
  fetch.send(R"({"jsonrpc":"2.0","method":"notifications/x"})", Deadline::after(1s));  // a POST: not a fetch
  next(fetch, 300ms);
  EXPECT_TRUE(server->trap_requests().empty());
  const int fd = connect_to_base(server->base());
  ASSERT_GE(fd, 0);
  const std::string get = "GET /connect?e=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  ASSERT_EQ(::send(fd, get.data(), get.size(), MSG_NOSIGNAL), static_cast<ssize_t>(get.size()));
  char buf[512];
  pollfd p{fd, POLLIN, 0};
  ASSERT_GT(::poll(&p, 1, 2000), 0);
  EXPECT_GT(::recv(fd, buf, sizeof buf, 0), 0);
  ::close(fd);
  EXPECT_EQ(server->trap_requests(), std::vector<std::string>{"/connect?e=1"});
}

// A raw connection to `server`, or -1.
int connect_to(const HttpServer& server) { return connect_to_base(server.base()); }

bool send_text(int fd, const std::string& text) {
  return ::send(fd, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
}

// What the server sent before it closed the connection, waiting at most `within`.
std::string read_until_closed(int fd, std::chrono::milliseconds within) {
  std::string out;
  const Deadline until = Deadline::after(within);
  char buf[4096];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, until.poll_timeout()) <= 0) return out + "(still open)";
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) return out;
    out.append(buf, static_cast<std::size_t>(n));
  }
}

// A client that trickles a request head, a byte at a time, each well within the per-read
// timeout: the request's own deadline ends it (before, it held a worker as long as it trickled).
TEST(StreamableHttpUntrustedClients, TricklingRequestMeetsItsDeadline) {
  HttpServerOptions options;
  options.request_timeout = 300ms;
  std::string error;
  auto server = HttpServer::start(options, error);
  ASSERT_TRUE(server) << error;
  const int fd = connect_to(*server);
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(send_text(fd, "POST /mcp HTTP/1.1\r\nHost: x\r\nX-Slow: "));
  const auto t0 = std::chrono::steady_clock::now();
  bool closed = false;
  while (!closed && std::chrono::steady_clock::now() - t0 < 5s) {
    closed = !send_text(fd, "x");
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 50) > 0) {
      char buf[512];
      closed = ::recv(fd, buf, sizeof buf, 0) <= 0 || closed;
    }
  }
  EXPECT_TRUE(closed);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 3s);
  ::close(fd);
}

// stop() ends every connection at once, whatever its client is doing.
TEST(StreamableHttpUntrustedClients, StopDoesNotWaitForATrickler) {
  const std::size_t threads_before = thread_count();
  std::string error;
  auto server = HttpServer::start({}, error);  // the default request deadline: 10 s
  ASSERT_TRUE(server) << error;
  const int fd = connect_to(*server);
  ASSERT_GE(fd, 0);
  ASSERT_TRUE(send_text(fd, "POST /mcp HTTP/1.1\r\nHost: x\r\nX-Slow: "));
  std::atomic<bool> stop{false};
  std::thread trickler([&] {
    while (!stop && send_text(fd, "x")) std::this_thread::sleep_for(20ms);
  });
  std::this_thread::sleep_for(200ms);
  const auto t0 = std::chrono::steady_clock::now();
  server->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1500ms);
  stop = true;
  trickler.join();
  ::close(fd);
  server.reset();
  EXPECT_LE(thread_count(), threads_before);
}

// A chunked body that goes on past the message limit is refused with 413 once the limit is read:
// cpp-httplib's own body reading would have kept it all.
TEST(StreamableHttpUntrustedClients, ChunkedBodyOverTheLimitIs413) {
  HttpServerOptions options;
  options.max_message_bytes = 64 << 10;
  std::string error;
  auto server = HttpServer::start(options, error);
  ASSERT_TRUE(server) << error;
  for (const char* path : {"/mcp", "/elsewhere"}) {
    // (cpp-httplib reads no body for DELETE at all: its bytes read as the next request, refused.)
    for (const char* method : {"POST", "PUT", "PATCH"}) {
      const int fd = connect_to(*server);
      ASSERT_GE(fd, 0);
      ASSERT_TRUE(send_text(fd, std::string(method) + " " + path +
                                    " HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"));
      const std::string chunk = "1000\r\n" + std::string(4096, ' ') + "\r\n";
      for (int i = 0; i < 40 && send_text(fd, chunk); ++i) {
      }
      const std::string answer = read_until_closed(fd, 3000ms);
      EXPECT_EQ(answer.rfind("HTTP/1.1 413", 0), 0u)
          << method << " " << path << ": " << answer.substr(0, 200);
      ::close(fd);
    }
  }
}

// 2026-07-28: no initialize, no session. A request whose _meta names the version goes to one
// implicit session; the answer comes back on the request's own POST as application/json, with
// 400 for the errors the spec sends with 400, and the header the POST carried reaches the reader.
constexpr const char* kModernMeta =
    R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}})";

TEST(StreamableHttpModern, RequestsNeedNoSessionAndEachAnswerHasItsStatus) {
  const std::size_t threads_before = thread_count();
  {
    std::string error;
    auto server = HttpServer::start({}, error);
    ASSERT_TRUE(server) << error;
    HttpClientChannel client(url_of(server->url()), 1 << 20);
    ASSERT_TRUE(client.send(
        std::string(R"({"jsonrpc":"2.0","id":1,"method":"server/discover","params":{)") + kModernMeta + "}}",
        Deadline::after(1s)));
    auto session = server->accept(Deadline::after(2s));
    ASSERT_TRUE(session) << "the first modern POST opens the implicit session";
    ReadResult r = next(*session);
    ASSERT_EQ(r.status, ReadResult::Line);
    EXPECT_TRUE(r.http_post);
    ASSERT_TRUE(r.http_version_header);
    EXPECT_EQ(*r.http_version_header, "2026-07-28") << "the header is the _meta version";
    ASSERT_TRUE(
        session->send(R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete"}})", Deadline::after(1s)));
    r = next(client);
    ASSERT_EQ(r.status, ReadResult::Line) << r.detail;
    EXPECT_EQ(r.http_status, 200);
    EXPECT_TRUE(client.session_id().empty());
    // Answered and its connection closed, with no GET stream: nothing can come until we send
    // again (what lets a check on this wire stop waiting).
    for (int i = 0; i < 200 && !client.idle(); ++i) client.receive(Deadline::after(5ms));
    EXPECT_TRUE(client.idle());

    // An error the spec sends with 400: the client reads the response and its status.
    ASSERT_TRUE(
        client.send(std::string(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t",)") +
                        kModernMeta + "}}",
                    Deadline::after(1s)));
    r = next(*session);
    ASSERT_TRUE(contains(r.line, "tools/call")) << r.line;
    EXPECT_FALSE(client.idle()) << "a request is open";
    ASSERT_TRUE(
        session->send(R"({"jsonrpc":"2.0","id":2,"error":{"code":-32021,"message":"no elicitation"}})",
                      Deadline::after(1s)));
    r = next(client);
    ASSERT_EQ(r.status, ReadResult::Line) << r.detail;
    EXPECT_EQ(r.http_status, 400);
    EXPECT_TRUE(contains(r.line, "-32021")) << r.line;

    // Something sent before the response: the answer is an event stream instead.
    ASSERT_TRUE(
        client.send(std::string(R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t",)") +
                        kModernMeta + "}}",
                    Deadline::after(1s)));
    ASSERT_EQ(next(*session).status, ReadResult::Line);
    ASSERT_TRUE(session->send(R"({"jsonrpc":"2.0","method":"notifications/progress","params":{}})",
                              Deadline::after(1s)));
    ASSERT_TRUE(
        session->send(R"({"jsonrpc":"2.0","id":3,"result":{"resultType":"complete"}})", Deadline::after(1s)));
    r = next(client);
    EXPECT_TRUE(contains(r.line, "notifications/progress")) << r.line;
    r = next(client);
    EXPECT_TRUE(contains(r.line, R"("id":3)")) << r.line;
    client.close(Deadline::after(1s));
    EXPECT_FALSE(contains(joined(client.take_notes()), "DELETE")) << "no session, nothing to end";
    server->stop();
  }
  EXPECT_EQ(thread_count(), threads_before);
}

// Raw POSTs: the header the spec requires, a mismatch refused by a server that validates, and
// the same request delivered (with its header) to a reader that judges it instead.
std::string modern_post(const HttpServer& server, const std::string& header_line, const std::string& body) {
  const int fd = connect_to(server);
  EXPECT_GE(fd, 0);
  send_text(fd,
            "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
            "Accept: application/json, text/event-stream\r\n" +
                header_line + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  std::string answer = read_until_closed(fd, 3000ms);
  ::close(fd);
  return answer;
}

// 2026-07-28 has no GET stream and no sessions: a server of that revision only answers an older
// client's GET or DELETE with 405 (SHOULD); a server that also serves the initialize-based wire
// keeps serving them there.
TEST(StreamableHttpModern, GetAndDeleteOnAModernOnlyEndpointAre405) {
  const auto raw = [](const HttpServer& server, const std::string& method) {
    const int fd = connect_to(server);
    EXPECT_GE(fd, 0);
    send_text(fd, method +
                      " /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                      "Accept: text/event-stream\r\nMcp-Session-Id: s-1\r\nContent-Length: 0\r\n\r\n");
    std::string answer = read_until_closed(fd, 3000ms);
    ::close(fd);
    return answer;
  };
  std::string error;
  HttpServerOptions modern_only;
  modern_only.legacy = false;
  auto server = HttpServer::start(modern_only, error);
  ASSERT_TRUE(server) << error;
  for (const std::string method : {"GET", "DELETE"}) {
    const std::string answer = raw(*server, method);
    EXPECT_TRUE(answer.starts_with("HTTP/1.1 405")) << method << ": " << answer.substr(0, 200);
    EXPECT_TRUE(contains(answer, "Allow: POST")) << answer.substr(0, 300);
  }
  server->stop();

  auto both = HttpServer::start({}, error);
  ASSERT_TRUE(both) << error;
  EXPECT_FALSE(raw(*both, "GET").starts_with("HTTP/1.1 405")) << "the initialize-based wire has a GET stream";
  both->stop();
}

// A client of the modern wire sends no JSON-RPC response (a server of that wire sends it no
// request), yet one that answers a notification POSTs one: a modern-only endpoint refuses the POST
// with 400 and hands the response to the reader, which judges it as it would on stdio (not a
// session of the older wire refusing it unseen).
TEST(StreamableHttpModern, AResponseIsRefusedAndStillReachesTheReader) {
  std::string error;
  HttpServerOptions modern_only;
  modern_only.legacy = false;
  auto server = HttpServer::start(modern_only, error);
  ASSERT_TRUE(server) << error;
  const std::string response =
      R"({"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found"}})";
  std::thread poster([&] {
    const std::string answer = modern_post(*server, "MCP-Protocol-Version: 2026-07-28\r\n", response);
    EXPECT_TRUE(answer.starts_with("HTTP/1.1 400")) << answer;
    EXPECT_TRUE(contains(answer, "-32600")) << answer;
  });
  auto session = server->accept(Deadline::after(2s));
  ASSERT_TRUE(session) << "the response reaches a reader";
  const ReadResult r = next(*session);
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, response);
  EXPECT_TRUE(
      contains(joined(session->take_notes()), "a POST of a response: delivered, and answered HTTP 400"));
  poster.join();
  EXPECT_TRUE(server->refused_posts().empty()) << "delivered, not kept as refused";
  server->stop();
}

TEST(StreamableHttpModern, HeaderMismatchIsRefusedOrDeliveredAsAsked) {
  const std::string body =
      std::string(R"({"jsonrpc":"2.0","id":7,"method":"tools/list","params":{)") + kModernMeta + "}}";
  {
    std::string error;
    HttpServerOptions options;
    options.reject_header_mismatch = true;
    auto server = HttpServer::start(options, error);
    ASSERT_TRUE(server) << error;
    std::string answer = modern_post(*server, "MCP-Protocol-Version: 2025-11-25\r\n", body);
    EXPECT_TRUE(contains(answer, "HTTP/1.1 400")) << answer;
    EXPECT_TRUE(contains(answer, R"("code":-32020)")) << answer;
    EXPECT_TRUE(contains(answer, R"("id":7)")) << answer;
    answer = modern_post(*server, "", body);
    EXPECT_TRUE(contains(answer, "HTTP/1.1 400") && contains(answer, "-32020"))
        << "a missing header too: " << answer;
    EXPECT_FALSE(server->accept(Deadline::after(100ms))) << "refused requests reach no reader";
    const std::vector<RefusedPost> refused = server->refused_posts();
    ASSERT_EQ(refused.size(), 2u);
    EXPECT_EQ(refused[1].body, body);
    EXPECT_TRUE(contains(refused[1].answer, "-32020")) << refused[1].answer;
  }
  {
    std::string error;
    auto server = HttpServer::start({}, error);
    ASSERT_TRUE(server) << error;
    std::thread poster([&] { modern_post(*server, "MCP-Protocol-Version: 2025-11-25\r\n", body); });
    auto session = server->accept(Deadline::after(2s));
    ASSERT_TRUE(session);
    const ReadResult r = next(*session);
    ASSERT_EQ(r.status, ReadResult::Line);
    ASSERT_TRUE(r.http_version_header);
    EXPECT_EQ(*r.http_version_header, "2025-11-25");
    EXPECT_TRUE(contains(joined(session->take_notes()), "while its _meta names 2026-07-28"));
    session->send(R"({"jsonrpc":"2.0","id":7,"result":{}})", Deadline::after(1s));
    poster.join();
    server->stop();
  }
}

// A POST the endpoint refuses reaches no session, yet may be all a client did (a dual-era
// client's modern probe, refused by a legacy endpoint): refused_posts() keeps it and our answer,
// the first RefusedPost::kMaxKept of them, each body cut to RefusedPost::kMaxBodyBytes.
TEST(StreamableHttp, RefusedPostsAreKeptBounded) {
  HttpServerOptions options;
  options.modern = false;  // a legacy endpoint: a modern request without a session is refused
  std::string error;
  auto server = HttpServer::start(options, error);
  ASSERT_TRUE(server) << error;
  HttpClientChannel client(url_of(server->url()), 1 << 20);
  const std::string probe =
      std::string(R"({"jsonrpc":"2.0","id":"p","method":"server/discover","params":{)") + kModernMeta + "}}";
  ASSERT_TRUE(client.send(probe, Deadline::after(1s)));
  while (next(client).status == ReadResult::Line) {
  }
  std::vector<RefusedPost> refused = server->refused_posts();
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_EQ(refused[0].body, probe);
  EXPECT_FALSE(refused[0].cut);
  EXPECT_EQ(refused[0].status, 400);
  EXPECT_TRUE(contains(refused[0].answer, R"("code":-32600)")) << refused[0].answer;
  EXPECT_FALSE(server->accept(Deadline::after(50ms))) << "a refused POST opens no session";

  // A large body is kept cut; past the count nothing more is kept.
  const std::string large = R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"pad":")" +
                            std::string(RefusedPost::kMaxBodyBytes, 'x') + R"("}})";
  EXPECT_TRUE(contains(modern_post(*server, "", large), "HTTP/1.1 400"));
  for (std::size_t i = 0; i < RefusedPost::kMaxKept + 4; ++i) modern_post(*server, "", probe);
  refused = server->refused_posts();
  ASSERT_EQ(refused.size(), RefusedPost::kMaxKept);
  EXPECT_EQ(refused[1].body, large.substr(0, RefusedPost::kMaxBodyBytes));
  EXPECT_TRUE(refused[1].cut);
  server->stop();
}

// Two requests of the same id at once (two clients, no session to tell them apart): the second
// waits until the first is answered, so each answer finds its own POST.
TEST(StreamableHttpModern, SameIdWaitsForTheFirstAnswer) {
  std::string error;
  auto server = HttpServer::start({}, error);
  ASSERT_TRUE(server) << error;
  const std::string body =
      std::string(R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{)") + kModernMeta + "}}";
  std::string first, second;
  std::thread a([&] { first = modern_post(*server, "MCP-Protocol-Version: 2026-07-28\r\n", body); });
  auto session = server->accept(Deadline::after(2s));
  ASSERT_TRUE(session);
  ASSERT_EQ(next(*session).status, ReadResult::Line);
  std::thread b([&] { second = modern_post(*server, "MCP-Protocol-Version: 2026-07-28\r\n", body); });
  EXPECT_EQ(next(*session, 300ms).status, ReadResult::Timeout) << "the second waits";
  session->send(R"({"jsonrpc":"2.0","id":1,"result":{"n":"first"}})", Deadline::after(1s));
  ASSERT_EQ(next(*session).status, ReadResult::Line);
  session->send(R"({"jsonrpc":"2.0","id":1,"result":{"n":"second"}})", Deadline::after(1s));
  a.join();
  b.join();
  EXPECT_TRUE(contains(first, R"("n":"first")")) << first;
  EXPECT_TRUE(contains(second, R"("n":"second")")) << second;
  server->stop();
}

// The client channel on the modern wire: the request metadata headers, a name outside the safe
// set in the Base64 sentinel form, and the reference client's header overrides.
TEST(StreamableHttpModern, ClientSendsTheRequestMetadataHeaders) {
  // A one-shot raw server that records the request head.
  const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  ASSERT_EQ(::listen(listener, 4), 0);
  socklen_t len = sizeof addr;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&addr), &len);
  const std::string url = "http://127.0.0.1:" + std::to_string(ntohs(addr.sin_port)) + "/mcp";
  const auto head_of_next_post = [&] {
    const int fd = ::accept(listener, nullptr, nullptr);
    std::string head;
    char buf[4096];
    while (!contains(head, "\r\n\r\n")) {
      const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n <= 0) break;
      head.append(buf, static_cast<std::size_t>(n));
    }
    const std::string reply = "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    send_text(fd, reply);
    ::close(fd);
    return head;
  };
  HttpClientChannel client(url_of(url), 1 << 20);
  std::string head;
  std::thread t([&] { head = head_of_next_post(); });
  ASSERT_TRUE(client.send(
      std::string(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":" padded ",)") +
          kModernMeta + "}}",
      Deadline::after(2s)));
  t.join();
  EXPECT_TRUE(contains(head, "MCP-Protocol-Version: 2026-07-28\r\n")) << head;
  EXPECT_TRUE(contains(head, "Mcp-Method: tools/call\r\n")) << head;
  EXPECT_TRUE(contains(head, "Mcp-Name: =?base64?IHBhZGRlZCA=?=\r\n")) << head;  // the spec's own example
  EXPECT_FALSE(contains(head, "Mcp-Session-Id")) << head;

  client.override_version_header("");
  t = std::thread([&] { head = head_of_next_post(); });
  ASSERT_TRUE(client.send(
      std::string(R"({"jsonrpc":"2.0","id":2,"method":"tools/list","params":{)") + kModernMeta + "}}",
      Deadline::after(2s)));
  t.join();
  EXPECT_FALSE(contains(head, "MCP-Protocol-Version")) << head;
  EXPECT_FALSE(contains(head, "Mcp-Name")) << "tools/list has no name: " << head;
  client.override_version_header(std::nullopt);
  t = std::thread([&] { head = head_of_next_post(); });
  ASSERT_TRUE(client.send(
      std::string(R"({"jsonrpc":"2.0","id":3,"method":"tools/list","params":{)") + kModernMeta + "}}",
      Deadline::after(2s)));
  t.join();
  EXPECT_TRUE(contains(head, "MCP-Protocol-Version: 2026-07-28\r\n")) << head;
  ::close(listener);
}

TEST(StreamableHttp, StoppingDoesNotWaitForOpenStreams) {
  const std::size_t threads_before = thread_count();
  std::string error;
  auto server = HttpServer::start({}, error);
  ASSERT_TRUE(server) << error;
  HttpClientChannel client(url_of(server->url()), 1 << 20);
  client.send(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})", Deadline::after(1s));
  auto session = server->accept(Deadline::after(2s));
  ASSERT_TRUE(session);
  next(*session);
  session->send(R"({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25"}})", Deadline::after(1s));
  next(client);
  client.send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})", Deadline::after(1s));  // opens GET
  client.send(R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{}})",
              Deadline::after(1s));  // never answered
  next(*session);
  next(*session);
  const auto t0 = std::chrono::steady_clock::now();
  server->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1500ms);
  EXPECT_EQ(next(*session, 100ms).status, ReadResult::Eof);
  const ReadResult r = next(client);
  EXPECT_EQ(r.status, ReadResult::Error);
  EXPECT_TRUE(contains(r.detail, "before the response to request 2")) << r.detail;
  server.reset();
  session.reset();
  EXPECT_EQ(thread_count(), threads_before);
}

// A server that answers every connection with `reply` (then does what `after` says).
class RawServer {
 public:
  explicit RawServer(std::function<void(int fd)> behave) : behave_(std::move(behave)) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd_, 8) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0)
      ADD_FAILURE() << "the raw server cannot listen on loopback";
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] {
      while (!stop_) {
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, 20) <= 0) continue;
        const int c = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (c < 0) continue;
        char buf[4096];
        pollfd q{c, POLLIN, 0};
        if (::poll(&q, 1, 1000) > 0) [[maybe_unused]]
          auto n = ::recv(c, buf, sizeof buf, 0);
        behave_(c);
        ::close(c);
      }
    });
  }
  ~RawServer() {
    stop_ = true;
    thread_.join();
    ::close(fd_);
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/mcp"; }
  static void put(int fd, const std::string& s) {
    [[maybe_unused]] auto n = ::send(fd, s.data(), s.size(), MSG_NOSIGNAL);
  }
  std::atomic<bool> stop_{false};

 private:
  std::function<void(int)> behave_;
  int fd_;
  int port_ = 0;
  std::thread thread_;
};

ReadResult ask(const RawServer& server, std::size_t max_bytes = 1 << 20) {
  HttpClientChannel client(url_of(server.url()), max_bytes);
  EXPECT_TRUE(
      client.send(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})", Deadline::after(1s)));
  return client.receive(Deadline::after(2s));
}

TEST(StreamableHttpHostile, ErrorPageIsAnErrorNamingTheStatus) {
  RawServer server([](int fd) {
    RawServer::put(
        fd, "HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/html\r\n\r\n<html><b>oops</b></html>");
  });
  const ReadResult r = ask(server);
  ASSERT_EQ(r.status, ReadResult::Error);
  EXPECT_TRUE(contains(r.detail, "HTTP 500 Internal Server Error (text/html): <html><b>oops")) << r.detail;
}

TEST(StreamableHttpHostile, HtmlWithStatus200IsAnError) {
  RawServer server([](int fd) {
    RawServer::put(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 4\r\n\r\nhi!!");
  });
  const ReadResult r = ask(server);
  ASSERT_EQ(r.status, ReadResult::Error);
  EXPECT_TRUE(contains(r.detail, "Content-Type \"text/html\"")) << r.detail;
}

TEST(StreamableHttpHostile, RedirectIsNotFollowed) {
  RawServer server([](int fd) {
    RawServer::put(
        fd,
        "HTTP/1.1 307 Temporary Redirect\r\nLocation: http://example.com/mcp\r\nContent-Length: 0\r\n\r\n");
  });
  const ReadResult r = ask(server);
  ASSERT_EQ(r.status, ReadResult::Error);
  EXPECT_TRUE(contains(r.detail, "follows no redirects")) << r.detail;
  EXPECT_TRUE(contains(r.detail, "http://example.com/mcp")) << r.detail;
}

TEST(StreamableHttpHostile, DroppedMidEvent) {
  RawServer server([](int fd) {
    RawServer::put(fd,
                   "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: {\"jsonrpc\":\"2.0\",");
  });
  const ReadResult r = ask(server);
  ASSERT_EQ(r.status, ReadResult::Error);
  EXPECT_TRUE(contains(r.detail, "in the middle of an event")) << r.detail;
}

TEST(StreamableHttpHostile, OversizedEventIsTooLargeThenTheStreamGoesOn) {
  RawServer server([](int fd) {
    RawServer::put(
        fd, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: " + std::string(5000, 'x') +
                "\n\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n");
  });
  HttpClientChannel client(url_of(server.url()), 1000);
  client.send(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})", Deadline::after(1s));
  ReadResult r = client.receive(Deadline::after(2s));
  EXPECT_EQ(r.status, ReadResult::TooLarge);
  r = client.receive(Deadline::after(2s));
  EXPECT_EQ(r.status, ReadResult::Line);
}

TEST(StreamableHttpHostile, EndlessStreamDoesNotHoldTheReader) {
  std::atomic<bool> stop{false};
  RawServer server([&](int fd) {
    RawServer::put(fd, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n");
    while (!stop) {
      RawServer::put(fd, ": tick\n\n");  // comments forever, never the response
      std::this_thread::sleep_for(5ms);
    }
  });
  const auto t0 = std::chrono::steady_clock::now();
  {
    HttpClientChannel client(url_of(server.url()), 1 << 20);
    client.send(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})", Deadline::after(1s));
    EXPECT_EQ(client.receive(Deadline::after(300ms)).status, ReadResult::Timeout);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - t0, 1500ms);
  stop = true;
}

TEST(StreamableHttpHostile, GarbageInsteadOfHttp) {
  RawServer server([](int fd) { RawServer::put(fd, "\xff\xfe not http at all\r\n\r\n"); });
  const ReadResult r = ask(server);
  ASSERT_EQ(r.status, ReadResult::Error);
  EXPECT_TRUE(contains(r.detail, "not an HTTP/1.x response")) << r.detail;
}

TEST(StreamableHttpHostile, NobodyListening) {
  HttpClientChannel client(url_of("http://127.0.0.1:1/mcp"), 1 << 20);
  EXPECT_FALSE(client.send(R"({"jsonrpc":"2.0","id":1,"method":"initialize"})", Deadline::after(1s)));
  EXPECT_TRUE(contains(joined(client.take_notes()), "cannot connect"));
}

}  // namespace
}  // namespace ec
