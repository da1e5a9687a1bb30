#include "report/escape.h"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "core/utf8.h"

namespace ec {
namespace {

// Decodes well-formed UTF-8 (what to_valid_utf8 returns): the code point at `i`, and advances.
char32_t next_code_point(std::string_view s, std::size_t& i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = b(i);
  if (lead < 0x80) return s[i++];
  const int extra = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1;
  char32_t cp = lead & (0x3F >> extra);
  for (int k = 1; k <= extra && i + k < s.size(); ++k) cp = (cp << 6) | (b(i + k) & 0x3F);
  i += static_cast<std::size_t>(extra) + 1;
  return cp;
}

void append_visible(std::string& out, char32_t cp) {
  char buf[16];
  if (cp < 0x80) {
    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
  } else {
    std::snprintf(buf, sizeof buf, "\\u{%04x}", static_cast<unsigned>(cp));
  }
  out += buf;
}

// Calls `each(cp, bytes)` for every code point of to_valid_utf8(text).
template <typename Each>
void for_each_code_point(std::string_view text, Each each) {
  const std::string valid = to_valid_utf8(text);
  const std::string_view s = valid;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t start = i;
    const char32_t cp = next_code_point(s, i);
    each(cp, s.substr(start, i - start));
  }
}

std::string visible_except_newline(std::string_view text) {
  std::string out;
  for_each_code_point(text, [&](char32_t cp, std::string_view bytes) {
    if (cp != '\n' && is_control_code_point(cp)) {
      append_visible(out, cp);
    } else {
      out += bytes;
    }
  });
  return out;
}

std::size_t longest_backtick_run(std::string_view s) {
  std::size_t longest = 0, run = 0;
  for (char ch : s) {
    run = ch == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

}  // namespace

bool is_control_code_point(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
         (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

std::string visible_controls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for_each_code_point(text, [&](char32_t cp, std::string_view bytes) {
    if (is_control_code_point(cp)) {
      append_visible(out, cp);
    } else {
      out += bytes;
    }
  });
  return out;
}

std::string xml_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for_each_code_point(text, [&](char32_t cp, std::string_view bytes) {
    switch (cp) {
      case '&': out += "&amp;"; return;
      case '<': out += "&lt;"; return;
      case '>': out += "&gt;"; return;
      case '"': out += "&quot;"; return;
      case '\'': out += "&apos;"; return;
      case '\t': out += "&#9;"; return;
      case '\n': out += "&#10;"; return;
      case '\r': out += "&#13;"; return;
      default: break;
    }
    // XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]
    // (valid UTF-8 has no surrogates).
    if (cp < 0x20 || cp == 0xFFFE || cp == 0xFFFF) {
      append_visible(out, cp);
    } else {
      out += bytes;
    }
  });
  return out;
}

std::string html_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for_each_code_point(text, [&](char32_t cp, std::string_view bytes) {
    switch (cp) {
      case '&': out += "&amp;"; return;
      case '<': out += "&lt;"; return;
      case '>': out += "&gt;"; return;
      case '"': out += "&quot;"; return;
      case '\'': out += "&#39;"; return;
      case '\n':
      case '\t': out += bytes; return;
      default: break;
    }
    // U+FFFE and U+FFFF are noncharacters an HTML parser reports as errors: visible too.
    if (is_control_code_point(cp) || cp == 0xFFFE || cp == 0xFFFF) {
      append_visible(out, cp);
    } else {
      out += bytes;
    }
  });
  return out;
}

std::string md_code_span(std::string_view text) {
  const std::string inner = visible_controls(text);
  if (inner.empty()) return "` `";
  const std::string ticks(longest_backtick_run(inner) + 1, '`');
  // A span that starts or ends with a backtick, or is only spaces, needs a space inside each
  // delimiter (CommonMark strips one on each side).
  const bool pad =
      inner.front() == '`' || inner.back() == '`' || inner.find_first_not_of(' ') == std::string::npos;
  return ticks + (pad ? " " : "") + inner + (pad ? " " : "") + ticks;
}

std::string md_fenced_block(std::string_view text) {
  const std::string inner = visible_except_newline(text);
  const std::string fence(std::max<std::size_t>(3, longest_backtick_run(inner) + 1), '`');
  return fence + "\n" + inner + "\n" + fence + "\n";
}

std::string md_plain(std::string_view text) {
  static constexpr std::string_view kEscaped = "\\`*_{}[]()!|~>#";
  std::string out;
  std::size_t index = 0;
  bool leading_digits = true;  // "12." or "12)" at the start would open a numbered list
  for_each_code_point(text, [&](char32_t cp, std::string_view bytes) {
    const bool at_start = index++ == 0;
    const bool after_digits = leading_digits && !at_start;
    leading_digits = leading_digits && cp >= '0' && cp <= '9';
    if (is_control_code_point(cp)) {
      append_visible(out, cp);
    } else if (cp == '<') {
      out += "&lt;";
    } else if (cp == '&') {
      out += "&amp;";
    } else if (cp == '@') {
      out += "@\u2060";  // a word joiner: "@name" no longer reads as a mention
    } else if ((cp < 0x80 && kEscaped.find(static_cast<char>(cp)) != std::string_view::npos) ||
               // A list item, a setext underline or a numbered list, where the text starts a line.
               (at_start && (cp == '-' || cp == '+' || cp == '=')) ||
               (after_digits && (cp == '.' || cp == ')'))) {
      out += '\\';
      out += bytes;
    } else {
      out += bytes;
    }
  });
  return out;
}

}  // namespace ec
