#include "cases/modern_client_checks.h"

#include <algorithm>
#include <array>
#include <set>

#include "cases/check_functions.h"
#include "cases/check_registry.h"
#include "core/json.h"
#include "core/utf8.h"
#include "schema/message_check.h"
#include "schema/schema_diff.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "spec/modern.h"

namespace ec {
// The checks of the registry's modern client column (cases/check_functions.h), and their helpers.
namespace modern_client_check {

using rapidjson::Value;

std::string method_of(const Value& message) {
  const Value* m = find_member(message, "method");
  return m && m->IsString() ? std::string(m->GetString(), m->GetStringLength()) : "";
}

bool is_request(const Value& message) {
  return find_member(message, "method") != nullptr && find_member(message, "id") != nullptr;
}

CheckFailure failure(std::string reason, std::string pointer, const Value* message) {
  return {std::move(reason), std::move(pointer), message ? to_json(*message) : ""};
}

// The first finding of `requirements` (at SHOULD level or above) on the client's requests'
// _meta, read as the revision says.
std::optional<CheckFailure> meta_findings(const ModernClientTranscript& t,
                                          std::initializer_list<std::string_view> requirements, Level floor) {
  for (const Value* m : t.sut_messages) {
    if (!is_request(*m)) continue;
    RequestMetaParse parsed = parse_request_meta(find_member(*m, "params"), t.revision, "/params");
    for (const Diagnostic& d : parsed.diagnostics) {
      const bool rule =
          std::find(requirements.begin(), requirements.end(), d.requirement) != requirements.end();
      const bool serious = d.level == Level::Must || (floor == Level::Should && d.level == Level::Should);
      if (rule && serious) {
        return failure(
            "the client's " + abbreviate_utf8(method_of(*m), 80) + " request: " + d.check + ": " + d.message,
            d.pointer, m);
      }
    }
  }
  return std::nullopt;
}

// The retry's findings of `requirements`, judged against the InputRequiredResult it follows.
std::optional<CheckFailure> retry_findings(const ModernClientTranscript& t,
                                           std::initializer_list<std::string_view> requirements) {
  for (const RetryExchange& e : t.exchanges) {
    if (e.retry == nullptr) continue;
    MessageCheckOptions o;
    o.revision = t.revision;
    o.retry_of = e.input_required;
    for (const Diagnostic& d : check_message(*e.retry, o).diagnostics) {
      if (d.level == Level::Info) continue;
      if (std::find(requirements.begin(), requirements.end(), d.requirement) == requirements.end()) continue;
      return failure("the retry after our InputRequiredResult: " + d.check + ": " + d.message, d.pointer,
                     e.retry);
    }
  }
  return std::nullopt;
}

// The requests of the chain a retry belongs to, before it: the request the InputRequiredResult
// answered, the one that request retried, ... back to the original call.
std::vector<const Value*> chain_before(const ModernClientTranscript& t, std::size_t k) {
  std::vector<const Value*> out;
  const Value* at = t.exchanges[k].original;
  if (at != nullptr) out.push_back(at);
  for (std::size_t j = k; j-- > 0 && at != nullptr;) {
    if (t.exchanges[j].retry == at) {
      at = t.exchanges[j].original;
      if (at != nullptr) out.push_back(at);
    }
  }
  return out;
}

// MRTR-RETRY-NEW-ID over every round: "The JSON-RPC `id` MUST be different between the initial
// request and the retry". A retry in round three that takes the original call's id back differs
// from the request it answers, which check_message sees; this sees the whole chain.
std::optional<CheckFailure> retry_ids_new_in_chain(const ModernClientTranscript& t) {
  for (std::size_t k = 0; k < t.exchanges.size(); ++k) {
    const Value* retry = t.exchanges[k].retry;
    const Value* id = retry ? find_member(*retry, "id") : nullptr;
    if (id == nullptr) continue;
    const std::vector<const Value*> chain = chain_before(t, k);
    for (std::size_t i = 0; i < chain.size(); ++i) {
      const Value* earlier = find_member(*chain[i], "id");
      if (earlier == nullptr || !json_equal(*earlier, *id)) continue;
      CheckFailure f =
          failure("the retry after our InputRequiredResult of round " + std::to_string(chain.size()) +
                      " has the id " + abbreviate_utf8(to_json(*id), 80) + " of " +
                      (i + 1 == chain.size() ? std::string("the original request")
                                             : "the retry of round " + std::to_string(chain.size() - i - 1)) +
                      "; every retry is a new request with an id of its own",
                  "/id", retry);
      f.requirement = "MRTR-RETRY-NEW-ID";
      return f;
    }
  }
  return std::nullopt;
}

// MRTR-STATE-SCOPED: "Both the `inputRequests` and `requestState` fields affect only the client's
// retry of the original request. They MUST NOT be used for any other request". A request that
// carries requestState or inputResponses and is no retry (the next request of the method after
// one of our InputRequiredResults, with the same tool) uses them elsewhere.
std::optional<CheckFailure> state_scoped(const ModernClientTranscript& t) {
  std::set<const Value*> retries;
  for (const RetryExchange& e : t.exchanges)
    if (e.retry != nullptr) retries.insert(e.retry);
  for (const Value* m : t.sut_messages) {
    if (!is_request(*m) || retries.contains(m)) continue;
    const Value* params = find_member(*m, "params");
    if (params == nullptr || !params->IsObject()) continue;
    for (const char* member : {"requestState", "inputResponses"}) {
      if (find_member(*params, member) == nullptr) continue;
      CheckFailure f =
          failure("the client's " + abbreviate_utf8(method_of(*m), 80) + " request carries " + member +
                      ", but it is no retry of a request we answered with an InputRequiredResult; "
                      "those fields belong to that retry alone",
                  std::string("/params/") + member, m);
      f.requirement = "MRTR-STATE-SCOPED";
      return f;
    }
  }
  // A retry of a request that is no request of the chain: another tool's call with the state.
  for (const RetryExchange& e : t.exchanges) {
    if (e.retry == nullptr || e.original == nullptr) continue;
    const Value* params = find_member(*e.retry, "params");
    const Value* before = find_member(*e.original, "params");
    const Value* name = params && params->IsObject() ? find_member(*params, "name") : nullptr;
    const Value* was = before && before->IsObject() ? find_member(*before, "name") : nullptr;
    if (name != nullptr && was != nullptr && !json_equal(*name, *was)) {
      CheckFailure f = failure("the client's tools/call of " + abbreviate_utf8(to_json(*name), 80) +
                                   " carries the inputResponses and requestState of its call of " +
                                   abbreviate_utf8(to_json(*was), 80) + "; they belong to that call's retry",
                               "/params/name", e.retry);
      f.requirement = "MRTR-STATE-SCOPED";
      return f;
    }
  }
  return std::nullopt;
}

// A key of the retry's inputResponses that no input request of the round had: the inputs a
// client constructs are the requested ones (a response the server did not ask for, such as one
// kept from an earlier round, answers nothing).
std::optional<CheckFailure> unrequested_responses(const ModernClientTranscript& t) {
  for (const RetryExchange& e : t.exchanges) {
    if (e.retry == nullptr) continue;
    const Value* result = find_member(*e.input_required, "result");
    const Value* asked = result ? find_member(*result, "inputRequests") : nullptr;
    const Value* params = find_member(*e.retry, "params");
    const Value* answers = params && params->IsObject() ? find_member(*params, "inputResponses") : nullptr;
    if (answers == nullptr || !answers->IsObject()) continue;
    for (auto it = answers->MemberBegin(); it != answers->MemberEnd(); ++it) {
      const std::string key(it->name.GetString(), it->name.GetStringLength());
      const bool requested = asked && asked->IsObject() && find_member(*asked, key) != nullptr;
      if (!requested) {
        return failure("the retry answers input request \"" + abbreviate_utf8(key, 80) +
                           "\", which the InputRequiredResult it follows did not ask for",
                       "/params/inputResponses", e.retry);
      }
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> capability_each_request(const ModernClientTranscript& t) {
  if (!t.asked_capability) return std::nullopt;
  ElicitationCapability asked;
  if (*t.asked_capability != nullptr)
    asked = parse_elicitation_capability(*t.asked_capability, t.revision, "").capability;
  for (const Value* m : t.sut_messages) {
    if (!is_request(*m)) continue;
    RequestMetaParse parsed = parse_request_meta(find_member(*m, "params"), t.revision, "/params");
    // A request without the capabilities object at all is meta-required's finding.
    if (parsed.meta.client_capabilities == nullptr) continue;
    const ElicitationCapability& got = parsed.meta.elicitation;
    if (got.declared != asked.declared || got.form != asked.form || got.url != asked.url) {
      return failure("the client's " + abbreviate_utf8(method_of(*m), 80) +
                         " request declares elicitation \"" + got.describe() +
                         "\" in _meta; the client supports \"" + asked.describe() +
                         "\" (ELICIT_CONFORM_CAPABILITIES), which every request must declare",
                     "/params/_meta", m);
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> discover_first(const ModernClientTranscript& t) {
  for (const Value* m : t.sut_messages) {
    if (!is_request(*m)) continue;
    if (method_of(*m) == kServerDiscover) return std::nullopt;
    return failure("the client's first request is " + abbreviate_utf8(method_of(*m), 80) +
                       ", not the server/discover probe",
                   "/method", m);
  }
  return failure("the client sent no request", "", nullptr);
}

// ERA-CACHE (versioning.mdx): "Clients SHOULD cache the result for the lifetime of the server
// process (stdio) or origin (HTTP)". Judged in cases whose server answers every request (no error,
// which is what may justify probing again): a second server/discover is the era asked again.
std::optional<CheckFailure> probe_once(const ModernClientTranscript& t) {
  bool probed = false;
  for (const Value* m : t.sut_messages) {
    if (!is_request(*m) || method_of(*m) != kServerDiscover) continue;
    if (probed) {
      return failure(
          "the client probed with server/discover again, though every request since its first probe was "
          "answered without error (\"Clients SHOULD cache the result for the lifetime of the server process "
          "(stdio) or origin (HTTP)\")",
          "/method", m);
    }
    probed = true;
  }
  return std::nullopt;
}

// JSONRPC-NO-RESPONSE-TO-NOTIFICATION on this wire (basic.mdx, Notifications): "The receiver
// MUST NOT send a response." The server sends the client no request here, so no response of the
// client answers one. A response whose id is the key of an input request we sent is an
// ElicitResult sent the 2025 way, which is no-legacy-elicitation's finding (SUPPORT-MESSAGE-PATTERNS);
// any other answers a notification (or nothing at all), whatever id it borrows.
std::optional<CheckFailure> no_response_to_notification(const ModernClientTranscript& t) {
  std::set<std::string> input_keys;
  for (const RetryExchange& e : t.exchanges) {
    const Value* result = e.input_required ? find_member(*e.input_required, "result") : nullptr;
    const Value* asked = result && result->IsObject() ? find_member(*result, "inputRequests") : nullptr;
    if (asked == nullptr || !asked->IsObject()) continue;
    for (auto it = asked->MemberBegin(); it != asked->MemberEnd(); ++it)
      input_keys.emplace(it->name.GetString(), it->name.GetStringLength());
  }
  for (const Value* m : t.sut_messages) {
    if (!m->IsObject() || has_member(*m, "method")) continue;
    const Value* id = find_member(*m, "id");
    if (id == nullptr && !has_member(*m, "result") && !has_member(*m, "error")) continue;  // no response
    if (id != nullptr && id->IsString() &&
        input_keys.contains(std::string(id->GetString(), id->GetStringLength())))
      continue;
    CheckFailure f =
        failure("the client sent a response" +
                    (id != nullptr ? " with id " + abbreviate_utf8(to_json(*id), 80) : std::string()) +
                    ", which answers no request: on this wire the server sends the client none, only "
                    "notifications, and \"The receiver MUST NOT send a response.\"",
                id != nullptr ? "/id" : "", m);
    f.requirement = "JSONRPC-NO-RESPONSE-TO-NOTIFICATION";
    return f;
  }
  return std::nullopt;
}

// Streamable HTTP, "Protocol Version Header": "Every POST request to the MCP endpoint MUST include
// an MCP-Protocol-Version header." and "The header value MUST match the
// io.modelcontextprotocol/protocolVersion field carried in the request body's _meta."
// `match`: judge the second sentence (a missing header is the first's finding).
std::optional<CheckFailure> version_headers(const ModernClientTranscript& t, bool match) {
  for (std::size_t i = 0; i < t.sut_messages.size() && i < t.version_headers.size(); ++i) {
    const Value* m = t.sut_messages[i];
    if (!is_request(*m)) continue;
    const std::optional<std::string>& header = t.version_headers[i];
    if (!match) {
      if (!header) {
        return failure(
            "the POST of the client's " + abbreviate_utf8(method_of(*m), 80) +
                " request has no MCP-Protocol-Version header; \"Every POST request to the MCP endpoint "
                "MUST include an MCP-Protocol-Version header.\"",
            "", m);
      }
      continue;
    }
    RequestMetaParse parsed = parse_request_meta(find_member(*m, "params"), t.revision, "/params");
    if (!header || parsed.meta.protocol_version.empty()) continue;  // the other checks' findings
    if (*header != parsed.meta.protocol_version) {
      return failure("the POST of the client's " + abbreviate_utf8(method_of(*m), 80) +
                         " request says MCP-Protocol-Version \"" + abbreviate_utf8(*header, 80) +
                         "\", its _meta names \"" + abbreviate_utf8(parsed.meta.protocol_version, 80) +
                         "\"; \"The header value MUST match the io.modelcontextprotocol/protocolVersion "
                         "field carried in "
                         "the request body's _meta.\"",
                     "/params/_meta", m);
    }
  }
  return std::nullopt;
}

std::optional<CheckFailure> meta_required(const ModernClientTranscript& t) {
  return meta_findings(t, {"META-REQUIRED-FIELDS"}, Level::Must);
}

std::optional<CheckFailure> meta_client_info(const ModernClientTranscript& t) {
  return meta_findings(t, {"META-CLIENT-INFO"}, Level::Should);
}

std::optional<CheckFailure> retry_new_id(const ModernClientTranscript& t) {
  if (auto f = retry_findings(t, {"MRTR-RETRY-NEW-ID"})) return f;
  return retry_ids_new_in_chain(t);
}

std::optional<CheckFailure> retry_state_echoed(const ModernClientTranscript& t) {
  return retry_findings(t, {"MRTR-CLIENT-ECHO-STATE", "MRTR-CLIENT-NO-INVENTED-STATE"});
}

std::optional<CheckFailure> retry_inputs_complete(const ModernClientTranscript& t) {
  if (auto f = retry_findings(t, {"MRTR-CLIENT-CONSTRUCT-INPUTS"})) return f;
  return unrequested_responses(t);
}

std::optional<CheckFailure> retry_content_valid(const ModernClientTranscript& t) {
  return retry_findings(t, {"CLIENT-VALIDATE-CONTENT"});
}

std::optional<CheckFailure> no_legacy_elicitation(const ModernClientTranscript& t) {
  return ec::no_legacy_elicitation(Role::Client, t.revision, t.sut_messages);
}

std::optional<CheckFailure> http_version_header(const ModernClientTranscript& t) {
  return version_headers(t, false);
}

std::optional<CheckFailure> http_version_header_match(const ModernClientTranscript& t) {
  return version_headers(t, true);
}

}  // namespace modern_client_check

bool is_modern_client_check(std::string_view name) {
  const CheckEntry* entry = find_check(name);
  return entry != nullptr && entry->modern_client != nullptr;
}

std::optional<CheckFailure> run_modern_client_check(std::string_view name, const ModernClientTranscript& t) {
  const CheckEntry* entry = find_check(name);
  if (entry == nullptr || entry->modern_client == nullptr) return std::nullopt;
  return entry->modern_client(t);
}

}  // namespace ec
