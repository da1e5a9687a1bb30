// What both roles share when running a case: the connection to the SUT as a MessageChannel
// (stdio lines or Streamable HTTP: the steps cannot tell), the inbox of SUT messages not yet
// taken by a step, captures, the transcript, and the steps themselves. A role (server_run.cpp:
// the harness is the client; client_run.cpp: the harness is the server) starts the SUT, opens
// the channel, and adds its lifecycle and how it answers SUT requests that no step expects.
#pragma once

#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "cases/case_file.h"
#include "cases/matcher.h"
#include "cases/retention.h"
#include "cases/run_record.h"
#include "cases/runner.h"
#include "cases/transcript_checks.h"
#include "cases/url_consent.h"
#include "cases/wire_ledger.h"
#include "spec/capability.h"
#include "transport/child_process.h"
#include "transport/deadline.h"
#include "transport/message_channel.h"

namespace ec {

class StepEngine {
 public:
  StepEngine(const Case& c, Revision revision, const RunOptions& options);
  virtual ~StepEngine() = default;

  // Starts the SUT, runs the lifecycle and the steps, stops the SUT; returns what happened.
  RunRecord run();

 protected:
  struct Received {
    std::shared_ptr<rapidjson::Document> doc;
    std::string text;
    bool consumed = false;
    bool answered = false;
  };

  // --- what a role provides -------------------------------------------------------------
  virtual bool start() = 0;                          // start the SUT and set channel_; false: record says why
  virtual bool lifecycle() = 0;                      // false: record says why
  virtual void answer(const Received& request) = 0;  // a SUT request no step expects
  virtual bool held(const Received&) { return false; }    // leave unanswered until the end
  virtual void no_fetch(const Step& s);                   // expect_no_fetch; default: not for this role
  virtual void stop() = 0;                                // end the SUT; fills sut_exit and sut_stderr
  virtual void finish_steps() {}                          // after the last step (answer held requests)
  virtual void decorate_request(rapidjson::Document&) {}  // a send step's request, before its id
  virtual void decorate_reply(rapidjson::Document&) {}    // a reply step's response, before it is sent
  // A check only one role can judge (it needs what that role alone knows: the probe answer it
  // chose, the versions server/discover listed). True when `s` was such a check (and judged).
  virtual bool role_check(const Step&) { return false; }
  // Whether a client's tool call holds nested elicitations (the 2025 wire, where it waits for the
  // steps) or is a request of its own, so that one during a silence is noise (2026-07-28; and a
  // dual-era client's call once a step answered it).
  virtual bool calls_nest() const { return !features(revision_).modern_wire; }
  // The request a settle sends to learn that the SUT has read all we sent before it (settle()):
  // ping; "" for none (a fixed wait instead). 2026-07-28 removed ping (changelog.mdx, item 5).
  virtual std::string sync_method() const { return features(revision_).modern_wire ? "" : "ping"; }

  // --- for roles ---------------------------------------------------------------------------
  double now_ms() const;
  void note(std::string text);
  // A transcript entry ("harness", "sut", "note"), if the transcript budget allows (retention.h).
  void transcribe(const char* from, std::string text);
  void add_finding(Diagnostic d);      // a finding on a SUT message, up to a cap per case
  bool send(const std::string& json);  // judged against the revision's schema.json in self-check mode
  // The method of the SUT's request that a response of ours answers ("" for anything else).
  std::string answered_method(const std::string& json) const;
  // Set while a case step sends what it says is deliberately not conformant (the step's
  // "nonconformant" reason): the self-check leaves that message alone.
  bool sending_nonconformant_ = false;
  static constexpr std::size_t kSelfCheckedMessages = 1000;
  std::size_t self_checked_ = 0;
  const std::string& last_channel_note() const { return last_channel_note_; }  // why a send failed, say
  void respond(const rapidjson::Value& id, const std::string& result);
  void respond_error(const rapidjson::Value& id, int code, const std::string& message);
  bool pump(Deadline until);
  // The first unconsumed SUT message matching `pattern` (or nullptr at the deadline).
  std::shared_ptr<rapidjson::Document> take(const rapidjson::Value& pattern, Deadline until);
  // The result of the SUT's response to harness request `id`; nullptr (and why) for an error
  // response, a closed connection or the deadline.
  const rapidjson::Value* await_response(const std::string& id, Deadline until, std::string& why);
  void sut_unavailable(std::string reason);  // ERROR: the SUT never came up
  void startup_done();                       // the SUT is up: the case timeout starts now
  void fail_lifecycle(const char* check, std::string reason, std::string message);
  // A SUT that cannot run a case (an SDK with no API for what the case needs) says so by exiting
  // with status 77, the automake / ctest "skipped" status, after writing one stderr line
  // "elicit-conform: SKIP: <reason>". The case is then SKIP with that reason, whatever the steps
  // saw. Called by stop() once sut_exit and sut_stderr are known.
  void skip_if_sut_declined(const ExitInfo& exit);
  // The same over any transport: the SUT answers a request of ours with a JSON-RPC error, or a
  // tool result with isError, whose (first text) message is "elicit-conform: SKIP: <reason>".
  void skip_if_sut_declined(const rapidjson::Value& message);
  // Our request `id` broke the schema on purpose and a step expects an error answer, no result.
  bool rejection_expected(const std::string& id) const;
  std::string closed_reason() const;  // " (the SUT closed the connection: ...)" for a reason sentence
  void take_channel_notes();
  void fail(const Step& s, std::string reason, std::string message_pointer = "", std::string message = "");
  std::string new_request_id();                 // records it as a harness request id
  bool has_check(std::string_view name) const;  // a check step of this name is in the case
  // The run's revision is in the plan: the case lists it and --revision does not leave it out.
  bool planned_at(Revision r) const;
  // The initialize exchange agreed on `version`; the harness asked for (or, as the server,
  // wanted) `asked`. True when the case runs: at `asked`, or at `version` when the case applies
  // to that revision too and the plan does not run it there anyway. False: the record is SKIP
  // with the reason ("negotiated 2025-06-18 (asked 2025-11-25): ...").
  bool negotiated(const std::string& version, const std::string& asked);
  // latest-version (server cases): a second session asks for `version`; the protocolVersion of
  // the answer, or nullopt with `why` set. Roles that cannot open one say so.
  virtual std::optional<std::string> second_session_version(const std::string& /*version*/,
                                                            std::string& why) {
    why = "latest-version applies to server cases";
    return std::nullopt;
  }
  void answer_unexpected_requests(const Step* current);

  // A second session of the same server (steps with "session": "B"): what is its own, swapped
  // with the engine's while one of its steps runs (use_session()); captures, the transcript, the
  // ledger and the names of matched messages stay shared. The role opens it (open_second_session())
  // before the first step of a case that has B steps, and closes it in stop().
  struct SessionState {
    std::shared_ptr<MessageChannel> channel;
    std::deque<Received> inbox;
    bool eof = false;
    std::string eof_detail;
    std::size_t requests_scanned = 0;
    std::vector<std::size_t> open_requests;
  };
  std::optional<SessionState> second_session_;
  bool in_second_session_ = false;
  // Opens the second session: its channel, initialize and notifications/initialized on it (the
  // role runs them through use_session(true)). False: the record says why (SKIP or a failure).
  virtual bool open_second_session() {
    record_.skipped = "the case needs a second session of the server, which only Streamable HTTP has";
    return false;
  }
  // Makes the second session (true) or the first (false) the one send() and pump() use.
  void use_session(bool second);

  // The session's request-id counters, for a session that outlives the case (sut_pool.h): the
  // next case in it goes on counting, so that no id of ours is used twice in one session.
  struct SessionIds {
    int next_id = 1;
    std::size_t syncs = 0;
  };
  SessionIds session_ids() const { return {next_id_, sync_base_ + sync_ids_.size()}; }
  void continue_session(SessionIds ids) {
    next_id_ = ids.next_id;
    sync_base_ = ids.syncs;
  }
  // The case left the session as it found it: the SUT is connected, every request of either
  // side was answered, every ping of ours too, and every message the SUT sent was kept (none
  // can be unanswered unseen). Otherwise `why` says what is left.
  bool quiescent(std::string& why) const;

  const Case& case_;
  Revision revision_;
  const RunOptions& options_;
  RunRecord record_;
  Captures captures_;
  std::deque<Received> inbox_;
  std::vector<std::shared_ptr<rapidjson::Document>> sut_messages_;
  // What Streamable HTTP carried beside each of sut_messages_ (same index): the status of the
  // POST it answered, the MCP-Protocol-Version header of the POST that brought it.
  struct HttpFacts {
    int status = 0;
    bool post = false;
    std::optional<std::string> version_header;
  };
  std::vector<HttpFacts> sut_http_;
  std::set<std::string> harness_ids_;
  WireLedger wire_;         // every message of the run, both ways: ids answered, the schema (wire_ledger.h)
  UrlConsent url_consent_;  // the URLs handed out and those the client accepted (url_consent.h)
  std::set<std::string> responded_ids_;  // ids of SUT requests the harness answered (JSON text)
  std::shared_ptr<MessageChannel> channel_;
  bool eof_ = false;
  std::string eof_detail_;  // why the channel broke, when it can say (an HTTP error, a dropped stream)
  Deadline deadline_;
  Retention retention_;                      // what the case keeps of what the SUT sends
  ElicitationCapability client_capability_;  // the client side's declared modes (either role)
  // Client cases: the client's elicitation capability as it declared it, when the case accepted a
  // declaration wider than it asked for (the capability checks then hold it to that one).
  std::shared_ptr<rapidjson::Document> declared_elicitation_;
  // The protocolVersion of the initialize exchange as the SUT sent it (JSON text): the server's
  // answer, or the version the client asked for. "" until then; the protocol-version check judges it.
  std::string sut_protocol_version_;
  // The elicitation params the harness asked tools to send (tools/call arguments.params), in order.
  std::vector<std::shared_ptr<rapidjson::Document>> asked_elicitations_;
  // What a whole-transcript check judges: this run so far.
  Transcript transcript() const;
  // The request a send step sent with harness id `id` (JSON text of the id), or nullptr.
  const rapidjson::Value* step_request(const std::string& id) const;

 private:
  bool expected_later(const Received& r, const Step* current);
  void run_step(const Step& s);
  void do_send(const Step& s);
  void do_expect(const Step& s);
  // A polling expect step (Step::poll_attempts): the request the send step `name` sent, again with
  // a fresh id, which the step's response_to then means. False when it could not be sent.
  bool resend(const std::string& name);
  bool sut_sent_method(std::string_view method) const;  // any SUT message of this method, kept or taken
  // The rule of the case that `message` (JSON text; "" for none) breaks, by check_message; "".
  std::string rule_broken_by(const std::string& message) const;
  void do_reply(const Step& s);
  void do_silence(const Step& s);
  void do_check(const Step& s);
  void settle();
  bool sync_round(const std::string& method, Deadline until);

  std::chrono::steady_clock::time_point started_;
  std::map<std::string, std::string> sent_ids_;
  // By send step name: how many responses with an id of no request of ours had come when it sent
  // its request (WireLedger::unknown_responses), so that its expect step can tell a wrong id.
  std::map<std::string, std::size_t> unknown_responses_at_send_;
  std::map<std::string, std::shared_ptr<rapidjson::Document>> matched_;
  std::map<std::string, std::shared_ptr<rapidjson::Document>> step_requests_;  // by id: what send steps sent
  // 2026-07-28, SUT as client: each InputRequiredResult a reply step sent, the request it
  // answered, and where the inbox stood then (the retry can only come after it).
  struct InputRequiredSent {
    std::shared_ptr<rapidjson::Document> response;
    std::shared_ptr<rapidjson::Document> original;
    std::size_t inbox_from = 0;
  };
  std::vector<InputRequiredSent> input_required_sent_;
  bool do_modern_client_check(const Step& s);
  int next_id_ = 1;
  std::size_t step_index_ = 0;
  bool send_failed_ = false;       // the last send failed (noted once per run of failures)
  std::string last_channel_note_;  // what the channel last said (why a send failed, for one)
  std::size_t findings_dropped_ = 0;
  std::size_t requests_scanned_ = 0;        // inbox_[0, requests_scanned_) was looked at for requests
  std::vector<std::size_t> open_requests_;  // indices of SUT requests not yet answered or taken
  // The settle before a check (settle()): messages the harness sent, the count when the last
  // synchronisation ended, the ids of our sync pings, and whether the SUT left one unanswered.
  std::size_t sends_ = 0;
  std::size_t settled_at_sends_ = static_cast<std::size_t>(-1);
  std::set<std::string> sync_ids_;
  std::size_t sync_base_ = 0;  // sync pings sent in the session before this case (sut_pool.h)
  bool ping_unanswered_ = false;
  bool sync_refused_ = false;  // the transport refused the last ping (an HTTP error on its POST)
};

// Replaces "{name}" in every string and member name of `value` with the string captured as
// `name`. A string that is "{name}" and nothing else becomes the captured value, of any type; a
// member whose value is that and has nothing captured is removed.
void substitute(rapidjson::Value& value, const Captures& captures, rapidjson::Document::AllocatorType& a);

}  // namespace ec
