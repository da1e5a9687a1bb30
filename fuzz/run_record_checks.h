// The invariants of a case run against a scripted SUT (fuzz_step_engine.cpp), as functions that
// say what broke instead of aborting, so that a unit test can show each one firing on a record
// broken on purpose (harness/tests/fuzz_invariants_test.cpp). "" means the record holds.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "cases/case_file.h"
#include "cases/run_record.h"
#include "cases/runner.h"

namespace ec::fuzz {

// One run of a case over a MemoryChannel: the record and what the channel saw.
struct ScriptedRun {
  RunRecord record;
  std::vector<std::string> sent;       // what the harness wrote
  std::vector<std::string> delivered;  // the script's lines the harness read
};

// A verdict-worthy record of `c` planned at `planned`:
//  - at most one outcome: a failure, a SKIP, an unavailable SUT (a SKIP may come with the last,
//    a SUT that declined before it came up); never a harness error (a case that loads can be run
//    against anything a SUT sends); a set outcome says why;
//  - a failure names a step of the case and that step's check id, or has no step and is a
//    prerequisite (the lifecycle failed, or its answer had an id of no request of ours); its
//    pointer into the message is valid;
//  - findings have a check id, a requirement of the table, a message, a valid pointer, a MUST or
//    SHOULD level, and there are at most 1000 of them;
//  - the transcript is bounded (`options`' budget, its note reserve, 64 KiB per entry, no empty
//    entry: so the byte budget bounds the count too), ordered in time within the run, and, unless
//    it says it was truncated, shows exactly what the channel carried, in order;
//  - every response the harness wrote answers a request the SUT sent, no request more often
//    than the SUT sent its id, and every message it wrote is a JSON object.
std::string record_problem(const Case& c, Revision planned, const RunOptions& options,
                           const ScriptedRun& run);

// Everything a record says, without its times: two runs of one script agree on it.
std::string record_fingerprint(const ScriptedRun& run);

// The shortest wait the engine may start in a run of `c` (options' timeouts, the steps' own, the
// engine's fixed settle): a run that took less than this expired no deadline, so its course was
// decided by the script alone.
std::chrono::milliseconds shortest_wait(const Case& c, const RunOptions& options);

}  // namespace ec::fuzz
