#include "transport/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <system_error>
#include <unordered_set>
#include <utility>

#include "transport/process_tree.h"

extern char** environ;

namespace ec {
namespace {

// ---- the registry of live children, which an interrupt handler reads
// ----------------------------------------------

static_assert(std::atomic<pid_t>::is_always_lock_free, "the signal handler needs lock-free atomics");

// 0: free; kReserved: a spawn() in progress holds it; > 1: a live process group.
constexpr pid_t kReserved = -1;
std::atomic<pid_t> g_groups[kMaxLiveChildren];

// Held around fork() and around writing a file meant for exec (write_executable): a child forked
// while such a file is open for writing would hold a write descriptor to it until it reaches
// close_range(), and under load that can be long enough for another process's exec of the file
// to fail with ETXTBSY ("Text file busy").
std::mutex g_fork_mutex;

// Each child's tag (process_tree.h): this process's pid and a sequence number.
std::atomic<unsigned long> g_next_tag{1};
// enable_orphan_reaping(true): orphans that carry no tag of a live child are ended too.
std::atomic<bool> g_end_untagged_orphans{false};

// SIGKILL to every orphan of this process and what it started, sparing the leaders of live
// children. Only when no child is alive or being started, unless `spare_live` (the leaders are
// then spared and only they are): `g_fork_mutex` keeps spawn() from forking meanwhile.
void sweep_orphans(bool only_when_alone) {
  std::lock_guard<std::mutex> no_fork(g_fork_mutex);
  SweepTargets targets;
  targets.all_orphans = true;
  for (const auto& group : g_groups) {
    const pid_t pgid = group.load();
    if (pgid == 0) continue;
    // A reserved slot is a spawn() between reserving and registering: its child may exist.
    if (only_when_alone || pgid == kReserved) return;
    targets.spare.insert(pgid);
  }
  sweep_processes(targets, Deadline::after(std::chrono::milliseconds(2000)));
}

int reserve_slot() {
  for (std::size_t i = 0; i < kMaxLiveChildren; ++i) {
    pid_t expected = 0;
    if (g_groups[i].compare_exchange_strong(expected, kReserved)) return static_cast<int>(i);
  }
  return -1;
}

void release_slot(int slot) {
  if (slot >= 0) g_groups[slot].store(0);
}

// ---- file descriptors ---------------------------------------------------------------------

class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(Fd&& other) noexcept : fd_(other.release()) {}
  Fd& operator=(Fd&& other) noexcept {
    if (this != &other) reset(other.release());
    return *this;
  }
  ~Fd() { reset(); }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

struct Pipe {
  Fd read;
  Fd write;
};

// A close-on-exec pipe whose ends are both >= 3. A harness started with stdin, stdout or
// stderr closed could otherwise get a pipe end at 0-2, and the child's dup2() onto 0-2 would
// overwrite one end with another.
bool make_pipe(Pipe& pipe, int& error) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    error = errno;
    return false;
  }
  for (int& fd : fds) {
    if (fd >= 3) continue;
    const int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    const int saved = errno;
    ::close(fd);
    fd = moved;
    if (moved < 0) error = saved;
  }
  pipe.read.reset(fds[0]);
  pipe.write.reset(fds[1]);
  return pipe.read.get() >= 0 && pipe.write.get() >= 0;
}

void set_nonblocking(int fd) {
  const int flags = fcntl(fd, F_GETFL);
  if (flags != -1) fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

std::string errno_text(int error) { return std::error_code(error, std::generic_category()).message(); }

// ---- what the child does between fork() and exec() ----------------------------------------

// Everything the child needs, built before fork(): after fork() in a threaded process the child
// may only call async-signal-safe functions, so no allocation (and no execvp, which may allocate
// for its PATH search) happens there.
struct ExecPlan {
  std::vector<std::string> args;
  std::vector<char*> argv;
  std::vector<std::string> env;
  std::vector<char*> envp;
  std::vector<std::string> candidates;  // where argv[0] may be, in PATH order
  bool searched_path = false;
  std::string path;  // the PATH searched, for the error message
  int max_fd = 1024;
};

enum Stage : int { kStageSetpgid = 1, kStageDup2 = 2, kStageExec = 3 };

struct ExecReport {
  int stage;
  int error;
};

[[noreturn]] void report_and_exit(int report_fd, int stage, int error) {
  const ExecReport report{stage, error};
  // 8 bytes into a pipe: atomic; nothing useful to do if it fails.
  [[maybe_unused]] const ssize_t n = ::write(report_fd, &report, sizeof report);
  _exit(127);
}

// Other code in the harness may have opened fds without O_CLOEXEC; the SUT gets none of them.
void close_inherited_fds(int keep, int max_fd) {
  bool ok = true;
  if (keep > 3) ok = close_range(3, static_cast<unsigned>(keep - 1), 0) == 0;
  if (ok) ok = close_range(static_cast<unsigned>(keep + 1), ~0U, 0) == 0;
  if (ok) return;
  for (int fd = 3; fd < max_fd; ++fd) {
    if (fd != keep) ::close(fd);
  }
}

[[noreturn]] void run_child(const ExecPlan& plan, int in_fd, int out_fd, int err_fd, int report_fd) {
  // The parent blocked every signal before fork(), so no harness handler can run here. Reset the
  // dispositions before unblocking: exec() resets handlers but keeps SIG_IGN.
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  for (int sig = 1; sig < NSIG; ++sig) {
    if (sig != SIGKILL && sig != SIGSTOP) sigaction(sig, &default_action, nullptr);
  }
  if (setpgid(0, 0) != 0) report_and_exit(report_fd, kStageSetpgid, errno);
  if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0) {
    report_and_exit(report_fd, kStageDup2, errno);
  }
  close_inherited_fds(report_fd, plan.max_fd);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);

  // execvp's search: skip entries where the program is not, remember a permission problem.
  int error = ENOENT;
  bool denied = false;
  for (const std::string& candidate : plan.candidates) {
    execve(candidate.c_str(), plan.argv.data(), plan.envp.data());
    error = errno;
    if (error == EACCES) {
      denied = true;
      continue;
    }
    if (error == ENOENT || error == ENOTDIR || error == ESTALE || error == ENODEV || error == ETIMEDOUT ||
        error == ELOOP || error == ENAMETOOLONG) {
      continue;
    }
    report_and_exit(report_fd, kStageExec, error);
  }
  report_and_exit(report_fd, kStageExec, denied ? EACCES : error);
}

bool make_plan(const ChildOptions& options, ExecPlan& plan, std::string& error) {
  if (options.argv.empty() || options.argv[0].empty()) {
    error = "empty command: no program to run";
    return false;
  }
  const std::string& program = options.argv[0];
  for (const std::string& arg : options.argv) {
    if (arg.find('\0') != std::string::npos) {
      error = "cannot run '" + program + "': an argument contains a NUL byte";
      return false;
    }
  }
  std::unordered_set<std::string> overridden;
  std::string path_override;
  bool has_path_override = false;
  for (const auto& [name, value] : options.environment) {
    if (name.empty() || name.find('=') != std::string::npos || name.find('\0') != std::string::npos ||
        value.find('\0') != std::string::npos) {
      error = "cannot run '" + program + "': bad environment variable name or value '" + name + "'";
      return false;
    }
    overridden.insert(name);
    if (name == "PATH") {
      path_override = value;
      has_path_override = true;
    }
  }

  plan.args = options.argv;
  for (std::string& arg : plan.args) plan.argv.push_back(arg.data());
  plan.argv.push_back(nullptr);

  for (char** entry = environ; entry != nullptr && *entry != nullptr; ++entry) {
    const std::string_view text(*entry);
    const std::size_t eq = text.find('=');
    if (eq != std::string_view::npos && overridden.count(std::string(text.substr(0, eq))) != 0) continue;
    plan.env.emplace_back(text);
  }
  // Last one wins when a name is given twice, as with env(1).
  for (std::size_t i = 0; i < options.environment.size(); ++i) {
    const auto& [name, value] = options.environment[i];
    bool later = false;
    for (std::size_t j = i + 1; j < options.environment.size(); ++j)
      later = later || options.environment[j].first == name;
    if (!later) plan.env.push_back(name + "=" + value);
  }
  for (std::string& entry : plan.env) plan.envp.push_back(entry.data());
  plan.envp.push_back(nullptr);

  if (program.find('/') != std::string::npos) {
    plan.candidates.push_back(program);
  } else {
    plan.searched_path = true;
    const char* inherited = std::getenv("PATH");
    plan.path = has_path_override ? path_override : inherited != nullptr ? inherited : "/bin:/usr/bin";
    std::size_t start = 0;
    for (;;) {
      const std::size_t colon = plan.path.find(':', start);
      const std::string dir =
          plan.path.substr(start, colon == std::string::npos ? std::string::npos : colon - start);
      plan.candidates.push_back(dir.empty() ? program
                                            : dir + "/" + program);  // empty entry: the current directory
      if (colon == std::string::npos) break;
      start = colon + 1;
    }
  }

  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    plan.max_fd = static_cast<int>(std::min<rlim_t>(limit.rlim_cur, 65536));
  } else {
    plan.max_fd = 65536;
  }
  return true;
}

std::string start_failure(const ExecPlan& plan, const ExecReport& report) {
  std::string text = "cannot run '" + plan.args[0] + "': ";
  switch (report.stage) {
    case kStageSetpgid: return text + "could not give it its own process group: " + errno_text(report.error);
    case kStageDup2:
      return text + "could not connect its stdin, stdout and stderr: " + errno_text(report.error);
    default: break;
  }
  switch (report.error) {
    case ENOENT:
      if (plan.searched_path) return text + "no such program in PATH (" + plan.path + ")";
      return text + "no such file";
    case EACCES: return text + "permission denied (not executable, or a directory?)";
    case ENOEXEC: return text + "not an executable format (a script needs a #! line)";
    default: return text + errno_text(report.error);
  }
}

ExitInfo from_wait_status(int status) {
  ExitInfo info;
  if (WIFEXITED(status)) {
    info.how = ExitInfo::How::Exited;
    info.code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    info.how = ExitInfo::How::Signaled;
    info.code = WTERMSIG(status);
  }
  return info;
}

std::string_view signal_name(int sig) {
  switch (sig) {
    case SIGHUP: return "SIGHUP";
    case SIGINT: return "SIGINT";
    case SIGQUIT: return "SIGQUIT";
    case SIGILL: return "SIGILL";
    case SIGTRAP: return "SIGTRAP";
    case SIGABRT: return "SIGABRT";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGKILL: return "SIGKILL";
    case SIGUSR1: return "SIGUSR1";
    case SIGSEGV: return "SIGSEGV";
    case SIGUSR2: return "SIGUSR2";
    case SIGPIPE: return "SIGPIPE";
    case SIGALRM: return "SIGALRM";
    case SIGTERM: return "SIGTERM";
    case SIGXCPU: return "SIGXCPU";
    case SIGXFSZ: return "SIGXFSZ";
    default: return "";
  }
}

// How long terminate() waits for the stderr pipe to reach EOF after the group is dead. Only a
// process that left the group (and still holds the pipe) makes it wait that long.
constexpr std::chrono::milliseconds kStderrLinger{500};
// How long terminate() waits for SIGKILLed orphans of the group to become reapable.
constexpr std::chrono::milliseconds kOrphanReapLimit{2000};
// How long terminate() waits for a child to exit on its closed stdin before SIGTERM: "a reasonable
// time" for a local process to read end-of-file and exit (docs/harness-conformance.md, stdio.shutdown).
constexpr std::chrono::milliseconds kEofGrace{250};

long long steady_ns(Deadline::Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

}  // namespace

// ---- ExitInfo -----------------------------------------------------------------------------

std::string ExitInfo::describe() const {
  std::string text;
  switch (how) {
    case How::Exited: text = "exited with status " + std::to_string(code); break;
    case How::Signaled: {
      text = "killed by signal " + std::to_string(code);
      const std::string_view name = signal_name(code);
      if (!name.empty()) text += " (" + std::string(name) + ")";
      break;
    }
    case How::Unknown: text = "ended with an unknown status (reaped elsewhere)"; break;
  }
  if (needed_sigkill) {
    text += ", after it ignored SIGTERM";
  } else if (ended_by_harness) {
    text += ", stopped by the harness";
  }
  return text;
}

// ---- ChildProcess -------------------------------------------------------------------------

std::unique_ptr<ChildProcess> ChildProcess::spawn(const ChildOptions& options, std::string& error) {
  error.clear();
  // The tag goes last: it wins over one the harness inherited (a harness started by a harness).
  const std::string tag = std::to_string(::getpid()) + "." + std::to_string(g_next_tag++);
  ChildOptions tagged = options;
  tagged.environment.emplace_back(kSutTagVariable, tag);
  ExecPlan plan;
  if (!make_plan(tagged, plan, error)) return nullptr;
  const std::string& program = plan.args[0];

  const int slot = reserve_slot();
  if (slot < 0) {
    error = "cannot run '" + program + "': " + std::to_string(kMaxLiveChildren) +
            " child processes are alive already";
    return nullptr;
  }
  Pipe in, out, err, report, wake;
  int pipe_error = 0;
  if (!make_pipe(in, pipe_error) || !make_pipe(out, pipe_error) || !make_pipe(err, pipe_error) ||
      !make_pipe(report, pipe_error) || !make_pipe(wake, pipe_error)) {
    release_slot(slot);
    error = "cannot run '" + program + "': pipe: " + errno_text(pipe_error);
    return nullptr;
  }

  // No signal may run a harness handler in the child between fork() and exec(); and the parent
  // registers the group before any handler of this thread could look for it.
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  pid_t pid = -1;
  int fork_error = 0;
  {
    std::lock_guard<std::mutex> no_file_being_written(g_fork_mutex);
    pid = fork();
    if (pid == 0) run_child(plan, in.read.get(), out.write.get(), err.write.get(), report.write.get());
    fork_error = errno;
  }
  if (pid > 0) {
    // Also here, not only in the child: a signal sent to the group right after spawn() returns
    // must not find it missing.
    setpgid(pid, pid);
    g_groups[slot].store(pid);
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);

  in.read.reset();
  out.write.reset();
  err.write.reset();
  report.write.reset();
  if (pid < 0) {
    release_slot(slot);
    error = "cannot run '" + program + "': fork: " + errno_text(fork_error);
    return nullptr;
  }

  // EOF here means exec() succeeded (the pipe is close-on-exec); 8 bytes mean it did not.
  ExecReport failure{};
  std::size_t got = 0;
  while (got < sizeof failure) {
    const ssize_t n =
        ::read(report.read.get(), reinterpret_cast<char*>(&failure) + got, sizeof failure - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  if (got == sizeof failure) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    release_slot(slot);
    error = start_failure(plan, failure);
    return nullptr;
  }

  set_nonblocking(in.write.get());
  set_nonblocking(out.read.get());
  set_nonblocking(err.read.get());
  std::unique_ptr<ChildProcess> child(new ChildProcess(pid, slot, in.write.release(), out.read.release(),
                                                       err.read.release(), wake.read.release(),
                                                       wake.write.release(), options.stderr_limit));
  child->tag_ = tag;
  try {
    child->stderr_thread_ = std::thread(&ChildProcess::drain_stderr, child.get());
  } catch (const std::system_error& e) {
    error = "cannot run '" + program + "': no thread to drain its stderr: " + e.what();
    return nullptr;  // the destructor ends the child
  }
  return child;
}

ChildProcess::ChildProcess(pid_t pid, int slot, int stdin_fd, int stdout_fd, int stderr_fd, int wake_fd_read,
                           int wake_fd_write, std::size_t stderr_limit)
    : pid_(pid),
      slot_(slot),
      stdin_fd_(stdin_fd),
      stdout_fd_(stdout_fd),
      stderr_fd_(stderr_fd),
      wake_read_fd_(wake_fd_read),
      wake_write_fd_(wake_fd_write),
      stderr_(stderr_limit) {}

ChildProcess::~ChildProcess() {
  terminate(kDestructorGrace);
  close_fd(stdout_fd_);
  close_fd(stderr_fd_);
  close_fd(wake_read_fd_);
  close_fd(wake_write_fd_);
}

WriteStatus ChildProcess::write_all(std::string_view bytes, Deadline deadline) {
  if (stdin_fd_ < 0 || stdin_broken_) return WriteStatus::Closed;
  const WriteStatus status = ec::write_all(stdin_fd_, bytes, deadline);
  if (status == WriteStatus::Timeout) stdin_broken_ = true;
  return status;
}

WriteStatus ChildProcess::write_line(std::string_view message, Deadline deadline) {
  if (stdin_fd_ < 0 || stdin_broken_) return WriteStatus::Closed;
  const WriteStatus status = ec::write_line(stdin_fd_, message, deadline);
  if (status == WriteStatus::Timeout) stdin_broken_ = true;
  return status;
}

void ChildProcess::close_stdin() { close_fd(stdin_fd_); }

std::optional<ExitInfo> ChildProcess::reap(bool block) {
  if (exit_) return exit_;
  for (;;) {
    int status = 0;
    const pid_t r = waitpid(pid_, &status, block ? 0 : WNOHANG);
    if (r == pid_) {
      exit_ = from_wait_status(status);
      return exit_;
    }
    if (r == 0) return std::nullopt;
    if (errno == EINTR) continue;
    exit_ = ExitInfo{};  // ECHILD: reaped by someone else; How::Unknown
    return exit_;
  }
}

std::optional<ExitInfo> ChildProcess::poll_exit() {
  if (final_) return final_;
  return reap(false);
}

std::optional<ExitInfo> ChildProcess::wait_exit(Deadline deadline) {
  auto pause = std::chrono::milliseconds(1);
  for (;;) {
    if (auto info = poll_exit()) return info;
    if (deadline.expired()) return std::nullopt;
    std::this_thread::sleep_for(std::min(pause, deadline.remaining()));
    pause = std::min(pause * 2, std::chrono::milliseconds(20));
  }
}

// With enable_orphan_reaping(), members of the group whose parent died are now our children.
// They were sent SIGKILL; wait for them so that nothing of the group is left, not even a zombie.
// Without it, waitpid() finds no child in the group and this returns at once.
void ChildProcess::reap_group_orphans() {
  const Deadline limit = Deadline::after(kOrphanReapLimit);
  for (;;) {
    int status = 0;
    const pid_t r = waitpid(-pid_, &status, WNOHANG);
    if (r > 0) continue;
    if (r < 0) {
      if (errno == EINTR) continue;
      return;  // ECHILD: none left
    }
    if (limit.expired()) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

ExitInfo ChildProcess::terminate(std::chrono::milliseconds grace) {
  if (final_) return *final_;
  close_stdin();
  const bool running = !reap(false).has_value();
  // Processes that left the group (setsid) are out of reach of the group's signals; while the
  // leader lives, they can still be found as its descendants.
  std::vector<ProcessId> descendants = running ? live_descendants(pid_) : std::vector<ProcessId>{};
  bool needed_sigkill = false;
  // stdio shutdown: "the client SHOULD initiate shutdown by: 1. First, closing the input stream to
  // the child process (the server) 2. Waiting for the server to exit, or sending SIGTERM if the
  // server does not exit within a reasonable time" (lifecycle, 2025-06-18 and 2025-11-25; in
  // 2026-07-28 transport-stdio, "Shutdown"). A server that honours the closed stdin ends by
  // itself; SIGTERM only for one still running after kEofGrace (or `grace`, when shorter).
  const bool exited_on_eof = running && wait_exit(Deadline::after(std::min(grace, kEofGrace))).has_value();
  if (running && !exited_on_eof) {
    ::kill(-pid_, SIGTERM);
    ::kill(-pid_, SIGCONT);  // a stopped process cannot act on SIGTERM
    needed_sigkill = !wait_exit(Deadline::after(grace)).has_value();
  }
  // Always, also when the leader has exited: its group may live on without it.
  ::kill(-pid_, SIGKILL);
  if (!exit_) {
    ::kill(pid_, SIGKILL);  // in case the leader moved to another group
    reap(true);
  }
  reap_group_orphans();
  // What escaped the group: the descendants seen above, and the orphans (re-parented to us) that
  // carry this child's tag, with everything they started.
  SweepTargets escaped;
  escaped.known = std::move(descendants);
  escaped.tag = tag_;
  sweep_processes(escaped, Deadline::after(kOrphanReapLimit));
  release_slot(slot_);
  slot_ = -1;
  // An orphan whose environment was cleared cannot be traced to its SUT: ended once no other
  // child is alive (with one case at a time, at the end of each case).
  if (g_end_untagged_orphans) sweep_orphans(/*only_when_alone=*/true);
  stop_stderr_thread();

  ExitInfo info = *exit_;
  info.ended_by_harness = running;
  info.needed_sigkill = needed_sigkill;
  final_ = info;
  return info;
}

void ChildProcess::drain_stderr() {
  constexpr std::size_t kChunk = std::size_t{64} << 10;
  const std::unique_ptr<char[]> buffer(new char[kChunk]);
  for (;;) {
    const long long linger_until = linger_until_ns_.load();
    int timeout = -1;
    if (linger_until != 0) {
      const long long left = linger_until - steady_ns(Deadline::Clock::now());
      if (left <= 0) return;  // a process outside the group still holds the pipe: stop anyway
      timeout = static_cast<int>(std::min<long long>((left + 999'999) / 1'000'000, 1000));
    }
    // While lingering the wake pipe stays readable; only the stderr pipe matters then.
    pollfd fds[2] = {{stderr_fd_, POLLIN, 0}, {wake_read_fd_, POLLIN, 0}};
    const int ready = poll(fds, linger_until != 0 ? 1 : 2, timeout);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (ready == 0 || fds[0].revents == 0) continue;
    const ssize_t n = ::read(stderr_fd_, buffer.get(), kChunk);
    if (n > 0) {
      const std::lock_guard<std::mutex> lock(stderr_mutex_);
      stderr_.append(std::string_view(buffer.get(), static_cast<std::size_t>(n)));
      continue;
    }
    if (n == 0) return;  // every writer is gone
    if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) return;
  }
}

void ChildProcess::stop_stderr_thread() {
  if (!stderr_thread_.joinable()) return;
  linger_until_ns_.store(steady_ns(Deadline::after(kStderrLinger).at()));
  const char byte = 'x';
  [[maybe_unused]] const ssize_t n = ::write(wake_write_fd_, &byte, 1);
  stderr_thread_.join();
}

std::string ChildProcess::stderr_text() const {
  const std::lock_guard<std::mutex> lock(stderr_mutex_);
  return stderr_.text();
}

std::size_t ChildProcess::stderr_bytes() const {
  const std::lock_guard<std::mutex> lock(stderr_mutex_);
  return stderr_.total();
}

// ---- process-wide -------------------------------------------------------------------------

std::size_t registered_process_groups() {
  std::size_t count = 0;
  for (const auto& group : g_groups) count += group.load() > 0 ? 1 : 0;
  return count;
}

void kill_registered_process_groups() noexcept {
  const int saved_errno = errno;
  for (const auto& group : g_groups) {
    const pid_t pgid = group.load(std::memory_order_relaxed);
    if (pgid > 1) ::kill(-pgid, SIGKILL);  // never kill(-1) or kill(0)
  }
  errno = saved_errno;
}

bool enable_orphan_reaping(bool end_untagged_orphans) {
  if (end_untagged_orphans) g_end_untagged_orphans = true;
  return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
}

void end_orphans() { sweep_orphans(/*only_when_alone=*/false); }

bool write_executable(const std::string& path, std::string_view text, std::string& error) {
  std::lock_guard<std::mutex> no_fork(g_fork_mutex);
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0700);
  if (fd < 0) {
    error = "cannot create " + path + ": " + errno_text(errno);
    return false;
  }
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = "cannot write " + path + ": " + errno_text(errno);
      ::close(fd);
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) {
    error = "cannot write " + path + ": " + errno_text(errno);
    return false;
  }
  return true;
}

}  // namespace ec
