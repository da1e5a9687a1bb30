// A SUT as a child process. The SUT is untrusted: it may print garbage, never answer, exit in
// the middle of a conversation, flood stderr, ignore SIGTERM or leave grandchildren behind. What
// this promises in return:
//  - the child runs in its own process group, and terminate() (also the destructor) ends the
//    whole group: SIGTERM, a grace period for the group leader, then SIGKILL to the group, and
//    the leader is reaped. A grandchild that ignores SIGTERM goes too. Processes that left the
//    group (setsid, a double fork) are found in /proc and SIGKILLed as well (process_tree.h):
//    the leader's descendants, and, with enable_orphan_reaping(), the orphans that carry the
//    child's tag (kSutTagVariable, set in its environment);
//  - exec failure ("no such program") is an error from spawn(), not a child that exits 127;
//  - the child gets exactly stdin, stdout, stderr: every fd of the harness is close-on-exec, and
//    the child also closes any fd >= 3 that some other code opened without O_CLOEXEC;
//  - the child starts with default signal dispositions and an empty signal mask, whatever the
//    harness ignores or blocks (a SUT that inherits SIG_IGN for SIGPIPE behaves differently);
//  - stderr is drained all the time by a thread into a HeadTailBuffer, so a child writing
//    megabytes to stderr never blocks on it, and memory stays bounded;
//  - writes to stdin have a deadline and never raise SIGPIPE (see line_writer.h).
//
// One thread drives a ChildProcess; only stderr_text() and stderr_bytes() may be called from
// other threads.
//
// Zombies: the leader is always reaped. The other members of the group are not the harness's
// children, so their exit status goes to init, which on some systems reaps late or never (a
// container whose PID 1 is not an init). enable_orphan_reaping() makes the harness the reaper of
// its orphaned descendants; terminate() then reaps the whole group before it returns.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "transport/deadline.h"
#include "transport/head_tail_buffer.h"
#include "transport/line_writer.h"

namespace ec {

struct ChildOptions {
  // argv[0] is looked up in PATH (the child's PATH: `environment` may set it) unless it contains
  // a '/'. Scripts need a #! line: there is no fallback to /bin/sh.
  std::vector<std::string> argv;
  // Set on top of the harness's own environment, replacing variables of the same name.
  std::vector<std::pair<std::string, std::string>> environment;
  // Bytes of stderr kept (the first half and the last half).
  std::size_t stderr_limit = std::size_t{1} << 20;
};

// The exit status by which a SUT says it cannot run a case (automake / ctest "skipped").
inline constexpr int kSutSkipStatus = 77;

struct ExitInfo {
  enum class How {
    Exited,    // `code` is the exit status
    Signaled,  // `code` is the signal number
    Unknown,   // someone else reaped the child (SIGCHLD ignored, or a stray waitpid(-1))
  };
  How how = How::Unknown;
  int code = 0;
  bool ended_by_harness = false;  // still running when terminate() began
  bool needed_sigkill = false;    // still running when the grace period ran out

  // "exited with status 3", "killed by signal 15 (SIGTERM)"
  std::string describe() const;
};

class ChildProcess {
 public:
  // The grace the destructor gives a child that is still running.
  static constexpr std::chrono::milliseconds kDestructorGrace{250};

  // Starts the child; returns nullptr with `error` set (a sentence naming the program) when it
  // cannot be started.
  static std::unique_ptr<ChildProcess> spawn(const ChildOptions& options, std::string& error);

  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return pid_; }  // also the id of its process group

  // The read end of the child's stdout (non-blocking), for a LineReader. Owned by this object
  // and open until it is destroyed, so after terminate() the last lines can still be read.
  int stdout_fd() const { return stdout_fd_; }

  // To the child's stdin. After a Timeout a message may be cut in half, so the stream is
  // given up: later writes return Closed.
  WriteStatus write_all(std::string_view bytes, Deadline deadline);
  WriteStatus write_line(std::string_view message, Deadline deadline);

  // EOF on the child's stdin: how an MCP client asks a stdio server to exit.
  void close_stdin();

  // The leader's exit, if it has exited (reaps it); never blocks.
  std::optional<ExitInfo> poll_exit();
  // Waits for the leader to exit on its own until `deadline`.
  std::optional<ExitInfo> wait_exit(Deadline deadline);

  // Ends the whole group (see the top of this file) and waits for the stderr thread, so that
  // stderr_text() is complete afterwards. Idempotent: later calls return the same ExitInfo.
  ExitInfo terminate(std::chrono::milliseconds grace);

  // What the child wrote to stderr so far (bounded; a marker line where bytes were dropped).
  std::string stderr_text() const;
  std::size_t stderr_bytes() const;  // total bytes written to stderr, kept or not

 private:
  ChildProcess(pid_t pid, int slot, int stdin_fd, int stdout_fd, int stderr_fd, int wake_fd_read,
               int wake_fd_write, std::size_t stderr_limit);
  void drain_stderr();
  void stop_stderr_thread();
  std::optional<ExitInfo> reap(bool block);
  void reap_group_orphans();

  pid_t pid_;
  int slot_;  // in the interrupt registry
  int stdin_fd_;
  bool stdin_broken_ = false;  // a write timed out mid-message
  int stdout_fd_;
  int stderr_fd_;
  int wake_read_fd_;
  int wake_write_fd_;
  std::string tag_;  // kSutTagVariable in the child's environment
  std::optional<ExitInfo> exit_;
  std::optional<ExitInfo> final_;  // set once terminate() finished

  mutable std::mutex stderr_mutex_;
  HeadTailBuffer stderr_;
  std::atomic<long long> linger_until_ns_{0};  // 0: drain until EOF; else a steady_clock deadline
  std::thread stderr_thread_;
};

// Creates `path` (mode 0700, it must not exist) with `text`, for a child to exec. No spawn() forks
// while the file is open for writing, so no child inherits a write descriptor to it: that would
// make an exec of the file fail with ETXTBSY until the child closed it. False with `error` set.
bool write_executable(const std::string& path, std::string_view text, std::string& error);

// Every live ChildProcess's process group is in a fixed-size, lock-free registry, so that a
// signal handler can reach them. At most this many children can be alive at once; spawn() fails
// beyond that rather than start a child that an interrupt would leave behind.
constexpr std::size_t kMaxLiveChildren = 1024;

// Process groups currently registered (for tests and diagnostics).
std::size_t registered_process_groups();

// SIGKILL to every registered group. Async-signal-safe: the interrupt policies of
// transport/interrupt.h call it from their signal handlers.
void kill_registered_process_groups() noexcept;

// Makes this process the reaper of its orphaned descendants (Linux PR_SET_CHILD_SUBREAPER), so
// terminate() can reap a SUT's grandchildren itself instead of leaving zombies for init, and can
// find the ones that escaped the group (they become our children). Affects the whole process:
// orphans of children started by other code become ours too (they are reaped only if they
// belong to a ChildProcess's group). With `end_untagged_orphans` (for a process that starts
// children only through ChildProcess, like the CLI's runs), terminate() also ends every orphan
// of ours when no other child is alive: one whose environment was cleared carries no tag to say
// whose it is. Returns false where unsupported.
bool enable_orphan_reaping(bool end_untagged_orphans = false);

// SIGKILLs every orphan re-parented to this process and everything it started, sparing the
// leaders of live children, and reaps them. For the end of a run: nothing a SUT started outlives
// the harness.
void end_orphans();

}  // namespace ec
