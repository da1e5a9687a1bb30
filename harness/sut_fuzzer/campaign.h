// `elicit-conform fuzz server|client`: a fuzzing campaign against one SUT. Inputs come from the
// mutator (mutator.h), run through one live session (session.h), are judged by the
// oracles (oracles.h); each new finding (by oracle and signature) is minimised
// (minimise.h) against the SUT and written as a replayable case (case_writer.h), and
// the campaign ends with summary.json. docs/fuzzing.md is the user's side of this.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

#include "cases/runner.h"
#include "sut_fuzzer/session.h"

namespace ec {

struct FuzzOptions {
  std::string role;  // the SUT's: "server" or "client"
  FuzzSessionOptions session;
  std::string cases_dir;  // the corpus: seeds, and the requirement catalog the written cases need
  std::string out_dir = "elicit-conform-fuzz";
  double duration_seconds = 60;
  std::uint64_t seed = 1;
  std::optional<std::uint64_t> max_inputs;
  // Stop once the first finding is minimised and its case written: a gate needs one, not all.
  bool stop_on_finding = false;
  std::uint64_t shard = 0, shards = 1;  // this machine runs inputs index % shards == shard
  std::size_t minimise_tries = 150;
  // The share of the wall time given to case inputs (case_inputs.h): mutated corpus cases
  // of what one session cannot stage, each against a fresh SUT. 0: none.
  double case_share = 0.2;
  // How a case input's run reaches the SUT: the options a suite run of the same SUT would use
  // (the CLI takes them from the run layer, run/execute.h case_run_options()).
  RunOptions case_options;
  // Seconds between progress lines on stderr (progress.h); 0: none.
  double progress_seconds = 10;
};

// Exit status: 0 nothing found (or robustness findings only), 1 findings, 2 configuration error,
// 3 the SUT could not be started.
int run_fuzz_campaign(const FuzzOptions& options, std::ostream& out, std::ostream& err);

}  // namespace ec
