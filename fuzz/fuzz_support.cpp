#include "fuzz_support.h"

#include <cstdio>
#include <cstdlib>

#include "core/json_pointer.h"
#include "spec/requirements.h"

namespace ec::fuzz {

void fail(std::string_view invariant, std::string_view detail) {
  std::fprintf(stderr, "\n==ec-fuzz== invariant broken: %.*s\n", static_cast<int>(invariant.size()),
               invariant.data());
  if (!detail.empty()) {
    // Bounded: a detail may quote a whole fuzz input.
    const std::size_t shown = detail.size() < 4000 ? detail.size() : 4000;
    std::fprintf(stderr, "==ec-fuzz== %.*s%s\n", static_cast<int>(shown), detail.data(),
                 shown < detail.size() ? "..." : "");
  }
  std::fflush(stderr);
  std::abort();
}

bool pointer_under(std::string_view pointer, std::string_view base) {
  if (!pointer.starts_with(base)) return false;
  return pointer.size() == base.size() || pointer[base.size()] == '/';
}

bool known_requirement(std::string_view key) {
  for (Revision revision : all_revisions()) {
    if (find_requirement(key, revision) != nullptr) return true;
  }
  return false;
}

std::string describe(const Diagnostic& d) {
  return std::string(to_string(d.level)) + " " + d.check + " [" + d.requirement + "] at \"" + d.pointer +
         "\": " + d.message + (d.basis.empty() ? "" : " (basis: " + d.basis + ")");
}

void require_well_formed(const Diagnostics& diagnostics, std::string_view base, bool allow_root) {
  for (const Diagnostic& d : diagnostics) {
    require(!d.check.empty(), "diagnostic has a check id", [&] { return describe(d); });
    require(!d.requirement.empty(), "diagnostic has a requirement", [&] { return describe(d); });
    require(known_requirement(d.requirement), "diagnostic's requirement is in the requirement table",
            [&] { return describe(d); });
    require(!d.message.empty(), "diagnostic has a message", [&] { return describe(d); });
    require(is_valid_pointer(d.pointer), "diagnostic pointer is a valid JSON pointer",
            [&] { return describe(d); });
    require(pointer_under(d.pointer, base) || (allow_root && d.pointer.empty()),
            "diagnostic points under the checked value",
            [&] { return std::string(base) + " | " + describe(d); });
  }
}

std::string fingerprint(const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics) out += describe(d) + "\n";
  return out;
}

Split split_at_nul(std::string_view bytes) {
  const std::size_t at = bytes.find('\0');
  if (at == std::string_view::npos) return {bytes, {}, false};
  return {bytes.substr(0, at), bytes.substr(at + 1), true};
}

}  // namespace ec::fuzz
