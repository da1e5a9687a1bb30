#include "sut_fuzzer/modern_oracles.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "core/json.h"
#include "core/utf8.h"
#include "schema/message_check.h"
#include "spec/elicitation.h"
#include "spec/modern.h"
#include "spec/mrtr.h"

namespace ec {
namespace {

using rapidjson::Value;

// "/result/inputRequests/<key>/params..." : a diagnostic about an elicitation's own params.
bool about_elicitation_params(const std::string& pointer) {
  static constexpr std::string_view kMap = "/result/inputRequests/";
  if (!pointer.starts_with(kMap)) return false;
  const std::size_t key_end = pointer.find('/', kMap.size());
  return key_end != std::string::npos && pointer.compare(key_end, 7, "/params") == 0;
}

const Value* result_of(const Value& response) {
  const Value* result =
      response.IsObject() && !has_member(response, "method") ? find_member(response, "result") : nullptr;
  return result != nullptr && result->IsObject() ? result : nullptr;
}

const Value* error_code_of(const Value& response) {
  const Value* error = response.IsObject() ? find_member(response, "error") : nullptr;
  const Value* code = error && error->IsObject() ? find_member(*error, "code") : nullptr;
  return code != nullptr && code->IsInt64() ? code : nullptr;
}

bool is_tool_error(const Value& result) {
  const Value* e = find_member(result, "isError");
  return e != nullptr && e->IsBool() && e->GetBool();
}

// What the answer was, for a detail sentence: "a result (resultType \"complete\")", "error -32603".
std::string describe_answer(const Value& response) {
  if (const Value* code = error_code_of(response)) return "error " + std::to_string(code->GetInt64());
  const Value* result = result_of(response);
  if (result == nullptr) return "no result and no error";
  const Value* type = find_member(*result, "resultType");
  std::string text = "a result";
  if (type != nullptr) text += " (resultType " + abbreviate_utf8(to_json(*type), 40) + ")";
  if (is_tool_error(*result)) text += " with isError";
  return text;
}

}  // namespace

std::vector<FuzzFinding> modern_response_findings(const Value& request, const Value& response,
                                                  Revision revision, bool extensions_advertised) {
  std::vector<FuzzFinding> out;
  MessageCheckOptions o;
  o.revision = revision;
  o.answered_request = &request;
  const Value* method = find_member(request, "method");
  const std::string about =
      "the server's answer to " +
      (method && method->IsString() ? std::string(method->GetString()) : std::string("a request"));
  for (const Diagnostic& d : check_message(response, o).diagnostics) {
    if (is_jsonrpc(d) || about_elicitation_params(d.pointer)) continue;
    if (d.requirement == "MRTR-NO-UNDECLARED-ELICITATION" || d.requirement == "SERVER-MODE-DECLARED")
      continue;
    if (d.level == Level::Must) {
      out.push_back(finding_from("invalid-modern-result", d, about + " breaks a rule of the modern wire"));
    } else if (d.level == Level::Should &&
               (d.requirement == "META-SERVER-INFO" || d.requirement == "DISCOVER-SERVER-INFO")) {
      out.push_back(finding_from("missing-server-info", d, about + " does not name the server"));
    }
  }
  // basic.mdx: the set of resultType values "MUST be created from the set defined in the core
  // protocol and include any additional values of supported extensions that are advertised via
  // capabilities" (the corpus's result-types-core check).
  const Value* result = result_of(response);
  const Value* type = result ? find_member(*result, "resultType") : nullptr;
  if (type != nullptr && type->IsString() && !extensions_advertised) {
    const std::string_view value(type->GetString(), type->GetStringLength());
    if (value != kResultTypeComplete && value != kResultTypeInputRequired)
      out.push_back({"invalid-modern-result", "result.type-not-core /result/resultType", "RESULT-TYPE-SET",
                     Level::Must,
                     about + " has resultType " + abbreviate_utf8(to_json(*type), 80) +
                         ", no core value, and server/discover advertised no extensions that could add it"});
  }
  return out;
}

FuzzFinding server_request_finding(const Value& method, bool http) {
  const bool elicit = method.IsString() && std::string_view(method.GetString()) == kElicitCreate;
  // The signature names the method only when it is one the fuzzer expects (it is SUT text).
  const bool known = elicit || (method.IsString() && std::string_view(method.GetString()) == "ping");
  return {"server-request", known ? method.GetString() : "other",
          elicit ? "MRTR-SERVER-USES-MRTR"
          : http ? "HTTP-NO-SERVER-REQUESTS"
                 : "STDIO-NO-SERVER-REQUESTS",
          Level::Must,
          "the server wrote a JSON-RPC request (" + abbreviate_utf8(to_json(method), 80) +
              ") on the 2026-07-28 wire, where it asks only inside an InputRequiredResult"};
}

std::vector<FuzzFinding> http_status_findings(const Value& response, int status) {
  const Value* code = error_code_of(response);
  if (code == nullptr || status == 400 || status == 0) return {};
  const std::int64_t c = code->GetInt64();
  const char* rule = c == -32602                             ? "META-MISSING-HTTP-400"
                     : c == kMissingRequiredClientCapability ? "CAPABILITY-MISSING-HTTP-400"
                     : c == kUnsupportedProtocolVersion      ? "HTTP-VERSION-UNSUPPORTED-400"
                     : c == kHeaderMismatch                  ? "HTTP-VERSION-MISMATCH-REJECT"
                                                             : nullptr;
  if (rule == nullptr) return {};
  return {{"http-error-status", "error " + std::to_string(c), rule, Level::Must,
           "the error " + std::to_string(c) + " came with HTTP status " + std::to_string(status) +
               "; on Streamable HTTP \"the response status MUST be 400 Bad Request\""}};
}

std::vector<FuzzFinding> server_meta_findings(FuzzMutator::MetaFault fault, const Value& response) {
  if (fault == FuzzMutator::MetaFault::None) return {};
  const Value* code = error_code_of(response);
  if (fault == FuzzMutator::MetaFault::UnknownVersion) {
    if (code != nullptr && code->GetInt64() == kUnsupportedProtocolVersion) return {};
    return {{"unsupported-version-served", "protocolVersion", "VERSION-UNSUPPORTED-ERROR", Level::Must,
             "a request of protocol version " + std::string(FuzzMutator::kUnknownVersion) +
                 ", which no server implements, got " + describe_answer(response) + ", not error -32022"}};
  }
  if (fault == FuzzMutator::MetaFault::HeaderMismatch) {
    if (code != nullptr && code->GetInt64() == kHeaderMismatch) return {};
    return {{"header-mismatch-served", "MCP-Protocol-Version", "HTTP-VERSION-MISMATCH-REJECT", Level::Must,
             "a POST whose MCP-Protocol-Version header said " + std::string(FuzzMutator::kMismatchedHeader) +
                 " while its _meta named the campaign's version got " + describe_answer(response) +
                 ", not error -32020 (HeaderMismatch) with 400 Bad Request"}};
  }
  if (code != nullptr && code->GetInt64() == -32602) return {};
  const char* field = fault == FuzzMutator::MetaFault::NoVersion ? "protocolVersion" : "clientCapabilities";
  return {{"meta-not-rejected", field, "META-MISSING-REJECT", Level::Must,
           std::string("a request whose _meta has no io.modelcontextprotocol/") + field + " got " +
               describe_answer(response) + ", not error -32602 (Invalid params)"}};
}

std::vector<FuzzFinding> server_retry_findings(FuzzMutator::Responses kind, const Value& reply,
                                               const Value& sent_params, const Value& response,
                                               Revision revision) {
  using R = FuzzMutator::Responses;
  const Value* result = result_of(response);
  const bool error =
      error_code_of(response) != nullptr || (response.IsObject() && has_member(response, "error"));
  const std::optional<Mode> mode = [&]() -> std::optional<Mode> {
    const std::optional<ElicitRequest> r = parse_elicit_request(sent_params, revision, "").request;
    return r ? std::optional<Mode>(r->mode) : std::nullopt;
  }();
  const bool parses = parse_elicit_result(reply, revision, mode, "").result.has_value();
  if (kind == R::NotAnObject || (!parses && kind != R::Omitted)) {
    if (result == nullptr) return {};
    const bool tool_error = is_tool_error(*result);
    const std::string what = kind == R::NotAnObject ? "inputResponses that is no object"
                                                    : "an input response that is no ElicitResult";
    return {{"accepted-malformed-response", kind == R::NotAnObject ? "inputResponses" : "input response",
             tool_error ? "MRTR-PROTOCOL-ERRORS" : "MRTR-SERVER-VALIDATE-RESPONSES", Level::Should,
             "a retry with " + what + " got " + describe_answer(response) +
                 (tool_error ? ", a tool error where a protocol error is a JSON-RPC error"
                             : ", as if it had been read: it was not validated")}};
  }
  if (kind == R::Omitted) {
    if (!error) return {};
    return {{"no-ask-again", "inputResponses", "MRTR-ASK-AGAIN", Level::Should,
             "a retry without the answer the server asked for got " + describe_answer(response) +
                 ", not a new InputRequiredResult asking again"}};
  }
  // The reply parses; judged only when nothing is wrong with it (its content included).
  const Diagnostics problems = elicit_result_diagnostics(reply, sent_params, revision);
  if (std::any_of(problems.begin(), problems.end(),
                  [](const Diagnostic& d) { return d.level == Level::Must || d.level == Level::Should; }))
    return {};
  const Value* action = find_member(reply, "action");
  const std::string said = action && action->IsString() ? action->GetString() : "";
  if (!error) return {};
  // An extra key may be what the server refused: the refusal is judged as that below.
  if ((said == "decline" || said == "cancel") && kind == R::AsAsked)
    return {{"failed-on-decline", "action " + said, "SERVER-HANDLE-DECLINE-CANCEL", Level::Must,
             "a retry whose user answered with a valid \"" + said + "\" got " + describe_answer(response) +
                 ": the server did not handle the user's refusal"}};
  if (kind == R::ExtraKey && said == "accept")
    return {{"rejected-unknown-response", "inputResponses", "MRTR-IGNORE-UNKNOWN-RESPONSES", Level::Should,
             "a retry with a valid accept and an input response under a key the server did not ask for (\"" +
                 std::string(FuzzMutator::kUnaskedKey) + "\") got " + describe_answer(response) +
                 " instead of having the extra key ignored"}};
  return {};
}

namespace {

struct ClientCheck {
  const char* name;
  const char* requirement;
  Level level;
};

constexpr ClientCheck kRoundChecks[] = {
    {"retry-new-id", "MRTR-RETRY-NEW-ID", Level::Must},
    {"retry-state-echoed", "MRTR-CLIENT-ECHO-STATE", Level::Must},
    {"retry-inputs-complete", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must},
    {"retry-content-valid", "CLIENT-VALIDATE-CONTENT", Level::Should},
    {"meta-required", "META-REQUIRED-FIELDS", Level::Must},
    {"meta-client-info", "META-CLIENT-INFO", Level::Should},
    {"http-version-header", "HTTP-VERSION-HEADER", Level::Must},
    {"http-version-header-match", "HTTP-VERSION-HEADER-MATCH", Level::Must},
    {"capability-each-request", "CAPABILITY-DECLARE", Level::Must},
    {"no-legacy-elicitation", "SUPPORT-MESSAGE-PATTERNS", Level::Must},
};

constexpr ClientCheck kSetupChecks[] = {
    {"meta-required", "META-REQUIRED-FIELDS", Level::Must},
    {"meta-client-info", "META-CLIENT-INFO", Level::Should},
    {"http-version-header", "HTTP-VERSION-HEADER", Level::Must},
    {"http-version-header-match", "HTTP-VERSION-HEADER-MATCH", Level::Must},
    {"capability-each-request", "CAPABILITY-DECLARE", Level::Must},
    {"no-legacy-elicitation", "SUPPORT-MESSAGE-PATTERNS", Level::Must},
    {"discover-first", "MODERN-CLIENT-PROBE", Level::Should},
};

template <std::size_t N>
std::vector<FuzzFinding> run_client_checks(const ClientCheck (&checks)[N], const ModernClientTranscript& t) {
  std::vector<FuzzFinding> out;
  for (const ClientCheck& c : checks) {
    const std::optional<CheckFailure> failure = run_modern_client_check(c.name, t);
    if (!failure) continue;
    std::string requirement = c.requirement;
    // An invented state is a rule of its own (MUST NOT), the echo of a sent one another.
    if (std::string_view(c.name) == "retry-state-echoed" && !t.exchanges.empty()) {
      const Value* result = find_member(*t.exchanges.back().input_required, "result");
      if (result && result->IsObject() && !has_member(*result, "requestState"))
        requirement = "MRTR-CLIENT-NO-INVENTED-STATE";
    }
    out.push_back({c.name, std::string(c.name) + " " + normalise_pointer(failure->pointer), requirement,
                   c.level,
                   "the client broke what the corpus's " + std::string(c.name) +
                       " check holds it to: " + abbreviate_utf8(failure->reason, 400)});
  }
  return out;
}

}  // namespace

std::vector<FuzzFinding> modern_client_round_findings(const ModernClientTranscript& t) {
  return run_client_checks(kRoundChecks, t);
}

std::vector<FuzzFinding> modern_client_setup_findings(const ModernClientTranscript& t) {
  return run_client_checks(kSetupChecks, t);
}

}  // namespace ec
