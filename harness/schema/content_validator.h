// The content validator: does ElicitResult.content satisfy the requestedSchema model?
// Types (integer means a number without fraction), bounds, string lengths in code points,
// formats, `pattern` through RE2 (an untranslatable pattern is reported as not evaluated, not
// guessed), enum membership for every variant, multi-select arrays (items, minItems, maxItems,
// no duplicates), required fields and fields the schema does not have.
#pragma once

#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "schema/form_schema.h"

namespace ec {

// One way a value fails its property. `check` is a suffix such as "minimum"; callers prefix
// it ("content." for content, and the checker for defaults).
struct ValueProblem {
  std::string check;
  std::string message;
  bool not_evaluated = false;  // the rule could not be judged (unsupported pattern)
};

std::vector<ValueProblem> check_value(const PropertySchema& property, const rapidjson::Value& value);

// Who is bound by the result decides the requirement and level the caller wants on findings:
// a client SHOULD validate before sending, a server SHOULD validate what it receives.
struct ContentRules {
  std::string requirement = "CLIENT-VALIDATE-CONTENT";
  Level level = Level::Should;
};

Diagnostics validate_content(const FormSchema& schema, const rapidjson::Value& content,
                             const std::string& pointer, const ContentRules& rules = {});

}  // namespace ec
