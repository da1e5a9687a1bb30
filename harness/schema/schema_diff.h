// Did the requestedSchema reach the client as the server's tool asked for it? A server SDK (or a
// proxy, or a schema builder in between) may rewrite a schema on its way out: drop `default`,
// turn `integer` into `number`, strip `format`, `pattern` or bounds, turn a titled single-select
// into free text, lose titles. This compares, keyword by keyword and by value, every keyword of
// the schema that was asked for with the schema that was sent, and reports the validity keywords the
// sender added where the tool asked for none: a property made required, a default, an enum, a
// format, a bound or a length (a typed SDK that builds the schema from a struct makes every field
// required and gives it a zero-value default; issue 33, G2). Other additions are not judged: a
// title generated from the property name is harmless, an added password field is another rule's
// business, and `required: []`, `minLength: 0` or `minItems: 0` restrict nothing.
//
// Each difference has a class, so the two halves can be judged at their own levels:
//   Validity  what is valid or what is pre-filled changes: type (integer is not number), enum,
//             const, format, pattern, bounds and lengths, items, minItems / maxItems, required,
//             oneOf / anyOf options, default (falsy ones included), a property that is gone; a
//             keyword counts only where it applies (minLength on a string, maxItems on an
//             array...), and keywords outside the restricted subset are not judged
//   Display   only what the user reads changes: title, description, enumNames (and the titles of
//             oneOf / anyOf options)
// Values compare as JSON values: numbers by value (3 and 3.0 are equal, but "3" is not 3),
// arrays in order, objects member by member. Pure; recursion follows the asked-for schema.
#pragma once

#include <string>
#include <vector>

#include <rapidjson/document.h>

namespace ec {

struct SchemaDifference {
  enum class Kind { Validity, Display };
  Kind kind = Kind::Validity;
  std::string pointer;  // into requestedSchema: "/properties/count/type"
  std::string message;  // "asked for \"integer\", sent \"number\""
};

std::vector<SchemaDifference> compare_requested_schema(const rapidjson::Value& asked,
                                                       const rapidjson::Value& sent);

// Whether two JSON values are equal as JSON values. Numbers by value, as a double-precision peer
// reads them: RFC 8259 section 6 leaves numbers beyond IEEE 754 binary64 to the implementation, so
// 9007199254740993 that a JavaScript SDK passes on as 9007199254740992 is the same number (found
// fuzzing the TypeScript SDK: every such bound was called a rewritten schema).
bool json_equal(const rapidjson::Value& a, const rapidjson::Value& b);

}  // namespace ec
