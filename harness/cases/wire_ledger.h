// The wire of one run judged whole: what no single message shows, only the run's messages
// together. The step engine tells the ledger every message either side wrote; the ledger answers
// with findings on the SUT's:
//   jsonrpc.response-unknown-id   a response whose id is no request of the harness's (a wrong id,
//                                 an answer to a notification): JSONRPC-RESPONSE-SAME-ID, MUST
//   jsonrpc.response-duplicate    more responses to one id than requests with it: JSONRPC-SPEC,
//                                 MUST (JSON-RPC 2.0: one response per request)
//   jsonrpc.request-id-reused     a SUT request id used before in the session (2025 revisions),
//                                 or still unanswered (2026-07-28): JSONRPC-ID-UNIQUE, MUST
//   spec-schema.<Definition>      a message the revision's schema.json rejects (a request or
//                                 notification by its method, a response by the request it
//                                 answers): SCHEMA-MESSAGES, MUST
//   spec-schema.notification-undefined  a notification whose method the revision does not define:
//                                 SCHEMA-MESSAGES, SHOULD (lifecycle.mdx allows "non-standard
//                                 experimental features", so an extension is no MUST defect; a
//                                 peer that negotiated none cannot know it)
// An error response whose id is absent or null is never an unknown id: the base protocol lets an
// error answer a request whose id could not be read.
//
// Bounded: the schema is applied to the first kSchemaCheckedMessages SUT messages of a run (a
// flood is judged by its first ones); the id bookkeeping is a set per id seen, which the case's
// retention already bounds. Not thread-safe; one per run.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "spec/revision.h"

namespace ec {

class WireLedger {
 public:
  static constexpr std::size_t kSchemaCheckedMessages = 1000;

  // A message the harness wrote (what the SUT's answers are judged against).
  void harness_sent(const rapidjson::Value& message);
  // A message the SUT wrote, at the run's revision now: the findings on it, in the order above.
  // `judged_broken`: check_message already found a MUST defect in it (its JSON-RPC envelope, an
  // elicitation rule), which the schema would only repeat: the schema is then not applied.
  Diagnostics sut_sent(const rapidjson::Value& message, Revision revision, bool judged_broken);

  // The method of the harness request with this id (JSON text), "" when there is none.
  std::string request_method(const std::string& id_json) const;
  // The first response whose id was no request of the harness's: its id (JSON text), for a
  // reason sentence ("the SUT answered id 7 instead").
  const std::optional<std::string>& first_unknown_response_id() const { return first_unknown_; }
  // How many such responses came so far, and the id of the last: a step waiting for the answer
  // to a request can tell whether one came after it sent the request.
  std::size_t unknown_responses() const { return unknown_responses_; }
  const std::string& last_unknown_response_id() const { return last_unknown_; }
  // SUT messages past the schema budget (not schema-checked).
  std::size_t schema_unchecked() const { return schema_unchecked_; }

 private:
  std::map<std::string, std::string> request_methods_;   // harness request id -> method
  std::map<std::string, std::size_t> requests_per_id_;   // harness requests with that id
  std::map<std::string, std::size_t> responses_per_id_;  // SUT responses with that id
  std::set<std::string> sut_request_ids_;                // every id the SUT used for a request
  std::set<std::string> sut_requests_open_;              // ... that the harness has not answered
  std::optional<std::string> first_unknown_;
  std::size_t unknown_responses_ = 0;
  std::string last_unknown_;
  std::size_t schema_checked_ = 0;
  // The params the harness asked the contract's elicit tool to send, exactly (a fuzz case's may
  // break the schema on purpose): an elicitation/create carrying them is the harness's message,
  // not judged against the schema. Bounded.
  std::vector<std::shared_ptr<rapidjson::Document>> asked_params_;
  std::size_t schema_unchecked_ = 0;
};

}  // namespace ec
