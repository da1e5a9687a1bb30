#include "report/official_suite.h"

namespace ec {

// Read from the official suite's scenario classes (their `name`, the side they test, what they
// check); docs/official-suite.md explains each line and a test keeps it equal to
// `elicit-conform list --official`.
const std::vector<OfficialScenario>& official_scenarios() {
  static const std::vector<OfficialScenario> table = {
      {"tools-call-elicitation",
       Role::Server,
       {"server.official.test-elicitation"},
       "its test_elicitation tool sends a form elicitation with the message it was given"},
      {"elicitation-sep1034-defaults",
       Role::Server,
       {"server.official.sep1034-defaults"},
       "its test_elicitation_sep1034_defaults tool sends a default of the right value for each primitive "
       "type"},
      {"elicitation-sep1330-enums",
       Role::Server,
       {"server.official.sep1330-enums"},
       "its test_elicitation_sep1330_enums tool sends the five SEP-1330 enum shapes"},
      {"input-required-result-basic-elicitation",
       Role::Server,
       {"server.modern.form-input-required", "server.modern.retry-completes"},
       "2026-07-28: the form elicitation inside an InputRequiredResult, and the retry that completes "
       "(here through the contract's elicit tool, not its test_input_required_result_elicitation)"},
      {"elicitation-sep1034-client-defaults",
       Role::Client,
       {"client.sep1034.defaults-prefilled", "client.sep1034.defaults-enum-values"},
       "a user who accepts the form untouched sends its defaults, for every primitive type and enums"},
      {"tasks-mrtr-input", Role::Server, {}, "tasks are out of this suite's scope"},
      {"tasks-mrtr-composition", Role::Server, {}, "tasks are out of this suite's scope"},
      {"sep-2322-client-request-state",
       Role::Client,
       {},
       "2026-07-28 client cases are not in the corpus yet (docs/modern-wire.md)"},
  };
  return table;
}

bool is_official_name(std::string_view name) { return name.find('.') == std::string_view::npos; }

const OfficialScenario* find_official_scenario(std::string_view name, Role role) {
  for (const OfficialScenario& s : official_scenarios()) {
    if (s.name == name && s.role == role) return &s;
  }
  return nullptr;
}

}  // namespace ec
