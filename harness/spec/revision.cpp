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

bool is_protocol_version(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return false;
  for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  const int month = (text[5] - '0') * 10 + (text[6] - '0');
  const int day = (text[8] - '0') * 10 + (text[9] - '0');
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

Revision latest_revision() { return Revision::V2025_11_25; }

const RevisionFeatures& features(Revision revision) {
  return revision == Revision::V2025_06_18 ? k2025_06_18 : k2025_11_25;
}

std::string requirement_id(Revision revision, std::string_view key) {
  return "EL-" + std::string(to_string(revision)) + "-" + std::string(key);
}

}  // namespace ec
