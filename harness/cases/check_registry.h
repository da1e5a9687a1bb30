// The check registry: every name a case's `check` step may use, registered once, with which cases
// may use it, the function that judges it and a line for people. The case loader
// (known_check_names()), the step engine's dispatch (run_transcript_check(),
// run_modern_client_check(), the session checks) and the tests read this table; the names a
// person reads in cases/case.schema.json are held to it by
// TranscriptChecks.TheCaseSchemaListsExactlyTheKnownChecks.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "cases/modern_client_checks.h"
#include "cases/transcript_checks.h"

namespace ec {

using TranscriptCheck = std::optional<CheckFailure> (*)(const Transcript&);
using ModernClientCheck = std::optional<CheckFailure> (*)(const ModernClientTranscript&);

// Which cases may name a check (the loader refuses it in the others).
enum class CheckCases { Any, Server, Client };

// Who judges a check that needs the live session rather than a transcript.
enum class SessionJudge { None, StepEngine, ServerRun, ClientRun };

struct CheckEntry {
  std::string_view name;
  CheckCases cases = CheckCases::Any;
  // The pure function over the run's Transcript (transcript_checks.h); nullptr: none.
  TranscriptCheck transcript = nullptr;
  // The pure function over a 2026-07-28 client run (modern_client_checks.h); a 2026-07-28 client
  // case takes it before `transcript`. nullptr: none.
  ModernClientCheck modern_client = nullptr;
  // Neither function: the live session judges it (StepEngine::do_check(), or the role's
  // role_check() in server_run.cpp / client_run.cpp).
  SessionJudge session = SessionJudge::None;
  std::string_view summary;  // what it holds, in one line
};

// Every check, sorted by name, each name once.
std::span<const CheckEntry> check_registry();

// nullptr for a name no check has.
const CheckEntry* find_check(std::string_view name);

}  // namespace ec
