#include "core/suggest.h"

#include <algorithm>

namespace ec {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic programme: the one before last (for a swap), the last, this one.
  const std::size_t n = b.size();
  std::vector<std::size_t> before(n + 1), last(n + 1), row(n + 1);
  for (std::size_t j = 0; j <= n; ++j) last[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= n; ++j) {
      const std::size_t change = a[i - 1] == b[j - 1] ? 0 : 1;
      row[j] = std::min({last[j] + 1, row[j - 1] + 1, last[j - 1] + change});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        row[j] = std::min(row[j], before[j - 2] + 1);
    }
    std::swap(before, last);
    std::swap(last, row);
  }
  return last[n];
}

std::optional<std::string> closest_name(std::string_view word, const std::vector<std::string>& known) {
  const auto bare = [](std::string_view s) { return s.substr(std::min(s.find_first_not_of('-'), s.size())); };
  if (std::find(known.begin(), known.end(), word) != known.end()) return std::nullopt;  // no typo
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (const std::string& name : known) {
    // Dashes are compared, but the length that bounds a typo is the name's, without them.
    const std::size_t shorter = std::min(bare(word).size(), bare(name).size());
    const std::size_t limit = std::clamp<std::size_t>(shorter / 3, 1, 3);
    const std::size_t d = edit_distance(word, name);
    if (d == 0 || d > limit || d >= shorter) continue;
    if (!best || d < best_distance) {
      best = name;
      best_distance = d;
    }
  }
  if (best) return best;
  // A start of a name: "--rev" for "--revision", when it starts only one and says more than dashes.
  if (bare(word).size() < 2) return std::nullopt;
  for (const std::string& name : known) {
    if (name.size() <= word.size() || !name.starts_with(word)) continue;
    if (best) return std::nullopt;  // two names start so: no guess
    best = name;
  }
  return best;
}

}  // namespace ec
