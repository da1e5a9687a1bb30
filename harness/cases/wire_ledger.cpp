#include "cases/wire_ledger.h"

#include "schema/schema_diff.h"

#include "core/json.h"
#include "core/utf8.h"
#include "schema/spec_schema.h"

namespace ec {
namespace {

std::string member_string(const rapidjson::Value& message, const char* name) {
  const rapidjson::Value* v = find_member(message, name);
  return v != nullptr && v->IsString() ? std::string(v->GetString(), v->GetStringLength()) : std::string();
}

std::string listed(const std::map<std::string, std::string>& requests) {
  std::string out;
  std::size_t n = 0;
  for (const auto& [id, method] : requests) {
    if (++n > 8) return out + ", ...";
    out += (out.empty() ? "" : ", ") + id + " (" + method + ")";
  }
  return out.empty() ? std::string("none") : out;
}

}  // namespace

void WireLedger::harness_sent(const rapidjson::Value& message) {
  if (!message.IsObject()) return;
  const rapidjson::Value* id = find_member(message, "id");
  if (id == nullptr) return;
  const std::string key = to_json(*id);
  if (member_string(message, "method") == "tools/call" && asked_params_.size() < 64) {
    const rapidjson::Value* params = find_member(message, "params");
    const rapidjson::Value* args = params && params->IsObject() ? find_member(*params, "arguments") : nullptr;
    const rapidjson::Value* asked = args && args->IsObject() ? find_member(*args, "params") : nullptr;
    if (asked != nullptr && asked->IsObject()) {
      auto copy = std::make_shared<rapidjson::Document>();
      copy->CopyFrom(*asked, copy->GetAllocator());
      asked_params_.push_back(std::move(copy));
    }
  }
  if (has_member(message, "method")) {
    request_methods_[key] = answered_method_of(message);  // a task-augmented request: CreateTaskResult
    ++requests_per_id_[key];
  } else {
    sut_requests_open_.erase(key);  // our answer to a SUT request
  }
}

Diagnostics WireLedger::sut_sent(const rapidjson::Value& message, Revision revision, bool judged_broken) {
  Diagnostics out;
  if (!message.IsObject()) return out;  // jsonrpc.not-object / jsonrpc.batch say it already
  const rapidjson::Value* id = find_member(message, "id");
  const bool is_request_or_notification = has_member(message, "method");
  const std::string method = member_string(message, "method");
  std::string answered;  // the method of the harness request a response answers

  if (!is_request_or_notification && id != nullptr && !id->IsNull()) {
    const std::string key = to_json(*id);
    const auto requests = requests_per_id_.find(key);
    if (requests == requests_per_id_.end()) {
      if (!first_unknown_) first_unknown_ = key;
      ++unknown_responses_;
      last_unknown_ = key;
      out.push_back({"jsonrpc.response-unknown-id", "JSONRPC-RESPONSE-SAME-ID", Level::Must, "/id",
                     "The SUT sent a response with id " + abbreviate_utf8(key, 80) +
                         ", which is the id of no request the harness sent in this run (a wrong id, "
                         "or an answer to a notification); the harness's requests: " +
                         listed(request_methods_) + ".",
                     ""});
    } else {
      answered = request_methods_[key];
      if (++responses_per_id_[key] > requests->second) {
        out.push_back({"jsonrpc.response-duplicate", "JSONRPC-SPEC", Level::Must, "/id",
                       "The SUT answered the harness's request " + abbreviate_utf8(key, 80) + " (" +
                           answered + ") more than once; JSON-RPC 2.0 has one response per request.",
                       ""});
      }
    }
  }

  if (is_request_or_notification && id != nullptr) {
    const std::string key = to_json(*id);
    if (!features(revision).modern_wire) {
      if (!sut_request_ids_.insert(key).second) {
        out.push_back({"jsonrpc.request-id-reused", "JSONRPC-ID-UNIQUE", Level::Must, "/id",
                       "The SUT sent a request (" + abbreviate_utf8(method, 80) + ") with id " +
                           abbreviate_utf8(key, 80) +
                           ", which it already used for a request in this session.",
                       ""});
      }
    } else if (sut_requests_open_.contains(key)) {
      out.push_back({"jsonrpc.request-id-reused", "JSONRPC-ID-UNIQUE", Level::Must, "/id",
                     "The SUT sent a request (" + abbreviate_utf8(method, 80) + ") with id " +
                         abbreviate_utf8(key, 80) + ", which its request still awaiting our answer has.",
                     ""});
    }
    sut_requests_open_.insert(key);
  }

  if (is_request_or_notification && id == nullptr && !method.empty() &&
      request_definition(revision, method).empty()) {
    out.push_back({"spec-schema.notification-undefined", "SCHEMA-MESSAGES", Level::Should, "/method",
                   "The SUT sent the notification \"" + abbreviate_utf8(method, 120) + "\", which revision " +
                       std::string(to_string(revision)) +
                       " does not define: a peer that negotiated no extension cannot know it (an internal "
                       "event leaked onto the wire?).",
                   ""});
  }

  if (judged_broken) return out;
  if (method == "elicitation/create") {
    // Sent exactly as the harness asked (the contract's elicit tool): the harness's doing.
    const rapidjson::Value* params = find_member(message, "params");
    for (const auto& asked : asked_params_)
      if (params != nullptr && json_equal(*params, *asked)) return out;
  }
  if (schema_checked_ >= kSchemaCheckedMessages) {
    ++schema_unchecked_;
    return out;
  }
  ++schema_checked_;
  // JSON-RPC 2.0 answers a request whose id could not be read with `"id": null`; the schemas type
  // the id as a RequestId (and leave it out instead). Both texts bind: null there is no defect.
  const bool null_error_id = id != nullptr && id->IsNull() && has_member(message, "error");
  for (const SpecSchemaViolation& v : check_against_spec_schema(revision, message, answered)) {
    if (null_error_id && v.pointer == "/id") continue;
    out.push_back(
        {"spec-schema." + v.definition, "SCHEMA-MESSAGES", Level::Must, v.pointer,
         "Not valid against " + std::string(to_string(revision)) + " schema.json #/" + v.definition +
             (answered.empty() ? std::string() : " (the result of " + answered + ")") + ": " + v.description,
         ""});
  }
  return out;
}

std::string WireLedger::request_method(const std::string& id_json) const {
  const auto it = request_methods_.find(id_json);
  return it == request_methods_.end() ? std::string() : it->second;
}

}  // namespace ec
