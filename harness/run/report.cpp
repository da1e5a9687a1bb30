#include "run/report.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <ostream>
#include <utility>

#include "core/utc_time.h"
#include "report/escape.h"
#include "report/official_checks.h"
#include "report/report_model.h"
#include "run/report_files.h"

namespace ec {
namespace {

// The report files of the formats asked for, by format.
const std::vector<std::pair<std::string, std::string>> kReportFiles = {
    {"json", "results.json"}, {"junit", "junit.xml"}, {"md", "report.md"}, {"html", "report.html"}};

void write_format(const std::string& format, std::ostream& s, const ReportModel& model) {
  if (format == "json") {
    write_results_json(s, model);
  } else if (format == "junit") {
    write_junit(s, model);
  } else if (format == "html") {
    write_html(s, model);
  } else {
    write_markdown(s, model);
  }
}

// The ERRORs no entry expects, one line per cause: a SUT that cannot start makes every run an
// ERROR, and 118 lines of the same cause hide the one that differs.
void print_errors_by_cause(const RunSummary& summary, std::ostream& err) {
  std::vector<std::pair<std::string, std::vector<const CaseResult*>>> causes;
  for (const CaseResult& r : summary.results) {
    if (r.verdict != Verdict::Error || !r.expected_failure.empty()) continue;
    const std::string key = start_failure_cause(r);
    const std::string cause = key.empty() ? r.reason : key;
    const auto it =
        std::find_if(causes.begin(), causes.end(), [&](const auto& c) { return c.first == cause; });
    (it == causes.end() ? causes.emplace_back(cause, std::vector<const CaseResult*>{}) : *it)
        .second.push_back(&r);
  }
  for (const auto& [cause, runs] : causes) {
    std::string which;
    for (std::size_t k = 0; k < runs.size() && k < 3; ++k)
      which += (k == 0 ? "" : ", ") + run_label(*runs[k]->c, runs[k]->record.planned);
    if (runs.size() > 3) which += " and " + std::to_string(runs.size() - 3) + " more";
    err << "harness error: "
        << (runs.size() == 1 ? std::string("1 run") : std::to_string(runs.size()) + " runs") << " ERROR ("
        << terminal_text(which) << "): " << terminal_text(runs.front()->reason) << "\n";
  }
}

// The first run that found the SUT unavailable (with -j a run left unstarted may come earlier
// in the plan). A SUT that exited 77 said why (SKIP): that is no SUT that failed to come up.
void print_sut_unavailable(const RunSummary& summary, std::ostream& err) {
  const auto stopped = [](const CaseResult& r) { return !start_failure_cause(r).empty(); };
  auto r = std::find_if(summary.results.begin(), summary.results.end(), stopped);
  if (r == summary.results.end())
    r = std::find_if(summary.results.begin(), summary.results.end(),
                     [](const CaseResult& x) { return x.record.sut_unavailable && !x.record.skipped; });
  if (r != summary.results.end())
    err << "elicit-conform: the SUT did not come up (" << run_label(*r->c, r->record.planned)
        << "): " << terminal_text(*r->record.sut_unavailable)
        << (stopped(*r) ? " (how it ended and its stderr: with that run above)" : "") << "\n";
}

}  // namespace

std::vector<std::string> report_file_names(const RunSetup& setup) {
  std::vector<std::string> names;
  for (const auto& [format, name] : kReportFiles) {
    if (setup.formats.contains(format)) names.push_back(name);
  }
  // Asked in the official suite's words: its checks.json too (report/official_checks.h).
  if (setup.selection.official) names.emplace_back("checks.json");
  return names;
}

int skip_official_scenario(const RunRequest& o, const std::string& note, std::ostream& err) {
  err << "SKIP  " << terminal_text(o.scenario) << ": " << terminal_text(note) << "\n";
  OfficialCheck check;
  check.id = check.name = o.scenario;
  check.description = "elicit-conform runs the official scenarios about elicitation";
  check.status = "SKIPPED";
  check.timestamp = utc_now();
  check.details.emplace_back("reason", note);
  const std::filesystem::path dir(o.report_dir);
  if (std::string error;
      !prepare_report_dir(dir, {"checks.json"}, error) ||
      !write_report_file(
          dir, "checks.json", [&](std::ostream& s) { write_official_checks(s, {check}); }, error)) {
    err << "elicit-conform: " << terminal_text(error) << "\n";
    return kExitUsage;
  }
  return kExitOk;
}

bool write_reports(const RunSetup& setup, const RunSummary& summary, std::ostream& err) {
  bool written = true;
  // One model for every format: what each report says is decided once (report/report_model.h).
  const ReportModel model = report_model(summary);
  for (const auto& [format, name] : kReportFiles) {
    if (!setup.formats.contains(format)) continue;
    const std::string f = format;
    if (std::string error; !write_report_file(
            setup.report_dir, name, [&](std::ostream& s) { write_format(f, s, model); }, error)) {
      err << "elicit-conform: " << terminal_text(error) << "\n";
      written = false;
    }
  }
  if (std::string error;
      setup.selection.official &&
      !write_report_file(
          setup.report_dir, "checks.json",
          [&](std::ostream& s) { write_official_checks(s, official_checks(summary)); }, error)) {
    err << "elicit-conform: " << terminal_text(error) << "\n";
    written = false;
  }
  return written;
}

void print_run_summary(const RunSetup& setup, const RunSummary& summary, const Judgement& j,
                       std::ostream& out, std::ostream& err) {
  for (const std::string& s : j.unexpected) err << "unexpected failure: " << terminal_text(s) << "\n";
  for (const std::string& s : j.stale) err << "stale baseline entry: " << terminal_text(s) << "\n";
  for (const std::string& s : j.unknown) err << "unknown baseline entry: " << terminal_text(s) << "\n";
  print_errors_by_cause(summary, err);
  // The counts the reports give (ReportModel::counts), so the terminal cannot say other numbers.
  const ReportCounts c = report_model(summary).counts;
  out << "report: " << setup.report_dir.string() << " (" << c.runs << " runs"
      << (summary.interrupted ? " before the interrupt" : "") << ", " << c.tested
      << " tested their rule: " << c.of(Verdict::Pass) << " PASS, " << c.tested_fail() << " FAIL, "
      << c.untestable << " FAIL not testable, " << c.of(Verdict::Warn) << " WARN, " << c.of(Verdict::Note)
      << " NOTE, " << c.of(Verdict::Skip) << " SKIP, " << c.of(Verdict::Error) << " ERROR)\n";
  print_sut_unavailable(summary, err);
}

}  // namespace ec
