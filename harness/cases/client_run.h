// Runs a client case (the SUT is an MCP client; the harness is its server) over stdio. The
// adapter contract (docs/adapter-contract.md): the client command gets one extra argument, the path of an
// executable to spawn as its stdio server, and the ELICIT_CONFORM_* environment (case,
// protocol version, capabilities to declare, scripted user answers, tool to call).
#pragma once

#include "cases/runner.h"

namespace ec {

RunRecord run_client_case(const Case& c, Revision revision, const RunOptions& options);

}  // namespace ec
