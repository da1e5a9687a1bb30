// Fuzzes the requestedSchema checker (schema/requested_schema.h) in both revisions. Input: one
// JSON document, the schema. Invariants beyond "no crash":
//  - findings are well formed; checking the schema where it sits in a message
//    (/params/requestedSchema) gives the same findings with that prefix on every pointer: the
//    verdict does not depend on where the schema is;
//  - the model is consistent: unique property names that find() returns, `required` naming
//    modelled properties once each, enum options unique, a pattern compiled when one is given;
//  - a schema the checker accepts (no MUST finding) is one the content validator can evaluate:
//    every property is modelled; validating {} reports only the required fields as missing;
//    validating an object made of the schema's own defaults reports nothing but missing
//    required fields and patterns it could not evaluate (content.* findings only).
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
constexpr const char* kBase = "/params/requestedSchema";

void check_model(const ec::SchemaCheck& check, const std::string& base) {
  const ec::FormSchema& model = check.schema;
  std::unordered_set<std::string> names;
  for (const ec::PropertySchema& p : model.properties()) {
    require(names.insert(p.name).second, "property names are unique", p.name);
    require(model.find(p.name) == &p, "find() returns the property", p.name);
    require(ec::fuzz::pointer_under(p.pointer, base + "/properties"), "property pointer under properties",
            p.pointer);
    require(p.options.size() == p.option_set.size(), "enum options are unique", p.name);
    for (const std::string& o : p.options) require(p.option_set.contains(o), "option list and set agree", o);
    const bool is_enum = p.type == ec::PropertyType::SingleSelect || p.type == ec::PropertyType::MultiSelect;
    require(is_enum == (p.enum_style != ec::EnumStyle::None), "enum types and enum styles go together",
            p.name);
    if (!is_enum) require(p.options.empty(), "only enums have options", p.name);
    if (p.type != ec::PropertyType::MultiSelect)
      require(!p.min_items && !p.max_items, "only arrays have item counts", p.name);
    if (p.type != ec::PropertyType::String) {
      require(!p.min_length && !p.max_length && !p.format && p.pattern_source.empty(),
              "only strings have lengths, formats and patterns", p.name);
    }
    // Only this direction: "pattern": "" is a pattern too (it matches everything), compiled
    // with an empty source (corpus/requested_schema/crash-empty-pattern-model).
    if (!p.pattern_source.empty()) require(p.pattern != nullptr, "a given pattern is compiled", p.name);
  }
  std::unordered_set<std::string> required;
  for (const std::string& name : model.required) {
    require(required.insert(name).second, "required names are unique", name);
    require(model.find(name) != nullptr, "required names are modelled properties", name);
  }
}

void check_content_findings(const ec::Diagnostics& found, const std::string& what) {
  ec::fuzz::require_well_formed(found, "/content");
  for (const ec::Diagnostic& d : found) {
    require(d.check == "content.required-missing" || d.check == "content.pattern-not-evaluated",
            "an accepted schema evaluates " + what + " cleanly", ec::fuzz::describe(d));
  }
}

void check_accepted(const ec::SchemaCheck& check, const rapidjson::Value& schema) {
  const ec::FormSchema& model = check.schema;
  const rapidjson::Value* properties = ec::find_member(schema, "properties");
  std::unordered_set<std::string> declared;
  for (auto it = properties->MemberBegin(); it != properties->MemberEnd(); ++it) {
    declared.emplace(it->name.GetString(), it->name.GetStringLength());
  }
  require(model.properties().size() == declared.size(), "an accepted schema models every property");

  const rapidjson::Value empty(rapidjson::kObjectType);
  const ec::Diagnostics none = ec::validate_content(model, empty, "/content");
  check_content_findings(none, "{}");
  require(none.size() == model.required.size(), "{} misses exactly the required fields",
          [&] { return ec::fuzz::fingerprint(none); });

  // The object a client shows pre-filled: every default in place (the first member of a
  // duplicated name, as the model takes the first).
  rapidjson::Document defaults(rapidjson::kObjectType);
  for (const ec::PropertySchema& p : model.properties()) {
    if (!p.has_default) continue;
    const rapidjson::Value* def = ec::find_member(*ec::find_member(*properties, p.name), "default");
    require(def != nullptr, "has_default means a default member", p.name);
    for (const ec::ValueProblem& problem : ec::check_value(p, *def)) {
      require(problem.not_evaluated, "an accepted schema's defaults satisfy their properties",
              problem.message);
    }
    defaults.AddMember(rapidjson::Value(p.name.c_str(), static_cast<rapidjson::SizeType>(p.name.size()),
                                        defaults.GetAllocator()),
                       rapidjson::Value(*def, defaults.GetAllocator()), defaults.GetAllocator());
  }
  check_content_findings(ec::validate_content(model, defaults, "/content"), "its defaults");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ec::ParsedJson parsed = ec::parse_json(ec::fuzz::as_text(data, size), kLimits);
  if (!parsed.ok()) return 0;
  for (ec::Revision revision : ec::all_revisions()) {
    const ec::SchemaCheck bare = ec::check_requested_schema(parsed.document, revision, "");
    ec::fuzz::require_well_formed(bare.diagnostics, "");
    check_model(bare, "");

    const ec::SchemaCheck placed = ec::check_requested_schema(parsed.document, revision, kBase);
    ec::fuzz::require_well_formed(placed.diagnostics, kBase);
    check_model(placed, kBase);
    require(placed.diagnostics.size() == bare.diagnostics.size(),
            "findings do not depend on where the schema sits");
    for (std::size_t i = 0; i < bare.diagnostics.size(); ++i) {
      ec::Diagnostic moved = bare.diagnostics[i];
      moved.pointer = kBase + moved.pointer;
      require(ec::fuzz::describe(moved) == ec::fuzz::describe(placed.diagnostics[i]),
              "findings do not depend on where the schema sits",
              [&] { return ec::fuzz::describe(moved) + "\n" + ec::fuzz::describe(placed.diagnostics[i]); });
    }
    if (bare.accepted()) check_accepted(bare, parsed.document);
  }
  return 0;
}
