#include "schema/requested_schema.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <set>
#include <unordered_set>
#include <vector>

#include "core/json.h"
#include "core/json_pointer.h"
#include "schema/content_validator.h"

// Where the sources disagree, these are the rules followed (each check names its basis):
//  1. `pattern` on strings: in the 2025-11-25 prose example, not in its schema.json. We follow
//     the prose: a pattern is allowed, must compile, and content must match it. In 2025-06-18
//     it is in neither, so it is an unknown keyword there.
//  2. Titled single-select: the spec page and schema.json say `oneOf`; SEP-1330's JSON
//     metaschema says `anyOf`. `oneOf` is conformant; `anyOf` is evaluated as the same enum
//     (so content can still be judged) and reported at SHOULD level, since clients built on
//     schema.json will not recognise it.
//  3. Titled multi-select: the spec page and schema.json put `anyOf` inside `items`; SEP-1330's
//     TypeScript uses `items.oneOf`. Same treatment as 2.
//  4. NumberSchema bounds: typed `number` in every schema.json we ship (SOURCE-COMMIT
//     b0f60ba) and in the prose, so fractional bounds are fine, also on integer properties.
//     An "integer-typed bounds" erratum was reported against 2025-11-25; our copy does not have it.
//  5. minLength, maxLength, minItems, maxItems: schema.json says integer, SEP-1330's metaschema
//     says number >= 0. Both allow only non-negative whole numbers to be meaningful; we require
//     a non-negative integer.
//  6. Unknown keywords: schema.json does not close the property schemas
//     (no additionalProperties: false), but the prose says the subset is "restricted" and
//     "advanced JSON Schema features are intentionally not supported". A keyword that would
//     constrain values (const, multipleOf, $ref, ...) is reported at SHOULD level: a client will
//     ignore it, so the constraint silently does not hold. Pure annotations are Info.

namespace ec {
namespace {

constexpr const char* kRestricted = "FORM-SCHEMA-RESTRICTED";
constexpr const char* kFormat = "FORM-SCHEMA-FORMAT";
constexpr const char* kConsistent = "FORM-SCHEMA-CONSISTENT";
constexpr const char* kEnum = "FORM-SCHEMA-ENUM";
constexpr const char* kDefault = "FORM-SCHEMA-DEFAULT";

// Keywords that constrain values in full JSON Schema but are outside the elicitation subset.
const std::set<std::string_view> kValidationKeywords = {"$ref",
                                                        "$defs",
                                                        "definitions",
                                                        "allOf",
                                                        "anyOf",
                                                        "oneOf",
                                                        "not",
                                                        "if",
                                                        "then",
                                                        "else",
                                                        "const",
                                                        "enum",
                                                        "multipleOf",
                                                        "exclusiveMinimum",
                                                        "exclusiveMaximum",
                                                        "minimum",
                                                        "maximum",
                                                        "minLength",
                                                        "maxLength",
                                                        "pattern",
                                                        "format",
                                                        "items",
                                                        "prefixItems",
                                                        "contains",
                                                        "minItems",
                                                        "maxItems",
                                                        "uniqueItems",
                                                        "properties",
                                                        "patternProperties",
                                                        "additionalProperties",
                                                        "required",
                                                        "dependentRequired",
                                                        "dependentSchemas",
                                                        "propertyNames",
                                                        "minProperties",
                                                        "maxProperties",
                                                        "unevaluatedProperties",
                                                        "unevaluatedItems",
                                                        "minContains",
                                                        "maxContains",
                                                        "$dynamicRef",
                                                        "$recursiveRef"};

// The keywords a property schema may carry, for the unknown-keyword check. There are at most
// eight (the four every property has, and one kind's own), so a flat array searched in order:
// a std::set cost a node allocation per keyword per property.
class KnownKeywords {
 public:
  KnownKeywords(std::initializer_list<std::string_view> words) { insert(words); }
  void insert(std::initializer_list<std::string_view> words) {
    for (std::string_view w : words) insert(w);
  }
  void insert(std::string_view word) {
    if (size_ < words_.size()) words_[size_++] = word;
  }
  bool contains(std::string_view word) const {
    return std::find(words_.begin(), words_.begin() + static_cast<std::ptrdiff_t>(size_), word) !=
           words_.begin() + static_cast<std::ptrdiff_t>(size_);
  }

 private:
  std::array<std::string_view, 12> words_{};
  std::size_t size_ = 0;
};

class Checker {
 public:
  Checker(Revision revision, SchemaCheck& out) : revision_(revision), out_(out) {}

  void check_root(const rapidjson::Value& schema, const LazyPointer& pointer) {
    if (!schema.IsObject()) {
      add("schema.not-object", kRestricted, Level::Must, pointer,
          "The requestedSchema is " + std::string(json_type_name(schema)) + "; it must be an object.");
      return;
    }
    const rapidjson::Value* type = find_member(schema, "type");
    if (type == nullptr) {
      add("schema.type-missing", kRestricted, Level::Must, LazyPointer(pointer, "type"),
          "The requestedSchema has no \"type\"; it must be \"object\".", basis("ElicitRequest"));
    } else if (!type->IsString() || std::string_view(type->GetString()) != "object") {
      add("schema.type-not-object", kRestricted, Level::Must, LazyPointer(pointer, "type"),
          "The requestedSchema type is " + to_json(*type) + "; it must be \"object\".",
          basis("ElicitRequest"));
    }
    const rapidjson::Value* properties = find_member(schema, "properties");
    const LazyPointer properties_pointer(pointer, "properties");
    if (properties == nullptr) {
      add("schema.properties-missing", kRestricted, Level::Must, properties_pointer,
          "The requestedSchema has no \"properties\"; it is required (use {} for none).",
          basis("ElicitRequest"));
    } else if (!properties->IsObject()) {
      add("schema.properties-type", kRestricted, Level::Must, properties_pointer,
          "\"properties\" is " + std::string(json_type_name(*properties)) + "; it must be an object.",
          basis("ElicitRequest"));
    } else {
      out_.schema.reserve(properties->MemberCount());  // no reallocation moves every property
      property_names_.reserve(properties->MemberCount());
      for (auto it = properties->MemberBegin(); it != properties->MemberEnd(); ++it) {
        const std::string name(it->name.GetString(), it->name.GetStringLength());
        property_names_.emplace_back(it->name.GetString(), it->name.GetStringLength());
        check_property(name, it->value, LazyPointer(properties_pointer, name));
      }
      std::sort(property_names_.begin(), property_names_.end());
    }
    if (const rapidjson::Value* required = find_member(schema, "required")) {
      check_required(*required, LazyPointer(pointer, "required"));
    }
    for (auto it = schema.MemberBegin(); it != schema.MemberEnd(); ++it) {
      const std::string_view key(it->name.GetString(), it->name.GetStringLength());
      if (key == "type" || key == "properties" || key == "required") continue;
      if (key == "$schema" && features(revision_).schema_dialect_member) {
        if (!it->value.IsString()) {
          add("schema.dialect-type", kRestricted, Level::Must, LazyPointer(pointer, key),
              "\"$schema\" must be a string.", basis("ElicitRequestFormParams"));
        }
        continue;
      }
      unknown_keyword(key, LazyPointer(pointer, key), "the requestedSchema");
    }
  }

 private:
  std::string basis(std::string_view definition) const {
    return "schema.json " + std::string(to_string(revision_)) + " " +
           (revision_ == Revision::V2025_06_18 ? "#/definitions/" : "#/$defs/") + std::string(definition);
  }

  void add(std::string check, const char* requirement, Level level, const LazyPointer& pointer,
           std::string message, std::string basis_text = "") {
    out_.diagnostics.push_back(Diagnostic{std::move(check), requirement, level, pointer.str(),
                                          std::move(message), std::move(basis_text)});
  }

  void unknown_keyword(std::string_view key, const LazyPointer& pointer, std::string_view where) {
    if (kValidationKeywords.contains(key)) {
      add("schema.keyword-unsupported", kRestricted, Level::Should, pointer,
          "\"" + std::string(key) + "\" is not part of the " + std::string(to_string(revision_)) +
              " elicitation subset for " + std::string(where) +
              "; clients ignore it, so the constraint it states will not hold.",
          "elicitation.mdx > Requested Schema (restricted subset)");
    } else {
      add("schema.keyword-ignored", kRestricted, Level::Info, pointer,
          "\"" + std::string(key) + "\" is not part of the elicitation subset; clients ignore it.");
    }
  }

  void check_required(const rapidjson::Value& required, const LazyPointer& pointer) {
    if (!required.IsArray()) {
      add("schema.required-type", kRestricted, Level::Must, pointer,
          "\"required\" is " + std::string(json_type_name(required)) + "; it must be an array of names.",
          basis("ElicitRequest"));
      return;
    }
    std::unordered_set<std::string_view> seen;  // views of the document's strings
    for (rapidjson::SizeType i = 0; i < required.Size(); ++i) {
      const rapidjson::Value& item = required[i];
      const LazyPointer where(pointer, i);
      if (!item.IsString()) {
        add("schema.required-item-type", kRestricted, Level::Must, where,
            "required[" + std::to_string(i) + "] is " + std::string(json_type_name(item)) +
                "; it must be a property name.",
            basis("ElicitRequest"));
        continue;
      }
      const std::string_view name(item.GetString(), item.GetStringLength());
      if (!seen.insert(name).second) {
        add("schema.required-duplicate", kConsistent, Level::Should, where,
            "\"" + std::string(name) +
                "\" is listed twice in \"required\"; JSON Schema requires unique names.",
            "JSON Schema validation 2020-12, section 6.5.3");
        continue;
      }
      if (!std::binary_search(property_names_.begin(), property_names_.end(), name)) {
        add("schema.required-unknown-property", kConsistent, Level::Should, where,
            "\"required\" names \"" + std::string(name) +
                "\", which is not in \"properties\": the client has no "
                "field for it, so no answer can satisfy the schema.");
        continue;
      }
      if (out_.schema.find(name) != nullptr) out_.schema.required.emplace_back(name);
    }
  }

  // Reads a non-negative integer keyword (minLength, maxItems, ...).
  std::optional<std::uint64_t> count_keyword(const rapidjson::Value& p, const char* key,
                                             const LazyPointer& pointer, std::string_view definition) {
    const rapidjson::Value* v = find_member(p, key);
    if (v == nullptr) return std::nullopt;
    if (v->IsUint64()) return v->GetUint64();
    // A count beyond 2^64 is still a non-negative integer (JSON has no integer size; a JavaScript
    // peer echoes 18446744073709551615 as 18446744073709552000): it saturates, it is no error.
    if (v->IsNumber() && is_integral(*v) && v->GetDouble() >= 0) {
      return v->GetDouble() < 1.8e19 ? static_cast<std::uint64_t>(v->GetDouble())
                                     : std::numeric_limits<std::uint64_t>::max();
    }
    add("schema.count-type", kRestricted, Level::Must, LazyPointer(pointer, key),
        std::string("\"") + key + "\" is " + to_json(*v) + "; it must be a non-negative integer.",
        basis(definition));
    return std::nullopt;
  }

  std::optional<double> number_keyword(const rapidjson::Value& p, const char* key,
                                       const LazyPointer& pointer) {
    const rapidjson::Value* v = find_member(p, key);
    if (v == nullptr) return std::nullopt;
    if (v->IsNumber()) return v->GetDouble();
    add("schema.bound-type", kRestricted, Level::Must, LazyPointer(pointer, key),
        std::string("\"") + key + "\" is " + std::string(json_type_name(*v)) + "; it must be a number.",
        basis("NumberSchema"));
    return std::nullopt;
  }

  void check_annotations(const rapidjson::Value& p, const LazyPointer& pointer, std::string_view definition) {
    for (const char* key : {"title", "description"}) {
      const rapidjson::Value* v = find_member(p, key);
      if (v != nullptr && !v->IsString()) {
        add("schema.annotation-type", kRestricted, Level::Must, LazyPointer(pointer, key),
            std::string("\"") + key + "\" is " + std::string(json_type_name(*v)) + "; it must be a string.",
            basis(definition));
      }
    }
  }

  // Reads the options of an enum: a non-empty array of unique strings.
  bool read_enum(const rapidjson::Value& list, const LazyPointer& pointer, PropertySchema& out) {
    if (!list.IsArray()) {
      add("schema.enum-type", kEnum, Level::Must, pointer,
          "\"enum\" is " + std::string(json_type_name(list)) + "; it must be an array of strings.",
          basis("EnumSchema"));
      return false;
    }
    reserve_options(list.Size(), out);
    for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
      if (!list[i].IsString()) {
        add("schema.enum-item-type", kEnum, Level::Must, LazyPointer(pointer, i),
            "Enum option " + std::to_string(i) + " is " + std::string(json_type_name(list[i])) +
                "; elicitation enums are strings.",
            basis("EnumSchema"));
        return false;
      }
      add_option(std::string(list[i].GetString(), list[i].GetStringLength()), LazyPointer(pointer, i), out);
    }
    if (list.Empty()) {
      add("schema.enum-empty", kConsistent, Level::Should, pointer,
          "The enum has no options; nothing can be selected.", "SEP-1330 metaschema (enum minItems 1)");
    }
    return true;
  }

  // Reads [{"const": ..., "title": ...}, ...] (titled enums).
  bool read_titled(const rapidjson::Value& list, const LazyPointer& pointer, PropertySchema& out,
                   std::string_view definition) {
    if (!list.IsArray()) {
      add("schema.titled-options-type", kEnum, Level::Must, pointer,
          "The options are " + std::string(json_type_name(list)) +
              "; they must be an array of {\"const\", \"title\"} objects.",
          basis(definition));
      return false;
    }
    bool ok = true;
    reserve_options(list.Size(), out);
    for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
      const LazyPointer where(pointer, i);
      const rapidjson::Value& option = list[i];
      const rapidjson::Value* value = find_member(option, "const");
      const rapidjson::Value* title = find_member(option, "title");
      if (!option.IsObject() || value == nullptr || !value->IsString()) {
        add("schema.titled-option-const", kEnum, Level::Must, where,
            "Option " + std::to_string(i) + " needs a string \"const\" (the value that is sent).",
            basis(definition));
        ok = false;
        continue;
      }
      if (title == nullptr || !title->IsString()) {
        add("schema.titled-option-title", kEnum, Level::Must, LazyPointer(where, "title"),
            "Option " + std::to_string(i) + " needs a string \"title\" (what the user sees).",
            basis(definition));
      }
      add_option(std::string(value->GetString(), value->GetStringLength()), LazyPointer(where, "const"), out);
    }
    if (list.Empty()) {
      add("schema.enum-empty", kConsistent, Level::Should, pointer,
          "The enum has no options; nothing can be selected.");
    }
    return ok;
  }

  // Room for every option at once, so that the list and the set do not grow one by one.
  static void reserve_options(std::size_t count, PropertySchema& out) {
    out.options.reserve(out.options.size() + count);
    out.option_set.reserve(out.option_set.size() + count);
  }

  void add_option(std::string value, const LazyPointer& pointer, PropertySchema& out) {
    if (!out.option_set.insert(value).second) {
      add("schema.enum-duplicate", kConsistent, Level::Should, pointer,
          "Option \"" + value + "\" appears twice; a user cannot tell the two apart.",
          "JSON Schema validation 2020-12, section 6.1.2");
      return;
    }
    out.options.push_back(std::move(value));
  }

  void check_string_keywords(const rapidjson::Value& p, const LazyPointer& pointer, PropertySchema& out) {
    out.min_length = count_keyword(p, "minLength", pointer, "StringSchema");
    out.max_length = count_keyword(p, "maxLength", pointer, "StringSchema");
    if (out.min_length && out.max_length && *out.min_length > *out.max_length) {
      add("schema.length-range-empty", kConsistent, Level::Should, LazyPointer(pointer, "minLength"),
          "minLength " + std::to_string(*out.min_length) + " is above maxLength " +
              std::to_string(*out.max_length) + ": no string can satisfy this property.");
    }
    if (const rapidjson::Value* format = find_member(p, "format")) {
      const LazyPointer where(pointer, "format");
      auto parsed = format->IsString() ? parse_format_name(format->GetString()) : std::nullopt;
      if (parsed) {
        out.format = parsed;
      } else {
        add("schema.format-unsupported", kFormat, Level::Must, where,
            "format " + to_json(*format) +
                " is not one of the supported formats: email, uri, date, date-time.",
            basis("StringSchema"));
      }
    }
    if (const rapidjson::Value* pattern = find_member(p, "pattern")) {
      const LazyPointer where(pointer, "pattern");
      if (!features(revision_).pattern_keyword) {
        unknown_keyword("pattern", where, "a string property");
      } else if (!pattern->IsString()) {
        add("schema.pattern-type", kRestricted, Level::Must, where,
            "\"pattern\" is " + std::string(json_type_name(*pattern)) + "; it must be a string.",
            "elicitation.mdx 2025-11-25 > Requested Schema (String Schema example)");
      } else {
        out.pattern_source.assign(pattern->GetString(), pattern->GetStringLength());
        std::shared_ptr<const CompiledPattern> compiled = CompiledPattern::shared(out.pattern_source);
        const PatternTranslation& t = compiled->translation();
        if (t.status == PatternTranslation::Status::Invalid) {
          add("schema.pattern-invalid", kConsistent, Level::Should, where,
              "pattern does not compile (" + t.reason + "); clients cannot validate against it.",
              "JSON Schema validation 2020-12, section 6.3.3 (ECMA-262 regular expression)");
        } else if (t.status == PatternTranslation::Status::Unsupported) {
          add("schema.pattern-unsupported", kConsistent, Level::Info, where,
              "pattern uses " + t.reason + " at offset " + std::to_string(t.offset) +
                  "; this checker cannot evaluate it, so values are not checked against it.");
        }
        out.pattern = std::move(compiled);
      }
    }
  }

  void check_property(const std::string& name, const rapidjson::Value& p, const LazyPointer& pointer) {
    if (!p.IsObject()) {
      add("schema.property-not-object", kRestricted, Level::Must, pointer,
          "Property \"" + name + "\" is " + std::string(json_type_name(p)) + "; it must be a schema object.",
          basis("PrimitiveSchemaDefinition"));
      return;
    }
    PropertySchema out;
    out.name = name;
    out.pointer = pointer.str();
    const rapidjson::Value* type = find_member(p, "type");
    const LazyPointer type_pointer(pointer, "type");
    if (type == nullptr) {
      add("schema.property-type-missing", kRestricted, Level::Must, type_pointer,
          "Property \"" + name +
              "\" has no \"type\"; it must be string, number, integer, boolean or "
              "(for multi-select) array.",
          basis("PrimitiveSchemaDefinition"));
      return;
    }
    if (!type->IsString()) {
      add("schema.property-type-invalid", kRestricted, Level::Must, type_pointer,
          "Property \"" + name + "\" has type " + to_json(*type) +
              "; a primitive schema has exactly one type name, not a list.",
          basis("PrimitiveSchemaDefinition"));
      return;
    }
    const std::string_view t(type->GetString(), type->GetStringLength());
    KnownKeywords known = {"type", "title", "description", "default"};
    std::string_view definition;
    if (t == "string") {
      definition = check_string_property(p, pointer, out, known);
    } else if (t == "number" || t == "integer") {
      definition = "NumberSchema";
      out.type = t == "number" ? PropertyType::Number : PropertyType::Integer;
      known.insert({"minimum", "maximum"});
      out.minimum = number_keyword(p, "minimum", pointer);
      out.maximum = number_keyword(p, "maximum", pointer);
      if (out.minimum && out.maximum) {
        const bool empty = out.type == PropertyType::Integer
                               ? std::ceil(*out.minimum) > std::floor(*out.maximum)
                               : *out.minimum > *out.maximum;
        if (empty) {
          add("schema.bounds-range-empty", kConsistent, Level::Should, LazyPointer(pointer, "minimum"),
              "minimum " + to_json(*find_member(p, "minimum")) + " and maximum " +
                  to_json(*find_member(p, "maximum")) + " leave no " + std::string(t) +
                  " that satisfies this property.");
        }
      }
    } else if (t == "boolean") {
      definition = "BooleanSchema";
      out.type = PropertyType::Boolean;
    } else if (t == "array") {
      definition = check_array_property(p, pointer, out, known);
      if (definition.empty()) return;
    } else if (t == "object") {
      add("schema.property-nested-object", kRestricted, Level::Must, type_pointer,
          "Property \"" + name + "\" is an object; elicitation schemas are flat: primitive properties only.",
          "elicitation.mdx > Requested Schema");
      return;
    } else {
      add("schema.property-type-unknown", kRestricted, Level::Must, type_pointer,
          "Property \"" + name + "\" has type \"" + std::string(t) +
              "\"; allowed are string, number, integer, boolean and array (multi-select enums).",
          basis("PrimitiveSchemaDefinition"));
      return;
    }
    check_annotations(p, pointer, definition);
    for (auto it = p.MemberBegin(); it != p.MemberEnd(); ++it) {
      const std::string_view key(it->name.GetString(), it->name.GetStringLength());
      if (!known.contains(key))
        unknown_keyword(key, LazyPointer(pointer, key), "a " + std::string(t) + " property");
    }
    if (const rapidjson::Value* def = find_member(p, "default")) {
      out.has_default = true;
      check_default(*def, LazyPointer(pointer, "default"), out);
    }
    out_.schema.add(std::move(out));
  }

  // Returns the schema.json definition name the property follows.
  std::string_view check_string_property(const rapidjson::Value& p, const LazyPointer& pointer,
                                         PropertySchema& out, KnownKeywords& known) {
    const bool sep1330 = features(revision_).sep1330_enums;
    const rapidjson::Value* list = find_member(p, "enum");
    const rapidjson::Value* one_of = find_member(p, "oneOf");
    const rapidjson::Value* any_of = find_member(p, "anyOf");
    if (list != nullptr) {
      known.insert({"enum", "enumNames"});
      out.type = PropertyType::SingleSelect;
      out.enum_style = EnumStyle::UntitledSingle;
      read_enum(*list, LazyPointer(pointer, "enum"), out);
      if (const rapidjson::Value* names = find_member(p, "enumNames")) {
        out.enum_style = EnumStyle::LegacyTitled;
        check_enum_names(*names, list->IsArray() ? list->Size() : 0, LazyPointer(pointer, "enumNames"));
      }
      if (one_of != nullptr || any_of != nullptr) {
        add("schema.enum-ambiguous", kEnum, Level::Should, pointer,
            "The property has \"enum\" and also \"oneOf\"/\"anyOf\"; use one enum spelling.");
      }
      return sep1330 ? (out.enum_style == EnumStyle::LegacyTitled ? "LegacyTitledEnumSchema"
                                                                  : "UntitledSingleSelectEnumSchema")
                     : "EnumSchema";
    }
    if (one_of != nullptr || any_of != nullptr) {
      known.insert({"oneOf", "anyOf"});
      out.type = PropertyType::SingleSelect;
      if (!sep1330) {
        add("schema.enum-variant-not-in-revision", kEnum, Level::Must, pointer,
            "Titled enums (oneOf/anyOf with const and title) arrived with SEP-1330 in 2025-11-25; "
            "2025-06-18 knows only \"enum\" with optional \"enumNames\".",
            basis("EnumSchema"));
      }
      if (one_of != nullptr) {
        out.enum_style = EnumStyle::TitledSingle;
        read_titled(*one_of, LazyPointer(pointer, "oneOf"), out, "TitledSingleSelectEnumSchema");
      } else {
        out.enum_style = EnumStyle::TitledSingleAnyOf;
        if (sep1330) {
          add("schema.titled-single-anyof", kEnum, Level::Should, LazyPointer(pointer, "anyOf"),
              "A titled single-select enum uses \"anyOf\" (the SEP-1330 metaschema's spelling); the "
              "spec and schema.json say \"oneOf\", and clients built on them will not show choices.",
              "elicitation.mdx 2025-11-25 and schema.json #/$defs/TitledSingleSelectEnumSchema "
              "(oneOf) over SEP-1330 metaschema (anyOf)");
        }
        read_titled(*any_of, LazyPointer(pointer, "anyOf"), out, "TitledSingleSelectEnumSchema");
      }
      return "TitledSingleSelectEnumSchema";
    }
    out.type = PropertyType::String;
    known.insert({"minLength", "maxLength", "format"});
    if (features(revision_).pattern_keyword) known.insert("pattern");
    check_string_keywords(p, pointer, out);
    return "StringSchema";
  }

  void check_enum_names(const rapidjson::Value& names, std::size_t option_count, const LazyPointer& pointer) {
    bool strings = names.IsArray();
    if (strings) {
      for (const auto& n : names.GetArray()) strings = strings && n.IsString();
    }
    if (!strings) {
      add("schema.enum-names-type", kEnum, Level::Must, pointer, "\"enumNames\" must be an array of strings.",
          basis("EnumSchema"));
      return;
    }
    if (names.Size() != option_count) {
      add("schema.enum-names-length", kEnum, Level::Should, pointer,
          "\"enumNames\" has " + std::to_string(names.Size()) + " titles for " +
              std::to_string(option_count) + " options; each option needs exactly one title.");
    }
    if (features(revision_).sep1330_enums) {
      add("schema.enum-names-legacy", kEnum, Level::Info, pointer,
          "\"enumNames\" is the legacy spelling (LegacyTitledEnumSchema, to be removed); use \"oneOf\" "
          "with const and title.",
          "SEP-1330");
    }
  }

  // Returns "" when the property cannot be modelled.
  std::string_view check_array_property(const rapidjson::Value& p, const LazyPointer& pointer,
                                        PropertySchema& out, KnownKeywords& known) {
    const LazyPointer type_pointer(pointer, "type");
    if (!features(revision_).sep1330_enums) {
      add("schema.property-array-not-in-revision", kRestricted, Level::Must, type_pointer,
          "Array properties (multi-select enums) arrived with SEP-1330 in 2025-11-25; in "
          "2025-06-18 properties are string, number, integer or boolean.",
          basis("PrimitiveSchemaDefinition"));
      return "";
    }
    known.insert({"items", "minItems", "maxItems"});
    out.type = PropertyType::MultiSelect;
    const rapidjson::Value* items = find_member(p, "items");
    const LazyPointer items_pointer(pointer, "items");
    if (items == nullptr || !items->IsObject()) {
      add("schema.array-items-missing", kEnum, Level::Must, items_pointer,
          "An array property must have an \"items\" object listing the options (multi-select enum).",
          basis("UntitledMultiSelectEnumSchema"));
      return "";
    }
    std::string_view definition;
    if (const rapidjson::Value* list = find_member(*items, "enum")) {
      definition = "UntitledMultiSelectEnumSchema";
      out.enum_style = EnumStyle::UntitledMulti;
      const rapidjson::Value* item_type = find_member(*items, "type");
      if (item_type == nullptr || !item_type->IsString() ||
          std::string_view(item_type->GetString()) != "string") {
        add("schema.array-items-type", kEnum, Level::Must, LazyPointer(items_pointer, "type"),
            "Multi-select items must have \"type\": \"string\".", basis(definition));
      }
      if (!read_enum(*list, LazyPointer(items_pointer, "enum"), out)) return "";
    } else if (const rapidjson::Value* any_of = find_member(*items, "anyOf")) {
      definition = "TitledMultiSelectEnumSchema";
      out.enum_style = EnumStyle::TitledMulti;
      if (!read_titled(*any_of, LazyPointer(items_pointer, "anyOf"), out, definition)) return "";
    } else if (const rapidjson::Value* one_of = find_member(*items, "oneOf")) {
      definition = "TitledMultiSelectEnumSchema";
      out.enum_style = EnumStyle::TitledMultiOneOf;
      add("schema.titled-multi-oneof", kEnum, Level::Should, LazyPointer(items_pointer, "oneOf"),
          "A titled multi-select uses items.oneOf (SEP-1330's TypeScript spelling); the spec and "
          "schema.json say items.anyOf, and clients built on them will not show choices.",
          "elicitation.mdx 2025-11-25 and schema.json #/$defs/TitledMultiSelectEnumSchema (items.anyOf) "
          "over SEP-1330 TypeScript (items.oneOf)");
      if (!read_titled(*one_of, LazyPointer(items_pointer, "oneOf"), out, definition)) return "";
    } else {
      add("schema.array-items-not-enum", kRestricted, Level::Must, items_pointer,
          "Array items are not an enum of strings; arrays are allowed only as multi-select enums "
          "(\"arrays of objects (beyond enums) ... are intentionally not supported\").",
          "elicitation.mdx 2025-11-25 > Requested Schema");
      return "";
    }
    out.min_items = count_keyword(p, "minItems", pointer, definition);
    out.max_items = count_keyword(p, "maxItems", pointer, definition);
    if (out.min_items && out.max_items && *out.min_items > *out.max_items) {
      add("schema.items-range-empty", kConsistent, Level::Should, LazyPointer(pointer, "minItems"),
          "minItems " + std::to_string(*out.min_items) + " is above maxItems " +
              std::to_string(*out.max_items) + ": no selection can satisfy this property.");
    } else if (out.min_items && *out.min_items > out.options.size()) {
      add("schema.items-range-empty", kConsistent, Level::Should, LazyPointer(pointer, "minItems"),
          "minItems " + std::to_string(*out.min_items) + " is more than the " +
              std::to_string(out.options.size()) + " distinct options: no selection can satisfy it.");
    }
    return definition;
  }

  void check_default(const rapidjson::Value& value, const LazyPointer& pointer, const PropertySchema& p) {
    if (!features(revision_).defaults_on_all_primitives && p.type != PropertyType::Boolean) {
      add("schema.default-not-in-revision", kDefault, Level::Info, pointer,
          "Defaults on " + std::string(to_string(p.type)) +
              " properties arrived with SEP-1034 in 2025-11-25; 2025-06-18 clients may ignore it.",
          basis("PrimitiveSchemaDefinition"));
    }
    for (const ValueProblem& problem : check_value(p, value)) {
      if (problem.not_evaluated) continue;
      add("schema.default-invalid", kDefault, Level::Must, pointer,
          "The default does not satisfy its own property: " + problem.message, "SEP-1034 > Behavior");
    }
  }

  Revision revision_;
  SchemaCheck& out_;
  // RapidJSON's member lookup is a linear scan: the names are sorted once and searched, so that
  // `required` with 100k entries is not quadratic (one allocation, where a hash set made a node
  // per name). Views of the document's own strings, which outlive the check.
  std::vector<std::string_view> property_names_;
};

}  // namespace

std::string_view to_string(PropertyType type) {
  switch (type) {
    case PropertyType::String: return "string";
    case PropertyType::Number: return "number";
    case PropertyType::Integer: return "integer";
    case PropertyType::Boolean: return "boolean";
    case PropertyType::SingleSelect: return "single-select enum";
    case PropertyType::MultiSelect: return "multi-select enum";
  }
  return "?";
}

std::string_view to_string(EnumStyle style) {
  switch (style) {
    case EnumStyle::None: return "none";
    case EnumStyle::UntitledSingle: return "untitled single-select";
    case EnumStyle::TitledSingle: return "titled single-select";
    case EnumStyle::TitledSingleAnyOf: return "titled single-select (anyOf)";
    case EnumStyle::LegacyTitled: return "legacy titled (enumNames)";
    case EnumStyle::UntitledMulti: return "untitled multi-select";
    case EnumStyle::TitledMulti: return "titled multi-select";
    case EnumStyle::TitledMultiOneOf: return "titled multi-select (oneOf)";
  }
  return "?";
}

void FormSchema::add(PropertySchema&& property) {
  if (!index_.try_emplace(property.name, properties_.size()).second) return;  // one lookup, not two
  properties_.push_back(std::move(property));
}

void FormSchema::reserve(std::size_t properties) {
  properties_.reserve(properties);
  index_.reserve(properties);
}

const PropertySchema* FormSchema::find(std::string_view name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : &properties_[it->second];
}

SchemaCheck check_requested_schema(const rapidjson::Value& schema, Revision revision,
                                   const std::string& pointer) {
  SchemaCheck out;
  Checker(revision, out).check_root(schema, LazyPointer(pointer));
  return out;
}

}  // namespace ec
