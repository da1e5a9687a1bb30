// The session with a server SUT: the harness is its client. Each input is a `tools/call` of the
// contract tool `elicit` (docs/adapter-contract.md) with mutated params; the elicitation/create the
// server sends for it is answered with the input's reply (a mutated ElicitResult). Over stdio the
// harness starts the server and starts it again when it dies; over Streamable HTTP (--url) the
// server runs on its own, and a new session is a new initialize.
#include <set>

#include "cases/fuzz_session.h"
#include "core/json.h"
#include "core/utf8.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
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
    for (FuzzFinding& f : handshake_findings_) add(out, std::move(f));
    handshake_findings_.clear();
    const Value* asked = find_member(input, "params");
    if (asked) coverage.note_params(*asked);
    const std::string id = "\"fuzz-" + std::to_string(++inputs_) + "\"";
    rapidjson::Document call(rapidjson::kObjectType);
    auto& a = call.GetAllocator();
    call.AddMember("jsonrpc", "2.0", a).AddMember("id", Value(id.substr(1, id.size() - 2).c_str(), a), a);
    call.AddMember("method", "tools/call", a);
    Value params(rapidjson::kObjectType), arguments(rapidjson::kObjectType);
    arguments.AddMember("params", asked ? Value(*asked, a) : Value(rapidjson::kObjectType), a);
    params.AddMember("name", "elicit", a).AddMember("arguments", arguments, a);
    call.AddMember("params", params, a);
    pending_ = id;
    // The input's notifications go before the call. A server answers none of them.
    notified_ = false;
    if (const Value* notify = find_member(out.input, "notify"); notify && notify->IsArray()) {
      for (const Value& n : notify->GetArray()) {
        const std::string message = FuzzMutator::notification_message(n);
        if (!channel_ || message.empty()) continue;
        send(message, out);
        notified_ = true;
      }
    }
    if (!channel_) return true;
    // A fresh document, not SetNull(): a Document's pool allocator frees nothing until the
    // document goes, so one document reused for every input grew ~50 KB per input (2.8 MB/s
    // against the TypeScript SDK, gigabytes over a long campaign).
    rapidjson::Document().Swap(sent_params_);
    send(to_json(call), out);
    bool done = false;
    while (channel_ && !done) {
      ReadResult r = channel_->receive(Deadline::after(options_.timeout));
      if (r.status == ReadResult::Line)
        done = handle(r.line, input, rng, out);
      else if (r.status == ReadResult::TooLarge)
        add(out, {"invalid-jsonrpc", "json.too-large", "JSONRPC-MESSAGE-FORMAT", Level::Must,
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
  bool start() {
    if (started_once_) ++restarts_;
    started_once_ = true;
    if (!options_.url.empty()) {
      auto url = parse_loopback_url(options_.url, error_);
      if (!url) return false;
      auto http = std::make_unique<HttpClientChannel>(*url, options_.max_message_bytes);
      http_ = http.get();
      channel_ = std::move(http);
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
    channel_ = std::make_unique<StdioChannel>(
        p->stdout_fd(), [p](std::string_view line, Deadline d) { return p->write_line(line, d); },
        options_.max_message_bytes);
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
    const std::string& caps = options_.capabilities;
    if (!channel_->send(
            R"({"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":")" + revision +
                R"(","capabilities":{"elicitation":)" + caps +
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
      if (!id || to_json(*id) != "\"init\"" || m.document.HasMember("method")) continue;
      if (!m.document.HasMember("result")) break;
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
      if (!id || to_json(*id) != "\"tools\"" || m.document.HasMember("method")) continue;
      const Value* result = find_member(m.document, "result");
      const Value* tools = result && result->IsObject() ? find_member(*result, "tools") : nullptr;
      if (!tools || !tools->IsArray()) return false;
      for (const Value& t : tools->GetArray()) {
        const Value* name = t.IsObject() ? find_member(t, "name") : nullptr;
        if (name && name->IsString() && std::string_view(name->GetString()) == "elicit") return true;
      }
      return false;
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

  static void add(FuzzOutcome& out, FuzzFinding f) {
    for (const FuzzFinding& have : out.findings)
      if (have.key() == f.key()) return;
    out.findings.push_back(std::move(f));
  }

  // One message of the SUT; true when it is the answer to the input's tools/call.
  bool handle(const std::string& line, const Value& input, FuzzRng& rng, FuzzOutcome& out) {
    for (FuzzFinding& f : jsonrpc_findings(line, options_.revision)) add(out, std::move(f));
    ParsedJson m = parse_json(line, ParseLimits{});
    if (!m.ok() || !m.document.IsObject()) return false;
    const Value* id = find_member(m.document, "id");
    const Value* method = find_member(m.document, "method");
    if (method != nullptr) {
      if (id == nullptr) return false;  // a notification: nothing to answer
      const std::string answer_id = to_json(*id);
      // Bounded: a campaign of hours would otherwise keep every id; past the bound it forgets them
      // all and goes on judging from there.
      if (sut_request_ids_.size() >= kMaxRememberedIds) sut_request_ids_.clear();
      if (!sut_request_ids_.insert(answer_id).second) {
        // The signature names the method only when it is one the fuzzer expects (it is SUT text).
        const std::string_view name = method->IsString() ? method->GetString() : "";
        add(out, reused_id_finding(answer_id,
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
          add(out, std::move(f));
      // The input's own reply when it has one (a replay, the minimiser), else a new one, kept.
      if (!out.input.HasMember("reply")) {
        static const Value kNone;
        rapidjson::Document reply = FuzzMutator::reply_for(sent ? *sent : kNone, rng);
        out.input.AddMember("reply", Value(reply, out.input.GetAllocator()), out.input.GetAllocator());
      }
      coverage.note_action(out.input["reply"]);
      send(R"({"jsonrpc":"2.0","id":)" + answer_id + R"(,"result":)" + to_json(out.input["reply"]) + "}",
           out);
      return false;
    }
    if (id == nullptr) return false;
    const std::string key = to_json(*id);
    if (key != pending_ && !key.starts_with("\"fuzz-") && key != "\"init\"" && key != "\"tools\"") {
      // A response to no request of ours: after our notifications, an answer to one of them.
      if (notified_)
        add(out, {"answered-notification", "response", "JSONRPC-NO-RESPONSE-TO-NOTIFICATION", Level::Must,
                  "the server sent a response (id " + abbreviate_utf8(key, 80) +
                      ") after notifications and to no request of the harness"});
      return false;
    }
    if (!answered_.insert(key).second) {
      add(out, {"answered-twice", "tools/call", "JSONRPC-SPEC", Level::Must,
                "the server answered request " + key + " twice"});
      return false;
    }
    if (key != pending_) return false;
    if (!sent_params_.IsNull())
      for (FuzzFinding& f : server_result_findings(m.document, sent_params_, asked_or_none(input),
                                                   reply_or_none(out.input), options_.revision))
        add(out, std::move(f));
    return true;
  }

  void silence(FuzzOutcome& out) {
    add(out, silence_finding("server", "tools/call", options_.timeout));
    stop();
  }

  void died(FuzzOutcome& out) {
    if (!channel_) return;
    std::optional<ExitInfo> exit;
    if (child_) exit = child_->wait_exit(Deadline::after(std::chrono::milliseconds(200)));
    add(out, crash_finding("server", exit, child_ ? "stdout" : "connection"));
    stop();
  }

  static constexpr std::size_t kMaxRememberedIds = std::size_t{1} << 17;
  FuzzSessionOptions options_;
  std::unique_ptr<ChildProcess> child_;
  std::unique_ptr<MessageChannel> channel_;
  HttpClientChannel* http_ = nullptr;      // channel_ over Streamable HTTP (--url), else nullptr
  ElicitationCapability declared_;         // what the harness declares in initialize
  std::set<std::string> answered_;         // ids of ours answered in this session
  std::set<std::string> sut_request_ids_;  // ids of the SUT's requests in this session (JSON)
  bool notified_ = false;                  // this input sent notifications before its call
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
  return std::make_unique<ServerSession>(options);
}

}  // namespace ec
