// The exit status of `elicit-conform server|client` once its runs are judged, and why in words:
// the CLI returns run_outcome().exit_code (or 3 when a report could not be written), and
// report.html's banner shows its headline and reasons, so the page says what the exit says.
#pragma once

#include <vector>

#include "report/baseline.h"
#include "report/results.h"

namespace ec {

inline constexpr int kExitInterrupted = 130;

// Decided in this order: interrupted (130); no run tested its rule (1); else judge()'s exit code
// (1: an unexpected FAIL, or WARN under --strict, a stale or unknown entry; 3: an ERROR no entry
// expects; 0). `results` carry their expected_failure (from j.expected_by_outcome).
RunOutcome run_outcome(const Judgement& j, const std::vector<CaseResult>& results, bool strict,
                       bool interrupted);

}  // namespace ec
