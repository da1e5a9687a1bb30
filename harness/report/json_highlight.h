// The offending message of a failure as report.html shows it: pretty-printed JSON with the value
// at the failing check's JSON pointer marked. The span is found while printing (the printer knows
// where each value starts and ends), never by searching the text, and every part goes through
// html_text(), so the mark is the only markup in it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ec {

struct PrettyJson {
  std::string text;  // the message, indented by two spaces a level, members in the order sent
  // [mark_begin, mark_end) of `text`: the value at the pointer. Equal: nothing is marked (no
  // pointer, a pointer that is not RFC 6901, or one that names no value of the message).
  std::size_t mark_begin = 0;
  std::size_t mark_end = 0;
};

// `message` pretty-printed with the value at `pointer` (RFC 6901; "" marks nothing: a failure
// without a pointer has ""). nullopt when `message` is not JSON within parse_json()'s limits.
std::optional<PrettyJson> pretty_json(std::string_view message, std::string_view pointer);

// The same as HTML text for a <pre>: html_text() of the text before, in and after the span, the
// span in <mark>. nullopt when `message` is not JSON.
std::optional<std::string> pretty_json_html(std::string_view message, std::string_view pointer);

}  // namespace ec
