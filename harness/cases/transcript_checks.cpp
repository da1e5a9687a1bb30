#include "cases/transcript_checks.h"

#include <algorithm>
#include <cstdint>

#include "cases/check_functions.h"
#include "cases/check_registry.h"
#include "cases/modern_client_checks.h"
#include "core/json.h"
#include "core/json_pointer.h"
#include "core/utf8.h"
#include "schema/message_check.h"
#include "schema/schema_diff.h"
#include "schema/security_heuristics.h"
#include "spec/elicitation.h"
#include "spec/modern.h"

namespace ec {
// The checks of the registry's transcript column (cases/check_functions.h), and their helpers.
namespace transcript_check {

using rapidjson::Value;

CheckFailure failure(std::string reason, std::string pointer = "", std::string message = "") {
  return CheckFailure{std::move(reason), std::move(pointer), std::move(message)};
}

// A failure that a diagnostic explains: the rule is the diagnostic's.
CheckFailure failure_of(const Diagnostic& d, std::string pointer, std::string message) {
  return CheckFailure{d.check + ": " + d.message, std::move(pointer), std::move(message), d.requirement};
}

Mode mode_of(const Value& request) {
  const Value* params = find_member(request, "params");
  const Value* mode = params ? find_member(*params, "mode") : nullptr;
  return mode && mode->IsString() && std::string_view(mode->GetString()) == "url" ? Mode::Url : Mode::Form;
}

// The checks below judge only the SUT's elicitation/create requests.
bool is_elicit_create(const Value& message) {
  const Value* m = find_member(message, "method");
  return m && m->IsString() && std::string_view(m->GetString()) == kElicitCreate;
}

// A -32042 error response: the other way a server asks for an elicitation (URL mode), judged by
// the same rules as elicitation/create.
bool is_url_required_error(const Value& message) {
  const Value* error = find_member(message, "error");
  const Value* code = error && error->IsObject() ? find_member(*error, "code") : nullptr;
  return code && code->IsInt64() && code->GetInt64() == kUrlElicitationRequired &&
         !has_member(message, "method");
}

std::vector<TranscriptElicitation> transcript_elicitations(const Transcript& t) {
  return transcript_elicitations(t.sut_messages, t.revision);
}

std::optional<CheckFailure> no_elicitation(const Transcript& t) {
  for (const TranscriptElicitation& e : transcript_elicitations(t)) {
    return failure(e.prefix.empty() ? "the SUT sent elicitation/create"
                                    : "the SUT asked for an elicitation/create in an InputRequiredResult",
                   e.prefix + "/method", e.message());
  }
  return std::nullopt;
}

std::optional<CheckFailure> observed_elicitation(const Transcript& t) {
  // What a case judges whole-transcript exists: without it, "every elicitation is valid" is
  // vacuously true and the case tested nothing.
  if (!transcript_elicitations(t).empty()) return std::nullopt;
  for (const Value* d : t.sut_messages) {
    if (is_url_required_error(*d)) return std::nullopt;
  }
  return failure("the SUT sent no elicitation/create and no -32042 error: there was nothing to judge" +
                 t.closed_reason);
  return std::nullopt;
}

std::optional<CheckFailure> elicitations_valid(const Transcript& t) {
  for (const Value* d : t.sut_messages) {
    if (is_url_required_error(*d)) {
      MessageCheckOptions o;
      o.revision = t.revision;
      for (const Diagnostic& diag : check_message(*d, o).diagnostics) {
        if (diag.level == Level::Must && !diag.requirement.starts_with("JSONRPC-") &&
            !diag.check.starts_with("json.")) {
          return failure_of(diag, diag.pointer, to_json(*d));
        }
      }
      continue;
    }
  }
  for (const TranscriptElicitation& e : transcript_elicitations(t)) {
    MessageCheckOptions o;
    o.revision = t.revision;
    MessageReport report = check_message(*e.request, o);
    for (const Diagnostic& diag : report.diagnostics) {
      // JSON-RPC framing is the jsonrpc-valid check's business; this one judges elicitation rules.
      // A request the server wrote on the modern wire is no-legacy-elicitation's business, and an
      // input request rebuilt as a request is not one the server wrote.
      if (diag.level == Level::Must && !diag.requirement.starts_with("JSONRPC-") &&
          !diag.check.starts_with("json.") && diag.check != "mrtr.server-request") {
        return failure_of(diag, e.prefix + diag.pointer, e.message());
      }
    }
    const Mode asked = mode_of(*e.request);
    if (!t.client_capability.supports(asked)) {
      CheckFailure f = failure(
          "elicitation/create in " + std::string(to_string(asked)) +
              " mode, which the client did not declare (declared: " + t.client_capability.describe() + ")",
          e.prefix + "/params/mode", e.message());
      f.requirement = "SERVER-MODE-DECLARED";
      return f;
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> schema_consistent(const Transcript& t) {
  // The SHOULD half of the schema rules: a schema that no answer can satisfy (a required field
  // that is not defined, an empty enum, minLength above maxLength, a pattern that cannot compile).
  for (const TranscriptElicitation& e : transcript_elicitations(t)) {
    MessageCheckOptions o;
    o.revision = t.revision;
    for (const Diagnostic& diag : check_message(*e.request, o).diagnostics) {
      if (diag.requirement == "FORM-SCHEMA-CONSISTENT") {
        return failure_of(diag, e.prefix + diag.pointer, e.message());
      }
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> security_heuristics(const Transcript& t) {
  for (const TranscriptElicitation& e : transcript_elicitations(t)) {
    const Value* params = find_member(*e.request, "params");
    if (!params) continue;
    Diagnostics found = security_findings(*params, e.prefix + "/params", t.revision);
    if (!found.empty()) {
      return failure_of(found[0], found[0].pointer, e.message());
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> jsonrpc_valid(const Transcript& t) {
  // Every message the SUT sent is well-formed JSON-RPC as MCP uses it (findings of check-message).
  for (const Diagnostic& d : t.sut_findings) {
    if (d.level == Level::Must && (d.requirement.starts_with("JSONRPC-") || d.check.starts_with("json."))) {
      return failure_of(d, d.pointer, "");
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> schema_as_asked(const Transcript& t, bool titles) {
  // Each form elicitation carries the requestedSchema the tool was asked to send, by value:
  // validity keywords (type, enum, const, format, bounds, items, required, default) for
  // schema-as-asked, titles and descriptions for schema-titles-as-asked.
  for (const TranscriptElicitation& e : transcript_elicitations(t)) {
    const Value* params = find_member(*e.request, "params");
    const Value* sent = params && params->IsObject() ? find_member(*params, "requestedSchema") : nullptr;
    if (sent == nullptr) continue;
    const Value* message = find_member(*params, "message");
    const Value* asked = nullptr;
    for (const Value* a : t.asked_elicitations) {
      const Value* schema = find_member(*a, "requestedSchema");
      if (schema == nullptr) continue;
      const Value* m = find_member(*a, "message");
      if (asked == nullptr || (m && message && json_equal(*m, *message))) asked = schema;
    }
    if (asked == nullptr) continue;
    for (const SchemaDifference& diff : compare_requested_schema(*asked, *sent)) {
      if ((diff.kind == SchemaDifference::Kind::Display) != titles) continue;
      return failure(std::string(titles ? "a title or description"
                                        : "a keyword that decides what is valid or pre-filled") +
                         " did not reach the client as asked: requestedSchema" + diff.pointer + ": " +
                         diff.message,
                     e.prefix + "/params/requestedSchema" + diff.pointer, e.message());
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> protocol_version(const Transcript& t) {
  // The initialize exchange names a protocol version: a date such as 2025-11-25 (lifecycle,
  // Version Negotiation: a version the sender supports), not "" or "latest".
  ParsedJson v = parse_json(t.sut_protocol_version.empty() ? "null" : t.sut_protocol_version);
  const bool ok = v.ok() && v.document.IsString() && is_protocol_version(v.document.GetString());
  if (!ok) {
    const std::string shown = t.sut_protocol_version.empty() ? std::string("no protocolVersion")
                                                             : "protocolVersion " + t.sut_protocol_version;
    return failure(
        t.role == Role::Server
            ? "the server answered initialize with " + shown +
                  ", which is no protocol version (it must answer with a version it supports)"
            : "the client asked for " + shown +
                  " in initialize, which is no protocol version (it must send a version it supports)",
        "/result/protocolVersion");
  }
  return std::nullopt;
}

std::optional<CheckFailure> initialize_first(const Transcript& t) {
  // The initialization phase is the first interaction: before initialize, a client sends at most
  // pings and the 2026-07-28 version probe (server/discover, which transport-stdio.mdx of
  // 2026-07-28 asks dual-era clients to send first; a 2025 server answers it with an error).
  for (const Value* d : t.sut_messages) {
    const Value* m = find_member(*d, "method");
    const std::string method = m && m->IsString() ? m->GetString() : "";
    if (method == "initialize") break;
    if (method == "ping" || method == "server/discover") continue;
    return failure("the client sent " + (method.empty() ? std::string("a message") : method) +
                       " before initialize; the initialization phase must come first",
                   "/method", to_json(*d));
  }
  return std::nullopt;
}

std::optional<CheckFailure> one_response_per_request(const Transcript& t) {
  std::map<std::string, int> answers;
  for (const Value* d : t.sut_messages) {
    const Value* id = find_member(*d, "id");
    if (id == nullptr || has_member(*d, "method")) continue;
    const std::string key = to_json(*id);
    if (t.harness_ids.contains(key) && ++answers[key] > 1) {
      return failure(
          "the SUT answered request " + key + " more than once (JSON-RPC: one response per request)", "/id",
          to_json(*d));
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> modern_results_valid(const Transcript& t) {
  // 2026-07-28: every response to a request a step sent, judged with the request it answers
  // (resultType, an InputRequiredResult's map and each elicitation in it, declared modes only).
  for (const Value* d : t.sut_messages) {
    const Value* id = find_member(*d, "id");
    if (id == nullptr || has_member(*d, "method")) continue;
    const auto request = t.step_requests.find(to_json(*id));
    if (request == t.step_requests.end()) continue;
    MessageCheckOptions o;
    o.revision = t.revision;
    o.answered_request = request->second;
    for (const Diagnostic& diag : check_message(*d, o).diagnostics) {
      // JSON-RPC framing is the jsonrpc-valid check's business.
      if (diag.level == Level::Must && !diag.requirement.starts_with("JSONRPC-") &&
          !diag.check.starts_with("json.")) {
        return failure(diag.check + ": " + diag.message, diag.pointer, to_json(*d));
      }
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> results_valid(const Transcript& t) {
  // Both eras: every result the SUT sent to an elicitation/create a step sent, judged with the
  // params it answers (a URL-mode accept carries no content, a form accept carries it and it fits
  // the schema), at MUST and SHOULD. Written for the fuzzer's replay cases of a client's malformed
  // answers; a corpus case names the rule it needs instead.
  for (const Value* d : t.sut_messages) {
    const Value* id = find_member(*d, "id");
    if (id == nullptr || has_member(*d, "method") || !has_member(*d, "result")) continue;
    const auto request = t.step_requests.find(to_json(*id));
    if (request == t.step_requests.end() || !is_elicit_create(*request->second)) continue;
    MessageCheckOptions o;
    o.revision = t.revision;
    o.answered_request_params = find_member(*request->second, "params");
    for (const Diagnostic& diag : check_message(*d, o).diagnostics) {
      if ((diag.level == Level::Must || diag.level == Level::Should) &&
          !diag.requirement.starts_with("JSONRPC-") && !diag.check.starts_with("json.")) {
        return failure(diag.check + ": " + diag.message, diag.pointer, to_json(*d));
      }
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> modern_server_info(const Transcript& t) {
  // 2026-07-28: every result names the server in _meta (META-SERVER-INFO; for server/discover
  // DISCOVER-SERVER-INFO), since no initialize exchange names it once for the connection.
  for (const Value* d : t.sut_messages) {
    const Value* id = find_member(*d, "id");
    const Value* result = find_member(*d, "result");
    if (id == nullptr || has_member(*d, "method") || result == nullptr || !result->IsObject()) continue;
    if (!t.step_requests.contains(to_json(*id))) continue;
    const Value* meta = find_member(*result, "_meta");
    const Value* info = meta && meta->IsObject() ? find_member(*meta, kMetaServerInfo) : nullptr;
    const Value* name = info && info->IsObject() ? find_member(*info, "name") : nullptr;
    const Value* version = info && info->IsObject() ? find_member(*info, "version") : nullptr;
    if (!name || !name->IsString() || !version || !version->IsString()) {
      return failure("the result to request " + to_json(*id) + " has no " + std::string(kMetaServerInfo) +
                         " (an object with name and version) in its _meta",
                     info   ? "/result/_meta/" + std::string(kMetaServerInfo)
                     : meta ? "/result/_meta"
                            : "/result",
                     to_json(*d));
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> result_types_core(const Transcript& t) {
  // 2026-07-28 (basic.mdx, resultType): the values a server may send are the core ones and those
  // of extensions advertised in capabilities. A server whose server/discover advertises no
  // extensions has only "complete" and "input_required"; with extensions, an unknown value may
  // be theirs, which this check cannot tell, so it judges nothing then. A server that answered no
  // server/discover advertised none.
  bool extensions = false;
  for (const Value* d : t.sut_messages) {
    const Value* id = find_member(*d, "id");
    const auto request =
        id && !has_member(*d, "method") ? t.step_requests.find(to_json(*id)) : t.step_requests.end();
    if (request == t.step_requests.end()) continue;
    const Value* method = find_member(*request->second, "method");
    if (!method || !method->IsString() || std::string_view(method->GetString()) != kServerDiscover) continue;
    const Value* result = find_member(*d, "result");
    const Value* caps = result && result->IsObject() ? find_member(*result, "capabilities") : nullptr;
    extensions = extensions || (caps && caps->IsObject() && has_member(*caps, "extensions"));
  }
  if (extensions) return std::nullopt;
  for (const Value* d : t.sut_messages) {
    const Value* result = has_member(*d, "method") ? nullptr : find_member(*d, "result");
    const Value* type = result && result->IsObject() ? find_member(*result, "resultType") : nullptr;
    if (type == nullptr) continue;  // an absent resultType is RESULT-TYPE-REQUIRED's business
    const std::string_view value =
        type->IsString() ? std::string_view(type->GetString()) : std::string_view();
    if (value != "complete" && value != "input_required") {
      return failure(
          "resultType " + abbreviate_utf8(to_json(*type), 80) +
              " is no core value (\"complete\", \"input_required\"), and server/discover advertised no "
              "extensions that could add it",
          "/result/resultType", to_json(*d));
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> http_error_status(const Transcript& t) {
  // 2026-07-28 over Streamable HTTP: the errors the spec sends with 400 Bad Request. basic.mdx:
  // "A request missing any required field is malformed; the server MUST reject it with JSON-RPC
  // error code -32602 (Invalid params). On HTTP, the response status MUST be 400 Bad Request."
  // and the same for -32021; Streamable HTTP: for a version it does not implement "it MUST
  // respond with 400 Bad Request and an UnsupportedProtocolVersionError" (-32022), and a header
  // that does not match gets "400 Bad Request and a HeaderMismatch JSON-RPC error" (-32020). On
  // stdio there is no status: nothing to judge.
  if (t.transport != Transport::Http) return std::nullopt;
  for (std::size_t i = 0; i < t.sut_messages.size(); ++i) {
    const Value& d = *t.sut_messages[i];
    const Value* id = find_member(d, "id");
    const Value* error = has_member(d, "method") ? nullptr : find_member(d, "error");
    const Value* code = error && error->IsObject() ? find_member(*error, "code") : nullptr;
    if (!id || !code || !code->IsInt64() || !t.step_requests.contains(to_json(*id))) continue;
    const std::int64_t c = code->GetInt64();
    if (c != -32602 && c != kMissingRequiredClientCapability && c != kUnsupportedProtocolVersion &&
        c != kHeaderMismatch)
      continue;
    if (t.http_status[i] != 400) {
      return failure("the error " + std::to_string(c) + " to request " + to_json(*id) +
                         " came with HTTP status " + std::to_string(t.http_status[i]) +
                         "; on Streamable HTTP \"the response status MUST be 400 Bad Request\"",
                     "/error/code", to_json(d));
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> no_id_reuse(const Transcript& t) {
  std::set<std::string> seen;
  for (const Value* d : t.sut_messages) {
    const Value* id = find_member(*d, "id");
    if (id == nullptr || !has_member(*d, "method")) continue;
    if (!seen.insert(to_json(*id)).second) {
      return failure("the SUT used request id " + to_json(*id) + " twice", "/id", to_json(*d));
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> no_response_to_notification(const Transcript& t) {
  // Each harness request gets one response; any other response answers no request (a
  // notification's "answer"), whatever id it borrows, an already answered one included.
  std::set<std::string> answered;
  for (const Value* d : t.sut_messages) {
    const Value* id = find_member(*d, "id");
    if (id == nullptr || has_member(*d, "method")) continue;
    const std::string rid = to_json(*id);
    if (!t.harness_ids.contains(rid)) {
      return failure("the SUT sent a response with id " + rid + ", which no harness request had", "/id",
                     to_json(*d));
    }
    if (!answered.insert(rid).second) {
      return failure("the SUT sent a second response with id " + rid + ": that request was already answered",
                     "/id", to_json(*d));
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> schema_as_asked(const Transcript& t) { return schema_as_asked(t, false); }
std::optional<CheckFailure> schema_titles_as_asked(const Transcript& t) { return schema_as_asked(t, true); }
std::optional<CheckFailure> no_legacy_elicitation(const Transcript& t) {
  return ec::no_legacy_elicitation(t.role, t.revision, t.sut_messages);
}

}  // namespace transcript_check

using rapidjson::Value;
using transcript_check::failure;
using transcript_check::is_elicit_create;
using transcript_check::is_url_required_error;

std::optional<CheckFailure> no_legacy_elicitation(Role sut, Revision revision,
                                                  const std::vector<const Value*>& sut_messages) {
  for (const Value* d : sut_messages) {
    if (sut == Role::Client) {
      // The client's side: the handshake and the server's requests are gone, so an initialize,
      // an ElicitResult sent as a JSON-RPC response, or a completion notification is the old wire.
      const Value* m = find_member(*d, "method");
      const std::string_view method =
          m && m->IsString() ? std::string_view(m->GetString(), m->GetStringLength()) : std::string_view();
      if (method == "initialize") {
        return failure("the client sent initialize; " + std::string(to_string(revision)) +
                           " has no handshake (every request carries its _meta)",
                       "/method", to_json(*d));
      }
      if (method == kElicitComplete) {
        return failure("the client sent " + std::string(kElicitComplete) + ", which " +
                           std::string(to_string(revision)) + " removed",
                       "/method", to_json(*d));
      }
      if (m == nullptr && has_member(*d, "id")) {
        return failure(
            "the client sent a JSON-RPC response, but on this wire the server sends no requests: an "
            "ElicitResult travels in the inputResponses of the retried request",
            "", to_json(*d));
      }
      continue;
    }
    // The server's side: 2026-07-28 removed the server-to-client request and -32042: a server asks
    // inside an InputRequiredResult, and never writes a JSON-RPC request of its own.
    const Value* method = find_member(*d, "method");
    if (method != nullptr && has_member(*d, "id")) {
      return failure("the SUT sent a JSON-RPC request (" + abbreviate_utf8(to_json(*method), 80) +
                         ") on the 2026-07-28 wire, where a server writes no requests of its own: it asks "
                         "through InputRequiredResult",
                     "/method", to_json(*d));
    }
    if (is_url_required_error(*d)) {
      return failure("the SUT sent the -32042 error, which 2026-07-28 removed", "/error/code", to_json(*d));
    }
  }
  return std::nullopt;
}

std::vector<TranscriptElicitation> transcript_elicitations(const std::vector<const Value*>& sut_messages,
                                                           Revision revision) {
  std::vector<TranscriptElicitation> out;
  for (const Value* d : sut_messages) {
    if (is_elicit_create(*d)) {
      out.push_back(TranscriptElicitation{d, nullptr, "", d});
      continue;
    }
    const Value* result =
        features(revision).modern_wire && !has_member(*d, "method") ? find_member(*d, "result") : nullptr;
    const Value* requests = result && result->IsObject() ? find_member(*result, "inputRequests") : nullptr;
    if (requests == nullptr || !requests->IsObject()) continue;
    for (auto it = requests->MemberBegin(); it != requests->MemberEnd(); ++it) {
      if (!it->value.IsObject() || !is_elicit_create(it->value)) continue;
      auto request = std::make_shared<rapidjson::Document>();
      request->CopyFrom(it->value, request->GetAllocator());
      request->AddMember("jsonrpc", "2.0", request->GetAllocator());
      request->AddMember("id", Value(it->name, request->GetAllocator()), request->GetAllocator());
      out.push_back(TranscriptElicitation{
          request.get(), request,
          pointer_append("/result/inputRequests",
                         std::string_view(it->name.GetString(), it->name.GetStringLength())),
          d});
    }
  }
  return out;
}

std::string TranscriptElicitation::message() const {
  return sent != nullptr ? to_json(*sent) : std::string();
}

bool is_transcript_check(std::string_view name) {
  const CheckEntry* entry = find_check(name);
  return entry != nullptr && entry->transcript != nullptr;
}

std::optional<CheckFailure> run_transcript_check(std::string_view name, const Transcript& t) {
  const CheckEntry* entry = find_check(name);
  if (entry == nullptr || entry->transcript == nullptr) return failure("unknown check " + std::string(name));
  return entry->transcript(t);
}

const std::vector<std::string>& known_check_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> all;
    for (const CheckEntry& entry : check_registry()) all.emplace_back(entry.name);
    return all;
  }();
  return names;
}

}  // namespace ec
