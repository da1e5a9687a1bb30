#include "reference/faults.h"

#include <array>

namespace ec {
namespace {

constexpr std::array kFaults{
    Fault{"send-undeclared-mode", "server", "SERVER-MODE-DECLARED",
          "sends elicitation/create in a mode the client's elicitation capability leaves out, instead of "
          "refusing"},
    Fault{"empty-capability-as-all", "server", "CAPABILITY-EMPTY-IS-FORM",
          "reads an empty elicitation capability as support for every mode, URL included"},
    Fault{"drop-message", "server", "REQUEST-MESSAGE",
          "leaves \"message\" out of the elicitation/create it sends"},
    Fault{"drop-schema", "server", "FORM-REQUESTED-SCHEMA",
          "leaves \"requestedSchema\" out of the form-mode elicitation/create it sends"},
    Fault{"nest-schema", "server", "FORM-SCHEMA-RESTRICTED",
          "wraps every requestedSchema property in a nested object"},
    Fault{"url-required-as-result", "server", "SERVER-ERR-URL-REQUIRED",
          "returns the URL-required list as a tool result instead of a -32042 JSON-RPC error"},
    Fault{"drop-url-error-list", "server", "URL-REQUIRED-ERROR-LIST",
          "sends the -32042 error without data.elicitations"},
    Fault{"form-entry-in-url-error", "server", "URL-REQUIRED-ERROR-URL-MODE",
          "puts entries that are not URL mode, or lack an elicitationId, into a -32042 error"},
    Fault{"complete-wrong-id", "server", "COMPLETE-ELICITATION-ID",
          "sends notifications/elicitation/complete with an id it never issued"},
    Fault{"drop-url-mode", "server", "REQUEST-MODE", "leaves \"mode\": \"url\" out of URL-mode elicitations"},
    Fault{"mangle-url", "server", "URL-VALID", "sends a URL-mode elicitation whose url is not a valid URL"},
    Fault{"drop-elicitation-id", "server", "URL-PARAMS",
          "leaves \"elicitationId\" out of URL-mode elicitations"},
    Fault{"bad-format", "server", "FORM-SCHEMA-FORMAT", "rewrites every string format to \"hostname\""},
    Fault{"bad-default", "server", "FORM-SCHEMA-DEFAULT",
          "replaces every default with an object, valid for no property"},
    Fault{"bad-enum", "server", "FORM-SCHEMA-ENUM", "turns every enum into a list of integers"},
    Fault{"trust-content", "server", "SERVER-VALIDATE-CONTENT",
          "passes on elicitation content without checking it against the schema it asked for"},
    Fault{"no-jsonrpc-version", "server", "JSONRPC-MESSAGE-FORMAT",
          "leaves \"jsonrpc\": \"2.0\" out of its elicitation/create"},
    Fault{"bad-id-type", "server", "JSONRPC-ID-TYPE",
          "gives its elicitation/create requests fractional ids (1.5, 2.5, ...)"},
    Fault{"result-and-error", "server", "JSONRPC-RESULT-XOR-ERROR",
          "answers tools/call with both result and error"},
    Fault{"ask-password", "server", "FORM-NO-SENSITIVE", "adds a \"password\" field to every form it sends"},
    Fault{"ask-api-key", "server", "FORM-SECURITY-NO-SENSITIVE",
          "adds an \"api_key\" field to every form it sends"},
    Fault{"elicit-without-capability", "server", "LIFECYCLE-NEGOTIATED-ONLY",
          "sends elicitation/create to a client that declared no elicitation capability"},
    Fault{"unsatisfiable-schema", "server", "FORM-SCHEMA-CONSISTENT",
          "adds a required field that the schema does not define to every form that lists required fields"},
    Fault{"reuse-request-id", "server", "JSONRPC-ID-UNIQUE",
          "gives every elicitation/create it sends the same request id"},
    Fault{"mix-up-decline-cancel", "server", "SERVER-HANDLE-ACTIONS",
          "reports a declined elicitation to its tool as cancelled, and a cancelled one as declined"},
    Fault{"content-means-accept", "server", "SERVER-HANDLE-ACTIONS",
          "reads any result that carries content as an accept, whatever its action says"},
    Fault{"error-on-notification", "server", "JSONRPC-NO-RESPONSE-TO-NOTIFICATION",
          "answers notifications it does not know with an error response"},
    Fault{"link-in-form", "server", "FORM-NO-CLICKABLE-URLS",
          "adds a description with a clickable link to every form field that has none"},
    Fault{"http-url", "server", "URL-HTTPS", "rewrites https:// to http:// in every URL it sends"},
    Fault{"token-in-url", "server", "URL-NOT-PREAUTHENTICATED",
          "appends an access_token query parameter to every URL"},
    Fault{"email-in-url", "server", "URL-NO-USER-DATA", "appends the user's e-mail address to every URL"},
    Fault{"version-not-a-revision", "server", "LIFECYCLE-SERVER-VERSION",
          "answers initialize with protocolVersion \"\" (no protocol version at all)"},
    Fault{"negotiate-oldest", "server", "LIFECYCLE-SERVER-VERSION-LATEST",
          "answers a protocol version it does not support with the oldest one it supports, not the latest"},
    Fault{"elicit-any-revision", "server", "LIFECYCLE-RESPECT-VERSION",
          "sends elicitation/create in sessions whose revision has no elicitation (2024-11-05, 2025-03-26)"},
    Fault{"url-mode-any-revision", "server", "LIFECYCLE-RESPECT-VERSION",
          "reads the client's capability as 2025-11-25 does in every session, so a 2025-06-18 session gets "
          "URL mode"},
    Fault{"strip-defaults", "server", "FORM-REQUESTED-SCHEMA",
          "drops every default from the requestedSchema its tool asked for"},
    Fault{"strip-falsy-defaults", "server", "FORM-REQUESTED-SCHEMA",
          "drops the defaults that are false, 0, \"\" or [] (a truthiness test) from the requestedSchema"},
    Fault{"number-for-integer", "server", "FORM-REQUESTED-SCHEMA",
          "sends type \"number\" for every property its tool asked to be an integer"},
    Fault{"strip-format", "server", "FORM-REQUESTED-SCHEMA", "drops format from every string property"},
    Fault{"strip-constraints", "server", "FORM-REQUESTED-SCHEMA",
          "drops pattern, minLength, maxLength, minimum, maximum, minItems and maxItems"},
    Fault{"titled-enum-as-text", "server", "FORM-REQUESTED-SCHEMA",
          "turns a titled single-select (oneOf of const and title) into a free-text string"},
    Fault{"drop-required", "server", "FORM-REQUESTED-SCHEMA", "drops the list of required properties"},
    Fault{"drop-titles", "server", "FORM-SCHEMA-GUIDANCE",
          "drops the title and description of every property"},
    Fault{"accept-fractions", "server", "SERVER-VALIDATE-CONTENT",
          "passes on a number with a fraction for an integer property"},
    Fault{"accept-unlisted-items", "server", "SERVER-VALIDATE-CONTENT",
          "passes on multi-select items that are not among the options"},
    Fault{"ignore-item-count", "server", "SERVER-VALIDATE-CONTENT",
          "passes on a multi-select answer with more than maxItems or fewer than minItems items"},
    Fault{"accept-titles", "server", "SERVER-VALIDATE-CONTENT",
          "passes on any value for a titled single-select, its titles included"},
    Fault{"skip-pattern", "server", "SERVER-VALIDATE-CONTENT", "does not check content against pattern"},
    Fault{"skip-format", "server", "SERVER-VALIDATE-CONTENT", "does not check content against format"},
    Fault{"utf16-lengths", "server", "SERVER-VALIDATE-CONTENT",
          "counts minLength and maxLength in UTF-16 code units, so a character outside the BMP counts twice"},
    Fault{"legacy-elicit-on-modern", "server", "MRTR-SERVER-USES-MRTR",
          "on the 2026-07-28 wire, also writes the elicitation as a JSON-RPC elicitation/create request to "
          "stdout before its InputRequiredResult"},
    Fault{"complete-without-result-type", "server", "RESULT-TYPE-REQUIRED",
          "on the 2026-07-28 wire, answers the retry of a tools/call with a result that has no resultType"},
    Fault{"discover-drop-capabilities", "server", "DISCOVER-MUST",
          "leaves \"capabilities\" out of its server/discover result"},
    Fault{"custom-result-type", "server", "RESULT-TYPE-SET",
          "answers tools/list with resultType \"tool_list\", a value of no extension it advertises"},
    Fault{"no-discover", "server", "DISCOVER-IMPLEMENT",
          "serves the 2026-07-28 wire but answers server/discover with -32601 (method not found)"},
    Fault{"input-request-without-capability", "server", "MRTR-NO-UNDECLARED-ELICITATION",
          "on the 2026-07-28 wire, puts an elicitation into its InputRequiredResult although the request's "
          "_meta "
          "declares no elicitation capability"},
    Fault{
        "capability-error-without-list", "server", "CAPABILITY-MISSING-ERROR",
        "answers a request that needs an undeclared capability with -32021 but no data.requiredCapabilities"},
    Fault{"remember-capabilities", "server", "STATELESS-NO-PRIOR-CONTEXT",
          "keeps the elicitation capability the first request declared and uses it for later requests that "
          "declare none"},
    Fault{"accept-missing-meta", "server", "META-MISSING-REJECT",
          "serves a request whose _meta lacks a required field instead of rejecting it with -32602"},
    Fault{"serve-unknown-version", "server", "VERSION-UNSUPPORTED-ERROR",
          "serves a request of any protocol version as 2026-07-28 instead of answering -32022"},
    Fault{"no-server-info-in-discover", "server", "DISCOVER-SERVER-INFO",
          "leaves io.modelcontextprotocol/serverInfo out of its server/discover result's _meta"},
    Fault{"no-server-info-meta", "server", "META-SERVER-INFO",
          "leaves io.modelcontextprotocol/serverInfo out of the _meta of every result but server/discover's"},
    Fault{
        "input-required-on-list", "server", "MRTR-SUPPORTED-REQUESTS-ONLY",
        "answers tools/list with an InputRequiredResult (only tools/call, prompts/get and resources/read may "
        "get one)"},
    Fault{"url-required-on-modern", "server", "ERROR-CODE-RETIRED",
          "on the 2026-07-28 wire, answers the require_url tool with the retired -32042 error"},
    Fault{
        "accept-malformed-responses", "server", "MRTR-SERVER-VALIDATE-RESPONSES",
        "reads an inputResponses that is no object as absent (and asks again), and an input response that is "
        "no ElicitResult as an answer"},
    Fault{"malformed-responses-as-tool-error", "server", "MRTR-PROTOCOL-ERRORS",
          "answers a malformed inputResponses with a tool error (isError) instead of a JSON-RPC error"},
    Fault{
        "reserved-code-for-bad-input", "server", "ERROR-CODE-RESERVED-RANGE",
        "answers a malformed inputResponses with error -32030, a code of the range only the spec allocates"},
    Fault{"reject-unknown-responses", "server", "MRTR-IGNORE-UNKNOWN-RESPONSES",
          "rejects a retry whose inputResponses carries a key it did not ask for, instead of ignoring it"},
    Fault{"error-on-missing-response", "server", "MRTR-ASK-AGAIN",
          "answers a retry that lacks the response it needs with -32602 instead of asking again"},
    Fault{"empty-input-required", "server", "MRTR-IRR-NOT-EMPTY",
          "answers a URL-mode elicit with an InputRequiredResult that has neither inputRequests nor "
          "requestState"},
    Fault{"fail-on-decline", "server", "SERVER-HANDLE-DECLINE-CANCEL",
          "on the 2026-07-28 wire, answers a retry whose user declined or cancelled with an internal error "
          "(-32603), as a tool that assumed the user would accept"},
    Fault{"duplicate-input-key", "server", "MRTR-INPUT-KEYS-UNIQUE",
          "writes the inputRequests member of a URL-mode elicitation twice, under the same key"},
    Fault{"ping-client-on-modern", "server", "STDIO-NO-SERVER-REQUESTS",
          "on the 2026-07-28 wire, writes a JSON-RPC ping request of its own to stdout before it asks for "
          "input"},
    Fault{"initialize-error-without-versions", "server", "MODERN-ONLY-INITIALIZE-ERROR",
          "told to support 2026-07-28 only, answers initialize with -32601 (method not found), naming no "
          "version"},
    Fault{"ping-client-on-modern-http", "server", "HTTP-NO-SERVER-REQUESTS",
          "over Streamable HTTP on the 2026-07-28 wire, sends a JSON-RPC ping request of its own on the "
          "response "
          "stream of a tools/call before it asks for input"},
    Fault{"meta-missing-http-200", "server", "META-MISSING-HTTP-400",
          "over Streamable HTTP, answers a request whose _meta lacks a required field with -32602 but HTTP "
          "status 200"},
    Fault{"capability-missing-http-200", "server", "CAPABILITY-MISSING-HTTP-400",
          "over Streamable HTTP, answers a request that needs an undeclared capability with -32021 but HTTP "
          "status 200"},
    Fault{"unsupported-version-http-200", "server", "HTTP-VERSION-UNSUPPORTED-400",
          "over Streamable HTTP, answers a request for a version it does not implement with -32022 but HTTP "
          "status 200"},
    Fault{"accept-version-header-mismatch", "server", "HTTP-VERSION-MISMATCH-REJECT",
          "over Streamable HTTP, serves a 2026-07-28 request whose MCP-Protocol-Version header differs from "
          "its _meta "
          "version (or is missing) instead of rejecting it with 400 and -32020"},
    Fault{"url-input-request-method", "server", "MRTR-INPUT-REQUEST-TYPES",
          "puts a URL-mode elicitation into its InputRequiredResult under the method \"elicitation/url\""},
    Fault{"accept-undeclared-mode", "client", "CLIENT-ERR-UNSUPPORTED-MODE",
          "answers an elicitation in a mode it did not declare instead of returning -32602"},
    Fault{"mode-required", "client", "CLIENT-MODE-DEFAULT",
          "rejects an elicitation/create without \"mode\" instead of treating it as form mode"},
    Fault{"answer-notification", "client", "JSONRPC-NO-RESPONSE-TO-NOTIFICATION",
          "answers a completion notification for an unknown, completed or malformed id with an error"},
    Fault{"fail-on-unknown-complete", "client", "CLIENT-IGNORE-UNKNOWN-COMPLETE",
          "treats a completion notification for an unknown id as fatal and ends the session"},
    Fault{"prefetch-url", "client", "CLIENT-URL-NO-PREFETCH",
          "fetches every elicitation URL as soon as it sees it, before asking the user"},
    Fault{"open-without-consent", "client", "CLIENT-URL-CONSENT",
          "opens an elicitation URL after asking the user, also when the user declined"},
    Fault{"swap-decline-cancel", "client", "RESULT-ACTION",
          "answers \"cancel\" when the user declined and vice versa"},
    Fault{"no-decline", "client", "CLIENT-UI-DECLINE-CANCEL",
          "offers no decline: a user who declines is reported as having cancelled"},
    Fault{"decline-ignored", "client", "CLIENT-DECLINE-ANYTIME",
          "does not let the user decline: a decline is submitted as an accept of the pre-filled form"},
    Fault{"content-in-url-accept", "client", "RESULT-CONTENT",
          "sends a \"content\" object with a URL-mode accept"},
    Fault{"declare-no-capability", "client", "CAPABILITY-DECLARE",
          "supports elicitation but leaves the elicitation capability out of initialize"},
    Fault{"declare-no-mode", "client", "CAPABILITY-AT-LEAST-ONE-MODE",
          "declares an elicitation capability that names neither form nor url"},
    Fault{"skip-initialized", "client", "LIFECYCLE-INITIALIZED", "never sends notifications/initialized"},
    Fault{"ignore-defaults", "client", "CLIENT-DEFAULTS-PREFILL",
          "does not pre-fill defaults: a user who accepts without typing sends empty content"},
    Fault{"drop-content", "client", "RESULT-CONTENT", "sends a form-mode accept without the user's content"},
    Fault{"send-invalid-content", "client", "CLIENT-VALIDATE-CONTENT",
          "sends the user's content without checking it against the requested schema"},
    Fault{"empty-capability-allows-url", "client", "CAPABILITY-EMPTY-IS-FORM",
          "declares an empty elicitation capability but answers URL-mode requests as if it had declared url"},
    Fault{"empty-capability-refuses-form", "client", "CAPABILITY-EMPTY-IS-FORM",
          "declares an empty elicitation capability but refuses form-mode requests with -32602"},
    Fault{"refuse-declared-url", "client", "CAPABILITY-NEGOTIATION",
          "declares URL mode beside form mode but refuses URL-mode requests with -32602"},
    Fault{"trust-request", "client", "CLIENT-ERR-STANDARD",
          "answers elicitation/create without checking its params (no message, no requestedSchema, no url, "
          "nested schemas are all shown to the user)"},
    Fault{"invalid-params-as-internal-error", "client", "CLIENT-ERR-STANDARD",
          "answers an elicitation/create with invalid params with -32603 (Internal error) instead of -32602"},
    Fault{"unknown-mode-as-form", "client", "CLIENT-ERR-UNSUPPORTED-MODE",
          "handles an elicitation/create in an unknown mode (\"voice\") as form mode, not with -32602"},
    Fault{"enum-titles", "client", "RESULT-CONTENT",
          "sends the display title of an enum choice (oneOf/anyOf title, enumNames) instead of its value"},
    Fault{"enum-shape", "client", "RESULT-CONTENT",
          "sends a single-select choice as a one-string array and a multi-select choice as one string"},
    Fault{"defaults-placeholder", "client", "CLIENT-DEFAULTS-PREFILL",
          "pre-fills fields with a placeholder of the right type (first option, minimum, \"\", false, []) "
          "instead of the schema's default value"},
    Fault{"fail-on-repeated-complete", "client", "CLIENT-IGNORE-UNKNOWN-COMPLETE",
          "treats a repeated completion notification for a completed id as fatal and ends the session"},
    Fault{"fail-on-malformed-complete", "client", "CLIENT-IGNORE-UNKNOWN-COMPLETE",
          "treats a completion notification without a string elicitationId as fatal and ends the session"},
    Fault{"answer-unknown-notification", "client", "JSONRPC-NO-RESPONSE-TO-NOTIFICATION",
          "answers a notification whose method it does not know with a -32601 error response"},
    Fault{"no-retry", "client", "CLIENT-MAY-RETRY",
          "never retries a request that got -32042, even after every listed elicitation completed"},
    Fault{"consent-once", "client", "CLIENT-URL-CONSENT",
          "asks the user about the first URL of a -32042 error only; once accepted, opens the others too"},
    Fault{"omit-jsonrpc-version", "client", "JSONRPC-MESSAGE-FORMAT",
          "leaves \"jsonrpc\": \"2.0\" out of its answers to elicitation/create"},
    Fault{"answer-with-result-and-error", "client", "JSONRPC-RESULT-XOR-ERROR",
          "answers elicitation/create with both a result and an error"},
    Fault{"mode-from-schema", "client", "CLIENT-ERR-UNSUPPORTED-MODE",
          "never looks at mode: any request with a requestedSchema is shown as a form (URL mode and unknown "
          "modes included)"},
    Fault{"mode-from-url", "client", "RESULT-CONTENT",
          "never looks at mode: any request with a url is handled as URL mode (a form request that also has "
          "a url "
          "included)"},
    Fault{"answer-twice", "client", "JSONRPC-SPEC", "sends its answer to every elicitation/create twice"},
    Fault{"call-before-initialize", "client", "LIFECYCLE-INITIALIZE-FIRST",
          "sends tools/list before initialize (then initializes whatever the answer)"},
    Fault{"ask-version-latest", "client", "LIFECYCLE-CLIENT-VERSION",
          "asks for protocolVersion \"latest\" in initialize instead of a version it supports"},
    Fault{"fractional-request-id", "client", "JSONRPC-ID-TYPE",
          "gives its tools/call request a fractional id (2.5; on the 2026-07-28 wire 1.5)"},
    Fault{"dual-era-skip-probe", "client", "DISCOVER-DUAL-ERA-PROBE",
          "told to speak 2026-07-28 and an initialize-based version too (dual-era), sends initialize first, "
          "without the server/discover probe"},
    Fault{"probe-names-legacy-version", "client", "STDIO-DUAL-ERA-PROBE",
          "told to speak 2026-07-28 and an initialize-based version too (dual-era), probes with "
          "server/discover "
          "naming the initialize-based version in _meta instead of its preferred modern one"},
    Fault{"modern-only-skip-probe", "client", "STDIO-PROBE-RECOMMENDED",
          "told it supports 2026-07-28 only (modern-only), calls its tool without the server/discover probe"},
    Fault{
        "fallback-on-method-not-found-only", "client", "STDIO-FALLBACK-ANY-ERROR",
        "falls back to initialize only when its server/discover probe gets -32601; any other error ends the "
        "session"},
    Fault{"absent-result-type-retries", "client", "RESULT-TYPE-ABSENT-COMPLETE",
          "once fallen back to a 2025 server, takes the tool result without resultType for an unfinished one "
          "and "
          "sends the call again"},
    Fault{"fallback-on-any-400", "client", "HTTP-DUAL-ERA-INSPECT-400",
          "told to speak 2026-07-28 and an initialize-based version too (dual-era), over Streamable HTTP "
          "falls back "
          "to initialize whenever its modern probe gets HTTP 400, without reading the body (a modern "
          "server's -32022 "
          "included)"},
    Fault{"never-fallback-on-400", "client", "HTTP-DUAL-ERA-INSPECT-400",
          "told to speak 2026-07-28 and an initialize-based version too (dual-era), over Streamable HTTP "
          "never falls "
          "back to initialize when its modern probe gets HTTP 400 with a JSON-RPC error, whatever the error: "
          "it "
          "takes a legacy server's -32600 for a modern server's refusal and gives up"},
    Fault{"skip-discover", "client", "MODERN-CLIENT-PROBE",
          "on the 2026-07-28 wire (told that version and nothing of the versions it supports), calls its "
          "tool without "
          "sending the server/discover probe first"},
    Fault{"no-version-header", "client", "HTTP-VERSION-HEADER",
          "over Streamable HTTP on the 2026-07-28 wire, sends its POSTs without the MCP-Protocol-Version "
          "header"},
    Fault{"version-header-mismatch", "client", "HTTP-VERSION-HEADER-MATCH",
          "over Streamable HTTP on the 2026-07-28 wire, sends MCP-Protocol-Version 2025-11-25 with requests "
          "whose _meta "
          "names 2026-07-28"},
    Fault{"meta-first-request-only", "client", "META-REQUIRED-FIELDS",
          "on the 2026-07-28 wire, sends _meta on its first request only: its retries have none"},
    Fault{"no-client-info", "client", "META-CLIENT-INFO",
          "on the 2026-07-28 wire, leaves io.modelcontextprotocol/clientInfo out of every request's _meta"},
    Fault{
        "declare-capability-first-only", "client", "CAPABILITY-DECLARE",
        "on the 2026-07-28 wire, declares its elicitation capability on its first request only: its retries "
        "declare none"},
    Fault{"retry-same-id", "client", "MRTR-RETRY-NEW-ID",
          "retries a request that got an InputRequiredResult with the id of the original request"},
    Fault{"trim-state", "client", "MRTR-CLIENT-ECHO-STATE",
          "trims leading and trailing whitespace off the requestState it echoes"},
    Fault{"parse-json-state", "client", "MRTR-CLIENT-ECHO-STATE",
          "parses a requestState that looks like JSON and echoes it re-serialized (its own spacing)"},
    Fault{"stale-state", "client", "MRTR-CLIENT-ECHO-STATE",
          "echoes the first requestState of the call in every later retry, not the latest one"},
    Fault{"invent-state", "client", "MRTR-CLIENT-NO-INVENTED-STATE",
          "sends \"requestState\": \"\" in a retry when the InputRequiredResult carried no state"},
    Fault{"answer-first-input-only", "client", "MRTR-CLIENT-CONSTRUCT-INPUTS",
          "answers only the first input request of an InputRequiredResult that carries several"},
    Fault{"extra-input-response", "client", "MRTR-CLIENT-CONSTRUCT-INPUTS",
          "adds an inputResponses entry under a key the server did not ask for"},
    Fault{"legacy-answer-on-modern", "client", "SUPPORT-MESSAGE-PATTERNS",
          "on the 2026-07-28 wire, also sends each ElicitResult the 2025 way, as a JSON-RPC response whose "
          "id is "
          "the input request's key"},
    Fault{"unknown-result-type-as-input-required", "client", "RESULT-TYPE-UNKNOWN-INVALID",
          "on the 2026-07-28 wire, reads a result of a resultType it does not know as an InputRequiredResult "
          "and "
          "answers its input requests"},
    Fault{"require-elicitation-id", "client", "RESULT-ACTION",
          "on the 2026-07-28 wire, refuses a URL-mode input request without elicitationId (a 2025-11-25 "
          "requirement) and reports it as cancelled although the user accepted"},
};

}  // namespace

std::span<const Fault> faults() { return kFaults; }

const Fault* find_fault(std::string_view name) {
  for (const Fault& f : kFaults) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

}  // namespace ec
