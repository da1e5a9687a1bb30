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
          "adds a description with a clickable link to every form field"},
    Fault{"http-url", "server", "URL-HTTPS", "rewrites https:// to http:// in every URL it sends"},
    Fault{"token-in-url", "server", "URL-NOT-PREAUTHENTICATED",
          "appends an access_token query parameter to every URL"},
    Fault{"email-in-url", "server", "URL-NO-USER-DATA", "appends the user's e-mail address to every URL"},
    Fault{"accept-undeclared-mode", "client", "CLIENT-ERR-UNSUPPORTED-MODE",
          "answers an elicitation in a mode it did not declare instead of returning -32602"},
    Fault{"mode-required", "client", "CLIENT-MODE-DEFAULT",
          "rejects an elicitation/create without \"mode\" instead of treating it as form mode"},
    Fault{"answer-notification", "client", "JSONRPC-NO-RESPONSE-TO-NOTIFICATION",
          "answers a completion notification for an unknown id with an error response"},
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
