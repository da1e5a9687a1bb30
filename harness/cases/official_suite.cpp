#include "cases/official_suite.h"

#include <algorithm>

namespace ec {

// Read from the official suite's scenario classes (their `name`, the side they test, what they
// check) and its requirement sets (requirements/2025-11-25.yaml, requirements/2026-07-28.yaml of
// github.com/modelcontextprotocol/conformance: the sets that list each scenario);
// docs/official-suite.md explains each line and a test keeps it equal to `elicit-conform list --official`.
const std::vector<OfficialScenario>& official_scenarios() {
  static const std::vector<OfficialScenario> table = {
      {"tools-call-elicitation",
       Role::Server,
       {"server.official.test-elicitation"},
       "its test_elicitation tool sends a form elicitation with the message it was given",
       {"2025-11-25"}},
      {"elicitation-sep1034-defaults",
       Role::Server,
       {"server.official.sep1034-defaults"},
       "its test_elicitation_sep1034_defaults tool sends a default of the right value for each primitive "
       "type",
       {"2025-11-25"}},
      {"elicitation-sep1330-enums",
       Role::Server,
       {"server.official.sep1330-enums"},
       "its test_elicitation_sep1330_enums tool sends the five SEP-1330 enum shapes",
       {"2025-11-25"}},
      {"input-required-result-basic-elicitation",
       Role::Server,
       {"server.modern.form-input-required", "server.modern.retry-completes"},
       "2026-07-28: the form elicitation inside an InputRequiredResult, and the retry that completes "
       "(here through the contract's elicit tool, not its test_input_required_result_elicitation)",
       {"2026-07-28"}},
      {"input-required-result-request-state",
       Role::Server,
       {"server.modern.retry-completes", "server.modern.multi-round"},
       "2026-07-28: the requestState of an InputRequiredResult, echoed on the retry, carries the call to "
       "its next round and to completion",
       {"2026-07-28"}},
      {"input-required-result-multiple-input-requests",
       Role::Server,
       {"server.modern.several-at-once"},
       "2026-07-28: two input requests in one InputRequiredResult, under distinct keys, and the retry "
       "carrying both (here through the contract's elicit_together)",
       {"2026-07-28"}},
      {"input-required-result-multi-round",
       Role::Server,
       {"server.modern.multi-round", "server.modern.multi-round-interleaved"},
       "2026-07-28: rounds one after another until the complete result; here also two calls whose rounds "
       "interleave (the contract's elicit_sequence)",
       {"2026-07-28"}},
      {"input-required-result-missing-input-response",
       Role::Server,
       {"server.modern.asks-again", "server.modern.retry-without-input-responses"},
       "2026-07-28: a retry without the response asked for is asked again, not refused",
       {"2026-07-28"}},
      {"input-required-result-result-type",
       Role::Server,
       {"server.modern.result-types-core"},
       "2026-07-28: every result says its resultType",
       {"2026-07-28"}},
      {"input-required-result-unsupported-methods",
       Role::Server,
       {"server.modern.input-required-only-on-supported-requests"},
       "2026-07-28: no InputRequiredResult on a request that may not have one (tools/list, prompts/list)",
       {"2026-07-28"}},
      {"input-required-result-capability-check",
       Role::Server,
       {"server.modern.capability-missing-error", "server.modern.no-elicitation-without-capability"},
       "2026-07-28: no elicitation for a request that declares no elicitation capability, -32021 instead",
       {"2026-07-28"}},
      {"input-required-result-ignore-extra-params",
       Role::Server,
       {"server.modern.ignores-unknown-responses"},
       "2026-07-28: input responses the server did not ask for are ignored",
       {"2026-07-28"}},
      {"input-required-result-validate-input",
       Role::Server,
       {"server.modern.malformed-responses-rejected"},
       "2026-07-28: inputResponses that is no InputResponses object is a protocol error",
       {"2026-07-28"}},
      {"elicitation-sep1034-client-defaults",
       Role::Client,
       {"client.sep1034.defaults-prefilled", "client.sep1034.defaults-enum-values"},
       "a user who accepts the form untouched sends its defaults, for every primitive type and enums",
       {"2025-11-25"}},
      {"tasks-mrtr-input", Role::Server, {}, "tasks are out of this suite's scope", {}},
      {"tasks-mrtr-composition", Role::Server, {}, "tasks are out of this suite's scope", {}},
      {"sep-2322-client-request-state",
       Role::Client,
       {"client.modern.state-echoed-exactly", "client.modern.no-state-invented", "client.modern.retry-new-id",
        "client.modern.retry-new-id-every-round", "client.modern.state-scoped"},
       "2026-07-28: the client echoes requestState exactly, invents none, retries with a new id in every "
       "round, and puts the state on no other request",
       {"2026-07-28"}},
  };
  return table;
}

const std::vector<std::string_view>& official_requirement_revisions() {
  static const std::vector<std::string_view> revisions = {"2025-11-25", "2026-07-28"};
  return revisions;
}

std::string conformance_scenario_name(std::string_view case_id) {
  for (const OfficialScenario& s : official_scenarios()) {
    if (std::find(s.cases.begin(), s.cases.end(), case_id) != s.cases.end()) return std::string(s.name);
  }
  return std::string(case_id);
}

bool is_official_name(std::string_view name) { return name.find('.') == std::string_view::npos; }

const OfficialScenario* find_official_scenario(std::string_view name, Role role) {
  for (const OfficialScenario& s : official_scenarios()) {
    if (s.name == name && s.role == role) return &s;
  }
  return nullptr;
}

}  // namespace ec
