// The requirement view of a run, h2spec-style: for each revision that ran, every catalog entry
// that binds the side under test, whether the corpus covers it (and with which cases: a rule may
// be checked from the other side, e.g. a server's MAY seen by a client case), and the worst
// verdict its cases got in this run. A conformance report is read by
// rule, not only by case: "which MUSTs does this SDK break" is this table.
#pragma once

#include <map>

#include <optional>
#include <string>
#include <vector>

#include "cases/case_file.h"
#include "cases/catalog.h"
#include "report/verdict.h"

namespace ec {

struct CaseOutcomeInRun {
  std::string case_id;
  Revision revision;
  Verdict verdict;
  // A wire row's (report/wire_verdicts.h): each rule its findings break, with the verdict of its
  // worst finding (MUST: FAIL, SHOULD: WARN). A wire rule (catalog `wire`) takes its status from
  // the row of its revision when the row names it, else PASS: the wire was judged over every run
  // and held.
  std::map<std::string, Verdict> rule_verdicts = {};
  // A failed run whose broken rule is known (CaseResult::broken_requirement): that rule takes the
  // run's verdict; the case's other rules get none from this run (it stopped before judging
  // them). "" (unknown, or not a failure): every rule the case cites takes the run's verdict.
  std::string broken = {};
};

struct RequirementOutcome {
  CatalogEntry entry;              // a copy: the report outlives the loaded catalog
  std::vector<std::string> cases;  // every case that checks it, of either role
  std::optional<Verdict> worst;    // over the cases that ran; nullopt when none ran
  // Every case that ran and passed is a pass-through case (Case::pass_through): the SDK added
  // nothing, but no real tool's elicitation was judged against the rule. Reported as such.
  bool pass_through_only = false;
};

struct RevisionCoverage {
  Revision revision = default_revision();
  int covered = 0, excluded = 0, uncovered = 0;
  std::vector<RequirementOutcome> requirements;
};

// `side` is the SUT's role: entries binding that side or both are listed. Only revisions with at
// least one outcome appear, so a `--revision` run reports that revision alone.
std::vector<RevisionCoverage> requirement_coverage(const Catalog& catalog, const std::vector<Case>& cases,
                                                   Role side, const std::vector<CaseOutcomeInRun>& outcomes);

// How a report names a requirement's status: the verdict, "PASS (pass-through only)", "not run".
std::string status_text(const RequirementOutcome& line);

// Worst first: ERROR, FAIL, WARN, SKIP, PASS (an error hides what the rule's status is).
Verdict worse(Verdict a, Verdict b);

}  // namespace ec
