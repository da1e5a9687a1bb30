// The URLs the harness may connect to: plain http:// on the loopback interface only. The suite
// tests SUTs on the same machine; a typo or a hostile redirect must never make it talk to
// another host, so anything else is refused with a sentence that says why.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ec {

struct LoopbackUrl {
  bool ipv6 = false;  // [::1] rather than 127.0.0.1
  std::string host;   // as written in the URL, for the Host header ("127.0.0.1", "localhost", "[::1]")
  int port = 80;
  std::string target = "/";  // path and query
  std::string text() const;  // "http://127.0.0.1:8080/mcp"
};

// Parses `url`; nullopt with `error` set when it is not an http:// URL of 127.0.0.1, localhost
// or [::1], or when it holds a space, a control or a non-ASCII byte anywhere (percent-encode
// them): what is accepted goes into a request line unchanged, so nothing can inject a header.
std::optional<LoopbackUrl> parse_loopback_url(std::string_view url, std::string& error);

}  // namespace ec
