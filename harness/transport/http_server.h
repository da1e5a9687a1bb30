// The server side of Streamable HTTP: one MCP endpoint on 127.0.0.1 with an ephemeral port
// (loopback only, never 0.0.0.0), built on cpp-httplib. Used by the harness when the SUT is a
// client (`client --transport http`) and by the reference server's `--listen`.
//
// Sessions: a POST of initialize without Mcp-Session-Id opens one (a random id in the answer's
// header); every later request must carry it (400 without, 404 for an unknown or ended one);
// DELETE ends it. accept() hands out each new session as a MessageChannel.
// Messages: a POSTed request is answered with a text/event-stream that stays open until the
// session answers that request; a POSTed notification or response gets 202 Accepted. What the
// session sends that is not a response (an elicitation/create, a notification) goes out on the
// stream of an open tools/call (the request it belongs to), else of any open request, else on
// the GET stream, else waits for one of them.
// The modern wire (2026-07-28, "Streamable HTTP" of that revision: no sessions, no GET stream):
// a POST whose JSON-RPC message names a protocol version in params._meta needs no
// Mcp-Session-Id (one is ignored) and no initialize. Every such POST goes to one implicit session,
// handed out by accept() with the first of them, so its reader sees one stream of messages as on
// stdio. A request is answered on its own POST: application/json carrying the response, with the
// HTTP status modern_error_status gives a JSON-RPC error (400 for the errors the spec sends with
// 400), or a text/event-stream when the session sends something else before the response. Two
// requests of the same id at once would make the answer ambiguous: the second waits for the first.
// The MCP-Protocol-Version header of each such POST reaches the reader (ReadResult), or, with
// reject_header_mismatch, a header missing or other than the _meta version is answered 400
// HeaderMismatch (-32020) without reaching it.
// The URL trap: any other path on the same listener answers 200 and is recorded, so an
// elicitation URL we hand out is seen when a client fetches it.
// Refused POSTs: a POST the endpoint answers itself with an HTTP error (no session, an unknown
// one, a header mismatch) reaches no session, yet may be all a client did (a dual-era client's
// modern probe, refused by a legacy endpoint, and no initialize after it): refused_posts() keeps
// them, bounded, so that the harness can still judge what the client sent and was answered.
//
// Threads: cpp-httplib serves each connection on a pool thread. An open stream waits for its
// next event in slices of 50 ms and gives up as soon as stop() (or the destructor) runs, so
// shutting down never waits on a client that keeps a stream open; idle keep-alive connections
// are dropped after 1 s. The destructor joins every thread.
// Untrusted clients (bounded_http_server.h): a request must arrive whole (line, headers, body)
// within request_timeout, however slowly it trickles; stop() shuts every connection down at once
// and so returns promptly whatever clients do; a body over max_message_bytes, chunked or not, is
// refused with 413 once that many bytes are read; a session's unread messages are bounded (a
// POST waits for room).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "transport/deadline.h"
#include "transport/message_channel.h"

namespace ec {

struct HttpServerOptions {
  std::string path = "/mcp";
  int port = 0;  // 0: an ephemeral port
  std::size_t max_message_bytes = std::size_t{4} << 20;
  // The whole time a request may take to arrive (request line, headers, body).
  std::chrono::milliseconds request_timeout{10000};
  std::size_t threads = 8;  // the most connections served at once (each open stream holds one)
  bool ipv6 = false;        // listen on [::1] instead of 127.0.0.1
  // Every SSE stream starts with a priming event: an id and empty data (SEP-1699; what the
  // TypeScript SDK sends once resumability is on). A client records the id and reads nothing.
  bool prime_streams = false;
  // The modern wire: the HTTP status of a POST answered with JSON-RPC error `code` (unset:
  // modern_error_status below); a reference fault answers differently.
  std::function<int(std::int64_t code)> modern_error_status;
  // The modern wire: refuse a request whose MCP-Protocol-Version header is missing or differs
  // from its _meta version (a server's duty, "Server Validation"); false: deliver it and let the
  // reader judge the header (the harness, whose SUT is the client).
  bool reject_header_mismatch = false;
  // Which wires the endpoint serves: the initialize-based one (sessions), the modern one (a
  // version in _meta), or both (a dual-era server). A server of one revision serves one: with
  // modern off a modern POST is one without a session (400); with legacy off every JSON-RPC
  // POST goes to the implicit session, an initialize too.
  bool legacy = true;
  bool modern = true;
};

// The status the 2026-07-28 spec gives a JSON-RPC error on Streamable HTTP: 400 for -32602
// (basic, `_meta`), -32021 (basic), -32022 and -32020 (Streamable HTTP, "Protocol Version
// Header", "Server Validation"); 404 for -32601 ("Protocol Version Header"); else 200.
int modern_error_status(std::int64_t code);

// A POST the endpoint refused before any session saw it, and what it answered.
struct RefusedPost {
  std::string body;    // the request body as it came, its first kMaxBodyBytes only
  bool cut = false;    // the body was longer than what is kept
  int status = 0;      // the HTTP status of our answer
  std::string answer;  // our answer's body (a JSON-RPC error)
  static constexpr std::size_t kMaxBodyBytes = std::size_t{64} * 1024;
  static constexpr std::size_t kMaxKept = 64;  // refused_posts() keeps the first ones only
};

class HttpServer {
 public:
  // Listens at once; nullptr with `error` set when it cannot.
  static std::unique_ptr<HttpServer> start(const HttpServerOptions& options, std::string& error);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  std::string base() const;  // "http://127.0.0.1:PORT"
  std::string url() const;   // base() + path

  // The next new session, or nullptr at the deadline or once stopped.
  std::shared_ptr<MessageChannel> accept(Deadline deadline);

  // Requests to paths other than the endpoint, in order ("/connect?e=1"), at most 256.
  std::vector<std::string> trap_requests() const;

  // The POSTs to the endpoint refused with an HTTP error before reaching a session, in order,
  // at most RefusedPost::kMaxKept of them.
  std::vector<RefusedPost> refused_posts() const;

  // Stops serving: open streams end, sessions' receive() returns Eof, threads are joined.
  void stop();

  struct State;

 private:
  explicit HttpServer(std::shared_ptr<State> state) : state_(std::move(state)) {}
  std::shared_ptr<State> state_;
};

}  // namespace ec
