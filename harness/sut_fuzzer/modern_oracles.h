// The oracles of a campaign on the modern wire (2026-07-28) against a server SUT, beside those of
// oracles.h that hold in both eras. There the harness is a stateless client: every request
// carries its `_meta`, an elicitation comes back inside an InputRequiredResult, and its answer goes
// out in the retry's inputResponses (spec/mrtr.h). Pure functions over one exchange, as there.
#pragma once

#include <vector>

#include <rapidjson/document.h>

#include "cases/modern_client_checks.h"
#include "spec/revision.h"
#include "sut_fuzzer/mutator.h"
#include "sut_fuzzer/oracles.h"

namespace ec {

// A response of the server to `request` (a whole JSON-RPC request of the harness), judged as
// check_message judges it with that request (the corpus's modern-results-valid check):
//   invalid-modern-result  a MUST rule of the modern wire: resultType (RESULT-TYPE-REQUIRED), an
//                          InputRequiredResult's map and keys (MRTR-IRR-NOT-EMPTY,
//                          MRTR-INPUT-KEYS-UNIQUE, MRTR-INPUT-REQUEST-TYPES), one on a request that
//                          may not get it (MRTR-SUPPORTED-REQUESTS-ONLY), a DiscoverResult
//                          (DISCOVER-MUST), the error codes (ERROR-CODE-RETIRED, -RESERVED-RANGE,
//                          CAPABILITY-MISSING-ERROR), and a resultType outside the core set when
//                          server/discover advertised no extensions (RESULT-TYPE-SET);
//   missing-server-info    no io.modelcontextprotocol/serverInfo in a result's _meta (SHOULD:
//                          META-SERVER-INFO, DISCOVER-SERVER-INFO).
// Left to other oracles: JSON-RPC framing (invalid-jsonrpc), the params of each elicitation it
// carries (server_request_findings: judged only when its tool was asked for valid ones), and a mode
// the request did not declare (undeclared-mode).
std::vector<FuzzFinding> modern_response_findings(const rapidjson::Value& request,
                                                  const rapidjson::Value& response, Revision revision,
                                                  bool extensions_advertised);

// A request the server wrote to the client ("server-request"): an elicitation/create written so is
// the 2025 habit MRTR-SERVER-USES-MRTR forbids; any other, on stdio "The server MUST NOT write
// JSON-RPC requests to stdout" (STDIO-NO-SERVER-REQUESTS), over Streamable HTTP (`http`) its
// counterpart HTTP-NO-SERVER-REQUESTS.
FuzzFinding server_request_finding(const rapidjson::Value& method, bool http);

// Over Streamable HTTP: an error the spec sends with "400 Bad Request" came with another status
// ("http-error-status", the corpus check of that name): -32602 for a malformed _meta
// (META-MISSING-HTTP-400), -32021 (CAPABILITY-MISSING-HTTP-400), -32022
// (HTTP-VERSION-UNSUPPORTED-400), -32020 (HTTP-VERSION-MISMATCH-REJECT). `status` is the HTTP
// status of the POST the answer came on.
std::vector<FuzzFinding> http_status_findings(const rapidjson::Value& response, int status);

// The answer to a request whose _meta the input broke (FuzzMutator::MetaFault):
//   meta-not-rejected          a _meta without a required field, not answered with -32602
//                              (META-MISSING-REJECT);
//   unsupported-version-served a version no server implements, not answered with -32022
//                              (VERSION-UNSUPPORTED-ERROR);
//   header-mismatch-served     over Streamable HTTP, an MCP-Protocol-Version header other than the
//                              _meta's version, not answered with -32020 (HTTP-VERSION-MISMATCH-REJECT).
std::vector<FuzzFinding> server_meta_findings(FuzzMutator::MetaFault fault, const rapidjson::Value& response);

// The answer to the retry of an elicit call, given how the input built its inputResponses and the
// reply it gave (`sent_params`: the elicitation the reply answers):
//   accepted-malformed-response  inputResponses no object, or the reply no ElicitResult, and a
//                                result came, not a JSON-RPC error (a tool error:
//                                MRTR-PROTOCOL-ERRORS; anything else: MRTR-SERVER-VALIDATE-RESPONSES);
//   failed-on-decline            a valid decline or cancel answered with a JSON-RPC error
//                                (SERVER-HANDLE-DECLINE-CANCEL);
//   rejected-unknown-response    a valid accept beside a key the server did not ask for, answered
//                                with an error (MRTR-IGNORE-UNKNOWN-RESPONSES);
//   no-ask-again                 no answer for the key it asked, answered with an error rather than
//                                a new InputRequiredResult (MRTR-ASK-AGAIN).
std::vector<FuzzFinding> server_retry_findings(FuzzMutator::Responses kind, const rapidjson::Value& reply,
                                               const rapidjson::Value& sent_params,
                                               const rapidjson::Value& response, Revision revision);

// Client SUT, judged by the corpus's 2026-07-28 client checks (cases/modern_client_checks.h), so
// that a finding's case replays with the same check: the oracle is the check's name.
//   a round (`t`: what the client sent since the call it retries, the InputRequiredResult, the
//   retry): retry-new-id (MRTR-RETRY-NEW-ID), retry-state-echoed (MRTR-CLIENT-ECHO-STATE,
//   MRTR-CLIENT-NO-INVENTED-STATE), retry-inputs-complete (MRTR-CLIENT-CONSTRUCT-INPUTS),
//   retry-content-valid (CLIENT-VALIDATE-CONTENT, SHOULD), meta-required (META-REQUIRED-FIELDS),
//   meta-client-info (META-CLIENT-INFO, SHOULD), capability-each-request (CAPABILITY-DECLARE),
//   no-legacy-elicitation (SUPPORT-MESSAGE-PATTERNS: an ElicitResult sent as a JSON-RPC response);
//   the set-up (what it sent up to its first tool call): the same `_meta` checks, no-legacy-elicitation
//   (an initialize to a server it was told speaks 2026-07-28 only), discover-first
//   (MODERN-CLIENT-PROBE, SHOULD).
std::vector<FuzzFinding> modern_client_round_findings(const ModernClientTranscript& t);
std::vector<FuzzFinding> modern_client_setup_findings(const ModernClientTranscript& t);

}  // namespace ec
