// The processes a SUT started, found in /proc, so that none of them outlives its case: also
// those that left the SUT's process group (setsid) and those orphaned on purpose (a double fork).
// Signalling the process group is not enough for them, and cgroups are not always there (nor
// usable without root), so the harness looks at the process table:
//  - the descendants of a process, by following PPid links;
//  - orphans: with enable_orphan_reaping() (child_process.h) the harness is the subreaper of
//    everything it started, so a SUT's process whose parent died is re-parented to the harness
//    (PPid == getpid()) instead of init. Which SUT it came from shows in its environment: every
//    child the harness starts carries its own tag (kSutTagVariable), and descendants inherit it.
//    An orphan with a cleared environment carries none: it can only be swept with all orphans.
// Every process is named by its pid and its start time, so a pid reused by an unrelated process
// is never signalled; signals go through a pidfd where the kernel has them.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "transport/deadline.h"

namespace ec {

// The environment variable that tags a child's processes: "<harness pid>.<sequence>".
inline constexpr const char* kSutTagVariable = "ELICIT_CONFORM_SUT_TAG";

struct ProcessId {
  pid_t pid = 0;
  unsigned long long start_time = 0;  // clock ticks since boot (/proc/PID/stat, field 22)
  auto operator<=>(const ProcessId&) const = default;
};

// The live (not zombie) descendants of `root`, children before grandchildren; empty when `root`
// is gone or /proc cannot be read.
std::vector<ProcessId> live_descendants(pid_t root);

// What a sweep ends.
struct SweepTargets {
  std::vector<ProcessId> known;  // processes seen earlier (live_descendants before the SUT died)
  std::string tag;               // orphans of ours whose environment carries this tag
  bool all_orphans = false;      // every orphan of ours, tagged or not
  std::set<pid_t> spare;         // never these (the leaders of other live children)
};

// SIGKILLs the targets and all their descendants, round after round until a round finds none
// alive (a process forking while it is killed leaves children that the next round finds), then
// reaps those that were or became the harness's children. Returns how many processes were
// killed. Bounded by `limit`.
std::size_t sweep_processes(const SweepTargets& targets, Deadline limit);

}  // namespace ec
