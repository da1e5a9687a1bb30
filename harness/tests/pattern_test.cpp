#include "schema/pattern.h"

#include <gtest/gtest.h>

#include <string>

namespace ec {
namespace {

using Status = PatternTranslation::Status;

// The RE2 source, or the reason when translation failed (so a failure message shows why).
std::string re2_of(std::string_view ecma) {
  const auto t = translate_pattern(ecma);
  return t.status == Status::Ok ? t.re2_source : "<not ok: " + t.reason + ">";
}

// Compiles `ecma` and searches `text`; fails the test if the pattern does not compile.
bool matches(std::string_view ecma, std::string_view text) {
  const auto p = CompiledPattern::compile(ecma);
  EXPECT_EQ(p.status(), Status::Ok) << ecma << ": " << p.translation().reason;
  return p.search(text);
}

TEST(Pattern, PlainConstructsPassThrough) {
  EXPECT_EQ(re2_of(R"(^\d{3}-\w+(?:ab|c)*?\b$)"), R"(^\d{3}-\w+(?:ab|c)*?\b$)");
  EXPECT_EQ(re2_of(R"(\t\n\r\f\.\*\+)"), R"(\t\n\r\f\.\*\+)");
}

TEST(Pattern, SearchIsUnanchored) {
  EXPECT_TRUE(matches("b", "abc"));
  EXPECT_FALSE(matches("^b", "abc"));
  EXPECT_FALSE(matches("a$", "a\n"));  // no multi-line: $ is only the end of the text
}

TEST(Pattern, NamedGroupBecomesRe2Syntax) {
  EXPECT_EQ(re2_of(R"((?<year>\d{4}))"), R"((?P<year>\d{4}))");
  EXPECT_TRUE(matches(R"(^(?<year>\d{4})$)", "2024"));
}

TEST(Pattern, DotExcludesAllFourLineTerminators) {
  EXPECT_EQ(re2_of("a.b"), R"(a[^\n\r\x{2028}\x{2029}]b)");
  EXPECT_TRUE(matches("^.$", "x"));
  EXPECT_FALSE(matches("^.$", "\r"));
  EXPECT_FALSE(matches("^.$", "\xE2\x80\xA8"));  // U+2028
  EXPECT_TRUE(matches("^[.]$", "."));
  EXPECT_FALSE(matches("^[.]$", "x"));  // inside a class '.' is literal
}

TEST(Pattern, WhitespaceUsesEcmaSet) {
  EXPECT_EQ(
      re2_of(R"(\s)"),
      R"([\t\n\x0B\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}])");
  EXPECT_TRUE(matches(R"(^\s$)", "\xC2\xA0"));        // U+00A0
  EXPECT_TRUE(matches(R"(^\s$)", "\xEF\xBB\xBF"));    // U+FEFF
  EXPECT_FALSE(matches(R"(^\s$)", "\xE2\x80\x8B"));   // U+200B is not whitespace
  EXPECT_EQ(re2_of(R"([\sa])").find("[\\t\\n"), 0u);  // ranges inserted without brackets
}

TEST(Pattern, NonWhitespaceOutsideAndInsideClass) {
  EXPECT_EQ(re2_of(R"(\S)").substr(0, 6), R"([^\t\n)");
  EXPECT_FALSE(matches(R"(^\S$)", "\xE3\x80\x80"));  // U+3000
  // RE2 cannot subtract sets inside a class, so [\S] is spelled as explicit ranges.
  EXPECT_TRUE(matches(R"(^[\S]$)", "x"));
  EXPECT_FALSE(matches(R"(^[\S]$)", "\xC2\xA0"));
  EXPECT_TRUE(matches(R"(^[^\S]$)", "\xE2\x80\x8A"));  // U+200A
}

TEST(Pattern, UnicodeEscapes) {
  EXPECT_EQ(re2_of(R"(\u00e9)"), R"(\x{00E9})");
  EXPECT_EQ(re2_of(R"(\uD83D\uDE00)"), R"(\x{1F600})");
  EXPECT_EQ(re2_of(R"(\u{1F600})"), R"(\x{1F600})");
  EXPECT_TRUE(matches(R"(^\uD83D\uDE00$)", "\xF0\x9F\x98\x80"));
  EXPECT_TRUE(matches(R"(^[\uD83D\uDE00-\uD83D\uDE4F]$)", "\xF0\x9F\x98\x81"));
  EXPECT_TRUE(matches(R"(^\u$)", "u"));  // Annex B: a malformed \u is the letter u
}

TEST(Pattern, LoneSurrogateIsUnsupported) {
  const auto t = translate_pattern(R"(ab\uD83D)");
  EXPECT_EQ(t.status, Status::Unsupported);
  EXPECT_EQ(t.offset, 2u);
}

TEST(Pattern, ControlEscapes) {
  EXPECT_EQ(re2_of(R"(\cA\cz)"), R"(\x{01}\x{1A})");
  EXPECT_TRUE(matches(R"(^\cJ$)", "\n"));
  EXPECT_TRUE(matches(R"(^\c1$)", "\\c1"));  // Annex B: not a control escape
}

TEST(Pattern, EmptyClasses) {
  EXPECT_EQ(re2_of("[^]"), R"([\x{0}-\x{10FFFF}])");
  EXPECT_EQ(re2_of("[]"), R"([^\x{0}-\x{10FFFF}])");
  EXPECT_TRUE(matches("^[^]$", "\n"));
  EXPECT_FALSE(matches("[]", "anything"));
}

TEST(Pattern, BackspaceInsideClass) {
  EXPECT_EQ(re2_of(R"([\b])"), R"([\x{08}])");
  EXPECT_TRUE(matches(R"(^[\b]$)", "\b"));
  EXPECT_TRUE(matches(R"(a\b)", "a b"));  // outside a class it is still a word boundary
}

TEST(Pattern, SimpleEscapesAndNul) {
  EXPECT_EQ(re2_of(R"(\v\0\/)"), R"(\x0B\x{00}/)");
  EXPECT_TRUE(matches(R"(^\0$)", std::string_view("\0", 1)));
}

TEST(Pattern, IdentityEscapesOfLettersAreLiterals) {
  // ECMA without the u flag reads \a \e \z \A \Q as the letters; RE2 gives them meanings.
  EXPECT_EQ(re2_of(R"(\a\e\z\A\Q)"), "aezAQ");
  EXPECT_TRUE(matches(R"(^\z$)", "z"));
}

TEST(Pattern, LiteralBracesAndBrackets) {
  EXPECT_EQ(re2_of("a{,3}]"), R"(a\{,3\}\])");
  EXPECT_TRUE(matches("^x{,3}$", "x{,3}"));
}

TEST(Pattern, ClassesAreRebuiltWithEcmaRules) {
  // RE2 would read [[:alpha:]] as a POSIX class; ECMA sees '[' ':' 'a' ... then ']'.
  EXPECT_EQ(re2_of("[[:alpha:]]"), R"([\[:alpha:]\])");
  EXPECT_FALSE(matches("^[[:alpha:]]$", "b"));
  // Annex B: a range with a class escape at one end is three atoms.
  EXPECT_EQ(re2_of(R"([a-\d])"), R"([a\-\d])");
  EXPECT_TRUE(matches(R"(^[a-\d]+$)", "-a5"));
}

TEST(Pattern, UnicodePropertiesPassThrough) {
  EXPECT_EQ(re2_of(R"(\p{Lu}\P{Greek})"), R"(\p{Lu}\P{Greek})");
  EXPECT_EQ(re2_of(R"(\p{Letter})"), R"(\p{L})");
  EXPECT_TRUE(matches(R"(^\p{L}+$)", "\xC3\xA9t\xC3\xA9"));
  EXPECT_FALSE(matches(R"(^\p{Lu}$)", "a"));
  EXPECT_EQ(translate_pattern(R"(\p{Cn})").status, Status::Unsupported);
}

TEST(Pattern, APropertyIsJudgedAlikeEveryTimeItIsNamed) {
  // RE2 is asked about a property name once and the answer kept: asking again, in the same
  // pattern or another, must give the same answer for known and unknown names alike.
  std::string many;
  for (int i = 0; i < 100; ++i) many += R"(\p{L}\P{Greek})";
  EXPECT_EQ(translate_pattern(many).status, Status::Ok);
  EXPECT_EQ(re2_of(many), many);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(translate_pattern(R"(\p{Cn})").status, Status::Unsupported);
    EXPECT_EQ(translate_pattern(R"(x\p{NoSuchName})").status, Status::Unsupported);
    EXPECT_TRUE(matches(R"(^\p{Greek}$)", "\xCE\xB1"));
  }
  // More names than the memory keeps (it starts again): the answers do not change.
  for (int i = 0; i < 300; ++i) {
    EXPECT_EQ(translate_pattern("\\p{Script=Zz" + std::to_string(i) + "}").status, Status::Unsupported) << i;
  }
  EXPECT_EQ(translate_pattern(R"(\p{Lu})").status, Status::Ok);
  EXPECT_EQ(translate_pattern(R"(\p{Cn})").status, Status::Unsupported);
}

TEST(Pattern, LookaroundIsUnsupportedWithOffset) {
  const auto ahead = translate_pattern("ab(?=c)");
  EXPECT_EQ(ahead.status, Status::Unsupported);
  EXPECT_EQ(ahead.offset, 2u);
  EXPECT_NE(ahead.reason.find("lookahead (?="), std::string::npos);
  const auto behind = translate_pattern("x(?<=c)");
  EXPECT_EQ(behind.status, Status::Unsupported);
  EXPECT_EQ(behind.offset, 1u);
  EXPECT_NE(translate_pattern("(?<!c)").reason.find("lookbehind"), std::string::npos);
  // Inside a class these are ordinary characters.
  EXPECT_EQ(translate_pattern("[(?=]").status, Status::Ok);
}

TEST(Pattern, BackreferencesAreUnsupportedWithOffset) {
  const auto numbered = translate_pattern(R"((a)\1)");
  EXPECT_EQ(numbered.status, Status::Unsupported);
  EXPECT_EQ(numbered.offset, 3u);
  const auto named = translate_pattern(R"((?<x>a)\k<x>)");
  EXPECT_EQ(named.status, Status::Unsupported);
  EXPECT_EQ(named.offset, 7u);
  EXPECT_EQ(re2_of(R"([\1])"), R"([\x{01}])");  // Annex B: octal inside a class
}

TEST(Pattern, InvalidPatternsAreReported) {
  EXPECT_EQ(translate_pattern("(a").status, Status::Invalid);
  EXPECT_EQ(translate_pattern("a)").offset, 1u);
  EXPECT_EQ(translate_pattern("*a").status, Status::Invalid);
  EXPECT_EQ(translate_pattern("a**").status, Status::Invalid);
  EXPECT_EQ(translate_pattern("^*").status, Status::Invalid);  // RE2 would accept it
  EXPECT_EQ(translate_pattern("[z-a]").status, Status::Invalid);
  EXPECT_EQ(translate_pattern("(?i)a").status, Status::Invalid);
}

TEST(Pattern, Re2SizeLimitsAreUnsupportedNotInvalid) {
  // ECMA-262 has no limit on a repetition count or a pattern's size: a client can validate
  // against these, RE2 cannot, so the checker says it cannot judge (never "invalid").
  const auto repeat = CompiledPattern::compile("ab{1001}");
  EXPECT_EQ(repeat.status(), Status::Unsupported);
  EXPECT_NE(repeat.translation().reason.find("repetition"), std::string::npos);
  EXPECT_EQ(repeat.translation().offset, 2u);
  EXPECT_EQ(CompiledPattern::compile("(a{1000}){1000}").status(), Status::Unsupported);
  const auto large = CompiledPattern::compile(R"((\p{L}{100}){10})");
  EXPECT_EQ(large.status(), Status::Unsupported);
  EXPECT_NE(large.translation().reason.find("too large"), std::string::npos);
}

TEST(Pattern, PatternsPastTheTranslationsLimitsAreNotEvaluated) {
  // RE2's parse tree is built before its memory budget applies; these limits keep it small.
  std::string properties;
  for (int i = 0; i < 256; ++i) properties += R"(\p{L})";
  EXPECT_EQ(translate_pattern(properties).status, Status::Ok);
  properties += R"([\p{N}])";
  const auto too_many = translate_pattern(properties);
  EXPECT_EQ(too_many.status, Status::Unsupported);
  EXPECT_EQ(too_many.offset, 256u * 5 + 1);
  EXPECT_NE(too_many.reason.find("256 Unicode property classes"), std::string::npos) << too_many.reason;
  // \p{LC} is three classes to RE2 (Lu, Ll, Lt): 86 of them are past the limit, 85 are not.
  std::string cased;
  for (int i = 0; i < 85; ++i) cased += R"(\p{LC})";
  EXPECT_EQ(translate_pattern(cased).status, Status::Ok);
  cased += R"(\p{Cased_Letter})";
  EXPECT_EQ(translate_pattern(cased).status, Status::Unsupported);

  const std::string long_pattern((std::size_t{64} << 10) + 1, 'a');
  const auto too_long = CompiledPattern::compile(long_pattern);
  EXPECT_EQ(too_long.status(), Status::Unsupported);
  EXPECT_NE(too_long.translation().reason.find("65537 bytes"), std::string::npos)
      << too_long.translation().reason;
  EXPECT_EQ(translate_pattern(long_pattern.substr(1)).status, Status::Ok);
}

TEST(Pattern, HostileInputsRunInLinearTime) {
  std::string as(100'000, 'a');
  as += '!';
  EXPECT_FALSE(matches("^(a+)+$", as));
  EXPECT_TRUE(matches("^[a-z]*$", std::string(20'000, 'q')));
  EXPECT_FALSE(matches("^[a-z]*$", std::string(20'000, 'q') + "Q"));
}

TEST(Pattern, CompiledPatternMoves) {
  auto a = CompiledPattern::compile("x+");
  CompiledPattern b = std::move(a);
  EXPECT_TRUE(b.search("yxy"));
  auto c = CompiledPattern::compile("(?=x)");
  EXPECT_FALSE(c.search("x"));  // not Ok: never reports a match
  c = std::move(b);
  EXPECT_TRUE(c.search("x"));
}

}  // namespace
}  // namespace ec
