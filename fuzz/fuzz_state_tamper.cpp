// Fuzzes the requestState tamperer (cases/state_tamper.h), which alters a state a SUT sent (bytes
// of an untrusted peer, decoded as base64 where they look like it) for a `$tampered` send step.
// Input: the text to replace on the first line, its replacement on the second, then the captured
// value; with fewer than two lines, "Ann" and "Eve" and the whole input. The value is tampered as
// the bytes of a JSON string (what a capture holds), and, when it is JSON text of a string, as
// that string's content (what the step engine hands over).
// Invariants beyond "no crash", what the header promises:
//  - the altered state is never the one given, and the transcript note says how;
//  - the first method that applies is the one used: plain text, then base64, then one character;
//  - plain text: every occurrence replaced (the output is the input with `replace` -> `with`,
//    left to right), `with` shows in it, and with a replacement of the same length the length kept;
//  - base64: the part named (the whole state or a '.'-separated part) was base64 of the alphabet
//    named that decodes to bytes holding `replace`; the rest of the state is kept; the new part
//    is base64 of the same alphabet, padded when the old one was and unpadded when it lacked padding,
//    decoding to the old bytes with `replace` -> `with`;
//  - one character: `replace` shows nowhere, plainly or in a part that is base64; exactly one
//    character (a byte, or one UTF-8 sequence) changed, into a letter or digit, the next one
//    when it was a letter or digit, the nearest such character at or after the middle (else
//    before it); an empty state becomes "A";
//  - well-formed UTF-8 in (state, replace, with) gives well-formed UTF-8 out: the harness sends the
//    altered state inside JSON.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cases/state_tamper.h"
#include "core/json.h"
#include "core/utf8.h"
#include "fuzz_support.h"

namespace {

using ec::fuzz::require;

constexpr std::string_view kStd = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr std::string_view kUrl = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

bool alnum(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// Left to right, not overlapping, never rescanning what was put in.
std::string replaced(std::string_view text, std::string_view from, std::string_view to) {
  std::string out;
  std::size_t done = 0;
  for (std::size_t at = text.find(from); at != std::string_view::npos; at = text.find(from, done)) {
    out.append(text.substr(done, at - done)).append(to);
    done = at + from.size();
  }
  return out.append(text.substr(done));
}

struct Decoded {
  std::string bytes;
  bool padded = false;
};

// `text` as base64 of `alphabet`: at least `shortest` characters before the padding (four for a
// part the tamperer takes for base64, any number for what it wrote), then none or
// enough '=' to make the length a multiple of four (nothing else). Written apart from the
// tamperer's decoder, bit by bit per character.
std::optional<Decoded> decode(std::string_view text, std::string_view alphabet, std::size_t shortest = 4) {
  const std::size_t body_end = text.find('=');
  const std::string_view body = text.substr(0, body_end);
  const std::string_view pads =
      body_end == std::string_view::npos ? std::string_view{} : text.substr(body_end);
  if (body.size() < shortest || body.size() % 4 == 1) return std::nullopt;
  if (!pads.empty() &&
      (pads.size() > 2 || pads.find_first_not_of('=') != std::string_view::npos || text.size() % 4 != 0))
    return std::nullopt;
  std::vector<bool> bits;
  for (const char c : body) {
    const std::size_t v = alphabet.find(c);
    if (v == std::string_view::npos) return std::nullopt;
    for (int b = 5; b >= 0; --b) bits.push_back(((v >> b) & 1U) != 0);
  }
  Decoded out{"", !pads.empty()};
  for (std::size_t i = 0; i + 8 <= bits.size(); i += 8) {
    unsigned byte = 0;
    for (std::size_t b = 0; b < 8; ++b) byte = (byte << 1) | (bits[i + b] ? 1U : 0U);
    out.bytes.push_back(static_cast<char>(byte));
  }
  return out;
}

// The parts the tamperer looks into: the whole state, and its '.'-separated parts when it has any.
std::vector<std::pair<std::size_t, std::size_t>> parts_of(std::string_view state) {
  std::vector<std::pair<std::size_t, std::size_t>> parts = {{0, state.size()}};
  if (state.find('.') == std::string_view::npos) return parts;
  std::size_t from = 0;
  for (std::size_t dot = state.find('.'); dot != std::string_view::npos; dot = state.find('.', from)) {
    parts.emplace_back(from, dot);
    from = dot + 1;
  }
  parts.emplace_back(from, state.size());
  return parts;
}

// The number at `i` in `how` ("12" of "at byte 12"), `i` moved past it; nothing without digits.
std::optional<std::size_t> number_at(std::string_view how, std::size_t& i) {
  if (i >= how.size() || how[i] < '0' || how[i] > '9') return std::nullopt;
  std::size_t n = 0;
  for (; i < how.size() && how[i] >= '0' && how[i] <= '9'; ++i)
    n = n * 10 + static_cast<std::size_t>(how[i] - '0');
  return n;
}

std::string quoted(std::string_view text) { return "\"" + std::string(text) + "\""; }

std::string show(std::string_view state, std::string_view replace, std::string_view with,
                 const ec::TamperedState& t) {
  return "state \"" + std::string(state) + "\" replace \"" + std::string(replace) + "\" with \"" +
         std::string(with) + "\" -> \"" + t.state + "\" (" + t.how + ")";
}

void check_base64(std::string_view state, std::string_view replace, std::string_view with,
                  const ec::TamperedState& t) {
  const auto detail = [&] { return show(state, replace, with, t); };
  // "<replace> replaced by <with> inside the base64[url] text at bytes F..T of the state"
  const std::string head = quoted(replace) + " replaced by " + quoted(with) + " inside the ";
  const bool url = t.how.starts_with(head + "base64url text at bytes ");
  std::size_t i = head.size() + (url ? 24 : 21);
  // Plain numbers, npos when the note has none (GCC 12 warns of an optional's value read after
  // the require() below made sure it is there).
  const std::size_t from = number_at(t.how, i).value_or(std::string_view::npos);
  i += 2;
  const std::size_t to = t.how.compare(i - 2, 2, "..") == 0
                             ? number_at(t.how, i).value_or(std::string_view::npos)
                             : std::string_view::npos;
  const std::string_view alphabet = url ? kUrl : kStd;
  require(url || t.how.starts_with(head + "base64 text at bytes "), "base64: the note names the alphabet",
          detail);
  require(t.how.compare(i, std::string::npos, " of the state") == 0, "base64: the note is well formed",
          detail);
  require(from != std::string_view::npos && to != std::string_view::npos && from <= to && to <= state.size(),
          "base64: the note names the part altered", detail);
  require((from == 0 || state[from - 1] == '.') && (to == state.size() || state[to] == '.'),
          "base64: the part altered is the state or one of its '.'-separated parts", detail);
  const std::size_t kept = state.size() - (to - from);
  require(t.state.size() >= kept && t.state.compare(0, from, state, 0, from) == 0 &&
              std::string_view(t.state).substr(t.state.size() - (state.size() - to)) == state.substr(to),
          "base64: the rest of the state is kept", detail);
  const std::string_view old_part = state.substr(from, to - from);
  const std::string_view new_part = std::string_view(t.state).substr(from, t.state.size() - kept);
  const auto old_bytes = decode(old_part, alphabet);
  require(old_bytes.has_value(), "base64: the part altered was base64 of the alphabet named", detail);
  require(old_bytes->bytes.find(replace) != std::string::npos, "base64: the part altered held `replace`",
          detail);
  const auto new_bytes = decode(new_part, alphabet, 0);
  require(new_bytes.has_value(), "base64: the new part is base64 of the same alphabet", detail);
  // Padded: a multiple of four characters (with no '=' when none is needed); unpadded: no '='.
  if (old_bytes->padded) {
    require(new_part.size() % 4 == 0, "base64: the new part is padded when the old one was", detail);
  } else if (old_part.size() % 4 != 0) {
    require(new_part.find('=') == std::string_view::npos,
            "base64: the new part is unpadded when the old one was", detail);
  }
  require(replace.size() != with.size() || new_part.size() == old_part.size(),
          "base64: with a replacement of the same length, the part keeps its length", detail);
  require(new_bytes->bytes == replaced(old_bytes->bytes, replace, with),
          "base64: the new part decodes to the old bytes with `replace` replaced", detail);
  // The alphabet named is the one the part shows (the two differ in '+' '/' against '-' '_').
  const bool shows_url = old_part.find_first_of("-_") != std::string_view::npos;
  const bool shows_std = old_part.find_first_of("+/") != std::string_view::npos;
  require(!(shows_url && !url) && !(shows_std && url), "base64: the alphabet named is the one the part uses",
          detail);
}

void check_one_character(std::string_view state, std::string_view replace, std::string_view with,
                         const ec::TamperedState& t) {
  const auto detail = [&] { return show(state, replace, with, t); };
  if (!replace.empty() && replace != with) {
    for (const auto& [from, to] : parts_of(state)) {
      for (const std::string_view alphabet : {kStd, kUrl}) {
        const auto bytes = decode(state.substr(from, to - from), alphabet);
        require(!bytes || bytes->bytes.find(replace) == std::string::npos,
                "one character: only when `replace` shows in no base64 part", detail);
      }
    }
  }
  if (state.empty()) {
    require(t.state == "A", "an empty state becomes \"A\"", detail);
    return;
  }
  std::size_t i = 22;  // "the character at byte N changed from ..."
  const auto at = t.how.starts_with("the character at byte ") ? number_at(t.how, i) : std::nullopt;
  require(at && *at < state.size(), "one character: the note names the byte changed", detail);
  // The character there: one byte, or a lead byte and its continuation bytes.
  std::size_t length = 1;
  while (static_cast<unsigned char>(state[*at]) >= 0xC0 && *at + length < state.size() &&
         (static_cast<unsigned char>(state[*at + length]) & 0xC0) == 0x80)
    ++length;
  require(t.state.size() == state.size() - length + 1 && t.state.compare(0, *at, state, 0, *at) == 0 &&
              std::string_view(t.state).substr(*at + 1) == state.substr(*at + length),
          "one character: exactly one character changed, the rest kept", detail);
  const char old_char = state[*at];
  const char new_char = t.state[*at];
  require(alnum(new_char) && (length > 1 || new_char != old_char),
          "one character: changed into a letter or digit", detail);
  if (alnum(old_char)) {
    const char next = old_char == 'Z'   ? 'A'
                      : old_char == 'z' ? 'a'
                      : old_char == '9' ? '0'
                                        : static_cast<char>(old_char + 1);
    require(new_char == next, "one character: a letter or digit becomes the next one", detail);
  }
  // The nearest letter or digit at or after the middle, else the nearest before it.
  const std::size_t middle = state.size() / 2;
  std::size_t expected = middle;
  while (expected < state.size() && !alnum(state[expected])) ++expected;
  if (expected == state.size()) {
    expected = middle;
    while (expected > 0 && !alnum(state[expected])) --expected;
  }
  if (alnum(state[expected])) {
    require(*at == expected, "one character: the letter or digit nearest the middle", detail);
  } else {
    require(*at <= middle && middle < *at + length,
            "one character: without letters or digits, the middle one", detail);
  }
}

void check(std::string_view state, std::string_view replace, std::string_view with) {
  const ec::TamperedState t = ec::tamper_state(state, replace, with);
  const auto detail = [&] { return show(state, replace, with, t); };
  require(t.state != state, "the altered state is never the one given", detail);
  require(!t.how.empty(), "the note says how the state was altered", detail);
  const bool plain_applies =
      !replace.empty() && replace != with && state.find(replace) != std::string_view::npos;
  const std::string head = quoted(replace) + " replaced by " + quoted(with);
  if (t.how == head + " where it shows in the state as plain text") {
    require(plain_applies, "plain text: only where `replace` shows", detail);
    require(t.state == replaced(state, replace, with), "plain text: every occurrence replaced, nothing else",
            detail);
    require(t.state.find(with) != std::string::npos, "plain text: `with` shows in the output", detail);
  } else {
    require(!plain_applies, "plain text comes first where `replace` shows", detail);
    if (t.how.starts_with(head + " inside the base64")) {
      check_base64(state, replace, with, t);
    } else {
      check_one_character(state, replace, with, t);
    }
  }
  if (replace.size() == with.size() && plain_applies) {
    require(t.state.size() == state.size(),
            "with a replacement of the same length, the state keeps its length", detail);
  }
  if (!ec::find_invalid_utf8(state) && !ec::find_invalid_utf8(replace) && !ec::find_invalid_utf8(with)) {
    require(!ec::find_invalid_utf8(t.state), "UTF-8 in, UTF-8 out", detail);
  }
}

constexpr ec::ParseLimits kLimits{std::size_t{1} << 16, 32};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = ec::fuzz::as_text(data, size);
  std::string_view replace = "Ann";
  std::string_view with = "Eve";
  std::string_view value = input;
  const std::size_t first = input.find('\n');
  const std::size_t second = first == std::string_view::npos ? first : input.find('\n', first + 1);
  if (second != std::string_view::npos) {
    replace = input.substr(0, first);
    with = input.substr(first + 1, second - first - 1);
    value = input.substr(second + 1);
  }
  check(value, replace, with);
  const ec::ParsedJson parsed = ec::parse_json(value, kLimits);
  if (parsed.ok() && parsed.document.IsString()) {
    check({parsed.document.GetString(), parsed.document.GetStringLength()}, replace, with);
  }
  return 0;
}
