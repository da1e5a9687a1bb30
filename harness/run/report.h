// Report: the files of a run through the writers of report/ (results.json, junit.xml, report.md,
// report.html, and checks.json for a selection in the official suite's words), each written by
// rename (run/report_files.h), and the run's summary on the terminal.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "report/baseline.h"
#include "report/results.h"
#include "run/plan.h"
#include "run/request.h"

namespace ec {

// The report files the run will write (by --format, and checks.json for an official selection),
// in the order they are written.
std::vector<std::string> report_file_names(const RunSetup& setup);

// An official scenario that runs nothing here is skipped, as the official suite skips one that
// does not apply: said on `err` and as the one SKIPPED check of checks.json; 0, or 2 when the
// report folder cannot take it.
int skip_official_scenario(const RunRequest& request, const std::string& note, std::ostream& err);

// Writes every report file of the run; false (each failure said on `err`) when one could not be
// written.
bool write_reports(const RunSetup& setup, const RunSummary& summary, std::ostream& err);

// The end of a run on the terminal: the baseline's verdicts (unexpected failures, stale and unknown
// entries), the ERRORs no entry expects by cause, the counts (on `out`), and the first run that
// found the SUT unavailable.
void print_run_summary(const RunSetup& setup, const RunSummary& summary, const Judgement& judgement,
                       std::ostream& out, std::ostream& err);

}  // namespace ec
