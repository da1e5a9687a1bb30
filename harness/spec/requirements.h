// The requirements that diagnostics trace to: key, level and the side it binds, for each revision.
// A diagnostic carries only the key; the full id is "EL-<revision>-<key>" (see requirement_id()).
// Nothing here is written by hand: the one source of keys, levels, sides and words is the verified
// catalog, cases/requirements/<revision>.json (scripts/gen-requirements.py), compiled into the
// binary by harness/CMakeLists.txt and read here; reports and check-message quote the words from
// the catalog of the case folder (cases/catalog.h). catalog_test.cpp holds the compiled-in catalog
// to the files.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "spec/revision.h"

namespace ec {

enum class Binds { Client, Server, Both };

struct Requirement {
  std::string key;
  Level level = Level::Must;  // MUST and MUST NOT are Must, SHOULD and SHOULD NOT Should, MAY May
  Binds binds = Binds::Both;
};

// Every requirement of `revision`'s compiled-in catalog, in catalog order.
const std::vector<Requirement>& requirements(Revision revision);

// nullptr when `revision`'s catalog has no requirement with this key.
const Requirement* find_requirement(std::string_view key, Revision revision);

}  // namespace ec
