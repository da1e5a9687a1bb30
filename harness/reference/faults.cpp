#include "reference/faults.h"

#include <array>
#include <cstddef>
#include <string>

#include "core/json.h"

namespace ec {
namespace {

constexpr std::array kFaults{
#define EC_FAULT(id, name, role, requirement, effect) Fault{FaultId::id, name, role, requirement, effect},
#include "reference/faults.def"
#undef EC_FAULT
};

// Ids are unique by the enum; names only by this. Two rows of one name: `--fault` reaches the first.
constexpr bool names_are_unique() {
  for (std::size_t i = 0; i < kFaults.size(); ++i) {
    for (std::size_t j = i + 1; j < kFaults.size(); ++j) {
      if (kFaults[i].name == kFaults[j].name) return false;
    }
  }
  return true;
}
static_assert(names_are_unique(), "two rows of faults.def have the same name");

}  // namespace

std::span<const Fault> faults() { return kFaults; }

const Fault* find_fault(std::string_view name) {
  for (const Fault& f : kFaults) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

std::string wrong_response_id(const rapidjson::Value& id) {
  if (id.IsInt64()) return std::to_string(id.GetInt64() + 1);
  if (id.IsString()) {
    const std::string text = std::string(id.GetString(), id.GetStringLength()) + "-x";
    return to_json(rapidjson::Value(rapidjson::StringRef(text.c_str(), text.size())));
  }
  return "\"wrong\"";
}

}  // namespace ec
