// What one run of the corpus is asked to do: the SUT, the selection, the reports. The CLI fills it
// from `elicit-conform server|client` (cli/main.cpp); run_suite() (run/suite.h) does the rest.
#pragma once

#include <string>

namespace ec {

struct RunRequest {
  std::string command;              // --command
  std::string url;                  // --url: a server under test over Streamable HTTP
  std::string transport = "stdio";  // --transport (client role): stdio or http
  std::string revision;             // "" = every revision each case lists
  std::string case_glob = "*";      // --case
  // The official suite's words (docs/official-suite.md): --scenario NAME (one of our case ids,
  // or an official scenario name, mapped to our cases), --suite NAME (all, active, core, draft).
  std::string scenario;
  std::string suite;
  // --requirements REV: the cases of the official scenarios REV's requirement set lists, at REV.
  std::string requirements;
  bool force = false;            // --force: accepted; nothing to force here (said on stderr)
  bool transport_given = false;  // --transport was on the command line
  std::string cases_dir;         // --cases
  std::string report_dir = "elicit-conform-report";
  std::string formats = "json,junit,md,html";
  std::string expected_failures;
  int timeout_ms = 5000;           // one expect step
  int jobs = 1;                    // cases run at once (each has its own SUT process)
  int startup_timeout_ms = 30000;  // the SUT comes up (start, connect, initialize)
  bool strict = false;             // a WARN fails the run
  bool reuse_sut = false;          // server over stdio: keep a session between cases (cases/sut_pool.h)
  bool verbose = false;
  std::string observe_tool;  // --observe-tool: lint what this tool elicits instead of the corpus
  std::string tool_args;     // --tool-args: its arguments, a JSON object
};

// The harness's own identity for the reports' provenance (the CLI knows it: cli/version.h).
struct ToolIdentity {
  std::string version;
  std::string commit;
  bool dirty = false;
};

}  // namespace ec
