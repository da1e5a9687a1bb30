// The `elicitation` client capability. 2025-11-25: `{}` means form only (backwards
// compatibility), otherwise `form` and `url` name the modes; a declared capability must name at
// least one. 2025-06-18 knows one mode, so any object declares form.
#pragma once

#include <string>

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "spec/revision.h"

namespace ec {

enum class Mode { Form, Url };

std::string_view to_string(Mode mode);

struct ElicitationCapability {
  bool declared = false;  // capabilities.elicitation was present
  bool form = false;
  bool url = false;

  bool supports(Mode mode) const { return mode == Mode::Form ? form : url; }
  std::string describe() const;  // "none", "form only", "url only", "form and url", "no mode"
};

struct CapabilityParse {
  ElicitationCapability capability;
  Diagnostics diagnostics;
};

// `elicitation` is capabilities.elicitation, or nullptr when the client did not send it.
CapabilityParse parse_elicitation_capability(const rapidjson::Value* elicitation, Revision revision,
                                             const std::string& pointer);

}  // namespace ec
