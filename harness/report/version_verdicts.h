// One protocol version per version asked, across the sessions of a run (issue 33 item 4). The
// lifecycle: "If the server supports the requested protocol version, it MUST respond with the
// same version." A case whose initialize a server answers with another version is SKIP (or runs
// at that version), which is right for a server that does not speak the version asked, but hides
// the defect of one that does: when another session of the same run got the version asked, the
// server supports it, and declining it is a MUST broken. That is one verdict row,
// `server.wire.versions-consistent` (FAIL, citing LIFECYCLE-SERVER-VERSION of the version asked),
// and the SKIP reasons of the declined runs say where the version was spoken; no row when every
// version asked got one answer. Sessions told which versions to support (the cases about eras,
// ELICIT_CONFORM_PROTOCOL_VERSIONS) are left out: they are another server's configuration.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "cases/case_file.h"
#include "report/results.h"

namespace ec {

inline constexpr const char* kVersionsCaseId = "server.wire.versions-consistent";
inline constexpr const char* kVersionsCheck = "version.same-answer-every-session";

// The row (none or one) for the server runs of `results`; SKIP reasons of declined runs whose
// version was spoken in another session get where. The row's Case lives in `storage`.
std::vector<CaseResult> version_verdicts(std::vector<CaseResult>& results, std::deque<Case>& storage);

}  // namespace ec
