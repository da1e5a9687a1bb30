// report.md: the failures first (what a reader of a red CI run came for), each with the rule
// quoted and the offending message, then the tables (summary, runs, requirements). Written from
// the report model (report/report_model.h). No path of the machine that made the report: the
// command is shown relative, reasons lose the local prefixes, case files are named as the corpus
// names them.
#include "core/utf8.h"
#include "report/escape.h"
#include "report/report_model.h"

namespace ec {
namespace {

// The rules in the spec's words, from the verified catalog of the revision the case ran in.
std::string quotes(const ReportRun& r) {
  std::string out;
  for (const RuleQuote& q : r.rules) {
    out += "> " + std::string(q.broken ? "broken: " : "") + "**" + q.id + "**";
    out += q.entry != nullptr
               ? " (" + q.entry->level + ", " + q.entry->section + "): " + q.entry->quote + "\n"
               : " (no quote: not in the catalog)\n";
  }
  return out;
}

// A case file as the corpus names it ("cases/2025-11-25/server/x.json"): a published report carries
// no path of the machine that made it.
std::string corpus_relative(const std::string& file) {
  const std::size_t at = file.rfind("/cases/");
  if (at != std::string::npos) return file.substr(at + 1);
  const std::size_t slash = file.rfind('/');
  return slash == std::string::npos ? file : file.substr(slash + 1);
}

}  // namespace

void write_markdown(std::ostream& out, const ReportModel& run) {
  const Provenance& p = run.provenance;
  out << "# elicit-conform: " << md_plain(run.role) << " conformance\n\n";
  // The run's outcome and why, as the CLI's exit decides it (run_outcome(), report/run_outcome.h):
  // the same words as report.html's banner, first in a CI job's summary.
  if (run.outcome) {
    out << "**" << md_plain(run.outcome->headline) << "**\n\n";
    for (const std::string& reason : run.outcome->reasons)
      out << "- " << md_plain(without_local_paths(reason)) << "\n";
    if (!run.outcome->reasons.empty()) out << "\n";
  }
  out << "SUT: " << md_code_span(run.sut) << (p.transport.empty() ? "" : " over " + md_plain(p.transport));
  const PeerInfo& peer = run.peer;
  if (!peer.members.empty()) {
    std::string info;
    for (const auto& [name, value] : peer.members) info += (info.empty() ? "" : ", ") + name + ": " + value;
    out << ", " << (run.role == "server" ? "serverInfo " : "clientInfo ") << md_code_span(info)
        << (peer.varied ? " (varied between runs)" : "");
  }
  if (!peer.negotiated.empty()) {
    std::string versions;
    for (const std::string& v : peer.negotiated) versions += (versions.empty() ? "" : ", ") + v;
    out << ", negotiated " << md_code_span(versions);
  }
  out << "\n\n";
  if (!p.tool_version.empty()) {
    out << "Judged by elicit-conform " << md_code_span(p.tool_version) << " (" << md_code_span(p.tool_commit)
        << (p.tool_dirty ? ", with uncommitted changes" : "") << "), " << md_plain(p.started_at) << " to "
        << md_plain(p.finished_at) << ".\n\n";
  }
  if (run.interrupted) {
    out << "**Interrupted**: the run was stopped before its end; only the cases that finished are "
           "listed.\n\n";
  }
  const ReportCounts& n = run.counts;
  out << "**" << n.tested << " of " << n.runs << " runs tested their rule**"
      << (n.untestable ? " (" + std::to_string(n.untestable) + " not testable)" : "") << ": "
      << n.of(Verdict::Pass) << " PASS, " << n.tested_fail() << " FAIL, " << n.untestable
      << " FAIL (not testable), " << n.of(Verdict::Warn) << " WARN, " << n.of(Verdict::Note) << " NOTE, "
      << n.of(Verdict::Skip) << " SKIP, " << n.of(Verdict::Error) << " ERROR.\n\n";
  for (const std::string& s : run.run_failures)
    out << "- **run failed**: " << md_code_span(without_local_paths(s)) << "\n";
  for (const std::string& s : run.baseline_notes)
    out << "- expected-failures entry not applied: " << md_code_span(without_local_paths(s)) << "\n";
  if (!run.run_failures.empty() || !run.baseline_notes.empty()) out << "\n";

  // A SUT that cannot start makes every run an ERROR: the cause, with how the SUT ended and the
  // end of its stderr, is said with the first run of it this report shows; a later run with the
  // same cause names that run, and the runs left unstarted are one block.
  std::vector<const ReportRun*> said(run.start_failures.size(), nullptr);
  const auto start_failure_lines = [&](const ReportRun& r) {
    if (!r.start_failure) return;
    const ReportRun*& first = said[*r.start_failure];
    if (first != nullptr) {
      out << "- same start failure as " << md_plain(first->c->id) << " (" << first->revision_text << ")\n";
      return;
    }
    first = &r;
    if (!r.record->sut_exit.empty()) out << "- the SUT " << md_code_span(r.record->sut_exit) << "\n";
    std::string tail;
    for (const std::string& line : stderr_tail(r.record->sut_stderr))
      tail += (tail.empty() ? "" : "\n") + line;
    out << (tail.empty() ? std::string("- it wrote nothing on stderr\n")
                         : "- the end of its stderr:\n\n" + md_fenced_block(without_local_paths(tail)));
  };
  const auto case_block = [&](const ReportRun& r) {
    out << "\n### " << r.verdict_word << ": " << md_plain(r.c->id) << " (" << r.revision_text << ")\n\n"
        << md_plain(r.c->title) << "\n\n"
        << quotes(r) << "\n";
    if (r.verdict == Verdict::Note) out << "- " << r.note_meaning << "\n";
    if (r.expected)
      out << "- expected: listed in " << md_code_span(without_local_paths(r.expected_failure)) << "\n";
    out << "- expected vs observed: " << md_code_span(without_local_paths(r.reason)) << "\n";
    start_failure_lines(r);
    if (r.failure != nullptr) {
      out << "- check: " << md_code_span(r.failure->check) << " at " << md_code_span(r.failure->step_pointer)
          << " of " << md_code_span(corpus_relative(r.c->file)) << "\n";
      if (!r.failure->message.empty()) {
        out << "- offending message"
            << (r.failure->message_pointer.empty() ? ""
                                                   : " (at " + md_code_span(r.failure->message_pointer) + ")")
            << ":\n\n"
            << md_fenced_block(abbreviate_utf8(without_local_paths(r.failure->message), 4000));
      }
    }
  };
  // Sections in the order a reader acts on them: what fails the run, what the baseline excuses,
  // then what only informs (WARN, NOTE, SKIP).
  for (const ReportSection& section : run.sections) {
    if (section.runs.empty()) continue;
    out << "## " << section.title << "\n";
    std::vector<const ReportRun*> not_run;
    for (const std::size_t i : section.runs) {
      const ReportRun& r = run.runs[i];
      if (r.not_started)
        not_run.push_back(&r);
      else
        case_block(r);
    }
    if (!not_run.empty()) {
      out << "\n### ERROR: " << not_run.size() << (not_run.size() == 1 ? " run" : " runs")
          << " not started\n\nThe SUT never came up in the first runs of this invocation (above), so these "
             "were not started: ";
      for (std::size_t i = 0; i < not_run.size(); ++i)
        out << (i == 0 ? "" : ", ") << md_plain(not_run[i]->c->id) << " (" << not_run[i]->revision_text
            << ")";
      out << ".\n";
    }
    out << "\n";
  }

  out << "## Summary\n\n";
  out << "| PASS | FAIL | FAIL (not testable) | WARN | NOTE | SKIP | ERROR "
         "|\n|---|---|---|---|---|---|---|\n| "
      << n.of(Verdict::Pass) << " | " << n.tested_fail() << " | " << n.untestable << " | "
      << n.of(Verdict::Warn) << " | " << n.of(Verdict::Note) << " | " << n.of(Verdict::Skip) << " | "
      << n.of(Verdict::Error) << " |\n\n";
  out << "## Runs\n\n| case | revision | level | status |\n|---|---|---|---|\n";
  for (const ReportRun& r : run.runs) {
    out << "| " << md_plain(r.c->id) << " | " << r.revision_text << " | " << r.level_text << " | "
        << r.verdict_word << (r.expected ? ", expected" : "") << " |\n";
  }
  for (const RevisionCoverage& rc : *run.coverage) {
    out << "\n## Requirements of " << to_string(rc.revision) << " binding the " << md_plain(run.role)
        << "\n\n"
        << rc.covered << " covered, " << rc.excluded << " excluded with a reason, " << rc.uncovered
        << " uncovered.\n\n"
        << "| requirement | level | status | cases |\n|---|---|---|---|\n";
    for (const RequirementOutcome& line : rc.requirements) {
      const std::string status = status_text(line);
      std::string ids;
      for (const std::string& id : line.cases) ids += (ids.empty() ? "" : ", ") + id;
      out << "| " << md_plain(line.entry.id) << " | " << md_plain(line.entry.level) << " | " << status
          << " | " << md_plain(line.cases.empty() ? line.entry.excluded : ids) << " |\n";
    }
  }
}

}  // namespace ec
