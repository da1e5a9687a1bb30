// The results model and its writers. A CaseResult is a case, the revision it ran in, and what
// the runner recorded, judged into a verdict:
//   SKIP  the SUT said it cannot run the case;  ERROR  the harness could not run it, or the SUT
//   never came up;  FAIL (not testable)  a prerequisite of the rule failed, whatever the level;
//   FAIL / WARN  a step failed (by the case's level: MUST fails, SHOULD and MAY warn);
//   PASS  otherwise.
// Writers: results.json (everything, transcripts and requirement coverage included), junit.xml
// (one testcase per case, coverage totals as suite properties), report.md (summary table, the
// requirements with their verdicts, then each non-passing case with the rule quoted, expected vs
// observed, and the offending message). Every SUT string is escaped for its format.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "cases/case_file.h"
#include "cases/catalog.h"
#include "cases/run_record.h"
#include "report/requirement_coverage.h"
#include "report/verdict.h"

namespace ec {

struct CaseResult {
  const Case* c = nullptr;
  RunRecord record;
  Verdict verdict = Verdict::Pass;
  // FAIL because the rule was never reached (a missing contract tool, capabilities not declared
  // as asked, nothing observed): "FAIL (not testable)". A baseline can list it like any failure.
  bool untestable = false;
  std::string reason;  // one sentence: why not PASS (empty for PASS)
};

// Runs that really exercised their rule: PASS, WARN, and FAIL other than not testable.
std::size_t tested_count(const std::vector<CaseResult>& results);
std::size_t untestable_count(const std::vector<CaseResult>& results);

CaseResult judge_record(const Case& c, RunRecord record);

struct RunSummary {
  std::string role;     // "server" or "client"
  std::string command;  // the SUT command, as given
  std::vector<CaseResult> results;
  std::vector<RevisionCoverage> coverage;  // by requirement; empty when no catalog was found
  // The verified catalog, the one source of the spec's words a report quotes (null: none quoted).
  const Catalog* catalog = nullptr;
  // The run was interrupted (SIGINT, SIGTERM): `results` are the cases that finished before it.
  bool interrupted = false;
};

void write_results_json(std::ostream& out, const RunSummary& run);
void write_junit(std::ostream& out, const RunSummary& run);
void write_markdown(std::ostream& out, const RunSummary& run);

}  // namespace ec
