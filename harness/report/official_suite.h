// The official MCP conformance suite's scenario names and the cases of ours that check the same
// rules, so that its command-line words (--scenario) and its expected-failures files mean
// something here. Only scenarios about elicitation are listed; a name that maps to no case is
// listed with the reason, and every use of a name that does not map is reported.
#pragma once

#include <string_view>
#include <vector>

#include "report/baseline.h"

namespace ec {

struct OfficialScenario {
  std::string_view name;                // as the official suite names it
  Role role = Role::Server;             // the side under test, as its client:/server: sections say
  std::vector<std::string_view> cases;  // our case ids; empty: no counterpart here
  std::string_view note;                // why it maps to these cases, or why to none
};

const std::vector<OfficialScenario>& official_scenarios();

// A name written the official suite's way: ours always start with "client." or "server." and
// contain a dot; the official suite's contain none ("tools-call-elicitation", "auth/basic-dcr").
bool is_official_name(std::string_view name);

// The scenario of that name for that side under test, or nullptr when this suite does not know
// it (not about elicitation, or written for the other side).
const OfficialScenario* find_official_scenario(std::string_view name, Role role);

}  // namespace ec
