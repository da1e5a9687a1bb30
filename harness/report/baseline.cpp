#include "report/baseline.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <yaml-cpp/yaml.h>

#include "cases/official_suite.h"
#include "core/suggest.h"
#include "core/utf8.h"

namespace ec {
namespace {

constexpr std::size_t kMaxBaselineBytes = 1 << 20;

std::string where(const std::string& file, const YAML::Mark& mark) {
  return file + ":" + std::to_string(mark.line + 1);
}

// Case ids use lower-case ASCII letters, digits, '.', '-' and '_'; check ids also '/' (a method
// name: "expect.notifications/elicitation/complete"), and so do the official suite's scenario
// names ("auth/basic-dcr"), which may also carry upper-case letters in their check ids.
// Anything else in an entry is a typo or garbage, reported with its line.
bool is_id(std::string_view s, bool check = false) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [check](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_' || c == '/' ||
           (check && c >= 'A' && c <= 'Z');
  });
}

std::string join(const std::set<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// How a judgement and its messages name an entry: "ef.yml:4: server: server.x:check".
std::string entry_label(const Baseline& baseline, const BaselineEntry& e) {
  return baseline.file + ":" + std::to_string(e.line) + ": " + std::string(to_string(e.role)) + ": " +
         (e.official.empty() ? "" : e.official + " -> ") + e.case_id +
         (e.check_id.empty() ? "" : ":" + e.check_id);
}

// Why an entry names nothing, or "" when it names a case (and check) of `known`.
std::string unknown_because(const BaselineEntry& e, const KnownIds& known) {
  const std::string role(to_string(e.role));
  const auto it = known.find(e.case_id);
  if (it == known.end()) {
    std::vector<std::string> ids;
    for (const auto& [id, checks] : known) ids.push_back(id);
    const std::optional<std::string> guess = closest_name(e.case_id, ids);
    return "no case has this id" + (guess ? "; did you mean " + *guess + "?" : std::string());
  }
  if (!e.case_id.starts_with(role + "."))
    return "listed under " + role + ": but it is not a " + role + " case";
  if (!e.check_id.empty() && !it->second.contains(e.check_id)) {
    const std::vector<std::string> checks(it->second.begin(), it->second.end());
    const std::optional<std::string> guess = closest_name(e.check_id, checks);
    return "no check of " + e.case_id + " has the id \"" + e.check_id + "\"" +
           (guess ? "; did you mean " + *guess + "?" : "; its checks: " + join(it->second));
  }
  return "";
}

}  // namespace

std::vector<std::string> unknown_entries(const Baseline& baseline, const KnownIds& known) {
  std::vector<std::string> out;
  for (const BaselineEntry& e : baseline.entries) {
    if (std::string why = unknown_because(e, known); !why.empty())
      out.push_back(entry_label(baseline, e) + ": " + why);
  }
  return out;
}

std::optional<Baseline> parse_baseline(const std::string& text, const std::string& file,
                                       BaselineError& error) {
  if (text.size() > kMaxBaselineBytes) {
    error.message = file + ": larger than 1 MiB; this is not an expected-failures file";
    return std::nullopt;
  }
  Baseline out;
  out.file = file;
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    error.message = where(file, e.mark) + ": not valid YAML: " + e.msg;
    return std::nullopt;
  }
  if (root.IsNull()) return out;  // an empty file expects nothing to fail
  if (!root.IsMap()) {
    error.message = where(file, root.Mark()) + ": expected a mapping with the keys client: and server:";
    return std::nullopt;
  }
  for (const auto& section : root) {
    const YAML::Mark mark = section.first.Mark();
    const std::string key = section.first.IsScalar() ? section.first.Scalar() : "";
    const std::optional<Role> role = parse_role(key);
    if (!role) {
      error.message = where(file, mark) + ": unknown key \"" + key + "\"; the keys are client: and server:";
      return std::nullopt;
    }
    const YAML::Node& list = section.second;
    if (list.IsNull()) continue;
    if (!list.IsSequence()) {
      error.message = where(file, list.Mark()) + ": " + key + ": must be a list of case ids (\"- case-id\")";
      return std::nullopt;
    }
    for (const auto& item : list) {
      if (!item.IsScalar() || item.Scalar().empty()) {
        error.message = where(file, item.Mark()) + ": each entry is a case id or case-id:check-id";
        return std::nullopt;
      }
      const std::string& s = item.Scalar();
      BaselineEntry entry;
      entry.role = *role;
      entry.line = item.Mark().line + 1;
      const auto colon = s.find(':');
      entry.case_id = s.substr(0, colon);
      if (colon != std::string::npos) entry.check_id = s.substr(colon + 1);
      if (!is_id(entry.case_id) || (colon != std::string::npos && !is_id(entry.check_id, true))) {
        error.message =
            where(file, item.Mark()) + ": \"" + to_valid_utf8(abbreviate_utf8(s, 80)) +
            "\" is not case-id or case-id:check-id (ids use a-z, 0-9, '.', '-', '_'; check ids also '/')";
        return std::nullopt;
      }
      out.entries.push_back(std::move(entry));
    }
  }
  return out;
}

std::optional<Baseline> load_baseline(const std::string& path, BaselineError& error) {
  // A directory opens like an empty file and would read as an empty baseline: every failure
  // unexpected, or, worse, a baseline silently lost. A pipe (<(...)) is fine.
  std::error_code status_error;
  if (std::filesystem::is_directory(path, status_error)) {
    error.message = "--expected-failures " + path + " is a directory, not a YAML file";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error.message = "cannot open expected-failures file " + path;
    return std::nullopt;
  }
  std::string text(kMaxBaselineBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  if (in.bad()) {
    error.message = "cannot read expected-failures file " + path;
    return std::nullopt;
  }
  return parse_baseline(text, path, error);
}

void resolve_official_names(Baseline& baseline, std::vector<std::string>& notes) {
  std::vector<BaselineEntry> out;
  for (const BaselineEntry& e : baseline.entries) {
    if (!is_official_name(e.case_id)) {
      out.push_back(e);
      continue;
    }
    const std::string written = baseline.file + ":" + std::to_string(e.line) + ": " +
                                std::string(to_string(e.role)) + ": " + e.case_id +
                                (e.check_id.empty() ? "" : ":" + e.check_id);
    const OfficialScenario* s = find_official_scenario(e.case_id, e.role);
    if (s == nullptr) {
      notes.push_back(written + ": an official-suite scenario with no elicitation case here; not applied");
    } else if (s->cases.empty()) {
      notes.push_back(written + ": no counterpart here (" + std::string(s->note) + "); not applied");
    } else if (!e.check_id.empty()) {
      notes.push_back(written + ": the official suite's check ids are not ours; list the case " +
                      "(or case-id:check-id from `elicit-conform list --checks`); not applied");
    } else {
      for (std::string_view id : s->cases) {
        BaselineEntry mapped = e;
        mapped.case_id = std::string(id);
        mapped.official = e.case_id;
        out.push_back(std::move(mapped));
      }
    }
  }
  baseline.entries = std::move(out);
}

Judgement judge(const Baseline& baseline, const std::vector<CaseOutcome>& outcomes, const KnownIds& known,
                bool strict) {
  Judgement j;
  const auto label = [&](const BaselineEntry& e) { return entry_label(baseline, e); };
  // An official scenario maps to several cases and fails when any of them does: its entry is
  // stale only when none of its cases fails any more. Stale lines of such entries wait here.
  std::map<int, std::vector<std::string>> official_stale;
  std::set<int> official_honoured;
  const auto stale = [&](const BaselineEntry& e, const std::string& why) {
    if (e.official.empty())
      j.stale.push_back(label(e) + why);
    else
      official_stale[e.line].push_back(label(e) + why);
  };

  // Entries by case, after dropping the ones that name nothing.
  std::map<std::string, std::vector<const BaselineEntry*>> by_case;
  for (const BaselineEntry& e : baseline.entries) {
    if (std::string why = unknown_because(e, known); !why.empty())
      j.unknown.push_back(label(e) + ": " + why);
    else
      by_case[e.case_id].push_back(&e);
  }

  for (const CaseOutcome& o : outcomes) {
    j.expected_by_outcome.emplace_back();
    const auto it = by_case.find(o.case_id);
    const std::vector<const BaselineEntry*> entries =
        it == by_case.end() ? std::vector<const BaselineEntry*>{} : it->second;
    bool whole_case = false;
    std::set<std::string> expected_checks;
    for (const BaselineEntry* e : entries) {
      if (e->check_id.empty())
        whole_case = true;
      else
        expected_checks.insert(e->check_id);
    }
    const std::string name = o.case_id + ": " + std::string(to_string(o.verdict));
    switch (o.verdict) {
      case Verdict::Skip: break;  // not run: its entries are neither honoured nor stale
      case Verdict::Error:
        if (whole_case) {
          j.expected.push_back(name);
          ++j.expected_by_verdict[o.verdict];
          for (const BaselineEntry* e : entries) {
            if (!e->check_id.empty()) continue;
            j.expected_by_outcome.back() = label(*e);
            if (!e->official.empty()) official_honoured.insert(e->line);
            break;
          }
        } else {
          j.errors.push_back(name);
        }
        break;
      case Verdict::Pass:
        for (const BaselineEntry* e : entries) stale(*e, ": the case passes now");
        break;
      case Verdict::Fail:
      case Verdict::Warn:
      case Verdict::Note: {
        std::set<std::string> unexpected;
        for (const std::string& c : o.failed_checks) {
          if (!whole_case && !expected_checks.contains(c)) unexpected.insert(c);
        }
        for (const BaselineEntry* e : entries) {
          if (!e->check_id.empty() && !o.failed_checks.contains(e->check_id)) {
            stale(*e, ": this check no longer fails");
          }
        }
        if (entries.empty() || !unexpected.empty()) {
          // A WARN that nobody baselined does not fail the run (unless strict), a NOTE never does;
          // both are still reported.
          if (o.verdict == Verdict::Fail || (strict && o.verdict == Verdict::Warn)) {
            j.unexpected.push_back(name + " (checks " +
                                   join(unexpected.empty() ? o.failed_checks : unexpected) + ")");
            ++j.unexpected_by_verdict[o.verdict];
          }
        } else {
          j.expected.push_back(name);
          ++j.expected_by_verdict[o.verdict];
          j.expected_by_outcome.back() = label(*entries.front());
          for (const BaselineEntry* e : entries) {
            if (!e->official.empty()) official_honoured.insert(e->line);
          }
        }
        break;
      }
    }
  }
  for (const auto& [line, lines] : official_stale) {
    if (official_honoured.contains(line)) continue;
    j.stale.insert(j.stale.end(), lines.begin(), lines.end());
  }
  if (!j.unexpected.empty() || !j.stale.empty() || !j.unknown.empty())
    j.exit_code = 1;
  else if (!j.errors.empty())
    j.exit_code = 3;
  return j;
}

}  // namespace ec
