// `elicit-conform server --observe-tool NAME [--tool-args JSON]`: lint a production server, not an
// SDK fixture. The harness calls one tool of any server, answers every elicitation it sends as a
// cautious user (cancel: nothing is ever submitted to a real server), and checks each one. This
// builds the two cases that do it, in the ordinary case format, so the run, the verdicts and the
// reports are those of any other case:
//   server.observe.<tool>.valid       MUST level: JSON-RPC framing, ids, and every elicitation/create
//                                     well formed (message, mode, schema subset, enums, defaults,
//                                     formats, URL parameters, only declared modes)
//   server.observe.<tool>.advisable   SHOULD level: schemas an answer can satisfy, no secrets in
//                                     forms, no clickable links, URLs https and free of credentials
//                                     and user data
// The client declares every mode the revision has, so the server may use any of them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cases/case_file.h"

namespace ec {

// `arguments_json` is the tool's arguments object ("" means {}). On a bad argument (not a JSON
// object, an empty tool name, a revision whose wire the harness does not play) returns nothing
// and sets `error`.
std::vector<Case> observe_tool_cases(std::string_view tool, std::string_view arguments_json,
                                     Revision revision, const Catalog* catalog, std::string& error);

}  // namespace ec
