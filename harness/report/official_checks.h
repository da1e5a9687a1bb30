// checks.json, the official MCP conformance suite's result file, written beside our reports when
// a run was asked in the official suite's words (docs/official-suite.md), so that a CI step that
// reads the official file reads ours. Its format is the suite's ConformanceCheck (src/types.ts of
// github.com/modelcontextprotocol/conformance; src/runner/server.ts and client.ts write the array
// with JSON.stringify(checks, null, 2)): an array of objects with id, name, description, status
// (SUCCESS, FAILURE, WARNING, SKIPPED or INFO), timestamp (ISO 8601), and optionally
// specReferences ([{id, url?}]), details (an object) and errorMessage.
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "report/results.h"

namespace ec {

struct OfficialCheck {
  std::string id;
  std::string name;
  std::string description;
  std::string status;  // SUCCESS, FAILURE, WARNING, SKIPPED, INFO
  std::string timestamp;
  std::vector<std::string> spec_references;  // ids; the catalog has no URL to give
  std::vector<std::pair<std::string, std::string>> details;
  std::string error_message;  // "" : none
};

// One check per run of the summary (wire rows included): id the case id, name the official
// scenario's name when the case maps to one (else the case id), description the case's title;
// status from the verdict (PASS SUCCESS, FAIL and ERROR FAILURE, WARN WARNING, SKIP SKIPPED,
// NOTE INFO); the rules the case cites as specReferences (their catalog ids, EL-<revision>-<key>);
// details: our verdict, the revision asked and the one that judged, the transport, the failing
// check, the expected-failures entry that covers it; errorMessage the reason of a non-passing run.
std::vector<OfficialCheck> official_checks(const RunSummary& run);

void write_official_checks(std::ostream& out, const std::vector<OfficialCheck>& checks);

}  // namespace ec
