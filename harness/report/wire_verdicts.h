// The wire judged whole (issue 31): every message a SUT sent in every run of a suite run is
// checked (check_message, as it arrives), but a case judges only its own rule, so a malformed
// message inside a case about something else (a debug line on stdout, a bare `2`, an id of the
// wrong type, a result with an error) used to be a finding in a PASS case that no report showed.
// Here those findings of the JSON and JSON-RPC layer (checks json.* and jsonrpc.*), of the run's
// ids (a response to no request of ours, two to one, a reused request id: cases/wire_ledger.h)
// and of the revision's schema.json (spec-schema.*) over every run become one verdict row per
// revision, `<role>.wire.messages-well-formed`: FAIL when any is a
// MUST, WARN when only SHOULDs; no row when every message of the run was well formed (the cases
// show that already, and a case run alone stays one row). A row like
// any case's: in the summary, results.json, junit.xml, the reports, and a baseline can name it
// (`server.wire.messages-well-formed:jsonrpc.not-object`).
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "cases/case_file.h"
#include "cases/catalog.h"
#include "report/results.h"

namespace ec {

// Whether a finding's check belongs to the wire as a whole (json.*, jsonrpc.*, spec-schema.*).
bool is_wire_check(const std::string& check);

// The wire rows of `results` (cases of `role`), one per revision with a defect on the wire: ERROR
// runs included (what a SUT sent before it never came up is on the wire too), SKIP runs not (a SUT
// that declined a revision is not judged by its rules). The rows' Case objects
// live in `storage`, which must outlive the rows.
std::vector<CaseResult> wire_verdicts(const std::vector<CaseResult>& results, Role role,
                                      std::deque<Case>& storage);

// The case ids wire_verdicts() can produce, for a baseline's known ids.
std::vector<std::string> wire_case_ids();

}  // namespace ec
