#include "report/results.h"

namespace ec {

std::string_view note_meaning(const CaseResult& r) {
  return r.c != nullptr && !r.c->robustness && r.c->level == Level::May ? kNoteMayMeaning : kNoteMeaning;
}

std::vector<std::string> stderr_tail(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  std::vector<std::string> lines;
  while (!text.empty() && lines.size() < 6) {
    const std::size_t newline = text.rfind('\n');
    const std::string_view line = newline == std::string_view::npos ? text : text.substr(newline + 1);
    lines.emplace(lines.begin(), line.size() > 300 ? line.substr(line.size() - 300) : line);
    text = newline == std::string_view::npos ? std::string_view() : text.substr(0, newline);
  }
  if (!text.empty()) lines.emplace(lines.begin(), "...");
  return lines;
}

std::string start_failure_cause(const CaseResult& r) {
  const RunRecord& record = r.record;
  if (r.verdict != Verdict::Error || !record.sut_unavailable || record.skipped ||
      *record.sut_unavailable == kNotRunReason)
    return "";
  // "exited with status 3, stopped by the harness": the second part is a race, not a cause.
  std::string cause = *record.sut_unavailable + "\n" + record.sut_exit.substr(0, record.sut_exit.find(", "));
  for (const std::string& line : stderr_tail(record.sut_stderr)) cause += "\n" + line;
  return cause;
}

CaseResult judge_record(const Case& c, RunRecord record) {
  CaseResult r;
  r.c = &c;
  if (record.skipped) {
    r.verdict = Verdict::Skip;
    r.reason = *record.skipped;
  } else if (record.harness_error) {
    r.verdict = Verdict::Error;
    r.reason = *record.harness_error;
  } else if (record.sut_unavailable) {
    r.verdict = Verdict::Error;
    r.reason = *record.sut_unavailable;
  } else if (record.failure && record.failure->prerequisite) {
    r.verdict = Verdict::Fail;
    r.untestable = true;
    r.reason = "not testable: " + record.failure->reason;
  } else if (record.failure) {
    // A MAY permits: not taking it up is information (NOTE), never a WARN.
    r.verdict = c.robustness || c.level == Level::May ? Verdict::Note
                : c.level == Level::Must              ? Verdict::Fail
                                                      : Verdict::Warn;
    r.reason = record.failure->reason;
    r.broken_requirement = !record.failure->requirement.empty() ? record.failure->requirement
                           : c.requirements.size() == 1         ? c.requirements[0]
                                                                : std::string();
  } else if (record.absence_accepted) {
    r.reason = "kept by sending nothing: " + *record.absence_accepted;
  }
  r.record = std::move(record);
  return r;
}

bool not_started(const CaseResult& r) { return r.verdict == Verdict::Error && r.reason == kNotRunReason; }

std::vector<std::string> rules_broken_first(const CaseResult& r) {
  std::vector<std::string> out;
  if (!r.broken_requirement.empty()) out.push_back(r.broken_requirement);
  for (const std::string& key : r.c->requirements) {
    if (key != r.broken_requirement) out.push_back(key);
  }
  return out;
}

std::size_t tested_count(const std::vector<CaseResult>& results) {
  std::size_t n = 0;
  for (const CaseResult& r : results) {
    if (r.c != nullptr && r.c->built_in) continue;  // the wire row: no case file's rule
    n += r.verdict == Verdict::Pass || r.verdict == Verdict::Warn || r.verdict == Verdict::Note ||
         (r.verdict == Verdict::Fail && !r.untestable);
  }
  return n;
}

std::size_t untestable_count(const std::vector<CaseResult>& results) {
  std::size_t n = 0;
  for (const CaseResult& r : results) n += r.untestable;
  return n;
}

}  // namespace ec
