// A case, as loaded from a case file (the format: cases/case.schema.json). The loader checks
// everything a case author can get wrong before any SUT is started, and says where: the file,
// the JSON pointer and what is wrong ("cases/client/x.json: /steps/2: unknown step keyword
// \"expct\"; a step is one of send, expect, reply, ...").
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "spec/revision.h"
#include "spec/role.h"

namespace ec {

enum class Transport { Stdio, Http };

std::string_view to_string(Transport transport);

struct Step {
  enum class Kind { Send, Expect, Reply, ExpectSilence, ExpectNoFetch, Check };
  Kind kind = Kind::Send;
  std::string pointer;                     // where the step is in its file: "/steps/3"
  const rapidjson::Value* body = nullptr;  // send: the message; expect: the pattern; reply: result/error
  std::string name;                        // "as"
  std::string target;                      // response_to (expect) or to (reply)
  std::string text;                        // expect_no_fetch: the URL; check: the check name
  std::chrono::milliseconds within{0};     // expect: timeout (0: the run's default); silence: how long
  // expect with response_to a send step ("poll"): while the response does not match, wait
  // poll_interval and send that request again (a fresh id), up to poll_attempts requests in all.
  // How a case polls tasks/get until a task reaches a status (2025-11-25 tasks.mdx).
  int poll_attempts = 0;
  std::chrono::milliseconds poll_interval{0};
  bool prerequisite = false;
  // expect ("prerequisite": "arrival"): the message's content is the rule, its arrival only sets
  // the scene. When no SUT message of the pattern's method came at all, the rule was not reached
  // (FAIL, not testable); one that came and does not match is the rule broken.
  bool arrival_prerequisite = false;
  // expect, not a response ("absent_ok": why): no matching SUT message within the wait keeps the
  // rule, for this reason (a 2026-07-28 client may abandon a call instead of retrying it: "Servers
  // MUST NOT assume that clients will ... retry the original request"). The run passes with the
  // reason said, and the later steps judge what did come.
  std::string absent_ok;
  // send, over Streamable HTTP: the MCP-Protocol-Version header its POST carries instead of the
  // version its _meta names ("" leaves it out): how a case tests a server's header validation.
  std::optional<std::string> http_version_header;
  // send, reply: why this message breaks its revision's schema.json on purpose (a client must
  // refuse an enum without options, say). Every other message the harness writes must conform:
  // the self-check (ELICIT_CONFORM_SELF_CHECK, schema/spec_schema.h) judges it.
  std::string nonconformant;
  // "session": "B" (server cases over Streamable HTTP only): the step runs on a second session of
  // the same server, opened with its own initialize and Mcp-Session-Id after the first one's
  // lifecycle and open until the case ends; its own messages, its own inbox. Captures and the
  // names of matched messages are shared, so a B step may reply to a request that came on A.
  bool second_session = false;
  // The id a failure of this step reports and a baseline names ("case-id:check-id"). It does not
  // depend on the step's position, so inserting a step renames nothing: the step's "id" if it
  // has one, else derived from what it does (see derive_check_id in case_file.cpp):
  //   send.<as|method>  expect.<as|method>  response.<response_to>  reply.<to>
  //   silence  no-fetch  check.<name>
  std::string check_id;
};

struct CaseSut {
  std::optional<const rapidjson::Value*> capabilities;  // nullopt: not set; nullptr: "none"
  const rapidjson::Value* user = nullptr;               // array of scripted answers
  std::string tool;
  std::vector<std::string> needs_tools;
  // Server role: prompts the SUT must list (prompts/list, asked before the steps); a SUT that
  // lists none of them (or has no prompts/list) makes the case SKIP, naming what is missing.
  std::vector<std::string> needs_prompts;
  // Server role: tool name -> a `_meta` member that tool's tools/list entry must set to true (an
  // adapter's declaration, docs/adapter-contract.md: "io.elicit-conform/state-protected"); a tool
  // without it makes the case SKIP, naming the declaration, since the rule binds only what it says.
  std::vector<std::pair<std::string, std::string>> needs_tool_meta;
  // Server role: the protocolVersion the harness asks for in initialize instead of the case's
  // revision (a session at a revision without elicitation, 2025-03-26). The case applies only
  // when the server agrees to it; otherwise it is SKIP, "negotiated X".
  std::string protocol_version;
  // Both roles: the protocol versions the SUT is to support, exactly these (the adapter
  // contract's ELICIT_CONFORM_PROTOCOL_VERSIONS). Set only by the cases about eras: a modern-only
  // server, a dual-era client. Empty: the SUT is told the case's revision only.
  std::vector<std::string> versions;
  // Client role: the `tasks` capability the client is to declare (ELICIT_CONFORM_TASKS; 2025-11-25
  // tasks.mdx), e.g. {"requests":{"elicitation":{"create":{}}}}, or the string "none": the case is
  // about a client that declares no task support for elicitation/create. nullptr: not set.
  const rapidjson::Value* tasks = nullptr;
  // Server role: tools the case calls as tasks (2025-11-25). The server must declare
  // tasks.requests.tools.call and list each with execution.taskSupport "optional" or "required",
  // or the case is SKIP (a client MUST NOT call it as a task otherwise).
  std::vector<std::string> task_tools;
};

// Client role: the harness plays a server of another era than the case's revision (the cases
// about what a dual-era client does against a 2025 server, docs/modern-wire.md, "Between the
// eras"), or a server of the case's revision that refuses the client's first request. The
// case's requirements stay those of its revision.
struct CaseHarness {
  std::optional<Revision> revision;  // an initialize-based revision; nullopt: the case's own
  // Its answer to a server/discover that comes before initialize: this error (code, message);
  // nullopt: -32601, as a server that knows no such method.
  std::optional<int> discover_error_code;
  std::string discover_error_message;
  // Without `revision` (a server of the case's modern revision): the client's first request is
  // answered with this error whatever it asks (over Streamable HTTP with its status, 400), the
  // rest as usual. Only -32022 so far, its data (supported, requested) written by the harness:
  // the modern error a dual-era client must tell from a legacy server's 400 (HTTP-DUAL-ERA-INSPECT-400).
  std::optional<int> first_request_error_code;
  std::string first_request_error_message;
};

struct Case {
  std::string file;
  std::string id;
  std::string title;
  Role role = Role::Client;
  std::vector<Revision> revisions;
  std::vector<Transport> transports;
  std::vector<std::string> requirements;  // keys, without "EL-<revision>-"
  Level level = Level::Must;
  bool manual_lifecycle = false;  // "lifecycle": "manual": the steps do initialize themselves
  // "scope": "pass-through": the case hands the SUT harmless input through a contract tool and
  // shows only that the SDK adds nothing of its own (no secret, no user data). The rules it cites
  // bind the application; a PASS here does not say a real tool keeps them (--observe-tool does).
  bool pass_through = false;
  // "scope": "robustness": the case hands the SUT input the schema forbids where no spec sentence
  // says what the SUT must do with it (a client fed a nested requestedSchema, say). It records
  // whether the SUT refuses: a failed check is NOTE, never FAIL or WARN, whatever the level says.
  bool robustness = false;
  // A row the run builds itself, not a case file (report/wire_verdicts.h: the wire judged whole
  // over every run). It says nothing about whether a case file tested its rule (tested_count).
  bool built_in = false;
  CaseSut sut;
  CaseHarness harness;  // "harness": client cases only
  std::vector<Step> steps;
  std::shared_ptr<rapidjson::Document> document;  // owns everything the pointers above point into
};

struct CaseLoadError {
  std::string file;
  std::string pointer;
  std::string message;
  std::string display() const;  // "file: /pointer: message"
};

class Catalog;

// Parses and checks one case file's bytes. Requirement keys are checked against `catalog` for
// each revision the case lists (or, for a revision the catalog lacks, against the checkers'
// requirement table in spec/requirements.h).
std::optional<Case> load_case(std::string_view bytes, const std::string& file, CaseLoadError& error,
                              const Catalog* catalog = nullptr);

// Loads every *.json below `root` except requirements/ and case.schema.json; sorted by id. Ids
// and titles must be unique across the corpus. Requirement keys are checked against the
// catalog in <root>/requirements/. Errors are collected, not stopped at.
std::vector<Case> load_cases(const std::string& root, std::vector<CaseLoadError>& errors);

}  // namespace ec
