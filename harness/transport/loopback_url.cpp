#include "transport/loopback_url.h"

#include <cctype>

namespace ec {

std::string LoopbackUrl::text() const { return "http://" + host + ":" + std::to_string(port) + target; }

std::optional<LoopbackUrl> parse_loopback_url(std::string_view url, std::string& error) {
  constexpr std::string_view kScheme = "http://";
  if (url.size() < kScheme.size() ||
      !std::equal(kScheme.begin(), kScheme.end(), url.begin(),
                  [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); })) {
    error = "only http:// URLs are supported (the suite talks to SUTs on loopback, without TLS)";
    return std::nullopt;
  }
  // The URL goes into a request line and a Host header as written: CR or LF would start a header
  // of the caller's choosing, a space would end the request target early. RFC 3986 has no raw
  // controls, spaces or non-ASCII in a URL; they are percent-encoded.
  for (std::size_t i = 0; i < url.size(); ++i) {
    const auto c = static_cast<unsigned char>(url[i]);
    if (c <= 0x20 || c >= 0x7F) {
      error = "character " + std::to_string(i + 1) +
              " is a space, a control or a non-ASCII byte; a URL carries these percent-encoded";
      return std::nullopt;
    }
  }
  url.remove_prefix(kScheme.size());
  const std::size_t slash = url.find_first_of("/?#");
  std::string_view authority = url.substr(0, slash);
  LoopbackUrl out;
  if (slash != std::string_view::npos) {
    std::string_view rest = url.substr(slash);
    rest = rest.substr(0, rest.find('#'));  // a fragment is never sent
    out.target = rest.starts_with("/") ? std::string(rest) : "/" + std::string(rest);
  }
  if (authority.find('@') != std::string_view::npos) {
    error = "a URL with user information is not supported";
    return std::nullopt;
  }
  std::string_view host = authority;
  std::string_view port;
  if (authority.starts_with("[")) {
    const std::size_t close = authority.find(']');
    host = authority.substr(0, close == std::string_view::npos ? authority.size() : close + 1);
    if (close != std::string_view::npos && close + 1 < authority.size()) {
      if (authority[close + 1] != ':') {
        error = "malformed host \"" + std::string(authority) + "\"";
        return std::nullopt;
      }
      port = authority.substr(close + 2);
    }
  } else if (const std::size_t colon = authority.rfind(':'); colon != std::string_view::npos) {
    host = authority.substr(0, colon);
    port = authority.substr(colon + 1);
  }
  std::string lowered(host);
  for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lowered == "[::1]") {
    out.ipv6 = true;
  } else if (lowered != "127.0.0.1" && lowered != "localhost") {
    error = "host \"" + std::string(host) +
            "\" is not loopback; the suite connects only to 127.0.0.1, localhost or [::1]";
    return std::nullopt;
  }
  out.host = lowered;
  if (!port.empty()) {
    if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string_view::npos ||
        std::stoi(std::string(port)) < 1 || std::stoi(std::string(port)) > 65535) {
      error = "invalid port \"" + std::string(port) + "\"";
      return std::nullopt;
    }
    out.port = std::stoi(std::string(port));
  }
  return out;
}

}  // namespace ec
