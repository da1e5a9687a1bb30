// The whole-transcript checks a case names in a `check` step: pure functions of what one run
// saw (the SUT's messages in order, what the harness asked and sent), so that they can be tested
// and fuzzed without a SUT. The step engine builds a Transcript when a check step comes and
// reports a CheckFailure as that step's failure.
//
// Every check name is registered once, in cases/check_registry.cpp (with who may use it, the
// function that judges it and a line for people); the functions of this file are its transcript
// column.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "cases/case_file.h"
#include "core/diagnostic.h"
#include "spec/capability.h"
#include "spec/revision.h"
#include "spec/role.h"

namespace ec {

struct Transcript {
  Revision revision = Revision::V2025_11_25;
  Role role = Role::Server;  // the SUT's
  Transport transport = Transport::Stdio;
  std::vector<const rapidjson::Value*> sut_messages;  // what the SUT sent, in order
  // Over Streamable HTTP, the status of the POST that carried each of sut_messages (same index;
  // 0: none). Empty on stdio.
  std::vector<int> http_status;
  std::set<std::string> harness_ids;                             // ids of our requests (JSON text)
  std::map<std::string, const rapidjson::Value*> step_requests;  // by id: what send steps sent
  std::vector<const rapidjson::Value*> asked_elicitations;       // the params tools were asked to send
  ElicitationCapability client_capability;                       // the client side's declared modes
  std::string sut_protocol_version;  // the initialize exchange's protocolVersion as the SUT sent it (JSON)
  Diagnostics sut_findings;          // check_message's findings on the SUT's messages
  std::string closed_reason;         // " (the SUT closed the connection: ...)", or ""
};

struct CheckFailure {
  std::string reason;
  std::string pointer;  // into `message`
  std::string message;  // the offending SUT message (JSON), or ""
  // The rule the finding breaks (a requirement key), when the check knows it: the reports quote
  // it first and give it, not every rule the case cites, the run's verdict.
  std::string requirement = {};
};

// Every elicitation the SUT asked for, as an elicitation/create request: its own requests (2025)
// and, on 2026-07-28, each elicitation/create input request of an InputRequiredResult, rebuilt
// as a request so that the elicitation checks judge both eras alike.
// Points into the transcript's messages (which must outlive it); only a rebuilt input request is
// a document of its own. The evidence is written out only for a failure: most checks hold.
struct TranscriptElicitation {
  const rapidjson::Value* request = nullptr;     // {"method":"elicitation/create","params":...}
  std::shared_ptr<rapidjson::Document> rebuilt;  // owns `request` when it was rebuilt, else empty
  std::string prefix;  // where the request sits in the message ("" for a request of its own)
  const rapidjson::Value* sent = nullptr;  // the SUT's message as sent
  std::string message() const;             // `sent` as JSON text (the evidence)
};
std::vector<TranscriptElicitation> transcript_elicitations(
    const std::vector<const rapidjson::Value*>& sut_messages, Revision revision);

// The checks of the registry with a transcript function (cases/check_registry.cpp says what each
// holds).
bool is_transcript_check(std::string_view name);
// Runs check `name` (is_transcript_check); nullopt when it holds.
std::optional<CheckFailure> run_transcript_check(std::string_view name, const Transcript& t);

// no-legacy-elicitation, the one implementation for both roles (the transcript check above and
// modern_client_checks.h's call it): on the 2026-07-28 wire the SUT uses none of the 2025
// elicitation vocabulary. A server: no JSON-RPC request of its own, no -32042. A client: no
// initialize, no JSON-RPC response (no ElicitResult sent the 2025 way), no
// notifications/elicitation/complete.
std::optional<CheckFailure> no_legacy_elicitation(Role sut, Revision revision,
                                                  const std::vector<const rapidjson::Value*>& sut_messages);

// Every check name a case file may use, sorted: the registry's names.
const std::vector<std::string>& known_check_names();

}  // namespace ec
