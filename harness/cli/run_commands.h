// `elicit-conform server|list|reference`: running the case corpus against a SUT, listing it,
// and the built-in reference peer. Exit status of a run (docs/reports.md): 0 every case passed or was
// expected to fail; 1 an unexpected failure, a stale or unknown baseline entry; 2 usage or
// configuration error (an unusable --report-dir included, found before any case runs); 3 the
// harness itself failed; 130 interrupted (SIGINT, SIGTERM or SIGHUP): the cases that finished
// are reported, marked interrupted.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "report/run_outcome.h"  // kExitInterrupted, with the rest of how a run's exit is decided
#include "run/request.h"

namespace ec {

// The options of `server` and `client`, as the run layer takes them (run/request.h).
using RunCommandOptions = RunRequest;

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
