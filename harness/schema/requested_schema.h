// The requestedSchema checker: is this a schema of the restricted subset of the given revision?
//   - a flat `type: object` whose `properties` are primitive schemas only: string, number,
//     integer, boolean, and the enum variants (2025-06-18: enum + enumNames; 2025-11-25: the
//     five SEP-1330 variants);
//   - keywords with the right types, `required` naming only existing properties, bounds that
//     some value can satisfy, formats from the allowed four, each `default` valid against its
//     own property (SEP-1034), `pattern` compilable (2025-11-25).
// Where the revision's prose, its schema.json and the SEPs disagree, the rule we follow and why
// is written beside the check, and the diagnostic's `basis` names the text it follows.
#pragma once

#include <optional>
#include <string>

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "schema/form_schema.h"
#include "spec/revision.h"

namespace ec {

struct SchemaCheck {
  // The model, with every property that could be modelled. Properties that are outside the
  // subset (nested objects, unknown types) are left out and diagnosed.
  FormSchema schema;
  Diagnostics diagnostics;

  // True when no MUST-level finding was made: the schema is in the restricted subset.
  bool accepted() const { return !has_level(diagnostics, Level::Must); }
};

// `pointer` is where the schema sits in the checked document ("" for a bare schema file,
// "/params/requestedSchema" in a message).
SchemaCheck check_requested_schema(const rapidjson::Value& schema, Revision revision,
                                   const std::string& pointer);

}  // namespace ec
