// UTF-8 helpers. JSON Schema counts string lengths in Unicode code points, not bytes, so
// "minLength": 2 accepts "é" twice but not "é" once, although that is two bytes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ec {

// Offset of the first byte that does not start or continue a well-formed UTF-8 sequence
// (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF); nullopt when all is well.
std::optional<std::size_t> find_invalid_utf8(std::string_view text);

// Number of code points in well-formed UTF-8 `text` (counts lead bytes).
std::size_t count_code_points(std::string_view text);

// The largest Unicode code point, and the UTF-16 surrogates, which UTF-8 must not encode.
constexpr char32_t kMaxCodePoint = 0x10FFFF;
constexpr bool is_surrogate(char32_t cp) { return cp >= 0xD800 && cp <= 0xDFFF; }

// Decodes the one sequence that starts at `text[pos]` (pos < text.size()) into `cp` and its
// byte `length`; false for what find_invalid_utf8 reports there (a stray continuation byte, a
// truncated sequence, an overlong, a surrogate, above U+10FFFF). The one decoder of the project.
bool decode_code_point(std::string_view text, std::size_t pos, char32_t& cp, std::size_t& length);

// Appends the UTF-8 encoding of `cp` (at most kMaxCodePoint, not a surrogate) to `out`.
void append_code_point(std::string& out, char32_t cp);

}  // namespace ec

namespace ec {

// At most `max_bytes` bytes of `text`, cut at a code point boundary, with "..." appended when
// something was cut. Used wherever SUT text is quoted in a message.
std::string abbreviate_utf8(std::string_view text, std::size_t max_bytes);

}  // namespace ec

namespace ec {

// `text` with every byte that is not part of well-formed UTF-8 written as the four characters
// \xNN, so SUT bytes can go into JSON, XML and Markdown reports and still be read as evidence.
std::string to_valid_utf8(std::string_view text);

}  // namespace ec
