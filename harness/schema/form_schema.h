// The model of a requestedSchema after checking: a flat list of typed properties. The checker
// (requested_schema.h) builds it; the content validator (content_validator.h) evaluates
// ElicitResult.content against it. Everything the validator needs is here, already parsed, so
// validation never re-reads the schema JSON.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "schema/formats.h"
#include "schema/pattern.h"

namespace ec {

enum class PropertyType { String, Number, Integer, Boolean, SingleSelect, MultiSelect };

std::string_view to_string(PropertyType type);

// How an enum property spells its options (SEP-1330 names, plus the spellings of SEP-1330's
// own texts that the spec page and schema.json did not adopt; see requested_schema.cpp).
enum class EnumStyle {
  None,
  UntitledSingle,     // {"type":"string","enum":[...]}
  TitledSingle,       // {"type":"string","oneOf":[{"const","title"}]}
  TitledSingleAnyOf,  // {"type":"string","anyOf":[...]}: SEP-1330 metaschema spelling
  LegacyTitled,       // {"type":"string","enum":[...],"enumNames":[...]}
  UntitledMulti,      // {"type":"array","items":{"type":"string","enum":[...]}}
  TitledMulti,        // {"type":"array","items":{"anyOf":[{"const","title"}]}}
  TitledMultiOneOf,   // {"type":"array","items":{"oneOf":[...]}}: SEP-1330 TypeScript spelling
};

std::string_view to_string(EnumStyle style);

// Lets the sets and maps below be searched with a string_view (a value of the checked
// document) without making a std::string of it first.
struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using StringSet = std::unordered_set<std::string, StringHash, std::equal_to<>>;

struct PropertySchema {
  std::string name;
  std::string pointer;  // of this property's schema in the checked document
  PropertyType type = PropertyType::String;
  EnumStyle enum_style = EnumStyle::None;
  std::vector<std::string> options;  // enum values / const values, in order
  StringSet option_set;
  std::optional<double> minimum, maximum;
  std::optional<std::uint64_t> min_length, max_length;  // code points
  std::optional<std::uint64_t> min_items, max_items;
  std::optional<StringFormat> format;
  std::string pattern_source;                      // empty when there is no pattern
  std::shared_ptr<const CompiledPattern> pattern;  // set when pattern_source is set
  bool has_default = false;
};

class FormSchema {
 public:
  // Adds a property; a second property of the same name (a duplicate JSON member) is dropped,
  // as RapidJSON's member lookup, and most peers, take the first.
  void add(PropertySchema&& property);
  void reserve(std::size_t properties);
  const PropertySchema* find(std::string_view name) const;
  const std::vector<PropertySchema>& properties() const { return properties_; }

  std::vector<std::string> required;  // only names of existing properties, no duplicates

 private:
  std::vector<PropertySchema> properties_;
  std::unordered_map<std::string, std::size_t, StringHash, std::equal_to<>> index_;
};

}  // namespace ec
