// The protocol revisions whose elicitation rules we check, and what differs between them.
// 2026-07-28 (elicitation carried by multi-round-trip requests) is a later issue: add it here
// and to `features()`; code that switches on features rather than on revisions keeps working.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace ec {

enum class Revision { V2025_06_18, V2025_11_25 };

std::optional<Revision> parse_revision(std::string_view text);  // "2025-11-25" -> V2025_11_25
std::string_view to_string(Revision revision);
std::span<const Revision> all_revisions();

// Whether `text` has the shape of an MCP protocol version: a date, YYYY-MM-DD (every revision so
// far is named so: 2024-11-05 ... 2026-07-28), whether or not this harness knows the revision.
// An empty string, "latest" or "1.0" is no protocol version at all.
bool is_protocol_version(std::string_view text);
Revision latest_revision();

struct RevisionFeatures {
  bool url_mode;                    // SEP-1036: mode "url", elicitationId, -32042, completion
  bool sep1330_enums;               // titled and multi-select enums; 2025-06-18 has enum+enumNames
  bool defaults_on_all_primitives;  // SEP-1034; 2025-06-18's schema.json has default on boolean only
  bool pattern_keyword;             // `pattern` on StringSchema (2025-11-25 prose, see schema checker)
  bool schema_dialect_member;       // `$schema` in requestedSchema (2025-11-25 schema.json)
  bool error_response_id_optional;  // JSONRPCErrorResponse.id optional (2025-11-25)
};

const RevisionFeatures& features(Revision revision);

// Full requirement id of a key in a revision: "EL-2025-11-25-" + key.
std::string requirement_id(Revision revision, std::string_view key);

}  // namespace ec
