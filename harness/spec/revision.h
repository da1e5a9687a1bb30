// The protocol revisions whose elicitation rules we check, and what differs between them. Code
// switches on features rather than on revisions, so a revision is one row of `features()`.
//
// Two eras (versioning.mdx of 2026-07-28): the legacy revisions 2025-06-18 and 2025-11-25 open a
// session with `initialize` and carry elicitation as a server-to-client `elicitation/create`
// request; the modern revision 2026-07-28 has no handshake (`server/discover`, and every request
// carries protocol version and client capabilities in `_meta`) and carries elicitation inside an
// InputRequiredResult that the client answers by retrying its request (multi round-trip
// requests, spec/mrtr.h).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ec {

enum class Revision { V2025_06_18, V2025_11_25, V2026_07_28 };

std::optional<Revision> parse_revision(std::string_view text);  // "2025-11-25" -> V2025_11_25
std::string_view to_string(Revision revision);

// Every revision the harness knows: `--revision`, case files, requirement catalogs, checkers.
std::span<const Revision> all_revisions();

// Whether `text` has the shape of an MCP protocol version: a date, YYYY-MM-DD (every revision so
// far is named so: 2024-11-05 ... 2026-07-28), whether or not this harness knows the revision.
// An empty string, "latest" or "1.0" is no protocol version at all.
bool is_protocol_version(std::string_view text);
// The revision a run, a check or a reference peer uses when none is given: the newest one whose
// wire the harness plays end to end and that has cases, 2025-11-25. Not the newest known: the
// cases of 2026-07-28 need the harness to play the modern wire (docs/modern-wire.md), and until
// they exist a default of 2026-07-28 would run nothing. `check-message --revision 2026-07-28`
// checks modern messages already.
Revision default_revision();

struct RevisionFeatures {
  bool url_mode;                    // SEP-1036: mode "url"
  bool url_elicitation_id;          // elicitationId, -32042 and notifications/elicitation/complete
                                    // (2025-11-25 only: 2026-07-28 removed them with MRTR)
  bool sep1330_enums;               // titled and multi-select enums; 2025-06-18 has enum+enumNames
  bool defaults_on_all_primitives;  // SEP-1034; 2025-06-18's schema.json has default on boolean only
  bool pattern_keyword;             // `pattern` on StringSchema (2025-11-25 prose only, see the
                                    // schema checker; the 2026-07-28 prose dropped it)
  bool schema_dialect_member;       // `$schema` in requestedSchema (2025-11-25 schema.json on)
  bool error_response_id_optional;  // JSONRPCErrorResponse.id optional (2025-11-25 on)
  bool modern_wire;                 // 2026-07-28: no initialize; `_meta` on every request;
                                    // `resultType` on every result; elicitation inside
                                    // InputRequiredResult, never a server-to-client request
  bool core_tasks = false;          // 2025-11-25 only (basic/utilities/tasks, experimental): the
                                    // `tasks` capability, task-augmented requests, tasks/get and
                                    // tasks/result; 2026-07-28 moved tasks to an extension
};

const RevisionFeatures& features(Revision revision);

// Full requirement id of a key in a revision: "EL-2025-11-25-" + key.
std::string requirement_id(Revision revision, std::string_view key);

}  // namespace ec
