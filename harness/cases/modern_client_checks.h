// The whole-transcript checks of a 2026-07-28 client case (the SUT is a client on the modern
// wire, the harness its server). They judge what only this wire has: the `_meta` of every
// request, the retries that follow the InputRequiredResults the case's steps sent, and the
// absence of the 2025 vocabulary. Each check judges the rules its name says and nothing else, so
// that a case fails for the rule it cites: a client that mangles requestState fails the cases
// about state, not every case that happens to carry one.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "cases/transcript_checks.h"
#include "spec/revision.h"

namespace ec {

// An InputRequiredResult the harness sent, the client request it answered, and the client's next
// request of the same method after it (the retry; nullptr when none came).
struct RetryExchange {
  const rapidjson::Value* original = nullptr;
  const rapidjson::Value* input_required = nullptr;  // the whole JSON-RPC response
  const rapidjson::Value* retry = nullptr;
};

struct ModernClientTranscript {
  Revision revision = Revision::V2026_07_28;
  std::vector<const rapidjson::Value*> sut_messages;  // what the client sent, in order
  std::vector<RetryExchange> exchanges;               // in the order the harness answered
  // ELICIT_CONFORM_CAPABILITIES as the case set it: nullptr "none"; unset: the case asked nothing.
  std::optional<const rapidjson::Value*> asked_capability;
  // Over Streamable HTTP: the MCP-Protocol-Version header of the POST that brought each of
  // sut_messages (same index; nullopt: none). Empty on stdio, where the http-* checks judge nothing.
  std::vector<std::optional<std::string>> version_headers;
};

// The checks of the registry with a 2026-07-28 client function (cases/check_registry.cpp says what
// each holds; the functions are in this file's .cpp).
bool is_modern_client_check(std::string_view name);

// Runs check `name`; nullopt when it holds (or when no such check judges a 2026-07-28 client).
std::optional<CheckFailure> run_modern_client_check(std::string_view name, const ModernClientTranscript& t);

}  // namespace ec
