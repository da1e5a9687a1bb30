// The requirements that the pure checkers' diagnostics trace to: key, level, the side it binds and
// the revisions it exists in. A diagnostic carries only the key; the full id is
// "EL-<revision>-<key>" (see requirement_id()). The words of the spec are NOT here: the one source
// of quotes is the verified catalog, cases/requirements/<revision>.json (cases/catalog.h), which
// reports and check-message print from; this table must agree with it on keys and levels
// (catalog_test.cpp checks it).
#pragma once

#include <span>
#include <string_view>

#include "core/diagnostic.h"
#include "spec/revision.h"

namespace ec {

enum class Binds { Client, Server, Both };

struct Requirement {
  std::string_view key;
  Level level;
  Binds binds;
  bool in_2025_06_18;
  bool in_2025_11_25;
  bool in_2026_07_28 = false;
};

std::span<const Requirement> requirements();

// nullptr when no requirement has this key or it does not exist in `revision`.
const Requirement* find_requirement(std::string_view key, Revision revision);

}  // namespace ec
