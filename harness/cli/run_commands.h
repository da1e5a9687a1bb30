// `elicit-conform server|list|reference`: running the case corpus against a SUT, listing it,
// and the built-in reference peer. Exit status of a run (docs/reports.md): 0 every case passed or was
// expected to fail; 1 an unexpected failure, a stale or unknown baseline entry; 2 usage or
// configuration error (an unusable --report-dir included, found before any case runs); 3 the
// harness itself failed; 130 interrupted (SIGINT, SIGTERM or SIGHUP): the cases that finished
// are reported, marked interrupted.
#pragma once

#include <chrono>
#include <iosfwd>
#include <string>
#include <vector>

#include "report/run_outcome.h"  // kExitInterrupted, with the rest of how a run's exit is decided

namespace ec {

struct RunCommandOptions {
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

// `elicit-conform server` (role "server": the SUT is a server) and `client` (the SUT is a client).
int run_suite_command(const std::string& role, const RunCommandOptions& options, std::ostream& out,
                      std::ostream& err);
int run_list_command(const std::string& cases_dir, const std::string& revision, const std::string& role,
                     bool coverage, bool checks, std::ostream& out, std::ostream& err);
// `list --official`: the official suite's scenario names and the cases they map to.
int run_list_official(std::ostream& out);
// `list --server` / `list --client` (either or both), the official suite's words: the official
// scenarios of that side that have cases here, as its CLI lists them ("  - NAME [REVISIONS]"
// under a heading), REVISIONS those their cases run at (only `revision`, when given).
int run_list_official_sides(const std::string& cases_dir, bool server, bool client,
                            const std::string& revision, std::ostream& out, std::ostream& err);
// `listen`: "" for stdio, else "127.0.0.1:PORT" (the reference server over Streamable HTTP).
struct ReferenceCommandOptions {
  std::string role;                         // server or client
  std::vector<std::string> server_command;  // client: its stdio server, or one http:// URL
  std::string fault;
  bool list_faults = false;
  std::string listen;      // server: "127.0.0.1:PORT" for Streamable HTTP
  bool prime_sse = false;  // server over HTTP: SSE priming events (SEP-1699)
  std::string probe;       // client: "", "discover" or "respawn"
  std::string modes;       // client: "" both, "form" or "url" only
  std::string versions;    // comma-separated protocol versions it supports, latest first ("" default)
};

int run_reference_command(const ReferenceCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace ec
