#include "schema/content_validator.h"

#include <gtest/gtest.h>

#include "core/json.h"
#include "schema/requested_schema.h"

namespace ec {
namespace {

const std::string kSchema = R"j({"type":"object","properties":{
  "name":{"type":"string","minLength":2,"maxLength":4},
  "email":{"type":"string","format":"email"},
  "site":{"type":"string","format":"uri"},
  "day":{"type":"string","format":"date"},
  "at":{"type":"string","format":"date-time"},
  "code":{"type":"string","pattern":"^[A-Z]{3}$"},
  "look":{"type":"string","pattern":"^(?!x)"},
  "age":{"type":"integer","minimum":18,"maximum":99},
  "ratio":{"type":"number","minimum":0,"maximum":1},
  "ok":{"type":"boolean"},
  "color":{"type":"string","enum":["red","green"]},
  "hex":{"type":"string","oneOf":[{"const":"#f00","title":"Red"},{"const":"#0f0","title":"Green"}]},
  "legacy":{"type":"string","enum":["a","b"],"enumNames":["A","B"]},
  "tags":{"type":"array","minItems":1,"maxItems":2,"items":{"type":"string","enum":["a","b","c"]}},
  "titled":{"type":"array","items":{"anyOf":[{"const":"x","title":"X"},{"const":"y","title":"Y"}]}}
},"required":["name","age"]})j";

Diagnostics validate(const std::string& content) {
  static ParsedJson schema_doc = parse_json(kSchema);
  static SchemaCheck schema = check_requested_schema(schema_doc.document, Revision::V2025_11_25, "");
  EXPECT_TRUE(schema.accepted());
  ParsedJson c = parse_json(content);
  EXPECT_TRUE(c.ok()) << content;
  return validate_content(schema.schema, c.document, "/result/content");
}

TEST(Content, AValidAnswerHasNoFindings) {
  Diagnostics d = validate(R"({"name":"Ann","email":"a@b.example","site":"https://x.example:8443/p",
    "day":"2024-02-29","at":"2024-02-29T12:00:00Z","code":"ABC","age":30,"ratio":0.5,"ok":true,
    "color":"red","hex":"#0f0","legacy":"b","tags":["a","c"],"titled":[]})");
  EXPECT_TRUE(d.empty()) << d[0].check << ": " << d[0].message;
}

TEST(Content, LengthsCountCodePoints) {
  EXPECT_TRUE(validate(R"({"name":"éé","age":20})").empty());    // 2 code points, 4 bytes
  EXPECT_TRUE(validate(R"({"name":"😀😀😀😀","age":20})").empty());  // 4 code points, 16 bytes
  EXPECT_TRUE(has_check(validate(R"({"name":"é","age":20})"), "content.min-length"));
}

TEST(Content, IntegerAcceptsIntegralNumbersOnly) {
  EXPECT_TRUE(validate(R"({"name":"Ann","age":30.0})").empty());
  EXPECT_TRUE(has_check(validate(R"({"name":"Ann","age":30.5})"), "content.integer"));
  EXPECT_TRUE(has_check(validate(R"({"name":"Ann","age":"30"})"), "content.type"));
}

TEST(ContentValidator, AnUnknownFieldIsNotedNotJudged) {
  // JSON Schema lets an object carry members its schema does not name unless the schema forbids
  // them, and the restricted subset has no keyword to forbid them (found by `fuzz server` against
  // the TypeScript SDK, whose ajv validation accepts such content).
  Diagnostics ds = validate(R"({"name":"Ann","age":30,"nickname":"x"})");
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].check, "content.unknown-field");
  EXPECT_EQ(ds[0].level, Level::Info);
}

struct Bad {
  std::string name;
  std::string content;
  std::string check;
  std::string pointer;
};

class ContentBroken : public ::testing::TestWithParam<Bad> {};

TEST_P(ContentBroken, NamesTheRuleAndField) {
  const Bad& b = GetParam();
  Diagnostics ds = validate(b.content);
  bool found = false;
  for (const Diagnostic& d : ds) {
    if (d.check != b.check) continue;
    found = true;
    EXPECT_EQ(d.pointer, b.pointer);
    EXPECT_EQ(d.requirement, "CLIENT-VALIDATE-CONTENT");
  }
  EXPECT_TRUE(found) << b.check << " not in findings for " << b.content;
}

#define BASE R"("name":"Ann","age":30)"
INSTANTIATE_TEST_SUITE_P(
    All, ContentBroken,
    ::testing::Values(
        Bad{"RequiredMissing", R"({"name":"Ann"})", "content.required-missing", "/result/content/age"},
        Bad{"UnknownField", R"({)" BASE R"(,"nickname":"x"})", "content.unknown-field",
            "/result/content/nickname"},
        Bad{"TooShort", R"({"name":"A","age":30})", "content.min-length", "/result/content/name"},
        Bad{"TooLong", R"({"name":"Annabel","age":30})", "content.max-length", "/result/content/name"},
        Bad{"StringType", R"({"name":5,"age":30})", "content.type", "/result/content/name"},
        Bad{"BelowMinimum", R"({"name":"Ann","age":17})", "content.minimum", "/result/content/age"},
        Bad{"AboveMaximum", R"({"name":"Ann","age":100})", "content.maximum", "/result/content/age"},
        Bad{"NumberAboveMaximum", R"({)" BASE R"(,"ratio":1.01})", "content.maximum",
            "/result/content/ratio"},
        Bad{"BooleanType", R"({)" BASE R"(,"ok":"true"})", "content.type", "/result/content/ok"},
        Bad{"Email", R"({)" BASE R"(,"email":"not-an-email"})", "content.format", "/result/content/email"},
        Bad{"UriRelative", R"({)" BASE R"(,"site":"/relative/path"})", "content.format",
            "/result/content/site"},
        Bad{"UriPort", R"({)" BASE R"(,"site":"https://x.example:70000/"})", "content.format",
            "/result/content/site"},
        Bad{"Date", R"({)" BASE R"(,"day":"2023-02-29"})", "content.format", "/result/content/day"},
        Bad{"DateTime", R"({)" BASE R"(,"at":"2024-01-01 12:00:00"})", "content.format",
            "/result/content/at"},
        Bad{"Pattern", R"({)" BASE R"(,"code":"AB1"})", "content.pattern", "/result/content/code"},
        Bad{"PatternNotEvaluated", R"({)" BASE R"(,"look":"abc"})", "content.pattern-not-evaluated",
            "/result/content/look"},
        Bad{"EnumUntitled", R"({)" BASE R"(,"color":"blue"})", "content.enum", "/result/content/color"},
        Bad{"EnumTitledSendsTitle", R"({)" BASE R"(,"hex":"Red"})", "content.enum", "/result/content/hex"},
        Bad{"EnumLegacySendsName", R"({)" BASE R"(,"legacy":"A"})", "content.enum", "/result/content/legacy"},
        Bad{"MultiNotArray", R"({)" BASE R"(,"tags":"a"})", "content.type", "/result/content/tags"},
        Bad{"MultiItemType", R"({)" BASE R"(,"tags":[1]})", "content.items-type", "/result/content/tags"},
        Bad{"MultiUnknownItem", R"({)" BASE R"(,"tags":["z"]})", "content.enum", "/result/content/tags"},
        Bad{"MultiDuplicate", R"({)" BASE R"(,"tags":["a","a"]})", "content.duplicate-item",
            "/result/content/tags"},
        Bad{"MultiTooFew", R"({)" BASE R"(,"tags":[]})", "content.min-items", "/result/content/tags"},
        Bad{"MultiTooMany", R"({)" BASE R"(,"tags":["a","b","c"]})", "content.max-items",
            "/result/content/tags"},
        Bad{"TitledMultiSendsTitle", R"({)" BASE R"(,"titled":["X"]})", "content.enum",
            "/result/content/titled"},
        Bad{"NotObject", R"([])", "content.not-object", "/result/content"}),
    [](const ::testing::TestParamInfo<Bad>& p) { return p.param.name; });
#undef BASE

TEST(Content, UnevaluatedPatternIsInfoNotAFinding) {
  Diagnostics d = validate(R"({"name":"Ann","age":30,"look":"abc"})");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].level, Level::Info);
}

TEST(Content, ServerRulesChangeRequirementAndLevel) {
  ParsedJson schema_doc = parse_json(R"({"type":"object","properties":{"a":{"type":"string"}}})");
  SchemaCheck schema = check_requested_schema(schema_doc.document, Revision::V2025_11_25, "");
  ParsedJson c = parse_json(R"({"a":1})");
  Diagnostics d =
      validate_content(schema.schema, c.document, "", ContentRules{"SERVER-VALIDATE-CONTENT", Level::Must});
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].requirement, "SERVER-VALIDATE-CONTENT");
  EXPECT_EQ(d[0].level, Level::Must);
}

TEST(Content, LongInputsAreLinear) {
  // std::regex would overflow its stack here; RE2 is linear.
  std::string code(200000, 'A');
  Diagnostics d = validate(R"({"name":"Ann","age":30,"code":")" + code + "\"}");
  EXPECT_TRUE(has_check(d, "content.pattern"));
}

}  // namespace
}  // namespace ec
