// The reference server: a small conformant MCP server over stdio (newline-delimited JSON-RPC on
// stdin/stdout) or Streamable HTTP that follows the adapter contract of DESIGN.md: tools `elicit`,
// `require_url` and `complete`. It behaves as a careful SDK would: it refuses to send a mode the client did
// not declare, to put anything but URL-mode entries with ids into a -32042 error, and to
// complete an id it never issued. `fault` (a name from faults.h, or "") breaks one rule.
//
// On stdio it is dual-era: a request whose params carry the 2026-07-28 per-request _meta (or
// server/discover) is served statelessly on the modern wire (elicitation inside an
// InputRequiredResult, the retry answered with the final result; docs/modern-wire.md), any other
// request by the initialize-based session. The HTTP listener is initialize-based only.
#pragma once

#include <string>

namespace ec {

// Serves until stdin ends; returns the process exit status.
int run_reference_server(int in_fd, int out_fd, const std::string& fault);

// The same server over Streamable HTTP on 127.0.0.1:`port` (0: an ephemeral port), one
// conformant server per session. Prints its URL as the first line of stdout, so a test or a
// script knows where to connect without racing for a port; serves until killed.
int run_reference_server_http(int port, const std::string& fault);

}  // namespace ec
