#include "cases/state_tamper.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace ec {
namespace {

constexpr std::string_view kStd = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view kUrl = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

struct Base64Text {
  std::string bytes;
  std::string_view alphabet;
  bool padded = false;
};

// `text` as strict base64 (either alphabet, padded or not), or nothing.
std::optional<Base64Text> decode(std::string_view text) {
  std::size_t end = text.size();
  std::size_t pads = 0;
  while (end > 0 && text[end - 1] == '=' && pads < 2) {
    --end;
    ++pads;
  }
  const std::string_view body = text.substr(0, end);
  if (body.size() < 4 || body.size() % 4 == 1 || (pads > 0 && text.size() % 4 != 0)) return std::nullopt;
  const bool url = body.find_first_of("-_") != std::string_view::npos;
  const bool std_only = body.find_first_of("+/") != std::string_view::npos;
  if (url && std_only) return std::nullopt;
  Base64Text out{"", url ? kUrl : kStd, pads > 0};
  std::uint32_t acc = 0;
  int bits = 0;
  for (const char c : body) {
    const std::size_t v = out.alphabet.find(c);
    if (v == std::string_view::npos) return std::nullopt;
    acc = (acc << 6) | static_cast<std::uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.bytes.push_back(static_cast<char>((acc >> bits) & 0xFF));
    }
  }
  return out;
}

std::string encode(const Base64Text& b) {
  std::string out;
  std::uint32_t acc = 0;
  int bits = 0;
  for (const char c : b.bytes) {
    acc = (acc << 8) | static_cast<unsigned char>(c);
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out.push_back(b.alphabet[(acc >> bits) & 0x3F]);
    }
  }
  if (bits > 0) out.push_back(b.alphabet[(acc << (6 - bits)) & 0x3F]);
  if (b.padded) {
    while (out.size() % 4 != 0) out.push_back('=');
  }
  return out;
}

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
  return text;
}

bool alnum(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

char next_alnum(char c) {
  if (c == 'Z') return 'A';
  if (c == 'z') return 'a';
  if (c == '9') return '0';
  return static_cast<char>(c + 1);
}

}  // namespace

TamperedState tamper_state(std::string_view state, std::string_view replace, std::string_view with) {
  const std::string quoted_from = "\"" + std::string(replace) + "\"";
  const std::string quoted_to = "\"" + std::string(with) + "\"";
  if (!replace.empty() && replace != with && state.find(replace) != std::string_view::npos) {
    return {replace_all(std::string(state), replace, with),
            quoted_from + " replaced by " + quoted_to + " where it shows in the state as plain text"};
  }
  // The whole state, then each '.'-separated part of it.
  std::vector<std::pair<std::size_t, std::size_t>> segments = {{0, state.size()}};
  if (state.find('.') != std::string_view::npos) {
    for (std::size_t from = 0; from <= state.size();) {
      const std::size_t dot = state.find('.', from);
      const std::size_t to = dot == std::string_view::npos ? state.size() : dot;
      segments.emplace_back(from, to);
      from = to + 1;
    }
  }
  for (const auto& [from, to] : segments) {
    if (replace.empty() || replace == with) break;
    auto decoded = decode(state.substr(from, to - from));
    if (!decoded || decoded->bytes.find(replace) == std::string::npos) continue;
    decoded->bytes = replace_all(decoded->bytes, replace, with);
    std::string out(state);
    out.replace(from, to - from, encode(*decoded));
    if (out == state) continue;
    return {out, quoted_from + " replaced by " + quoted_to + " inside the " +
                     (decoded->alphabet == kUrl ? "base64url" : "base64") + " text at bytes " +
                     std::to_string(from) + ".." + std::to_string(to) + " of the state"};
  }
  if (state.empty()) return {"A", "an empty state replaced by \"A\""};
  // Near the middle, the first letter or digit at or after it (else before it).
  const std::size_t middle = state.size() / 2;
  std::size_t at = middle;
  while (at < state.size() && !alnum(state[at])) ++at;
  if (at == state.size()) {
    at = middle;
    while (at > 0 && !alnum(state[at])) --at;
  }
  std::size_t length = 1;
  char into = 'A';
  if (alnum(state[at])) {
    into = next_alnum(state[at]);
  } else {
    // No letter or digit anywhere: the character at the middle, all of it when it is a UTF-8
    // sequence (its lead byte and continuation bytes), so that UTF-8 stays UTF-8.
    // Bytes that are not UTF-8 stay bytes: a continuation byte without its lead is one.
    std::size_t lead = middle;
    while (lead > 0 && is_continuation(state[lead])) --lead;
    std::size_t end = lead + 1;
    while (end < state.size() && is_continuation(state[end])) ++end;
    at = middle;
    if (static_cast<unsigned char>(state[lead]) >= 0xC0) {
      at = lead;
      length = end - lead;
    }
  }
  std::string out(state);
  out.replace(at, length, 1, into);
  return {out, "the character at byte " + std::to_string(at) + " changed from '" +
                   std::string(state.substr(at, length)) + "' to '" + std::string(1, into) + "' (" +
                   quoted_from + " shows nowhere in the state, plainly or in base64)"};
}

}  // namespace ec
