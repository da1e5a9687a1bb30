// The session with a client SUT: the harness is its server. The client is started as the adapter
// contract says (docs/adapter-contract.md: the ELICIT_CONFORM_* environment, the path of its stdio
// server as the last argument: the relay script of transport/relay_listener.h, as for a case),
// connects, initializes and calls its tool; the harness holds that
// call open and sends every input as an elicitation/create inside it.
#include <set>

#include "core/json.h"
#include "core/utf8.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "sut_fuzzer/client_process.h"
#include "sut_fuzzer/scripted_user.h"
#include "sut_fuzzer/self_checked_channel.h"
#include "sut_fuzzer/session.h"

namespace ec {
namespace {

using rapidjson::Value;

// Answers in the scripted user of one client process. When they run out the user cancels every
// form, and invalid content could no longer be seen: the client is then restarted with a new script.
constexpr std::size_t kUserAnswers = 200;

class ClientSession final : public FuzzSession {
 public:
  ClientSession(const FuzzSessionOptions& o, const FuzzMutator& mutator) : options_(o), mutator_(mutator) {
    if (options_.capabilities.empty()) options_.capabilities = R"({"form":{}})";
    ParsedJson caps = parse_json(options_.capabilities);
    if (caps.ok()) declared_ = parse_elicitation_capability(&caps.document, options_.revision, "").capability;
  }
  ~ClientSession() override { stop(); }

  bool run(const Value& input, FuzzRng&, FuzzOutcome& out) override {
    static const Value kNone(rapidjson::kObjectType);
    out.input.CopyFrom(input, out.input.GetAllocator());
    if (shown_ >= kUserAnswers)
      stop();  // the script is used up: a fresh client, not a restart
    else if (!child_ && started_once_ && !switched_)
      ++restarts_;
    switched_ = false;
    if (!child_ && !start()) return false;
    // What the client sent while it set up (its initialize, its tool call) is judged too: the
    // findings go with the first input after the start.
    for (FuzzFinding& f : handshake_findings_) out.add(std::move(f));
    handshake_findings_.clear();
    const Value* params = find_member(input, "params");
    if (params) coverage.note_params(*params);
    rapidjson::Document request(rapidjson::kObjectType);
    auto& a = request.GetAllocator();
    pending_ = "fuzz-" + std::to_string(++inputs_);
    request.AddMember("jsonrpc", "2.0", a).AddMember("id", Value(pending_.c_str(), a), a);
    request.AddMember("method", "elicitation/create", a);
    request.AddMember("params", params ? Value(*params, a) : Value(rapidjson::kObjectType), a);
    pending_ = "\"" + pending_ + "\"";
    send_input(to_json(request), out);
    bool done = false;
    while (child_ && !done) {
      ReadResult r = channel_->receive(Deadline::after(options_.timeout));
      if (r.status == ReadResult::Line)
        done = handle(r.line, params ? *params : kNone, out);
      else if (r.status == ReadResult::TooLarge)
        out.add({"invalid-jsonrpc", "json.too-large", "JSONRPC-MESSAGE-FORMAT", Level::Must,
                 "a message over the size limit"});
      else if (r.status == ReadResult::Timeout)
        silence(out);
      else
        died(out);
    }
    while (child_) {  // a second answer comes right behind the first
      ReadResult r = channel_->receive(Deadline::after(std::chrono::milliseconds(1)));
      if (r.status != ReadResult::Line) break;
      handle(r.line, params ? *params : kNone, out);
    }
    if (child_) notify(out);
    return true;
  }

  std::size_t restarts() const override { return restarts_; }

  void pin_user(const Value* answer) override {
    if (!user_.pin(answer)) return;
    if (child_) {
      stop();
      switched_ = true;  // the next start is this switch, not a restart
    }
  }
  std::string error() const override { return error_; }

  void stop() override {
    if (child_ && channel_ && !tool_call_.empty()) {
      // The tool call ends, so a conformant client exits on its own (the adapter contract).
      channel_->send(R"({"jsonrpc":"2.0","id":)" + tool_call_ +
                         R"(,"result":{"content":[{"type":"text","text":"done"}]}})",
                     Deadline::after(std::chrono::milliseconds(200)));
      child_->wait_exit(Deadline::after(std::chrono::milliseconds(300)));
    }
    connection_.shutdown();
    if (child_) child_->terminate(std::chrono::milliseconds(300));
    child_.reset();
    channel_.reset();
    connection_ = FuzzClientProcess{};  // the relay's folder goes with it
    tool_call_.clear();
  }

 private:
  bool fail(std::string why) {
    error_ = std::move(why);
    if (child_)
      error_ += " (" + child_->terminate(std::chrono::milliseconds(300)).describe() +
                "; stderr: " + child_->stderr_text().substr(0, 500) + ")";
    child_.reset();
    stop();
    return false;
  }

  // Folder, socket, relay script, client; then its initialize and its tool call.
  bool start() {
    started_once_ = true;
    shown_ = 0;
    std::string error;
    // A pinned user (minimising) leaves the campaign's own sequence of scripts as it is.
    const std::string user = user_.next(user_.pinned() ? 0 : restarts_ + recycles_++, coverage);
    FuzzClientProcess started;
    const bool up = start_fuzz_client(options_, user, kTool, started, error);
    // Over stdio only (fuzz_command.cpp): the 2025 wire's client is not fuzzed over HTTP.
    child_ = std::move(started.child);
    channel_ = started.channel
                   ? std::make_shared<SelfCheckedChannel>(started.channel, options_.revision, kWho)
                   : nullptr;
    connection_ = std::move(started);
    if (!up) return fail(error);
    const std::string revision(to_string(options_.revision));
    const Deadline until = Deadline::after(options_.startup_timeout);
    answered_.clear();
    handshake_findings_.clear();
    // Until the tool call: initialize is answered, everything else as a plain server would.
    std::vector<std::shared_ptr<rapidjson::Document>> setup;  // what it sent, for the handshake oracle
    while (tool_call_.empty()) {
      ReadResult r = channel_->receive(until);
      if (r.status != ReadResult::Line)
        return fail("the client did not initialize and call " + std::string(kTool));
      for (FuzzFinding& f : jsonrpc_findings(r.line, options_.revision))
        handshake_findings_.push_back(std::move(f));
      ParsedJson m = parse_json(r.line);
      if (!m.ok() || !m.document.IsObject()) continue;
      auto kept = std::make_shared<rapidjson::Document>(std::move(m.document));
      if (setup.size() < kMaxSetupMessages) setup.push_back(kept);
      const rapidjson::Document& message = *kept;
      const Value* id = find_member(message, "id");
      const Value* method = find_member(message, "method");
      if (!id || !method || !method->IsString()) continue;
      const std::string name = method->GetString();
      const std::string answer = "{\"jsonrpc\":\"2.0\",\"id\":" + to_json(*id);
      if (name == "initialize") {
        channel_->send(
            answer + R"(,"result":{"protocolVersion":")" + revision +
                R"(","capabilities":{"tools":{}},"serverInfo":{"name":"elicit-conform-fuzz","version":"0.1"}}})",
            until);
      } else if (name == "tools/list") {
        channel_->send(answer + R"(,"result":{"tools":[{"name":")" + std::string(kTool) +
                           R"(","inputSchema":{"type":"object"}}]}})",
                       until);
      } else if (name == "tools/call") {
        tool_call_ = to_json(*id);
      } else {
        channel_->send(plain_answer(*id, *method), until);
      }
    }
    std::vector<const Value*> sent;
    sent.reserve(setup.size());
    for (const auto& d : setup) sent.push_back(d.get());
    for (FuzzFinding& f : client_handshake_findings(sent, options_.capabilities, options_.revision))
      handshake_findings_.push_back(std::move(f));
    return true;
  }

  // A request of the client's own, answered as a plain server would: ping, else method not found.
  static std::string plain_answer(const Value& id, const Value& method) {
    const bool ping = method.IsString() && std::string_view(method.GetString()) == "ping";
    return "{\"jsonrpc\":\"2.0\",\"id\":" + to_json(id) +
           (ping ? R"(,"result":{}})" : R"(,"error":{"code":-32601,"message":"Method not found"}})");
  }

  void send(const std::string& json, FuzzOutcome& out) {
    if (!channel_->send(json, Deadline::after(options_.timeout))) died(out);
  }
  // The input's own message (the mutated request): not self-checked, it may break the schema on
  // purpose.
  void send_input(const std::string& json, FuzzOutcome& out) {
    if (!channel_->send_input(json, Deadline::after(options_.timeout))) died(out);
  }

  bool handle(const std::string& line, const Value& params, FuzzOutcome& out) {
    for (FuzzFinding& f : jsonrpc_findings(line, options_.revision)) out.add(std::move(f));
    ParsedJson m = parse_json(line);
    if (!m.ok() || !m.document.IsObject()) return false;
    const Value* id = find_member(m.document, "id");
    const Value* method = find_member(m.document, "method");
    if (method != nullptr) {
      if (id == nullptr) return false;
      send(plain_answer(*id, *method), out);
      return false;
    }
    if (id == nullptr) return false;
    const std::string key = to_json(*id);
    if (!answered_.insert(key).second) {
      out.add({"answered-twice", "elicitation/create", "JSONRPC-SPEC", Level::Must,
               "the client answered request " + key + " twice"});
      return false;
    }
    if (key != pending_) return false;
    const Value* result = find_member(m.document, "result");
    if (result && result->IsObject()) {
      coverage.note_action(*result);
      if (user_.uniform())
        for (FuzzFinding& f :
             client_user_findings(params, *result, {&user_.script()[0]}, declared_, options_.revision))
          out.add(std::move(f));
      const Value* action = find_member(*result, "action");
      // The scripted answer this result answers (the user's, before the client touched it): what
      // a replay and the minimiser give the client again. A client may re-encode what it was given
      // (a value into its title): handed its own output back, it would judge another answer.
      if (action && action->IsString() && shown_ < user_.script().Size())
        out.user_answer.CopyFrom(user_.script()[static_cast<rapidjson::SizeType>(shown_)],
                                 out.user_answer.GetAllocator());
      if (action && action->IsString()) ++shown_;
      if (action && action->IsString() && std::string_view(action->GetString()) == "accept") {
        if (const Value* content = find_member(*result, "content"))
          out.accepted_content.CopyFrom(*content, out.accepted_content.GetAllocator());
      }
    }
    for (FuzzFinding& f : client_answer_findings(params, m.document, declared_, options_.revision))
      out.add(std::move(f));
    return true;
  }

  // The input's notifications (mutator.h notifications_for) go after the answer, then a
  // ping, whose answer says the client is still there. A client answers none of them, and a
  // completion it does not know or has seen is no reason to end the session
  // (CLIENT-IGNORE-UNKNOWN-COMPLETE).
  void notify(FuzzOutcome& out) {
    const Value* notify = find_member(out.input, "notify");
    if (notify == nullptr || !notify->IsArray() || notify->Empty()) return;
    const Value& list = *notify;
    bool completions = false;
    // Gone after notifications a client ignores: that is the finding, not a crash of its own.
    const auto ended = [&] {
      std::optional<ExitInfo> exit = child_->wait_exit(Deadline::after(std::chrono::milliseconds(200)));
      // An exit of 77 is read with its whole stderr (the SKIP line): terminate() joins the thread
      // that drains it, which a loaded machine may not have run yet.
      if (exit && exit->how == ExitInfo::How::Exited && exit->code == 77)
        child_->terminate(std::chrono::milliseconds(0));
      out.add({"ended-on-notification", completions ? "completion" : "notification",
               completions ? "CLIENT-IGNORE-UNKNOWN-COMPLETE" : "JSONRPC-NO-RESPONSE-TO-NOTIFICATION",
               Level::Must,
               "the client ended the session after notifications it should have ignored (" +
                   (exit ? exit->describe() : std::string("connection closed")) + ")"});
      tool_call_.clear();
      stop();
    };
    for (const Value& n : list.GetArray()) {
      const std::string message = FuzzMutator::notification_message(n);
      if (message.empty()) continue;
      completions = completions || std::string_view(n["method"].GetString()) == kElicitComplete;
      if (!channel_->send_input(message, Deadline::after(options_.timeout))) return ended();
    }
    const std::string ping = "\"fuzz-ping-" + std::to_string(inputs_) + "\"";
    if (!channel_->send(R"({"jsonrpc":"2.0","id":)" + ping + R"(,"method":"ping"})",
                        Deadline::after(options_.timeout)))
      return ended();
    // One deadline for the answer, not one per message: a client that talks on and never answers
    // the ping is silent on it all the same.
    const Deadline until = Deadline::after(options_.timeout);
    while (child_) {
      ReadResult r = channel_->receive(until);
      if (r.status == ReadResult::Timeout) return silence(out, "ping");
      if (r.status == ReadResult::TooLarge) continue;
      if (r.status != ReadResult::Line) return ended();
      for (FuzzFinding& f : jsonrpc_findings(r.line, options_.revision)) out.add(std::move(f));
      ParsedJson m = parse_json(r.line);
      if (!m.ok() || !m.document.IsObject()) continue;
      const Value* id = find_member(m.document, "id");
      const Value* method = find_member(m.document, "method");
      if (method != nullptr) {
        if (id != nullptr) send(plain_answer(*id, *method), out);
        continue;
      }
      const std::string key = id ? to_json(*id) : "";
      if (key == ping) return;
      if (!key.starts_with("\"fuzz-"))
        out.add({"answered-notification", "response", "JSONRPC-NO-RESPONSE-TO-NOTIFICATION", Level::Must,
                 "the client sent a response (id " + abbreviate_utf8(key.empty() ? "absent" : key, 80) +
                     ") after notifications and to no request of the harness"});
    }
  }

  void silence(FuzzOutcome& out, const char* method = "elicitation/create") {
    out.add(silence_finding("client", method, options_.timeout));
    stop();
  }

  void died(FuzzOutcome& out) {
    if (!child_) return;
    std::optional<ExitInfo> exit = child_->wait_exit(Deadline::after(std::chrono::milliseconds(200)));
    if (exit && exit->how == ExitInfo::How::Exited && exit->code == 77 &&
        child_->stderr_text().find("elicit-conform: SKIP") != std::string::npos &&
        user_.skip_current(coverage)) {
      // The adapter contract's SKIP: it cannot play this user (the TypeScript SDK 1.x adapter has
      // no pre-filled form to accept untouched). No finding about the client; no more scripts of
      // this kind, which summary.json's exercised.user_scripts shows.
      tool_call_.clear();
      stop();
      switched_ = true;  // the next start is no restart
      return;
    }
    out.add(crash_finding("client", exit, "connection"));
    tool_call_.clear();
    stop();
  }

  static constexpr const char* kTool = "fuzz";
  // A client that floods its set-up is judged on its first messages; the rest only pass through.
  static constexpr std::size_t kMaxSetupMessages = 64;
  FuzzSessionOptions options_;
  const FuzzMutator& mutator_;
  ElicitationCapability declared_;
  FuzzClientProcess connection_;  // the relay (its folder); its child is child_
  std::unique_ptr<ChildProcess> child_;
  static constexpr const char* kWho = "the fuzzer (client SUT)";
  std::shared_ptr<SelfCheckedChannel> channel_;
  std::string tool_call_;  // the id of the held tools/call, as JSON
  std::set<std::string> answered_;
  std::string pending_;
  ScriptedUser user_{mutator_, options_.seed, kUserAnswers};
  std::size_t inputs_ = 0, restarts_ = 0, recycles_ = 0, shown_ = 0;
  std::vector<FuzzFinding> handshake_findings_;  // of the last start, for the next input's outcome
  bool started_once_ = false;
  bool switched_ = false;  // the client was stopped by pin_user: its next start is no restart
  std::string error_;
};

}  // namespace

std::unique_ptr<FuzzSession> make_client_session(const FuzzSessionOptions& options,
                                                 const FuzzMutator& mutator) {
  if (features(options.revision).modern_wire) return make_modern_client_session(options, mutator);
  return std::make_unique<ClientSession>(options, mutator);
}

}  // namespace ec
