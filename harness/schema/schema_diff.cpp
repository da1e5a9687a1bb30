#include "schema/schema_diff.h"

#include <set>
#include <string_view>

#include "core/json.h"
#include "core/json_pointer.h"

namespace ec {
namespace {

using rapidjson::Value;
using Kind = SchemaDifference::Kind;

constexpr std::size_t kMaxDepth =
    32;  // the restricted subset is two levels deep; anything deeper is compared as a value
constexpr std::size_t kShownBytes = 120;  // a value quoted in a message

const std::set<std::string_view> kDisplayKeywords = {"title", "description", "enumNames"};

// The keywords of the restricted subset that decide what is valid or pre-filled, by the type they
// apply to. A keyword outside them (`if`, `$ref`, `uniqueItems`, one the subset does not have) or
// one that means nothing for the schema's type (`maxItems` on a string) decides nothing: a server
// that drops it changes nothing a client accepts (found fuzzing tmcp, which drops such keywords).
bool decides_validity(std::string_view key, const Value& schema) {
  static const std::set<std::string_view> kAny = {"type",  "enum",    "const",      "oneOf",
                                                  "anyOf", "default", "properties", "required"};
  // No `pattern`: no revision's schema.json has it on StringSchema (2025-11-25 shows it only in a
  // prose example), so a server that drops it breaks no sentence and no schema (issue 31: it was
  // a MUST FAIL against rmcp, whose typed schema has no pattern).
  static const std::set<std::string_view> kString = {"format", "minLength", "maxLength"};
  static const std::set<std::string_view> kNumber = {"minimum", "maximum"};
  static const std::set<std::string_view> kArray = {"items", "minItems", "maxItems"};
  if (kAny.contains(key)) return true;
  const Value* type = schema.IsObject() ? find_member(schema, "type") : nullptr;
  const std::string_view t = type && type->IsString() ? type->GetString() : "";
  const bool any_type = t != "string" && t != "number" && t != "integer" && t != "array" && t != "object" &&
                        t != "boolean";  // no type, or one of its own: every keyword may apply
  return ((any_type || t == "string") && kString.contains(key)) ||
         ((any_type || t == "number" || t == "integer") && kNumber.contains(key)) ||
         ((any_type || t == "array") && kArray.contains(key));
}

std::string shown(const Value& v) {
  std::string s = to_json(v);
  if (s.size() > kShownBytes) s = s.substr(0, kShownBytes) + "...";
  return s;
}

class Differ {
 public:
  std::vector<SchemaDifference> out;

  // `asked` and `sent` at `pointer`; `kind` is the class of the keyword this value belongs to;
  // `names`: the members of `asked` are property names (under "properties"), not keywords.
  void compare(const Value& asked, const Value& sent, const std::string& pointer, Kind kind, bool names,
               std::size_t depth) {
    if (asked.IsObject() && sent.IsObject() && depth < kMaxDepth) {
      for (auto it = asked.MemberBegin(); it != asked.MemberEnd(); ++it) {
        const std::string_view key(it->name.GetString(), it->name.GetStringLength());
        const std::string at = pointer_append(pointer, key);
        const bool display = kind == Kind::Display || (!names && kDisplayKeywords.contains(key));
        if (!names && !display && !decides_validity(key, asked)) continue;
        const Kind k = display ? Kind::Display : Kind::Validity;
        const Value* theirs = find_member(sent, key);
        if (theirs == nullptr) {
          add(k, at,
              names ? "the property \"" + std::string(key) + "\" was asked for and is gone"
                    : std::string(key) + " " + shown(it->value) + " was asked for and is gone");
          continue;
        }
        if (!names && key == "required" && it->value.IsArray() && theirs->IsArray()) {
          same_set(it->value, *theirs, at);  // the order of required names means nothing
          added_names(&it->value, *theirs, asked, at);
          continue;
        }
        compare(it->value, *theirs, at, k, !names && key == "properties", depth + 1);
      }
      if (!names && kind == Kind::Validity) added(asked, sent, pointer);
      return;
    }
    if (asked.IsArray() && sent.IsArray() && asked.Size() == sent.Size() && depth < kMaxDepth) {
      for (rapidjson::SizeType i = 0; i < asked.Size(); ++i) {
        compare(asked[i], sent[i], pointer_append(pointer, i), kind, false, depth + 1);
      }
      return;
    }
    if (!json_equal(asked, sent)) add(kind, pointer, "asked for " + shown(asked) + ", sent " + shown(sent));
  }

 private:
  // What the sender added to the schema at `pointer`: a keyword that decides what is valid or
  // pre-filled where the tool asked for none. Not judged: keywords outside the subset or that
  // decide nothing for the asked type, titles and descriptions (display only), an added property
  // (another rule's business: an added password field is FORM-NO-SENSITIVE's), and a keyword whose
  // value restricts nothing (`required: []`, `minLength: 0`, `minItems: 0`).
  void added(const Value& asked, const Value& sent, const std::string& pointer) {
    for (auto it = sent.MemberBegin(); it != sent.MemberEnd(); ++it) {
      const std::string_view key(it->name.GetString(), it->name.GetStringLength());
      if (find_member(asked, key) != nullptr || key == "properties" || kDisplayKeywords.contains(key) ||
          !decides_validity(key, asked) || restricts_nothing(key, it->value))
        continue;
      const std::string at = pointer_append(pointer, key);
      if (key == "required" && it->value.IsArray()) {
        added_names(nullptr, it->value, asked, at);
        continue;
      }
      add(Kind::Validity, at,
          std::string(key) + " " + shown(it->value) + " was added: the tool asked for none");
    }
  }

  // The required names the sender added (to `asked_list`, or to none) among the properties the
  // tool asked for.
  void added_names(const Value* asked_list, const Value& sent_list, const Value& asked_schema,
                   const std::string& pointer) {
    const Value* props = find_member(asked_schema, "properties");
    for (const Value& v : sent_list.GetArray()) {
      if (!v.IsString() || props == nullptr || !props->IsObject() ||
          find_member(*props, std::string_view(v.GetString(), v.GetStringLength())) == nullptr)
        continue;
      bool listed = false;
      if (asked_list != nullptr) {
        for (const Value& a : asked_list->GetArray()) listed = listed || json_equal(a, v);
      }
      if (!listed) add(Kind::Validity, pointer, shown(v) + " was made required: the tool did not ask for it");
    }
  }

  static bool restricts_nothing(std::string_view key, const Value& v) {
    if (key == "required") return v.IsArray() && v.Empty();
    if (key == "minLength" || key == "minItems") return v.IsNumber() && v.GetDouble() == 0;
    return false;
  }

  void same_set(const Value& asked, const Value& sent, const std::string& pointer) {
    const auto has = [](const Value& list, const Value& v) {
      for (const Value& x : list.GetArray()) {
        if (json_equal(v, x)) return true;
      }
      return false;
    };
    for (const Value& v : asked.GetArray()) {
      if (!has(sent, v))
        add(Kind::Validity, pointer, "asked for " + shown(v) + " among them, sent " + shown(sent));
    }
  }

  void add(Kind kind, std::string pointer, std::string message) {
    out.push_back({kind, std::move(pointer), std::move(message)});
  }
};

}  // namespace

bool json_equal(const Value& a, const Value& b) {
  if (a.IsNumber() && b.IsNumber()) return a.GetDouble() == b.GetDouble();
  if (a.GetType() != b.GetType()) return false;
  switch (a.GetType()) {
    case rapidjson::kNullType:
    case rapidjson::kFalseType:
    case rapidjson::kTrueType: return true;
    case rapidjson::kStringType:
      return std::string_view(a.GetString(), a.GetStringLength()) ==
             std::string_view(b.GetString(), b.GetStringLength());
    case rapidjson::kArrayType:
      if (a.Size() != b.Size()) return false;
      for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
        if (!json_equal(a[i], b[i])) return false;
      }
      return true;
    case rapidjson::kObjectType:
      if (a.MemberCount() != b.MemberCount()) return false;
      for (auto it = a.MemberBegin(); it != a.MemberEnd(); ++it) {
        const Value* other =
            find_member(b, std::string_view(it->name.GetString(), it->name.GetStringLength()));
        if (other == nullptr || !json_equal(it->value, *other)) return false;
      }
      return true;
    case rapidjson::kNumberType: return false;  // handled above
  }
  return false;
}

std::vector<SchemaDifference> compare_requested_schema(const Value& asked, const Value& sent) {
  Differ d;
  d.compare(asked, sent, "", Kind::Validity, false, 0);
  return std::move(d.out);
}

}  // namespace ec
