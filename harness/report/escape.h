// Making untrusted text inert for each output format. Every string that may come from a SUT
// (its messages, its stderr, a reason it gave, an HTTP reason phrase, and the sentences of ours
// that quote them) goes through one of these on its way out; the writers of results.json,
// junit.xml and report.md and the terminal output of the CLI share them, so that every format
// has one set of rules and a new writer (HTML) reuses them.
//
// Each takes any bytes. Bytes that are not well-formed UTF-8 first become the visible text \xNN
// (to_valid_utf8), so every output is valid UTF-8 and the evidence stays readable.
#pragma once

#include <string>
#include <string_view>

namespace ec {

// Code points that make a terminal or a renderer do something other than show a character:
// C0 controls, DEL, C1 controls (U+0080 to U+009F: U+009B is CSI, an escape sequence in one
// character), the line and paragraph separators, and the bidirectional embeddings, overrides
// and isolates (U+202A to U+202E, U+2066 to U+2069) that make text read differently from how it
// is stored.
bool is_control_code_point(char32_t cp);

// `text` as valid UTF-8 with every control code point, newline included, written visibly: \xnn
// below U+0080, \u{nnnn} above (and, from to_valid_utf8, a byte that is not UTF-8 as \xNN). For a terminal, a
// log line, a Markdown code span.
std::string visible_controls(std::string_view text);

// Terminal output: visible_controls(), so no escape sequence ever reaches a terminal raw.
inline std::string terminal_text(std::string_view text) { return visible_controls(text); }

// XML 1.0 text content and attribute values: & < > " ' as entities; tab, LF and CR as character
// references (an attribute value keeps them instead of turning them into spaces); characters
// that XML 1.0 cannot carry at all, not even as references (the other C0 controls, U+FFFE,
// U+FFFF), as the visible text \xNN or \u{FFFE}.
std::string xml_text(std::string_view text);

// HTML text content and attribute values (report.html): & < > " ' as entities, so no tag, no
// attribute and no script can start or end inside SUT text, not even "</script>" or "]]>"; every
// control code point but newline and tab written visibly (as visible_controls), so a bidi
// override cannot make a transcript read differently from what was sent. Newline and tab are
// kept for <pre>.
std::string html_text(std::string_view text);

// Markdown. A code span and a fenced block are the only places where nothing is live (no link,
// image, HTML, mention or emphasis), so SUT text goes there:
//   md_code_span:    inline; controls and newlines visible; a backtick run longer than any in
//                    the text delimits it. Not for table cells (a '|' would end the cell).
//   md_fenced_block: a block ending in a newline; lines kept, other controls visible.
//   md_plain:        text of ours and of case files (ids, titles) outside code: controls
//                    visible, Markdown punctuation backslash-escaped, '<' and '&' as entities,
//                    '@' kept from starting a mention; safe in table cells.
std::string md_code_span(std::string_view text);
std::string md_fenced_block(std::string_view text);
std::string md_plain(std::string_view text);

}  // namespace ec
