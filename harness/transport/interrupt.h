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
// install_interrupt_cleanup() below is the other policy, for a program that has no report to
// write: kill the children and die. Both read the registry of live children (child_process.h).
#pragma once

namespace ec {

// Installs the above; call once, early. Later calls do nothing.
void install_interrupt_reporting();

// 0, or the signal that interrupted the run. Async-signal-safe to read.
int interrupt_signal();

// For SIGINT, SIGTERM, SIGHUP and SIGPIPE (all of which kill the harness by default): a handler
// that SIGKILLs every registered group and then re-raises the signal with its default action, so
// an interrupted harness dies as before but takes its SUTs along. A signal that is ignored at the
// time of the call (nohup, a background job) stays ignored. Also registers an atexit hook that
// does the same for a harness that calls exit() with children alive. Call once, early in main;
// later calls do nothing.
void install_interrupt_cleanup();

}  // namespace ec
