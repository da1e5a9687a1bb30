// What every fuzz target shares: how an invariant fails, the checks every list of diagnostics
// must pass, and the two ways an input is split in two. A target states its own invariants;
// this file only keeps them from being written ten times, slightly differently.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/diagnostic.h"

namespace ec::fuzz {

// Prints which invariant broke (and a detail, such as the offending diagnostic) to stderr, then
// aborts. A bare abort() would leave a campaign's crash file with nothing to go on.
[[noreturn]] void fail(std::string_view invariant, std::string_view detail = {});

inline void require(bool ok, std::string_view invariant, std::string_view detail = {}) {
  if (!ok) fail(invariant, detail);
}

// The same with a detail built only when the invariant broke: a detail assembled for every check
// (a diagnostic described, a classification summarised) cost more than the checks themselves.
template <typename MakeDetail>
requires std::is_invocable_r_v<std::string, MakeDetail&>
inline void require(bool ok, std::string_view invariant, MakeDetail&& make_detail) {
  if (!ok) fail(invariant, make_detail());
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// True when `pointer` is `base` or lies below it ("/params/mode" is under "/params").
bool pointer_under(std::string_view pointer, std::string_view base);

// A requirement key of the catalog (spec/requirements.h) of some revision.
bool known_requirement(std::string_view key);

// Every diagnostic names a check and a requirement of the requirement table (in some revision:
// a "not in this revision" note traces to the revision that has the rule), and points with a
// valid RFC 6901 pointer at a place under `base`. `allow_root` also admits "" (findings about
// the whole message, such as "this notification does not exist in 2025-06-18").
void require_well_formed(const Diagnostics& diagnostics, std::string_view base, bool allow_root = false);

// One line per diagnostic with every field: two runs that print the same text judged the same.
std::string fingerprint(const Diagnostics& diagnostics);
std::string describe(const Diagnostic& diagnostic);

// Splits at the first NUL byte: {before, after}. Without a NUL, `after` is empty and `found` is
// false. Raw NUL never occurs in JSON text, so it is a separator no JSON document can contain.
struct Split {
  std::string_view first;
  std::string_view second;
  bool found = false;
};
Split split_at_nul(std::string_view bytes);

}  // namespace ec::fuzz
