// The results model and its writers. A CaseResult is a case, the revision it ran in, and what
// the runner recorded, judged into a verdict:
//   SKIP  the record says skipped;  ERROR  the harness could not run it;
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
#include "cases/run_record.h"
#include "report/requirement_coverage.h"
#include "report/verdict.h"

namespace ec {

struct CaseResult {
  const Case* c = nullptr;
  RunRecord record;
  Verdict verdict = Verdict::Pass;
  std::string reason;  // one sentence: why not PASS (empty for PASS)
};

CaseResult judge_record(const Case& c, RunRecord record);

struct RunSummary {
  std::string role;     // "server" or "client"
  std::string command;  // the SUT command, as given
  std::vector<CaseResult> results;
  std::vector<RevisionCoverage> coverage;  // by requirement; empty when no catalog was found
  // The run was interrupted (SIGINT, SIGTERM): `results` are the cases that finished before it.
  bool interrupted = false;
};

void write_results_json(std::ostream& out, const RunSummary& run);
void write_junit(std::ostream& out, const RunSummary& run);
void write_markdown(std::ostream& out, const RunSummary& run);

}  // namespace ec
