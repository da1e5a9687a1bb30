// How a run of cases reacts to being interrupted, so that an interrupted run still leaves a
// report of what finished and nothing behind (the `server` and `client` commands):
//  - SIGINT, SIGTERM, SIGHUP: every registered child process group is SIGKILLed at once, so the
//    running cases end within moments, and interrupt_signal() says which signal came. The
//    harness lives on: it stops starting cases, cleans up (SUTs, their escaped processes,
//    temporary folders) and writes the report of the cases that finished. A second signal of
//    these ends it at once, by the default action, should the cleanup ever hang.
//  - SIGPIPE is ignored: a closed stdout or stderr (`elicit-conform ... | head -2`) is no reason
//    to stop a run; the write fails with EPIPE and the run goes on.
// A signal ignored when this is installed (nohup, a background job) stays ignored. Children
// start with default dispositions whatever the harness ignores (child_process.h).
// (install_interrupt_cleanup() in child_process.h is the older, simpler policy: kill and die.)
#pragma once

namespace ec {

// Installs the above; call once, early. Later calls do nothing.
void install_interrupt_reporting();

// 0, or the signal that interrupted the run. Async-signal-safe to read.
int interrupt_signal();

}  // namespace ec
