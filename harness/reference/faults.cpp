#include "reference/faults.h"

#include <array>

namespace ec {
namespace {

constexpr std::array kFaults{
    Fault{"send-undeclared-mode", "server", "SERVER-MODE-DECLARED",
          "sends elicitation/create in a mode the client did not declare, instead of refusing"},
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
    Fault{"drop-elicitation-id", "server", "URL-PARAMS", "leaves \"elicitationId\" out of URL-mode elicitations"},
    Fault{"bad-format", "server", "FORM-SCHEMA-FORMAT", "rewrites every string format to \"hostname\""},
    Fault{"bad-default", "server", "FORM-SCHEMA-DEFAULT", "replaces every default with an object, valid for no property"},
    Fault{"bad-enum", "server", "FORM-SCHEMA-ENUM", "turns every enum into a list of integers"},
    Fault{"trust-content", "server", "SERVER-VALIDATE-CONTENT",
          "passes on elicitation content without checking it against the schema it asked for"},
    Fault{"no-jsonrpc-version", "server", "JSONRPC-MESSAGE-FORMAT", "leaves \"jsonrpc\": \"2.0\" out of its elicitation/create"},
    Fault{"bad-id-type", "server", "JSONRPC-ID-TYPE", "gives its elicitation/create a fractional id (1.5)"},
    Fault{"result-and-error", "server", "JSONRPC-RESULT-XOR-ERROR", "answers tools/call with both result and error"},
    Fault{"ask-password", "server", "FORM-NO-SENSITIVE", "adds a \"password\" field to every form it sends"},
    Fault{"ask-api-key", "server", "FORM-SECURITY-NO-SENSITIVE", "adds an \"api_key\" field to every form it sends"},
    Fault{"link-in-form", "server", "FORM-NO-CLICKABLE-URLS", "adds a description with a clickable link to every form field"},
    Fault{"http-url", "server", "URL-HTTPS", "rewrites https:// to http:// in every URL it sends"},
    Fault{"token-in-url", "server", "URL-NOT-PREAUTHENTICATED", "appends an access_token query parameter to every URL"},
    Fault{"email-in-url", "server", "URL-NO-USER-DATA", "appends the user's e-mail address to every URL"},
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
    Fault{"swap-decline-cancel", "client", "RESULT-ACTION", "answers \"cancel\" when the user declined and vice versa"},
    Fault{"no-decline", "client", "CLIENT-UI-DECLINE-CANCEL",
          "offers no decline: a user who declines is reported as having cancelled"},
    Fault{"decline-ignored", "client", "CLIENT-DECLINE-ANYTIME",
          "does not let the user decline: a decline is submitted as an accept of the pre-filled form"},
    Fault{"content-in-url-accept", "client", "RESULT-CONTENT", "sends a \"content\" object with a URL-mode accept"},
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
    Fault{"fractional-request-id", "client", "JSONRPC-ID-TYPE", "gives its tools/call request a fractional id (2.5)"},
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
