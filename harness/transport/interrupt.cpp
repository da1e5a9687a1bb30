#include "transport/interrupt.h"

#include <signal.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <mutex>

#include "transport/child_process.h"

namespace ec {
namespace {

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free atomic");
std::atomic<int> g_interrupted{0};
constexpr int kInterrupts[] = {SIGINT, SIGTERM, SIGHUP};

void on_interrupt(int sig) {
  const int saved_errno = errno;
  int none = 0;
  if (g_interrupted.compare_exchange_strong(none, sig)) kill_registered_process_groups();
  // The next one is not caught: a harness whose cleanup hangs can still be stopped.
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  for (const int s : kInterrupts) sigaction(s, &default_action, nullptr);
  errno = saved_errno;
}

// install_interrupt_cleanup's handler: kill every group, then die of the signal.
void kill_then_die(int sig) {
  const int saved_errno = errno;
  kill_registered_process_groups();
  struct sigaction default_action {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  sigaction(sig, &default_action, nullptr);
  // `sig` is blocked while this handler runs, so the raised one waits until the handler returns
  // and is then delivered with the default action: the harness dies of the signal it got.
  raise(sig);
  errno = saved_errno;
}

}  // namespace

void install_interrupt_reporting() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (const int sig : kInterrupts) {
      struct sigaction current {};
      if (sigaction(sig, nullptr, &current) != 0) continue;
      if ((current.sa_flags & SA_SIGINFO) != 0 || current.sa_handler != SIG_DFL) continue;
      struct sigaction action {};
      action.sa_handler = on_interrupt;
      sigemptyset(&action.sa_mask);
      for (const int s : kInterrupts) sigaddset(&action.sa_mask, s);
      sigaction(sig, &action, nullptr);
    }
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGPIPE, &ignore, nullptr);
    // A harness that exits with children alive (an error path) takes them along.
    std::atexit([] { kill_registered_process_groups(); });
  });
}

int interrupt_signal() { return g_interrupted.load(); }

void install_interrupt_cleanup() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
      struct sigaction current {};
      if (sigaction(sig, nullptr, &current) != 0) continue;
      // Only the default action is taken over: an ignored signal stays ignored (nohup), and a
      // handler that other code installed stays theirs.
      if ((current.sa_flags & SA_SIGINFO) != 0 || current.sa_handler != SIG_DFL) continue;
      struct sigaction action {};
      action.sa_handler = kill_then_die;
      sigemptyset(&action.sa_mask);
      sigaction(sig, &action, nullptr);
    }
    std::atexit([] { kill_registered_process_groups(); });
  });
}

}  // namespace ec
