// The whole-transcript checks of a 2026-07-28 client case (the SUT is a client on the modern
// wire, the harness its server). They judge what only this wire has: the `_meta` of every
// request, the retries that follow the InputRequiredResults the case's steps sent, and the
// absence of the 2025 vocabulary. Each check judges the rules its name says and nothing else, so
// that a case fails for the rule it cites: a client that mangles requestState fails the cases
// about state, not every case that happens to carry one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "cases/transcript_checks.h"
#include "spec/revision.h"

namespace ec {

// An InputRequiredResult the harness sent, the client request it answered, and the client's next
// request of the same method after it (the retry; nullptr when none came).
struct RetryExchange {
  const rapidjson::Value* original = nullptr;
  const rapidjson::Value* input_required = nullptr;  // the whole JSON-RPC response
  const rapidjson::Value* retry = nullptr;
};

struct ModernClientTranscript {
  Revision revision = Revision::V2026_07_28;
  std::vector<const rapidjson::Value*> sut_messages;  // what the client sent, in order
  std::vector<RetryExchange> exchanges;               // in the order the harness answered
  // ELICIT_CONFORM_CAPABILITIES as the case set it: nullptr "none"; unset: the case asked nothing.
  std::optional<const rapidjson::Value*> asked_capability;
  // Over Streamable HTTP: the MCP-Protocol-Version header of the POST that brought each of
  // sut_messages (same index; nullopt: none). Empty on stdio, where the http-* checks judge nothing.
  std::vector<std::optional<std::string>> version_headers;
};

// The names below (transcript_checks.h's known_check_names() gathers them for the case loader).
bool is_modern_client_check(std::string_view name);
std::vector<std::string_view> modern_client_check_names();

// Runs check `name`; nullopt when it holds.
//   meta-required           every request carries _meta with the required fields (META-REQUIRED-FIELDS)
//   meta-client-info        every request names the client in _meta (META-CLIENT-INFO)
//   capability-each-request every request's _meta declares the elicitation capability the case asked for
//   discover-first          the first request is server/discover (the stdio probe)
//   probe-once              no second server/discover (ERA-CACHE), in a case whose server
//                           answers every request without error
//   retry-new-id            each retry has an id of its own: not that of the request it retries,
//                           nor of any earlier request of its chain (the original call included)
//   state-scoped            requestState and inputResponses only on the retry of the request
//                           they belong to (MRTR-STATE-SCOPED)
//   retry-state-echoed      each retry echoes requestState byte for byte, or sends none when none came
//   retry-inputs-complete   each retry answers every input request, and only those
//   retry-content-valid     accepted form content fits the requestedSchema it answers
//   http-version-header     (HTTP) every request's POST carries MCP-Protocol-Version
//   http-version-header-match (HTTP) that header equals the request's _meta protocol version
//   no-legacy-elicitation   no initialize, no JSON-RPC response (no ElicitResult sent the 2025
//                           way), no notifications/elicitation/complete
//   no-response-to-notification no JSON-RPC response but one whose id is an input request's key
//                           (that one is no-legacy-elicitation's): the server sends no request
//                           here, so any other response answers a notification or nothing
std::optional<CheckFailure> run_modern_client_check(std::string_view name, const ModernClientTranscript& t);

}  // namespace ec
