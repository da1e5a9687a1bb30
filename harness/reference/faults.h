// The faults of the built-in reference peer: each breaks exactly one rule, so that every case
// can be shown to fail against a peer that breaks the rule it checks (docs/architecture.md,
// the reference layer). Each is defined once, in faults.def: that row gives the FaultId the
// peers compare, so a misspelt fault does not compile, and the row of the table
// `elicit-conform reference --list-faults` prints, whose names `--fault` takes.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

namespace ec {

enum class FaultId {
  None,  // the conformant peer
#define EC_FAULT(id, name, role, requirement, effect) id,
#include "reference/faults.def"
#undef EC_FAULT
};

struct Fault {
  FaultId id;
  std::string_view name;
  std::string_view role;         // "server" or "client": which reference peer has it
  std::string_view requirement;  // the requirement key it breaks
  std::string_view effect;       // what the peer does wrong
};

std::span<const Fault> faults();
const Fault* find_fault(std::string_view name);

// The id a peer with ping-wrong-id / pong-wrong-id answers `id` with (JSON text): one higher
// for an integer, "-x" appended to a string.
std::string wrong_response_id(const rapidjson::Value& id);

}  // namespace ec
