// Differential: our content validator against RapidJSON 1.1.0's draft-04 SchemaValidator
// (rapidjson/schema.h), on the part of JSON Schema both understand: properties of type string
// (minLength, maxLength), string enums, number and integer (minimum, maximum), boolean, and
// `required`. Input: like fuzz_content_validator, the schema's JSON, a NUL byte, the content's
// JSON (no NUL: content {}). The input schema is projected onto the shared subset (see
// project()), so every input is a case both validators can judge; they must agree on whether
// the content is valid. Our checker must also accept every projected schema.
// Differences in meaning, skipped here and listed in fuzz/README.md:
//  1. an integral double (1.0, 1e3) for an integer property: JSON Schema (and we) count it as an
//     integer; RapidJSON 1.1.0 accepts only numbers written without fraction or exponent;
//  2. an integer value against an integer bound when either is beyond 2^53: RapidJSON compares
//     the two exactly as 64-bit integers, we compare doubles (as JavaScript peers do);
//  3. minLength/maxLength above 2^32-1 or written as 2.0: RapidJSON ignores them (its SizeType
//     is 32-bit, and it wants an unsigned integer token); the projection drops them;
//  4. an empty enum: RapidJSON ignores it, draft-04 forbids it; the projection drops it.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_set>

#include <rapidjson/schema.h>

#include "core/json.h"
#include "fuzz_support.h"
#include "schema/content_validator.h"
#include "schema/requested_schema.h"

namespace {

using ec::fuzz::require;
using rapidjson::Value;

constexpr ec::ParseLimits kLimits{std::size_t{1} << 20, 64};
constexpr double kExact = 9007199254740992.0;  // 2^53: every integer up to here is a double

// The shared subset of `input`: known property types with their keywords of the right JSON
// type, the first of duplicated names, string enums that are non-empty and deduplicated,
// `required` restricted to kept properties, named once.
rapidjson::Document project(const Value& input) {
  rapidjson::Document out(rapidjson::kObjectType);
  auto& a = out.GetAllocator();
  Value properties(rapidjson::kObjectType);
  std::unordered_set<std::string> kept;
  const Value* in_properties = ec::find_member(input, "properties");
  if (in_properties != nullptr && in_properties->IsObject()) {
    for (auto it = in_properties->MemberBegin(); it != in_properties->MemberEnd(); ++it) {
      const std::string name(it->name.GetString(), it->name.GetStringLength());
      const Value* type = ec::find_member(it->value, "type");
      if (kept.contains(name) || type == nullptr || !type->IsString()) continue;
      const std::string_view t(type->GetString(), type->GetStringLength());
      Value p(rapidjson::kObjectType);
      const auto copy_if = [&](const char* key, auto&& fits) {
        const Value* v = ec::find_member(it->value, key);
        if (v != nullptr && fits(*v)) p.AddMember(Value(key, a), Value(*v, a), a);
      };
      if (t == "string") {
        p.AddMember("type", "string", a);
        const Value* list = ec::find_member(it->value, "enum");
        bool strings = list != nullptr && list->IsArray() && !list->Empty();
        for (rapidjson::SizeType i = 0; strings && i < list->Size(); ++i) strings = (*list)[i].IsString();
        if (strings) {
          Value options(rapidjson::kArrayType);
          std::unordered_set<std::string> seen;
          for (const Value& o : list->GetArray()) {
            if (seen.emplace(o.GetString(), o.GetStringLength()).second) options.PushBack(Value(o, a), a);
          }
          p.AddMember("enum", options, a);
        } else {
          const auto count = [](const Value& v) { return v.IsUint64() && v.GetUint64() <= 0xFFFFFFFFu; };
          copy_if("minLength", count);
          copy_if("maxLength", count);
        }
      } else if (t == "number" || t == "integer") {
        p.AddMember("type", Value(type->GetString(), a), a);
        copy_if("minimum", [](const Value& v) { return v.IsNumber(); });
        copy_if("maximum", [](const Value& v) { return v.IsNumber(); });
      } else if (t == "boolean") {
        p.AddMember("type", "boolean", a);
      } else {
        continue;
      }
      kept.insert(name);
      properties.AddMember(Value(it->name, a), p, a);
    }
  }
  out.AddMember("type", "object", a);
  out.AddMember("properties", properties, a);
  Value required(rapidjson::kArrayType);
  std::unordered_set<std::string> listed;
  if (const Value* in_required = ec::find_member(input, "required"); in_required && in_required->IsArray()) {
    for (const Value& r : in_required->GetArray()) {
      if (!r.IsString()) continue;
      const std::string name(r.GetString(), r.GetStringLength());
      if (kept.contains(name) && listed.insert(name).second) required.PushBack(Value(r, a), a);
    }
  }
  if (!required.Empty()) out.AddMember("required", required, a);
  return out;
}

bool is_integer_token(const Value& v) { return v.IsInt64() || v.IsUint64(); }
// |v| > 2^53, decided on the integer itself: 2^53 + 1 rounds to 2^53 as a double.
bool beyond_exact(const Value& v) {
  constexpr std::uint64_t exact = std::uint64_t{1} << 53;
  if (v.IsUint64()) return v.GetUint64() > exact;
  if (v.IsInt64()) return v.GetInt64() < -static_cast<std::int64_t>(exact);
  return std::fabs(v.GetDouble()) > kExact;
}

// True when the content touches a documented difference in meaning (see the list on top).
bool known_difference(const Value& schema, const Value& content) {
  if (!content.IsObject()) return false;
  const Value& properties = *ec::find_member(schema, "properties");
  for (auto it = content.MemberBegin(); it != content.MemberEnd(); ++it) {
    const Value* p =
        ec::find_member(properties, std::string_view(it->name.GetString(), it->name.GetStringLength()));
    const Value& v = it->value;
    if (p == nullptr || !v.IsNumber()) continue;
    const std::string_view type = ec::find_member(*p, "type")->GetString();
    if (type == "integer" && v.IsDouble() && ec::is_integral(v)) return true;  // difference 1
    if (!is_integer_token(v)) continue;
    for (const char* bound : {"minimum", "maximum"}) {
      const Value* b = ec::find_member(*p, bound);
      if (b != nullptr && is_integer_token(*b) && (beyond_exact(v) || beyond_exact(*b)))
        return true;  // difference 2
    }
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ec::fuzz::Split parts = ec::fuzz::split_at_nul(ec::fuzz::as_text(data, size));
  const ec::ParsedJson input = ec::parse_json(parts.first, kLimits);
  if (!input.ok()) return 0;
  const ec::ParsedJson content = ec::parse_json(parts.found ? parts.second : std::string_view("{}"), kLimits);
  if (!content.ok()) return 0;

  const rapidjson::Document schema = project(input.document);
  const ec::SchemaCheck check = ec::check_requested_schema(schema, ec::default_revision(), "");
  require(check.accepted(), "our checker accepts every schema of the shared subset",
          [&] { return ec::to_json(schema) + "\n" + ec::fuzz::fingerprint(check.diagnostics); });
  if (known_difference(schema, content.document)) return 0;

  const bool ours = ec::validate_content(check.schema, content.document, "").empty();

  // RapidJSON's draft-04 has no closed objects by default; our validator reports unknown fields.
  rapidjson::Document closed;
  closed.CopyFrom(schema, closed.GetAllocator());
  closed.AddMember("additionalProperties", false, closed.GetAllocator());
  const rapidjson::SchemaDocument compiled(closed);
  rapidjson::SchemaValidator validator(compiled);
  content.document.Accept(validator);
  const bool theirs = validator.IsValid();

  if (ours != theirs) {
    std::string detail = "schema " + ec::to_json(schema) + "\ncontent " + ec::to_json(content.document) +
                         "\nours: " + (ours ? "valid" : "invalid") + "\n" +
                         ec::fuzz::fingerprint(ec::validate_content(check.schema, content.document, "")) +
                         "rapidjson: " + (theirs ? "valid" : "invalid");
    if (!theirs) detail += std::string(" (keyword ") + validator.GetInvalidSchemaKeyword() + ")";
    ec::fuzz::fail("our content validator agrees with RapidJSON's draft-04 validator", detail);
  }
  return 0;
}
