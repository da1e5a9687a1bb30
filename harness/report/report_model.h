// The report model: what every report says, decided once from a judged run (RunSummary), so that
// results.json, junit.xml, report.md and report.html cannot disagree. The writers
// (report_json.cpp, report_junit.cpp, report_markdown.cpp, report_html.cpp) read only the model
// and choose only the words and the markup: the counts, each run's verdict, its standing (fails
// the run, expected, informs), its expected-failures entry, the rules it quotes with the broken
// one first, the start failures and the sections are the model's.
//
// The model points into the RunSummary it was built from (cases, records, coverage, catalog
// entries): the summary must outlive it. Building one is cheap; write_<format>(out, RunSummary)
// builds one and writes it.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "report/results.h"

namespace ec {

// Where a run stands in the run's judgement: the one decision behind junit.xml's element and the
// section of report.md and report.html it is listed in.
enum class RunStanding {
  Passes,   // PASS
  Fails,    // fails the run: a FAIL or ERROR no expected-failures entry covers, or such a WARN
            // under --strict (junit.xml: <failure> or <error>)
  Excused,  // would fail the run, but an expected-failures entry covers it (junit.xml: <skipped
            // type="expected-failure">)
  Informs,  // reported, never a failure: WARN without --strict, NOTE, SKIP (junit.xml: SKIP is
            // <skipped>, WARN and NOTE pass)
};

// One rule a run cites, in the spec's words when the catalog has it.
struct RuleQuote {
  std::string id;                       // "EL-2025-11-25-FORM-SCHEMA-RESTRICTED"
  bool broken = false;                  // the rule the failure breaks
  const CatalogEntry* entry = nullptr;  // level, section, quote; null: not in the catalog
};

// One run: a case at a revision over a transport, judged.
struct ReportRun {
  const Case* c = nullptr;               // id, title, role, level, scope, file
  const RunRecord* record = nullptr;     // what was seen: transcript, findings, stderr, exit, duration
  const StepFailure* failure = nullptr;  // the failing step (check, step, pointer, message), or null
  Verdict verdict = Verdict::Pass;
  bool untestable = false;   // FAIL (not testable)
  std::string verdict_word;  // "FAIL (not testable)", "PASS"
  RunStanding standing = RunStanding::Passes;
  // An expected-failures entry covers this run (never a PASS or a SKIP): `expected_failure` is
  // that entry ("file:line: server: case-id"), "" otherwise.
  bool expected = false;
  std::string expected_failure;
  std::string reason;                 // why not PASS ("" for PASS)
  std::string broken_requirement_id;  // requirement_id() of the broken rule, or ""
  // The case's requirement ids at the revision that judged the run, in the case's order.
  std::vector<std::string> requirement_ids;
  // The rules as a report quotes them: the broken one first, then the case's others.
  std::vector<RuleQuote> rules;
  std::string_view note_meaning;  // beside a NOTE (verdict.h); "" for another verdict
  std::string_view level_text;    // "MUST", "SHOULD", "MAY", or "robustness"
  // "2025-11-25", or "ran at 2025-06-18 (asked 2025-11-25)".
  std::string revision_text;
  // A run the CLI left unstarted because the SUT never came up (kNotRunReason).
  bool not_started = false;
  // The run's start failure (ReportModel::start_failures), when its SUT never came up.
  std::optional<std::size_t> start_failure;
};

// A SUT that never came up, once per cause (start_failure_cause()): the first run that had the
// cause and every run that had it, in run order (indices into ReportModel::runs).
struct StartFailureGroup {
  std::size_t first = 0;
  std::vector<std::size_t> runs;
};

struct ReportCounts {
  std::size_t runs = 0;
  std::map<Verdict, std::size_t> by_verdict;  // every verdict; FAIL includes the not testable ones
  std::size_t untestable = 0;                 // FAIL (not testable)
  std::size_t tested = 0;                     // runs that reached their rule (tested_count())
  std::size_t of(Verdict v) const;
  std::size_t tested_fail() const { return of(Verdict::Fail) - untestable; }  // FAIL, not testable aside
};

// The runs of one standing that a report lists before its tables, in run order.
struct ReportSection {
  RunStanding standing = RunStanding::Fails;
  std::string_view title;  // "Failures", ...
  std::vector<std::size_t> runs;
};

struct ReportModel {
  std::string role;     // "server" or "client"
  std::string command;  // the SUT command or URL, as given
  std::string sut;      // as a published report shows it: the URL, or display_command(command)
  Provenance provenance;
  PeerInfo peer;
  bool interrupted = false;
  bool strict = false;
  ReportCounts counts;
  std::vector<ReportRun> runs;
  // Fails, Excused, Informs, in that order (empty ones included).
  std::vector<ReportSection> sections;
  std::vector<StartFailureGroup> start_failures;
  std::vector<std::size_t> not_started;  // runs left unstarted, in run order
  // Failures of the run as a whole (stale or unknown entries, nothing tested), the baseline's
  // problems and the entries reported but not applied.
  std::vector<std::string> run_failures;
  std::vector<std::string> baseline_problems;
  std::vector<std::string> baseline_notes;
  const std::vector<RevisionCoverage>* coverage = nullptr;  // by requirement; never null
  std::optional<RunOutcome> outcome;                        // the exit and why; none: not said
};

ReportModel report_model(const RunSummary& run);

void write_results_json(std::ostream& out, const ReportModel& model);
void write_junit(std::ostream& out, const ReportModel& model);
void write_markdown(std::ostream& out, const ReportModel& model);
void write_html(std::ostream& out, const ReportModel& model);

}  // namespace ec
