#include "run/judge.h"

#include <algorithm>
#include <map>

#include "report/requirement_coverage.h"
#include "report/run_outcome.h"
#include "report/version_verdicts.h"
#include "report/wire_verdicts.h"

namespace ec {

void add_whole_run_rows(std::vector<CaseResult>& results, Role role, std::deque<Case>& storage) {
  // The wire judged whole: one row per revision from the JSON-RPC findings of every run.
  for (CaseResult& row : wire_verdicts(results, role, storage)) results.push_back(std::move(row));
  // One answer per version asked: a version spoken in one session and declined in another.
  if (role == Role::Server) {
    for (CaseResult& row : version_verdicts(results, storage)) results.push_back(std::move(row));
  }
}

std::vector<CaseOutcomeInRun> outcomes_in_run(const std::vector<CaseResult>& results) {
  std::vector<CaseOutcomeInRun> out;
  for (const CaseResult& r : results) {
    std::map<std::string, Verdict> rule_verdicts;
    for (const Diagnostic& d : r.c->built_in ? r.record.sut_findings : Diagnostics{}) {
      const Verdict v = d.level == Level::Must ? Verdict::Fail : Verdict::Warn;
      const auto [it, added] = rule_verdicts.emplace(d.requirement, v);
      if (!added) it->second = worse(it->second, v);
    }
    // A broken rule the case does not cite (a JSON-RPC rule judged along the way) leaves the
    // case's verdict on every rule it cites: the table has no line of the case for it.
    const auto& cited = r.c->requirements;
    const bool cites = std::find(cited.begin(), cited.end(), r.broken_requirement) != cited.end();
    out.push_back({r.c->id, r.record.revision, r.verdict, std::move(rule_verdicts),
                   r.c->built_in || !cites ? std::string() : r.broken_requirement});
  }
  return out;
}

std::vector<CaseOutcome> baseline_outcomes(const std::vector<CaseResult>& results, Role role) {
  std::vector<CaseOutcome> outcomes;
  for (const CaseResult& r : results) {
    CaseOutcome outcome{r.c->id, role, r.verdict, {}};
    if (r.record.failure) outcome.failed_checks.insert(r.record.failure->check);
    outcomes.push_back(std::move(outcome));
  }
  return outcomes;
}

Judgement judge_run(RunSummary& summary, const std::vector<Case>& cases, Role role, const Catalog& catalog,
                    const Baseline& baseline, const std::vector<std::string>& baseline_notes,
                    const KnownIds& known) {
  summary.coverage = requirement_coverage(catalog, cases, role, outcomes_in_run(summary.results));
  summary.catalog = &catalog;
  // Judged before the reports are written: junit.xml shows an expected failure as skipped, and a
  // run that fails as a whole (a stale entry, nothing tested) as one failing test case.
  Judgement j = judge(baseline, baseline_outcomes(summary.results, role), known, summary.strict);
  for (std::size_t i = 0; i < summary.results.size() && i < j.expected_by_outcome.size(); ++i)
    summary.results[i].expected_failure = j.expected_by_outcome[i];
  for (const std::string& s : j.stale) summary.baseline_problems.push_back("stale baseline entry: " + s);
  for (const std::string& s : j.unknown) summary.baseline_problems.push_back("unknown baseline entry: " + s);
  summary.baseline_notes = baseline_notes;
  summary.run_failures = summary.baseline_problems;
  // The exit status and why: returned by the run, and said by report.html's banner.
  summary.outcome = run_outcome(j, summary.results, summary.strict, summary.interrupted);
  if (summary.outcome->nothing_tested)
    summary.run_failures.push_back(
        "no run tested its rule (every run was skipped or not testable): not a pass");
  return j;
}

}  // namespace ec
