#include "schema/content_validator.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/json.h"
#include "core/json_pointer.h"
#include "core/utf8.h"

namespace ec {
namespace {

std::string quoted(std::string_view s) { return "\"" + abbreviate_utf8(s, 60) + "\""; }

std::string number_text(double d) {
  if (std::isfinite(d) && std::trunc(d) == d && std::fabs(d) < 1e15) {
    return std::to_string(static_cast<long long>(d));
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", d);
  return buf;
}

std::string option_list(const PropertySchema& p) {
  std::string out;
  for (std::size_t i = 0; i < p.options.size() && i < 8; ++i) {
    if (i) out += ", ";
    out += quoted(p.options[i]);
  }
  if (p.options.size() > 8) out += ", ...";
  return out;
}

void check_string(const PropertySchema& p, std::string_view s, std::vector<ValueProblem>& out) {
  const std::size_t length = count_code_points(s);
  if (p.min_length && length < *p.min_length) {
    out.push_back({"min-length", "String has " + std::to_string(length) + " characters; minLength is " +
                                     std::to_string(*p.min_length) + "."});
  }
  if (p.max_length && length > *p.max_length) {
    out.push_back({"max-length", "String has " + std::to_string(length) + " characters; maxLength is " +
                                     std::to_string(*p.max_length) + "."});
  }
  if (p.format) {
    if (auto why = check_format(*p.format, s)) {
      out.push_back(
          {"format", quoted(s) + " is not a valid " + std::string(to_string(*p.format)) + ": " + *why});
    }
  }
  if (p.pattern) {
    if (p.pattern->status() == PatternTranslation::Status::Ok) {
      if (!p.pattern->search(s)) {
        out.push_back({"pattern", quoted(s) + " does not match pattern " + quoted(p.pattern_source) + "."});
      }
    } else {
      out.push_back({"pattern-not-evaluated",
                     "Pattern " + quoted(p.pattern_source) +
                         " was not evaluated: " + p.pattern->translation().reason + ".",
                     true});
    }
  }
}

}  // namespace

std::vector<ValueProblem> check_value(const PropertySchema& p, const rapidjson::Value& v) {
  std::vector<ValueProblem> out;
  const auto wrong_type = [&](std::string_view expected) {
    out.push_back({"type", "Value is " + std::string(json_type_name(v)) + "; the property expects " +
                               std::string(expected) + "."});
  };
  switch (p.type) {
    case PropertyType::String:
      if (!v.IsString()) return wrong_type("a string"), out;
      check_string(p, std::string_view(v.GetString(), v.GetStringLength()), out);
      break;
    case PropertyType::Number:
    case PropertyType::Integer: {
      if (!v.IsNumber()) {
        wrong_type(p.type == PropertyType::Integer ? "an integer" : "a number");
        return out;
      }
      if (p.type == PropertyType::Integer && !is_integral(v)) {
        out.push_back({"integer", "Value " + to_json(v) + " has a fraction; the property is an integer."});
      }
      const double d = v.GetDouble();
      if (p.minimum && d < *p.minimum) {
        out.push_back(
            {"minimum", "Value " + to_json(v) + " is below minimum " + number_text(*p.minimum) + "."});
      }
      if (p.maximum && d > *p.maximum) {
        out.push_back(
            {"maximum", "Value " + to_json(v) + " is above maximum " + number_text(*p.maximum) + "."});
      }
      break;
    }
    case PropertyType::Boolean:
      if (!v.IsBool()) wrong_type("a boolean");
      break;
    case PropertyType::SingleSelect: {
      if (!v.IsString()) return wrong_type("one of the option values (a string)"), out;
      const std::string_view s(v.GetString(), v.GetStringLength());
      if (!p.option_set.contains(s)) {
        out.push_back({"enum", quoted(s) + " is not one of the options " + option_list(p) +
                                   (p.enum_style == EnumStyle::TitledSingle ||
                                            p.enum_style == EnumStyle::TitledSingleAnyOf
                                        ? " (send the const value, not the title)."
                                        : ".")});
      }
      break;
    }
    case PropertyType::MultiSelect: {
      if (!v.IsArray()) return wrong_type("an array of option values"), out;
      std::unordered_set<std::string_view> seen;  // views of the value's strings
      for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
        const rapidjson::Value& item = v[i];
        if (!item.IsString()) {
          out.push_back({"items-type", "Item " + std::to_string(i) + " is " +
                                           std::string(json_type_name(item)) +
                                           "; items are option strings."});
          continue;
        }
        const std::string_view s(item.GetString(), item.GetStringLength());
        if (!p.option_set.contains(s)) {
          out.push_back({"enum", "Item " + std::to_string(i) + " " + quoted(s) +
                                     " is not one of the options " + option_list(p) + "."});
        }
        if (!seen.insert(s).second) {
          out.push_back({"duplicate-item", "Item " + std::to_string(i) + " " + quoted(s) +
                                               " is selected twice; a multi-select answer lists "
                                               "each option at most once."});
        }
      }
      if (p.min_items && v.Size() < *p.min_items) {
        out.push_back({"min-items", std::to_string(v.Size()) + " selected; minItems is " +
                                        std::to_string(*p.min_items) + "."});
      }
      if (p.max_items && v.Size() > *p.max_items) {
        out.push_back({"max-items", std::to_string(v.Size()) + " selected; maxItems is " +
                                        std::to_string(*p.max_items) + "."});
      }
      break;
    }
  }
  return out;
}

Diagnostics validate_content(const FormSchema& schema, const rapidjson::Value& content,
                             const std::string& pointer, const ContentRules& rules) {
  Diagnostics out;
  const auto add = [&](const std::string& check, const LazyPointer& where, std::string message, Level level) {
    out.push_back(
        Diagnostic{"content." + check, rules.requirement, level, where.str(), std::move(message), ""});
  };
  const LazyPointer at(pointer);
  if (!content.IsObject()) {
    add("not-object", at, "Content is " + std::string(json_type_name(content)) + "; it must be an object.",
        rules.level);
    return out;
  }
  // Member lookup in RapidJSON is linear: the names, sorted once, are searched instead (one
  // allocation, where a hash set made a node per member).
  std::vector<std::string_view> present;
  present.reserve(content.MemberCount());
  for (auto it = content.MemberBegin(); it != content.MemberEnd(); ++it) {
    present.emplace_back(it->name.GetString(), it->name.GetStringLength());
  }
  std::sort(present.begin(), present.end());
  for (const std::string& name : schema.required) {
    if (!std::binary_search(present.begin(), present.end(), std::string_view(name))) {
      add("required-missing", LazyPointer(at, name),
          "Required field \"" + name + "\" is missing from the content.", rules.level);
    }
  }
  for (auto it = content.MemberBegin(); it != content.MemberEnd(); ++it) {
    const std::string_view name(it->name.GetString(), it->name.GetStringLength());
    const LazyPointer where(at, name);
    const PropertySchema* property = schema.find(name);
    if (property == nullptr) {
      // Noted, not judged: a requestedSchema cannot say additionalProperties (the restricted
      // subset has no such keyword), and under JSON Schema an object with an extra member still
      // matches one that does not forbid it. A server that ignores the field is not wrong.
      add("unknown-field", where,
          "Field \"" + std::string(name) +
              "\" is not a property of the requestedSchema (allowed by JSON Schema, "
              "which the schema's subset cannot forbid).",
          Level::Info);
      continue;
    }
    for (ValueProblem& problem : check_value(*property, it->value)) {
      add(problem.check, where, std::move(problem.message),
          problem.not_evaluated ? Level::Info : rules.level);
    }
  }
  return out;
}

}  // namespace ec
