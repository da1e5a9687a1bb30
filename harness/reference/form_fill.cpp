#include "reference/form_fill.h"

#include <string_view>

#include "core/json.h"

namespace ec {
namespace {

using rapidjson::Value;

bool is_array(const Value* v) { return v != nullptr && v->IsArray(); }

bool type_is(const Value& property, std::string_view type) {
  const Value* t = find_member(property, "type");
  return t != nullptr && t->IsString() && std::string_view(t->GetString(), t->GetStringLength()) == type;
}

// The options of a titled enum ({"const", "title"} objects): `oneOf` of a titled single-select,
// `anyOf` (or SEP-1330's `oneOf`) under `items` of a titled multi-select.
const Value* titled_options(const Value& property) {
  if (const Value* one_of = find_member(property, "oneOf"); is_array(one_of)) return one_of;
  const Value* items = find_member(property, "items");
  if (items == nullptr || !items->IsObject()) return nullptr;
  if (const Value* any_of = find_member(*items, "anyOf"); is_array(any_of)) return any_of;
  if (const Value* one_of = find_member(*items, "oneOf"); is_array(one_of)) return one_of;
  return nullptr;
}

// A value of the property's type that a careless client puts where the default belongs.
Value placeholder(const Value& property, rapidjson::Document::AllocatorType& a) {
  if (const Value* options = find_member(property, "enum"); is_array(options) && !options->Empty()) {
    return Value((*options)[0], a);
  }
  if (const Value* options = find_member(property, "oneOf"); is_array(options) && !options->Empty()) {
    if (const Value* value = find_member((*options)[0], "const")) return Value(*value, a);
  }
  if (type_is(property, "array")) return Value(rapidjson::kArrayType);
  if (type_is(property, "boolean")) return Value(false);
  if (type_is(property, "number") || type_is(property, "integer")) {
    if (const Value* minimum = find_member(property, "minimum"); minimum && minimum->IsNumber()) {
      return Value(*minimum, a);
    }
    return Value(0);
  }
  return Value("", a);
}

// The display title of an enum value, or nullptr when the property has none for it.
const Value* title_of(const Value& property, const Value& value) {
  if (const Value* options = titled_options(property)) {
    for (const Value& option : options->GetArray()) {
      const Value* constant = find_member(option, "const");
      if (constant != nullptr && *constant == value) return find_member(option, "title");
    }
  }
  const Value* values = find_member(property, "enum");
  const Value* names = find_member(property, "enumNames");
  if (is_array(values) && is_array(names)) {
    for (rapidjson::SizeType i = 0; i < values->Size() && i < names->Size(); ++i) {
      if ((*values)[i] == value) return &(*names)[i];
    }
  }
  return nullptr;
}

void to_titles(Value& value, const Value& property, rapidjson::Document::AllocatorType& a) {
  if (value.IsArray()) {
    for (Value& item : value.GetArray()) to_titles(item, property, a);
  } else if (const Value* title = title_of(property, value)) {
    value.CopyFrom(*title, a);
  }
}

void to_wrong_shape(Value& value, const Value& property, rapidjson::Document::AllocatorType& a) {
  const bool single_select =
      type_is(property, "string") && (find_member(property, "enum") || titled_options(property));
  if (single_select && value.IsString()) {
    Value list(rapidjson::kArrayType);
    list.PushBack(Value(value, a), a);
    value = list;
  } else if (type_is(property, "array") && value.IsArray()) {
    Value first = value.Empty() ? Value("", a) : Value(value[0], a);
    value = first;
  }
}

}  // namespace

rapidjson::Document fill_form(const Value* user_content, const Value* schema, FaultId fault) {
  rapidjson::Document filled(rapidjson::kObjectType);
  auto& a = filled.GetAllocator();
  if (user_content != nullptr && user_content->IsObject()) {
    filled.CopyFrom(*user_content, a);
    return filled;
  }
  if (fault == FaultId::IgnoreDefaults) return filled;  // an empty form, as if defaults were never shown
  const Value* properties = schema ? find_member(*schema, "properties") : nullptr;
  if (properties == nullptr || !properties->IsObject()) return filled;
  for (auto it = properties->MemberBegin(); it != properties->MemberEnd(); ++it) {
    const Value* def = find_member(it->value, "default");
    if (def == nullptr) continue;
    Value value = fault == FaultId::DefaultsPlaceholder ? placeholder(it->value, a) : Value(*def, a);
    filled.AddMember(Value(it->name, a), value, a);
  }
  return filled;
}

void encode_content(rapidjson::Document& content, const Value* schema, FaultId fault) {
  if (fault != FaultId::EnumTitles && fault != FaultId::EnumShape) return;
  const Value* properties = schema ? find_member(*schema, "properties") : nullptr;
  if (properties == nullptr || !properties->IsObject() || !content.IsObject()) return;
  for (auto it = content.MemberBegin(); it != content.MemberEnd(); ++it) {
    const Value* property =
        find_member(*properties, std::string_view(it->name.GetString(), it->name.GetStringLength()));
    if (property == nullptr || !property->IsObject()) continue;
    if (fault == FaultId::EnumTitles)
      to_titles(it->value, *property, content.GetAllocator());
    else
      to_wrong_shape(it->value, *property, content.GetAllocator());
  }
}

}  // namespace ec
