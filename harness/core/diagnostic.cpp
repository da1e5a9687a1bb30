#include "core/diagnostic.h"

#include <algorithm>

#include "core/utf8.h"

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

void write_diagnostic_json(rapidjson::Writer<rapidjson::StringBuffer>& writer, const Diagnostic& diagnostic,
                           const DiagnosticJson& with) {
  const auto str = [&](std::string_view s) {
    const std::string v = to_valid_utf8(s);
    writer.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
  };
  writer.StartObject();
  str("check");
  str(diagnostic.check);
  str("requirement");
  str(with.requirement);
  str("level");
  str(to_string(diagnostic.level));
  str("pointer");
  str(diagnostic.pointer);
  str("message");
  str(diagnostic.message);
  if (with.rule != nullptr) {
    str("rule");
    str(*with.rule);
  }
  if (with.section != nullptr) {
    str("section");
    str(*with.section);
  }
  if (with.basis && !diagnostic.basis.empty()) {
    str("basis");
    str(diagnostic.basis);
  }
  writer.EndObject();
}

}  // namespace ec
