#include "core/diagnostic.h"

#include <gtest/gtest.h>

#include <string>

namespace ec {
namespace {

std::string json_of(const Diagnostic& d, const DiagnosticJson& with) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  write_diagnostic_json(writer, d, with);
  return {buffer.GetString(), buffer.GetSize()};
}

const Diagnostic kFinding{.check = "schema.bounds.minimum-above-maximum",
                          .requirement = "FORM-SCHEMA-BOUNDS",
                          .level = Level::Should,
                          .pointer = "/params/requestedSchema/properties/age",
                          .message = "minimum 5 is above maximum 3.",
                          .basis = "schema.ts"};

// results.json's sut_findings: the five members, in this order, and nothing else.
TEST(DiagnosticJson, WritesTheFiveMembersInOrder) {
  EXPECT_EQ(
      json_of(kFinding, {.requirement = "EL-2025-11-25-FORM-SCHEMA-BOUNDS"}),
      R"({"check":"schema.bounds.minimum-above-maximum","requirement":"EL-2025-11-25-FORM-SCHEMA-BOUNDS",)"
      R"("level":"SHOULD","pointer":"/params/requestedSchema/properties/age",)"
      R"("message":"minimum 5 is above maximum 3."})");
}

// check-message --json: the rule's words and section from the catalog, then the basis.
TEST(DiagnosticJson, AddsTheRuleAndTheBasisWhenAsked) {
  const std::string rule = "Servers SHOULD ...";
  const std::string section = "Elicitation > Schema";
  EXPECT_EQ(json_of(kFinding, {.requirement = "R", .rule = &rule, .section = &section, .basis = true}),
            R"({"check":"schema.bounds.minimum-above-maximum","requirement":"R","level":"SHOULD",)"
            R"("pointer":"/params/requestedSchema/properties/age","message":"minimum 5 is above maximum 3.",)"
            R"("rule":"Servers SHOULD ...","section":"Elicitation > Schema","basis":"schema.ts"})");
  Diagnostic no_basis = kFinding;
  no_basis.basis.clear();
  EXPECT_EQ(json_of(no_basis, {.requirement = "R", .basis = true}).find("basis"), std::string::npos);
}

// A message may quote a SUT's bytes: what comes out is valid UTF-8 however they were.
TEST(DiagnosticJson, MakesEveryStringValidUtf8) {
  Diagnostic d = kFinding;
  d.message = "bad byte \xFF here";
  d.pointer = "/\xC0\xAF";
  const std::string out = json_of(d, {.requirement = "R"});
  EXPECT_EQ(out.find('\xFF'), std::string::npos) << out;
  EXPECT_EQ(out.find('\xC0'), std::string::npos) << out;
  EXPECT_NE(out.find("bad byte "), std::string::npos) << out;
}

}  // namespace
}  // namespace ec
