// Multi round-trip requests (2026-07-28, mrtr.mdx, SEP-2322): how elicitation travels on the
// modern wire. A server answers a client's tools/call, prompts/get or resources/read with an
// InputRequiredResult (resultType "input_required") whose `inputRequests` map carries
// elicitation/create requests (and sampling/createMessage, roots/list, which this suite only
// recognises) under server-assigned keys, and/or an opaque `requestState`. The client retries
// the original request as a new JSON-RPC request (new id) whose params add `inputResponses`, the
// ElicitResult of each key, and echo `requestState` unmodified.
//
// What changed for elicitation between 2025-11-25 and 2026-07-28 (schema.json and the pages):
//   - ElicitRequest is no longer a JSON-RPC request: an InputRequest is {method, params}, with
//     no `jsonrpc` and no `id`; ElicitRequest{Form,URL}Params lost `_meta` and `task`.
//   - ElicitRequestURLParams lost `elicitationId` (required in 2025-11-25); the completion
//     notification and the -32042 URLElicitationRequiredError are gone (-32042 is retired: a
//     server of this revision must not send it); a server correlates through requestState.
//   - ElicitResult no longer extends Result: no `_meta`, no `resultType` (it is a value of
//     inputResponses, not a JSON-RPC result). `action` and `content` are unchanged.
//   - PrimitiveSchemaDefinition and every String/Number/Boolean/enum schema are byte-identical;
//     the prose's String Schema example dropped `pattern`, so neither text has it any more.
//   - ClientCapabilities.elicitation.{form,url} became $ref JSONObject (still objects); the
//     capability moved from initialize to `_meta` "io.modelcontextprotocol/clientCapabilities"
//     of every request (spec/modern.h).
//   - The client-side -32602 for an undeclared mode is gone with the server-to-client request:
//     the server must not put such a request in inputRequests (SERVER-MODE-DECLARED,
//     MRTR-NO-UNDECLARED-ELICITATION) and nothing says what a client does if it does.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "spec/revision.h"

namespace ec {

inline constexpr std::string_view kResultTypeComplete = "complete";
inline constexpr std::string_view kResultTypeInputRequired = "input_required";
inline constexpr std::string_view kSamplingCreateMessage = "sampling/createMessage";
inline constexpr std::string_view kRootsList = "roots/list";

// The client requests a server may answer with an InputRequiredResult: prompts/get,
// resources/read, tools/call.
bool supports_input_required(std::string_view method);

// One value of an InputRequests map.
struct InputRequest {
  std::string key;
  std::string method;  // "" when missing or not a string
  const rapidjson::Value* params = nullptr;
  std::optional<ElicitRequest> elicitation;  // elicitation/create with usable params
  std::string pointer;                       // where the request object sits
};

struct InputRequestParse {
  std::optional<InputRequest> request;  // nullopt when the value is not even an object
  Diagnostics diagnostics;
};

// One input request, e.g. a bare example of the spec page ({"method": ..., "params": ...}).
InputRequestParse parse_input_request(const rapidjson::Value& value, std::string key, Revision revision,
                                      const std::string& pointer);

struct InputRequiredResult {
  bool has_input_requests = false;
  std::vector<InputRequest> input_requests;  // in the order of the map
  std::optional<std::string> request_state;

  const InputRequest* find(std::string_view key) const;
  std::size_t elicitations() const;
};

struct InputRequiredResultParse {
  std::optional<InputRequiredResult> result;  // nullopt when `result` is not an object
  Diagnostics diagnostics;
};

// An InputRequests map alone (`map` is its value): unique keys, each value one of the three
// request kinds, elicitations parsed as the revision says.
InputRequiredResultParse parse_input_requests(const rapidjson::Value& map, Revision revision,
                                              const std::string& pointer);

// The `result` of a response whose resultType is "input_required" (the head, resultType and
// serverInfo, is parse_result_head's): inputRequests, requestState, at least one of them.
InputRequiredResultParse parse_input_required_result(const rapidjson::Value& result, Revision revision,
                                                     const std::string& pointer);

// What the client declared in the request the InputRequiredResult answers: no input request the
// client cannot serve (no elicitation without the capability, no mode it did not declare, no
// sampling or roots without theirs). `client_capabilities` is the request's
// `_meta` clientCapabilities object (nullptr: none declared).
Diagnostics check_input_requests_declared(const InputRequiredResult& result,
                                          const ElicitationCapability& elicitation,
                                          const rapidjson::Value* client_capabilities);

// One value of an InputResponses map.
struct InputResponse {
  std::string key;
  const rapidjson::Value* value = nullptr;
  const InputRequest* answers = nullptr;    // the input request of that key, when known
  std::optional<ElicitResult> elicitation;  // when it answers an elicitation (or looks like one)
  std::string pointer;
};

// The MRTR members of a retried request's params.
struct Retry {
  bool has_input_responses = false;
  std::vector<InputResponse> responses;
  std::optional<std::string> request_state;
};

struct RetryParse {
  Retry retry;
  Diagnostics diagnostics;
};

// The InputResponses map alone. With `answered` (the InputRequiredResult being answered), each
// key is matched to its request and an elicitation's result is read with its mode; without, a
// value is taken for an ElicitResult when it has "action".
RetryParse parse_input_responses(const rapidjson::Value& map, Revision revision,
                                 const InputRequiredResult* answered, const std::string& pointer);

// `params` of a client request that may be a retry: inputResponses and requestState. With
// `answered`: every input request has its response (MRTR-CLIENT-CONSTRUCT-INPUTS) and the state
// comes back byte for byte, or not at all when none was sent (MRTR-CLIENT-ECHO-STATE,
// MRTR-CLIENT-NO-INVENTED-STATE).
RetryParse parse_retry(const rapidjson::Value& params, Revision revision, const InputRequiredResult* answered,
                       const std::string& pointer);

}  // namespace ec
