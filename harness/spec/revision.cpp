#include "spec/revision.h"

#include <array>

namespace ec {
namespace {

constexpr std::array kRevisions{Revision::V2025_06_18, Revision::V2025_11_25, Revision::V2026_07_28};

constexpr RevisionFeatures k2025_06_18{
    .url_mode = false,
    .url_elicitation_id = false,
    .sep1330_enums = false,
    .defaults_on_all_primitives = false,
    .pattern_keyword = false,
    .schema_dialect_member = false,
    .error_response_id_optional = false,
    .modern_wire = false,
    .core_tasks = false,
};

constexpr RevisionFeatures k2025_11_25{
    .url_mode = true,
    .url_elicitation_id = true,
    .sep1330_enums = true,
    .defaults_on_all_primitives = true,
    .pattern_keyword = true,
    .schema_dialect_member = true,
    .error_response_id_optional = true,
    .modern_wire = false,
    .core_tasks = true,
};

// PrimitiveSchemaDefinition and its parts are byte-identical to 2025-11-25 in schema.json; the
// prose's String Schema example no longer shows `pattern`, so neither text has it now.
constexpr RevisionFeatures k2026_07_28{
    .url_mode = true,
    .url_elicitation_id = false,
    .sep1330_enums = true,
    .defaults_on_all_primitives = true,
    .pattern_keyword = false,
    .schema_dialect_member = true,
    .error_response_id_optional = true,
    .modern_wire = true,
    .core_tasks = false,
};

}  // namespace

std::optional<Revision> parse_revision(std::string_view text) {
  for (Revision r : kRevisions) {
    if (to_string(r) == text) return r;
  }
  return std::nullopt;
}

std::string_view to_string(Revision revision) {
  switch (revision) {
    case Revision::V2025_06_18: return "2025-06-18";
    case Revision::V2025_11_25: return "2025-11-25";
    case Revision::V2026_07_28: return "2026-07-28";
  }
  return "?";
}

std::span<const Revision> all_revisions() { return kRevisions; }

bool is_protocol_version(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  const int month = (text[5] - '0') * 10 + (text[6] - '0');
  const int day = (text[8] - '0') * 10 + (text[9] - '0');
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

Revision default_revision() { return Revision::V2025_11_25; }

const RevisionFeatures& features(Revision revision) {
  switch (revision) {
    case Revision::V2025_06_18: return k2025_06_18;
    case Revision::V2025_11_25: return k2025_11_25;
    case Revision::V2026_07_28: return k2026_07_28;
  }
  return k2025_11_25;
}

std::string requirement_id(Revision revision, std::string_view key) {
  return "EL-" + std::string(to_string(revision)) + "-" + std::string(key);
}

}  // namespace ec
