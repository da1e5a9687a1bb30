// The reference server: a small conformant MCP server over stdio (newline-delimited JSON-RPC on
// stdin/stdout) that follows the adapter contract of DESIGN.md: tools `elicit`, `require_url`
// and `complete`. It behaves as a careful SDK would: it refuses to send a mode the client did
// not declare, to put anything but URL-mode entries with ids into a -32042 error, and to
// complete an id it never issued. `fault` (a name from faults.h, or "") breaks one rule.
#pragma once

#include <string>

namespace ec {

// Serves until stdin ends; returns the process exit status.
int run_reference_server(int in_fd, int out_fd, const std::string& fault);

}  // namespace ec
