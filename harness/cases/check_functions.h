// The functions behind the rows of the check registry (cases/check_registry.cpp), and nothing
// else includes this: a case reaches a check through the registry, by its name.
#pragma once

#include <optional>

#include "cases/modern_client_checks.h"
#include "cases/transcript_checks.h"

namespace ec {

// cases/transcript_checks.cpp: pure functions over a Transcript.
namespace transcript_check {
std::optional<CheckFailure> no_elicitation(const Transcript& t);
std::optional<CheckFailure> observed_elicitation(const Transcript& t);
std::optional<CheckFailure> elicitations_valid(const Transcript& t);
std::optional<CheckFailure> schema_consistent(const Transcript& t);
std::optional<CheckFailure> security_heuristics(const Transcript& t);
std::optional<CheckFailure> jsonrpc_valid(const Transcript& t);
std::optional<CheckFailure> schema_as_asked(const Transcript& t);
std::optional<CheckFailure> schema_titles_as_asked(const Transcript& t);
std::optional<CheckFailure> protocol_version(const Transcript& t);
std::optional<CheckFailure> initialize_first(const Transcript& t);
std::optional<CheckFailure> one_response_per_request(const Transcript& t);
std::optional<CheckFailure> modern_results_valid(const Transcript& t);
std::optional<CheckFailure> results_valid(const Transcript& t);
std::optional<CheckFailure> modern_server_info(const Transcript& t);
std::optional<CheckFailure> result_types_core(const Transcript& t);
std::optional<CheckFailure> http_error_status(const Transcript& t);
std::optional<CheckFailure> no_legacy_elicitation(const Transcript& t);
std::optional<CheckFailure> no_id_reuse(const Transcript& t);
std::optional<CheckFailure> no_response_to_notification(const Transcript& t);
}  // namespace transcript_check

// cases/modern_client_checks.cpp: pure functions over a ModernClientTranscript.
namespace modern_client_check {
std::optional<CheckFailure> meta_required(const ModernClientTranscript& t);
std::optional<CheckFailure> meta_client_info(const ModernClientTranscript& t);
std::optional<CheckFailure> capability_each_request(const ModernClientTranscript& t);
std::optional<CheckFailure> discover_first(const ModernClientTranscript& t);
std::optional<CheckFailure> probe_once(const ModernClientTranscript& t);
std::optional<CheckFailure> retry_new_id(const ModernClientTranscript& t);
std::optional<CheckFailure> state_scoped(const ModernClientTranscript& t);
std::optional<CheckFailure> retry_state_echoed(const ModernClientTranscript& t);
std::optional<CheckFailure> retry_inputs_complete(const ModernClientTranscript& t);
std::optional<CheckFailure> retry_content_valid(const ModernClientTranscript& t);
std::optional<CheckFailure> no_legacy_elicitation(const ModernClientTranscript& t);
std::optional<CheckFailure> http_version_header(const ModernClientTranscript& t);
std::optional<CheckFailure> http_version_header_match(const ModernClientTranscript& t);
std::optional<CheckFailure> no_response_to_notification(const ModernClientTranscript& t);
}  // namespace modern_client_check

}  // namespace ec
