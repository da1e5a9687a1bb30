// The requirements that diagnostics trace to, each with the words of the spec it comes from, so
// a failure can print the rule it checks (as h2spec does). A diagnostic carries only the key;
// the full id is "EL-<revision>-<key>" (see requirement_id()). The JSON catalog of issue 4,
// cases/requirements/<revision>.json, lists every normative statement; this table is the subset
// the pure checkers enforce, and the two must agree (a test checks it once the catalog exists).
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
  std::string_view section;  // where the quote is, e.g. "elicitation.mdx > Capabilities"
  std::string_view quote;    // the exact words
  bool in_2025_06_18;
  bool in_2025_11_25;
  bool in_2026_07_28 = false;
};

std::span<const Requirement> requirements();

// nullptr when no requirement has this key or it does not exist in `revision`.
const Requirement* find_requirement(std::string_view key, Revision revision);

}  // namespace ec
