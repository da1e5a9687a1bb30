// The session with a server SUT: the harness is its client. Each input is a `tools/call` of the
// contract tool `elicit` (docs/adapter-contract.md) with mutated params; the elicitation/create the
// server sends for it is answered with the input's reply (a mutated ElicitResult). Over stdio the
// harness starts the server and starts it again when it dies; over Streamable HTTP (--url) the
// server runs on its own, and a new session is a new initialize.
#include <set>

#include "core/json.h"
#include "core/utf8.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "sut_fuzzer/self_checked_channel.h"
#include "sut_fuzzer/session.h"
#include "transport/child_process.h"
#include "transport/http_client_channel.h"
#include "transport/loopback_url.h"
#include "transport/stdio_channel.h"

namespace ec {
namespace {

using rapidjson::Value;

class ServerSession final : public FuzzSession {
 public:
  explicit ServerSession(const FuzzSessionOptions& o) : options_(o) {
    if (options_.capabilities.empty()) options_.capabilities = R"({"form":{},"url":{}})";
    ParsedJson caps = parse_json(options_.capabilities);
    if (caps.ok()) declared_ = parse_elicitation_capability(&caps.document, options_.revision, "").capability;
  }
  ~ServerSession() override { stop(); }

  bool run(const Value& input, FuzzRng& rng, FuzzOutcome& out) override {
    out.input.CopyFrom(input, out.input.GetAllocator());
    if (!channel_ && !start()) return false;
    // What the server sent while it set up (its initialize result, its tools/list) is judged
    // too: the findings go with the first input after the start.
    for (FuzzFinding& f : handshake_findings_) out.add(std::move(f));
    handshake_findings_.clear();
    static const Value kNone(rapidjson::kObjectType);
    const Value* found = find_member(input, "params");
    const Value& asked = found != nullptr ? *found : kNone;
    coverage.note_params(asked);
    // The contract's other tools, when the input asks for one and the server lists it (else the
    // input is an elicit, and says so: its case must call what was called).
    const Value* named = find_member(input, "tool");
    std::string tool = named && named->IsString() ? named->GetString() : "elicit";
    if (tool != "elicit" && (!tools_.contains(tool) || skipped_tools_.contains(tool))) {
      out.input.RemoveMember("tool");
      tool = "elicit";
    }
    // The input's notifications go before the call. A server answers none of them.
    notified_ = false;
    if (const Value* notify = find_member(out.input, "notify"); notify && notify->IsArray()) {
      for (const Value& n : notify->GetArray()) {
        const std::string message = FuzzMutator::notification_message(n);
        if (!channel_ || message.empty()) continue;
        send_input(message, out);
        notified_ = true;
      }
    }
    if (!channel_) return true;
    ++coverage.tools[tool];
    rapidjson::Document arguments(rapidjson::kObjectType);
    auto& a = arguments.GetAllocator();
    if (tool == "elicit") {
      arguments.AddMember("params", Value(asked, a), a);
      call("elicit", arguments, input, rng, out);
      return true;
    }
    // require_url, and complete after a require_url that issued the id it completes.
    Value list(rapidjson::kArrayType);
    list.PushBack(Value(asked, a), a);
    arguments.AddMember("elicitations", list, a);
    const Value* response = call("require_url", arguments, input, rng, out);
    if (tool == "require_url") {
      if (response != nullptr)
        for (FuzzFinding& f :
             server_url_required_findings(arguments["elicitations"], *response, options_.revision))
          out.add(std::move(f));
      return true;
    }
    const Value* eid = find_member(asked, "elicitationId");
    if (response == nullptr || eid == nullptr) return true;
    rapidjson::Document complete(rapidjson::kObjectType);
    complete.AddMember("elicitationId", Value(*eid, complete.GetAllocator()), complete.GetAllocator());
    completions_.clear();
    response = call("complete", complete, input, rng, out);
    if (response != nullptr)
      for (FuzzFinding& f : server_completion_findings(asked, *response, completions_, options_.revision))
        out.add(std::move(f));
    return true;
  }

  std::size_t restarts() const override { return restarts_; }
  std::string error() const override { return error_; }

  void stop() override {
    if (http_ != nullptr) http_->close(Deadline::after(std::chrono::milliseconds(1000)));  // DELETE
    http_ = nullptr;
    channel_.reset();
    if (!child_) return;
    child_->close_stdin();  // how an MCP client asks a stdio server to exit
    child_->terminate(std::chrono::milliseconds(300));
    child_.reset();
  }

 private:
  // One tools/call of `tool` with `arguments`, every message until its answer (an elicitation/create
  // the server sends for it answered with the input's reply); the answer, or nullptr when the
  // server went silent or away.
  const Value* call(const char* tool, const Value& arguments, const Value& input, FuzzRng& rng,
                    FuzzOutcome& out) {
    const std::string id = "\"fuzz-" + std::to_string(++inputs_) + "\"";
    rapidjson::Document call(rapidjson::kObjectType);
    auto& a = call.GetAllocator();
    call.AddMember("jsonrpc", "2.0", a).AddMember("id", Value(id.substr(1, id.size() - 2).c_str(), a), a);
    call.AddMember("method", "tools/call", a);
    Value params(rapidjson::kObjectType);
    params.AddMember("name", rapidjson::StringRef(tool), a).AddMember("arguments", Value(arguments, a), a);
    call.AddMember("params", params, a);
    pending_ = id;
    tool_ = tool;
    // A fresh document, not SetNull(): a Document's pool allocator frees nothing until the
    // document goes, so one document reused for every input grew ~50 KB per input (2.8 MB/s
    // against the TypeScript SDK, gigabytes over a long campaign).
    rapidjson::Document().Swap(sent_params_);
    rapidjson::Document().Swap(response_);
    send(to_json(call), out);
    bool done = false;
    while (channel_ && !done) {
      ReadResult r = channel_->receive(Deadline::after(options_.timeout));
      if (r.status == ReadResult::Line)
        done = handle(r.line, input, rng, out);
      else if (r.status == ReadResult::TooLarge)
        out.add({"invalid-jsonrpc", "json.too-large", "JSONRPC-MESSAGE-FORMAT", Level::Must,
                 "a message over the size limit"});
      else if (r.status == ReadResult::Timeout)
        silence(out);
      else
        died(out);
    }
    // A second answer to the same request comes right behind the first: take what is there.
    while (channel_) {
      ReadResult r = channel_->receive(Deadline::after(std::chrono::milliseconds(1)));
      if (r.status != ReadResult::Line) break;
      handle(r.line, input, rng, out);
    }
    return done && channel_ ? &response_ : nullptr;
  }

  bool start() {
    if (started_once_) ++restarts_;
    started_once_ = true;
    if (!options_.url.empty()) {
      auto url = parse_loopback_url(options_.url, error_);
      if (!url) return false;
      auto http = std::make_unique<HttpClientChannel>(*url, options_.max_message_bytes);
      http_ = http.get();
      channel_ = std::make_unique<SelfCheckedChannel>(std::move(http), options_.revision, kWho);
      return handshake();
    }
    ChildOptions c;
    c.argv = options_.command;
    const std::string revision(to_string(options_.revision));
    c.environment = {{"ELICIT_CONFORM_CASE", "fuzz"},
                     {"MCP_CONFORMANCE_SCENARIO", "fuzz"},
                     {"ELICIT_CONFORM_PROTOCOL_VERSION", revision},
                     {"MCP_CONFORMANCE_PROTOCOL_VERSION", revision}};
    child_ = ChildProcess::spawn(c, error_);
    if (!child_) return false;
    ChildProcess* p = child_.get();
    channel_ = std::make_unique<SelfCheckedChannel>(
        std::make_unique<StdioChannel>(
            p->stdout_fd(), [p](std::string_view line, Deadline d) { return p->write_line(line, d); },
            options_.max_message_bytes),
        options_.revision, kWho);
    if (handshake()) return true;
    const ExitInfo exit = child_->terminate(std::chrono::milliseconds(300));
    error_ += " (" + exit.describe() + "); stderr: " + child_->stderr_text().substr(0, 500);
    child_.reset();
    return false;
  }

  // initialize, initialized and tools/list; false (error_ says why, the channel is gone) when
  // the server does not answer them or lists no tool "elicit".
  bool handshake() {
    answered_.clear();
    sut_request_ids_.clear();
    handshake_findings_.clear();
    const std::string revision(to_string(options_.revision));
    // --capabilities none: no elicitation capability at all (declared_ says so too).
    const std::string caps =
        options_.capabilities == "none" ? std::string() : R"("elicitation":)" + options_.capabilities;
    if (!channel_->send(
            R"({"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":")" + revision +
                R"(","capabilities":{)" + caps +
                R"(},"clientInfo":{"name":"elicit-conform-fuzz","version":"0.1"}}})",
            Deadline::after(options_.startup_timeout))) {
      // Over HTTP: nothing listens (any more) at the URL; over stdio: the server is gone.
      error_ = "the server SUT did not take initialize" +
               (options_.url.empty() ? std::string() : " at " + options_.url + " (is it running?)");
      stop_channel();
      return false;
    }
    const Deadline until = Deadline::after(options_.startup_timeout);
    while (!until.expired()) {
      ReadResult r = channel_->receive(until);
      if (r.status != ReadResult::Line) break;
      judge_handshake(r.line);
      ParsedJson m = parse_json(r.line);
      const Value* id = m.ok() && m.document.IsObject() ? find_member(m.document, "id") : nullptr;
      if (!id || to_json(*id) != "\"init\"" || has_member(m.document, "method")) continue;
      if (!has_member(m.document, "result")) break;
      for (FuzzFinding& f : server_handshake_findings(m.document["result"]))
        handshake_findings_.push_back(std::move(f));
      channel_->send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})",
                     Deadline::after(options_.timeout));
      if (lists_elicit_tool(until)) return true;
      // Every input would only meet "unknown tool": say so instead of fuzzing nothing.
      error_ = "the server SUT lists no tool \"elicit\" (docs/adapter-contract.md)";
      stop_channel();
      return false;
    }
    error_ = "the server SUT did not answer initialize with a result";
    stop_channel();
    return false;
  }

  void stop_channel() {
    http_ = nullptr;
    channel_.reset();
  }

  bool lists_elicit_tool(Deadline until) {
    channel_->send(R"({"jsonrpc":"2.0","id":"tools","method":"tools/list"})", until);
    while (!until.expired()) {
      ReadResult r = channel_->receive(until);
      if (r.status != ReadResult::Line) return false;
      judge_handshake(r.line);
      ParsedJson m = parse_json(r.line);
      const Value* id = m.ok() && m.document.IsObject() ? find_member(m.document, "id") : nullptr;
      if (!id || to_json(*id) != "\"tools\"" || has_member(m.document, "method")) continue;
      const Value* result = find_member(m.document, "result");
      const Value* tools = result && result->IsObject() ? find_member(*result, "tools") : nullptr;
      if (!tools || !tools->IsArray()) return false;
      tools_.clear();
      for (const Value& t : tools->GetArray()) {
        const Value* name = t.IsObject() ? find_member(t, "name") : nullptr;
        if (name && name->IsString()) tools_.insert(name->GetString());
      }
      return tools_.contains("elicit");
    }
    return false;
  }

  static const Value& reply_or_none(const Value& input) {
    static const Value kNone(rapidjson::kNullType);
    const Value* reply = find_member(input, "reply");
    return reply != nullptr ? *reply : kNone;
  }

  static const Value& asked_or_none(const Value& input) {
    static const Value kNone(rapidjson::kObjectType);
    const Value* asked = find_member(input, "params");
    return asked != nullptr ? *asked : kNone;
  }

  void judge_handshake(const std::string& line) {
    for (FuzzFinding& f : jsonrpc_findings(line, options_.revision))
      handshake_findings_.push_back(std::move(f));
  }

  void send(const std::string& json, FuzzOutcome& out) {
    if (!channel_->send(json, Deadline::after(options_.timeout))) died(out);
  }
  // The input's own messages (its notifications, its reply): not self-checked, they may break
  // the schema on purpose.
  void send_input(const std::string& json, FuzzOutcome& out) {
    if (!channel_->send_input(json, Deadline::after(options_.timeout))) died(out);
  }

  // One message of the SUT; true when it is the answer to the input's tools/call.
  bool handle(const std::string& line, const Value& input, FuzzRng& rng, FuzzOutcome& out) {
    for (FuzzFinding& f : jsonrpc_findings(line, options_.revision)) out.add(std::move(f));
    ParsedJson m = parse_json(line, ParseLimits{});
    if (!m.ok() || !m.document.IsObject()) return false;
    const Value* id = find_member(m.document, "id");
    const Value* method = find_member(m.document, "method");
    if (method != nullptr) {
      if (id == nullptr) {  // a notification: nothing to answer; a completion is kept for its oracle
        if (method->IsString() && std::string_view(method->GetString()) == kElicitComplete &&
            completions_.size() < kMaxCompletions) {
          const Value* params = find_member(m.document, "params");
          const Value* eid = params && params->IsObject() ? find_member(*params, "elicitationId") : nullptr;
          completions_.push_back(eid ? to_json(*eid) : "");
        }
        return false;
      }
      const std::string answer_id = to_json(*id);
      // Bounded: a campaign of hours would otherwise keep every id; past the bound it forgets them
      // all and goes on judging from there.
      if (sut_request_ids_.size() >= kMaxRememberedIds) sut_request_ids_.clear();
      if (!sut_request_ids_.insert(answer_id).second) {
        // The signature names the method only when it is one the fuzzer expects (it is SUT text).
        const std::string_view name = method->IsString() ? method->GetString() : "";
        out.add(reused_id_finding(answer_id,
                                  name == kElicitCreate || name == "ping" ? std::string(name) : "other"));
      }
      if (!method->IsString() || std::string_view(method->GetString()) != kElicitCreate) {
        const bool ping = method->IsString() && std::string_view(method->GetString()) == "ping";
        send(R"({"jsonrpc":"2.0","id":)" + answer_id +
                 (ping ? R"(,"result":{}})" : R"(,"error":{"code":-32601,"message":"Method not found"}})"),
             out);
        return false;
      }
      out.sut_elicited = true;
      const Value* sent = find_member(m.document, "params");
      if (sent) {
        rapidjson::Document copy;
        copy.CopyFrom(*sent, copy.GetAllocator());
        sent_params_.Swap(copy);
      }
      if (const Value* asked = find_member(input, "params"))
        for (FuzzFinding& f : server_request_findings(*asked, m.document, declared_, options_.revision))
          out.add(std::move(f));
      // The input's own reply when it has one (a replay, the minimiser), else a new one, kept.
      if (!has_member(out.input, "reply")) {
        static const Value kNone;
        rapidjson::Document reply = FuzzMutator::reply_for(sent ? *sent : kNone, rng);
        out.input.AddMember("reply", Value(reply, out.input.GetAllocator()), out.input.GetAllocator());
      }
      coverage.note_action(out.input["reply"]);
      send_input(
          R"({"jsonrpc":"2.0","id":)" + answer_id + R"(,"result":)" + to_json(out.input["reply"]) + "}", out);
      return false;
    }
    if (id == nullptr) return false;
    const std::string key = to_json(*id);
    if (key != pending_ && !key.starts_with("\"fuzz-") && key != "\"init\"" && key != "\"tools\"") {
      // A response to no request of ours: after our notifications, an answer to one of them.
      if (notified_)
        out.add({"answered-notification", "response", "JSONRPC-NO-RESPONSE-TO-NOTIFICATION", Level::Must,
                 "the server sent a response (id " + abbreviate_utf8(key, 80) +
                     ") after notifications and to no request of the harness"});
      return false;
    }
    if (!answered_.insert(key).second) {
      out.add({"answered-twice", "tools/call", "JSONRPC-SPEC", Level::Must,
               "the server answered request " + key + " twice"});
      return false;
    }
    if (key != pending_) return false;
    response_.CopyFrom(m.document, response_.GetAllocator());
    if (tool_ == "elicit" && !sent_params_.IsNull())
      for (FuzzFinding& f : server_result_findings(m.document, sent_params_, asked_or_none(input),
                                                   reply_or_none(out.input), options_.revision))
        out.add(std::move(f));
    return true;
  }

  void silence(FuzzOutcome& out) {
    out.add(silence_finding("server", "tools/call", options_.timeout));
    stop();
  }

  void died(FuzzOutcome& out) {
    if (!channel_) return;
    std::optional<ExitInfo> exit;
    if (child_) exit = child_->wait_exit(Deadline::after(std::chrono::milliseconds(200)));
    // An exit of 77 is read with its whole stderr (the SKIP line): terminate() joins the thread
    // that drains it, which a loaded machine may not have run yet.
    if (exit && exit->how == ExitInfo::How::Exited && exit->code == 77)
      child_->terminate(std::chrono::milliseconds(0));
    if (exit && exit->how == ExitInfo::How::Exited && exit->code == 77 && tool_ != "elicit" &&
        child_->stderr_text().find("elicit-conform: SKIP") != std::string::npos) {
      // The adapter contract's SKIP: its SDK has no API for this tool (tmcp for -32042). No
      // finding about the server; no more calls of the tool, which summary.json's
      // exercised.tools shows. The next start is no restart.
      tools_.erase(tool_);
      skipped_tools_.insert(tool_);
      coverage.tools[tool_ + " (the adapter said SKIP)"] += 1;
      stop();
      started_once_ = false;
      return;
    }
    out.add(crash_finding("server", exit, child_ ? "stdout" : "connection"));
    stop();
  }

  static constexpr std::size_t kMaxRememberedIds = std::size_t{1} << 17;
  FuzzSessionOptions options_;
  std::unique_ptr<ChildProcess> child_;
  static constexpr const char* kWho = "the fuzzer (server SUT)";
  std::unique_ptr<SelfCheckedChannel> channel_;
  HttpClientChannel* http_ = nullptr;      // channel_ over Streamable HTTP (--url), else nullptr
  ElicitationCapability declared_;         // what the harness declares in initialize
  std::set<std::string> answered_;         // ids of ours answered in this session
  std::set<std::string> sut_request_ids_;  // ids of the SUT's requests in this session (JSON)
  bool notified_ = false;                  // this input sent notifications before its call
  std::set<std::string> tools_;            // the tools the server lists
  std::set<std::string> skipped_tools_;    // tools its adapter said SKIP to: not called again
  std::string tool_;                       // the tool of the open call
  rapidjson::Document response_;           // the answer to the open call, once it came
  std::vector<std::string> completions_;   // elicitationIds (JSON) of the completions it sent
  static constexpr std::size_t kMaxCompletions = 64;
  std::string pending_;
  rapidjson::Document sent_params_;  // the params of the elicitation/create the SUT sent for this input
  std::size_t inputs_ = 0;
  std::size_t restarts_ = 0;
  std::vector<FuzzFinding> handshake_findings_;  // of the last start, for the next input's outcome
  bool started_once_ = false;
  std::string error_;
};

}  // namespace

std::unique_ptr<FuzzSession> make_server_session(const FuzzSessionOptions& options) {
  if (features(options.revision).modern_wire) return make_modern_server_session(options);
  return std::make_unique<ServerSession>(options);
}

}  // namespace ec
