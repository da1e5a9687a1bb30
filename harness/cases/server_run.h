// Runs a server case (the SUT is an MCP server; the harness is its client) over stdio.
#pragma once

#include <string>

#include "cases/runner.h"
#include "transport/child_process.h"

namespace ec {

RunRecord run_server_case(const Case& c, Revision revision, const RunOptions& options);

// --reuse-sut (cases/sut_pool.h): how the harness would start the server for a case over stdio
// (its command and environment), and the key of the session the case may join ("" if none).
ChildOptions server_child_options(const Case& c, Revision revision, const RunOptions& options);
std::string server_session_key(const Case& c, Revision revision, const RunOptions& options);

}  // namespace ec
