// `elicit-conform fuzz server|client`: the command line of a fuzzing campaign (sut_fuzzer/campaign.h).
#pragma once

#include <iosfwd>
#include <string>

namespace ec {

struct FuzzCommandOptions {
  std::string role;  // server or client: the SUT's role
  std::string command;
  std::string url;                  // server only: a Streamable HTTP server on loopback, instead of --command
  std::string transport = "stdio";  // client only: http serves the client on loopback (2026-07-28)
  double duration = 60;
  unsigned long long seed = 1;
  unsigned long long max_inputs = 0;  // 0: no limit
  bool stop_on_finding = false;
  std::string out = "elicit-conform-fuzz";
  std::string shard = "0/1";
  std::string revision = "2025-11-25";
  int timeout_ms = 5000;
  std::string capabilities;  // "" the role's default
  std::string cases_dir;
  double case_share = 0.2;  // of the wall time, for case inputs (sut_fuzzer/case_inputs.h)
  double progress = 10;     // seconds between progress lines on stderr; 0: none
};

int run_fuzz_command(const FuzzCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace ec
