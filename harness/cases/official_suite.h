// The official MCP conformance suite's scenario names and the cases of ours that check the same
// rules, so that its command-line words (--scenario) and its expected-failures files mean
// something here. Only scenarios about elicitation are listed; a name that maps to no case is
// listed with the reason, and every use of a name that does not map is reported.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "spec/role.h"

namespace ec {

struct OfficialScenario {
  std::string_view name;                // as the official suite names it
  Role role = Role::Server;             // the side under test, as its client:/server: sections say
  std::vector<std::string_view> cases;  // our case ids; empty: no counterpart here
  std::string_view note;                // why it maps to these cases, or why to none
  // The official requirement sets (its requirements/<revision>.yaml) that list it: `--requirements`.
  std::vector<std::string_view> required_in;
};

const std::vector<OfficialScenario>& official_scenarios();

// A name written the official suite's way: ours always start with "client." or "server." and
// contain a dot; the official suite's contain none ("tools-call-elicitation", "auth/basic-dcr").
bool is_official_name(std::string_view name);

// The scenario of that name for that side under test, or nullptr when this suite does not know
// it (not about elicitation, or written for the other side).
const OfficialScenario* find_official_scenario(std::string_view name, Role role);

// Every scenario of the official suite that tests `role`'s side, whether or not it maps: the
// table above and the scenarios that are not about elicitation (`server-initialize`,
// `auth/basic-dcr`, ...). A name of neither is a typo, not a scenario to skip.
const std::vector<std::string_view>& other_official_names(Role role);
bool is_official_scenario(std::string_view name, Role role);
// Every official name of both sides, the table's first (for "did you mean").
std::vector<std::string> official_scenario_names();

// The name a SUT is given for a case (MCP_CONFORMANCE_SCENARIO, the context's `name`): the
// official scenario that lists it, so that an official fixture picks its behaviour by a name it
// knows; the first such row of official_scenarios() when several do (the order `list --official`
// prints); else the case id itself.
std::string conformance_scenario_name(std::string_view case_id);

// The official requirement set revisions (`--requirements REV`) this suite knows.
const std::vector<std::string_view>& official_requirement_revisions();

}  // namespace ec
