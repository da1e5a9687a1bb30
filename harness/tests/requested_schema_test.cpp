#include "schema/requested_schema.h"

#include <gtest/gtest.h>

#include "core/json.h"

namespace ec {
namespace {

constexpr Revision k1125 = Revision::V2025_11_25;
constexpr Revision k0618 = Revision::V2025_06_18;

SchemaCheck check(const std::string& text, Revision r = k1125) {
  ParsedJson p = parse_json(text);
  EXPECT_TRUE(p.ok()) << text;
  return check_requested_schema(p.document, r, "/params/requestedSchema");
}

// A schema with one property "p".
std::string with(const std::string& property) {
  return R"({"type":"object","properties":{"p":)" + property + "}}";
}

TEST(RequestedSchema, AcceptsEveryPrimitive) {
  SchemaCheck c = check(R"({"type":"object","properties":{
    "s":{"type":"string","title":"S","description":"d","minLength":1,"maxLength":10,"format":"email","default":"a@b.co"},
    "n":{"type":"number","minimum":0.5,"maximum":9.5,"default":1.5},
    "i":{"type":"integer","minimum":0,"maximum":100,"default":50},
    "b":{"type":"boolean","default":false},
    "e":{"type":"string","enum":["a","b"],"default":"a"},
    "t":{"type":"string","oneOf":[{"const":"x","title":"X"},{"const":"y","title":"Y"}],"default":"y"},
    "m":{"type":"array","minItems":1,"maxItems":2,"items":{"type":"string","enum":["a","b","c"]},"default":["a"]},
    "mt":{"type":"array","items":{"anyOf":[{"const":"x","title":"X"}]},"default":["x"]},
    "l":{"type":"string","enum":["a","b"],"enumNames":["A","B"]},
    "pat":{"type":"string","pattern":"^[A-Za-z]+$"}
  },"required":["s","e"]})");
  EXPECT_TRUE(c.accepted());
  for (const Diagnostic& d : c.diagnostics) EXPECT_EQ(d.level, Level::Info) << d.check << " " << d.message;
  ASSERT_EQ(c.schema.properties().size(), 10u);
  EXPECT_EQ(c.schema.find("t")->enum_style, EnumStyle::TitledSingle);
  EXPECT_EQ(c.schema.find("t")->options, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(c.schema.find("m")->type, PropertyType::MultiSelect);
  EXPECT_EQ(c.schema.find("mt")->enum_style, EnumStyle::TitledMulti);
  EXPECT_EQ(c.schema.find("l")->enum_style, EnumStyle::LegacyTitled);
  EXPECT_EQ(c.schema.required, (std::vector<std::string>{"s", "e"}));
}

struct Broken {
  std::string name;
  std::string schema;
  std::string check;
  std::string pointer;
  Level level;
  Revision revision = k1125;
};

class RequestedSchemaBroken : public ::testing::TestWithParam<Broken> {};

TEST_P(RequestedSchemaBroken, FindsTheRuleAtThePointer) {
  const Broken& b = GetParam();
  SchemaCheck c = check(b.schema, b.revision);
  bool found = false;
  for (const Diagnostic& d : c.diagnostics) {
    if (d.check != b.check) continue;
    found = true;
    EXPECT_EQ(d.pointer, b.pointer);
    EXPECT_EQ(d.level, b.level);
    EXPECT_FALSE(d.requirement.empty());
    EXPECT_FALSE(d.message.empty());
  }
  EXPECT_TRUE(found) << "expected " << b.check << " in " << b.schema;
  EXPECT_EQ(c.accepted(), b.level != Level::Must);
}

const std::string P = "/params/requestedSchema/properties/p";

INSTANTIATE_TEST_SUITE_P(
    All, RequestedSchemaBroken,
    ::testing::Values(
        Broken{"NotObject", "[]", "schema.not-object", "/params/requestedSchema", Level::Must},
        Broken{"TypeMissing", R"({"properties":{}})", "schema.type-missing", "/params/requestedSchema/type",
               Level::Must},
        Broken{"TypeNotObject", R"({"type":"array","properties":{}})", "schema.type-not-object",
               "/params/requestedSchema/type", Level::Must},
        Broken{"PropertiesMissing", R"({"type":"object"})", "schema.properties-missing",
               "/params/requestedSchema/properties", Level::Must},
        Broken{"PropertiesType", R"({"type":"object","properties":[]})", "schema.properties-type",
               "/params/requestedSchema/properties", Level::Must},
        Broken{"PropertyNotObject", with("true"), "schema.property-not-object", P, Level::Must},
        Broken{"PropertyTypeMissing", with(R"({"enum":["a"]})"), "schema.property-type-missing", P + "/type",
               Level::Must},
        Broken{"PropertyTypeList", with(R"({"type":["string","null"]})"), "schema.property-type-invalid",
               P + "/type", Level::Must},
        Broken{"NestedObject", with(R"({"type":"object","properties":{"x":{"type":"string"}}})"),
               "schema.property-nested-object", P + "/type", Level::Must},
        Broken{"UnknownType", with(R"({"type":"null"})"), "schema.property-type-unknown", P + "/type",
               Level::Must},
        Broken{"ArrayOfObjects", with(R"({"type":"array","items":{"type":"object"}})"),
               "schema.array-items-not-enum", P + "/items", Level::Must},
        Broken{"ArrayWithoutItems", with(R"({"type":"array"})"), "schema.array-items-missing", P + "/items",
               Level::Must},
        Broken{"ArrayIn0618", with(R"({"type":"array","items":{"type":"string","enum":["a"]}})"),
               "schema.property-array-not-in-revision", P + "/type", Level::Must, k0618},
        Broken{"TitledIn0618", with(R"({"type":"string","oneOf":[{"const":"a","title":"A"}]})"),
               "schema.enum-variant-not-in-revision", P, Level::Must, k0618},
        Broken{"MultiItemsNotString", with(R"({"type":"array","items":{"type":"integer","enum":["a"]}})"),
               "schema.array-items-type", P + "/items/type", Level::Must},
        Broken{"RequiredType", R"({"type":"object","properties":{},"required":"a"})", "schema.required-type",
               "/params/requestedSchema/required", Level::Must},
        Broken{"RequiredItemType", R"({"type":"object","properties":{},"required":[1]})",
               "schema.required-item-type", "/params/requestedSchema/required/0", Level::Must},
        Broken{"RequiredUnknown",
               R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a","b"]})",
               "schema.required-unknown-property", "/params/requestedSchema/required/1", Level::Should},
        Broken{"RequiredDuplicate",
               R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a","a"]})",
               "schema.required-duplicate", "/params/requestedSchema/required/1", Level::Should},
        Broken{"MinAboveMax", with(R"({"type":"number","minimum":10,"maximum":5})"),
               "schema.bounds-range-empty", P + "/minimum", Level::Should},
        Broken{"IntegerRangeWithoutInteger", with(R"({"type":"integer","minimum":1.2,"maximum":1.8})"),
               "schema.bounds-range-empty", P + "/minimum", Level::Should},
        Broken{"BoundType", with(R"({"type":"number","minimum":"0"})"), "schema.bound-type", P + "/minimum",
               Level::Must},
        Broken{"MinLengthAboveMax", with(R"({"type":"string","minLength":5,"maxLength":2})"),
               "schema.length-range-empty", P + "/minLength", Level::Should},
        Broken{"NegativeLength", with(R"({"type":"string","minLength":-1})"), "schema.count-type",
               P + "/minLength", Level::Must},
        Broken{"FractionalLength", with(R"({"type":"string","maxLength":2.5})"), "schema.count-type",
               P + "/maxLength", Level::Must},
        Broken{
            "MinItemsAboveMax",
            with(
                R"({"type":"array","minItems":3,"maxItems":1,"items":{"type":"string","enum":["a","b","c"]}})"),
            "schema.items-range-empty", P + "/minItems", Level::Should},
        Broken{"MinItemsAboveOptions",
               with(R"({"type":"array","minItems":3,"items":{"type":"string","enum":["a","b"]}})"),
               "schema.items-range-empty", P + "/minItems", Level::Should},
        Broken{"FormatUnsupported", with(R"({"type":"string","format":"hostname"})"),
               "schema.format-unsupported", P + "/format", Level::Must},
        Broken{"PatternInvalid", with(R"({"type":"string","pattern":"(unclosed"})"), "schema.pattern-invalid",
               P + "/pattern", Level::Should},
        Broken{"PatternUnsupported", with(R"j({"type":"string","pattern":"^(?=a)"})j"),
               "schema.pattern-unsupported", P + "/pattern", Level::Info},
        Broken{"PatternType", with(R"({"type":"string","pattern":5})"), "schema.pattern-type", P + "/pattern",
               Level::Must},
        Broken{"PatternIn0618", with(R"({"type":"string","pattern":"^a"})"), "schema.keyword-unsupported",
               P + "/pattern", Level::Should, k0618},
        Broken{"EnumType", with(R"({"type":"string","enum":"a"})"), "schema.enum-type", P + "/enum",
               Level::Must},
        Broken{"EnumItemType", with(R"({"type":"string","enum":["a",1]})"), "schema.enum-item-type",
               P + "/enum/1", Level::Must},
        Broken{"EnumEmpty", with(R"({"type":"string","enum":[]})"), "schema.enum-empty", P + "/enum",
               Level::Should},
        Broken{"EnumDuplicate", with(R"({"type":"string","enum":["a","a"]})"), "schema.enum-duplicate",
               P + "/enum/1", Level::Should},
        Broken{"EnumNamesLength", with(R"({"type":"string","enum":["a","b"],"enumNames":["A"]})"),
               "schema.enum-names-length", P + "/enumNames", Level::Should},
        Broken{"EnumNamesType", with(R"({"type":"string","enum":["a"],"enumNames":[1]})"),
               "schema.enum-names-type", P + "/enumNames", Level::Must},
        Broken{"TitledWithoutConst", with(R"({"type":"string","oneOf":[{"title":"A"}]})"),
               "schema.titled-option-const", P + "/oneOf/0", Level::Must},
        Broken{"TitledWithoutTitle", with(R"({"type":"string","oneOf":[{"const":"a"}]})"),
               "schema.titled-option-title", P + "/oneOf/0/title", Level::Must},
        Broken{"TitledSingleAnyOf", with(R"({"type":"string","anyOf":[{"const":"a","title":"A"}]})"),
               "schema.titled-single-anyof", P + "/anyOf", Level::Should},
        Broken{"TitledMultiOneOf", with(R"({"type":"array","items":{"oneOf":[{"const":"a","title":"A"}]}})"),
               "schema.titled-multi-oneof", P + "/items/oneOf", Level::Should},
        Broken{"DefaultWrongType", with(R"({"type":"string","default":5})"), "schema.default-invalid",
               P + "/default", Level::Must},
        Broken{"DefaultNotInEnum", with(R"({"type":"string","enum":["a"],"default":"b"})"),
               "schema.default-invalid", P + "/default", Level::Must},
        Broken{"DefaultIsTitle",
               with(R"({"type":"string","oneOf":[{"const":"a","title":"A"}],"default":"A"})"),
               "schema.default-invalid", P + "/default", Level::Must},
        Broken{"DefaultOutOfBounds", with(R"({"type":"integer","maximum":3,"default":4})"),
               "schema.default-invalid", P + "/default", Level::Must},
        Broken{"DefaultTooLong", with(R"({"type":"string","maxLength":2,"default":"abc"})"),
               "schema.default-invalid", P + "/default", Level::Must},
        Broken{"DefaultBadFormat", with(R"({"type":"string","format":"date","default":"2024-02-30"})"),
               "schema.default-invalid", P + "/default", Level::Must},
        Broken{"DefaultMultiNotArray",
               with(R"({"type":"array","items":{"type":"string","enum":["a"]},"default":"a"})"),
               "schema.default-invalid", P + "/default", Level::Must},
        Broken{"DefaultIn0618", with(R"({"type":"string","default":"x"})"), "schema.default-not-in-revision",
               P + "/default", Level::Info, k0618},
        Broken{"TitleType", with(R"({"type":"string","title":7})"), "schema.annotation-type", P + "/title",
               Level::Must},
        Broken{"ValidationKeyword", with(R"({"type":"number","multipleOf":2})"), "schema.keyword-unsupported",
               P + "/multipleOf", Level::Should},
        Broken{"Ref", with(R"({"type":"string","$ref":"#/x"})"), "schema.keyword-unsupported", P + "/$ref",
               Level::Should},
        Broken{"Annotation", with(R"({"type":"string","examples":["x"]})"), "schema.keyword-ignored",
               P + "/examples", Level::Info},
        Broken{"TopAdditionalProperties", R"({"type":"object","properties":{},"additionalProperties":false})",
               "schema.keyword-unsupported", "/params/requestedSchema/additionalProperties", Level::Should},
        Broken{"DialectIn0618", R"({"$schema":"x","type":"object","properties":{}})",
               "schema.keyword-ignored", "/params/requestedSchema/$schema", Level::Info, k0618}),
    [](const ::testing::TestParamInfo<Broken>& p) { return p.param.name; });

TEST(RequestedSchema, DialectMemberIsAllowedIn20251125) {
  SchemaCheck c =
      check(R"({"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{}})");
  EXPECT_TRUE(c.diagnostics.empty());
}

TEST(RequestedSchema, ModelSkipsWhatItCannotModel) {
  SchemaCheck c = check(
      R"({"type":"object","properties":{"a":{"type":"object"},"b":{"type":"string"}},"required":["a","b"]})");
  EXPECT_FALSE(c.accepted());
  EXPECT_EQ(c.schema.properties().size(), 1u);
  EXPECT_EQ(c.schema.required, std::vector<std::string>{"b"});
}

TEST(RequestedSchema, DuplicatePropertyKeepsTheFirst) {
  SchemaCheck c = check(R"({"type":"object","properties":{"a":{"type":"string"},"a":{"type":"integer"}}})");
  ASSERT_EQ(c.schema.properties().size(), 1u);
  EXPECT_EQ(c.schema.find("a")->type, PropertyType::String);
}

TEST(RequestedSchema, CountsBeyondUint64AreIntegersStill) {
  // What a JavaScript SDK echoes for 2^64 - 1 (found by `fuzz server` against the TypeScript SDK):
  // an integer too big for uint64_t, read as a double; it must not be called "not an integer".
  SchemaCheck c = check(with(R"({"type":"string","maxLength":18446744073709552000})"));
  EXPECT_TRUE(c.diagnostics.empty()) << c.diagnostics.front().check;
  EXPECT_TRUE(c.accepted());
}

TEST(RequestedSchema, FractionalBoundsAreFineOnIntegers) {
  // Bounds are typed `number` in schema.json and the prose; minimum 0.5 on an integer means >= 1.
  SchemaCheck c = check(with(R"({"type":"integer","minimum":0.5,"maximum":2})"));
  EXPECT_TRUE(c.diagnostics.empty());
}

TEST(RequestedSchema, HundredThousandPropertiesStayLinear) {
  std::string s = R"({"type":"object","properties":{)";
  std::string required = "[";
  for (int i = 0; i < 100000; ++i) {
    if (i) s += ",", required += ",";
    s += "\"p" + std::to_string(i) + "\":{\"type\":\"string\"}";
    required += "\"p" + std::to_string(i) + "\"";
  }
  s += "},\"required\":" + required + "]}";
  SchemaCheck c = check(s);
  EXPECT_TRUE(c.accepted());
  EXPECT_EQ(c.schema.required.size(), 100000u);
}

}  // namespace
}  // namespace ec
