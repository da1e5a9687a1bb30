// What makes an input a finding: the oracles of a fuzzing campaign, as pure functions over the
// messages of one exchange, so they can be tested without a SUT. The sessions
// (server_session.cpp, client_session.cpp) only collect messages and call these.
//
// Every oracle reuses a judge the suite already trusts: check_message() (JSON-RPC shape, the
// typed elicitation checks) and the content validator. A finding's signature is its check id and
// its pointer with the SUT's own names taken out, so that one bug met with many schemas is one
// finding, not one per property name.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "spec/capability.h"
#include "spec/revision.h"
#include "transport/child_process.h"

namespace ec {

struct FuzzFinding {
  std::string oracle;       // e.g. "accepted-invalid-content"; a file name part: [a-z-]
  std::string signature;    // e.g. "content.integer /content/*"
  std::string requirement;  // the requirement key a replay case cites
  Level level = Level::Must;
  std::string detail;  // one sentence
  // No spec sentence tells the SUT what to do with this input (a client handed a request the
  // schema forbids): the finding informs, its replay case is "scope": "robustness" (NOTE).
  bool robustness = false;
  // 2026-07-28 server SUT: what the finding was found in, and so what its replay case must send:
  // the input's call, the retry of it (inputResponses), or the set-up (server/discover, tools/list).
  enum class Stage { Call, Retry, Setup };
  Stage stage = Stage::Call;
  std::string key() const { return oracle + " " + signature; }
};

// A finding made of one checker diagnostic: its check and its normalised pointer are the signature.
FuzzFinding finding_from(std::string oracle, const Diagnostic& d, std::string detail);

// JSON-RPC framing (JSONRPC-* rules, json.* checks): the invalid-jsonrpc oracle's, no other's.
bool is_jsonrpc(const Diagnostic& d);

// check_message's finding for a JSON-RPC request a server writes on the modern wire: an input
// request rebuilt as one for the checker is not one the server wrote.
inline constexpr std::string_view kServerRequestCheck = "mrtr.server-request";

// The rules of an ElicitResult (`reply`) as the answer to an elicitation with `params`, as
// check_message applies them to a result: its shape for the mode, accepted content against the
// schema (CLIENT-VALIDATE-CONTENT). Pointers are relative to the reply ("/content/...").
Diagnostics elicit_result_diagnostics(const rapidjson::Value& reply, const rapidjson::Value& params,
                                      Revision revision);

// The SUT (`who`: "server", "client") sent nothing within `timeout` while our `method` was open.
FuzzFinding silence_finding(std::string_view who, std::string_view method, std::chrono::milliseconds timeout);

// The SUT ended the session: how it exited when known, else `closed` ("stdout", "connection").
FuzzFinding crash_finding(std::string_view who, const std::optional<ExitInfo>& exit, std::string_view closed);

// "/params/requestedSchema/properties/age/minimum" -> "/params/requestedSchema/properties/*/minimum";
// content members, the keys of inputRequests and inputResponses, and array indices become "*" too.
std::string normalise_pointer(const std::string& pointer);

// Not JSON, or not JSON-RPC as MCP uses it: check_message's JSONRPC-* and json.* MUST findings.
std::vector<FuzzFinding> jsonrpc_findings(const std::string& line, Revision revision);

// The MUST and SHOULD findings check_message makes about an elicitation/create with these params.
Diagnostics request_diagnostics(const rapidjson::Value& params, Revision revision);

// "form", "url", or "" for a mode no client can declare (a mode absent is form).
std::string mode_of_params(const rapidjson::Value& params);

// Server SUT, differential: its `elicit` tool reports an accept whose content our validator rejects
// against the schema the server itself sent (`sent_params`, its elicitation/create params). Only
// fields its tool was asked for (`asked_params`) are judged: a field the server added on its own
// has no expectation a replay could hold another server to (that server's fault is the addition,
// which server_request_findings judges).
// Also misreported-action: the harness answered with a valid ElicitResult (`reply`: nothing
// check_message finds in it, for those params, but content beside a decline or cancel) and the
// tool reports another action
// (SERVER-HANDLE-ACTIONS: a decline read as a cancel, a cancel as an accept).
std::vector<FuzzFinding> server_result_findings(const rapidjson::Value& tool_response,
                                                const rapidjson::Value& sent_params,
                                                const rapidjson::Value& asked_params,
                                                const rapidjson::Value& reply, Revision revision);

// Server SUT, what it sent for the params its tool was asked for (`asked_params`), to a client
// that declared `declared`:
//   undeclared-mode         a mode the client did not declare, or one the revision lacks, whatever
//                           the tool was asked (SERVER-MODE-DECLARED; LIFECYCLE-RESPECT-VERSION);
// and, for asked params that passed check_message:
//   broke-valid-request     an elicitation/create check_message rejects at MUST level;
//   altered-schema          a requestedSchema other than asked: a keyword that decides what is valid
//                           or pre-filled was changed, dropped or added (schema_diff.h;
//                           FORM-REQUESTED-SCHEMA, as the corpus's schema-as-asked cases and the strip-*
//                           faults read it);
//   added-sensitive-field   a security heuristic (FORM-NO-SENSITIVE and its kin) fires on what it
//                           sent and not on what it was asked to send;
//   inconsistent-schema     a schema no answer can satisfy, asked for one that can be
//                           (FORM-SCHEMA-CONSISTENT, SHOULD);
//   altered-guidance        other titles, descriptions or enumNames than asked
//                           (FORM-SCHEMA-GUIDANCE, SHOULD).
std::vector<FuzzFinding> server_request_findings(const rapidjson::Value& asked_params,
                                                 const rapidjson::Value& sent_request,
                                                 const ElicitationCapability& declared, Revision revision);

// Server SUT: it sent a request with an id it had used before in the session (JSONRPC-ID-UNIQUE).
FuzzFinding reused_id_finding(const std::string& id, const std::string& method);

// Client SUT: its answer to an elicitation/create with `params`, given what it declared:
//   accepted-invalid-request  a result for params that break a MUST (robustness: no sentence says
//                             what a client does with them);
//   accepted-undeclared-mode  a result for a mode it did not declare (CLIENT-ERR-UNSUPPORTED-MODE);
//   invalid-content           accepted content that breaks the schema (CLIENT-VALIDATE-CONTENT);
//   invalid-result            any other MUST or SHOULD rule of an ElicitResult for these params
//                             (content with a URL-mode accept, a form accept without content);
//   refused-valid-request     an error for valid params in a declared mode;
//   error-code                an error other than -32602 (Invalid params): for a mode it did not
//                             declare the page names that code (CLIENT-ERR-UNSUPPORTED-MODE); for
//                             other invalid params it is robustness, as client.invalid-params.code-is-32602.
std::vector<FuzzFinding> client_answer_findings(const rapidjson::Value& params,
                                                const rapidjson::Value& response,
                                                const ElicitationCapability& declared, Revision revision);

// Client SUT, against its scripted user: `result` is its ElicitResult for valid `params` in a
// declared mode, `user` the scripted answers it may have been given. The client session passes
// the one answer of a script that gives the same answer every time, and nothing otherwise: the
// harness cannot tell which entry of a mixed script a client took (an SDK may take one and then
// refuse the answer with an error), and a guess would make findings of a conformant client.
//   altered-action    no answer it may have been given explains the action (a decline sent as
//                     a cancel or an accept, a cancel as a decline, a URL-mode accept as anything
//                     else; a form's accept may come back as a cancel: RESULT-ACTION);
//   ignored-defaults  every answer it may have been given is an accept of the untouched form, it
//                     accepted, and a field with a default does not carry that default
//                     (CLIENT-DEFAULTS-PREFILL, SHOULD; revisions with SEP-1034 defaults).
std::vector<FuzzFinding> client_user_findings(const rapidjson::Value& params, const rapidjson::Value& result,
                                              const std::vector<const rapidjson::Value*>& user,
                                              const ElicitationCapability& declared, Revision revision);

// Server SUT, its contract tool require_url asked to fail with -32042 listing `asked` (an array of
// elicitation/create params), answered with `response`: "url-required-error" when the list is one
// the error may carry (URL mode, an elicitationId, no MUST finding) and the answer is no -32042
// (SERVER-ERR-URL-REQUIRED), or when a -32042 it sent breaks its rules (a list missing:
// URL-REQUIRED-ERROR-LIST; an entry in form mode or without an id: URL-REQUIRED-ERROR-URL-MODE).
std::vector<FuzzFinding> server_url_required_findings(const rapidjson::Value& asked,
                                                      const rapidjson::Value& response, Revision revision);

// Server SUT, its contract tool complete asked to complete the elicitationId of `issued` (the
// params require_url was given just before: a valid URL-mode request) and not refusing
// (`response`), sent completions for `sent` (their elicitationIds as JSON): "completion-id" for one
// that names another id (COMPLETE-ELICITATION-ID).
std::vector<FuzzFinding> server_completion_findings(const rapidjson::Value& issued,
                                                    const rapidjson::Value& response,
                                                    const std::vector<std::string>& sent, Revision revision);

// The set-up of a session, judged once per start; the findings go with the next input. Oracle
// "handshake", signature the rule it breaks:
//   client SUT, `messages`: what it sent before its tool call, in order; `told`: the
//   ELICIT_CONFORM_CAPABILITIES it was given ("none" or a JSON object): a request other than ping
//   before initialize (LIFECYCLE-INITIALIZE-FIRST), a protocolVersion that is no version
//   (LIFECYCLE-CLIENT-VERSION), no elicitation capability though told to declare one
//   (CAPABILITY-DECLARE), a capability that breaks its MUST rules (CAPABILITY-AT-LEAST-ONE-MODE),
//   no notifications/initialized (LIFECYCLE-INITIALIZED);
//   server SUT, `result`: its answer to initialize: a protocolVersion that is no version
//   (LIFECYCLE-SERVER-VERSION).
std::vector<FuzzFinding> client_handshake_findings(const std::vector<const rapidjson::Value*>& messages,
                                                   const std::string& told, Revision revision);
std::vector<FuzzFinding> server_handshake_findings(const rapidjson::Value& result);

}  // namespace ec
