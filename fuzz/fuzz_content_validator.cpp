// Fuzzes the content validator (schema/content_validator.h): ElicitResult.content against the
// model of a requestedSchema, in both revisions and with both parties' rules (a client SHOULD
// validate what it sends; a server validates what it receives).
// Input: the schema's JSON, one NUL byte, the content's JSON ("{...}\0{...}"). JSON text never
// contains a raw NUL, so the split is unambiguous; without a NUL the content is {}.
// Invariants beyond "no crash":
//  - every finding is a content.* finding with the caller's requirement and level (Info only
//    for a pattern that could not be evaluated and for an unknown field, which JSON Schema
//    allows), pointing under the content;
//  - non-object content gets exactly one finding, content.not-object;
//  - exactly one content.required-missing per required field absent from the content, and
//    content.unknown-field exactly for members the schema does not have;
//  - validation is deterministic.
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_set>

#include "core/json.h"
#include "fuzz_support.h"
#include "schema/content_validator.h"
#include "schema/requested_schema.h"

namespace {

using ec::fuzz::require;

constexpr ec::ParseLimits kLimits{std::size_t{1} << 20, 64};
constexpr const char* kBase = "/result/content";

std::size_t count_check(const ec::Diagnostics& found, std::string_view check) {
  std::size_t n = 0;
  for (const ec::Diagnostic& d : found) n += d.check == check ? 1 : 0;
  return n;
}

void validate(const ec::FormSchema& model, const rapidjson::Value& content, const ec::ContentRules& rules) {
  const ec::Diagnostics found = ec::validate_content(model, content, kBase, rules);
  ec::fuzz::require_well_formed(found, kBase);
  for (const ec::Diagnostic& d : found) {
    require(d.check.starts_with("content.") && d.requirement == rules.requirement,
            "content findings use the caller's rule", ec::fuzz::describe(d));
    const bool info = d.check == "content.pattern-not-evaluated" || d.check == "content.unknown-field";
    require(d.level == (info ? ec::Level::Info : rules.level), "content findings use the caller's level",
            [&] { return ec::fuzz::describe(d); });
  }
  require(ec::fuzz::fingerprint(ec::validate_content(model, content, kBase, rules)) ==
              ec::fuzz::fingerprint(found),
          "validation is deterministic");
  if (!content.IsObject()) {
    require(found.size() == 1 && found[0].check == "content.not-object", "non-object content: one finding",
            [&] { return ec::fuzz::fingerprint(found); });
    return;
  }
  std::unordered_set<std::string> present;
  std::size_t unknown = 0;
  for (auto it = content.MemberBegin(); it != content.MemberEnd(); ++it) {
    const std::string name(it->name.GetString(), it->name.GetStringLength());
    present.insert(name);
    unknown += model.find(name) == nullptr ? 1 : 0;
  }
  std::size_t missing = 0;
  for (const std::string& name : model.required) missing += present.contains(name) ? 0 : 1;
  require(count_check(found, "content.required-missing") == missing, "one finding per missing required field",
          [&] { return ec::fuzz::fingerprint(found); });
  require(count_check(found, "content.unknown-field") == unknown, "one finding per unknown field",
          [&] { return ec::fuzz::fingerprint(found); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ec::fuzz::Split parts = ec::fuzz::split_at_nul(ec::fuzz::as_text(data, size));
  const ec::ParsedJson schema = ec::parse_json(parts.first, kLimits);
  if (!schema.ok()) return 0;
  const ec::ParsedJson content = ec::parse_json(parts.found ? parts.second : std::string_view("{}"), kLimits);
  if (!content.ok()) return 0;

  const ec::ContentRules server{"SERVER-VALIDATE-CONTENT", ec::Level::Must};
  for (ec::Revision revision : ec::all_revisions()) {
    const ec::SchemaCheck check = ec::check_requested_schema(schema.document, revision, "");
    validate(check.schema, content.document, ec::ContentRules{});
    validate(check.schema, content.document, server);
  }
  return 0;
}
