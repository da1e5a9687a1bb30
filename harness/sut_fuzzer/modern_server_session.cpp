// The session with a server SUT on the modern wire (2026-07-28): the harness is a stateless
// client. It starts with server/discover and tools/list, each with its `_meta`; then each input is
// a tools/call of the contract tool `elicit` whose params carry the input's `_meta` (the campaign's
// capabilities, or the input's own, or a broken one: mutator.h), and, when the server answers
// with an InputRequiredResult asking for an elicitation, one retry (a new id, the same call, the
// input's reply under each key in inputResponses, requestState echoed as it came). No initialize,
// no server-to-client request: a server that writes one is a finding, and gets the answer a client
// of the earlier revisions would give so that it does not hang on it.
#include <algorithm>
#include <set>

#include "core/json.h"
#include "core/utf8.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "spec/modern.h"
#include "spec/mrtr.h"
#include "sut_fuzzer/modern_oracles.h"
#include "sut_fuzzer/self_checked_channel.h"
#include "sut_fuzzer/session.h"
#include "transport/child_process.h"
#include "transport/http_client_channel.h"
#include "transport/loopback_url.h"
#include "transport/stdio_channel.h"

namespace ec {
namespace {

using rapidjson::Value;

class ModernServerSession final : public FuzzSession {
 public:
  explicit ModernServerSession(const FuzzSessionOptions& o) : options_(o) {
    if (options_.capabilities.empty()) options_.capabilities = R"({"form":{},"url":{}})";
  }
  ~ModernServerSession() override { stop(); }

  bool run(const Value& input, FuzzRng& rng, FuzzOutcome& out) override {
    out.input.CopyFrom(input, out.input.GetAllocator());
    if (!channel_ && !start()) return false;
    for (FuzzFinding& f : handshake_findings_) out.add(std::move(f));
    handshake_findings_.clear();
    // Over HTTP a request without a version in its _meta is no modern request at all (the channel
    // sends it on the 2025 wire): that input loses its meta fault. Nor are there notifications:
    // "This revision of the core protocol defines no client-to-server notifications over
    // Streamable HTTP" (a POST of one would open a 2025 session).
    // Over stdio there is no header to mismatch.
    const FuzzMutator::MetaFault fault = FuzzMutator::meta_fault_of(out.input);
    if ((http_ != nullptr && fault == FuzzMutator::MetaFault::NoVersion) ||
        (http_ == nullptr && fault == FuzzMutator::MetaFault::HeaderMismatch))
      out.input.RemoveMember("meta");
    if (http_ != nullptr) out.input.RemoveMember("notify");
    static const Value kNone(rapidjson::kObjectType);
    // From `input`, not out.input: out.input gains members (the reply) while `asked` is in use.
    const Value* found = find_member(input, "params");
    const Value& asked = found != nullptr ? *found : kNone;
    coverage.note_params(asked);
    const Value* named = find_member(out.input, "tool");
    std::string tool = named && named->IsString() ? named->GetString() : "elicit";
    if (tool != "elicit" &&
        (tool != "require_url" || !tools_.contains(tool) || skipped_tools_.contains(tool))) {
      out.input.RemoveMember("tool");
      tool = "elicit";
    }
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
    coverage.note_wire(out.input);
    tool_ = tool;
    rapidjson::Document meta = FuzzMutator::modern_meta(out.input, options_.capabilities, options_.revision);
    rapidjson::Document arguments(rapidjson::kObjectType);
    auto& a = arguments.GetAllocator();
    if (tool == "elicit") {
      arguments.AddMember("params", Value(asked, a), a);
    } else {
      Value list(rapidjson::kArrayType);
      list.PushBack(Value(asked, a), a);
      arguments.AddMember("elicitations", list, a);
    }
    const std::size_t first = out.findings.size();
    const bool mismatch = FuzzMutator::meta_fault_of(out.input) == FuzzMutator::MetaFault::HeaderMismatch;
    if (mismatch) http_->override_version_header(FuzzMutator::kMismatchedHeader);
    exchange_input(tool, asked, arguments, meta, rng, out);
    if (mismatch && http_ != nullptr) http_->override_version_header(std::nullopt);
    // A replay case judges every answer with the corpus's modern-results-valid check, the params of
    // each elicitation in it included: for invalid params (which a server may pass on as its tool
    // asked) that check would fail a clean server too. Such an input makes no finding that check
    // replays.
    if (tool == "elicit" && has_level(request_diagnostics(asked, options_.revision), Level::Must)) {
      auto& f = out.findings;
      f.erase(std::remove_if(f.begin() + static_cast<std::ptrdiff_t>(first), f.end(),
                             [](const FuzzFinding& x) {
                               return x.oracle == "invalid-modern-result" || x.oracle == "undeclared-mode";
                             }),
              f.end());
    }
    return true;
  }

  std::size_t restarts() const override { return restarts_; }
  std::string error() const override { return error_; }

  void stop() override {
    if (http_ != nullptr) http_->close(Deadline::after(std::chrono::milliseconds(1000)));
    http_ = nullptr;
    channel_.reset();
    if (!child_) return;
    child_->close_stdin();
    child_->terminate(std::chrono::milliseconds(300));
    child_.reset();
  }

 private:
  // The input's tools/call of `tool`, and for an elicitation it asks for, the retry.
  void exchange_input(const std::string& tool, const Value& asked, const Value& arguments, const Value& meta,
                      FuzzRng& rng, FuzzOutcome& out) {
    const ElicitationCapability declared = declared_in(meta);
    rapidjson::Document call = tools_call(tool, arguments, meta);
    const rapidjson::Document* answer = exchange(call, out, false);
    if (answer == nullptr) return;
    for (FuzzFinding& f : server_meta_findings(FuzzMutator::meta_fault_of(out.input), *answer))
      out.add(std::move(f));
    if (FuzzMutator::meta_fault_of(out.input) != FuzzMutator::MetaFault::None || tool != "elicit") return;

    // The elicitations it asked for: judged as the 2025 request oracles judge an elicitation/create.
    const Value* result = find_member(*answer, "result");
    const Value* requests = result && result->IsObject() ? find_member(*result, "inputRequests") : nullptr;
    std::vector<std::string> keys;
    rapidjson::Document sent_params;
    if (requests != nullptr && requests->IsObject()) {
      for (auto it = requests->MemberBegin(); it != requests->MemberEnd(); ++it) {
        const Value* method = it->value.IsObject() ? find_member(it->value, "method") : nullptr;
        if (!method || !method->IsString() || std::string_view(method->GetString()) != kElicitCreate)
          continue;
        const Value* params = find_member(it->value, "params");
        rapidjson::Document request(rapidjson::kObjectType);
        auto& ra = request.GetAllocator();
        request.AddMember("jsonrpc", "2.0", ra)
            .AddMember("id", 0, ra)
            .AddMember("method", "elicitation/create", ra);
        if (params != nullptr) request.AddMember("params", Value(*params, ra), ra);
        for (FuzzFinding& f : server_request_findings(asked, request, declared, options_.revision))
          out.add(std::move(f));
        if (keys.empty() && params != nullptr) sent_params.CopyFrom(*params, sent_params.GetAllocator());
        keys.emplace_back(it->name.GetString(), it->name.GetStringLength());
      }
    }
    if (keys.empty() || !result_type_is(*answer, kResultTypeInputRequired)) return;
    out.sut_elicited = true;

    // The retry: the input's reply (a replay's, the minimiser's), else a new one, kept.
    if (!has_member(out.input, "reply")) {
      rapidjson::Document reply = FuzzMutator::reply_for(sent_params, rng);
      out.input.AddMember("reply", Value(reply, out.input.GetAllocator()), out.input.GetAllocator());
    }
    const Value& reply = out.input["reply"];
    coverage.note_action(reply);
    rapidjson::Document retry = tools_call(tool, arguments, meta);
    auto& ta = retry.GetAllocator();
    rapidjson::Document responses = FuzzMutator::input_responses(out.input, keys, reply);
    retry["params"].AddMember("inputResponses", Value(responses, ta), ta);
    if (const Value* state = find_member(*result, "requestState"))
      retry["params"].AddMember("requestState", Value(*state, ta), ta);
    const rapidjson::Document* final_answer = exchange(retry, out, true);
    if (final_answer == nullptr) return;
    const FuzzMutator::Responses kind = FuzzMutator::responses_of(out.input);
    std::vector<FuzzFinding> found_on_retry =
        server_retry_findings(kind, reply, sent_params, *final_answer, options_.revision);
    if (kind == FuzzMutator::Responses::AsAsked || kind == FuzzMutator::Responses::ExtraKey)
      for (FuzzFinding& f :
           server_result_findings(*final_answer, sent_params, asked, reply, options_.revision))
        found_on_retry.push_back(std::move(f));
    for (FuzzFinding& f : found_on_retry) {
      f.stage = FuzzFinding::Stage::Retry;
      out.add(std::move(f));
    }
  }

  static ElicitationCapability declared_in(const Value& meta) {
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("_meta", Value(meta, params.GetAllocator()), params.GetAllocator());
    return parse_request_meta(&params, Revision::V2026_07_28, "").meta.elicitation;
  }

  static bool unsupported_version_error(const Value& response) {
    const Value* e = find_member(response, "error");
    const Value* code = e && e->IsObject() ? find_member(*e, "code") : nullptr;
    return code != nullptr && code->IsInt64() && code->GetInt64() == kUnsupportedProtocolVersion;
  }

  static bool result_type_is(const Value& response, std::string_view type) {
    const Value* result = find_member(response, "result");
    const Value* t = result && result->IsObject() ? find_member(*result, "resultType") : nullptr;
    return t != nullptr && t->IsString() && std::string_view(t->GetString(), t->GetStringLength()) == type;
  }

  rapidjson::Document request(const char* method, const Value* params) {
    rapidjson::Document r(rapidjson::kObjectType);
    auto& a = r.GetAllocator();
    const std::string id = "fuzz-" + std::to_string(++requests_);
    r.AddMember("jsonrpc", "2.0", a).AddMember("id", Value(id.c_str(), a), a);
    r.AddMember("method", rapidjson::StringRef(method), a);
    if (params != nullptr) r.AddMember("params", Value(*params, a), a);
    return r;
  }

  rapidjson::Document tools_call(const std::string& tool, const Value& arguments, const Value& meta) {
    rapidjson::Document params(rapidjson::kObjectType);
    auto& a = params.GetAllocator();
    params.AddMember("name", Value(tool.c_str(), a), a);
    params.AddMember("arguments", Value(arguments, a), a);
    params.AddMember("_meta", Value(meta, a), a);
    return request("tools/call", &params);
  }

  // Sends `message` and collects every message until its answer, judging each; the answer, or
  // nullptr when the server went silent or away. Its findings are marked as the retry's when
  // `retry` (the replay case must retry to meet them).
  const rapidjson::Document* exchange(const rapidjson::Document& message, FuzzOutcome& out, bool retry) {
    pending_ = to_json(message["id"]);
    rapidjson::Document().Swap(answer_);
    send_input(to_json(message), out);
    bool done = false;
    const std::size_t before = out.findings.size();
    while (channel_ && !done) {
      ReadResult r = channel_->receive(Deadline::after(options_.timeout));
      if (r.status == ReadResult::Line) {
        done = handle(r.line, out);
        if (done) answer_status_ = r.http_status;
      } else if (r.status == ReadResult::TooLarge)
        out.add({"invalid-jsonrpc", "json.too-large", "JSONRPC-MESSAGE-FORMAT", Level::Must,
                 "a message over the size limit"});
      else if (r.status == ReadResult::Timeout)
        silence(out);
      else
        died(out);
    }
    while (channel_) {  // a second answer comes right behind the first
      ReadResult r = channel_->receive(Deadline::after(std::chrono::milliseconds(1)));
      if (r.status != ReadResult::Line) break;
      handle(r.line, out);
    }
    if (done && channel_) {
      for (FuzzFinding& f : modern_response_findings(message, answer_, options_.revision, extensions_))
        out.add(std::move(f));
      if (http_ != nullptr)
        for (FuzzFinding& f : http_status_findings(answer_, answer_status_)) out.add(std::move(f));
    }
    if (retry)
      for (std::size_t i = before; i < out.findings.size(); ++i)
        out.findings[i].stage = FuzzFinding::Stage::Retry;
    return done && channel_ ? &answer_ : nullptr;
  }

  // One message of the SUT; true when it is the answer to the open request.
  bool handle(const std::string& line, FuzzOutcome& out) {
    for (FuzzFinding& f : jsonrpc_findings(line, options_.revision)) out.add(std::move(f));
    ParsedJson m = parse_json(line, ParseLimits{});
    if (!m.ok() || !m.document.IsObject()) return false;
    const Value* id = find_member(m.document, "id");
    const Value* method = find_member(m.document, "method");
    if (method != nullptr) {
      if (id == nullptr) return false;  // a notification: nothing to answer
      // Not answered, over either transport: a 2026-07-28 client sends no responses
      // (transport-stdio.mdx: "The client **MUST NOT** write JSON-RPC _responses_."), as the case
      // runs do (server_run.cpp). A server that then waits for one is silent on the input.
      out.add(server_request_finding(*method, http_ != nullptr));
      return false;
    }
    if (id == nullptr) return false;
    const std::string key = to_json(*id);
    if (!key.starts_with("\"fuzz-")) {
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
    answer_.Swap(m.document);
    return true;
  }

  bool start() {
    if (started_once_) ++restarts_;
    started_once_ = true;
    answered_.clear();
    if (!options_.url.empty()) {
      auto url = parse_loopback_url(options_.url, error_);
      if (!url) return false;
      // No initialize, so no session and no GET stream on the modern wire.
      auto http = std::make_unique<HttpClientChannel>(*url, options_.max_message_bytes, false);
      http_ = http.get();
      channel_ = std::make_unique<SelfCheckedChannel>(std::move(http), options_.revision, kWho);
      return discover();
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
    if (discover()) return true;
    if (child_) {
      const ExitInfo exit = child_->terminate(std::chrono::milliseconds(300));
      error_ += " (" + exit.describe() + "); stderr: " + child_->stderr_text().substr(0, 500);
      child_.reset();
    }
    return false;
  }

  // server/discover, then tools/list, each with the campaign's _meta; their answers are judged
  // (the findings go with the next input). False (error_ says why) when the server does not speak
  // the revision or lists no tool "elicit".
  bool discover() {
    handshake_findings_.clear();
    extensions_ = false;
    static const Value kPlain(rapidjson::kObjectType);
    rapidjson::Document meta = FuzzMutator::modern_meta(kPlain, options_.capabilities, options_.revision);
    rapidjson::Document params(rapidjson::kObjectType);
    params.AddMember("_meta", Value(meta, params.GetAllocator()), params.GetAllocator());
    const std::string revision(to_string(options_.revision));
    rapidjson::Document probe = request(kServerDiscover.data(), &params);
    const rapidjson::Document* found = handshake_exchange(probe);
    if (found == nullptr) return fail("the server SUT did not answer server/discover");
    const Value* result = find_member(*found, "result");
    if (result != nullptr && result->IsObject()) {
      const Value* versions = find_member(*result, "supportedVersions");
      bool listed = false;
      if (versions && versions->IsArray())
        for (const Value& v : versions->GetArray())
          listed = listed || (v.IsString() && std::string_view(v.GetString()) == revision);
      if (!listed)
        return fail(
            "the server SUT does not speak " + revision + ": server/discover listed " +
            (versions ? abbreviate_utf8(to_json(*versions), 200) : std::string("no supportedVersions")));
      const Value* caps = find_member(*result, "capabilities");
      extensions_ = caps && caps->IsObject() && has_member(*caps, "extensions");
    } else if (unsupported_version_error(*found)) {
      return fail("the server SUT does not speak " + revision + ": server/discover got " +
                  abbreviate_utf8(to_json(*found), 200));
    } else {
      // DISCOVER-IMPLEMENT: a server of this revision implements server/discover. One that does
      // not may still serve the wire; tools/list says whether it does.
      add_handshake(
          {"invalid-modern-result", "discover.not-implemented /error", "DISCOVER-IMPLEMENT", Level::Must,
           "server/discover with a " + revision + " _meta got no result (" +
               abbreviate_utf8(to_json(*found), 120) + "): \"Servers MUST implement server/discover\""});
    }
    rapidjson::Document list = request("tools/list", &params);
    const rapidjson::Document* listed = handshake_exchange(list);
    if (listed == nullptr) return fail("the server SUT did not answer tools/list");
    const Value* list_result = find_member(*listed, "result");
    if (list_result == nullptr || !list_result->IsObject())
      return fail("the server SUT did not answer tools/list with a result: " +
                  abbreviate_utf8(to_json(*listed), 200));
    if (result_type_is(*listed, kResultTypeInputRequired)) {
      // Judged above (MRTR-SUPPORTED-REQUESTS-ONLY); the contract's tools are called regardless.
      tools_ = {"elicit"};
      return true;
    }
    const Value* tools = find_member(*list_result, "tools");
    tools_.clear();
    if (tools != nullptr && tools->IsArray())
      for (const Value& t : tools->GetArray())
        if (const Value* name = t.IsObject() ? find_member(t, "name") : nullptr; name && name->IsString())
          tools_.insert(name->GetString());
    if (tools_.contains("elicit")) return true;
    return fail("the server SUT lists no tool \"elicit\" (docs/adapter-contract.md)");
  }

  // A set-up request and its answer (judged for the next input), or nullptr.
  const rapidjson::Document* handshake_exchange(const rapidjson::Document& message) {
    FuzzOutcome scratch;
    const Deadline until = Deadline::after(options_.startup_timeout);
    pending_ = to_json(message["id"]);
    rapidjson::Document().Swap(answer_);
    if (!channel_->send(to_json(message), until)) return nullptr;
    while (channel_ && !until.expired()) {
      ReadResult r = channel_->receive(until);
      if (r.status != ReadResult::Line) break;
      if (!handle(r.line, scratch)) continue;
      for (FuzzFinding& f : modern_response_findings(message, answer_, options_.revision, extensions_))
        scratch.findings.push_back(std::move(f));
      for (FuzzFinding& f : scratch.findings) add_handshake(std::move(f));
      return &answer_;
    }
    for (FuzzFinding& f : scratch.findings) add_handshake(std::move(f));
    return nullptr;
  }

  void add_handshake(FuzzFinding f) {
    f.stage = FuzzFinding::Stage::Setup;
    for (const FuzzFinding& have : handshake_findings_)
      if (have.key() == f.key()) return;
    handshake_findings_.push_back(std::move(f));
  }

  bool fail(std::string why) {
    error_ = std::move(why) + (options_.url.empty() ? "" : " at " + options_.url);
    http_ = nullptr;
    channel_.reset();
    return false;
  }

  void send(const std::string& json, FuzzOutcome& out) {
    if (!channel_->send(json, Deadline::after(options_.timeout))) died(out);
  }
  // The input's own messages (its notifications, the call whose _meta the input may mutate, the
  // retry carrying its responses): not self-checked, they may break the schema on purpose.
  void send_input(const std::string& json, FuzzOutcome& out) {
    if (!channel_->send_input(json, Deadline::after(options_.timeout))) died(out);
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
      // The adapter contract's SKIP, as in server_session.cpp: no finding, no more calls of
      // the tool (summary.json's exercised.tools says so), and the next start is no restart.
      skipped_tools_.insert(tool_);
      coverage.tools[tool_ + " (the adapter said SKIP)"] += 1;
      stop();
      started_once_ = false;
      return;
    }
    out.add(crash_finding("server", exit, child_ ? "stdout" : "connection"));
    stop();
  }

  FuzzSessionOptions options_;
  std::unique_ptr<ChildProcess> child_;
  static constexpr const char* kWho = "the fuzzer (2026-07-28 server SUT)";
  std::unique_ptr<SelfCheckedChannel> channel_;
  HttpClientChannel* http_ = nullptr;    // channel_ over Streamable HTTP (--url), else nullptr
  std::set<std::string> answered_;       // ids of ours answered since the start
  std::set<std::string> tools_;          // the tools the server lists
  std::set<std::string> skipped_tools_;  // tools its adapter said SKIP to: not called again
  std::string tool_;                     // the tool of the input being run
  bool extensions_ = false;              // its server/discover advertised extensions
  bool notified_ = false;                // this input sent notifications before its call
  std::string pending_;                  // the id (JSON) of the open request
  rapidjson::Document answer_;           // the answer to it, once it came
  int answer_status_ = 0;                // over HTTP: the status of the POST it came on
  std::size_t requests_ = 0, restarts_ = 0;
  std::vector<FuzzFinding> handshake_findings_;
  bool started_once_ = false;
  std::string error_;
};

}  // namespace

std::unique_ptr<FuzzSession> make_modern_server_session(const FuzzSessionOptions& options) {
  return std::make_unique<ModernServerSession>(options);
}

}  // namespace ec
