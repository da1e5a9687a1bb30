// The results model and its writers. A CaseResult is a case, the revision it ran in, and what
// the runner recorded, judged into a verdict:
//   SKIP  the SUT said it cannot run the case;  ERROR  the harness could not run it, or the SUT
//   never came up;  FAIL (not testable)  a prerequisite of the rule failed, whatever the level;
//   FAIL / WARN  a step failed (by the case's level: MUST fails, SHOULD and MAY warn);
//   PASS  otherwise.
// The reports are written from one report model built from a RunSummary (report/report_model.h):
// results.json (everything, transcripts and requirement coverage included), junit.xml (one
// testcase per run, coverage totals as suite properties), report.md (the failures with the rule
// quoted, expected vs observed and the offending message, then the summary, runs and requirement
// tables) and report.html. Every SUT string is escaped for its format.
#pragma once

#include <map>
#include <optional>
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
  // The rule the failure breaks (a requirement key), when known: the failing check's, or the
  // case's only rule. "" for PASS, SKIP, ERROR, not testable, and a failure no rule is named for.
  std::string broken_requirement;
  // The expected-failures entry that covers this run ("file:line: server: case-id"), or "".
  // junit.xml shows such a run as skipped, not failed: it does not fail the run.
  std::string expected_failure;
};

// Runs that really exercised their rule: PASS, WARN, and FAIL other than not testable.
std::size_t tested_count(const std::vector<CaseResult>& results);
std::size_t untestable_count(const std::vector<CaseResult>& results);

CaseResult judge_record(const Case& c, RunRecord record);
// The case's rules in the order a report quotes them: the broken one first (also when the case
// does not cite it: a JSON-RPC rule judged along the way), then the others as the case lists them.
std::vector<std::string> rules_broken_first(const CaseResult& r);
// What a report says beside a NOTE: robustness, or a MAY not taken up (verdict.h).
std::string_view note_meaning(const CaseResult& r);

// The reason of a run the CLI left unstarted because the first runs found the SUT unavailable.
inline constexpr std::string_view kNotRunReason =
    "not run: the SUT never came up in the first runs of this invocation";
// The last lines of a SUT's stderr: at most 6, each cut to its last 300 bytes, "..." first when
// earlier lines were left out; none for an empty stderr.
std::vector<std::string> stderr_tail(std::string_view text);
// A run whose SUT never came up (not one left unstarted, nor one that said SKIP), by its cause:
// the reason, how the SUT ended (not whether the harness had begun to stop it) and the end of its
// stderr. Runs with the same cause are the same start failure, which the terminal and report.md
// say in full once (report_model() groups the runs by it). "" for any other run.
std::string start_failure_cause(const CaseResult& r);
// A run the CLI left unstarted (kNotRunReason): the reports list such runs in one block.
bool not_started(const CaseResult& r);

// Where a report comes from, so that a report read weeks later, or in another repository's CI,
// says which harness judged which SUT and when. The CLI fills it; the writers only print it.
struct Provenance {
  std::string tool_version;  // the project version (CMakeLists.txt)
  std::string tool_commit;   // the harness's git commit at build time ("unknown" outside git)
  bool tool_dirty = false;   // built from a work tree with uncommitted changes
  std::string started_at;    // UTC, ISO 8601 to the second: 2026-11-23T15:26:24Z
  std::string finished_at;
  std::string transport;  // "stdio" or "http"
  std::string url;        // server --url ("" when the SUT was started with --command)
  // --reuse-sut: server cases over stdio ran in sessions kept between cases (cases/sut_pool.h);
  // how many of the runs joined one.
  bool reuse_sut = false;
  std::size_t joined_sessions = 0;
};

// What the SUT said about itself, seen in the transcripts: serverInfo (initialize result, or
// the 2026-07-28 result _meta) or clientInfo (initialize params, or the request _meta); only its
// string members, bounded, since the object is the SUT's. `varied`: runs saw different values.
struct PeerInfo {
  std::vector<std::pair<std::string, std::string>> members;  // empty: never seen
  bool varied = false;
  std::vector<std::string> negotiated;  // distinct protocol versions the runs negotiated
};
PeerInfo peer_info(const std::vector<CaseResult>& results, const std::string& role);

// The exit status of `elicit-conform server|client` and why, from run_outcome()
// (report/run_outcome.h): the CLI returns `exit_code`, report.html's banner says the rest.
struct RunOutcome {
  int exit_code = 0;
  bool nothing_tested = false;  // no run tested its rule: exit 1 whatever the baseline says
  std::string headline;         // "2 FAIL, both expected: exit 0", "1 FAIL (unexpected): exit 1"
  // Why, in the order the exit is decided (interrupt, nothing tested, what fails the run, what is
  // an ERROR), then what does not change it (expected failures, WARN without --strict, NOTE).
  std::vector<std::string> reasons;
};

struct RunSummary {
  std::string role;     // "server" or "client"
  std::string command;  // the SUT command, as given
  std::vector<CaseResult> results;
  std::vector<RevisionCoverage> coverage;  // by requirement; empty when no catalog was found
  // The verified catalog, the one source of the spec's words a report quotes (null: none quoted).
  const Catalog* catalog = nullptr;
  // The run was interrupted (SIGINT, SIGTERM): `results` are the cases that finished before it.
  bool interrupted = false;
  Provenance provenance;
  // Problems of the expected-failures file that fail the run (stale and unknown entries), and
  // entries that were reported but not applied (official-suite names with no counterpart).
  std::vector<std::string> baseline_problems;
  std::vector<std::string> baseline_notes;
  // Failures of the run as a whole (exit 1 although no case is red: stale entries, nothing
  // tested); junit.xml shows them as one failing test case so a CI view agrees with the exit code.
  std::vector<std::string> run_failures;
  // --strict: a WARN fails the run, so junit.xml shows it as a <failure> (else it is a pass there).
  bool strict = false;
  // The run's exit status and why (the CLI sets it before writing the reports; none: no banner).
  std::optional<RunOutcome> outcome;
};

// Each builds the report model of `run` (report_model(), report/report_model.h) and writes it:
// report_json.cpp, report_junit.cpp, report_markdown.cpp, and report_html.cpp (one self-contained
// page, no external asset, readable without JavaScript).
void write_results_json(std::ostream& out, const RunSummary& run);
void write_junit(std::ostream& out, const RunSummary& run);
void write_markdown(std::ostream& out, const RunSummary& run);
void write_html(std::ostream& out, const RunSummary& run);

// A command line as a published report shows it: words that are absolute paths become relative
// to the working directory when inside it, else their last component ("…/server.js"), so a
// report carries no path of the machine that made it.
std::string display_command(const std::string& command);
// A sentence of ours or of the SUT with the working directory's and $HOME's absolute paths
// shortened the same way ("./cases/x.json", "~/x").
std::string without_local_paths(std::string_view text);

}  // namespace ec
