// compare_requested_schema: what a tool asked for against what reached the client, by value.
#include "schema/schema_diff.h"

#include <gtest/gtest.h>

#include "core/json.h"

namespace ec {
namespace {

using Kind = SchemaDifference::Kind;

std::vector<SchemaDifference> diff(const char* asked, const char* sent) {
  ParsedJson a = parse_json(asked), s = parse_json(sent);
  EXPECT_TRUE(a.ok() && s.ok());
  return compare_requested_schema(a.document, s.document);
}

constexpr const char* kAsked = R"({"type":"object","properties":{
  "n":{"type":"integer","minimum":0,"default":0,"title":"N","description":"How many"},
  "s":{"type":"string","format":"email","pattern":"^a","minLength":1,"default":""},
  "b":{"type":"boolean","default":false},
  "c":{"type":"string","oneOf":[{"const":"x","title":"Ex"},{"const":"y","title":"Why"}]},
  "l":{"type":"string","enum":["p","q"],"enumNames":["P","Q"]},
  "m":{"type":"array","items":{"type":"string","enum":["u","v"]},"maxItems":2,"default":[]}},
  "required":["n","s"]})";

TEST(SchemaDiff, TheSameSchemaHasNoDifference) { EXPECT_TRUE(diff(kAsked, kAsked).empty()); }

// Titles, properties the tool never asked for (and their required names), keywords outside the
// subset: another rule's business or nothing a client accepts differently.
TEST(SchemaDiff, AddedTitlesPropertiesAndOutsideKeywordsAreNotJudged) {
  const auto d =
      diff(R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a","b"]})",
           R"({"type":"object","properties":{"a":{"type":"string","title":"A"},"z":{"type":"string"}},
                          "required":["b","a","z"],"$schema":"x"})");
  EXPECT_TRUE(d.empty());
}

TEST(SchemaDiff, KeywordsThatDecideNothingWhereTheyStandAreNotJudged) {
  // maxItems on a string, minLength on a number, keywords outside the subset: dropped, nothing a
  // client accepts changes (tmcp drops them).
  EXPECT_TRUE(
      diff(R"({"type":"object","if":{},"properties":{"a":{"type":"string","maxItems":2,"multipleOf":3},)"
           R"("n":{"type":"number","minLength":1,"uniqueItems":true}}})",
           R"({"type":"object","properties":{"a":{"type":"string"},"n":{"type":"number"}}})")
          .empty());
  // Where they apply they count, and so do all of them on a schema without a type.
  EXPECT_EQ(diff(R"({"type":"array","maxItems":2})", R"({"type":"array"})").size(), 1u);
  EXPECT_EQ(diff(R"({"maxItems":2,"minLength":1})", R"({})").size(), 2u);
}

TEST(SchemaDiff, NumbersCompareByValueButTypesNameTheirType) {
  EXPECT_TRUE(diff(R"({"default":3})", R"({"default":3.0})").empty());
  const auto d = diff(R"({"type":"integer"})", R"({"type":"number"})");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].kind, Kind::Validity);
  EXPECT_EQ(d[0].pointer, "/type");
  EXPECT_FALSE(diff(R"({"default":1})", R"({"default":true})").empty());
  EXPECT_FALSE(diff(R"({"default":"3"})", R"({"default":3})").empty());
}

// Beyond a double's precision a number is whatever a double-precision peer reads (RFC 8259 6).
TEST(SchemaDiff, IntegersBeyondDoublePrecisionAreTheNumberADoubleHolds) {
  EXPECT_TRUE(diff(R"({"maximum":9007199254740993})", R"({"maximum":9007199254740992})").empty());
  EXPECT_FALSE(diff(R"({"maximum":9007199254740994})", R"({"maximum":9007199254740992})").empty());
  EXPECT_FALSE(diff(R"({"maximum":-1})", R"({"maximum":18446744073709551615})").empty());
}

TEST(SchemaDiff, FalsyDefaultsThatAreGoneAreDifferences) {
  const auto d = diff(kAsked, R"({"type":"object","properties":{
    "n":{"type":"integer","minimum":0,"title":"N","description":"How many"},
    "s":{"type":"string","format":"email","pattern":"^a","minLength":1},
    "b":{"type":"boolean"},
    "c":{"type":"string","oneOf":[{"const":"x","title":"Ex"},{"const":"y","title":"Why"}]},
    "l":{"type":"string","enum":["p","q"],"enumNames":["P","Q"]},
    "m":{"type":"array","items":{"type":"string","enum":["u","v"]},"maxItems":2}},"required":["n","s"]})");
  std::vector<std::string> where;
  for (const auto& x : d) {
    EXPECT_EQ(x.kind, Kind::Validity) << x.pointer;
    where.push_back(x.pointer);
  }
  EXPECT_EQ(where, (std::vector<std::string>{"/properties/n/default", "/properties/s/default",
                                             "/properties/b/default", "/properties/m/default"}));
}

TEST(SchemaDiff, TitlesDescriptionsAndEnumNamesAreDisplay) {
  const auto d = diff(kAsked, R"({"type":"object","properties":{
    "n":{"type":"integer","minimum":0,"default":0},
    "s":{"type":"string","format":"email","pattern":"^a","minLength":1,"default":""},
    "b":{"type":"boolean","default":false},
    "c":{"type":"string","oneOf":[{"const":"x","title":"X"},{"const":"y","title":"Why"}]},
    "l":{"type":"string","enum":["p","q"]},
    "m":{"type":"array","items":{"type":"string","enum":["u","v"]},"maxItems":2,"default":[]}},"required":["n","s"]})");
  std::vector<std::string> where;
  for (const auto& x : d) {
    EXPECT_EQ(x.kind, Kind::Display) << x.pointer;
    where.push_back(x.pointer);
  }
  EXPECT_EQ(where, (std::vector<std::string>{"/properties/n/title", "/properties/n/description",
                                             "/properties/c/oneOf/0/title", "/properties/l/enumNames"}));
}

// No revision's schema.json defines `pattern` for a StringSchema: a server that drops it breaks
// nothing a client must accept (issue 31), while a dropped minLength still counts.
TEST(SchemaDiff, ADroppedPatternIsNoDifference) {
  EXPECT_TRUE(diff(R"({"properties":{"s":{"type":"string","pattern":"^a"}}})",
                   R"({"properties":{"s":{"type":"string"}}})")
                  .empty());
  EXPECT_EQ(diff(R"({"properties":{"s":{"type":"string","pattern":"^a","minLength":1}}})",
                 R"({"properties":{"s":{"type":"string"}}})")
                .size(),
            1u);
}

TEST(SchemaDiff, ATitledSingleSelectTurnedIntoFreeTextLosesItsOptions) {
  const auto d = diff(R"({"properties":{"c":{"type":"string","oneOf":[{"const":"x","title":"Ex"}]}}})",
                      R"({"properties":{"c":{"type":"string"}}})");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].kind, Kind::Validity);
  EXPECT_EQ(d[0].pointer, "/properties/c/oneOf");
}

TEST(SchemaDiff, APropertyNamedLikeADisplayKeywordIsStillAProperty) {
  const auto d = diff(R"({"properties":{"title":{"type":"string"}}})", R"({"properties":{}})");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].kind, Kind::Validity);
  EXPECT_NE(d[0].message.find("the property \"title\""), std::string::npos) << d[0].message;
}

TEST(SchemaDiff, OptionsInAnotherOrderOrNumberAreDifferences) {
  EXPECT_FALSE(diff(R"({"enum":["a","b"]})", R"({"enum":["b","a"]})").empty());
  EXPECT_FALSE(diff(R"({"enum":["a","b"]})", R"({"enum":["a"]})").empty());
  EXPECT_FALSE(diff(R"({"required":["a","b"]})", R"({"required":["a"]})").empty());
}

// Additions to what was asked (issue 33, G2): a typed SDK that builds the schema from a struct makes
// every field required and gives each a zero-value default; each is a keyword the tool did not ask for.
TEST(SchemaDiff, AddedValidityKeywordsAreDifferences) {
  const auto d = diff(
      R"({"type":"object","properties":{"a":{"type":"string"},"n":{"type":"integer"},
                            "m":{"type":"array","items":{"type":"string","enum":["u","v"]}}}})",
      R"({"type":"object","properties":{"a":{"type":"string","default":"","minLength":1,"format":"email"},
                            "n":{"type":"integer","maximum":5,"default":0},
                            "m":{"type":"array","items":{"type":"string","enum":["u","v"]},"maxItems":1}},
                          "required":["a","n","m"]})");
  std::vector<std::string> where;
  for (const auto& x : d) {
    EXPECT_EQ(x.kind, Kind::Validity) << x.pointer;
    where.push_back(x.pointer);
  }
  EXPECT_EQ(where, (std::vector<std::string>{"/properties/a/default", "/properties/a/minLength",
                                             "/properties/a/format", "/properties/n/maximum",
                                             "/properties/n/default", "/properties/m/maxItems", "/required",
                                             "/required", "/required"}));
  EXPECT_NE(d[6].message.find("\"a\" was made required"), std::string::npos) << d[6].message;
  EXPECT_NE(d[0].message.find("default \"\" was added"), std::string::npos) << d[0].message;
}

TEST(SchemaDiff, ANameAddedToTheRequiredListIsADifference) {
  const auto d = diff(R"({"properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["a"]})",
                      R"({"properties":{"a":{"type":"string"},"b":{"type":"string"}},"required":["b","a"]})");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].pointer, "/required");
  EXPECT_NE(d[0].message.find("\"b\" was made required"), std::string::npos) << d[0].message;
}

TEST(SchemaDiff, AddedKeywordsThatRestrictNothingAreNotJudged) {
  EXPECT_TRUE(
      diff(
          R"({"type":"object","properties":{"s":{"type":"string"},"m":{"type":"array","items":{"type":"string"}}}})",
          R"({"type":"object","properties":{"s":{"type":"string","minLength":0,"maxItems":3},
                         "m":{"type":"array","items":{"type":"string"},"minItems":0}},"required":[]})")
          .empty());
}

}  // namespace
}  // namespace ec
