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
      {"input-required-result-non-tool-request",
       Role::Server,
       {"server.modern.prompt-input-required"},
       "2026-07-28: input required on prompts/get, and the retry completes with the prompt (here through "
       "the contract's elicit_prompt)",
       {"2026-07-28"}},
      {"input-required-result-tampered-state",
       Role::Server,
       {"server.modern.tampered-state-rejected"},
       "2026-07-28: a requestState altered between rounds is refused, never completed on (where the tool "
       "declares its state protected; here a fresh question counts as refusing it too)",
       {"2026-07-28"}},
      {"tasks-mrtr-input",
       Role::Server,
       {},
       "tasks are out of this suite's scope at 2026-07-28: there they are an extension whose normative text "
       "is not in the spec this suite carries (docs/catalog-audit.md, \"Tasks and elicitation\")",
       {}},
      {"tasks-mrtr-composition",
       Role::Server,
       {},
       "tasks are out of this suite's scope at 2026-07-28: there they are an extension whose normative text "
       "is not in the spec this suite carries (docs/catalog-audit.md, \"Tasks and elicitation\")",
       {}},
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

// Every other scenario of the official suite, by the side it tests: names an official command
// line may give that have no elicitation counterpart here. Read from
// github.com/modelcontextprotocol/conformance at c321dd32 (2026-08-07): the `name` of each class
// under src/scenarios/server/ (the `server` command) and src/scenarios/client/ (the `client`
// command), and the names its requirements/*.yaml list (the auth variants it names at run time).
const std::vector<std::string_view>& other_official_names(Role role) {
  static const std::vector<std::string_view> server = {"caching",
                                                       "completion-complete",
                                                       "dns-rebinding-protection",
                                                       "http-custom-header-server-validation",
                                                       "http-header-validation",
                                                       "input-required-result-basic-list-roots",
                                                       "input-required-result-basic-sampling",
                                                       "json-schema-2020-12",
                                                       "logging-set-level",
                                                       "ping",
                                                       "prompts-get-embedded-resource",
                                                       "prompts-get-simple",
                                                       "prompts-get-with-args",
                                                       "prompts-get-with-image",
                                                       "prompts-list",
                                                       "resources-list",
                                                       "resources-read-binary",
                                                       "resources-read-text",
                                                       "resources-subscribe",
                                                       "resources-templates-read",
                                                       "resources-unsubscribe",
                                                       "sep-2164-resource-not-found",
                                                       "server-initialize",
                                                       "server-session-lifecycle",
                                                       "server-sse-multiple-streams",
                                                       "server-sse-polling",
                                                       "server-stateless",
                                                       "tasks-capability-negotiation",
                                                       "tasks-dispatch-and-envelope",
                                                       "tasks-lifecycle",
                                                       "tasks-request-headers",
                                                       "tasks-request-state-removal",
                                                       "tasks-required-task-error",
                                                       "tasks-status-notifications",
                                                       "tasks-wire-fields",
                                                       "tools-call-audio",
                                                       "tools-call-embedded-resource",
                                                       "tools-call-error",
                                                       "tools-call-image",
                                                       "tools-call-mixed-content",
                                                       "tools-call-sampling",
                                                       "tools-call-simple-text",
                                                       "tools-call-with-logging",
                                                       "tools-call-with-progress",
                                                       "tools-list"};
  static const std::vector<std::string_view> client = {"auth/2025-03-26-oauth-endpoint-fallback",
                                                       "auth/2025-03-26-oauth-metadata-backcompat",
                                                       "auth/authorization-server-migration",
                                                       "auth/basic-cimd",
                                                       "auth/client-credentials-basic",
                                                       "auth/client-credentials-jwt",
                                                       "auth/dpop",
                                                       "auth/dpop-nonce",
                                                       "auth/enterprise-managed-authorization",
                                                       "auth/iss-normalized",
                                                       "auth/iss-not-advertised",
                                                       "auth/iss-supported",
                                                       "auth/iss-supported-missing",
                                                       "auth/iss-unexpected",
                                                       "auth/iss-wrong-issuer",
                                                       "auth/metadata-default",
                                                       "auth/metadata-issuer-mismatch",
                                                       "auth/metadata-var1",
                                                       "auth/metadata-var2",
                                                       "auth/metadata-var3",
                                                       "auth/offline-access-not-supported",
                                                       "auth/offline-access-scope",
                                                       "auth/pre-registration",
                                                       "auth/resource-mismatch",
                                                       "auth/scope-from-scopes-supported",
                                                       "auth/scope-from-www-authenticate",
                                                       "auth/scope-omitted-when-undefined",
                                                       "auth/scope-retry-limit",
                                                       "auth/scope-step-up",
                                                       "auth/token-endpoint-auth-basic",
                                                       "auth/token-endpoint-auth-none",
                                                       "auth/token-endpoint-auth-post",
                                                       "auth/wif-jwt-bearer",
                                                       "http-custom-headers",
                                                       "http-invalid-tool-headers",
                                                       "http-standard-headers",
                                                       "initialize",
                                                       "json-schema-2020-12-preservation",
                                                       "json-schema-ref-no-deref",
                                                       "request-metadata",
                                                       "sse-retry",
                                                       "tools_call"};
  return role == Role::Server ? server : client;
}

bool is_official_scenario(std::string_view name, Role role) {
  const std::vector<std::string_view>& other = other_official_names(role);
  return find_official_scenario(name, role) != nullptr ||
         std::find(other.begin(), other.end(), name) != other.end();
}

std::vector<std::string> official_scenario_names() {
  std::vector<std::string> out;
  for (const OfficialScenario& s : official_scenarios()) out.emplace_back(s.name);
  for (Role role : {Role::Server, Role::Client}) {
    for (std::string_view n : other_official_names(role)) out.emplace_back(n);
  }
  return out;
}

bool is_official_name(std::string_view name) { return name.find('.') == std::string_view::npos; }

const OfficialScenario* find_official_scenario(std::string_view name, Role role) {
  for (const OfficialScenario& s : official_scenarios()) {
    if (s.name == name && s.role == role) return &s;
  }
  return nullptr;
}

}  // namespace ec
