// Judge: a run's results made into its verdicts. The rows judged over all runs (the wire of each
// revision, and for servers the version answers across sessions), the requirement coverage from
// the catalog, the expected-failures baseline (unexpected failures, stale entries), and the
// run's exit status and why (report/run_outcome.h): everything the report writers read.
#pragma once

#include <deque>
#include <iosfwd>
#include <string>
#include <vector>

#include "cases/case_file.h"
#include "cases/catalog.h"
#include "report/baseline.h"
#include "report/results.h"
#include "spec/role.h"

namespace ec {

// Appends the rows judged over every run: one `<role>.wire.messages-well-formed` per revision
// from the findings of every run, and (servers) `server.wire.versions-consistent`. The rows'
// cases live in `storage`, which must outlive the results.
void add_whole_run_rows(std::vector<CaseResult>& results, Role role, std::deque<Case>& storage);

// Each result as the requirement coverage takes it (report/requirement_coverage.h).
std::vector<CaseOutcomeInRun> outcomes_in_run(const std::vector<CaseResult>& results);

// What the baseline is judged against: a result's case, verdict and failing check.
std::vector<CaseOutcome> baseline_outcomes(const std::vector<CaseResult>& results, Role role);

// Judges `summary.results` (whole-run rows included) against the baseline and fills the rest of
// the summary the writers read: the coverage by requirement of `catalog` (which must outlive the
// summary), each result's expected_failure, the baseline's problems and notes, the run's failures
// and its outcome. `summary.interrupted` and `summary.strict` must be set. Returns the judgement.
Judgement judge_run(RunSummary& summary, const std::vector<Case>& cases, Role role, const Catalog& catalog,
                    const Baseline& baseline, const std::vector<std::string>& baseline_notes,
                    const KnownIds& known);

}  // namespace ec
