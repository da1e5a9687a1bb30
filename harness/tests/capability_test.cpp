#include "spec/capability.h"

#include <gtest/gtest.h>

#include "core/json.h"

namespace ec {
namespace {

CapabilityParse parse(const char* text, Revision r = Revision::V2025_11_25) {
  static ParsedJson keep;
  keep = parse_json(text);
  EXPECT_TRUE(keep.ok());
  return parse_elicitation_capability(&keep.document, r, "/params/capabilities/elicitation");
}

TEST(Capability, AbsentMeansNone) {
  CapabilityParse p = parse_elicitation_capability(nullptr, Revision::V2025_11_25, "");
  EXPECT_FALSE(p.capability.declared);
  EXPECT_FALSE(p.capability.supports(Mode::Form));
  EXPECT_EQ(p.capability.describe(), "none");
}

TEST(Capability, EmptyObjectMeansFormOnly) {
  CapabilityParse p = parse("{}");
  EXPECT_TRUE(p.diagnostics.empty());
  EXPECT_TRUE(p.capability.supports(Mode::Form));
  EXPECT_FALSE(p.capability.supports(Mode::Url));
}

TEST(Capability, ModesAsDeclared) {
  EXPECT_EQ(parse(R"({"form":{}})").capability.describe(), "form only");
  EXPECT_EQ(parse(R"({"url":{}})").capability.describe(), "url only");
  EXPECT_EQ(parse(R"({"form":{},"url":{}})").capability.describe(), "form and url");
  EXPECT_TRUE(parse(R"({"form":{},"url":{}})").diagnostics.empty());
}

TEST(Capability, DeclaredButNoModeIsAMustFinding) {
  CapabilityParse p = parse(R"({"voice":{}})");
  ASSERT_TRUE(has_check(p.diagnostics, "capability.no-mode"));
  EXPECT_EQ(p.diagnostics[0].requirement, "CAPABILITY-AT-LEAST-ONE-MODE");
  EXPECT_EQ(p.diagnostics[0].pointer, "/params/capabilities/elicitation");
  EXPECT_FALSE(p.capability.supports(Mode::Form));
}

TEST(Capability, ModeMustBeAnObject) {
  CapabilityParse p = parse(R"({"form":true,"url":{}})");
  EXPECT_TRUE(has_check(p.diagnostics, "capability.mode-not-object"));
  EXPECT_EQ(p.diagnostics[0].pointer, "/params/capabilities/elicitation/form");
  EXPECT_EQ(p.capability.describe(), "url only");
  EXPECT_TRUE(has_check(parse(R"({"form":false})").diagnostics, "capability.no-mode"));
}

TEST(Capability, NotAnObject) { EXPECT_TRUE(has_check(parse("true").diagnostics, "capability.not-object")); }

TEST(Capability, In20250618AnyObjectIsForm) {
  CapabilityParse p = parse(R"({"url":{}})", Revision::V2025_06_18);
  EXPECT_TRUE(p.diagnostics.empty());
  EXPECT_EQ(p.capability.describe(), "form only");
}

}  // namespace
}  // namespace ec
