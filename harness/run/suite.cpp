#include "run/suite.h"

#include <signal.h>
#include <unistd.h>

#include <deque>
#include <filesystem>
#include <ostream>

#include "cases/catalog.h"
#include "core/utc_time.h"
#include "report/escape.h"
#include "run/execute.h"
#include "run/judge.h"
#include "run/plan.h"
#include "run/report.h"
#include "transport/interrupt.h"

namespace ec {
namespace {

std::string signal_name(int sig) {
  switch (sig) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "signal " + std::to_string(sig);
  }
}

RunSummary start_summary(const RunRequest& o, const RunSetup& s, const ToolIdentity& tool) {
  RunSummary summary;
  summary.provenance.started_at = utc_now();
  summary.provenance.tool_version = tool.version;
  summary.provenance.tool_commit = tool.commit;
  summary.provenance.tool_dirty = tool.dirty;
  summary.provenance.transport = std::string(to_string(s.transport));
  summary.provenance.url = o.url;
  summary.role = s.role_word;
  summary.command = o.url.empty() ? o.command : o.url;
  summary.strict = o.strict;
  return summary;
}

}  // namespace

int run_suite(const std::string& role, const RunRequest& o, const ToolIdentity& tool, std::ostream& out,
              std::ostream& err) {
  RunSetup setup;
  if (std::optional<int> stop = prepare_run(role, o, setup, err)) return *stop;
  // An interrupt ends the running cases and the run, which then cleans up and reports what
  // finished (interrupt.h); every SUT's processes are ended, also those that escaped (child_process.h).
  SutProcesses processes(/*report_interrupts=*/true);
  const RunOptions options =
      case_run_options({setup.command, o.url, setup.transport, std::chrono::milliseconds(o.timeout_ms),
                        std::chrono::milliseconds(o.startup_timeout_ms), setup.only});
  RunSummary summary = start_summary(o, setup, tool);
  const std::vector<PlannedRun> plan =
      plan_runs(setup.cases, setup.role, setup.selection, setup.transport, setup.only);
  if (plan.empty()) return nothing_planned(o, setup, err);

  Execution execution = execute_plan(plan, options, {setup.role, o.jobs, o.verbose, o.reuse_sut}, err);
  if (execution.joined_sessions) {
    summary.provenance.reuse_sut = true;
    summary.provenance.joined_sessions = *execution.joined_sessions;
  }
  processes.end();
  summary.results = std::move(execution.results);
  std::deque<Case> whole_run_cases;  // the rows' Case objects, alive as long as summary
  add_whole_run_rows(summary.results, setup.role, whole_run_cases);
  const int interrupted = interrupt_signal();
  summary.interrupted = interrupted != 0;
  if (interrupted != 0) {
    err << (::isatty(2) != 0 ? "\r\033[K" : "") << "elicit-conform: interrupted by "
        << signal_name(interrupted) << ": " << summary.results.size() << " of " << plan.size()
        << " runs finished and are reported\n";
  }

  std::vector<std::string> catalog_errors;
  const Catalog catalog =
      Catalog::load((std::filesystem::path(o.cases_dir) / "requirements").string(), catalog_errors);
  for (const std::string& e : catalog_errors)
    err << "elicit-conform: requirement catalog: " << terminal_text(e) << "\n";
  const Judgement j =
      judge_run(summary, setup.cases, setup.role, catalog, setup.baseline, setup.baseline_notes, setup.known);
  summary.provenance.finished_at = utc_now();

  const bool written = write_reports(setup, summary, err);
  print_run_summary(setup, summary, j, out, err);
  if (!written) return kExitHarness;
  // Nothing tested at all is never a green run, whatever the baseline says.
  if (summary.outcome->nothing_tested && interrupted == 0)
    err << "elicit-conform: no run tested its rule (every run was skipped or not testable): not a pass\n";
  return summary.outcome->exit_code;
}

}  // namespace ec
