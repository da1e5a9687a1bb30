#include "sut_fuzzer/mutator.h"

#include <array>
#include <set>
#include <string_view>

#include "core/json.h"
#include "spec/modern.h"

namespace ec {
namespace {

using rapidjson::Value;
using Alloc = rapidjson::Document::AllocatorType;

constexpr int kMaxWalkDepth = 12;

// Strings that have broken parsers, length counters and renderers: lengths at the usual limits,
// characters outside the BMP (UTF-16 length bugs), combining marks, bidi overrides, NUL, BOM.
// All valid UTF-8: a written case must load, and the loader takes UTF-8 only.
std::string random_string(FuzzRng& rng) {
  static constexpr std::array<std::string_view, 16> kFixed{"",
                                                           "a",
                                                           "Lisbon",
                                                           "é",
                                                           "日本語",
                                                           "😀",
                                                           "a\xcc\x81",
                                                           "\xe2\x80\xae"
                                                           "evil",
                                                           std::string_view("\0x", 2),
                                                           "\xef\xbb\xbf"
                                                           "bom",
                                                           "line\nbreak",
                                                           "\"quote\\",
                                                           "javascript:alert(1)",
                                                           "https://example.com/p",
                                                           "not a url",
                                                           "a@example.com"};
  switch (rng.below(4)) {
    case 0: {
      static constexpr std::array<std::size_t, 6> kLengths{2, 255, 256, 1024, 4096, 65536};
      return std::string(rng.pick(kLengths), rng.chance(50) ? 'a' : 'Z');
    }
    case 1: {
      std::string s;
      for (std::size_t i = 0, n = 1 + rng.below(40); i < n; ++i) s += "😀";
      return s;
    }
    default: return std::string(rng.pick(kFixed));
  }
}

Value random_number(FuzzRng& rng) {
  switch (rng.below(12)) {
    case 0: return Value(0);
    case 1: return Value(-1);
    case 2: return Value(1.5);
    case 3: return Value(-0.5);
    case 4: return Value(static_cast<std::int64_t>(2147483648LL));
    case 5: return Value(static_cast<std::int64_t>(9007199254740992LL));
    case 6: return Value(static_cast<std::uint64_t>(9007199254740993ULL));
    case 7: return Value(static_cast<std::uint64_t>(18446744073709551615ULL));
    case 8: return Value(1e308);
    case 9: return Value(-1e308);
    case 10: return Value(5e-324);
    default: return Value(static_cast<int>(rng.below(200)) - 50);
  }
}

Value str(const std::string& s, Alloc& a) {
  return Value(s.c_str(), static_cast<rapidjson::SizeType>(s.size()), a);
}

Value random_value(FuzzRng& rng, Alloc& a, int depth = 0) {
  switch (rng.below(depth > 1 ? 5 : 7)) {
    case 0: return str(random_string(rng), a);
    case 1: return random_number(rng);
    case 2: return Value(rng.chance(50));
    case 3: return Value(rapidjson::kNullType);
    case 4: return str(random_string(rng), a);
    case 5: {
      Value v(rapidjson::kArrayType);
      for (std::size_t i = 0, n = rng.below(4); i < n; ++i) v.PushBack(random_value(rng, a, depth + 1), a);
      return v;
    }
    default: {
      Value v(rapidjson::kObjectType);
      for (std::size_t i = 0, n = rng.below(3); i < n; ++i)
        v.AddMember(str("k" + std::to_string(i), a), random_value(rng, a, depth + 1), a);
      return v;
    }
  }
}

// The keywords a mutation may add to a schema node: the restricted subset and, beyond it, what
// JSON Schema has that the subset leaves out (a client or server must reject or ignore those).
constexpr std::array<std::string_view, 30> kKeywords{"type",
                                                     "title",
                                                     "description",
                                                     "default",
                                                     "enum",
                                                     "enumNames",
                                                     "oneOf",
                                                     "anyOf",
                                                     "const",
                                                     "format",
                                                     "pattern",
                                                     "minLength",
                                                     "maxLength",
                                                     "minimum",
                                                     "maximum",
                                                     "minItems",
                                                     "maxItems",
                                                     "items",
                                                     "required",
                                                     "properties",
                                                     "$ref",
                                                     "allOf",
                                                     "not",
                                                     "if",
                                                     "additionalProperties",
                                                     "uniqueItems",
                                                     "exclusiveMinimum",
                                                     "multipleOf",
                                                     "$schema",
                                                     "mode"};

Value options_value(FuzzRng& rng, Alloc& a, bool titled) {
  static constexpr std::array<std::string_view, 5> kOptions{"red", "green", "blue", "😀", ""};
  Value list(rapidjson::kArrayType);
  const std::size_t n = 1 + rng.below(4);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string option = std::string(kOptions[i]) + (rng.chance(10) ? "-" + std::to_string(i) : "");
    if (!titled) {
      list.PushBack(str(option, a), a);
      continue;
    }
    Value entry(rapidjson::kObjectType);
    entry.AddMember("const", str(option, a), a);
    entry.AddMember("title", str("Option " + std::to_string(i), a), a);
    list.PushBack(entry, a);
  }
  return list;
}

// One property of a requestedSchema, of a kind chosen at random: each primitive with its bounds,
// every enum form of SEP-1330, defaults (SEP-1034), and shapes beyond the restricted subset.
Value make_property(FuzzRng& rng, Alloc& a) {
  Value p(rapidjson::kObjectType);
  const auto maybe = [&](std::string_view key, Value v) {
    if (rng.chance(40)) p.AddMember(str(std::string(key), a), v, a);
  };
  switch (rng.below(10)) {
    case 0: {
      static constexpr std::array<std::string_view, 6> kFormats{"email",     "uri",      "date",
                                                                "date-time", "hostname", "x"};
      p.AddMember("type", "string", a);
      maybe("minLength", rng.chance(50) ? Value(static_cast<int>(rng.below(10))) : random_number(rng));
      maybe("maxLength", rng.chance(50) ? Value(static_cast<int>(rng.below(10))) : random_number(rng));
      maybe("pattern", str(rng.chance(50) ? "^[a-z]+$" : rng.chance(50) ? "(?<=a)b" : "[", a));
      maybe("format", str(std::string(rng.pick(kFormats)), a));
      maybe("default", random_value(rng, a));
      break;
    }
    case 1:
    case 2:
      p.AddMember("type", rapidjson::StringRef(rng.chance(50) ? "integer" : "number"), a);
      maybe("minimum", random_number(rng));
      maybe("maximum", random_number(rng));
      maybe("default", random_number(rng));
      break;
    case 3:
      p.AddMember("type", "boolean", a);
      maybe("default", random_value(rng, a));
      break;
    case 4:
      p.AddMember("type", "string", a);
      p.AddMember("enum", options_value(rng, a, false), a);
      maybe("default", str(rng.chance(50) ? "red" : "purple", a));
      break;
    case 5:
      p.AddMember("type", "string", a);
      p.AddMember(rapidjson::StringRef(rng.chance(80) ? "oneOf" : "anyOf"), options_value(rng, a, true), a);
      maybe("default", str(rng.chance(50) ? "red" : "Option 0", a));
      break;
    case 6: {
      p.AddMember("type", "string", a);
      p.AddMember("enum", options_value(rng, a, false), a);
      Value names(rapidjson::kArrayType);
      for (std::size_t i = 0, n = 1 + rng.below(4); i < n; ++i)
        names.PushBack(str("Name " + std::to_string(i), a), a);
      p.AddMember("enumNames", names, a);
      break;
    }
    case 7:
    case 8: {
      const bool titled = rng.below(9) == 8 || rng.chance(50);
      p.AddMember("type", "array", a);
      Value items(rapidjson::kObjectType);
      if (titled) {
        items.AddMember("anyOf", options_value(rng, a, true), a);
      } else {
        items.AddMember("type", "string", a);
        items.AddMember("enum", options_value(rng, a, false), a);
      }
      p.AddMember("items", items, a);
      maybe("minItems", Value(static_cast<int>(rng.below(4))));
      maybe("maxItems", Value(static_cast<int>(rng.below(4))));
      if (rng.chance(30)) {
        Value d(rapidjson::kArrayType);
        d.PushBack("red", a);
        if (rng.chance(50)) d.PushBack("red", a);
        p.AddMember("default", d, a);
      }
      break;
    }
    default: {  // beyond the subset: nesting, references, unions
      switch (rng.below(4)) {
        case 0: {
          p.AddMember("type", "object", a);
          Value props(rapidjson::kObjectType);
          Value inner(rapidjson::kObjectType);
          inner.AddMember("type", "string", a);
          props.AddMember("inner", inner, a);
          p.AddMember("properties", props, a);
          break;
        }
        case 1: p.AddMember("$ref", "#/definitions/x", a); break;
        case 2: {
          Value types(rapidjson::kArrayType);
          types.PushBack("string", a).PushBack("null", a);
          p.AddMember("type", types, a);
          break;
        }
        default: p.AddMember("type", str(random_string(rng), a), a); break;
      }
    }
  }
  if (rng.chance(30)) p.AddMember("title", str(random_string(rng), a), a);
  if (rng.chance(20)) p.AddMember("description", str(random_string(rng), a), a);
  return p;
}

// A node of the params tree and where it hangs, for the structural mutations.
struct Node {
  Value* value;
  Value* parent;                  // nullptr for the root
  std::string key;                // in an object parent
  rapidjson::SizeType index = 0;  // in an array parent
};

void walk(Value& v, Value* parent, std::string key, rapidjson::SizeType index, int depth,
          std::vector<Node>& out) {
  out.push_back(Node{&v, parent, std::move(key), index});
  if (depth >= kMaxWalkDepth) return;
  if (v.IsObject()) {
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it)
      walk(it->value, &v, it->name.GetString(), 0, depth + 1, out);
  } else if (v.IsArray()) {
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i) walk(v[i], &v, "", i, depth + 1, out);
  }
}

Value& member(Value& object, std::string_view name, rapidjson::Type type, Alloc& a) {
  const std::string key(name);
  auto it = object.FindMember(key.c_str());
  if (it == object.MemberEnd() || it->value.GetType() != type) {
    object.RemoveMember(key.c_str());
    object.AddMember(str(key, a), Value(type), a);
    it = object.FindMember(key.c_str());
  }
  return it->value;
}

void set_member(Value& object, std::string_view name, Value v, Alloc& a) {
  const std::string key(name);
  object.RemoveMember(key.c_str());
  object.AddMember(str(key, a), v, a);
}

std::string random_url(FuzzRng& rng) {
  static constexpr std::array<std::string_view, 10> kUrls{"https://example.com/connect",
                                                          "http://example.com/plain",
                                                          "javascript:alert(1)",
                                                          "/relative/path",
                                                          "https://user:pass@example.com/",
                                                          "https://exa mple.com/",
                                                          "https://例え.jp/パス",
                                                          "",
                                                          "ftp://example.com/",
                                                          "https://example.com/?access_token=abc"};
  if (rng.chance(10)) return "https://example.com/" + std::string(70000, 'a');
  return std::string(rng.pick(kUrls));
}

// One mutation of the params object (always an object on return).
void mutate_once(rapidjson::Document& params, FuzzRng& rng) {
  Alloc& a = params.GetAllocator();
  if (!params.IsObject()) params.SetObject();
  switch (rng.below(8)) {
    case 0:
    case 1: {  // a property of a new kind, added or in place of one
      Value& schema = member(params, "requestedSchema", rapidjson::kObjectType, a);
      if (!has_member(schema, "type") && rng.chance(90)) schema.AddMember("type", "object", a);
      Value& props = member(schema, "properties", rapidjson::kObjectType, a);
      std::string name = "f" + std::to_string(rng.below(4));
      if (props.MemberCount() > 0 && rng.chance(50))
        name = props.MemberBegin()[rng.below(props.MemberCount())].name.GetString();
      set_member(props, name, make_property(rng, a), a);
      return;
    }
    case 2: {  // the mode, and what URL mode needs
      switch (rng.below(6)) {
        case 0: params.RemoveMember("mode"); break;
        case 1: set_member(params, "mode", Value("form"), a); break;
        case 2: set_member(params, "mode", str(rng.chance(50) ? "voice" : "", a), a); break;
        case 3: set_member(params, "mode", random_value(rng, a), a); break;
        default:
          set_member(params, "mode", Value("url"), a);
          if (rng.chance(80)) set_member(params, "url", str(random_url(rng), a), a);
          if (rng.chance(80))
            set_member(params, "elicitationId", str(rng.chance(80) ? "el-1" : random_string(rng), a), a);
          if (rng.chance(60)) params.RemoveMember("requestedSchema");
      }
      return;
    }
    case 3: set_member(params, "url", str(random_url(rng), a), a); return;
    case 4: {  // required: the names there are, some, and one that is not there
      const Value* schema = find_member(params, "requestedSchema");
      const Value* props = schema && schema->IsObject() ? find_member(*schema, "properties") : nullptr;
      Value required(rapidjson::kArrayType);
      if (props && props->IsObject())
        for (auto it = props->MemberBegin(); it != props->MemberEnd(); ++it)
          if (rng.chance(60)) required.PushBack(Value(it->name, a), a);
      if (rng.chance(20)) required.PushBack("missing", a);
      if (schema && schema->IsObject())
        set_member(params["requestedSchema"], "required", std::move(required), a);
      return;
    }
    default: {  // structural: drop, retype, or add a keyword somewhere
      std::vector<Node> nodes;
      walk(params, nullptr, "", 0, 0, nodes);
      const Node& n = nodes[rng.below(nodes.size())];
      const std::size_t op = rng.below(4);
      if (op == 0 && n.parent != nullptr) {
        if (n.parent->IsObject())
          n.parent->RemoveMember(n.key.c_str());
        else
          n.parent->Erase(n.parent->Begin() + n.index);
      } else if (op == 1 && n.parent != nullptr) {
        *n.value = random_value(rng, a);
      } else if (n.value->IsObject()) {
        const std::string_view key = rng.pick(kKeywords);
        set_member(
            *n.value, key,
            key == "properties" || key == "items" ? Value(rapidjson::kObjectType) : random_value(rng, a), a);
      } else if (n.value->IsString() && n.parent != nullptr) {
        *n.value = str(random_string(rng), a);
      } else if (n.value->IsNumber() && n.parent != nullptr) {
        *n.value = random_number(rng);
      }
    }
  }
}

// A value that fits a property of a requestedSchema, as far as these few keywords tell.
Value valid_value(const Value& p, FuzzRng& rng, Alloc& a) {
  const Value* type = find_member(p, "type");
  const std::string t = type && type->IsString() ? type->GetString() : "";
  const Value* enums = find_member(p, "enum");
  const Value* one_of = find_member(p, "oneOf");
  if (!one_of) one_of = find_member(p, "anyOf");
  if (enums && enums->IsArray() && !enums->Empty())
    return Value((*enums)[static_cast<rapidjson::SizeType>(rng.below(enums->Size()))], a);
  if (one_of && one_of->IsArray() && !one_of->Empty()) {
    const Value& e = (*one_of)[static_cast<rapidjson::SizeType>(rng.below(one_of->Size()))];
    if (const Value* c = e.IsObject() ? find_member(e, "const") : nullptr) return Value(*c, a);
  }
  if (t == "boolean") return Value(rng.chance(50));
  if (t == "integer" || t == "number") {
    const Value* min = find_member(p, "minimum");
    const Value* max = find_member(p, "maximum");
    if (min && min->IsNumber()) return Value(*min, a);
    if (max && max->IsNumber()) return Value(*max, a);
    return Value(t == "integer" ? 3 : 2.5);
  }
  if (t == "array") {
    Value out(rapidjson::kArrayType);
    const Value* items = find_member(p, "items");
    if (items && items->IsObject()) {
      Value one = valid_value(*items, rng, a);
      if (!one.IsNull() && rng.chance(70)) out.PushBack(one, a);
    }
    return out;
  }
  if (t == "string") {
    const Value* format = find_member(p, "format");
    const std::string f = format && format->IsString() ? format->GetString() : "";
    if (f == "email") return Value("a@example.com");
    if (f == "uri") return Value("https://example.com/x");
    if (f == "date") return Value("2024-01-02");
    if (f == "date-time") return Value("2024-01-02T03:04:05Z");
    const Value* min = find_member(p, "minLength");
    std::size_t n = min && min->IsUint() && min->GetUint() < 1000 ? min->GetUint() : 3;
    return str(std::string(n, 'a'), a);
  }
  return Value(rapidjson::kNullType);
}

// A value that breaks its property in one of the ways validators get wrong.
Value invalid_value(const Value& p, FuzzRng& rng, Alloc& a) {
  const Value* type = find_member(p, "type");
  const std::string t = type && type->IsString() ? type->GetString() : "";
  switch (rng.below(6)) {
    case 0: return t == "string" ? random_number(rng) : str(random_string(rng), a);  // wrong type
    case 1: return Value(2.5);  // a fraction: wrong for integer, fine for number
    case 2: {                   // outside the bounds
      const Value* min = find_member(p, "minimum");
      const Value* max = find_member(p, "maximum");
      if (min && min->IsNumber()) return Value(min->GetDouble() - 1);
      if (max && max->IsNumber()) return Value(max->GetDouble() + 1);
      // One character short, each outside the Basic Multilingual Plane: too short in code points
      // (how JSON Schema counts), long enough in UTF-16 code units (how JavaScript's .length counts).
      const Value* minlen = find_member(p, "minLength");
      if (minlen && minlen->IsUint() && minlen->GetUint() >= 2 && minlen->GetUint() < 1000 &&
          rng.chance(50)) {
        std::string s;
        for (unsigned i = 1; i < minlen->GetUint(); ++i) s += "😀";
        return str(s, a);
      }
      const Value* maxlen = find_member(p, "maxLength");
      if (maxlen && maxlen->IsUint() && maxlen->GetUint() < 1000) {
        std::string s;
        for (unsigned i = 0; i <= maxlen->GetUint(); ++i) s += rng.chance(50) ? "😀" : "a";
        return str(s, a);
      }
      return str("zzz-not-an-option", a);
    }
    case 3: {  // a title instead of a value, or an unlisted item
      const Value* one_of = find_member(p, "oneOf");
      if (one_of && one_of->IsArray() && !one_of->Empty() && (*one_of)[0].IsObject())
        if (const Value* title = find_member((*one_of)[0], "title")) return Value(*title, a);
      Value arr(rapidjson::kArrayType);
      arr.PushBack("zzz-not-an-option", a);
      if (rng.chance(50)) arr.PushBack("red", a).PushBack("red", a).PushBack("blue", a).PushBack("green", a);
      return t == "array" ? std::move(arr) : str("zzz-not-an-option", a);
    }
    case 4: return str(rng.chance(50) ? "not an email" : "!!!", a);  // format, pattern
    default: return random_value(rng, a);
  }
}

}  // namespace

void FuzzCoverage::note_params(const Value& params) {
  if (!params.IsObject()) return;
  const Value* mode = find_member(params, "mode");
  if (!mode)
    modes["absent"]++;
  else if (mode->IsString() &&
           (std::string_view(mode->GetString()) == "form" || std::string_view(mode->GetString()) == "url"))
    modes[mode->GetString()]++;
  else
    modes["other"]++;
  const Value* schema = find_member(params, "requestedSchema");
  const Value* props = schema && schema->IsObject() ? find_member(*schema, "properties") : nullptr;
  if (!props || !props->IsObject()) return;
  for (auto it = props->MemberBegin(); it != props->MemberEnd(); ++it) {
    const Value& p = it->value;
    if (!p.IsObject()) continue;
    for (auto k = p.MemberBegin(); k != p.MemberEnd(); ++k) keywords[k->name.GetString()]++;
    const Value* items = find_member(p, "items");
    if (find_member(p, "enumNames"))
      enum_variants["legacy-enumNames"]++;
    else if (find_member(p, "enum"))
      enum_variants["untitled-single"]++;
    else if (find_member(p, "oneOf") || find_member(p, "anyOf"))
      enum_variants["titled-single"]++;
    else if (items && items->IsObject() && find_member(*items, "enum"))
      enum_variants["untitled-multi"]++;
    else if (items && items->IsObject() && (find_member(*items, "anyOf") || find_member(*items, "oneOf")))
      enum_variants["titled-multi"]++;
  }
}

void FuzzCoverage::note_action(const Value& result) {
  const Value* action = result.IsObject() ? find_member(result, "action") : nullptr;
  // The three actions by name; anything else is one bucket (the mutator writes random strings).
  const std::string name = action && action->IsString() ? action->GetString() : "";
  actions[name == "accept" || name == "decline" || name == "cancel" ? name : action ? "other" : "absent"]++;
}

void FuzzCoverage::note_wire(const Value& input) {
  if (!input.IsObject()) return;
  for (const char* member : {"declare", "meta", "responses", "state", "inputs", "result_type"}) {
    const Value* v = find_member(input, member);
    if (v == nullptr) continue;
    // Values the mutator writes (the minimiser may shorten a string: it counts as it ran).
    wire[std::string(member) + " " + (v->IsString() ? std::string(v->GetString()) : to_json(*v))]++;
  }
}

FuzzMutator::FuzzMutator(std::vector<std::shared_ptr<rapidjson::Document>> seeds) : seeds_(std::move(seeds)) {
  std::set<std::string> names;
  for (const auto& s : seeds_) {
    const Value* schema = s->IsObject() ? find_member(*s, "requestedSchema") : nullptr;
    const Value* props = schema && schema->IsObject() ? find_member(*schema, "properties") : nullptr;
    if (props && props->IsObject())
      for (auto it = props->MemberBegin(); it != props->MemberEnd(); ++it) names.insert(it->name.GetString());
  }
  for (int i = 0; i < 4; ++i) names.insert("f" + std::to_string(i));  // the names mutate_once() adds
  field_names_.assign(names.begin(), names.end());
}

rapidjson::Document FuzzMutator::mutate_params(FuzzRng& rng) const {
  rapidjson::Document out;
  if (!seeds_.empty()) out.CopyFrom(*seeds_[rng.below(seeds_.size())], out.GetAllocator());
  if (!out.IsObject()) out.SetObject();
  for (std::size_t i = 0, n = 1 + rng.below(4); i < n; ++i) mutate_once(out, rng);
  return out;
}

rapidjson::Document FuzzMutator::reply_for(const Value& params, FuzzRng& rng) {
  rapidjson::Document r(rapidjson::kObjectType);
  Alloc& a = r.GetAllocator();
  const Value* mode = params.IsObject() ? find_member(params, "mode") : nullptr;
  const bool url = mode && mode->IsString() && std::string_view(mode->GetString()) == "url";
  const std::size_t pick = rng.below(20);
  if (pick >= 17) {  // an action that is none
    if (pick != 19) r.AddMember("action", pick == 17 ? Value("ACCEPT") : random_value(rng, a), a);
    return r;
  }
  const char* action = pick < 11 ? "accept" : pick < 14 ? "decline" : "cancel";
  r.AddMember("action", rapidjson::StringRef(action), a);
  if (url) {
    if (rng.chance(15)) r.AddMember("content", Value(rapidjson::kObjectType), a);
    return r;
  }
  if (std::string_view(action) != "accept" && !rng.chance(10)) return r;
  const Value* schema = params.IsObject() ? find_member(params, "requestedSchema") : nullptr;
  const Value* props = schema && schema->IsObject() ? find_member(*schema, "properties") : nullptr;
  Value content(rapidjson::kObjectType);
  if (props && props->IsObject()) {
    for (auto it = props->MemberBegin(); it != props->MemberEnd(); ++it) {
      if (!it->value.IsObject() || rng.chance(15)) continue;
      Value v = rng.chance(60) ? valid_value(it->value, rng, a) : invalid_value(it->value, rng, a);
      content.AddMember(Value(it->name, a), v, a);
    }
  }
  if (rng.chance(10)) content.AddMember("unasked", random_value(rng, a), a);
  if (rng.chance(5))
    r.AddMember("content", random_value(rng, a), a);
  else
    r.AddMember("content", content, a);
  return r;
}

rapidjson::Document FuzzMutator::notifications_for(FuzzRng& rng, bool to_client, const std::string& issued) {
  rapidjson::Document list(rapidjson::kArrayType);
  Alloc& a = list.GetAllocator();
  const auto notification = [&](const char* method, Value params) {
    Value n(rapidjson::kObjectType);
    n.AddMember("method", rapidjson::StringRef(method), a);
    if (!params.IsNull()) n.AddMember("params", params, a);
    list.PushBack(n, a);
  };
  const auto complete = [&](Value id) {
    Value params(rapidjson::kObjectType);
    if (!id.IsNull()) params.AddMember("elicitationId", id, a);
    notification("notifications/elicitation/complete", std::move(params));
  };
  for (std::size_t i = 0, n = 1 + rng.below(2); i < n; ++i) {
    const std::size_t pick = rng.below(to_client ? 6 : 2);
    if (pick == 0) {
      Value params(rapidjson::kObjectType);
      params.AddMember("reason", "fuzz", a);
      notification("notifications/fuzz/unknown", std::move(params));
    } else if (pick == 1) {
      Value params(rapidjson::kObjectType);
      params.AddMember("requestId", "fuzz-never-sent", a);
      notification("notifications/cancelled", std::move(params));
    } else if (pick == 2 && !issued.empty()) {  // the elicitation just answered completes, twice
      complete(str(issued, a));
      complete(str(issued, a));
    } else if (pick <= 3) {
      complete(str("fuzz-unknown-" + std::to_string(rng.below(1000)), a));
    } else if (pick == 4) {
      complete(Value(static_cast<int>(rng.below(100))));
    } else {
      complete(Value());
    }
  }
  return list;
}

std::string FuzzMutator::notification_message(const Value& entry) {
  const Value* method = entry.IsObject() ? find_member(entry, "method") : nullptr;
  if (method == nullptr || !method->IsString() ||
      !std::string_view(method->GetString(), method->GetStringLength()).starts_with("notifications/"))
    return "";
  rapidjson::Document message(rapidjson::kObjectType);
  Alloc& a = message.GetAllocator();
  message.AddMember("jsonrpc", "2.0", a).AddMember("method", Value(*method, a), a);
  if (const Value* params = find_member(entry, "params")) message.AddMember("params", Value(*params, a), a);
  return to_json(message);
}

void FuzzMutator::add_modern_mutations(rapidjson::Document& input, FuzzRng& rng) {
  Alloc& a = input.GetAllocator();
  if (rng.chance(12)) {
    // What a request may declare: nothing, one mode, the empty object (form), both.
    static constexpr std::array<const char*, 5> kDeclared{"null", R"({"form":{}})", R"({"url":{}})", "{}",
                                                          R"({"form":{},"url":{}})"};
    rapidjson::Document declared;
    declared.Parse(rng.pick(kDeclared));
    input.AddMember("declare", Value(declared, a), a);
  }
  if (rng.chance(6)) {
    static constexpr std::array<const char*, 4> kFaults{"no-version", "no-capabilities", "unknown-version",
                                                        "header-mismatch"};
    input.AddMember("meta", rapidjson::StringRef(rng.pick(kFaults)), a);
  }
  if (rng.chance(15)) {
    static constexpr std::array<const char*, 3> kKinds{"extra-key", "omitted", "not-an-object"};
    input.AddMember("responses", rapidjson::StringRef(rng.pick(kKinds)), a);
  }
}

FuzzMutator::MetaFault FuzzMutator::meta_fault_of(const Value& input) {
  const Value* m = input.IsObject() ? find_member(input, "meta") : nullptr;
  const std::string_view s = m && m->IsString() ? std::string_view(m->GetString(), m->GetStringLength()) : "";
  if (s == "no-version") return MetaFault::NoVersion;
  if (s == "no-capabilities") return MetaFault::NoCapabilities;
  if (s == "unknown-version") return MetaFault::UnknownVersion;
  if (s == "header-mismatch") return MetaFault::HeaderMismatch;
  return MetaFault::None;
}

FuzzMutator::Responses FuzzMutator::responses_of(const Value& input) {
  const Value* r = input.IsObject() ? find_member(input, "responses") : nullptr;
  const std::string_view s = r && r->IsString() ? std::string_view(r->GetString(), r->GetStringLength()) : "";
  if (s == "extra-key") return Responses::ExtraKey;
  if (s == "omitted") return Responses::Omitted;
  if (s == "not-an-object") return Responses::NotAnObject;
  return Responses::AsAsked;
}

rapidjson::Document FuzzMutator::modern_meta(const Value& input, const std::string& capabilities,
                                             Revision revision) {
  rapidjson::Document meta(rapidjson::kObjectType);
  Alloc& a = meta.GetAllocator();
  const MetaFault fault = meta_fault_of(input);
  const auto key = [&](std::string_view k) {
    return Value(k.data(), static_cast<rapidjson::SizeType>(k.size()), a);
  };
  if (fault != MetaFault::NoVersion) {
    const std::string version =
        fault == MetaFault::UnknownVersion ? kUnknownVersion : std::string(ec::to_string(revision));
    meta.AddMember(key(kMetaProtocolVersion), str(version, a), a);
  }
  if (fault != MetaFault::NoCapabilities) {
    Value caps(rapidjson::kObjectType);
    const Value* declared = input.IsObject() ? find_member(input, "declare") : nullptr;
    rapidjson::Document campaign;
    if (declared == nullptr) {
      campaign.Parse(capabilities.c_str(), capabilities.size());
      if (!campaign.HasParseError()) declared = &campaign;
    }
    if (declared != nullptr && !declared->IsNull()) caps.AddMember("elicitation", Value(*declared, a), a);
    meta.AddMember(key(kMetaClientCapabilities), caps, a);
  }
  Value info(rapidjson::kObjectType);
  info.AddMember("name", "elicit-conform-fuzz", a).AddMember("version", "0.1", a);
  meta.AddMember(key(kMetaClientInfo), info, a);
  return meta;
}

rapidjson::Document FuzzMutator::input_responses(const Value& input, const std::vector<std::string>& keys,
                                                 const Value& reply) {
  rapidjson::Document responses(rapidjson::kObjectType);
  Alloc& a = responses.GetAllocator();
  const Responses kind = responses_of(input);
  if (kind == Responses::NotAnObject) {
    responses.SetString("accept");
    return responses;
  }
  if (kind == Responses::Omitted) return responses;
  for (const std::string& k : keys) responses.AddMember(str(k, a), Value(reply, a), a);
  if (kind == Responses::ExtraKey) {
    Value extra(rapidjson::kObjectType);
    extra.AddMember("action", "cancel", a);
    responses.AddMember(rapidjson::StringRef(kUnaskedKey), extra, a);
  }
  return responses;
}

void FuzzMutator::add_modern_client_mutations(rapidjson::Document& input, FuzzRng& rng) {
  Alloc& a = input.GetAllocator();
  if (rng.chance(15)) input.AddMember("inputs", 2, a);
  if (rng.chance(1)) input.AddMember("result_type", "unknown", a);
  if (rng.chance(30)) {
    static constexpr std::array<const char*, 3> kStates{"spaces", "json", "none"};
    input.AddMember("state", rapidjson::StringRef(rng.pick(kStates)), a);
  }
}

bool FuzzMutator::unknown_result_type(const Value& input) {
  const Value* t = input.IsObject() ? find_member(input, "result_type") : nullptr;
  return t != nullptr && t->IsString() && std::string_view(t->GetString()) == "unknown";
}

std::vector<std::string> FuzzMutator::input_keys(const Value& input) {
  const Value* n = input.IsObject() ? find_member(input, "inputs") : nullptr;
  if (n != nullptr && n->IsInt() && n->GetInt() == 2) return {"input_1", "input_2"};
  return {"input_1"};
}

rapidjson::Document FuzzMutator::input_required_response(const Value& id, const Value& params,
                                                         const std::vector<std::string>& keys,
                                                         const Value& input, std::size_t round) {
  rapidjson::Document r(rapidjson::kObjectType);
  Alloc& a = r.GetAllocator();
  r.AddMember("jsonrpc", "2.0", a).AddMember("id", Value(id, a), a);
  Value result(rapidjson::kObjectType);
  result.AddMember("resultType",
                   rapidjson::StringRef(unknown_result_type(input) ? kUnknownResultType : "input_required"),
                   a);
  Value info(rapidjson::kObjectType);
  info.AddMember("name", "elicit-conform-fuzz", a).AddMember("version", "0.1", a);
  Value meta(rapidjson::kObjectType);
  meta.AddMember(Value(kMetaServerInfo.data(), static_cast<rapidjson::SizeType>(kMetaServerInfo.size()), a),
                 info, a);
  result.AddMember("_meta", meta, a);
  Value requests(rapidjson::kObjectType);
  for (const std::string& key : keys) {
    Value request(rapidjson::kObjectType);
    request.AddMember("method", "elicitation/create", a).AddMember("params", Value(params, a), a);
    requests.AddMember(str(key, a), request, a);
  }
  result.AddMember("inputRequests", requests, a);
  const Value* kind = input.IsObject() ? find_member(input, "state") : nullptr;
  const std::string_view k = kind && kind->IsString() ? std::string_view(kind->GetString()) : "";
  const std::string n = std::to_string(round);
  if (k != "none") {
    const std::string state = k == "spaces" ? " fuzz-state-" + n + " \t"
                              : k == "json" ? "{\"round\": " + n + ", \"note\": \"fuzz\"}"
                                            : "fuzz-state-" + n;
    result.AddMember("requestState", str(state, a), a);
  }
  r.AddMember("result", result, a);
  return r;
}

FuzzMutator::UserScript FuzzMutator::user_script_kind(std::size_t index) {
  static constexpr UserScript kTurns[] = {UserScript::Mixed, UserScript::Decline,
                                          UserScript::Mixed, UserScript::AcceptUntouched,
                                          UserScript::Mixed, UserScript::Cancel};
  return kTurns[index % std::size(kTurns)];
}

const char* FuzzMutator::to_string(UserScript kind) {
  switch (kind) {
    case UserScript::Decline: return "decline";
    case UserScript::AcceptUntouched: return "accept-untouched";
    case UserScript::Cancel: return "cancel";
    case UserScript::Mixed: break;
  }
  return "mixed";
}

std::string FuzzMutator::user_script(FuzzRng& rng, std::size_t answers, UserScript kind) const {
  rapidjson::Document list(rapidjson::kArrayType);
  Alloc& a = list.GetAllocator();
  if (kind != UserScript::Mixed) {
    rapidjson::Document answer;
    answer.Parse(kind == UserScript::Decline           ? R"({"action":"decline"})"
                 : kind == UserScript::AcceptUntouched ? R"({"action":"accept"})"
                                                       : R"({"action":"cancel"})");
    for (std::size_t i = 0; i < answers; ++i) list.PushBack(Value(answer, a), a);
    return to_json(list);
  }
  for (std::size_t i = 0; i < answers; ++i) {
    Value answer(rapidjson::kObjectType);
    const std::size_t pick = rng.below(10);
    answer.AddMember("action",
                     rapidjson::StringRef(pick < 7   ? "accept"
                                          : pick < 9 ? "decline"
                                                     : "cancel"),
                     a);
    if (pick < 7) {
      Value content(rapidjson::kObjectType);
      std::set<std::string> used;
      for (std::size_t k = 0, n = 1 + rng.below(3); k < n; ++k) {
        const std::string& name = rng.pick(field_names_);
        if (!used.insert(name).second) continue;
        Value v;
        // Short values: the whole script travels in one environment variable.
        switch (rng.below(5)) {
          case 0: v = Value(static_cast<int>(rng.below(100)) - 10); break;
          case 1: v = Value(2.5); break;
          case 2: v = Value(rng.chance(50)); break;
          case 3: v.SetArray().PushBack("red", a); break;
          default: v = str(rng.chance(50) ? "red" : rng.chance(50) ? "a@example.com" : "😀😀", a);
        }
        content.AddMember(str(name, a), v, a);
      }
      answer.AddMember("content", content, a);
    }
    list.PushBack(answer, a);
  }
  return to_json(list);
}

}  // namespace ec
