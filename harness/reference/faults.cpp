#include "reference/faults.h"

#include <array>

namespace ec {
namespace {

constexpr std::array kFaults{
    Fault{"send-undeclared-mode", "server", "SERVER-MODE-DECLARED",
          "sends elicitation/create in a mode the client did not declare, instead of refusing"},
    Fault{"drop-message", "server", "REQUEST-MESSAGE",
          "leaves \"message\" out of the elicitation/create it sends"},
    Fault{"drop-schema", "server", "FORM-REQUESTED-SCHEMA",
          "leaves \"requestedSchema\" out of the form-mode elicitation/create it sends"},
    Fault{"nest-schema", "server", "FORM-SCHEMA-RESTRICTED",
          "wraps every requestedSchema property in a nested object"},
    Fault{"url-required-as-result", "server", "URL-REQUIRED-ERROR-LIST",
          "returns the URL-required list as a tool result instead of a -32042 JSON-RPC error"},
    Fault{"form-entry-in-url-error", "server", "URL-REQUIRED-ERROR-URL-MODE",
          "puts entries that are not URL mode, or lack an elicitationId, into a -32042 error"},
    Fault{"complete-wrong-id", "server", "COMPLETE-ELICITATION-ID",
          "sends notifications/elicitation/complete with an id it never issued"},
    Fault{"mangle-url", "server", "URL-VALID", "sends a URL-mode elicitation whose url is not a valid URL"},
    Fault{"drop-elicitation-id", "server", "URL-PARAMS", "leaves \"elicitationId\" out of URL-mode elicitations"},
    Fault{"bad-format", "server", "FORM-SCHEMA-FORMAT", "rewrites every string format to \"hostname\""},
    Fault{"bad-default", "server", "FORM-SCHEMA-DEFAULT", "replaces every default with an object, valid for no property"},
    Fault{"bad-enum", "server", "FORM-SCHEMA-ENUM", "turns every enum into a list of integers"},
    Fault{"trust-content", "server", "SERVER-VALIDATE-CONTENT",
          "passes on elicitation content without checking it against the schema it asked for"},
    Fault{"accept-undeclared-mode", "client", "CLIENT-ERR-UNSUPPORTED-MODE",
          "answers an elicitation in a mode it did not declare instead of returning -32602"},
    Fault{"mode-required", "client", "CLIENT-MODE-DEFAULT",
          "rejects an elicitation/create without \"mode\" instead of treating it as form mode"},
    Fault{"answer-notification", "client", "CLIENT-IGNORE-UNKNOWN-COMPLETE",
          "answers a completion notification for an unknown id with an error response"},
    Fault{"prefetch-url", "client", "CLIENT-URL-NO-PREFETCH",
          "fetches every elicitation URL as soon as it sees it, before asking the user"},
    Fault{"open-without-consent", "client", "CLIENT-URL-CONSENT",
          "opens an elicitation URL after asking the user, also when the user declined"},
    Fault{"swap-decline-cancel", "client", "RESULT-ACTION", "answers \"cancel\" when the user declined and vice versa"},
    Fault{"content-in-url-accept", "client", "RESULT-CONTENT", "sends a \"content\" object with a URL-mode accept"},
    Fault{"declare-no-capability", "client", "CAPABILITY-DECLARE",
          "supports elicitation but leaves the elicitation capability out of initialize"},
    Fault{"skip-initialized", "client", "LIFECYCLE-INITIALIZED", "never sends notifications/initialized"},
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
