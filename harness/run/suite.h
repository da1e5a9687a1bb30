// One run of the corpus (or of --observe-tool's cases) against a SUT, from a request to its
// reports: plan (run/plan.h), execute (run/execute.h), judge (run/judge.h), report
// (run/report.h). `elicit-conform server|client` is this; docs/architecture.md, "One run".
#pragma once

#include <iosfwd>
#include <string>

#include "run/request.h"

namespace ec {

// `role` is the SUT's, "server" or "client". Exit status (docs/reports.md): 0 every case passed or
// was expected to fail; 1 an unexpected failure, a stale or unknown baseline entry, nothing tested;
// 2 usage or configuration error (found before any case runs); 3 the harness failed (a report
// could not be written, an ERROR no entry expects); 130 interrupted (the finished cases reported).
int run_suite(const std::string& role, const RunRequest& request, const ToolIdentity& tool, std::ostream& out,
              std::ostream& err);

}  // namespace ec
