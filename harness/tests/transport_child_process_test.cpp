// ChildProcess and LineReader against small hostile SUTs (tests/data/suts/*.sh). Every test
// checks that it leaves nothing behind: no process in any group it started, no zombie, no entry
// in the interrupt registry. Deadlines are generous for what must happen and short only where
// nothing may arrive.
#include "transport/child_process.h"
#include "transport/interrupt.h"
#include "transport/line_reader.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ec {
namespace {

using namespace std::chrono_literals;

std::string sut(const std::string& name) { return std::string(EC_TEST_DATA) + "/suts/" + name; }

// This test binary reaps its orphaned descendants, as the CLI does, so a finished group is gone
// at once, zombies included, whatever the machine's init does. One test checks the other case.
class OrphanReaping : public ::testing::Environment {
 public:
  void SetUp() override { ASSERT_TRUE(enable_orphan_reaping()); }
};
[[maybe_unused]] ::testing::Environment* const kOrphanReaping =
    ::testing::AddGlobalTestEnvironment(new OrphanReaping);

bool group_gone(pid_t pgid) { return ::kill(-pgid, 0) == -1 && errno == ESRCH; }
bool process_gone(pid_t pid) { return ::kill(pid, 0) == -1 && errno == ESRCH; }

// /proc/<pid>/stat: "pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses.
struct ProcStat {
  char state = 0;
  pid_t pgrp = 0;
};
std::optional<ProcStat> proc_stat(const std::string& pid) {
  std::ifstream file("/proc/" + pid + "/stat");
  std::string text;
  if (!std::getline(file, text)) return std::nullopt;
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  ProcStat stat;
  int ppid = 0;
  int pgrp = 0;
  if (std::sscanf(text.c_str() + close + 1, " %c %d %d", &stat.state, &ppid, &pgrp) != 3) return std::nullopt;
  stat.pgrp = pgrp;
  return stat;
}

// A member of the group that is not dead yet (zombies are dead; they only wait to be reaped).
bool group_has_live_member(pid_t pgid) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const auto stat = proc_stat(name);
    if (stat && stat->pgrp == pgid && stat->state != 'Z' && stat->state != 'X') return true;
  }
  return false;
}

template <class Condition>
bool eventually(Condition condition, std::chrono::milliseconds limit) {
  const Deadline deadline = Deadline::after(limit);
  while (!condition()) {
    if (deadline.expired()) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

// Reaps children of this process in group `pgid` (orphans handed to us), for at most `limit`.
void reap_group(pid_t pgid, std::chrono::milliseconds limit) {
  const Deadline deadline = Deadline::after(limit);
  for (;;) {
    int status = 0;
    const pid_t r = waitpid(-pgid, &status, WNOHANG);
    if (r > 0) continue;
    if (r < 0 || deadline.expired()) return;
    std::this_thread::sleep_for(2ms);
  }
}

class ChildProcessTest : public ::testing::Test {
 protected:
  std::unique_ptr<ChildProcess> start(std::vector<std::string> argv,
                                      std::vector<std::pair<std::string, std::string>> environment = {}) {
    ChildOptions options;
    options.argv = std::move(argv);
    options.environment = std::move(environment);
    std::string error;
    auto child = ChildProcess::spawn(options, error);
    EXPECT_NE(child, nullptr) << error;
    EXPECT_TRUE(error.empty()) << error;
    if (child) groups_.push_back(child->pid());
    return child;
  }

  void TearDown() override {
    for (const pid_t pgid : groups_) {
      EXPECT_TRUE(group_gone(pgid)) << "process group " << pgid << " outlived its ChildProcess";
    }
    int status = 0;
    errno = 0;
    EXPECT_EQ(waitpid(-1, &status, WNOHANG), -1) << "a child process (or zombie) was left behind";
    EXPECT_EQ(errno, ECHILD);
    EXPECT_EQ(registered_process_groups(), 0u);
  }

  std::vector<pid_t> groups_;
};

ReadResult read_line(LineReader& reader, std::chrono::milliseconds limit = 10s) {
  return reader.read(Deadline::after(limit));
}

// ---- conversations ------------------------------------------------------------------------

TEST_F(ChildProcessTest, EchoServerRoundTripsManyMessages) {
  auto child = start({sut("echo.sh")});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  for (int i = 0; i < 200; ++i) {
    const std::string message = R"({"jsonrpc":"2.0","id":)" + std::to_string(i) + R"(,"method":"ping"})";
    ASSERT_EQ(child->write_line(message, Deadline::after(10s)), WriteStatus::Ok);
    const ReadResult r = read_line(reader);
    ASSERT_EQ(r.status, ReadResult::Line) << i;
    EXPECT_EQ(r.line, message);
  }
  EXPECT_FALSE(child->poll_exit().has_value());
  child->close_stdin();  // the polite way to end an MCP stdio server
  EXPECT_EQ(read_line(reader).status, ReadResult::Eof);
  const auto exit = child->wait_exit(Deadline::after(10s));
  ASSERT_TRUE(exit.has_value());
  EXPECT_EQ(exit->how, ExitInfo::How::Exited);
  EXPECT_EQ(exit->code, 0);
  const ExitInfo final_info = child->terminate(1s);
  EXPECT_FALSE(final_info.ended_by_harness);
  EXPECT_EQ(final_info.describe(), "exited with status 0");
  EXPECT_EQ(child->write_line("late", Deadline::after(1s)), WriteStatus::Closed);
}

TEST_F(ChildProcessTest, GarbageIsFramedNotJudged) {
  auto child = start({sut("garbage.sh")});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  const std::vector<std::string> expected = {
      "Server listening on stdio...",
      "\xFF\xFE not utf-8 \xC0\x80",
      std::string("nul:\0:byte", 10),
      R"({"jsonrpc": "2.0", "id":)",
      R"({"jsonrpc":"2.0","id":1,"result":{}})",
  };
  for (const std::string& line : expected) {
    const ReadResult r = read_line(reader);
    ASSERT_EQ(r.status, ReadResult::Line);
    EXPECT_EQ(r.line, line);
  }
  EXPECT_EQ(read_line(reader).status, ReadResult::Eof);
}

TEST_F(ChildProcessTest, SilentSutTimesOutAndIsTerminated) {
  auto child = start({sut("silent.sh")});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  ASSERT_EQ(child->write_line(R"({"jsonrpc":"2.0","id":1,"method":"initialize"})", Deadline::after(5s)),
            WriteStatus::Ok);
  const auto start_time = std::chrono::steady_clock::now();
  EXPECT_EQ(reader.read(Deadline::after(300ms)).status, ReadResult::Timeout);
  EXPECT_GE(std::chrono::steady_clock::now() - start_time, 290ms);
  EXPECT_FALSE(child->poll_exit().has_value());
  EXPECT_FALSE(child->wait_exit(Deadline::after(200ms)).has_value());

  const ExitInfo exit = child->terminate(10s);
  EXPECT_EQ(exit.how, ExitInfo::How::Signaled);
  EXPECT_EQ(exit.code, SIGTERM);
  EXPECT_TRUE(exit.ended_by_harness);
  EXPECT_FALSE(exit.needed_sigkill);
  EXPECT_EQ(exit.describe(), "killed by signal 15 (SIGTERM), stopped by the harness");
  EXPECT_TRUE(group_gone(child->pid()));                         // the sleep in the group too
  EXPECT_EQ(child->terminate(10s).describe(), exit.describe());  // idempotent
}

TEST_F(ChildProcessTest, SutThatExitsMidConversation) {
  auto child = start({sut("exits_midway.sh")});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  ASSERT_EQ(child->write_line("first", Deadline::after(5s)), WriteStatus::Ok);
  ReadResult r = read_line(reader);
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "first");
  EXPECT_EQ(read_line(reader).status, ReadResult::Eof);
  const auto exit = child->wait_exit(Deadline::after(10s));
  ASSERT_TRUE(exit.has_value());
  EXPECT_EQ(exit->how, ExitInfo::How::Exited);
  EXPECT_EQ(exit->code, 3);
  // Nobody reads stdin any more: Closed, and no SIGPIPE kills the harness.
  EXPECT_EQ(child->write_line("second", Deadline::after(5s)), WriteStatus::Closed);
  EXPECT_EQ(child->terminate(1s).describe(), "exited with status 3");
}

TEST_F(ChildProcessTest, StderrFloodNeitherBlocksTheSutNorGrowsMemory) {
  auto child = start({sut("stderr_flood.sh")});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  // The script answers only after 50 MiB of stderr: without a drain it would block forever.
  ASSERT_EQ(child->write_line("ping", Deadline::after(5s)), WriteStatus::Ok);
  const ReadResult r = read_line(reader, 60s);
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "ping");
  child->close_stdin();
  ASSERT_TRUE(child->wait_exit(Deadline::after(30s)).has_value());
  child->terminate(1s);  // joins the drain thread: stderr is complete now

  const std::size_t flood = 50u << 20;
  EXPECT_EQ(child->stderr_bytes(),
            std::string("flood-begin\n").size() + flood + std::string("\nflood-end\n").size());
  const std::string text = child->stderr_text();
  EXPECT_LE(text.size(), (1u << 20) + 200);
  EXPECT_EQ(text.rfind("flood-begin\nstderr noise: the quick brown fox", 0), 0u);
  EXPECT_EQ(text.substr(text.size() - 11), "\nflood-end\n");
  EXPECT_NE(text.find("bytes dropped here"), std::string::npos);
}

// ---- ending the group ---------------------------------------------------------------------

TEST_F(ChildProcessTest, GrandchildThatIgnoresSigtermDoesNotSurvive) {
  auto child = start({sut("grandchild.sh")});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  const ReadResult r = read_line(reader);
  ASSERT_EQ(r.status, ReadResult::Line);
  ASSERT_EQ(r.line.rfind("grandchild ", 0), 0u) << r.line;
  const pid_t grandchild = std::stoi(r.line.substr(11));
  const pid_t pgid = child->pid();
  ASSERT_EQ(getpgid(grandchild), pgid);

  const ExitInfo exit = child->terminate(10s);
  EXPECT_EQ(exit.how, ExitInfo::How::Signaled);
  EXPECT_EQ(exit.code, SIGTERM);  // the leader obeyed; only its grandchild did not
  EXPECT_FALSE(exit.needed_sigkill);
  EXPECT_TRUE(group_gone(pgid));
  EXPECT_TRUE(process_gone(grandchild));
}

TEST_F(ChildProcessTest, GroupThatIgnoresSigtermIsKilledAfterTheGrace) {
  auto child = start({sut("grandchild.sh"), "stubborn"});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  const ReadResult r = read_line(reader);
  ASSERT_EQ(r.status, ReadResult::Line);
  const pid_t grandchild = std::stoi(r.line.substr(11));

  const auto start_time = std::chrono::steady_clock::now();
  const ExitInfo exit = child->terminate(300ms);
  const auto elapsed = std::chrono::steady_clock::now() - start_time;
  EXPECT_GE(elapsed, 290ms);
  EXPECT_LT(elapsed, 5s);
  EXPECT_EQ(exit.how, ExitInfo::How::Signaled);
  EXPECT_EQ(exit.code, SIGKILL);
  EXPECT_TRUE(exit.needed_sigkill);
  EXPECT_EQ(exit.describe(), "killed by signal 9 (SIGKILL), after it ignored SIGTERM");
  EXPECT_TRUE(group_gone(child->pid()));
  EXPECT_TRUE(process_gone(grandchild));
  // The stderr thread did not wait for the grandchild's copy of the pipe: it is dead.
  EXPECT_EQ(child->stderr_text(), "");
}

TEST_F(ChildProcessTest, DestructorEndsTheGroup) {
  pid_t pgid = 0;
  const auto start_time = std::chrono::steady_clock::now();
  {
    auto child = start({sut("grandchild.sh"), "stubborn"});
    ASSERT_NE(child, nullptr);
    pgid = child->pid();
    LineReader reader(child->stdout_fd());
    ASSERT_EQ(read_line(reader).status, ReadResult::Line);
  }
  EXPECT_LT(std::chrono::steady_clock::now() - start_time, 10s);
  EXPECT_TRUE(group_gone(pgid));
}

// A process that left the group is out of reach (documented), but its endless stderr must not
// keep terminate() waiting for EOF on the pipe it shares.
TEST_F(ChildProcessTest, ProcessThatLeftTheGroupDoesNotHangTerminate) {
  auto child = start({sut("escapes_group.sh")});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  const ReadResult r = read_line(reader);
  ASSERT_EQ(r.status, ReadResult::Line);
  ASSERT_EQ(r.line.rfind("escaped ", 0), 0u) << r.line;
  const pid_t escaped = std::stoi(r.line.substr(8));
  ASSERT_TRUE(eventually([&] { return child->stderr_bytes() > 0; }, 10s));

  const auto start_time = std::chrono::steady_clock::now();
  child->terminate(1s);
  EXPECT_LT(std::chrono::steady_clock::now() - start_time, 5s);
  EXPECT_TRUE(group_gone(child->pid()));
  EXPECT_NE(child->stderr_text().find("escaped noise"), std::string::npos);

  // Out of the group's reach, but found as a descendant (and tagged): killed and reaped too.
  EXPECT_TRUE(process_gone(escaped));
}

// A double fork in a new session with a cleared environment: an orphan from the start, with
// nothing that leads back to its SUT. end_orphans() ends it (the CLI calls it when a run ends).
TEST_F(ChildProcessTest, UntraceableOrphanIsEndedByEndOrphans) {
  auto child =
      start({"/bin/sh", "-c", "setsid env -i /bin/sh -c '(trap \"\" TERM; exec sleep 600) &'; echo started"});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  ReadResult r = read_line(reader);
  ASSERT_EQ(r.status, ReadResult::Line);
  // The orphan is found by its command line and its parent (this process, the subreaper).
  ASSERT_TRUE(eventually([&] { return child->poll_exit().has_value(); }, 10s));
  child->terminate(200ms);
  pid_t orphan = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream cmdline(entry.path() / "cmdline");
    std::string text((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
    std::ifstream status(entry.path() / "status");
    std::string line, ppid;
    while (std::getline(status, line)) {
      if (line.rfind("PPid:", 0) == 0) ppid = line.substr(5);
    }
    if (text == std::string("sleep\0"
                            "600\0",
                            10) &&
        std::stoi(ppid) == ::getpid())
      orphan = std::stoi(name);
  }
  ASSERT_NE(orphan, 0) << "the orphan should still run: it carries no tag and ignores SIGTERM";
  end_orphans();
  EXPECT_TRUE(process_gone(orphan));
}

// ---- framing against real processes -------------------------------------------------------

TEST_F(ChildProcessTest, TenMegabyteLineIsTooLargeThenFramingResumes) {
  auto child = start({sut("long_line.sh")});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());  // 4 MiB limit
  ReadResult r = read_line(reader, 30s);
  ASSERT_EQ(r.status, ReadResult::TooLarge);
  EXPECT_GT(r.bytes_discarded, LineReader::kDefaultMaxLineBytes);
  r = read_line(reader, 30s);
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, R"({"jsonrpc":"2.0","id":1,"result":{}})");
  EXPECT_EQ(read_line(reader).status, ReadResult::Eof);
  EXPECT_EQ(reader.total_discarded(), (10u << 20) + 1);
}

TEST_F(ChildProcessTest, CrlfLines) {
  auto child = start({sut("crlf.sh")});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  for (const char* expected : {R"({"a":1})", "{\"b\":2}\r", R"({"c":3})", R"({"d":4})"}) {
    const ReadResult r = read_line(reader);
    ASSERT_EQ(r.status, ReadResult::Line);
    EXPECT_EQ(r.line, expected);
  }
  EXPECT_EQ(read_line(reader).status, ReadResult::Eof);
}

// ---- starting -----------------------------------------------------------------------------

TEST_F(ChildProcessTest, ExecFailureIsASpawnErrorThatNamesTheProgram) {
  struct Case {
    std::string program;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"ec-no-such-program-5f3a", "no such program in PATH"},
      {"/nonexistent/dir/server", "no such file"},
      {std::string(EC_TEST_DATA) + "/suts", "permission denied"},  // a directory
      {std::string(EC_TEST_DATA) + "/spec-examples/messages/2025-06-18/elicitation-01.json",
       "permission denied"},
  };
  for (const Case& c : cases) {
    ChildOptions options;
    options.argv = {c.program, "--flag"};
    std::string error;
    EXPECT_EQ(ChildProcess::spawn(options, error), nullptr) << c.program;
    EXPECT_NE(error.find("cannot run '" + c.program + "'"), std::string::npos) << error;
    EXPECT_NE(error.find(c.says), std::string::npos) << error;
  }
  ChildOptions empty;
  std::string error;
  EXPECT_EQ(ChildProcess::spawn(empty, error), nullptr);
  EXPECT_NE(error.find("empty command"), std::string::npos) << error;
  ChildOptions nul;
  nul.argv = {"echo", std::string("a\0b", 3)};
  EXPECT_EQ(ChildProcess::spawn(nul, error), nullptr);
  EXPECT_NE(error.find("NUL"), std::string::npos) << error;
}

TEST_F(ChildProcessTest, WriteToAChildThatClosedStdinIsClosedNotDeath) {
  auto child = start({sut("closes_stdin.sh")});
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  const ReadResult r = read_line(reader);
  ASSERT_EQ(r.status, ReadResult::Line);
  EXPECT_EQ(r.line, "stdin closed");
  EXPECT_EQ(child->write_line(R"({"jsonrpc":"2.0","method":"x"})", Deadline::after(5s)), WriteStatus::Closed);
  EXPECT_EQ(child->write_all("more", Deadline::after(5s)), WriteStatus::Closed);
  sigset_t pending;
  sigemptyset(&pending);
  sigpending(&pending);
  EXPECT_EQ(sigismember(&pending, SIGPIPE), 0);
}

TEST_F(ChildProcessTest, EnvironmentReachesTheChild) {
  ASSERT_EQ(setenv("EC_TEST_OVERRIDE", "from-the-harness", 1), 0);
  auto child =
      start({"sh", "-c",
             "printf '%s|%s|%s\\n' \"$EC_TEST_ONE\" \"$EC_TEST_TWO\" \"${HOME:+home-is-inherited}\"; "
             "env | grep '^EC_TEST_OVERRIDE='"},
            {{"EC_TEST_ONE", "hello world"},
             {"EC_TEST_TWO", "x=y \xC3\xBCn\xC3\xAF"},
             {"EC_TEST_OVERRIDE", "first"},
             {"EC_TEST_OVERRIDE", "from-the-case"}});
  unsetenv("EC_TEST_OVERRIDE");
  ASSERT_NE(child, nullptr);
  LineReader reader(child->stdout_fd());
  for (const char* expected :
       {"hello world|x=y \xC3\xBCn\xC3\xAF|home-is-inherited", "EC_TEST_OVERRIDE=from-the-case"}) {
    const ReadResult r = read_line(reader);
    ASSERT_EQ(r.status, ReadResult::Line);
    EXPECT_EQ(r.line, expected);
  }
  EXPECT_EQ(read_line(reader).status, ReadResult::Eof);
}

// What the harness ignores, blocks or leaves open must not reach the SUT.
TEST_F(ChildProcessTest, ChildGetsDefaultSignalsAndOnlyItsThreeFds) {
  struct sigaction ignore {
  }, old_pipe{}, old_usr1{};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, &old_pipe);
  sigaction(SIGUSR1, &ignore, &old_usr1);
  sigset_t usr2, old_mask;
  sigemptyset(&usr2);
  sigaddset(&usr2, SIGUSR2);
  pthread_sigmask(SIG_BLOCK, &usr2, &old_mask);
  const int leaked = open("/dev/null", O_RDONLY);  // no O_CLOEXEC, as careless code would do
  ASSERT_GE(leaked, 3);

  // grep reports its own masks (/proc/self), inherited from the shell's base mask: reading the
  // shell's /proc/$$/status instead races with the shell blocking every signal around its fork.
  auto child = start({"sh", "-c",
                      "grep -E '^Sig(Ign|Blk):' /proc/self/status; "
                      "ls /proc/$$/fd; exit 0"});  // ls looks at the shell's fds from outside

  ::close(leaked);
  pthread_sigmask(SIG_SETMASK, &old_mask, nullptr);
  sigaction(SIGPIPE, &old_pipe, nullptr);
  sigaction(SIGUSR1, &old_usr1, nullptr);
  ASSERT_NE(child, nullptr);

  LineReader reader(child->stdout_fd());
  std::vector<std::string> lines;
  for (;;) {
    const ReadResult r = read_line(reader);
    if (r.status != ReadResult::Line) break;
    lines.push_back(r.line);
  }
  const std::vector<std::string> expected = {"SigBlk:\t0000000000000000", "SigIgn:\t0000000000000000", "0",
                                             "1", "2"};
  EXPECT_EQ(lines, expected);
}

// The classic fd leak: if B inherited A's stdin pipe, A would never see EOF on its stdin.
TEST_F(ChildProcessTest, ChildrenDoNotHoldEachOthersPipes) {
  auto a = start({sut("echo.sh")});
  auto b = start({sut("echo.sh")});
  auto c = start({sut("silent.sh")});
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(registered_process_groups(), 3u);
  a->close_stdin();
  const auto exit = a->wait_exit(Deadline::after(10s));
  ASSERT_TRUE(exit.has_value()) << "echo.sh never saw EOF on stdin";
  EXPECT_EQ(exit->code, 0);
  LineReader reader(b->stdout_fd());
  ASSERT_EQ(b->write_line("still here", Deadline::after(5s)), WriteStatus::Ok);
  EXPECT_EQ(read_line(reader).line, "still here");
}

// ---- the process-wide parts, in a forked stand-in for the harness --------------------------

// Reads one line from `fd` within 20 s (the forked harness reports through a pipe).
std::string read_report(int fd) {
  LineReader reader(fd);
  const ReadResult r = reader.read(Deadline::after(20s));
  return r.status == ReadResult::Line ? r.line : "";
}

// Runs `body` in a forked copy of this process and returns its wait status. `body` writes one
// line to the pipe it gets; the parent reads it into `report`.
template <class Body>
int run_forked(Body body, std::string& report, pid_t* forked = nullptr, bool wait_for_it = true) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return -1;
  const pid_t pid = fork();
  if (pid == 0) {
    ::close(fds[0]);
    _exit(body(fds[1]));
  }
  ::close(fds[1]);
  report = read_report(fds[0]);
  ::close(fds[0]);
  if (forked != nullptr) *forked = pid;
  if (!wait_for_it) return 0;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

void report_line(int fd, const std::string& text) {
  const std::string line = text + "\n";
  [[maybe_unused]] const ssize_t n = ::write(fd, line.data(), line.size());
}

TEST(InterruptCleanup, SigtermKillsEveryGroupThenTheHarnessDiesOfIt) {
  std::string report;
  pid_t harness = 0;
  run_forked(
      [](int out) {
        install_interrupt_cleanup();
        ChildOptions options;
        options.argv = {sut("grandchild.sh"), "stubborn"};
        std::string error;
        auto child = ChildProcess::spawn(options, error);
        if (!child) return 10;
        LineReader reader(child->stdout_fd());
        const ReadResult r = reader.read(Deadline::after(10s));
        if (r.status != ReadResult::Line) return 11;
        report_line(out, std::to_string(child->pid()) + " " + r.line.substr(11));
        for (;;) pause();
      },
      report, &harness, /*wait_for_it=*/false);
  ASSERT_FALSE(report.empty());
  const pid_t pgid = std::stoi(report);
  const pid_t grandchild = std::stoi(report.substr(report.find(' ') + 1));
  ASSERT_TRUE(group_has_live_member(pgid));

  ASSERT_EQ(::kill(harness, SIGTERM), 0);
  int status = 0;
  ASSERT_EQ(waitpid(harness, &status, 0), harness);
  EXPECT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGTERM);

  // The SUT's processes are orphans now, handed to this process (it reaps orphans).
  EXPECT_TRUE(eventually([&] { return !group_has_live_member(pgid); }, 10s));
  reap_group(pgid, 10s);
  EXPECT_TRUE(group_gone(pgid));
  EXPECT_TRUE(process_gone(grandchild));
}

TEST(InterruptCleanup, IgnoredSignalsStayIgnored) {
  std::string report;
  const int status = run_forked(
      [](int out) {
        signal(SIGHUP, SIG_IGN);
        install_interrupt_cleanup();
        install_interrupt_cleanup();  // once is enough; twice is harmless
        struct sigaction hup {
        }, term{};
        sigaction(SIGHUP, nullptr, &hup);
        sigaction(SIGTERM, nullptr, &term);
        const bool ok = hup.sa_handler == SIG_IGN && term.sa_handler != SIG_DFL && term.sa_handler != SIG_IGN;
        report_line(out, ok ? "ok" : "wrong dispositions");
        return 0;
      },
      report);
  EXPECT_EQ(report, "ok");
  EXPECT_TRUE(WIFEXITED(status));
}

// Without a reaper of its own the harness cannot reap the grandchild, but it must be dead.
TEST(OrphanReaping, WithoutItTheGroupIsStillDead) {
  std::string report;
  const int status = run_forked(
      [](int out) {
        prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0);  // not inherited anyway; said for the reader
        ChildOptions options;
        options.argv = {sut("grandchild.sh"), "stubborn"};
        std::string error;
        auto child = ChildProcess::spawn(options, error);
        if (!child) return 10;
        LineReader reader(child->stdout_fd());
        if (reader.read(Deadline::after(10s)).status != ReadResult::Line) return 11;
        const pid_t pgid = child->pid();
        child->terminate(200ms);
        const bool dead = eventually([&] { return !group_has_live_member(pgid); }, 10s);
        report_line(out, std::to_string(pgid));
        return dead ? 0 : 12;
      },
      report);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  ASSERT_FALSE(report.empty());
  const pid_t pgid = std::stoi(report);
  reap_group(pgid, 10s);  // the zombies came to this process, the nearest reaper
  EXPECT_TRUE(group_gone(pgid));
}

}  // namespace
}  // namespace ec
