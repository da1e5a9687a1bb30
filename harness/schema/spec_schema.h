// Whole JSON-RPC messages against the spec's own schema.json of their revision (vendored in
// spec/schema/<revision>.json, compiled in; spec/NOTICE.md says where they come from). A request
// or notification is judged by its envelope (JSONRPCRequest, JSONRPCNotification) and by the
// definition whose `method` is its method; a response by its envelope and, for a result, by the
// result definition of the request it answers (ListToolsRequest -> ListToolsResult; an
// InputRequiredResult when its resultType says so). A method the revision does not define is
// judged by its envelope only. valijson (draft 7) evaluates the files: they use only keywords
// whose meaning draft 7 and 2020-12 share (docs/architecture.md, "The spec's schemas").
//
// Thread-safe: the compiled schemas are built once per revision and only read afterwards.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "spec/revision.h"

namespace ec {

struct SpecSchemaViolation {
  std::string definition;   // the schema.json definition that rejected it: "ListToolsResult"
  std::string pointer;      // where in the message: "/result/ttlMs" ("" for the message itself)
  std::string description;  // what valijson says is wrong there
};

// The violations of one message; empty when it conforms. `answered_method` is the method of the
// request a response answers ("" when unknown: the envelope alone is judged).
std::vector<SpecSchemaViolation> check_against_spec_schema(Revision revision, const rapidjson::Value& message,
                                                           std::string_view answered_method = {});

// What a response answers, as `answered_method` above takes it: the request's method, with
// kTaskAugmented appended when its params carry a `task` (2025-11-25 tasks.mdx: "Task-augmented
// requests follow a two-phase response pattern"): its answer is judged as a CreateTaskResult when
// it carries `task` (the receiver accepted the task), else as the method's own result (a receiver
// without task support for it answers normally). "" for a message without a string method.
inline constexpr std::string_view kTaskAugmented = " (task-augmented)";
std::string answered_method_of(const rapidjson::Value& request);

// The definition of the revision's schema.json for a method's request or notification, and for
// its result ("" when the revision does not define the method).
std::string request_definition(Revision revision, std::string_view method);
std::string result_definition(Revision revision, std::string_view method);

// One line for a person: `ListToolsResult: /result: missing required property "ttlMs"`.
std::string to_string(const SpecSchemaViolation& violation);

// The harness is an MCP peer too: with ELICIT_CONFORM_SELF_CHECK=1 in its environment (the test
// suite sets it for every run) each message it writes, in either role, over either transport,
// in a case run, a fuzz campaign or as a reference peer, is judged here, and one that does not
// conform is written to stderr as a line starting `elicit-conform: self-check:`, which fails the
// tests (a reference peer then aborts: its stderr is the case's, see SelfCheckedPeer). `who` says
// where it came from (a case id, "the reference server"). True when it wrote such a line.
bool self_check_enabled();
bool self_check_message(Revision revision, std::string_view json, std::string_view answered_method,
                        std::string_view who);

// The self-check of a peer of the harness's own (the reference server and client): it remembers
// the method of each request the peer received, so that the peer's response is judged as that
// method's result. Not thread-safe; one per peer.
class SelfCheckedPeer {
 public:
  explicit SelfCheckedPeer(std::string who) : who_(std::move(who)) {}
  void received(const rapidjson::Value& message);
  // judge_sent: true when it wrote a self-check line. sent: a reference peer, which aborts then.
  bool judge_sent(Revision revision, std::string_view json);
  void sent(Revision revision, std::string_view json);

 private:
  std::string who_;
  std::map<std::string, std::string, std::less<>> methods_;  // request id (as JSON) -> method
};

// valijson's context ("<root>", "[params]", "[0]") as a JSON pointer ("/params/0").
std::string valijson_context_pointer(const std::vector<std::string>& context);

}  // namespace ec
