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
