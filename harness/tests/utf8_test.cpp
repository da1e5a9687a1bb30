#include "core/utf8.h"

#include <gtest/gtest.h>

namespace ec {
namespace {

TEST(Utf8, AcceptsWellFormedText) {
  EXPECT_FALSE(find_invalid_utf8("plain ascii").has_value());
  EXPECT_FALSE(find_invalid_utf8("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80").has_value());  // é € 😀
}

TEST(Utf8, FindsTheFirstBadByte) {
  EXPECT_EQ(find_invalid_utf8("ab\xFF"), 2u);
  EXPECT_EQ(find_invalid_utf8("\xC0\xAF"), 0u);          // overlong '/'
  EXPECT_EQ(find_invalid_utf8("x\xED\xA0\x80"), 1u);     // UTF-16 surrogate
  EXPECT_EQ(find_invalid_utf8("\xF4\x90\x80\x80"), 0u);  // above U+10FFFF
  EXPECT_EQ(find_invalid_utf8("\xE2\x82"), 0u);          // truncated
}

TEST(Utf8, CountsCodePointsNotBytes) {
  EXPECT_EQ(count_code_points(""), 0u);
  EXPECT_EQ(count_code_points("abc"), 3u);
  EXPECT_EQ(count_code_points("\xC3\xA9t\xC3\xA9"), 3u);  // été
  EXPECT_EQ(count_code_points("\xF0\x9F\x98\x80"), 1u);   // one emoji, four bytes
}

TEST(Utf8, AbbreviatesAtACodePointBoundary) {
  EXPECT_EQ(abbreviate_utf8("short", 10), "short");
  EXPECT_EQ(abbreviate_utf8("\xC3\xA9\xC3\xA9", 3), "\xC3\xA9...");
  EXPECT_FALSE(find_invalid_utf8(abbreviate_utf8("\xF0\x9F\x98\x80\xF0\x9F\x98\x80", 6)).has_value());
}

TEST(Utf8, InvalidBytesBecomeVisibleEscapes) {
  EXPECT_EQ(to_valid_utf8("ok \xC3\xA9"), "ok \xC3\xA9");
  EXPECT_EQ(to_valid_utf8("a\xFF\xFE"
                          "b"),
            "a\\xFF\\xFEb");
  EXPECT_EQ(to_valid_utf8("\xE2\x82"), "\\xE2\\x82");
  EXPECT_FALSE(find_invalid_utf8(to_valid_utf8("\xC0\xAF\xED\xA0\x80")).has_value());
}

// The decoder and the encoder are each other's inverse over every scalar value, and the decoder
// refuses exactly what find_invalid_utf8 reports (the pattern translator and the content
// validator must agree on what UTF-8 is).
TEST(Utf8, EveryScalarValueRoundTrips) {
  for (char32_t cp = 0; cp <= kMaxCodePoint; ++cp) {
    if (is_surrogate(cp)) continue;
    std::string bytes;
    append_code_point(bytes, cp);
    char32_t back = 0;
    std::size_t length = 0;
    ASSERT_TRUE(decode_code_point(bytes, 0, back, length)) << static_cast<unsigned>(cp);
    ASSERT_EQ(back, cp);
    ASSERT_EQ(length, bytes.size());
    ASSERT_FALSE(find_invalid_utf8(bytes).has_value());
  }
}

TEST(Utf8, TheDecoderRefusesWhatFindInvalidReports) {
  for (const std::string_view bad : {"\x80", "\xC0\xAF", "\xC2", "\xE0\x80\x80", "\xED\xA0\x80",
                                     "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xE2\x28\xA1", "\xFF"}) {
    char32_t cp = 0;
    std::size_t length = 0;
    EXPECT_FALSE(decode_code_point(bad, 0, cp, length));
    EXPECT_EQ(find_invalid_utf8(bad), 0u);
  }
}

}  // namespace
}  // namespace ec
