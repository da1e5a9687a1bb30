// The steps of a case that replays a finding of a 2026-07-28 campaign against a server SUT
// (modern_server_session.cpp): the input's tools/call with the _meta it had, and, for a
// finding in the answer to the retry, the retry too, with the server's key and requestState taken
// from its InputRequiredResult ("{key}", "{state}"); for a finding of the set-up, server/discover
// and tools/list as steps of their own. fuzz_case_json (case_writer.h) writes the rest.
#pragma once

#include <string>

#include <rapidjson/document.h>

#include "sut_fuzzer/oracles.h"
#include "sut_fuzzer/session.h"

namespace ec {

void add_modern_server_steps(rapidjson::Value& steps, rapidjson::Value& sut, const FuzzFinding& finding,
                             const FuzzOutcome& outcome, const std::string& capabilities, Revision revision,
                             rapidjson::Document::AllocatorType& a);

// The steps of a 2026-07-28 client finding (modern_client_session.cpp): the client's tool
// call, then two rounds of the input's InputRequiredResult (as the session built it, the state of
// rounds 1 and 2: an echo of the earlier one shows), each retry expected, then the check the
// finding is named after; a finding of the set-up expects the tool call and checks. Also the
// scripted user (`sut.user`) a finding about the user's answer needs.
void add_modern_client_steps(rapidjson::Value& steps, rapidjson::Value& sut, const FuzzFinding& finding,
                             const FuzzOutcome& outcome, rapidjson::Document::AllocatorType& a);

}  // namespace ec
