// The session with a client SUT on the modern wire (2026-07-28): the harness is its server. The
// client is started as for a case (client_process.h) and speaks first: its server/discover
// probe, tools/list and ping get a server's answers of this revision, initialize the -32022 of a
// modern-only server; its tools/call is held. Each input is then one round of multi round-trip
// requests: the held call is answered with an InputRequiredResult carrying the input's params as
// one or two elicitations and a requestState of the input's kind, and the client's next tools/call
// (its retry) is judged and held in turn. After kRoundsPerCall rounds, or when its scripted user
// runs short, the held call gets its final result and a fresh client goes on (no restart).
#include <algorithm>
#include <set>

#include "cases/modern_client_checks.h"
#include "core/json.h"
#include "core/utf8.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "spec/modern.h"
#include "sut_fuzzer/client_process.h"
#include "sut_fuzzer/modern_oracles.h"
#include "sut_fuzzer/scripted_user.h"
#include "sut_fuzzer/self_checked_channel.h"
#include "sut_fuzzer/session.h"

namespace ec {
namespace {

using rapidjson::Value;

// A server MAY ask again, and nothing obliges a client to go on for ever: clients give up after
// some rounds (the TypeScript SDK v2 after 10 by default, the reference client after 32). The call
// is ended well before, so that giving up is never taken for a crash.
constexpr std::size_t kRoundsPerCall = 8;
// Answers of one client's scripted user: two per round at most.
constexpr std::size_t kUserAnswers = 2 * kRoundsPerCall;
// How long a client may take to show it took a result of an unknown type for input.
constexpr std::chrono::milliseconds kUnknownWait{200};
// How often a wait looks whether the client has exited.
constexpr std::chrono::milliseconds kExitPoll{10};
// A client that floods a round is judged on its first messages; the rest only pass through.
constexpr std::size_t kMaxRoundMessages = 64;

class ModernClientSession final : public FuzzSession {
 public:
  ModernClientSession(const FuzzSessionOptions& o, const FuzzMutator& mutator)
      : options_(o), mutator_(mutator) {
    if (options_.capabilities.empty()) options_.capabilities = R"({"form":{}})";
    ParsedJson caps = parse_json(options_.capabilities);
    if (caps.ok()) {
      told_.CopyFrom(caps.document, told_.GetAllocator());
      declared_ = parse_elicitation_capability(&caps.document, options_.revision, "").capability;
    } else {
      told_.SetNull();  // "none"
    }
  }
  ~ModernClientSession() override { stop(); }

  bool run(const Value& input, FuzzRng&, FuzzOutcome& out) override {
    out.input.CopyFrom(input, out.input.GetAllocator());
    if (child_ && (rounds_ >= kRoundsPerCall || shown_ + 2 > user_.script().Size()))
      stop();  // the call has had its rounds: a fresh client, not a restart
    else if (!child_ && started_once_ && !switched_)
      ++restarts_;
    switched_ = false;
    if (!child_ && !start()) return false;
    for (FuzzFinding& f : handshake_findings_) out.add(std::move(f));
    handshake_findings_.clear();
    static const Value kNone(rapidjson::kObjectType);
    const Value* found = find_member(input, "params");
    const Value& params = found != nullptr ? *found : kNone;
    coverage.note_params(params);
    coverage.note_wire(input);

    ++rounds_;
    const std::vector<std::string> keys = FuzzMutator::input_keys(input);
    rapidjson::Document irr =
        FuzzMutator::input_required_response((*held_)["id"], params, keys, input, rounds_);
    send_input(to_json(irr), out);
    // A result of no type the client knows ends its call: it may say nothing more, or go. So may
    // an InputRequiredResult the client cannot serve (params that break a MUST rule, a mode it did
    // not declare): 2026-07-28 says nothing of what a client does then (spec/mrtr.h), and SDKs
    // end the call (the TypeScript SDK v2 rejects it and its adapter exits). Neither is a finding.
    const bool unknown = FuzzMutator::unknown_result_type(input);
    const std::string mode = mode_of_params(params);
    const bool may_drop = unknown || mode.empty() ||
                          !declared_.supports(mode == "url" ? Mode::Url : Mode::Form) ||
                          has_level(request_diagnostics(params, options_.revision), Level::Must);
    std::vector<std::shared_ptr<rapidjson::Document>> messages{held_};
    std::vector<std::optional<std::string>> headers{held_header_};  // over HTTP: each one's POST header
    std::shared_ptr<rapidjson::Document> retry;
    std::optional<std::string> retry_header;
    const Deadline until =
        Deadline::after(unknown ? std::min(options_.timeout, kUnknownWait) : options_.timeout);
    while (child_ && !retry) {
      // In slices, so that a client that went away is seen at once: its relay may wait for it to
      // connect again.
      const Deadline slice = Deadline::after(kExitPoll);
      ReadResult r = channel_->receive(slice.at() < until.at() ? slice : until);
      const bool gone = r.status == ReadResult::Eof || r.status == ReadResult::Error ||
                        (r.status == ReadResult::Timeout && child_->poll_exit().has_value());
      if (r.status == ReadResult::Timeout && !gone && !until.expired()) continue;
      if (may_drop && (gone || r.status == ReadResult::Timeout)) {
        end_quietly();
        return true;
      }
      if (r.status == ReadResult::Timeout && !gone) {
        silence(out);
        break;
      }
      if (r.status == ReadResult::TooLarge) {
        out.add({"invalid-jsonrpc", "json.too-large", "JSONRPC-MESSAGE-FORMAT", Level::Must,
                 "a message over the size limit"});
        continue;
      }
      if (r.status != ReadResult::Line) {
        died(out);
        break;
      }
      for (FuzzFinding& f : jsonrpc_findings(r.line, options_.revision)) out.add(std::move(f));
      ParsedJson m = parse_json(r.line);
      if (!m.ok() || !m.document.IsObject()) continue;
      auto kept = std::make_shared<rapidjson::Document>(std::move(m.document));
      if (messages.size() < kMaxRoundMessages) {
        messages.push_back(kept);
        headers.push_back(r.http_version_header);
      }
      if (is_call(*kept)) {
        retry = kept;
        retry_header = r.http_version_header;
      } else if (has_member(*kept, "method") && has_member(*kept, "id")) {
        send(modern_answer(*kept), out);
      }
    }
    if (!retry) return true;
    if (unknown) {
      if (answers_any(*retry, keys))
        out.add({"unknown-result-type", "inputResponses", "RESULT-TYPE-UNKNOWN-INVALID", Level::Must,
                 "the client answered the input requests of a result whose resultType \"" +
                     std::string(FuzzMutator::kUnknownResultType) +
                     "\" it cannot know, as if it were an InputRequiredResult"});
      held_ = retry;
      held_header_ = retry_header;
      return true;
    }

    // The round as the corpus's modern client checks see a case: what the client sent since the
    // call it retries, the InputRequiredResult, the retry.
    ModernClientTranscript t;
    t.revision = options_.revision;
    for (const auto& m : messages) t.sut_messages.push_back(m.get());
    if (options_.client_http) t.version_headers = std::move(headers);
    t.exchanges.push_back(RetryExchange{held_.get(), &irr, retry.get()});
    t.asked_capability = &told_;
    for (FuzzFinding& f : modern_client_round_findings(t)) out.add(std::move(f));
    judge_answers(params, keys, *retry, out);
    held_ = retry;
    held_header_ = retry_header;
    return true;
  }

  std::size_t restarts() const override { return restarts_; }
  std::string error() const override { return error_; }

  void pin_user(const Value* answer) override {
    if (!user_.pin(answer)) return;
    if (child_) {
      stop();
      switched_ = true;
    }
  }

  void stop() override {
    if (child_ && channel_ && held_) {
      // The held call ends, so a conformant client exits on its own (the adapter contract).
      channel_->send(R"({"jsonrpc":"2.0","id":)" + to_json((*held_)["id"]) + R"(,"result":)" +
                         result_json(R"("content":[{"type":"text","text":"done"}])") + "}",
                     Deadline::after(std::chrono::milliseconds(200)));
      child_->wait_exit(Deadline::after(std::chrono::milliseconds(300)));
    }
    connection_.shutdown();
    if (child_) child_->terminate(std::chrono::milliseconds(300));
    child_.reset();
    channel_.reset();
    connection_ = FuzzClientProcess{};
    held_.reset();
  }

 private:
  // The client is done with its call (a result it could not take): a fresh client for the next
  // input, not a restart.
  void end_quietly() {
    held_.reset();
    stop();
    switched_ = true;
  }

  static bool answers_any(const Value& retry, const std::vector<std::string>& keys) {
    const Value* p = find_member(retry, "params");
    const Value* responses = p && p->IsObject() ? find_member(*p, "inputResponses") : nullptr;
    if (responses == nullptr || !responses->IsObject()) return false;
    return std::any_of(keys.begin(), keys.end(),
                       [&](const std::string& k) { return has_member(*responses, k.c_str()); });
  }

  static bool is_call(const Value& message) {
    const Value* method = find_member(message, "method");
    return method && method->IsString() && has_member(message, "id") &&
           std::string_view(method->GetString()) == "tools/call";
  }

  // A result of this revision: resultType, our server info, then `members`.
  static std::string result_json(const std::string& members, std::string_view type = "complete") {
    return R"({"resultType":")" + std::string(type) + R"(","_meta":{")" + std::string(kMetaServerInfo) +
           R"(":{"name":"elicit-conform-fuzz","version":"0.1"}})" + (members.empty() ? "" : "," + members) +
           "}";
  }

  // What a modern-only server answers to a request of the client's own.
  std::string modern_answer(const Value& request) const {
    const std::string id = to_json(request["id"]);
    const Value& method = request["method"];
    const std::string_view name = method.IsString() ? method.GetString() : "";
    const std::string revision(to_string(options_.revision));
    if (name == kServerDiscover)
      return R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":)" +
             result_json(R"("supportedVersions":[")" + revision +
                         R"("],"capabilities":{"tools":{}},"ttlMs":0,"cacheScope":"public")") +
             "}";
    if (name == "initialize")
      return R"({"jsonrpc":"2.0","id":)" + id +
             R"(,"error":{"code":-32022,"message":"Unsupported protocol version: )" + revision +
             R"( only","data":{"supported":[")" + revision + R"("],"requested":""}}})";
    if (name == "ping") return R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":)" + result_json("") + "}";
    if (name == "tools/list")
      return R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":)" +
             result_json(std::string(R"("tools":[{"name":")") + kTool +
                         R"(","inputSchema":{"type":"object"}}],"ttlMs":0,"cacheScope":"public")") +
             "}";
    return R"({"jsonrpc":"2.0","id":)" + id + R"(,"error":{"code":-32601,"message":"Method not found"}})";
  }

  // The scripted user's oracles and the outcome's record of the answers (for the minimiser and
  // the written case), one per input request the retry answered.
  void judge_answers(const Value& params, const std::vector<std::string>& keys, const Value& retry,
                     FuzzOutcome& out) {
    const Value* p = find_member(retry, "params");
    const Value* responses = p && p->IsObject() ? find_member(*p, "inputResponses") : nullptr;
    if (responses == nullptr || !responses->IsObject()) return;
    for (const std::string& key : keys) {
      const Value* result = find_member(*responses, key);
      if (result == nullptr || !result->IsObject()) continue;
      coverage.note_action(*result);
      if (user_.uniform())
        for (FuzzFinding& f :
             client_user_findings(params, *result, {&user_.script()[0]}, declared_, options_.revision))
          out.add(std::move(f));
      const Value* action = find_member(*result, "action");
      const Value* content = find_member(*result, "content");
      const bool accepted =
          action && action->IsString() && std::string_view(action->GetString()) == "accept" && content;
      // The answer a replay gives again: the first accept's (the content a finding is about), else
      // the first answer's.
      if (shown_ < user_.script().Size() &&
          (out.user_answer.IsNull() || (accepted && out.accepted_content.IsNull())))
        out.user_answer.CopyFrom(user_.script()[static_cast<rapidjson::SizeType>(shown_)],
                                 out.user_answer.GetAllocator());
      ++shown_;
      if (accepted && out.accepted_content.IsNull())
        out.accepted_content.CopyFrom(*content, out.accepted_content.GetAllocator());
    }
  }

  bool fail(std::string why) {
    error_ = std::move(why);
    if (child_)
      error_ += " (" + child_->terminate(std::chrono::milliseconds(300)).describe() +
                "; stderr: " + child_->stderr_text().substr(0, 500) + ")";
    child_.reset();
    held_.reset();
    stop();
    return false;
  }

  // The client, then what it sends until its tool call (held).
  bool start() {
    started_once_ = true;
    shown_ = 0;
    rounds_ = 0;
    const std::string user = user_.next(user_.pinned() ? 0 : restarts_ + recycles_++, coverage);
    FuzzClientProcess started;
    std::string error;
    const bool up = start_fuzz_client(options_, user, kTool, started, error);
    child_ = std::move(started.child);
    channel_ = started.channel
                   ? std::make_shared<SelfCheckedChannel>(started.channel, options_.revision, kWho)
                   : nullptr;
    connection_ = std::move(started);
    if (!up) return fail(error);
    handshake_findings_.clear();
    std::vector<std::shared_ptr<rapidjson::Document>> setup;
    std::vector<std::optional<std::string>> setup_headers;
    const Deadline until = Deadline::after(options_.startup_timeout);
    while (!held_) {
      ReadResult r = channel_->receive(until);
      if (r.status != ReadResult::Line) return fail("the client did not call " + std::string(kTool));
      for (FuzzFinding& f : jsonrpc_findings(r.line, options_.revision)) add_handshake(std::move(f));
      ParsedJson m = parse_json(r.line);
      if (!m.ok() || !m.document.IsObject()) continue;
      auto kept = std::make_shared<rapidjson::Document>(std::move(m.document));
      if (setup.size() < kMaxRoundMessages) {
        setup.push_back(kept);
        setup_headers.push_back(r.http_version_header);
      }
      if (is_call(*kept)) {
        held_ = kept;
        held_header_ = r.http_version_header;
      } else if (has_member(*kept, "method") && has_member(*kept, "id"))
        channel_->send(modern_answer(*kept), until);
    }
    ModernClientTranscript t;
    t.revision = options_.revision;
    for (const auto& m : setup) t.sut_messages.push_back(m.get());
    if (options_.client_http) t.version_headers = std::move(setup_headers);
    t.asked_capability = &told_;
    for (FuzzFinding& f : modern_client_setup_findings(t)) add_handshake(std::move(f));
    return true;
  }

  void add_handshake(FuzzFinding f) {
    f.stage = FuzzFinding::Stage::Setup;
    for (const FuzzFinding& have : handshake_findings_)
      if (have.key() == f.key()) return;
    handshake_findings_.push_back(std::move(f));
  }

  void send(const std::string& json, FuzzOutcome& out) {
    if (!channel_->send(json, Deadline::after(options_.timeout))) died(out);
  }
  // The input's own message (the mutated InputRequiredResult): not self-checked, it may break the schema on
  // purpose.
  void send_input(const std::string& json, FuzzOutcome& out) {
    if (!channel_->send_input(json, Deadline::after(options_.timeout))) died(out);
  }

  void silence(FuzzOutcome& out) {
    out.add(silence_finding("client", "tools/call (its retry)", options_.timeout));
    held_.reset();
    stop();
  }

  void died(FuzzOutcome& out) {
    if (!child_) return;
    std::optional<ExitInfo> exit = child_->wait_exit(Deadline::after(std::chrono::milliseconds(200)));
    // An exit of 77 is read with its whole stderr (the SKIP line): terminate() joins the thread
    // that drains it, which a loaded machine may not have run yet.
    if (exit && exit->how == ExitInfo::How::Exited && exit->code == 77)
      child_->terminate(std::chrono::milliseconds(0));
    held_.reset();
    if (exit && exit->how == ExitInfo::How::Exited && exit->code == 77 &&
        child_->stderr_text().find("elicit-conform: SKIP") != std::string::npos &&
        user_.skip_current(coverage)) {
      // The adapter contract's SKIP, as in client_session.cpp: no more scripts of this kind.
      stop();
      switched_ = true;
      return;
    }
    out.add(crash_finding("client", exit, "connection"));
    stop();
  }

  static constexpr const char* kTool = "fuzz";
  FuzzSessionOptions options_;
  const FuzzMutator& mutator_;
  rapidjson::Document told_;  // ELICIT_CONFORM_CAPABILITIES as JSON (null: "none")
  ElicitationCapability declared_;
  FuzzClientProcess connection_;  // the relay (its folder) or our HTTP endpoint; its child is child_
  std::unique_ptr<ChildProcess> child_;
  static constexpr const char* kWho = "the fuzzer (2026-07-28 client SUT)";
  std::shared_ptr<SelfCheckedChannel> channel_;
  std::shared_ptr<rapidjson::Document> held_;  // the client's open tools/call (the latest retry)
  std::optional<std::string> held_header_;     // over HTTP: the MCP-Protocol-Version of its POST
  ScriptedUser user_{mutator_, options_.seed, kUserAnswers};
  std::size_t rounds_ = 0, restarts_ = 0, recycles_ = 0, shown_ = 0;
  std::vector<FuzzFinding> handshake_findings_;
  bool started_once_ = false;
  bool switched_ = false;
  std::string error_;
};

}  // namespace

std::unique_ptr<FuzzSession> make_modern_client_session(const FuzzSessionOptions& options,
                                                        const FuzzMutator& mutator) {
  return std::make_unique<ModernClientSession>(options, mutator);
}

}  // namespace ec
