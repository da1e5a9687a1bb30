#include "cases/case_schema.h"

#include <valijson/adapters/rapidjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "cases/case_schema_text.h"
#include "core/json.h"
#include "schema/spec_schema.h"

namespace ec {
namespace {

// Parsed once; valijson only reads it while validating, so threads may share it.
const valijson::Schema& case_schema() {
  static valijson::Schema schema;  // not copyable: filled in place, once
  static std::once_flag once;
  std::call_once(once, [] {
    ParsedJson text = parse_json(kCaseSchemaText);
    if (!text.ok()) throw std::logic_error("cases/case.schema.json compiled in is not JSON");
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
    valijson::adapters::RapidJsonAdapter adapter(text.document);
    parser.populateSchema(adapter, schema);
  });
  return schema;
}

// The longest string case.schema.json's patterns are asked to match (every one is a name or a date).
constexpr rapidjson::SizeType kMaxPatternedString = 200;

std::optional<SchemaViolation> overlong(const rapidjson::Value* v, const std::string& pointer) {
  if (v == nullptr || !v->IsString() || v->GetStringLength() <= kMaxPatternedString) return std::nullopt;
  return SchemaViolation{pointer, "a string of " + std::to_string(v->GetStringLength()) +
                                      " characters where a name or date is expected (at most " +
                                      std::to_string(kMaxPatternedString) + ")"};
}

// The members case.schema.json gives a "pattern": the case's id and requirements,
// sut.protocol_version and sut.versions, each step's "as" and "id".
std::optional<SchemaViolation> overlong_patterned_string(const rapidjson::Value& document) {
  if (!document.IsObject()) return std::nullopt;
  const auto items = [&](const rapidjson::Value* array,
                         const std::string& at) -> std::optional<SchemaViolation> {
    if (array == nullptr || !array->IsArray()) return std::nullopt;
    for (rapidjson::SizeType i = 0; i < array->Size(); ++i) {
      if (auto v = overlong(&(*array)[i], at + "/" + std::to_string(i))) return v;
    }
    return std::nullopt;
  };
  if (auto v = overlong(find_member(document, "id"), "/id")) return v;
  if (auto v = items(find_member(document, "requirements"), "/requirements")) return v;
  if (const rapidjson::Value* sut = find_member(document, "sut"); sut != nullptr && sut->IsObject()) {
    if (auto v = overlong(find_member(*sut, "protocol_version"), "/sut/protocol_version")) return v;
    if (auto v = items(find_member(*sut, "versions"), "/sut/versions")) return v;
  }
  if (const rapidjson::Value* steps = find_member(document, "steps"); steps != nullptr && steps->IsArray()) {
    for (rapidjson::SizeType i = 0; i < steps->Size(); ++i) {
      const rapidjson::Value& step = (*steps)[i];
      if (!step.IsObject()) continue;
      const std::string at = "/steps/" + std::to_string(i);
      if (auto v = overlong(find_member(step, "as"), at + "/as")) return v;
      if (auto v = overlong(find_member(step, "id"), at + "/id")) return v;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<SchemaViolation> check_against_case_schema(const rapidjson::Value& document) {
  // valijson matches the schema's "pattern"s with std::regex, whose backtracking recurses once per
  // character: a long enough string at a patterned member overflows the stack (fuzz/README.md,
  // the case_file finding of 2026-11-28). Those members are names and dates: bound them first.
  if (std::optional<SchemaViolation> long_name = overlong_patterned_string(document)) return long_name;
  valijson::Validator validator;
  valijson::ValidationResults results;
  valijson::adapters::RapidJsonAdapter adapter(document);
  if (validator.validate(case_schema(), adapter, &results)) return std::nullopt;
  // The first error is the deepest: the one that says what is wrong, not that a parent failed.
  valijson::ValidationResults::Error error;
  if (!results.popError(error)) return SchemaViolation{"", "does not match cases/case.schema.json"};
  return SchemaViolation{valijson_context_pointer(error.context), error.description};
}

}  // namespace ec
