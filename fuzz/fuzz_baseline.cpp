// Fuzzes the expected-failures loader (report/baseline.h): parse_baseline on arbitrary text.
// The file is user input handed to the CLI, parsed by yaml-cpp. Invariants beyond "no crash"
// (an exception escaping parse_baseline counts as a crash: the CLI would die with it):
//  - a refusal is a message that starts with "<file>:" (every message names the file);
//  - a loaded baseline has entries with a non-empty case id without ':' and a line >= 1;
//  - round trip: the entries written back as YAML (yaml-cpp's emitter, every scalar
//    double-quoted) load to the same entries, per role and in order. Skipped when an entry is
//    not UTF-8: yaml-cpp reads such bytes as they are, but its emitter writes U+FFFD for them
//    (corpus/baseline/crash-emitter-invalid-utf8), so no YAML text can carry them back.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "core/utf8.h"
#include "fuzz_support.h"
#include "report/baseline.h"

namespace {

using ec::fuzz::require;

constexpr const char* kFile = "fuzz-baseline.yml";

std::vector<std::string> entries_of(const ec::Baseline& b, ec::Role role) {
  std::vector<std::string> out;
  for (const ec::BaselineEntry& e : b.entries) {
    if (e.role != role) continue;
    out.push_back(e.check_id.empty() ? e.case_id : e.case_id + ":" + e.check_id);
  }
  return out;
}

std::string show(const std::vector<std::string>& entries) {
  std::string out;
  for (const std::string& e : entries) out += "[" + e + "]";
  return out;
}

std::string write_back(const ec::Baseline& b) {
  YAML::Emitter out;
  out << YAML::BeginMap;
  for (ec::Role role : {ec::Role::Client, ec::Role::Server}) {
    const std::vector<std::string> entries = entries_of(b, role);
    if (entries.empty()) continue;
    out << YAML::Key << std::string(ec::to_string(role)) << YAML::Value << YAML::BeginSeq;
    for (const std::string& e : entries) out << YAML::DoubleQuoted << e;
    out << YAML::EndSeq;
  }
  out << YAML::EndMap;
  require(out.good(), "the emitter accepts the entries", [&] { return out.GetLastError(); });
  return out.c_str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(ec::fuzz::as_text(data, size));
  ec::BaselineError error;
  const std::optional<ec::Baseline> loaded = ec::parse_baseline(text, kFile, error);
  if (!loaded) {
    require(error.message.starts_with(std::string(kFile) + ":") &&
                error.message.size() > std::string_view(kFile).size() + 1,
            "a refusal names the file", error.message);
    return 0;
  }
  require(loaded->file == kFile, "a baseline knows its file");
  for (const ec::BaselineEntry& e : loaded->entries) {
    require(!e.case_id.empty() && e.case_id.find(':') == std::string::npos && e.line >= 1,
            "an entry has a case id and a line", e.case_id);
  }

  for (const ec::BaselineEntry& e : loaded->entries) {
    if (ec::find_invalid_utf8(e.case_id) || ec::find_invalid_utf8(e.check_id)) return 0;
  }
  const std::string yaml = write_back(*loaded);
  ec::BaselineError again_error;
  const std::optional<ec::Baseline> again = ec::parse_baseline(yaml, kFile, again_error);
  require(again.has_value(), "written-back entries load again", again_error.message + "\n" + yaml);
  for (ec::Role role : {ec::Role::Client, ec::Role::Server}) {
    require(entries_of(*again, role) == entries_of(*loaded, role), "baseline round trip", [&] {
      return show(entries_of(*loaded, role)) + "\n" + show(entries_of(*again, role)) + "\n" + yaml;
    });
  }
  return 0;
}
