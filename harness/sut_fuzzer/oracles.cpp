#include "sut_fuzzer/oracles.h"

#include <algorithm>

#include "core/json.h"
#include "core/json_pointer.h"
#include "core/utf8.h"
#include "schema/content_validator.h"
#include "schema/message_check.h"
#include "schema/requested_schema.h"
#include "schema/schema_diff.h"
#include "schema/security_heuristics.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "spec/requirements.h"
#include "spec/revision.h"

namespace ec {
namespace {

using rapidjson::Value;

rapidjson::Document as_request(const Value& params) {
  rapidjson::Document d(rapidjson::kObjectType);
  auto& a = d.GetAllocator();
  d.AddMember("jsonrpc", "2.0", a);
  d.AddMember("id", 1, a);
  d.AddMember("method", "elicitation/create", a);
  d.AddMember("params", Value(params, a), a);
  return d;
}

}  // namespace

bool is_jsonrpc(const Diagnostic& d) {
  return d.requirement.starts_with("JSONRPC-") || d.check.starts_with("json.");
}

FuzzFinding finding_from(std::string oracle, const Diagnostic& d, std::string detail) {
  return FuzzFinding{std::move(oracle), d.check + " " + normalise_pointer(d.pointer), d.requirement, d.level,
                     std::move(detail) + ": " + d.check + " at " + d.pointer + ": " + d.message};
}

std::string normalise_pointer(const std::string& pointer) {
  std::string out;
  std::string previous;
  std::size_t at = 0;
  while (at < pointer.size()) {
    std::size_t next = pointer.find('/', at + 1);
    if (next == std::string::npos) next = pointer.size();
    std::string token = pointer.substr(at + 1, next - at - 1);
    const bool index = !token.empty() && token.find_first_not_of("0123456789") == std::string::npos;
    // The SUT's names (fields, its keys of inputRequests and ours of inputResponses) and indices.
    if (index || previous == "properties" || previous == "content" || previous == "required" ||
        previous == "inputRequests" || previous == "inputResponses")
      token = "*";
    out += "/" + token;
    previous = token;
    at = next;
  }
  return out;
}

FuzzFinding silence_finding(std::string_view who, std::string_view method,
                            std::chrono::milliseconds timeout) {
  return {"silence", std::string(method), "JSONRPC-SPEC", Level::Must,
          "the " + std::string(who) + " sent nothing within " + std::to_string(timeout.count()) +
              " ms while a request was open"};
}

FuzzFinding crash_finding(std::string_view who, const std::optional<ExitInfo>& exit,
                          std::string_view closed) {
  const std::string how = !exit                                  ? "closed " + std::string(closed)
                          : exit->how == ExitInfo::How::Signaled ? "signal " + std::to_string(exit->code)
                                                                 : "exit";
  return {"crash", how, "JSONRPC-SPEC", Level::Must,
          "the " + std::string(who) + " ended the session (" +
              (exit ? exit->describe() : std::string(closed) + " closed") + ")"};
}

FuzzFinding reused_id_finding(const std::string& id, const std::string& method) {
  return {"reused-request-id", "id " + method, "JSONRPC-ID-UNIQUE", Level::Must,
          "the server sent " + method + " with request id " + abbreviate_utf8(id, 80) +
              ", which it had used for an earlier request of the session"};
}

std::vector<FuzzFinding> jsonrpc_findings(const std::string& line, Revision revision) {
  MessageCheckOptions o;
  o.revision = revision;
  std::vector<FuzzFinding> out;
  for (const Diagnostic& d : check_message_bytes(line, o).diagnostics)
    if (d.level == Level::Must && is_jsonrpc(d))
      out.push_back(finding_from("invalid-jsonrpc", d, "the SUT sent a message that is not valid JSON-RPC"));
  return out;
}

Diagnostics request_diagnostics(const Value& params, Revision revision) {
  MessageCheckOptions o;
  o.revision = revision;
  Diagnostics out;
  for (Diagnostic& d : check_message(as_request(params), o).diagnostics)
    if ((d.level == Level::Must || d.level == Level::Should) && d.check != kServerRequestCheck)
      out.push_back(std::move(d));
  return out;
}

std::string mode_of_params(const Value& params) {
  const Value* mode = params.IsObject() ? find_member(params, "mode") : nullptr;
  if (mode == nullptr) return "form";
  if (!mode->IsString()) return "";
  const std::string m = mode->GetString();
  return m == "form" || m == "url" ? m : "";
}

namespace {

bool under_asked_field(const std::string& pointer, const Value* asked_properties) {
  if (asked_properties == nullptr || !asked_properties->IsObject()) return false;
  for (auto it = asked_properties->MemberBegin(); it != asked_properties->MemberEnd(); ++it) {
    const std::string field =
        pointer_append("/content", std::string_view(it->name.GetString(), it->name.GetStringLength()));
    if (pointer == field || pointer.starts_with(field + "/")) return true;
  }
  return false;
}

}  // namespace

Diagnostics elicit_result_diagnostics(const Value& reply, const Value& params, Revision revision) {
  // As schema/message_check.cpp check_result applies them to a result.
  const std::optional<ElicitRequest> request = parse_elicit_request(params, revision, "").request;
  std::optional<Mode> mode;
  if (request) mode = request->mode;
  ElicitResultParse parsed = parse_elicit_result(reply, revision, mode, "");
  Diagnostics out = std::move(parsed.diagnostics);
  if (parsed.result && request && request->requested_schema != nullptr && parsed.result->content != nullptr &&
      parsed.result->action == Action::Accept) {
    SchemaCheck schema = check_requested_schema(*request->requested_schema, revision, "");
    for (Diagnostic& d : validate_content(schema.schema, *parsed.result->content, "/content", ContentRules{}))
      out.push_back(std::move(d));
  }
  return out;
}

namespace {

// The action of a reply the checker finds nothing in (no finding of any level, as an answer to an
// elicitation/create with `params`), or "": only such a reply has one meaning a server must keep.
// One finding is allowed: content beside a decline or cancel. The action still says what the user
// did, as the corpus's server.actions.*-with-content-is-not-accept cases hold servers to.
std::string valid_reply_action(const Value& reply, const Value& params, Revision revision) {
  const Value* action = reply.IsObject() ? find_member(reply, "action") : nullptr;
  if (!action || !action->IsString()) return "";
  if (features(revision).modern_wire) {
    // An ElicitResult is a value of inputResponses there, no JSON-RPC result: judged as such.
    const Diagnostics d = elicit_result_diagnostics(reply, params, revision);
    if (std::any_of(d.begin(), d.end(), [](const Diagnostic& x) {
          return x.level != Level::Info && x.check != "result.content-without-accept";
        }))
      return "";
    return action->GetString();
  }
  rapidjson::Document response;
  response.SetObject();
  auto& a = response.GetAllocator();
  response.AddMember("jsonrpc", "2.0", a).AddMember("id", 1, a).AddMember("result", Value(reply, a), a);
  MessageCheckOptions o;
  o.revision = revision;
  o.answered_request_params = &params;
  const Diagnostics d = check_message(response, o).diagnostics;
  if (std::any_of(d.begin(), d.end(), [](const Diagnostic& x) {
        return x.level != Level::Info && x.check != "result.content-without-accept";
      }))
    return "";
  return action->GetString();
}

}  // namespace

std::vector<FuzzFinding> server_result_findings(const Value& tool_response, const Value& sent_params,
                                                const Value& asked_params, const Value& reply,
                                                Revision revision) {
  // Only a schema in the subset has one meaning to validate against.
  if (has_level(request_diagnostics(sent_params, revision), Level::Must)) return {};
  // Content answers a form: a URL-mode request's stray requestedSchema asks for nothing (found
  // against the TypeScript SDK: an accept of a URL elicitation called invalid content).
  if (mode_of_params(sent_params) != "form") return {};
  const Value* result = find_member(tool_response, "result");
  if (!result || !result->IsObject()) return {};
  const Value* is_error = find_member(*result, "isError");
  if (is_error && is_error->IsBool() && is_error->GetBool()) return {};
  const Value* content = find_member(*result, "content");
  if (!content || !content->IsArray() || content->Empty() || !(*content)[0].IsObject()) return {};
  const Value* text = find_member((*content)[0], "text");
  if (!text || !text->IsString()) return {};
  ParsedJson reported = parse_json(std::string_view(text->GetString(), text->GetStringLength()));
  if (!reported.ok() || !reported.document.IsObject()) return {};
  const Value* action = find_member(reported.document, "action");
  const std::string sent_action = valid_reply_action(reply, sent_params, revision);
  if (!sent_action.empty() && action && action->IsString() && sent_action != action->GetString()) {
    // The reported action is the SUT's text: the signature (deduplication, the terminal) names one
    // of the three actions or "other"; the detail quotes it bounded and JSON-escaped.
    const std::string_view said(action->GetString(), action->GetStringLength());
    const bool known = said == "accept" || said == "decline" || said == "cancel";
    return {FuzzFinding{"misreported-action",
                        "action " + sent_action + " -> " + (known ? std::string(said) : "other"),
                        "SERVER-HANDLE-ACTIONS", Level::Should,
                        "the server's tool reported action " + abbreviate_utf8(to_json(*action), 80) +
                            " for an elicitation the harness answered with a valid \"" + sent_action + "\""}};
  }
  const Value* got = find_member(reported.document, "content");
  const Value* schema = find_member(sent_params, "requestedSchema");
  if (!action || !action->IsString() || std::string_view(action->GetString()) != "accept" || !got || !schema)
    return {};
  SchemaCheck model = check_requested_schema(*schema, revision, "");
  std::vector<FuzzFinding> out;
  const Value* asked_schema = find_member(asked_params, "requestedSchema");
  const Value* asked_properties =
      asked_schema && asked_schema->IsObject() ? find_member(*asked_schema, "properties") : nullptr;
  for (const Diagnostic& d : validate_content(model.schema, *got, "/content",
                                              ContentRules{"SERVER-VALIDATE-CONTENT", Level::Should})) {
    if (d.level != Level::Should && d.level != Level::Must) continue;
    // "/content/<field>/...": a field the tool was not asked for is not judged (see the header);
    // a finding about the content as a whole ("/content") is.
    if (d.pointer != "/content" && !under_asked_field(d.pointer, asked_properties)) continue;
    out.push_back(
        finding_from("accepted-invalid-content", d,
                     "the server's tool reported as accepted content that breaks the schema it sent"));
  }
  return out;
}

std::vector<FuzzFinding> server_request_findings(const Value& asked_params, const Value& sent_request,
                                                 const ElicitationCapability& declared, Revision revision) {
  std::vector<FuzzFinding> out;
  const Value* sent = find_member(sent_request, "params");
  // Whatever its tool was asked for: a mode the client did not declare (or that the revision
  // does not have: 2025-06-18 reads any capability as form) is no request to send at all.
  const std::string mode = sent != nullptr ? mode_of_params(*sent) : "";
  if (!mode.empty() && !declared.supports(mode == "url" ? Mode::Url : Mode::Form)) {
    const bool revision_has_it = mode != "url" || features(revision).url_mode;
    // On the modern wire a request that declares no elicitation at all has a rule of its own.
    // So does a 2025 session that negotiated no elicitation: "Only use capabilities that were
    // successfully negotiated".
    const char* rule = !revision_has_it ? "LIFECYCLE-RESPECT-VERSION"
                       : !declared.declared
                           ? (features(revision).modern_wire ? "MRTR-NO-UNDECLARED-ELICITATION"
                                                             : "LIFECYCLE-NEGOTIATED-ONLY")
                           : "SERVER-MODE-DECLARED";
    out.push_back(FuzzFinding{
        "undeclared-mode", "mode " + mode, rule, Level::Must,
        "the server sent a " + mode + "-mode elicitation/create to a client that declared " +
            declared.describe() +
            (revision_has_it
                 ? ""
                 : " in a " + std::string(to_string(revision)) + " session, which has no URL mode")});
    return out;
  }
  if (has_level(request_diagnostics(asked_params, revision), Level::Must)) return out;
  MessageCheckOptions o;
  o.revision = revision;
  for (const Diagnostic& d : check_message(sent_request, o).diagnostics)
    if (d.level == Level::Must && !is_jsonrpc(d) && d.check != kServerRequestCheck)
      out.push_back(finding_from("broke-valid-request", d,
                                 "asked for valid params, the server sent an invalid elicitation/create"));
  if (!out.empty()) return out;
  if (sent == nullptr || !sent->IsObject()) return out;
  const Value* asked_schema = find_member(asked_params, "requestedSchema");
  const Value* sent_schema = find_member(*sent, "requestedSchema");
  std::vector<SchemaDifference> differences;
  if (asked_schema != nullptr && sent_schema != nullptr)
    differences = compare_requested_schema(*asked_schema, *sent_schema);
  for (const SchemaDifference& d : differences) {
    if (d.kind != SchemaDifference::Kind::Validity) continue;
    out.push_back(FuzzFinding{
        "altered-schema", "schema " + normalise_pointer(d.pointer), "FORM-REQUESTED-SCHEMA", Level::Must,
        "the server sent a requestedSchema other than its tool was asked for: requestedSchema" + d.pointer +
            ": " + d.message});
    return out;  // one per input: the first difference names the rewrite
  }
  const Diagnostics asked_flags = security_findings(asked_params, "/params", revision);
  for (const Diagnostic& d : security_findings(*sent, "/params", revision)) {
    const bool asked_too = std::any_of(asked_flags.begin(), asked_flags.end(), [&](const Diagnostic& a) {
      return a.check == d.check && a.pointer == d.pointer;
    });
    if (asked_too) continue;
    FuzzFinding f = finding_from("added-sensitive-field", d,
                                 "the server's elicitation asks for more than its tool was asked to");
    out.push_back(std::move(f));
    return out;
  }
  // The SHOULD half: a schema no answer can satisfy where the tool asked for one that can be, and
  // the titles and descriptions that guide the user (the corpus's schema-satisfiable and
  // titles-reach-the-client cases).
  const Diagnostics asked_problems = request_diagnostics(asked_params, revision);
  for (const Diagnostic& d : request_diagnostics(*sent, revision)) {
    if (d.requirement != "FORM-SCHEMA-CONSISTENT") continue;
    const bool asked_too =
        std::any_of(asked_problems.begin(), asked_problems.end(),
                    [&](const Diagnostic& a) { return a.check == d.check && a.pointer == d.pointer; });
    if (asked_too) continue;
    out.push_back(
        finding_from("inconsistent-schema", d,
                     "asked for a schema an answer can satisfy, the server sent one that none can"));
    return out;
  }
  // No Validity difference is left: only what the user reads changed. A display keyword where no
  // client shows it (enumNames on the form itself, a mutation's leftover) guides no one: tmcp drops
  // it, rightly.
  const auto shown = std::find_if(differences.begin(), differences.end(), [](const SchemaDifference& d) {
    return d.pointer.starts_with("/properties/") || d.pointer == "/title" || d.pointer == "/description";
  });
  if (shown != differences.end()) {
    const SchemaDifference& d = *shown;
    out.push_back(FuzzFinding{
        "altered-guidance", "schema " + normalise_pointer(d.pointer), "FORM-SCHEMA-GUIDANCE", Level::Should,
        "the server sent other titles or descriptions than its tool was asked for: requestedSchema" +
            d.pointer + ": " + d.message});
  }
  return out;
}

namespace {

// What client_answer_findings finds, before the rules are matched to the revision.
std::vector<FuzzFinding> client_answer_findings_any(const Value& params, const Value& response,
                                                    const ElicitationCapability& declared,
                                                    Revision revision) {
  const Diagnostics problems = request_diagnostics(params, revision);
  const std::string mode = mode_of_params(params);
  const bool undeclared = !mode.empty() && !declared.supports(mode == "url" ? Mode::Url : Mode::Form);
  const auto broken = std::find_if(problems.begin(), problems.end(), [](const Diagnostic& d) {
    return d.level == Level::Must && !is_jsonrpc(d);
  });
  const bool has_result = has_member(response, "result");
  const bool has_error = has_member(response, "error");
  std::vector<FuzzFinding> out;
  if (has_result && !has_error) {
    if (broken != problems.end()) {
      // The server broke a MUST; what the client does with it no sentence says (Error Handling's
      // MUST list names an undeclared mode only). As the corpus's client.invalid-params.* cases,
      // the finding is robustness: its replay case is NOTE, never a failure.
      FuzzFinding f = finding_from("accepted-invalid-request", *broken,
                                   "the client answered an invalid elicitation/create with a result");
      f.requirement = "CLIENT-ERR-STANDARD";
      f.level = Level::Should;
      f.robustness = true;
      return {f};
    }
    if (undeclared) {
      return {FuzzFinding{
          "accepted-undeclared-mode", "mode " + mode, "CLIENT-ERR-UNSUPPORTED-MODE", Level::Must,
          "the client answered a " + mode + "-mode elicitation/create it did not declare with a result"}};
    }
    MessageCheckOptions o;
    o.revision = revision;
    o.answered_request_params = &params;
    for (const Diagnostic& d : check_message(response, o).diagnostics) {
      if (d.requirement == "CLIENT-VALIDATE-CONTENT" && d.level != Level::Info)
        out.push_back(finding_from("invalid-content", d,
                                   "the client accepted with content that breaks the requested schema"));
      else if ((d.level == Level::Must || d.level == Level::Should) && !is_jsonrpc(d))
        out.push_back(
            finding_from("invalid-result", d, "the client's ElicitResult breaks a rule of the result"));
    }
    return out;
  }
  if (!has_error || has_result) return out;
  if (broken != problems.end() || undeclared) {
    const Value* error = find_member(response, "error");
    const Value* code = error && error->IsObject() ? find_member(*error, "code") : nullptr;
    if (code && code->IsInt64() && code->GetInt64() == -32602) return out;
    const std::string got = code && code->IsInt64() ? std::to_string(code->GetInt64()) : "other";
    // Error Handling names -32602 for a mode the client did not declare; for other invalid params
    // JSON-RPC defines -32602 but binds no one to it (client.invalid-params.code-is-32602).
    FuzzFinding f{
        "error-code", "error.code " + got,
        broken != problems.end() ? "CLIENT-ERR-STANDARD" : "CLIENT-ERR-UNSUPPORTED-MODE", Level::Must,
        "the client refused " +
            (broken != problems.end() ? "an invalid elicitation/create (" + broken->check + ")"
                                      : "a " + mode + "-mode elicitation/create it did not declare") +
            " with error code " + (code ? abbreviate_utf8(to_json(*code), 40) : "(none)") +
            ", not -32602 (Invalid params)"};
    if (broken != problems.end()) {
      f.level = Level::Should;
      f.robustness = true;
    }
    out.push_back(std::move(f));
    return out;
  }
  if (problems.empty() && !mode.empty()) {
    out.push_back(FuzzFinding{"refused-valid-request", "mode " + mode, "CAPABILITY-NEGOTIATION", Level::Must,
                              "the client answered a valid " + mode +
                                  "-mode elicitation/create in a mode it declared with an error"});
  }
  return out;
}

}  // namespace

// A finding cites a rule of its revision: its replay case is a case of that revision, which does
// not load when it cites a key the revision's catalog lacks. The rules of a client's answer
// (CLIENT-ERR-STANDARD, CLIENT-ERR-UNSUPPORTED-MODE, CAPABILITY-NEGOTIATION) came with 2025-11-25;
// 2025-06-18 says nothing about how a client refuses an elicitation, so there is nothing to find.
std::vector<FuzzFinding> client_answer_findings(const Value& params, const Value& response,
                                                const ElicitationCapability& declared, Revision revision) {
  std::vector<FuzzFinding> out = client_answer_findings_any(params, response, declared, revision);
  std::erase_if(out,
                [&](const FuzzFinding& f) { return find_requirement(f.requirement, revision) == nullptr; });
  return out;
}

namespace {

// A scripted answer's action as the client's user interface reads it: an unknown one is a cancel
// (the reference client's reading, and the contract's once the script runs out).
std::string user_action(const Value& entry) {
  const Value* action = entry.IsObject() ? find_member(entry, "action") : nullptr;
  const std::string said = action && action->IsString() ? action->GetString() : "";
  return said == "accept" || said == "decline" ? said : "cancel";
}

// Whether a client given scripted answer `entry` may have sent `result`: the user's action, or,
// for an accept, the cancel of a client whose form would not validate and could not be submitted.
// An accept may come back as a cancel only for a form, which a client may not submit (content that
// does not fit it); a URL-mode accept has nothing to submit.
bool result_consistent_with(const Value& entry, const Value& result, const std::string& mode) {
  const std::string said = user_action(entry);
  const Value* action = result.IsObject() ? find_member(result, "action") : nullptr;
  const std::string_view sent = action && action->IsString() ? action->GetString() : "";
  return sent == said || (said == "accept" && sent == "cancel" && mode == "form");
}

}  // namespace

std::vector<FuzzFinding> client_user_findings(const Value& params, const Value& result,
                                              const std::vector<const Value*>& user,
                                              const ElicitationCapability& declared, Revision revision) {
  if (user.empty() || !result.IsObject()) return {};
  if (has_level(request_diagnostics(params, revision), Level::Must)) return {};
  const std::string mode = mode_of_params(params);
  if (mode.empty() || !declared.supports(mode == "url" ? Mode::Url : Mode::Form)) return {};
  const Value* action = find_member(result, "action");
  if (!action || !action->IsString()) return {};  // a malformed result: invalid-result's business
  const std::string_view sent(action->GetString(), action->GetStringLength());
  const bool explained = std::any_of(user.begin(), user.end(), [&](const Value* entry) {
    return result_consistent_with(*entry, result, mode);
  });
  if (!explained) {
    const std::string said = user_action(*user.front());
    const bool agreed = std::all_of(user.begin(), user.end(),
                                    [&](const Value* entry) { return user_action(*entry) == said; });
    const bool known = sent == "accept" || sent == "decline" || sent == "cancel";
    return {FuzzFinding{
        "altered-action",
        "user " + (agreed ? said : std::string("mixed")) + " -> " + (known ? std::string(sent) : "other"),
        "RESULT-ACTION", Level::Must,
        "the client answered with action " + abbreviate_utf8(to_json(*action), 80) +
            " where its scripted user " +
            (agreed ? "answered \"" + said + "\"" : "gave one of several answers, none of them that")}};
  }
  if (!features(revision).defaults_on_all_primitives || mode != "form" || sent != "accept") return {};
  const bool untouched = std::all_of(user.begin(), user.end(), [](const Value* entry) {
    return user_action(*entry) == "accept" && find_member(*entry, "content") == nullptr;
  });
  const Value* schema = untouched ? find_member(params, "requestedSchema") : nullptr;
  const Value* properties = schema && schema->IsObject() ? find_member(*schema, "properties") : nullptr;
  if (properties == nullptr || !properties->IsObject()) return {};
  const Value* content = find_member(result, "content");
  for (auto it = properties->MemberBegin(); it != properties->MemberEnd(); ++it) {
    const Value* wanted = it->value.IsObject() ? find_member(it->value, "default") : nullptr;
    if (wanted == nullptr) continue;
    const std::string_view name(it->name.GetString(), it->name.GetStringLength());
    const Value* got = content && content->IsObject() ? find_member(*content, name) : nullptr;
    if (got != nullptr && json_equal(*got, *wanted)) continue;
    return {FuzzFinding{"ignored-defaults", "content.default /content/*", "CLIENT-DEFAULTS-PREFILL",
                        Level::Should,
                        "the user accepted the form untouched and the client sent " +
                            (got ? abbreviate_utf8(to_json(*got), 80) : std::string("nothing")) + " for " +
                            abbreviate_utf8(to_json(it->name), 80) + ", whose default is " +
                            abbreviate_utf8(to_json(*wanted), 80)}};
  }
  return {};
}

namespace {

FuzzFinding handshake(const std::string& rule, std::string detail) {
  return {"handshake", rule, rule, Level::Must, std::move(detail)};
}

std::string method_of(const Value& message) {
  const Value* method = message.IsObject() ? find_member(message, "method") : nullptr;
  return method && method->IsString() ? method->GetString() : "";
}

}  // namespace

std::vector<FuzzFinding> client_handshake_findings(const std::vector<const Value*>& messages,
                                                   const std::string& told, Revision revision) {
  std::vector<FuzzFinding> out;
  const Value* initialize = nullptr;
  bool initialized = false;
  for (const Value* m : messages) {
    const std::string method = method_of(*m);
    if (method == "initialize") {
      if (initialize == nullptr) initialize = m;
    } else if (method == "notifications/initialized") {
      initialized = true;
    } else if (initialize == nullptr && has_member(*m, "id") && !method.empty() && method != "ping") {
      if (out.empty() || out.back().signature != "LIFECYCLE-INITIALIZE-FIRST")
        out.push_back(handshake("LIFECYCLE-INITIALIZE-FIRST",
                                "the client sent " +
                                    abbreviate_utf8(to_json(*find_member(*m, "method")), 80) +
                                    " before initialize"));
    }
  }
  if (initialize == nullptr) return out;  // the session did not start: the campaign says so
  const Value* params = find_member(*initialize, "params");
  const Value* version = params && params->IsObject() ? find_member(*params, "protocolVersion") : nullptr;
  if (!version || !version->IsString() || !is_protocol_version(version->GetString()))
    out.push_back(handshake("LIFECYCLE-CLIENT-VERSION",
                            "the client asked for protocolVersion " +
                                (version ? abbreviate_utf8(to_json(*version), 80) : std::string("(none)")) +
                                " in initialize, which is no protocol version"));
  const Value* caps = params && params->IsObject() ? find_member(*params, "capabilities") : nullptr;
  const Value* elicitation = caps && caps->IsObject() ? find_member(*caps, "elicitation") : nullptr;
  if (elicitation == nullptr && told != "none") {
    out.push_back(
        handshake("CAPABILITY-DECLARE", "the client was told to declare the elicitation capability " +
                                            abbreviate_utf8(told, 80) + " and declared none"));
  } else if (elicitation != nullptr) {
    for (const Diagnostic& d :
         parse_elicitation_capability(elicitation, revision, "/params/capabilities/elicitation")
             .diagnostics) {
      if (d.level != Level::Must) continue;
      out.push_back(handshake(d.requirement, "the client's elicitation capability " +
                                                 abbreviate_utf8(to_json(*elicitation), 80) + ": " +
                                                 d.message));
      break;
    }
  }
  if (!initialized)
    out.push_back(handshake("LIFECYCLE-INITIALIZED",
                            "the client called its tool without sending notifications/initialized first"));
  return out;
}

std::vector<FuzzFinding> server_handshake_findings(const Value& result) {
  const Value* version = result.IsObject() ? find_member(result, "protocolVersion") : nullptr;
  if (version && version->IsString() && is_protocol_version(version->GetString())) return {};
  return {handshake("LIFECYCLE-SERVER-VERSION",
                    "the server answered initialize with protocolVersion " +
                        (version ? abbreviate_utf8(to_json(*version), 80) : std::string("(none)")) +
                        ", which is no protocol version")};
}

namespace {

// A list a -32042 error may carry: URL-mode requests with an elicitationId and no MUST finding.
bool url_required_list_ok(const Value& asked, Revision revision) {
  if (!features(revision).url_elicitation_id || !asked.IsArray() || asked.Empty()) return false;
  return std::all_of(asked.Begin(), asked.End(), [&](const Value& entry) {
    const Value* eid = entry.IsObject() ? find_member(entry, "elicitationId") : nullptr;
    return eid && eid->IsString() && mode_of_params(entry) == "url" &&
           !has_level(request_diagnostics(entry, revision), Level::Must);
  });
}

}  // namespace

std::vector<FuzzFinding> server_url_required_findings(const Value& asked, const Value& response,
                                                      Revision revision) {
  const Value* error = find_member(response, "error");
  const Value* code = error && error->IsObject() ? find_member(*error, "code") : nullptr;
  // Entries that are valid params, in some mode: a server that lists what it was given breaks
  // nothing of its own when what it was given breaks a MUST (as broke-valid-request).
  const bool entries_valid =
      asked.IsArray() && std::all_of(asked.Begin(), asked.End(), [&](const Value& entry) {
        return !has_level(request_diagnostics(entry, revision), Level::Must);
      });
  if (code && code->IsInt64() && code->GetInt64() == kUrlElicitationRequired && entries_valid) {
    MessageCheckOptions o;
    o.revision = revision;
    for (const Diagnostic& d : check_message(response, o).diagnostics)
      if (d.level == Level::Must && !is_jsonrpc(d))
        return {finding_from("url-required-error", d, "the server's -32042 error breaks a rule of its own")};
    return {};
  }
  // A list the error may not carry is refused, any way the server likes.
  if (!url_required_list_ok(asked, revision) ||
      (code && code->IsInt64() && code->GetInt64() == kUrlElicitationRequired))
    return {};
  const Value* result = find_member(response, "result");
  return {FuzzFinding{
      "url-required-error", result ? "result" : "error.code", "SERVER-ERR-URL-REQUIRED", Level::Must,
      "the server's require_url, asked to require URL-mode elicitations it may list, answered with " +
          (result ? std::string("a result")
           : code ? "error code " + abbreviate_utf8(to_json(*code), 40)
                  : std::string("no error code")) +
          ", not error -32042"}};
}

std::vector<FuzzFinding> server_completion_findings(const Value& issued, const Value& response,
                                                    const std::vector<std::string>& sent, Revision revision) {
  // Only an id a valid URL-mode request issued is one a server completes (else it refuses, and a
  // minimised input must not drift into a request no server would issue).
  rapidjson::Document list(rapidjson::kArrayType);
  list.PushBack(Value(issued, list.GetAllocator()), list.GetAllocator());
  if (!url_required_list_ok(list, revision)) return {};
  const Value& elicitation_id = *find_member(issued, "elicitationId");
  const Value* result = find_member(response, "result");
  const Value* is_error = result && result->IsObject() ? find_member(*result, "isError") : nullptr;
  if (result == nullptr || (is_error && is_error->IsBool() && is_error->GetBool())) return {};  // refused
  const std::string asked = to_json(elicitation_id);
  for (const std::string& id : sent) {
    if (id == asked) continue;
    return {FuzzFinding{"completion-id", "elicitationId", "COMPLETE-ELICITATION-ID", Level::Must,
                        "asked to complete elicitation " + abbreviate_utf8(asked, 80) +
                            ", the server sent a completion for " +
                            (id.empty() ? std::string("no elicitationId") : abbreviate_utf8(id, 80))}};
  }
  return {};
}

}  // namespace ec
