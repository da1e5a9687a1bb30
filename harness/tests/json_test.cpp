#include "core/json.h"

#include <string>

#include <gtest/gtest.h>

#include "core/json_pointer.h"

namespace ec {
namespace {

TEST(Json, ParsesAnObject) {
  ParsedJson p = parse_json(R"({"a": [1, "x", true, null, 2.5]})");
  ASSERT_TRUE(p.ok());
  EXPECT_TRUE(p.document.IsObject());
  EXPECT_EQ(to_json(p.document), R"({"a":[1,"x",true,null,2.5]})");
  EXPECT_TRUE(p.notes.empty());
}

TEST(Json, RejectsEmptyInput) {
  ParsedJson p = parse_json("  \n");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error->code, JsonErrorCode::Empty);
}

TEST(Json, ReportsSyntaxErrorOffset) {
  ParsedJson p = parse_json(R"({"a": tru})");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error->code, JsonErrorCode::Syntax);
  EXPECT_EQ(p.error->offset, 9u);  // RapidJSON reports where it stopped: the '}' after "tru"
  EXPECT_TRUE(p.document.IsNull());
}

TEST(Json, RejectsTrailingGarbage) { EXPECT_FALSE(parse_json("{} {}").ok()); }

TEST(Json, RejectsInputOverByteLimitBeforeParsing) {
  ParsedJson p = parse_json(std::string(100, ' ') + "{}", ParseLimits{50, 64});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error->code, JsonErrorCode::TooLarge);
  EXPECT_EQ(p.error->offset, 50u);
}

TEST(Json, MillionNestedBracketsStopAtDepthLimit) {
  const std::string deep(1000000, '[');
  ParsedJson p = parse_json(deep, ParseLimits{4u << 20, 64});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error->code, JsonErrorCode::TooDeep);
  EXPECT_EQ(p.error->offset, 64u);  // the 65th '[' (offset 64) is the one too many
}

TEST(Json, DepthLimitIsExact) {
  std::string ok = std::string(64, '[') + std::string(64, ']');
  EXPECT_TRUE(parse_json(ok).ok());
  std::string deep = std::string(65, '[') + std::string(65, ']');
  EXPECT_EQ(parse_json(deep).error->code, JsonErrorCode::TooDeep);
  std::string objects;
  for (int i = 0; i < 65; ++i) objects += R"({"a":)";
  objects += "1" + std::string(65, '}');
  EXPECT_EQ(parse_json(objects).error->code, JsonErrorCode::TooDeep);
}

TEST(Json, NulByteIsAnErrorEvenAfterACompleteValue) {
  // RapidJSON's streams read NUL as end of input: "{}\0garbage" would otherwise be accepted.
  ParsedJson p = parse_json(std::string("{}\0garbage", 10));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error->code, JsonErrorCode::NulByte);
  EXPECT_EQ(p.error->offset, 2u);
}

TEST(Json, EscapedNulInStringIsFine) {
  ParsedJson p = parse_json(R"({"a":"x\u0000y"})");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.document["a"].GetStringLength(), 3u);
}

TEST(Json, InvalidUtf8HasOffset) {
  ParsedJson p = parse_json("{\"a\":\"\xC3\x28\"}");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error->code, JsonErrorCode::InvalidUtf8);
  EXPECT_EQ(p.error->offset, 6u);
}

TEST(Json, LoneSurrogateEscapeIsRejected) {
  EXPECT_FALSE(parse_json(R"({"a":"\ud800"})").ok());
  // RapidJSON itself lets a lone low surrogate through as invalid UTF-8; we must not.
  ParsedJson low = parse_json(R"({"a":"x\udc00"})");
  ASSERT_FALSE(low.ok());
  EXPECT_EQ(low.error->code, JsonErrorCode::InvalidUtf8);
  EXPECT_FALSE(parse_json(R"({"\udfff":1})").ok());
  EXPECT_TRUE(parse_json(R"({"a":"\ud83d\ude00"})").ok());  // a proper pair is fine
}

TEST(Json, NumberTooLargeForDouble) {
  ParsedJson p = parse_json(R"({"n": 1e400})");
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error->code, JsonErrorCode::NumberTooLarge);
  EXPECT_EQ(check_id(p.error->code), "json.number-too-large");
}

TEST(Json, UnderflowBecomesZero) {
  ParsedJson p = parse_json(R"([1e-400])");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.document[0].GetDouble(), 0.0);
}

TEST(Json, NegativeZeroIsNotedWithPointer) {
  ParsedJson p = parse_json(R"({"a": [0, -0]})");
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p.notes.size(), 1u);
  EXPECT_EQ(p.notes[0].kind, JsonNote::Kind::NegativeZero);
  EXPECT_EQ(p.notes[0].pointer, "/a/1");
  EXPECT_EQ(to_diagnostic(p.notes[0]).check, "json.negative-zero");
}

TEST(Json, IntegersKeepFull64BitValues) {
  ParsedJson p = parse_json(R"([18446744073709551615, -9223372036854775808, 9007199254740993])");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.document[0].GetUint64(), 18446744073709551615ull);
  EXPECT_EQ(p.document[1].GetInt64(), INT64_MIN);
  EXPECT_EQ(p.document[2].GetUint64(), 9007199254740993ull);
  EXPECT_EQ(p.notes.size(), 3u);  // all beyond 2^53
}

TEST(Json, IntegerBeyond64BitsBecomesImpreciseDouble) {
  ParsedJson p = parse_json(R"({"x": 123456789012345678901234567890})");
  ASSERT_TRUE(p.ok());
  EXPECT_TRUE(p.document["x"].IsDouble());
  ASSERT_EQ(p.notes.size(), 1u);
  EXPECT_EQ(p.notes[0].kind, JsonNote::Kind::ImpreciseInteger);
  EXPECT_EQ(p.notes[0].pointer, "/x");
}

TEST(Json, DuplicateKeysAreNotedAndFirstWins) {
  ParsedJson p = parse_json(R"({"id": 1, "m": {"k/~": 1, "k/~": 2}, "id": 2})");
  ASSERT_TRUE(p.ok());
  ASSERT_EQ(p.notes.size(), 2u);
  EXPECT_EQ(p.notes[0].pointer, "/m/k~1~0");
  EXPECT_EQ(p.notes[1].pointer, "/id");
  EXPECT_EQ(find_member(p.document, "id")->GetInt(), 1);
  EXPECT_EQ(to_diagnostic(p.notes[0]).level, Level::Should);
}

TEST(Json, NotesAreCapped) {
  std::string many = "{";
  for (int i = 0; i < 1000; ++i) many += R"("a":1,)";
  many += R"("a":1})";
  ParsedJson p = parse_json(many);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p.notes.size(), 100u);
}

TEST(Json, IntegralCoversJsonSchemaIntegers) {
  ParsedJson p = parse_json(R"([5, 5.0, 1e3, -0, 5.5])");
  ASSERT_TRUE(p.ok());
  EXPECT_TRUE(is_integral(p.document[0]));
  EXPECT_TRUE(is_integral(p.document[1]));
  EXPECT_TRUE(is_integral(p.document[2]));
  EXPECT_TRUE(is_integral(p.document[3]));
  EXPECT_FALSE(is_integral(p.document[4]));
}

TEST(JsonPointer, EscapesAndValidates) {
  EXPECT_EQ(pointer_append("/a", "b/c~d"), "/a/b~1c~0d");
  EXPECT_EQ(pointer_append("", 3), "/3");
  EXPECT_TRUE(is_valid_pointer(""));
  EXPECT_TRUE(is_valid_pointer("/a~0/b~1"));
  EXPECT_FALSE(is_valid_pointer("a"));
  EXPECT_FALSE(is_valid_pointer("/a~2"));
  EXPECT_FALSE(is_valid_pointer("/a~"));
}

}  // namespace
}  // namespace ec
