// JSON Schema `pattern` is an ECMA-262 regular expression; we evaluate it with RE2, which is
// linear-time and therefore safe on SUT data (std::regex is not: it overflows the stack on
// ~20k-character inputs). The two dialects differ, so a pattern is first translated:
//   - constructs with the same meaning pass through unchanged;
//   - constructs whose meaning differs are rewritten: `.` excludes all four ECMA line
//     terminators, `\s`/`\S` use ECMA's Unicode whitespace set, `\uXXXX` becomes `\x{XXXX}`,
//     `\cX` a control character, `(?<name>` RE2's `(?P<name>`, `[^]` any character,
//     `\b` inside a class a backspace, `\d`/`\w` stay ASCII as in ECMA without the u flag;
//   - Annex B leniencies are kept: `\a`, `\z`, `\Q`... are just the letters, a `{` that is not a
//     quantifier is a literal, `[a-\d]` is three atoms, `[\1]` an octal escape;
//   - text is matched by code point (like the u flag), so `.` matches a whole emoji;
//   - ECMA features RE2 lacks (lookahead, lookbehind, backreferences \1 and \k<name>) give
//     Status::Unsupported with the offset: we say we cannot judge rather than guess. So do
//     sizes past RE2's limits (a repetition count over 1000, a program over its memory budget)
//     and past the translation's own (64 KiB of pattern, 256 Unicode property classes), which
//     keep RE2's parse tree small: ECMA-262 has no such limits, so these are not invalid.
// A pattern matches anywhere in the string (JSON Schema patterns are not anchored).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace ec {

struct PatternTranslation {
  enum class Status { Ok, Unsupported, Invalid };
  Status status = Status::Ok;
  std::string re2_source;  // the RE2 pattern when Ok
  std::string reason;      // when not Ok, e.g. "lookahead (?= is not supported by RE2"
  std::size_t offset = 0;  // byte offset in the ECMA pattern the reason refers to
};

PatternTranslation translate_pattern(std::string_view ecma);

// A translated and compiled pattern. RE2 runs with a bounded memory budget, so a pattern
// that would need more is reported as Unsupported ("too large"), never evaluated slowly.
class CompiledPattern {
 public:
  static CompiledPattern compile(std::string_view ecma);
  // The same, compiled once per distinct pattern for the whole process: a server sends the same
  // schema in case after case, and an RE2 compile costs more than checking the rest of the schema.
  // Thread-safe (a compiled pattern is only read); the cache forgets everything past 512 patterns,
  // so a fuzz campaign's endless new ones cannot grow it.
  static std::shared_ptr<const CompiledPattern> shared(std::string_view ecma);

  CompiledPattern(CompiledPattern&&) noexcept;
  CompiledPattern& operator=(CompiledPattern&&) noexcept;
  ~CompiledPattern();

  PatternTranslation::Status status() const { return translation_.status; }
  const PatternTranslation& translation() const { return translation_; }
  // True when the pattern matches somewhere in `text` (UTF-8). Only valid when status() is Ok.
  bool search(std::string_view text) const;

 private:
  CompiledPattern() = default;
  struct Impl;
  PatternTranslation translation_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ec
