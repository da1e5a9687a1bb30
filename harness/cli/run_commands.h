// `elicit-conform server|list|reference`: running the case corpus against a SUT, listing it,
// and the built-in reference peer. Exit status of a run (DESIGN.md): 0 every case passed or was
// expected to fail; 1 an unexpected failure, a stale or unknown baseline entry; 2 usage or
// configuration error (an unusable --report-dir included, found before any case runs); 3 the
// harness itself failed; 130 interrupted (SIGINT, SIGTERM or SIGHUP): the cases that finished
// are reported, marked interrupted.
#pragma once

#include <chrono>
#include <iosfwd>
#include <string>
#include <vector>

namespace ec {

inline constexpr int kExitInterrupted = 130;

struct RunCommandOptions {
  std::string command;              // --command
  std::string url;                  // --url: a server under test over Streamable HTTP
  std::string transport = "stdio";  // --transport (client role): stdio or http
  std::string revision;             // "" = every revision each case lists
  std::string case_glob = "*";      // --case
  std::string cases_dir;            // --cases
  std::string report_dir = "elicit-conform-report";
  std::string formats = "json,junit,md";
  std::string expected_failures;
  int timeout_ms = 5000;           // one expect step
  int jobs = 1;                    // cases run at once (each has its own SUT process)
  int startup_timeout_ms = 30000;  // the SUT comes up (start, connect, initialize)
  bool strict = false;             // a WARN fails the run
  bool verbose = false;
  std::string observe_tool;  // --observe-tool: lint what this tool elicits instead of the corpus
  std::string tool_args;     // --tool-args: its arguments, a JSON object
};

// `elicit-conform server` (role "server": the SUT is a server) and `client` (the SUT is a client).
int run_suite_command(const std::string& role, const RunCommandOptions& options, std::ostream& out,
                      std::ostream& err);
int run_list_command(const std::string& cases_dir, const std::string& revision, const std::string& role,
                     bool coverage, bool checks, std::ostream& out, std::ostream& err);
// `listen`: "" for stdio, else "127.0.0.1:PORT" (the reference server over Streamable HTTP).
int run_reference_command(const std::string& role, const std::vector<std::string>& server_command,
                          const std::string& fault, bool list_faults, const std::string& listen,
                          std::ostream& out, std::ostream& err);

}  // namespace ec
