#include "cases/matcher.h"

#include <set>

#include "core/json.h"
#include "core/json_pointer.h"
#include "core/utf8.h"

namespace ec {
namespace {

constexpr std::string_view kAny = "$any";

// The operator of a pattern object: its only member's name when that starts with '$'
// ("$capture" may carry "match" too).
std::string_view operator_of(const rapidjson::Value& pattern) {
  if (!pattern.IsObject() || pattern.MemberCount() == 0) return {};
  const auto& first = *pattern.MemberBegin();
  const std::string_view name(first.name.GetString(), first.name.GetStringLength());
  if (name.empty() || name[0] != '$') return {};
  if (pattern.MemberCount() == 1) return name;
  if (name == "$capture" && pattern.MemberCount() == 2 && find_member(pattern, "match")) return name;
  return {};
}

std::string show(const rapidjson::Value& v) { return abbreviate_utf8(to_json(v), 80); }

// Deep equality with numbers compared by value. Recurses along `a`, a captured SUT value whose
// depth the bounded parser already limited.
bool same_value(const rapidjson::Value& a, const rapidjson::Value& b) {
  if (a.IsNumber() && b.IsNumber()) {
    if (a.IsInt64() && b.IsInt64()) return a.GetInt64() == b.GetInt64();
    if (a.IsUint64() && b.IsUint64()) return a.GetUint64() == b.GetUint64();
    return a.GetDouble() == b.GetDouble();
  }
  if (a.GetType() != b.GetType()) return false;
  if (a.IsObject()) {
    if (a.MemberCount() != b.MemberCount()) return false;
    for (auto it = a.MemberBegin(); it != a.MemberEnd(); ++it) {
      const rapidjson::Value* other =
          find_member(b, std::string_view(it->name.GetString(), it->name.GetStringLength()));
      if (other == nullptr || !same_value(it->value, *other)) return false;
    }
    return true;
  }
  if (a.IsArray()) {
    if (a.Size() != b.Size()) return false;
    for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
      if (!same_value(a[i], b[i])) return false;
    }
    return true;
  }
  return a == b;
}

bool type_is(const rapidjson::Value& v, std::string_view type) {
  if (type == "integer") return is_integral(v);
  if (type == "number") return v.IsNumber();
  return json_type_name(v) == type;
}

class Matcher {
 public:
  explicit Matcher(const Captures& committed) : committed_(committed) {}

  MatchResult run(const rapidjson::Value& pattern, const rapidjson::Value& actual, const std::string& at) {
    const std::string_view op = operator_of(pattern);
    if (pattern.IsString() && std::string_view(pattern.GetString(), pattern.GetStringLength()) == kAny) {
      return ok();
    }
    if (op == "$literal") return equal(pattern["$literal"], actual, at);
    if (op == "$absent") return fail(at, "$absent only means something as the value of an object member");
    if (op == "$type") {
      const std::string_view type = pattern["$type"].GetString();
      if (type_is(actual, type)) return ok();
      return fail(at, "expected a value of type " + std::string(type) + ", got " + show(actual));
    }
    if (op == "$one_of") {
      std::string reasons;
      for (const auto& alternative : pattern["$one_of"].GetArray()) {
        Captures before = pending_;
        MatchResult r = run(alternative, actual, at);
        if (r.matched) return r;
        pending_ = std::move(before);
        if (!reasons.empty()) reasons += "; or ";
        reasons += r.reason;
      }
      return fail(at, "none of the alternatives matched: " + reasons);
    }
    if (op == "$all_of") {
      for (const auto& part : pattern["$all_of"].GetArray()) {
        MatchResult r = run(part, actual, at);
        if (!r.matched) return r;
      }
      return ok();
    }
    if (op == "$not") {
      Captures before = pending_;
      MatchResult r = run(pattern["$not"], actual, at);
      pending_ = std::move(before);
      if (!r.matched) return ok();
      return fail(at, "expected anything but " + show(pattern["$not"]) + ", got " + show(actual));
    }
    if (op == "$contains") {
      if (!actual.IsArray()) return fail(at, "expected an array, got " + show(actual));
      for (rapidjson::SizeType i = 0; i < actual.Size(); ++i) {
        Captures before = pending_;
        if (run(pattern["$contains"], actual[i], pointer_append(at, i)).matched) return ok();
        pending_ = std::move(before);
      }
      return fail(at, "no element matches " + show(pattern["$contains"]));
    }
    if (op == "$member") {
      // Some member of an object (a map whose keys the SUT picks, like inputRequests): its name,
      // as a JSON string, matches "key" and its value matches "value"; the first such member wins.
      const rapidjson::Value& inner = pattern["$member"];
      if (!actual.IsObject()) return fail(at, "expected an object, got " + show(actual));
      const rapidjson::Value* key = find_member(inner, "key");
      const rapidjson::Value* value = find_member(inner, "value");
      for (auto it = actual.MemberBegin(); it != actual.MemberEnd(); ++it) {
        Captures before = pending_;
        const std::string_view name(it->name.GetString(), it->name.GetStringLength());
        if ((key == nullptr || run(*key, it->name, pointer_append(at, name)).matched) &&
            (value == nullptr || run(*value, it->value, pointer_append(at, name)).matched)) {
          return ok();
        }
        pending_ = std::move(before);
      }
      return fail(at, "no member matches " + show(inner));
    }
    if (op == "$exact") {
      const rapidjson::Value& inner = pattern["$exact"];
      if (!actual.IsObject()) return fail(at, "expected an object, got " + show(actual));
      for (auto it = actual.MemberBegin(); it != actual.MemberEnd(); ++it) {
        const std::string_view name(it->name.GetString(), it->name.GetStringLength());
        if (find_member(inner, name) == nullptr) {
          return fail(pointer_append(at, name), "member \"" + std::string(name) + "\" is not expected here");
        }
      }
      return object(inner, actual, at);
    }
    if (op == "$json") {
      // A tool result carries the elicitation result as JSON text (the adapter contract): the
      // text is parsed with the same limits as any SUT message, then matched like a message.
      if (!actual.IsString()) return fail(at, "expected a string holding JSON, got " + show(actual));
      const ParsedJson parsed = parse_json(std::string_view(actual.GetString(), actual.GetStringLength()));
      if (!parsed.ok()) {
        return fail(
            at, "expected a string holding JSON, got " + show(actual) + " (" + parsed.error->message + ")");
      }
      MatchResult r = run(pattern["$json"], parsed.document, "");
      if (r.matched) return r;
      return fail(at, "in the JSON text of this string, at \"" + r.pointer + "\": " + r.reason);
    }
    if (op == "$capture") {
      if (const rapidjson::Value* inner = find_member(pattern, "match")) {
        MatchResult r = run(*inner, actual, at);
        if (!r.matched) return r;
      }
      pending_.set(pattern["$capture"].GetString(), actual);
      return ok();
    }
    if (op == "$same_as") {
      const std::string name = pattern["$same_as"].GetString();
      const rapidjson::Value* expected = pending_.get(name);
      if (expected == nullptr) expected = committed_.get(name);
      if (expected == nullptr) return fail(at, "nothing was captured as \"" + name + "\" before this step");
      if (same_value(*expected, actual)) return ok();
      return fail(at, "expected the value captured as \"" + name + "\" (" + show(*expected) + "), got " +
                          show(actual));
    }
    if (pattern.IsObject()) {
      if (!actual.IsObject()) return fail(at, "expected an object, got " + show(actual));
      return object(pattern, actual, at);
    }
    if (pattern.IsArray()) {
      if (!actual.IsArray()) return fail(at, "expected an array, got " + show(actual));
      if (actual.Size() != pattern.Size()) {
        return fail(at, "expected " + std::to_string(pattern.Size()) + " elements, got " +
                            std::to_string(actual.Size()));
      }
      for (rapidjson::SizeType i = 0; i < pattern.Size(); ++i) {
        MatchResult r = run(pattern[i], actual[i], pointer_append(at, i));
        if (!r.matched) return r;
      }
      return ok();
    }
    return equal(pattern, actual, at);
  }

  Captures pending_;

 private:
  MatchResult object(const rapidjson::Value& pattern, const rapidjson::Value& actual, const std::string& at) {
    for (auto it = pattern.MemberBegin(); it != pattern.MemberEnd(); ++it) {
      const std::string_view name(it->name.GetString(), it->name.GetStringLength());
      const std::string where = pointer_append(at, name);
      const rapidjson::Value* value = find_member(actual, name);
      if (operator_of(it->value) == "$absent") {
        if (value != nullptr)
          return fail(where, "\"" + std::string(name) + "\" must be absent, got " + show(*value));
        continue;
      }
      if (value == nullptr) return fail(where, "\"" + std::string(name) + "\" is missing");
      MatchResult r = run(it->value, *value, where);
      if (!r.matched) return r;
    }
    return ok();
  }

  MatchResult equal(const rapidjson::Value& expected, const rapidjson::Value& actual, const std::string& at) {
    if (same_value(expected, actual)) return ok();
    return fail(at, "expected " + show(expected) + ", got " + show(actual));
  }

  static MatchResult ok() { return {}; }
  static MatchResult fail(std::string at, std::string reason) {
    return {false, std::move(at), std::move(reason)};
  }

  const Captures& committed_;
};

}  // namespace

void Captures::set(const std::string& name, const rapidjson::Value& value) {
  auto doc = std::make_shared<rapidjson::Document>();
  doc->CopyFrom(value, doc->GetAllocator());
  values_[name] = std::move(doc);
}

void Captures::set_string(const std::string& name, const std::string& text) {
  auto doc = std::make_shared<rapidjson::Document>();
  doc->SetString(text.c_str(), static_cast<rapidjson::SizeType>(text.size()), doc->GetAllocator());
  values_[name] = std::move(doc);
}

const rapidjson::Value* Captures::get(const std::string& name) const {
  auto it = values_.find(name);
  return it == values_.end() ? nullptr : it->second.get();
}

void Captures::merge(const Captures& other) {
  for (const auto& [name, value] : other.values_) values_[name] = value;
}

MatchResult match(const rapidjson::Value& pattern, const rapidjson::Value& actual, Captures& captures) {
  Matcher m(captures);
  MatchResult r = m.run(pattern, actual, "");
  if (r.matched) captures.merge(m.pending_);
  return r;
}

std::string validate_pattern(const rapidjson::Value& pattern, std::string& pointer) {
  const std::string_view op = operator_of(pattern);
  const auto operand = [&]() -> const rapidjson::Value& { return pattern.MemberBegin()->value; };
  if (!op.empty()) {
    const std::string here = pointer;
    pointer = pointer_append(pointer, op);
    if (op == "$literal") return "";
    if (op == "$absent") return operand().IsTrue() ? "" : "$absent takes true";
    if (op == "$type") {
      static const std::set<std::string_view> types = {"object", "array",   "string", "integer",
                                                       "number", "boolean", "null"};
      return operand().IsString() && types.contains(operand().GetString())
                 ? ""
                 : "$type takes one of object, array, string, integer, number, boolean, null";
    }
    if (op == "$capture" || op == "$same_as") {
      if (!operand().IsString() || operand().GetStringLength() == 0)
        return std::string(op) + " takes a capture name";
      if (const rapidjson::Value* inner = find_member(pattern, "match")) {
        pointer = pointer_append(here, "match");
        return validate_pattern(*inner, pointer);
      }
      return "";
    }
    if (op == "$one_of" || op == "$all_of") {
      if (!operand().IsArray() || operand().Empty())
        return std::string(op) + " takes a non-empty array of patterns";
      for (rapidjson::SizeType i = 0; i < operand().Size(); ++i) {
        std::string p = pointer_append(pointer, i);
        if (std::string e = validate_pattern(operand()[i], p); !e.empty()) return pointer = p, e;
      }
      return "";
    }
    if (op == "$not" || op == "$contains" || op == "$json") return validate_pattern(operand(), pointer);
    if (op == "$member") {
      if (!operand().IsObject()) return "$member takes an object with \"key\" and/or \"value\" patterns";
      for (auto it = operand().MemberBegin(); it != operand().MemberEnd(); ++it) {
        const std::string_view name(it->name.GetString(), it->name.GetStringLength());
        if (name != "key" && name != "value") return "$member takes only \"key\" and \"value\"";
        std::string p = pointer_append(pointer, name);
        if (std::string e = validate_pattern(it->value, p); !e.empty()) return pointer = p, e;
      }
      return "";
    }
    if (op == "$exact") {
      if (!operand().IsObject()) return "$exact takes an object pattern";
      return validate_pattern(operand(), pointer);
    }
    return "unknown pattern operator " + std::string(op) +
           " (known: $any, $absent, $type, $one_of, $all_of, $not, $contains, $member, $exact, $json, "
           "$capture, "
           "$same_as, $literal)";
  }
  if (pattern.IsObject()) {
    for (auto it = pattern.MemberBegin(); it != pattern.MemberEnd(); ++it) {
      const std::string_view name(it->name.GetString(), it->name.GetStringLength());
      std::string p = pointer_append(pointer, name);
      if (!name.empty() && name[0] == '$') {
        pointer = p;
        return "member \"" + std::string(name) +
               "\" looks like an operator but shares its object with other members";
      }
      if (std::string e = validate_pattern(it->value, p); !e.empty()) return pointer = p, e;
    }
  } else if (pattern.IsArray()) {
    for (rapidjson::SizeType i = 0; i < pattern.Size(); ++i) {
      std::string p = pointer_append(pointer, i);
      if (std::string e = validate_pattern(pattern[i], p); !e.empty()) return pointer = p, e;
    }
  }
  return "";
}

}  // namespace ec
