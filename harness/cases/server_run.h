// Runs a server case (the SUT is an MCP server; the harness is its client) over stdio.
#pragma once

#include "cases/runner.h"

namespace ec {

RunRecord run_server_case(const Case& c, Revision revision, const RunOptions& options);

}  // namespace ec
