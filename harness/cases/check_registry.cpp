#include "cases/check_registry.h"

#include <algorithm>
#include <array>

#include "cases/check_functions.h"

namespace ec {
namespace {

namespace t = transcript_check;
namespace m = modern_client_check;

using C = CheckCases;
using S = SessionJudge;

// One row per check, sorted by name (a test holds it so). Columns: name, the cases that may use
// it, its transcript function, its 2026-07-28 client function, its session judge, its summary.
constexpr std::array kRegistry{
    CheckEntry{
        "capability-each-request", C::Any, nullptr, m::capability_each_request, S::None,
        "(2026-07-28 client) every request's _meta declares the elicitation capability the case asked for"},
    CheckEntry{"discover-first", C::Any, nullptr, m::discover_first, S::None,
               "(2026-07-28 client) the first request is server/discover (the stdio probe)"},
    CheckEntry{
        "dual-era-probe", C::Any, nullptr, nullptr, S::ClientRun,
        "(client, harness.revision) the first request is server/discover with a modern version in its _meta"},
    CheckEntry{"elicitations-valid", C::Any, t::elicitations_valid, nullptr, S::None,
               "every elicitation (and -32042) keeps the MUST rules, in a declared mode"},
    CheckEntry{"fallback-any-error", C::Any, nullptr, nullptr, S::ClientRun,
               "(client, harness.revision) a client whose probe got harness.discover_error sends initialize"},
    CheckEntry{
        "fallback-latest-version", C::Any, nullptr, nullptr, S::ClientRun,
        "(client) the fallback's initialize asks for the latest initialize-based version of sut.versions"},
    CheckEntry{
        "fallback-on-legacy-400", C::Any, nullptr, nullptr, S::ClientRun,
        "(client, HTTP) a modern request refused with 400 and no modern error is followed by initialize"},
    CheckEntry{"http-error-status", C::Any, t::http_error_status, nullptr, S::None,
               "(2026-07-28, HTTP) the modern errors answering a step's request come with status 400"},
    CheckEntry{"http-version-header", C::Any, nullptr, m::http_version_header, S::None,
               "(2026-07-28 client, HTTP) every request's POST carries MCP-Protocol-Version"},
    CheckEntry{"http-version-header-match", C::Any, nullptr, m::http_version_header_match, S::None,
               "(2026-07-28 client, HTTP) that header equals the request's _meta protocol version"},
    CheckEntry{"initialize-error-names-versions", C::Any, nullptr, nullptr, S::ServerRun,
               "(server) the error answering a step's initialize names every version server/discover listed"},
    CheckEntry{"initialize-first", C::Client, t::initialize_first, nullptr, S::None,
               "a client sends nothing but ping and server/discover before initialize"},
    CheckEntry{"jsonrpc-valid", C::Any, t::jsonrpc_valid, nullptr, S::None,
               "every SUT message is JSON-RPC as MCP uses it"},
    CheckEntry{"latest-version", C::Server, nullptr, nullptr, S::StepEngine,
               "a second session asks for 2000-01-01 and gets a version not older than this session's"},
    CheckEntry{"meta-client-info", C::Any, nullptr, m::meta_client_info, S::None,
               "(2026-07-28 client) every request names the client in _meta (META-CLIENT-INFO)"},
    CheckEntry{
        "meta-required", C::Any, nullptr, m::meta_required, S::None,
        "(2026-07-28 client) every request carries _meta with the required fields (META-REQUIRED-FIELDS)"},
    CheckEntry{"modern-results-valid", C::Any, t::modern_results_valid, nullptr, S::None,
               "(2026-07-28) every response to a send step keeps the MUST rules"},
    CheckEntry{"modern-server-info", C::Any, t::modern_server_info, nullptr, S::None,
               "(2026-07-28) every result names the server in _meta"},
    CheckEntry{"no-elicitation", C::Any, t::no_elicitation, nullptr, S::None,
               "the SUT asked for no elicitation"},
    CheckEntry{
        "no-fallback-on-modern-400", C::Any, nullptr, nullptr, S::ClientRun,
        "(client, HTTP) a first request answered with harness.first_request_error and 400: no initialize"},
    CheckEntry{"no-fallback-on-modern-error", C::Any, nullptr, nullptr, S::ClientRun,
               "(client, stdio) the same where the modern error comes alone"},
    CheckEntry{"no-id-reuse", C::Any, t::no_id_reuse, nullptr, S::None,
               "no request id used twice by the SUT"},
    CheckEntry{"no-legacy-elicitation", C::Any, t::no_legacy_elicitation, m::no_legacy_elicitation, S::None,
               "(2026-07-28) none of the 2025 vocabulary: no_legacy_elicitation() in transcript_checks.h"},
    CheckEntry{"no-response-to-notification", C::Any, t::no_response_to_notification,
               m::no_response_to_notification, S::None,
               "no response that answers no request of the harness (on 2026-07-28 a client's: none but an "
               "input request's key)"},
    CheckEntry{"observed-elicitation", C::Any, t::observed_elicitation, nullptr, S::None,
               "the SUT asked for an elicitation (or sent -32042): there was something to judge"},
    CheckEntry{"one-response-per-request", C::Any, t::one_response_per_request, nullptr, S::None,
               "no request of the harness answered twice"},
    CheckEntry{"probe-once", C::Any, nullptr, m::probe_once, S::None,
               "(2026-07-28 client) no second server/discover in a case whose server answers without error"},
    CheckEntry{"protocol-version", C::Any, t::protocol_version, nullptr, S::None,
               "the initialize exchange names a protocol version"},
    CheckEntry{"result-types-core", C::Any, t::result_types_core, nullptr, S::None,
               "(2026-07-28) no resultType beyond the core ones without extensions"},
    CheckEntry{
        "results-valid", C::Any, t::results_valid, nullptr, S::None,
        "every result to a step's elicitation/create keeps the MUST and SHOULD rules of an ElicitResult"},
    CheckEntry{"retry-content-valid", C::Any, nullptr, m::retry_content_valid, S::None,
               "(2026-07-28 client) accepted form content fits the requestedSchema it answers"},
    CheckEntry{"retry-inputs-complete", C::Any, nullptr, m::retry_inputs_complete, S::None,
               "(2026-07-28 client) each retry answers every input request, and only those"},
    CheckEntry{"retry-new-id", C::Any, nullptr, m::retry_new_id, S::None,
               "(2026-07-28 client) each retry has an id of its own, none of its chain's"},
    CheckEntry{"retry-state-echoed", C::Any, nullptr, m::retry_state_echoed, S::None,
               "(2026-07-28 client) each retry echoes requestState byte for byte, or none when none came"},
    CheckEntry{"schema-as-asked", C::Any, t::schema_as_asked, nullptr, S::None,
               "each form carries the validity keywords the tool was asked to send, and none it was not"},
    CheckEntry{"schema-consistent", C::Any, t::schema_consistent, nullptr, S::None,
               "no requested schema that no answer can satisfy (SHOULD)"},
    CheckEntry{"schema-titles-as-asked", C::Any, t::schema_titles_as_asked, nullptr, S::None,
               "schema-as-asked, and the titles and descriptions"},
    CheckEntry{"security-heuristics", C::Any, t::security_heuristics, nullptr, S::None,
               "no elicitation that asks for a secret or carries a clickable URL"},
    CheckEntry{"state-scoped", C::Any, nullptr, m::state_scoped, S::None,
               "(2026-07-28 client) requestState and inputResponses only on the retry they belong to"},
    CheckEntry{"unsupported-version-not-echoed", C::Server, nullptr, nullptr, S::StepEngine,
               "that second session is not answered with the unsupported version itself"},
};

}  // namespace

std::span<const CheckEntry> check_registry() { return kRegistry; }

const CheckEntry* find_check(std::string_view name) {
  const auto it = std::lower_bound(kRegistry.begin(), kRegistry.end(), name,
                                   [](const CheckEntry& e, std::string_view n) { return e.name < n; });
  return it != kRegistry.end() && it->name == name ? &*it : nullptr;
}

}  // namespace ec
