// A finding as a case file: `elicit-conform server|client --cases DIR` replays it with the
// existing step vocabulary (send, expect, reply, check; cases/case.schema.json). The case passes
// against a conformant peer and fails against the SUT the fuzzer found it in.
#pragma once

#include <string>

#include "sut_fuzzer/oracles.h"
#include "sut_fuzzer/session.h"

namespace ec {

// "fuzz.<oracle>.<hash>": the file name without ".json"; the hash is of the finding's key, so the
// same finding in two shards is the same file.
std::string fuzz_case_name(const FuzzFinding& finding);

// The case, as JSON text. `role` is the SUT's; `capabilities` what the session declared (server
// SUT) or asked the client to declare (client SUT); `outcome` the run of the (minimised) input;
// `transport` the one the campaign used ("stdio", "http"), the one the case replays on.
std::string fuzz_case_json(const std::string& role, Revision revision, const std::string& capabilities,
                           const FuzzFinding& finding, const FuzzOutcome& outcome,
                           const std::string& transport = "stdio");

}  // namespace ec
