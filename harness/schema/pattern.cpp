#include "schema/pattern.h"

#include <re2/re2.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/utf8.h"

namespace ec {
namespace {

using Status = PatternTranslation::Status;

// ECMA-262 WhiteSpace plus LineTerminator, which is what `\s` means there. RE2's `\s` is only
// [\t\n\f\r ], so the set is spelled out.
constexpr std::string_view kSpaceRanges =
    "\\t\\n\\x0B\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}"
    "\\x{205F}\\x{3000}\\x{FEFF}";

// The same set as code point ranges, used to build its complement for `\S` inside a class,
// where RE2 has no way to subtract a set.
constexpr std::pair<char32_t, char32_t> kSpaceTable[] = {
    {0x09, 0x0D},     {0x20, 0x20},     {0xA0, 0xA0},     {0x1680, 0x1680}, {0x2000, 0x200A},
    {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF}};

// ECMA's `.` stops at all four LineTerminators; RE2's (without s) only at \n.
constexpr std::string_view kDot = "[^\\n\\r\\x{2028}\\x{2029}]";
constexpr std::string_view kAnyClass = "[\\x{0}-\\x{10FFFF}]";
constexpr std::string_view kNoneClass = "[^\\x{0}-\\x{10FFFF}]";

bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }
bool is_octal(char c) { return c >= '0' && c <= '7'; }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string hex_escape(char32_t cp, int min_width) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "\\x{%0*X}", min_width, static_cast<unsigned>(cp));
  return buf;
}

// How a literal code point is written in RE2 syntax, outside or inside a character class.
std::string render_literal(char32_t cp, bool in_class) {
  if (cp < 0x20 || cp == 0x7F) return hex_escape(cp, 2);
  std::string out;
  if (cp < 0x80) {
    const auto c = static_cast<char>(cp);
    // Inside a class '[' is escaped so RE2 never sees "[:alpha:]"-style POSIX classes, which
    // ECMA does not have.
    const std::string_view special = in_class ? "\\]-^[" : "\\.+*?()|[]{}^$";
    if (special.find(c) != std::string_view::npos) out += '\\';
    out += c;
    return out;
  }
  append_code_point(out, cp);
  return out;
}

// ECMA General_Category long names; RE2 knows only the short ones.
constexpr std::pair<std::string_view, std::string_view> kCategoryAliases[] = {
    {"Letter", "L"},
    {"Uppercase_Letter", "Lu"},
    {"Lowercase_Letter", "Ll"},
    {"Titlecase_Letter", "Lt"},
    {"Modifier_Letter", "Lm"},
    {"Other_Letter", "Lo"},
    {"Mark", "M"},
    {"Combining_Mark", "M"},
    {"Nonspacing_Mark", "Mn"},
    {"Spacing_Mark", "Mc"},
    {"Enclosing_Mark", "Me"},
    {"Number", "N"},
    {"Decimal_Number", "Nd"},
    {"digit", "Nd"},
    {"Letter_Number", "Nl"},
    {"Other_Number", "No"},
    {"Punctuation", "P"},
    {"punct", "P"},
    {"Connector_Punctuation", "Pc"},
    {"Dash_Punctuation", "Pd"},
    {"Open_Punctuation", "Ps"},
    {"Close_Punctuation", "Pe"},
    {"Initial_Punctuation", "Pi"},
    {"Final_Punctuation", "Pf"},
    {"Other_Punctuation", "Po"},
    {"Symbol", "S"},
    {"Math_Symbol", "Sm"},
    {"Currency_Symbol", "Sc"},
    {"Modifier_Symbol", "Sk"},
    {"Other_Symbol", "So"},
    {"Separator", "Z"},
    {"Space_Separator", "Zs"},
    {"Line_Separator", "Zl"},
    {"Paragraph_Separator", "Zp"},
    {"Other", "C"},
    {"Control", "Cc"},
    {"cntrl", "Cc"},
    {"Format", "Cf"},
    {"Surrogate", "Cs"},
    {"Private_Use", "Co"},
    {"Unassigned", "Cn"},
};

RE2::Options re2_options() {
  RE2::Options options;
  options.set_encoding(RE2::Options::EncodingUTF8);
  options.set_log_errors(false);
  options.set_max_mem(8 << 20);
  options.set_dot_nl(false);
  options.set_never_nl(false);
  options.set_case_sensitive(true);
  return options;
}

// Asks RE2 by compiling \p{name}, once per name: a property class such as \p{L} is a large
// program, and a pattern (from an untrusted SUT) may name the same property many times.
bool re2_knows_property(std::string_view name) {
  constexpr std::size_t kMaxNames = 256;  // names are short, but a fuzzer or a SUT invents many
  static std::mutex mutex;
  static std::unordered_map<std::string, bool> known;
  std::string key(name);
  {
    const std::lock_guard lock(mutex);
    if (const auto it = known.find(key); it != known.end()) return it->second;
  }
  const RE2 re("\\p{" + key + "}", re2_options());
  const std::lock_guard lock(mutex);
  if (known.size() >= kMaxNames) known.clear();
  known.emplace(std::move(key), re.ok());
  return re.ok();
}

// One element of a character class: a single code point (which can end a range) or a set.
struct ClassAtom {
  bool is_set = false;
  char32_t cp = 0;
  std::string text;  // RE2 spelling, without surrounding brackets
};

class Translator {
 public:
  explicit Translator(std::string_view ecma) : in_(ecma) {}

  PatternTranslation run() {
    if (in_.size() > kMaxPatternBytes) {
      fail(Status::Unsupported,
           "a length of " + std::to_string(in_.size()) + " bytes (this checker evaluates patterns of up to " +
               std::to_string(kMaxPatternBytes) + ")",
           kMaxPatternBytes);
    }
    while (ok() && pos_ < in_.size()) step();
    if (ok() && !open_groups_.empty()) {
      fail(Status::Invalid, "this '(' is never closed by a ')'", open_groups_.back());
    }
    if (ok()) result_.re2_source = std::move(out_);
    return std::move(result_);
  }

  // Maps a byte offset in the RE2 source back to the ECMA offset of the construct that
  // produced it, so RE2's compile errors can point into the pattern the user wrote.
  static std::size_t source_offset(const std::vector<std::pair<std::size_t, std::size_t>>& marks,
                                   std::size_t out_offset) {
    auto it = std::upper_bound(
        marks.begin(), marks.end(), out_offset,
        [](std::size_t value, const std::pair<std::size_t, std::size_t>& m) { return value < m.first; });
    if (it == marks.begin()) return 0;
    return std::prev(it)->second;
  }

  std::vector<std::pair<std::size_t, std::size_t>> take_marks() { return std::move(marks_); }

 private:
  bool ok() const { return result_.status == Status::Ok; }

  void fail(Status status, std::string reason, std::size_t offset) {
    if (!ok()) return;
    result_.status = status;
    result_.reason = std::move(reason);
    result_.offset = offset;
    result_.re2_source.clear();
  }

  void mark(std::size_t at) { marks_.emplace_back(out_.size(), at); }

  bool peek(std::size_t at, char c) const { return at < in_.size() && in_[at] == c; }

  // One atom, assertion, group delimiter or quantifier outside a character class.
  void step() {
    const std::size_t start = pos_;
    const char c = in_[pos_];
    mark(start);
    switch (c) {
      case '\\': escape_outside_class(); return;
      case '[':
        character_class();
        quantifiable_ = true;
        return;
      case '(':
        open_group();
        quantifiable_ = false;
        return;
      case ')':
        if (open_groups_.empty()) {
          fail(Status::Invalid, "')' has no matching '('", start);
          return;
        }
        open_groups_.pop_back();
        out_ += ')';
        ++pos_;
        quantifiable_ = true;
        return;
      case '|':
      case '^':
      case '$':
        out_ += c;
        ++pos_;
        quantifiable_ = false;
        return;
      case '.':
        out_ += kDot;
        ++pos_;
        quantifiable_ = true;
        return;
      case '*':
      case '+':
      case '?': quantifier(1); return;
      case '{':
        if (std::size_t length = braced_quantifier_length(); length != 0) {
          quantifier(length);
        } else {
          // Annex B: a '{' that does not start a well-formed quantifier is a literal.
          literal(U'{');
        }
        return;
      default: break;
    }
    char32_t cp = 0;
    std::size_t length = 0;
    if (!decode_code_point(in_, pos_, cp, length)) {
      fail(Status::Invalid, "the pattern is not valid UTF-8 here", start);
      return;
    }
    pos_ += length - 1;
    literal(cp);
  }

  // Emits a literal character; pos_ is on its last byte.
  void literal(char32_t cp) {
    out_ += render_literal(cp, false);
    ++pos_;
    quantifiable_ = true;
  }

  void code_point(char32_t cp, int min_width) {
    out_ += hex_escape(cp, min_width);
    quantifiable_ = true;
  }

  // Length of "{n}", "{n,}" or "{n,m}" at pos_, or 0 when the brace is not a quantifier.
  std::size_t braced_quantifier_length() const {
    std::size_t i = pos_ + 1;
    const std::size_t digits_start = i;
    while (i < in_.size() && is_ascii_digit(in_[i])) ++i;
    if (i == digits_start) return 0;
    if (peek(i, ',')) {
      ++i;
      while (i < in_.size() && is_ascii_digit(in_[i])) ++i;
    }
    if (!peek(i, '}')) return 0;
    return i + 1 - pos_;
  }

  void quantifier(std::size_t length) {
    if (!quantifiable_) {
      // ECMA (like RE2 in most cases) has nothing to repeat at the start, after '(' or '|',
      // after another quantifier, or after ^ $ \b \B, which RE2 would accept.
      fail(Status::Invalid,
           "the quantifier '" + std::string(in_.substr(pos_, std::min<std::size_t>(length, 20))) +
               "' has nothing to repeat",
           pos_);
      return;
    }
    out_ += in_.substr(pos_, length);
    pos_ += length;
    if (peek(pos_, '?')) {
      out_ += '?';
      ++pos_;
    }
    quantifiable_ = false;
  }

  void open_group() {
    const std::size_t start = pos_;
    open_groups_.push_back(start);
    if (!peek(start + 1, '?')) {
      out_ += '(';
      ++pos_;
      return;
    }
    const std::string_view rest = in_.substr(start + 2);
    if (rest.starts_with(':')) {
      out_ += "(?:";
      pos_ += 3;
      return;
    }
    if (rest.starts_with('=')) {
      fail(Status::Unsupported, "lookahead (?= is not supported by RE2", start);
      return;
    }
    if (rest.starts_with('!')) {
      fail(Status::Unsupported, "negative lookahead (?! is not supported by RE2", start);
      return;
    }
    if (rest.starts_with("<=")) {
      fail(Status::Unsupported, "lookbehind (?<= is not supported by RE2", start);
      return;
    }
    if (rest.starts_with("<!")) {
      fail(Status::Unsupported, "negative lookbehind (?<! is not supported by RE2", start);
      return;
    }
    if (rest.starts_with('<')) {
      named_group(start);
      return;
    }
    std::size_t i = 0;
    while (i < rest.size() && (is_ascii_letter(rest[i]) || rest[i] == '-')) ++i;
    if (i > 0 && i < rest.size() && rest[i] == ':') {
      // ES2025 modifiers such as (?i:...). RE2 has the syntax, but its case folding and
      // multi-line rules differ from ECMA's, so guessing would be worse than saying so.
      fail(Status::Unsupported,
           "modifier group (?" + std::string(rest.substr(0, std::min<std::size_t>(i, 8))) +
               ": is not supported",
           start);
      return;
    }
    fail(Status::Invalid, "'(?' must be followed by ':', '=', '!', '<=', '<!' or '<name>'", start);
  }

  void named_group(std::size_t start) {
    const std::size_t name_start = start + 3;
    std::size_t i = name_start;
    bool plain = true;  // only characters RE2 accepts in (?P<name>
    while (i < in_.size() && in_[i] != '>') {
      const char c = in_[i];
      if (c == '\\') {
        fail(Status::Unsupported, "escape sequences in a group name are not supported", i);
        return;
      }
      const bool word = is_ascii_letter(c) || is_ascii_digit(c) || c == '_';
      if (!word) {
        if (c != '$' && static_cast<unsigned char>(c) < 0x80) {
          fail(Status::Invalid,
               "the group name contains '" + std::string(1, c) + "', which is not allowed in a name", i);
          return;
        }
        plain = false;
      }
      ++i;
    }
    if (i >= in_.size()) {
      fail(Status::Invalid, "the group name has no closing '>'", start);
      return;
    }
    const std::string_view name = in_.substr(name_start, i - name_start);
    if (name.empty()) {
      fail(Status::Invalid, "the group name is empty", start);
      return;
    }
    if (is_ascii_digit(name.front())) {
      fail(Status::Invalid, "a group name cannot start with a digit", name_start);
      return;
    }
    if (plain) {
      out_ += "(?P<";
      out_ += name;
      out_ += '>';
    } else {
      // RE2 rejects '$' (and some non-ASCII) in names. Since a name only matters to
      // backreferences, which are unsupported anyway, an unnamed group matches the same.
      out_ += '(';
    }
    pos_ = i + 1;
  }

  void escape_outside_class() {
    const std::size_t start = pos_;
    if (start + 1 >= in_.size()) {
      fail(Status::Invalid, "the pattern ends with a lone backslash", start);
      return;
    }
    const char e = in_[start + 1];
    switch (e) {
      case 'b':
      case 'B':
        out_ += '\\';
        out_ += e;
        pos_ += 2;
        quantifiable_ = false;
        return;
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        // Both dialects use ASCII sets here (ECMA without the u and i flags).
        out_ += '\\';
        out_ += e;
        pos_ += 2;
        quantifiable_ = true;
        return;
      case 's':
        out_ += '[';
        out_ += kSpaceRanges;
        out_ += ']';
        pos_ += 2;
        quantifiable_ = true;
        return;
      case 'S':
        out_ += "[^";
        out_ += kSpaceRanges;
        out_ += ']';
        pos_ += 2;
        quantifiable_ = true;
        return;
      case 'k':
        if (peek(start + 2, '<')) {
          fail(Status::Unsupported, "named backreference \\k<...> is not supported by RE2", start);
          return;
        }
        break;
      case 'p':
      case 'P':
        if (peek(start + 2, '{')) {
          ClassAtom atom;
          if (!property(atom)) return;
          if (atom.text.starts_with("\\p") || atom.text.starts_with("\\P")) {
            out_ += atom.text;
          } else {
            out_ += '[' + atom.text + ']';
          }
          quantifiable_ = true;
          return;
        }
        break;
      default: break;
    }
    if (e >= '1' && e <= '9') {
      std::size_t end = start + 1;
      while (end < in_.size() && end - start <= 6 && is_ascii_digit(in_[end])) ++end;
      fail(Status::Unsupported,
           "backreference " + std::string(in_.substr(start, end - start)) + " is not supported by RE2",
           start);
      return;
    }
    ClassAtom atom;
    if (!character_escape(atom, false)) return;
    out_ += atom.text;
    quantifiable_ = true;
  }

  // \p{...} or \P{...} at pos_. Long ECMA names become RE2's short ones; properties RE2
  // does not know are reported rather than silently mistranslated.
  bool property(ClassAtom& atom) {
    const std::size_t start = pos_;
    const bool negated = in_[start + 1] == 'P';
    const std::size_t close = in_.find('}', start + 3);
    if (close == std::string_view::npos) {
      fail(Status::Invalid, "\\p{ has no closing '}'", start);
      return false;
    }
    std::string_view name = in_.substr(start + 3, close - start - 3);
    if (name.empty() || name.size() > 60) {
      fail(Status::Invalid, "the property name in \\p{...} is empty or too long", start);
      return false;
    }
    for (char c : name) {
      if (!is_ascii_letter(c) && !is_ascii_digit(c) && c != '_' && c != '=') {
        fail(Status::Invalid, "the property name in \\p{...} contains '" + std::string(1, c) + "'", start);
        return false;
      }
    }
    const std::string shown = std::string(in_.substr(start, close + 1 - start));
    if (const std::size_t eq = name.find('='); eq != std::string_view::npos) {
      const std::string_view key = name.substr(0, eq);
      name = name.substr(eq + 1);
      if (key == "Script_Extensions" || key == "scx") {
        fail(Status::Unsupported, shown + ": Script_Extensions is not supported by RE2", start);
        return false;
      }
      if (key != "General_Category" && key != "gc" && key != "Script" && key != "sc") {
        fail(Status::Invalid, shown + ": unknown property " + std::string(key), start);
        return false;
      }
    }
    for (const auto& [alias, short_name] : kCategoryAliases) {
      if (name == alias) {
        name = short_name;
        break;
      }
    }
    // What RE2 will build a class for: \p{LC} is three (Lu, Ll, Lt), ASCII a plain range.
    properties_ += name == "ASCII" ? 0 : name == "LC" || name == "Cased_Letter" ? 3 : 1;
    if (properties_ > kMaxProperties) {
      fail(Status::Unsupported,
           "more than " + std::to_string(kMaxProperties) +
               " Unicode property classes (this checker's limit; \\p{LC} counts three)",
           start);
      return false;
    }
    pos_ = close + 1;
    atom.is_set = true;
    if (name == "ASCII") {
      atom.text = negated ? "\\x{80}-\\x{10FFFF}" : "\\x{0}-\\x{7F}";
      return true;
    }
    if (name == "LC" || name == "Cased_Letter") {
      if (negated) {
        fail(Status::Unsupported, shown + " (not a cased letter) is not supported", start);
        return false;
      }
      atom.text = "\\p{Lu}\\p{Ll}\\p{Lt}";
      return true;
    }
    if (!re2_knows_property(name)) {
      fail(Status::Unsupported, "the Unicode property " + shown + " is not known to RE2", start);
      return false;
    }
    atom.text = std::string(negated ? "\\P{" : "\\p{") + std::string(name) + "}";
    return true;
  }

  // A CharacterEscape (Annex B flavour) at pos_ that stands for one code point.
  // Fills atom.cp and atom.text; false when translation failed.
  bool character_escape(ClassAtom& atom, bool in_class) {
    const std::size_t start = pos_;
    const char e = in_[start + 1];
    auto done = [&](char32_t cp, std::string text, std::size_t consumed) {
      atom.cp = cp;
      atom.text = std::move(text);
      pos_ = start + consumed;
      return true;
    };
    switch (e) {
      case 't': return done(0x09, "\\t", 2);
      case 'n': return done(0x0A, "\\n", 2);
      case 'v': return done(0x0B, "\\x0B", 2);
      case 'f': return done(0x0C, "\\f", 2);
      case 'r': return done(0x0D, "\\r", 2);
      case 'c': {
        if (start + 2 < in_.size()) {
          const char letter = in_[start + 2];
          // Annex B also allows digits and '_' after \c inside a class.
          if (is_ascii_letter(letter) || (in_class && (is_ascii_digit(letter) || letter == '_'))) {
            const char32_t cp = static_cast<char32_t>(letter) % 32;
            return done(cp, hex_escape(cp, 2), 3);
          }
        }
        // Annex B: otherwise the backslash is a literal and 'c' is read next.
        return done(U'\\', render_literal(U'\\', in_class), 1);
      }
      case 'x': {
        if (start + 3 < in_.size() && hex_value(in_[start + 2]) >= 0 && hex_value(in_[start + 3]) >= 0) {
          const auto cp = static_cast<char32_t>(hex_value(in_[start + 2]) * 16 + hex_value(in_[start + 3]));
          return done(cp, hex_escape(cp, 2), 4);
        }
        return done(U'x', "x", 2);  // Annex B identity escape
      }
      case 'u': return unicode_escape(atom);
      default: break;
    }
    if (is_octal(e)) {
      // Annex B LegacyOctalEscapeSequence; outside a class only "\0..." gets here.
      std::size_t i = start + 1;
      char32_t cp = 0;
      const std::size_t max_digits = e <= '3' ? 3 : 2;
      while (i < in_.size() && i - (start + 1) < max_digits && is_octal(in_[i])) {
        cp = cp * 8 + static_cast<char32_t>(in_[i] - '0');
        ++i;
      }
      return done(cp, hex_escape(cp, 2), i - start);
    }
    // IdentityEscape: ECMA without the u flag reads any other escaped character as itself,
    // including letters such as \a \e \z \A \Q that mean something else (or nothing) to RE2.
    char32_t cp = 0;
    std::size_t length = 0;
    if (!decode_code_point(in_, start + 1, cp, length)) {
      fail(Status::Invalid, "the pattern is not valid UTF-8 here", start + 1);
      return false;
    }
    return done(cp, render_literal(cp, in_class), 1 + length);
  }

  // \uXXXX (joining a surrogate pair into one code point) or \u{X...}. RE2 matches UTF-8
  // text, where a lone surrogate cannot occur, so one is reported instead of never matching.
  bool unicode_escape(ClassAtom& atom) {
    const std::size_t start = pos_;
    auto four_hex = [&](std::size_t at, char32_t& value) {
      if (at + 4 > in_.size()) return false;
      value = 0;
      for (std::size_t i = at; i < at + 4; ++i) {
        const int digit = hex_value(in_[i]);
        if (digit < 0) return false;
        value = value * 16 + static_cast<char32_t>(digit);
      }
      return true;
    };
    char32_t cp = 0;
    std::size_t consumed = 0;
    if (peek(start + 2, '{')) {
      std::size_t i = start + 3;
      bool too_big = false;
      while (i < in_.size() && hex_value(in_[i]) >= 0) {
        // Saturating, so a long run of digits cannot overflow.
        if (!too_big) cp = cp * 16 + static_cast<char32_t>(hex_value(in_[i]));
        too_big = too_big || cp > kMaxCodePoint;
        ++i;
      }
      if (i > start + 3 && peek(i, '}')) {
        if (too_big) {
          fail(Status::Invalid, "the escape \\u{...} is above U+10FFFF", start);
          return false;
        }
        consumed = i + 1 - start;
      }
    } else if (four_hex(start + 2, cp)) {
      consumed = 6;
      char32_t low = 0;
      if (cp >= 0xD800 && cp <= 0xDBFF && peek(start + 6, '\\') && peek(start + 7, 'u') &&
          four_hex(start + 8, low) && low >= 0xDC00 && low <= 0xDFFF) {
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        consumed = 12;
      }
    }
    if (consumed == 0) {
      // Annex B: a malformed \u is the letter u.
      atom.cp = U'u';
      atom.text = "u";
      pos_ = start + 2;
      return true;
    }
    if (is_surrogate(cp)) {
      fail(Status::Unsupported,
           "the lone surrogate " + std::string(in_.substr(start, consumed)) + " cannot match UTF-8 text",
           start);
      return false;
    }
    atom.cp = cp;
    atom.text = hex_escape(cp, 4);
    pos_ = start + consumed;
    return true;
  }

  // One ClassAtom at pos_ (which is not ']').
  bool class_atom(ClassAtom& atom) {
    const std::size_t start = pos_;
    const char c = in_[start];
    if (c != '\\') {
      char32_t cp = 0;
      std::size_t length = 0;
      if (!decode_code_point(in_, start, cp, length)) {
        fail(Status::Invalid, "the pattern is not valid UTF-8 here", start);
        return false;
      }
      atom.cp = cp;
      atom.text = render_literal(cp, true);
      pos_ += length;
      return true;
    }
    if (start + 1 >= in_.size()) {
      fail(Status::Invalid, "the pattern ends with a lone backslash", start);
      return false;
    }
    const char e = in_[start + 1];
    switch (e) {
      case 'b':
        atom.cp = 0x08;
        atom.text = hex_escape(0x08, 2);
        pos_ += 2;
        return true;
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        atom.is_set = true;
        atom.text = std::string("\\") + e;
        pos_ += 2;
        return true;
      case 's':
        atom.is_set = true;
        atom.text = kSpaceRanges;
        pos_ += 2;
        return true;
      case 'S':
        atom.is_set = true;
        atom.text = not_space_ranges();
        pos_ += 2;
        return true;
      case 'p':
      case 'P':
        if (peek(start + 2, '{')) return property(atom);
        break;
      case '8':
      case '9':
        // Annex B: inside a class these are identity escapes, not backreferences.
        atom.cp = static_cast<char32_t>(e);
        atom.text = std::string(1, e);
        pos_ += 2;
        return true;
      default: break;
    }
    return character_escape(atom, true);
  }

  static std::string not_space_ranges() {
    std::string text;
    char32_t next = 0;
    for (const auto& [lo, hi] : kSpaceTable) {
      if (lo > next) text += hex_escape(next, 1) + "-" + hex_escape(lo - 1, 1);
      next = hi + 1;
    }
    text += hex_escape(next, 1) + "-" + hex_escape(kMaxCodePoint, 1);
    return text;
  }

  // Rebuilds the class atom by atom so ECMA's rules apply, not RE2's: "[]" and "[^]",
  // "[a-\d]" (Annex B: the '-' is literal), and '[' and '-' always escaped.
  void character_class() {
    const std::size_t start = pos_;
    ++pos_;
    bool negated = false;
    if (peek(pos_, '^')) {
      negated = true;
      ++pos_;
    }
    if (peek(pos_, ']')) {
      out_ += negated ? kAnyClass : kNoneClass;
      ++pos_;
      return;
    }
    std::string body;
    while (true) {
      if (pos_ >= in_.size()) {
        fail(Status::Invalid, "the character class is never closed with ']'", start);
        return;
      }
      if (in_[pos_] == ']') {
        ++pos_;
        break;
      }
      const std::size_t atom_start = pos_;
      ClassAtom first;
      if (!class_atom(first)) return;
      if (peek(pos_, '-') && pos_ + 1 < in_.size() && in_[pos_ + 1] != ']') {
        ++pos_;
        ClassAtom last;
        if (!class_atom(last)) return;
        if (first.is_set || last.is_set) {
          body += first.text + "\\-" + last.text;
        } else if (first.cp > last.cp) {
          fail(Status::Invalid,
               "the class range " + std::string(in_.substr(atom_start, pos_ - atom_start)) +
                   " is out of order",
               atom_start);
          return;
        } else {
          body += first.text + "-" + last.text;
        }
      } else {
        body += first.text;
      }
    }
    out_ += '[';
    if (negated) out_ += '^';
    out_ += body;
    out_ += ']';
  }

  // RE2 parses a pattern into a tree before its memory budget (max_mem) applies, and a Unicode
  // property class in that tree takes about 32 KB (\p{L}: hundreds of ranges): 600,000 of them
  // in one 3.6 MB pattern took 19 GB and 100 s. So the translation refuses to hand RE2 more than
  // these (a few MB of tree at most); what is past them is not evaluated, never judged invalid.
  // (Other class escapes, \s or \w, are a few ranges each: the byte limit bounds them.)
  static constexpr std::size_t kMaxPatternBytes = std::size_t{64} << 10;
  static constexpr std::size_t kMaxProperties = 256;

  std::string_view in_;
  std::size_t pos_ = 0;
  std::size_t properties_ = 0;  // Unicode property classes read so far
  std::string out_;
  bool quantifiable_ = false;
  std::vector<std::size_t> open_groups_;                    // offsets of unclosed '(' (an explicit stack)
  std::vector<std::pair<std::size_t, std::size_t>> marks_;  // (RE2 offset, ECMA offset)
  PatternTranslation result_;
};

}  // namespace

PatternTranslation translate_pattern(std::string_view ecma) { return Translator(ecma).run(); }

struct CompiledPattern::Impl {
  std::unique_ptr<re2::RE2> re;
};

CompiledPattern::CompiledPattern(CompiledPattern&&) noexcept = default;
CompiledPattern& CompiledPattern::operator=(CompiledPattern&&) noexcept = default;
CompiledPattern::~CompiledPattern() = default;

CompiledPattern CompiledPattern::compile(std::string_view ecma) {
  CompiledPattern result;
  Translator translator(ecma);
  result.translation_ = translator.run();
  if (result.translation_.status != PatternTranslation::Status::Ok) return result;

  const std::string& source = result.translation_.re2_source;
  auto re = std::make_unique<re2::RE2>(re2::StringPiece(source.data(), source.size()), re2_options());
  if (!re->ok()) {
    auto& t = result.translation_;
    // Past RE2's own limits (a counted repetition over 1000, a program over max_mem) the pattern
    // is still ECMA-262, which has no such limits: a client can validate against it, this checker
    // cannot, so it is not evaluated rather than judged invalid.
    const bool limit =
        re->error_code() == RE2::ErrorRepeatSize || re->error_code() == RE2::ErrorPatternTooLarge;
    t.status = limit ? PatternTranslation::Status::Unsupported : PatternTranslation::Status::Invalid;
    t.reason = limit ? "a size past RE2's limits (RE2: " + re->error() + ")"
                     : "RE2 cannot compile the pattern: " + re->error();
    const std::string& arg = re->error_arg();
    const std::size_t at = arg.empty() ? std::string::npos : source.find(arg);
    t.offset = at == std::string::npos ? 0 : Translator::source_offset(translator.take_marks(), at);
    return result;
  }
  result.impl_ = std::make_unique<Impl>();
  result.impl_->re = std::move(re);
  return result;
}

std::shared_ptr<const CompiledPattern> CompiledPattern::shared(std::string_view ecma) {
  constexpr std::size_t kMaxPatterns = 512;
  static std::mutex mutex;
  static std::unordered_map<std::string, std::shared_ptr<const CompiledPattern>> cache;
  std::string key(ecma);
  const std::lock_guard lock(mutex);
  if (const auto it = cache.find(key); it != cache.end()) return it->second;
  if (cache.size() >= kMaxPatterns) cache.clear();
  auto compiled = std::make_shared<const CompiledPattern>(compile(ecma));
  cache.emplace(std::move(key), compiled);
  return compiled;
}

bool CompiledPattern::search(std::string_view text) const {
  if (!impl_ || !impl_->re) return false;
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *impl_->re);
}

}  // namespace ec
