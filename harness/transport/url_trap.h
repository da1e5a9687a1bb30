// The URL trap: an HTTP listener on 127.0.0.1 (an ephemeral port) that records every request it
// gets and answers 200 with an empty body. Client cases hand out elicitation URLs that point here,
// so a client that fetches a URL it was never allowed to open is seen doing it ("MUST NOT
// automatically pre-fetch the URL"). Over stdio it is this listener; over Streamable HTTP the
// session's own listener plays the trap (HttpServer::trap_requests). Both are cpp-httplib behind
// BoundedHttpServer. Bounded: at most 256 requests are recorded, a request (line, headers, body)
// gets at most 1 s and 8 KiB of body, two worker threads; loopback only.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace ec {

class UrlTrap {
 public:
  // Listens at once; `error` says why when it cannot (then base() is empty).
  explicit UrlTrap(std::string& error);
  ~UrlTrap();
  UrlTrap(const UrlTrap&) = delete;
  UrlTrap& operator=(const UrlTrap&) = delete;

  std::string base() const { return base_; }  // "http://127.0.0.1:PORT"
  // The request targets seen so far ("/connect?e=e-1"), in order; "(unparsable request)" for a
  // connection whose request line was not HTTP.
  std::vector<std::string> requests() const;

 private:
  struct State;
  std::shared_ptr<State> state_;
  std::string base_;
};

}  // namespace ec
