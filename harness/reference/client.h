// The reference client: a small conformant MCP client following the adapter contract of
// docs/adapter-contract.md. It spawns the stdio server it is given (or, given a single http:// URL, the
// official suite's convention, connects to it over Streamable HTTP), declares exactly
// ELICIT_CONFORM_CAPABILITIES, calls ELICIT_CONFORM_TOOL, answers elicitations as the scripted user
// ELICIT_CONFORM_USER (accept with the given content, or with the schema's defaults; decline; cancel; once
// the answers run out the user cancels), and exits 0 after the tool result. It refuses modes it did not
// declare (-32602; an unknown mode is never declared), treats a missing mode as form, rejects invalid
// elicitation/create params (-32602), validates content before sending it, never answers a notification,
// ignores completion notifications for unknown, completed or malformed ids, and opens a URL only after the
// user accepted it (opening is simulated by one GET, loopback only, so the harness's URL trap sees it). After
// a -32042 whose URLs the user opened, it waits for their completion notifications and retries the tool call
// once (the spec's MAY).
//
// Asked for 2026-07-28 (stdio only, for now) it probes with server/discover (falling back to
// initialize when the server does not list that revision), sends `_meta` (version,
// capabilities, client info) on every request, and answers each InputRequiredResult by asking
// the scripted user about every elicitation in it, in map order, then retrying the call with a
// new id, inputResponses for exactly those keys and requestState echoed byte for byte. A request
// it cannot show (invalid, or in a mode it did not declare) reaches no user and is answered
// "cancel": that wire has no error for one input request.
#pragma once

#include <string>
#include <vector>

#include "reference/faults.h"

namespace ec {

struct ReferenceClientOptions {
  FaultId fault = FaultId::None;
  // How it starts, as clients that also speak 2026-07-28 do: "" initialize at once;
  // "discover" send server/discover first on the same connection, and fall back to initialize
  // after any error or 10 s of silence; "respawn" (stdio) spawn the server once for that probe,
  // end it, then spawn it again for the session (over HTTP: the probe is a POST of its own).
  std::string probe;
  // "" both modes; "form" or "url": a client library with one mode (a case whose capability names
  // the other one is SKIP: it exits 77 with the contract's reason line).
  std::string modes;
  // The protocol versions it supports, latest first: it asks for ELICIT_CONFORM_PROTOCOL_VERSION
  // when it supports it, else for the first of these.
  std::vector<std::string> versions = {"2026-07-28", "2025-11-25", "2025-06-18"};
};

int run_reference_client(const std::vector<std::string>& server_command,
                         const ReferenceClientOptions& options);

}  // namespace ec
