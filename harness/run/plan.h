// Plan: which runs a request makes. The corpus loaded, the selection of --case, --scenario,
// --suite and --requirements (the official suite's names through cases/official_suite.h), the
// SUT and its transport checked, the baseline read and checked against the corpus, and the
// (case, revision) pairs that apply. Usage errors are said here, before anything starts.
#pragma once

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cases/case_file.h"
#include "report/baseline.h"
#include "run/exit_status.h"
#include "run/request.h"
#include "spec/revision.h"
#include "spec/role.h"

namespace ec {

// The corpus under `dir`; each case file error said on `err`. `ok` is false on an error or when
// there is no case at all.
std::vector<Case> load_corpus(const std::string& dir, std::ostream& err, bool& ok);

// The check ids of one case, lifecycle ones included, as a baseline names them (case-id:check-id).
std::vector<std::string> case_checks(const Case& c);

// What a baseline may name: every case of the corpus (all of it, whatever --case selects: an entry
// for a case this run does not select is no error) with its check ids, and the wire rows with the
// wire checks (json.*, jsonrpc.*, spec-schema.*) the baseline names for them, and the row of
// version answers across sessions with its one check.
KnownIds known_ids(const std::vector<Case>& cases, const Baseline& baseline);

// The case selection of --case, --scenario, --suite and --requirements: globs over our case ids
// and the revisions allowed.
struct Selection {
  std::vector<std::string> globs;
  std::function<bool(Revision)> revision_ok = [](Revision) { return true; };
  bool official = false;  // chosen with an official-suite name: a client is reached over HTTP
  // An official scenario with no elicitation counterpart: nothing runs, the run is SKIP with this
  // note (exit 0), as the official suite skips a scenario that does not apply.
  std::string skip_note;
};

// False with `error` for a name that maps to nothing here, or options that do not go together.
bool select_cases(const RunRequest& request, Role role, Selection& selection, std::string& error);

// One run of the plan: a case at one revision.
struct PlannedRun {
  const Case* c = nullptr;
  Revision revision = default_revision();
};

// Every (case, revision) of `role` matching the selection's globs, over `transport`, at the
// revisions the case lists, `only` (--revision) and the selection allow; in corpus order.
std::vector<PlannedRun> plan_runs(const std::vector<Case>& cases, Role role, const Selection& selection,
                                  Transport transport, std::optional<Revision> only);

// "server.x (2025-11-25)": a run as the terminal names it.
std::string run_label(const Case& c, Revision planned);

// A request checked and resolved: what the plan, the runs and the reports need.
struct RunSetup {
  Role role = Role::Server;
  std::string role_word;  // "server" or "client"
  Selection selection;
  Transport transport = Transport::Stdio;
  std::vector<std::string> command;  // --command split into words (empty with --url)
  std::optional<Revision> only;      // --revision
  std::set<std::string> formats;     // json, junit, md, html
  std::vector<Case> cases;           // the corpus, or --observe-tool's cases
  std::filesystem::path report_dir;
  Baseline baseline;                        // the entries that apply to this run
  std::vector<std::string> baseline_notes;  // entries not applied, and why
  KnownIds known;
};

// Checks the request in the order a user meets its mistakes (the SUT, the selection, the
// transport, the command, --revision, --format, the corpus, the report folder, the baseline) and
// fills `setup`. Returns the exit status when the run ends here: a usage error said on `err`
// (2), or an official scenario with nothing to run here, skipped (0, checks.json written).
std::optional<int> prepare_run(const std::string& role, const RunRequest& request, RunSetup& setup,
                               std::ostream& err);

// An empty plan: an official scenario none of whose cases runs here is skipped (0); anything
// else is a usage error (2) that says what matched nothing, and the id likely meant.
int nothing_planned(const RunRequest& request, const RunSetup& setup, std::ostream& err);

}  // namespace ec
