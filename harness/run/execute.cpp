#include "run/execute.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <map>
#include <mutex>
#include <ostream>
#include <thread>

#include "cases/server_run.h"
#include "cases/sut_pool.h"
#include "report/escape.h"
#include "transport/child_process.h"
#include "transport/interrupt.h"

namespace ec {
namespace {

// The runs of one plan on `jobs` threads, each with its own SUT process; results keep the plan's
// order.
class Executor {
 public:
  Executor(const std::vector<PlannedRun>& plan, const RunOptions& options, const ExecuteSettings& settings,
           std::ostream& err)
      : plan_(plan), options_(options), settings_(settings), err_(err), slots_(plan.size()) {
    // --reuse-sut: idle sessions kept between cases; ended before the orphans are.
    if (settings.reuse_sut) options_.sut_pool = &pool_.emplace();
    // --reuse-sut over stdio: the servers of the next cases are started while this one runs, unless
    // a case will likely join a kept session (its key has one).
    start_ahead_ = pool_ && settings.role == Role::Server && options.url.empty();
  }

  Execution run() {
    std::vector<std::thread> threads;
    for (int t = 1; t < std::min<int>(settings_.jobs, static_cast<int>(plan_.size())); ++t)
      threads.emplace_back([this] { work(); });
    work();
    for (std::thread& t : threads) t.join();
    Execution out;
    if (pool_) {
      out.joined_sessions = pool_->reused();
      err_ << (tty_ ? "\r\033[K" : "") << "--reuse-sut: " << pool_->reused() << " of " << plan_.size()
           << " runs joined a session an earlier case left idle\n";
      pool_.reset();
    }
    for (auto& slot : slots_) {
      if (slot) out.results.push_back(std::move(*slot));
    }
    return out;
  }

 private:
  std::optional<std::string> declined_reason(Revision r) {
    std::lock_guard lock(declined_mutex_);
    const auto it = declined_.find(r);
    return it == declined_.end() ? std::nullopt : std::optional<std::string>(it->second);
  }

  void start_servers_ahead(std::size_t i) {
    for (std::size_t k = i + 1; start_ahead_ && k <= i + SutPool::kMaxAhead && k < plan_.size(); ++k) {
      const PlannedRun& later = plan_[k];
      if (later.c->role != Role::Server || declined_reason(later.revision)) continue;
      const std::string key = server_session_key(*later.c, later.revision, options_);
      if (key.empty() || !pool_->has_kept(key))
        pool_->start_ahead(k, server_child_options(*later.c, later.revision, options_));
    }
  }

  // One run: unstarted when the SUT never came up or declined its revision, else run_case().
  // Nullopt when the interrupt cut it short (only finished cases are reported).
  std::optional<RunRecord> run_one(std::size_t i) {
    const PlannedRun& p = plan_[i];
    RunOptions options = options_;
    options.plan_index = i;
    start_servers_ahead(i);
    RunRecord record;
    if (came_up_ == 0 && never_came_up_ >= 2) {
      record.case_id = p.c->id;
      record.revision = record.planned = p.revision;  // not run: it ran at no other revision either
      record.transport = options.transport;
      record.sut_unavailable = std::string(kNotRunReason);
      if (pool_) pool_->take_started(i);
    } else if (std::optional<std::string> why = declined_reason(p.revision)) {
      record.case_id = p.c->id;
      record.revision = record.planned = p.revision;
      record.transport = options.transport;
      record.skipped = "not started: " + *why;
      record.transcript.push_back({0, "note", *record.skipped});
      if (pool_) pool_->take_started(i);  // a process started ahead for it ends here
    } else {
      record = run_case(*p.c, p.revision, options);
      if (interrupt_signal() != 0) return std::nullopt;
      // A SUT that said SKIP (exit 77 with its reason, before initialize) did come up far enough
      // to say so: it is no reason to stop starting it. Only a SUT that never came up and said
      // nothing counts towards the runs that are then not started.
      ++(record.sut_unavailable && !record.skipped ? never_came_up_ : came_up_);
      if (record.revision_declined && record.skipped) {
        std::lock_guard lock(declined_mutex_);
        declined_.emplace(record.planned, *record.skipped + " (said when started for " + p.c->id + ")");
      }
    }
    return record;
  }

  // The progress line of a finished run (the caller holds progress_).
  void say_progress(const PlannedRun& p, const CaseResult& result) {
    err_ << (tty_ ? "\r\033[K" : "") << "[" << done_ << "/" << plan_.size() << "] "
         << to_string(result.verdict) << (result.untestable ? " (not testable)" : "") << "  " << p.c->id
         << " (" << to_string(result.record.revision)
         << (result.record.revision != p.revision ? ", asked " + std::string(to_string(p.revision))
                                                  : std::string())
         << ")";
    // A SUT that cannot start: its reason and the end of its stderr once, on the first run it
    // stopped; a later run stopped the same way names that run (a different cause is said in full).
    const std::string start_failure = start_failure_cause(result);
    const auto first = start_failure.empty() ? start_failures_.end() : start_failures_.find(start_failure);
    if (first != start_failures_.end()) {
      err_ << ": same start failure as " << first->second;
    } else if (!start_failure.empty()) {
      start_failures_.emplace(start_failure, run_label(*p.c, p.revision));
      err_ << ": " << terminal_text(result.reason)
           << (result.record.sut_exit.empty() ? "" : "; the SUT " + terminal_text(result.record.sut_exit));
      const std::vector<std::string> tail = stderr_tail(result.record.sut_stderr);
      err_ << (tail.empty() ? "; it wrote nothing on stderr" : "; the end of its stderr:");
      for (const std::string& line : tail) err_ << "\n    | " << terminal_text(line);
    } else if (result.verdict != Verdict::Pass && (settings_.verbose || !tty_)) {
      err_ << ": " << terminal_text(result.reason);
    }
    err_ << (tty_ && result.verdict == Verdict::Pass && done_ < plan_.size() ? "" : "\n");
  }

  void work() {
    for (std::size_t i = next_++; i < plan_.size() && interrupt_signal() == 0; i = next_++) {
      std::optional<RunRecord> record = run_one(i);
      if (!record) break;
      CaseResult result = judge_record(*plan_[i].c, std::move(*record));
      std::lock_guard lock(progress_);
      ++done_;
      say_progress(plan_[i], result);
      slots_[i] = std::move(result);
    }
  }

  const std::vector<PlannedRun>& plan_;
  RunOptions options_;
  const ExecuteSettings& settings_;
  std::ostream& err_;
  const bool tty_ = ::isatty(2) != 0;
  std::optional<SutPool> pool_;
  bool start_ahead_ = false;
  std::vector<std::optional<CaseResult>> slots_;
  std::atomic<std::size_t> next_{0};
  std::mutex progress_;
  std::size_t done_ = 0;
  std::map<std::string, std::string> start_failures_;  // start_failure_cause() -> the run that said it
  // A SUT that never comes up would cost the startup timeout on every run: once two runs found it
  // unavailable and none found it up, the rest are ERROR without starting it again.
  std::atomic<int> came_up_{0}, never_came_up_{0};
  // Revisions the SUT declined as a whole (SKIP-REVISION): their later cases are SKIP unstarted.
  std::mutex declined_mutex_;
  std::map<Revision, std::string> declined_;
};

}  // namespace

std::string harness_program() {
  std::error_code error;
  return std::filesystem::read_symlink("/proc/self/exe", error).string();
}

RunOptions case_run_options(const CaseRunSettings& s) {
  RunOptions r;
  r.command = s.command;
  r.url = s.url;
  r.transport = s.transport;
  r.expect_timeout = s.expect_timeout;
  r.startup_timeout = s.startup_timeout;
  r.only_revision = s.only_revision;
  r.case_timeout = std::max(std::chrono::milliseconds(20000), s.expect_timeout * 4);
  r.relay_program = harness_program();
  return r;
}

SutProcesses::SutProcesses(bool report_interrupts) {
  if (report_interrupts) install_interrupt_reporting();
  enable_orphan_reaping(/*end_untagged_orphans=*/true);
}

SutProcesses::~SutProcesses() { end(); }

void SutProcesses::end() {
  if (ended_) return;
  ended_ = true;
  // Nothing a SUT started outlives the run, not even an orphan whose origin cannot be told.
  end_orphans();
}

Execution execute_plan(const std::vector<PlannedRun>& plan, const RunOptions& options,
                       const ExecuteSettings& settings, std::ostream& err) {
  return Executor(plan, options, settings, err).run();
}

}  // namespace ec
