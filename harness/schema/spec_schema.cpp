#include "schema/spec_schema.h"

#include <valijson/adapters/rapidjson_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>

#include "core/json.h"
#include "core/json_pointer.h"
#include "schema/spec_schema_text.h"

namespace ec {
namespace {

// One revision's schema.json: the file, its method -> definition table, and the definitions
// compiled so far (on first use: a run touches a dozen of the ~150).
class RevisionSchema {
 public:
  explicit RevisionSchema(const char* text) {
    ParsedJson parsed = parse_json(text);
    if (!parsed.ok() || !parsed.document.IsObject())
      throw std::logic_error("a spec/schema/*.json compiled in is not a JSON object");
    doc_ = std::move(parsed.document);
    defs_key_ = has_member(doc_, "$defs") ? "$defs" : "definitions";  // 2025-06-18 is draft 7
    const rapidjson::Value* defs = find_member(doc_, defs_key_);
    if (defs == nullptr || !defs->IsObject()) throw std::logic_error("a spec schema has no definitions");
    for (auto it = defs->MemberBegin(); it != defs->MemberEnd(); ++it) {
      const std::string name = it->name.GetString();
      names_.emplace(name);
      const rapidjson::Value* props = find_member(it->value, "properties");
      const rapidjson::Value* method = props ? find_member(*props, "method") : nullptr;
      const rapidjson::Value* constant = method ? find_member(*method, "const") : nullptr;
      if (constant == nullptr || !constant->IsString()) continue;
      // The definition named for the message (CancelledNotification), not a union that happens
      // to have one member (2026-07-28's ClientNotification).
      if (!name.ends_with("Request") && !name.ends_with("Notification")) continue;
      if (name.starts_with("Client") || name.starts_with("Server")) continue;
      methods_.emplace(constant->GetString(), name);
    }
  }

  std::string request_definition(std::string_view method) const {
    const auto it = methods_.find(method);
    return it == methods_.end() ? std::string() : it->second;
  }

  // The result of a request: its definition's name with Result for Request when the file has it
  // (ListToolsRequest -> ListToolsResult), else EmptyResult (ping, logging/setLevel).
  std::string result_definition(std::string_view method) const {
    std::string request = request_definition(method);
    if (request.empty() || !request.ends_with("Request")) return {};
    std::string result = request.substr(0, request.size() - 7) + "Result";
    if (names_.contains(result)) return result;
    return names_.contains("EmptyResult") ? "EmptyResult" : "Result";
  }

  bool defines(const std::string& name) const { return names_.contains(name); }

  const valijson::Schema& compiled(const std::string& name) {
    std::lock_guard lock(mutex_);
    auto [it, added] = compiled_.try_emplace(name);
    if (!added) return *it->second;
    // The whole file with `$ref` to the definition at its root: valijson resolves the
    // definition's own references against the file, and draft 7 ignores a $ref's siblings.
    const std::string ref = "#/" + defs_key_ + "/" + name;
    rapidjson::Value target(ref.c_str(), static_cast<rapidjson::SizeType>(ref.size()), doc_.GetAllocator());
    doc_.RemoveMember("$ref");  // the one set for the definition compiled before
    doc_.AddMember("$ref", target, doc_.GetAllocator());
    it->second = std::make_unique<valijson::Schema>();
    valijson::SchemaParser parser(valijson::SchemaParser::kDraft7);
    valijson::adapters::RapidJsonAdapter adapter(doc_);
    parser.populateSchema(adapter, *it->second);
    return *it->second;
  }

 private:
  rapidjson::Document doc_;
  std::string defs_key_;
  std::set<std::string, std::less<>> names_;
  std::map<std::string, std::string, std::less<>> methods_;
  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<valijson::Schema>, std::less<>> compiled_;
};

RevisionSchema& schema_of(Revision revision) {
  switch (revision) {
    case Revision::V2025_06_18: {
      static RevisionSchema schema(kSpecSchema20250618);
      return schema;
    }
    case Revision::V2025_11_25: {
      static RevisionSchema schema(kSpecSchema20251125);
      return schema;
    }
    case Revision::V2026_07_28: {
      static RevisionSchema schema(kSpecSchema20260728);
      return schema;
    }
  }
  throw std::logic_error("no schema.json for this revision");
}

// Judges `value` (the message, or its `result`) by one definition; `prefix` is where `value` sits.
void judge(RevisionSchema& schema, const std::string& definition, const rapidjson::Value& value,
           std::string_view prefix, std::vector<SpecSchemaViolation>& out) {
  valijson::Validator validator;
  valijson::ValidationResults results;
  valijson::adapters::RapidJsonAdapter adapter(value);
  if (validator.validate(schema.compiled(definition), adapter, &results)) return;
  // The first error is the deepest: the one that says what is wrong, not that a parent failed.
  valijson::ValidationResults::Error error;
  SpecSchemaViolation v{definition, std::string(prefix), "does not match " + definition};
  if (results.popError(error)) {
    v.pointer += valijson_context_pointer(error.context);
    v.description = error.description;
  }
  out.push_back(std::move(v));
}

// Two readings valijson needs help with, both about numbers, applied to a copy of the message:
// - JSON Schema counts 88.0 as an integer ("a number with zero fractional part", draft 6 on);
//   valijson's RapidJSON adapter does not, so an integral double becomes an integer.
// - The spec disagrees with itself on form content: ElicitResult.content values are string,
//   integer or boolean in schema.json, while a NumberSchema field (`"type": "number"`) takes any
//   number (elicitation.mdx, "Supported Schema Types"). The harness follows the prose: a fraction
//   in the content of an ElicitResult is not a schema violation (whether it fits the field is
//   the content validator's business, schema/content_validator.h).
void normalise_numbers(rapidjson::Value& v, bool form_content = false) {
  if (v.IsDouble()) {
    const double d = v.GetDouble();
    const bool integral = d == static_cast<double>(static_cast<long long>(d)) && d > -9.2e18 && d < 9.2e18;
    if (integral) {
      v.SetInt64(static_cast<std::int64_t>(d));
    } else if (form_content) {
      v.SetInt64(0);
    }
  } else if (v.IsArray()) {
    for (auto& item : v.GetArray()) normalise_numbers(item);
  } else if (v.IsObject()) {
    const bool elicit_result = has_member(v, "action");
    // By index: clang's C++20 finds RapidJSON's member-iterator comparison ambiguous.
    for (rapidjson::SizeType i = 0; i < v.MemberCount(); ++i) {
      auto& member = v.MemberBegin()[i];
      if (elicit_result && member.value.IsObject() &&
          std::string_view(member.name.GetString()) == "content") {
        for (rapidjson::SizeType f = 0; f < member.value.MemberCount(); ++f)
          normalise_numbers(member.value.MemberBegin()[f].value, true);
      } else {
        normalise_numbers(member.value);
      }
    }
  }
}

std::vector<SpecSchemaViolation> judge_message(RevisionSchema& schema, const rapidjson::Value& message,
                                               std::string_view answered_method) {
  std::vector<SpecSchemaViolation> out;
  const rapidjson::Value* method = find_member(message, "method");
  if (method != nullptr) {
    const bool request = has_member(message, "id");
    judge(schema, request ? "JSONRPCRequest" : "JSONRPCNotification", message, "", out);
    if (method->IsString()) {
      if (const std::string def = schema.request_definition(method->GetString()); !def.empty())
        judge(schema, def, message, "", out);
    }
    return out;
  }
  if (const rapidjson::Value* result = find_member(message, "result")) {
    judge(schema, schema.defines("JSONRPCResultResponse") ? "JSONRPCResultResponse" : "JSONRPCResponse",
          message, "", out);
    std::string def;
    if (answered_method.ends_with(kTaskAugmented)) {
      // A task-augmented request: a receiver that accepts the task answers with a CreateTaskResult
      // (its own result comes later, through tasks/result); one that does not declare task support
      // for the request "MUST process requests of that type normally" (2025-11-25 tasks.mdx). The
      // answer's `task` member says which it did.
      const std::string_view plain =
          answered_method.substr(0, answered_method.size() - kTaskAugmented.size());
      def = result->IsObject() && has_member(*result, "task") && schema.defines("CreateTaskResult")
                ? std::string("CreateTaskResult")
                : schema.result_definition(plain);
    } else {
      def = schema.result_definition(answered_method);
    }
    const rapidjson::Value* type = result->IsObject() ? find_member(*result, "resultType") : nullptr;
    if (type && type->IsString() && std::string_view(type->GetString()) == "input_required" &&
        schema.defines("InputRequiredResult"))
      def = "InputRequiredResult";
    if (!def.empty()) judge(schema, def, *result, "/result", out);
    return out;
  }
  judge(schema, schema.defines("JSONRPCErrorResponse") ? "JSONRPCErrorResponse" : "JSONRPCError", message, "",
        out);
  return out;
}

}  // namespace

std::string valijson_context_pointer(const std::vector<std::string>& context) {
  std::string pointer;
  for (const std::string& part : context) {
    if (part.size() < 2 || part.front() != '[' || part.back() != ']') continue;
    pointer = pointer_append(pointer, std::string_view(part).substr(1, part.size() - 2));
  }
  return pointer;
}

std::string request_definition(Revision revision, std::string_view method) {
  return schema_of(revision).request_definition(method);
}

std::string result_definition(Revision revision, std::string_view method) {
  return schema_of(revision).result_definition(method);
}

std::vector<SpecSchemaViolation> check_against_spec_schema(Revision revision, const rapidjson::Value& message,
                                                           std::string_view answered_method) {
  RevisionSchema& schema = schema_of(revision);
  std::vector<SpecSchemaViolation> out;
  if (!message.IsObject()) {
    out.push_back({"JSONRPCMessage", "",
                   "a JSON-RPC message is an object, not " + std::string(json_type_name(message))});
    return out;
  }
  rapidjson::Document copy;
  copy.CopyFrom(message, copy.GetAllocator());
  normalise_numbers(copy);
  return judge_message(schema, copy, answered_method);
}

bool self_check_enabled() {
  static const bool enabled = [] {
    const char* v = std::getenv("ELICIT_CONFORM_SELF_CHECK");
    return v != nullptr && *v != '\0' && std::string_view(v) != "0";
  }();
  return enabled;
}

bool self_check_message(Revision revision, std::string_view json, std::string_view answered_method,
                        std::string_view who) {
  if (!self_check_enabled()) return false;
  ParsedJson m = parse_json(json);
  std::string line;
  if (!m.ok()) {
    line = "not JSON";
  } else if (const rapidjson::Value* id = find_member(m.document, "id");
             id && !has_member(m.document, "method") && !id->IsString() && !id->IsInt64() && !id->IsNull()) {
    // A response echoes the id of the request it answers, as JSON-RPC requires: an id that is no
    // RequestId (1.5, an object) is the peer's defect, judged on the peer's request.
    return false;
  } else {
    for (const SpecSchemaViolation& v : check_against_spec_schema(revision, m.document, answered_method))
      line += (line.empty() ? "" : "; ") + to_string(v);
  }
  if (line.empty()) return false;
  // One write per line, so that lines of parallel cases do not interleave.
  const std::string out = "elicit-conform: self-check: " + std::string(who) + " wrote a message that the " +
                          std::string(to_string(revision)) + " schema.json rejects (" + line +
                          "): " + std::string(json.substr(0, 600)) + "\n";
  std::fwrite(out.data(), 1, out.size(), stderr);
  return true;
}

std::string answered_method_of(const rapidjson::Value& request) {
  const rapidjson::Value* method = find_member(request, "method");
  if (method == nullptr || !method->IsString()) return {};
  std::string out(method->GetString(), method->GetStringLength());
  const rapidjson::Value* params = find_member(request, "params");
  const rapidjson::Value* task =
      params != nullptr && params->IsObject() ? find_member(*params, "task") : nullptr;
  if (task != nullptr && task->IsObject()) out += kTaskAugmented;
  return out;
}

void SelfCheckedPeer::received(const rapidjson::Value& message) {
  if (!self_check_enabled()) return;
  const rapidjson::Value* id = find_member(message, "id");
  std::string method = answered_method_of(message);
  if (method.empty() || id == nullptr) return;
  if (methods_.size() >= 4096) methods_.clear();  // a peer in a long fuzz campaign: bounded
  methods_[to_json(*id)] = std::move(method);
}

bool SelfCheckedPeer::judge_sent(Revision revision, std::string_view json) {
  if (!self_check_enabled()) return false;
  std::string answered;
  if (ParsedJson m = parse_json(json); m.ok() && !has_member(m.document, "method")) {
    if (const rapidjson::Value* id = find_member(m.document, "id")) {
      if (const auto it = methods_.find(to_json(*id)); it != methods_.end()) answered = it->second;
    }
  }
  return self_check_message(revision, json, answered, who_);
}

void SelfCheckedPeer::sent(Revision revision, std::string_view json) {
  // A reference peer is a SUT process: its stderr goes to the case's record, where no test
  // would look. It ends itself instead, which no test of a conformant peer can miss.
  if (judge_sent(revision, json)) std::abort();
}

std::string to_string(const SpecSchemaViolation& v) {
  return v.definition + ": " + (v.pointer.empty() ? std::string("(the message)") : v.pointer) + ": " +
         v.description;
}

}  // namespace ec
