// Execute: the planned runs against the SUT. Each run is run_case() (cases/runner.h) with its own
// SUT process (or a session an earlier case left idle, --reuse-sut: cases/sut_pool.h), on up to
// -j threads, judged into a CaseResult at once (judge_record()) and said on a progress line.
// Interrupts end the running cases (transport/interrupt.h), and nothing a SUT started outlives
// the run (transport/child_process.h). `elicit-conform fuzz` runs its case inputs with the same
// options and the same process set-up (case_run_options(), SutProcesses).
#pragma once

#include <chrono>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "cases/runner.h"
#include "report/results.h"
#include "run/plan.h"

namespace ec {

// The path of the running harness: what a client SUT's stdio relay script runs
// (`<program> relay SOCKET`); "" when /proc/self/exe cannot be read.
std::string harness_program();

// How the cases of a run reach the SUT.
struct CaseRunSettings {
  std::vector<std::string> command;  // the SUT, split into words ("" with a url)
  std::string url;                   // a server over Streamable HTTP
  Transport transport = Transport::Stdio;
  std::chrono::milliseconds expect_timeout{5000};
  std::chrono::milliseconds startup_timeout{30000};
  std::optional<Revision> only_revision;
};

// The runner's options for those cases: a case may take four expect timeouts (at least 20 s),
// and a client SUT's relay runs this harness.
RunOptions case_run_options(const CaseRunSettings& settings);

// The processes of a run's SUTs, from the first case to the last: with `report_interrupts`,
// SIGINT, SIGTERM and SIGHUP end the running cases and let the run report what finished
// (transport/interrupt.h); the harness reaps and ends every orphan a SUT leaves (also one whose
// origin cannot be told). end() (or the destructor) ends those still alive.
class SutProcesses {
 public:
  explicit SutProcesses(bool report_interrupts);
  ~SutProcesses();
  SutProcesses(const SutProcesses&) = delete;
  SutProcesses& operator=(const SutProcesses&) = delete;
  void end();

 private:
  bool ended_ = false;
};

struct ExecuteSettings {
  Role role = Role::Server;
  int jobs = 1;          // runs at once
  bool verbose = false;  // the reason of every run that did not pass, also on a terminal
  bool reuse_sut = false;
};

struct Execution {
  std::vector<CaseResult> results;  // the runs that finished, in the plan's order
  // --reuse-sut: how many runs joined a session an earlier case left idle.
  std::optional<std::size_t> joined_sessions;
};

// Runs the plan with `options` (the pool of --reuse-sut is made here). Once two runs found the
// SUT unavailable and none found it up, the rest are ERROR unstarted; the runs of a revision the
// SUT declined as a whole are SKIP unstarted. An interrupt stops taking runs; a run it cut short
// is not reported. Progress on `err`, one line per run (overwritten on a terminal).
Execution execute_plan(const std::vector<PlannedRun>& plan, const RunOptions& options,
                       const ExecuteSettings& settings, std::ostream& err);

}  // namespace ec
