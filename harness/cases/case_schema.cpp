#include "cases/case_schema.h"

#include <valijson/adapters/rapidjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <mutex>
#include <stdexcept>
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

}  // namespace

std::optional<SchemaViolation> check_against_case_schema(const rapidjson::Value& document) {
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
