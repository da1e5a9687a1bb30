#include "spec/capability.h"

#include "core/json.h"
#include "core/json_pointer.h"

namespace ec {

std::string_view to_string(Mode mode) { return mode == Mode::Form ? "form" : "url"; }

std::string ElicitationCapability::describe() const {
  if (!declared) return "none";
  if (form && url) return "form and url";
  if (form) return "form only";
  if (url) return "url only";
  return "no mode";
}

CapabilityParse parse_elicitation_capability(const rapidjson::Value* elicitation, Revision revision,
                                             const std::string& pointer) {
  CapabilityParse out;
  if (elicitation == nullptr) return out;
  out.capability.declared = true;
  if (!elicitation->IsObject()) {
    out.diagnostics.push_back({"capability.not-object", "CAPABILITY-DECLARE", Level::Must, pointer,
                               "capabilities.elicitation is " + std::string(json_type_name(*elicitation)) +
                                   "; it must be an object such as {\"form\": {}}.",
                               "schema.json #/$defs/ClientCapabilities"});
    return out;
  }
  if (!features(revision).url_mode) {
    out.capability.form = true;  // 2025-06-18: the capability is the form mode
    return out;
  }
  if (elicitation->MemberCount() == 0) {
    out.capability.form = true;  // "an empty capabilities object is equivalent to ... form mode only"
    return out;
  }
  for (const char* name : {"form", "url"}) {
    const rapidjson::Value* mode = find_member(*elicitation, name);
    if (mode == nullptr) continue;
    if (!mode->IsObject()) {
      out.diagnostics.push_back({"capability.mode-not-object", "CAPABILITY-AT-LEAST-ONE-MODE", Level::Must,
                                 pointer_append(pointer, name),
                                 std::string("elicitation.") + name + " is " +
                                     std::string(json_type_name(*mode)) +
                                     "; a mode is declared with an object ({}), so this declares nothing.",
                                 "schema.json 2025-11-25 #/$defs/ClientCapabilities"});
      continue;
    }
    (std::string_view(name) == "form" ? out.capability.form : out.capability.url) = true;
  }
  if (!out.capability.form && !out.capability.url) {
    out.diagnostics.push_back(
        {"capability.no-mode", "CAPABILITY-AT-LEAST-ONE-MODE", Level::Must, pointer,
         "The elicitation capability is declared but names neither \"form\" nor \"url\"; only an "
         "empty object means form mode.",
         ""});
  }
  return out;
}

}  // namespace ec
