// cpp-httplib's server with the bounds that a server facing untrusted clients needs and that
// cpp-httplib 0.11 lacks (its users: http_server.h, url_trap.h):
//  - a deadline for each request as a whole (request line, headers, body). cpp-httplib times out
//    each read on its own, so a client sending a byte every few seconds held a worker thread,
//    and stop() that joins it, for as long as it liked;
//  - stop_connections(grace): no connection starts another request; those busy get `grace` to
//    finish (an event stream ends cleanly), then every one left is shut down, so joining the
//    workers never waits for a client, whatever it is doing.
// It replaces cpp-httplib's loop over one connection (the virtual process_and_close_socket) with
// its own: a socket stream whose reads wait no longer than the request's deadline (and 5 s per
// read), around Server::process_request, the library's own request handling.
//
// A handler calls request_read() once it has the whole request: the deadline then no longer
// applies (a response stream may last as long as its session), and close_after_response() when
// the connection must not carry another request (a body left unread).
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>

namespace ec {

class BoundedHttpServer final : public httplib::Server {
 public:
  explicit BoundedHttpServer(std::chrono::milliseconds request_timeout) : request_timeout_(request_timeout) {}

  // Ends every open connection within `grace` (and every one accepted from now on). Then stop().
  void stop_connections(std::chrono::milliseconds grace);

  // For handlers, about the connection of the request being handled (on this thread).
  static void request_read();
  static void close_after_response();

 private:
  bool process_and_close_socket(socket_t sock) override;

  const std::chrono::milliseconds request_timeout_;
  std::atomic<bool> closing_{false};   // no new request on any connection
  std::atomic<bool> stopping_{false};  // reads and writes fail at once
  std::mutex m_;
  std::set<socket_t> open_;  // a socket leaves the set before it is closed: its number is never reused here
};

}  // namespace ec
