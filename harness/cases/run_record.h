// What running one case against a SUT produced: the first failing step (with the check id a
// baseline can name), or why the case was skipped or could not run, the SUT's messages as a
// timestamped transcript, and the stateless findings about every message the SUT sent. The
// report layer turns a record into a verdict; the runner only says what it saw.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cases/case_file.h"
#include "core/diagnostic.h"
#include "spec/revision.h"

namespace ec {

struct TranscriptEntry {
  double at_ms = 0;  // since the case started
  std::string from;  // "harness", "sut", or "note" (harness remarks: timeouts, exits)
  std::string text;  // the message as sent or received (possibly abbreviated)
};

struct StepFailure {
  std::string
      check;  // stable id (Step::check_id): "response.call", "check.no-elicitation", "lifecycle.initialize"
  std::string step_pointer;     // "/steps/3" in the case file ("" for lifecycle)
  std::string reason;           // what was expected and what was seen
  std::string message_pointer;  // into the offending SUT message, when there is one
  std::string message;          // the offending SUT message, when there is one
  // The rule itself was never reached: the SUT lacks what the case needs (a contract tool, the
  // capabilities it was asked to declare, the tool call of the case) or did not do the step that
  // sets the rule up. Judged FAIL marked "not testable", whatever the case's level, as the
  // official suite does: a SUT that cannot be tested is not conformant by default.
  bool prerequisite = false;
  // The rule broken, when the failing check knows it (a requirement key; "" otherwise).
  std::string requirement = {};
};

struct RunRecord {
  std::string case_id;
  // The revision whose rules judged the run: the one the peer negotiated. It differs from
  // `planned` (the run's place in the plan: the case's revision or --revision) when the peer
  // negotiated another revision the case also applies to; reports then say "ran at X (asked Y)".
  Revision revision = default_revision();
  Revision planned = default_revision();
  std::string negotiated;  // the session's protocolVersion as the initialize exchange set it ("" if none)
  // Server role: the protocolVersion the harness's initialize asked for ("" when it sent none).
  std::string asked_version;
  Transport transport = Transport::Stdio;
  // SKIP, with the reason: only when the SUT itself said it cannot run the case (exit 77 after
  // "elicit-conform: SKIP: <reason>" on stderr, or a response whose error message or tool text
  // starts with that marker). A missing prerequisite is a not-testable FAIL, never a SKIP.
  std::optional<std::string> skipped;
  // The SUT's SKIP covers every case at `planned` ("elicit-conform: SKIP-REVISION: <reason>"
  // before exit 77): the run starts it for no other case at that revision.
  bool revision_declined = false;
  std::optional<std::string> harness_error;  // the harness could not run the case
  // The SUT never came up (it could not be started, never connected, or never answered or sent
  // initialize): ERROR, not a conformance verdict on the case's rule.
  std::optional<std::string> sut_unavailable;
  std::optional<StepFailure> failure;  // the first failing step
  // An expect step with absent_ok saw nothing it matches: what did not come, and why that keeps
  // the rule. A PASS says it, so that it never reads as "the SUT did it right".
  std::optional<std::string> absence_accepted;
  Diagnostics sut_findings;  // check-message findings on SUT messages (MUST/SHOULD)
  std::vector<TranscriptEntry> transcript;
  std::string sut_stderr;
  std::string sut_exit;  // how the SUT process ended
  double duration_ms = 0;
};

}  // namespace ec
