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
  double at_ms = 0;      // since the case started
  std::string from;      // "harness", "sut", or "note" (harness remarks: timeouts, exits)
  std::string text;      // the message as sent or received (possibly abbreviated)
};

struct StepFailure {
  std::string check;         // stable id: "step-3.expect", "step-5.check.no-elicitation", "lifecycle.initialize"
  std::string step_pointer;  // "/steps/3" in the case file ("" for lifecycle)
  std::string reason;        // what was expected and what was seen
  std::string message_pointer;  // into the offending SUT message, when there is one
  std::string message;          // the offending SUT message, when there is one
  bool prerequisite = false;    // the rule itself was never reached
};

struct RunRecord {
  std::string case_id;
  Revision revision = default_revision();
  Transport transport = Transport::Stdio;
  std::optional<std::string> skipped;        // reason
  std::optional<std::string> harness_error;  // the harness could not run the case
  std::optional<StepFailure> failure;        // the first failing step
  Diagnostics sut_findings;                  // check-message findings on SUT messages (MUST/SHOULD)
  std::vector<TranscriptEntry> transcript;
  std::string sut_stderr;
  std::string sut_exit;  // how the SUT process ended
  double duration_ms = 0;
};

}  // namespace ec
