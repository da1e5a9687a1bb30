#include "transport/process_tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <deque>
#include <map>
#include <optional>
#include <string_view>
#include <thread>

namespace ec {
namespace {

struct ProcessEntry {
  ProcessId id;
  pid_t ppid = 0;
  bool zombie = false;
};

// Reads at most `limit` bytes of a /proc file; nullopt when it cannot be opened (the process is gone).
std::optional<std::string> read_proc_file(const std::string& path, std::size_t limit) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  std::string out;
  char buffer[4096];
  while (out.size() < limit) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return out;
}

// /proc/PID/stat: "pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt
// cmajflt utime stime cutime cstime priority nice threads itrealvalue starttime ...". The name
// may hold spaces and parentheses: the fields start after the last ')'.
std::optional<ProcessEntry> read_stat(pid_t pid) {
  const auto text = read_proc_file("/proc/" + std::to_string(pid) + "/stat", 2048);
  if (!text) return std::nullopt;
  const std::size_t close = text->rfind(')');
  if (close == std::string::npos) return std::nullopt;
  ProcessEntry e;
  e.id.pid = pid;
  std::string_view rest = std::string_view(*text).substr(close + 1);
  for (int field = 3; field <= 22; ++field) {
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    const std::size_t end = std::min(rest.find(' '), rest.size());
    const std::string token(rest.substr(0, end));
    rest.remove_prefix(end);
    if (token.empty()) return std::nullopt;
    if (field == 3) e.zombie = token == "Z" || token == "X";
    if (field == 4) e.ppid = static_cast<pid_t>(std::strtol(token.c_str(), nullptr, 10));
    if (field == 22) e.id.start_time = std::strtoull(token.c_str(), nullptr, 10);
  }
  return e;
}

std::map<pid_t, ProcessEntry> snapshot() {
  std::map<pid_t, ProcessEntry> out;
  DIR* dir = ::opendir("/proc");
  if (dir == nullptr) return out;
  while (const dirent* d = ::readdir(dir)) {
    char* end = nullptr;
    const long pid = std::strtol(d->d_name, &end, 10);
    if (pid <= 0 || end == d->d_name || *end != '\0') continue;
    if (auto e = read_stat(static_cast<pid_t>(pid))) out.emplace(e->id.pid, *e);
  }
  ::closedir(dir);
  return out;
}

// The live descendants of `roots` in `table`, breadth first; the roots themselves are not included.
std::vector<ProcessId> descendants_in(const std::map<pid_t, ProcessEntry>& table,
                                      const std::vector<pid_t>& roots) {
  std::multimap<pid_t, pid_t> children;
  for (const auto& [pid, e] : table) children.emplace(e.ppid, pid);
  std::vector<ProcessId> out;
  std::deque<pid_t> queue(roots.begin(), roots.end());
  std::set<pid_t> seen(roots.begin(), roots.end());
  while (!queue.empty()) {
    const pid_t parent = queue.front();
    queue.pop_front();
    const auto [first, last] = children.equal_range(parent);
    for (auto it = first; it != last; ++it) {
      if (!seen.insert(it->second).second) continue;
      const ProcessEntry& e = table.at(it->second);
      if (!e.zombie) out.push_back(e.id);
      queue.push_back(it->second);  // a zombie's children have been re-parented; harmless either way
    }
  }
  return out;
}

bool carries_tag(pid_t pid, const std::string& tag) {
  if (tag.empty()) return false;
  const auto env = read_proc_file("/proc/" + std::to_string(pid) + "/environ", std::size_t{1} << 20);
  if (!env) return false;
  const std::string entry = std::string(kSutTagVariable) + "=" + tag;
  for (std::size_t at = env->find(entry); at != std::string::npos; at = env->find(entry, at + 1)) {
    const bool starts = at == 0 || (*env)[at - 1] == '\0';
    const bool ends = at + entry.size() == env->size() || (*env)[at + entry.size()] == '\0';
    if (starts && ends) return true;
  }
  return false;
}

bool same_process(const ProcessId& p) {
  const auto now = read_stat(p.pid);
  return now && now->id.start_time == p.start_time;
}

// SIGKILL to `p` if it is still the process that was seen. With a pidfd the check and the signal
// name the same process; without (old kernels) a small window for pid reuse remains.
void kill_if_same(const ProcessId& p) {
#if defined(SYS_pidfd_open) && defined(SYS_pidfd_send_signal)
  const int fd = static_cast<int>(::syscall(SYS_pidfd_open, p.pid, 0));
  if (fd >= 0) {
    if (same_process(p)) ::syscall(SYS_pidfd_send_signal, fd, SIGKILL, nullptr, 0);
    ::close(fd);
    return;
  }
  if (errno != ENOSYS) return;  // ESRCH: gone already
#endif
  if (same_process(p)) ::kill(p.pid, SIGKILL);
}

}  // namespace

std::vector<ProcessId> live_descendants(pid_t root) {
  if (root <= 1) return {};
  return descendants_in(snapshot(), {root});
}

std::size_t sweep_processes(const SweepTargets& targets, Deadline limit) {
  const pid_t self = ::getpid();
  std::map<pid_t, ProcessId> killed;
  std::size_t count = 0;
  for (;;) {
    const std::map<pid_t, ProcessEntry> table = snapshot();
    std::vector<pid_t> roots;
    std::vector<ProcessId> found;
    const auto live = [&](const ProcessId& p) {
      const auto it = table.find(p.pid);
      return it != table.end() && !it->second.zombie && it->second.id.start_time == p.start_time;
    };
    for (const ProcessId& p : targets.known) {
      if (live(p)) {
        found.push_back(p);
        roots.push_back(p.pid);
      }
    }
    for (const auto& [pid, e] : table) {
      if (e.ppid != self || e.zombie || targets.spare.contains(pid)) continue;
      if (targets.all_orphans || carries_tag(pid, targets.tag)) {
        found.push_back(e.id);
        roots.push_back(pid);
      }
    }
    for (const ProcessId& p : descendants_in(table, roots)) found.push_back(p);
    std::erase_if(found, [&](const ProcessId& p) { return p.pid == self || targets.spare.contains(p.pid); });
    if (found.empty()) break;
    for (const ProcessId& p : found) {
      kill_if_same(p);
      if (killed.emplace(p.pid, p).second) ++count;
    }
    if (limit.expired()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }

  // The killed processes that are (or, once their parents are gone, become) our children are
  // reaped here: none stays a zombie of the harness.
  while (!killed.empty() && !limit.expired()) {
    for (auto it = killed.begin(); it != killed.end();) {
      int status = 0;
      const pid_t r = ::waitpid(it->first, &status, WNOHANG);
      const bool done = r == it->first || (r < 0 && errno == ECHILD && !same_process(it->second));
      it = done ? killed.erase(it) : std::next(it);
    }
    if (!killed.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return count;
}

}  // namespace ec
