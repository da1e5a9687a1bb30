#include "core/diagnostic.h"

#include <algorithm>

namespace ec {

std::string_view to_string(Level level) {
  switch (level) {
    case Level::Must: return "MUST";
    case Level::Should: return "SHOULD";
    case Level::May: return "MAY";
    case Level::Info: return "INFO";
  }
  return "?";
}

bool has_level(const Diagnostics& diagnostics, Level level) { return count_level(diagnostics, level) > 0; }

std::size_t count_level(const Diagnostics& diagnostics, Level level) {
  return static_cast<std::size_t>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                                [&](const Diagnostic& d) { return d.level == level; }));
}

bool has_check(const Diagnostics& diagnostics, std::string_view check) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [&](const Diagnostic& d) { return d.check == check; });
}

}  // namespace ec
