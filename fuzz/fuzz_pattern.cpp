// Fuzzes the ECMA-262 -> RE2 pattern translation (schema/pattern.h): translate, compile, search.
// Input: the pattern, one NUL byte, the text to search ("^[a-z]+$\0hello"); without a NUL the
// text is empty. Both parts must be well-formed UTF-8, as they always are in production (they
// come out of JSON strings, which the parser guarantees to be UTF-8); other inputs are skipped.
// A NUL cannot occur in the pattern itself, but \u0000 and \x00 escapes can.
// Invariants beyond "no crash":
//  - translate_pattern and compile agree: the same translation, except that RE2 may still
//    refuse an Ok translation (status Invalid with RE2's reason, or Unsupported past its limits);
//  - a refused pattern has a reason and an offset inside the pattern, and no RE2 source;
//    an Ok translation is UTF-8;
//  - oracles where the meaning is obvious: a pattern with no syntax characters is a literal, so
//    it compiles and matches exactly when the text contains it; with ^ in front it matches
//    exactly when the text starts with it, with $ behind exactly when the text ends with it;
//  - search is deterministic.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/utf8.h"
#include "fuzz_support.h"
#include "schema/pattern.h"

namespace {

using ec::fuzz::require;
using Status = ec::PatternTranslation::Status;

std::string show(std::string_view pattern, const ec::PatternTranslation& t) {
  return "pattern \"" + std::string(pattern) + "\" status " + std::to_string(static_cast<int>(t.status)) +
         " re2 \"" + t.re2_source + "\" reason \"" + t.reason + "\" offset " + std::to_string(t.offset);
}

// ECMA-262 SyntaxCharacter, plus ']' and '}' (literals only through Annex B leniency).
bool is_literal(std::string_view pattern) {
  return pattern.find_first_of("^$\\.*+?()[]{}|") == std::string_view::npos;
}

void check_literal(std::string_view literal, std::string_view text) {
  const auto expect = [&](const std::string& pattern, bool expected) {
    const ec::CompiledPattern p = ec::CompiledPattern::compile(pattern);
    require(p.status() == Status::Ok, "a literal pattern compiles",
            [&] { return show(pattern, p.translation()); });
    require(p.search(text) == expected, "a literal pattern matches exactly where the text has it",
            [&] { return show(pattern, p.translation()) + " text \"" + std::string(text) + "\""; });
  };
  expect(std::string(literal), text.find(literal) != std::string_view::npos);
  expect("^" + std::string(literal), text.starts_with(literal));
  expect(std::string(literal) + "$", text.ends_with(literal));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ec::fuzz::Split parts = ec::fuzz::split_at_nul(ec::fuzz::as_text(data, size));
  const std::string_view pattern = parts.first;
  const std::string_view text = parts.second;
  if (ec::find_invalid_utf8(pattern) || ec::find_invalid_utf8(text)) return 0;

  const ec::PatternTranslation t = ec::translate_pattern(pattern);
  if (t.status == Status::Ok) {
    require(!ec::find_invalid_utf8(t.re2_source), "the RE2 source is UTF-8",
            [&] { return show(pattern, t); });
  } else {
    require(!t.reason.empty() && t.offset <= pattern.size() && t.re2_source.empty(),
            "a refused pattern says why and where", [&] { return show(pattern, t); });
  }

  const ec::CompiledPattern compiled = ec::CompiledPattern::compile(pattern);
  const ec::PatternTranslation& c = compiled.translation();
  if (t.status != Status::Ok || c.status == Status::Ok) {
    require(
        c.status == t.status && c.re2_source == t.re2_source && c.reason == t.reason && c.offset == t.offset,
        "compile() translates as translate_pattern()",
        [&] { return show(pattern, t) + "\n" + show(pattern, c); });
  } else {
    // RE2's syntax errors are Invalid; its size limits, which ECMA-262 does not have, Unsupported.
    const bool explained =
        (c.status == Status::Invalid && c.reason.starts_with("RE2 ")) ||
        (c.status == Status::Unsupported && c.reason.starts_with("a size past RE2's limits"));
    require(explained && c.offset <= pattern.size(), "RE2 refuses with a reason and an offset in the pattern",
            [&] { return show(pattern, c); });
  }
  if (compiled.status() == Status::Ok) {
    const bool found = compiled.search(text);
    require(compiled.search(text) == found, "search is deterministic");
  }
  if (is_literal(pattern)) check_literal(pattern, text);
  return 0;
}
