// "Did you mean ...?": the known name closest to a mistyped one, for the errors a person reads
// (an unknown subcommand or option, a baseline entry that names no case).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ec {

// The name of `known` closest to `word`, or nothing when `word` is one of them or none is close
// enough to be a typo of it.
// Close is an edit distance (insertions, deletions, substitutions and swaps of two neighbouring
// characters, each counting 1; Damerau-Levenshtein in its optimal-string-alignment form) of at
// most a third of the shorter name, at least 1 and at most 3, and below the length of either
// (so "x" suggests nothing); else `word` as the start of exactly one known name ("--rev" for
// "--revision"). Leading dashes are compared like any character. Among equally close names the
// first in `known` wins.
std::optional<std::string> closest_name(std::string_view word, const std::vector<std::string>& known);

// The edit distance closest_name() uses, exposed for its tests.
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace ec
