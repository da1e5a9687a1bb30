// cases/case.schema.json applied to a case file: the loader's last word on its shape. The loader
// (case_file.cpp) reads a case and says, in its own words, what is wrong with the usual mistakes;
// whatever it lets through must also pass the schema, so the loader cannot accept what the schema
// forbids. Validated with valijson (draft 7 keywords: the schema uses no later one that decides
// validity, except dependentSchemas, which the loader checks itself).
#pragma once

#include <optional>
#include <string>

#include <rapidjson/document.h>

namespace ec {

struct SchemaViolation {
  std::string pointer;  // RFC 6901, into the case file
  std::string message;  // valijson's sentence
};

// The deepest violation of cases/case.schema.json, or nullopt when `document` is valid.
std::optional<SchemaViolation> check_against_case_schema(const rapidjson::Value& document);

}  // namespace ec
