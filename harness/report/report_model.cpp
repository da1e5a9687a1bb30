#include "report/report_model.h"

#include <map>

namespace ec {
namespace {

// The revision of a run as a person reads it: "2025-11-25", or "ran at 2025-06-18 (asked
// 2025-11-25)" when the peer negotiated another revision the case applies to.
std::string revision_text(const RunRecord& record) {
  if (record.revision == record.planned) return std::string(to_string(record.revision));
  return "ran at " + std::string(to_string(record.revision)) + " (asked " +
         std::string(to_string(record.planned)) + ")";
}

// A FAIL or ERROR fails the run, and under --strict a WARN does, unless an entry expects it.
RunStanding standing_of(Verdict v, bool expected, bool strict) {
  if (v == Verdict::Pass) return RunStanding::Passes;
  const bool failing = v == Verdict::Fail || v == Verdict::Error || (strict && v == Verdict::Warn);
  if (!failing) return RunStanding::Informs;
  return expected ? RunStanding::Excused : RunStanding::Fails;
}

ReportRun run_of(const CaseResult& r, const Catalog* catalog, bool strict) {
  ReportRun row;
  row.c = r.c;
  row.record = &r.record;
  row.failure = r.record.failure ? &*r.record.failure : nullptr;
  row.verdict = r.verdict;
  row.untestable = r.untestable;
  row.verdict_word = std::string(to_string(r.verdict)) + (r.untestable ? " (not testable)" : "");
  // judge() gives an entry to no PASS and no SKIP: such a run is neither expected nor excused.
  row.expected = !r.expected_failure.empty() && r.verdict != Verdict::Pass && r.verdict != Verdict::Skip;
  if (row.expected) row.expected_failure = r.expected_failure;
  row.standing = standing_of(r.verdict, row.expected, strict);
  row.reason = r.reason;
  const Revision revision = r.record.revision;
  if (!r.broken_requirement.empty())
    row.broken_requirement_id = requirement_id(revision, r.broken_requirement);
  for (const std::string& key : r.c->requirements)
    row.requirement_ids.push_back(requirement_id(revision, key));
  for (const std::string& key : rules_broken_first(r)) {
    row.rules.push_back({requirement_id(revision, key), key == r.broken_requirement,
                         catalog != nullptr ? catalog->find(revision, key) : nullptr});
  }
  if (r.verdict == Verdict::Note) row.note_meaning = note_meaning(r);
  // A robustness case binds nothing, whatever its file says.
  row.level_text = r.c->robustness ? "robustness" : to_string(r.c->level);
  row.revision_text = revision_text(r.record);
  row.not_started = not_started(r);
  return row;
}

}  // namespace

std::size_t ReportCounts::of(Verdict v) const {
  const auto it = by_verdict.find(v);
  return it == by_verdict.end() ? 0 : it->second;
}

ReportModel report_model(const RunSummary& run) {
  ReportModel m;
  m.role = run.role;
  m.command = run.command;
  m.sut = run.provenance.url.empty() ? display_command(run.command) : run.provenance.url;
  m.provenance = run.provenance;
  m.peer = peer_info(run.results, run.role);
  m.interrupted = run.interrupted;
  m.strict = run.strict;
  m.run_failures = run.run_failures;
  m.baseline_problems = run.baseline_problems;
  m.baseline_notes = run.baseline_notes;
  m.coverage = &run.coverage;
  m.outcome = run.outcome;

  m.counts.runs = run.results.size();
  for (Verdict v : kAllVerdicts) m.counts.by_verdict[v] = 0;
  m.counts.untestable = untestable_count(run.results);
  m.counts.tested = tested_count(run.results);

  m.sections = {{RunStanding::Fails, "Failures", {}},
                {RunStanding::Excused, "Expected failures (listed in the expected-failures file)", {}},
                {RunStanding::Informs, "Warnings, notes and skips", {}}};
  std::map<std::string, std::size_t> start_failure_of;  // start_failure_cause() -> its group
  for (const CaseResult& r : run.results) {
    const std::size_t i = m.runs.size();
    ReportRun& row = m.runs.emplace_back(run_of(r, run.catalog, run.strict));
    ++m.counts.by_verdict[row.verdict];
    for (ReportSection& s : m.sections) {
      if (s.standing == row.standing) s.runs.push_back(i);
    }
    if (row.not_started) m.not_started.push_back(i);
    if (std::string cause = start_failure_cause(r); !cause.empty()) {
      const auto [it, added] = start_failure_of.emplace(std::move(cause), m.start_failures.size());
      if (added) m.start_failures.push_back({i, {}});
      m.start_failures[it->second].runs.push_back(i);
      row.start_failure = it->second;
    }
  }
  return m;
}

void write_results_json(std::ostream& out, const RunSummary& run) {
  write_results_json(out, report_model(run));
}
void write_junit(std::ostream& out, const RunSummary& run) { write_junit(out, report_model(run)); }
void write_markdown(std::ostream& out, const RunSummary& run) { write_markdown(out, report_model(run)); }
void write_html(std::ostream& out, const RunSummary& run) { write_html(out, report_model(run)); }

}  // namespace ec
