// The reference server: a small conformant MCP server over stdio (newline-delimited JSON-RPC on
// stdin/stdout) or Streamable HTTP that follows the adapter contract (docs/adapter-contract.md): tools
// `elicit`, `require_url` and `complete`. It behaves as a careful SDK would: it refuses to send a mode the
// client did not declare, to put anything but URL-mode entries with ids into a -32042 error, and to complete
// an id it never issued. `fault`, unless FaultId::None, breaks one rule (faults.def).
//
// On stdio it is dual-era: a request whose params carry the 2026-07-28 per-request _meta (or
// server/discover) is served statelessly on the modern wire (elicitation inside an
// InputRequiredResult, the retry answered with the final result; docs/modern-wire.md), any other
// request by the initialize-based session. The HTTP listener is initialize-based only.
#pragma once

#include <string>
#include <vector>

#include "reference/faults.h"

namespace ec {

struct ReferenceServerOptions {
  FaultId fault = FaultId::None;
  // Streamable HTTP: every SSE stream starts with a priming event (an id, empty data: SEP-1699),
  // as the TypeScript SDK's server does once resumability is on.
  bool prime_sse = false;
  // The protocol versions it supports, latest first. 2026-07-28, when listed, is served on the
  // modern wire (server/discover, per-request _meta); without it, server/discover is an unknown
  // method. It answers initialize with the version asked for when it supports it, else with the
  // first initialize-based one (lifecycle: "the latest version supported by the server").
  // Sessions at revisions without elicitation (2024-11-05, 2025-03-26) get none: the elicit tool
  // refuses.
  std::vector<std::string> versions = {"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};
};

// Serves until stdin ends; returns the process exit status.
int run_reference_server(int in_fd, int out_fd, const ReferenceServerOptions& options);

// The same server over Streamable HTTP on 127.0.0.1:`port` (0: an ephemeral port), one
// conformant server per session. Prints its URL as the first line of stdout, so a test or a
// script knows where to connect without racing for a port; serves until killed.
int run_reference_server_http(int port, const ReferenceServerOptions& options);

}  // namespace ec
