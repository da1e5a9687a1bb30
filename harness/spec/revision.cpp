#include "spec/revision.h"

#include <array>

namespace ec {
namespace {

constexpr std::array kRevisions{Revision::V2025_06_18, Revision::V2025_11_25};

constexpr RevisionFeatures k2025_06_18{
    .url_mode = false,
    .sep1330_enums = false,
    .defaults_on_all_primitives = false,
    .pattern_keyword = false,
    .schema_dialect_member = false,
    .error_response_id_optional = false,
};

constexpr RevisionFeatures k2025_11_25{
    .url_mode = true,
    .sep1330_enums = true,
    .defaults_on_all_primitives = true,
    .pattern_keyword = true,
    .schema_dialect_member = true,
    .error_response_id_optional = true,
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
  }
  return "?";
}

std::span<const Revision> all_revisions() { return kRevisions; }

Revision latest_revision() { return Revision::V2025_11_25; }

const RevisionFeatures& features(Revision revision) {
  return revision == Revision::V2025_06_18 ? k2025_06_18 : k2025_11_25;
}

std::string requirement_id(Revision revision, std::string_view key) {
  return "EL-" + std::string(to_string(revision)) + "-" + std::string(key);
}

}  // namespace ec
