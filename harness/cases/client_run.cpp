#include "cases/client_run.h"

#include <algorithm>
#include <optional>
#include <set>

#include "cases/official_suite.h"
#include "cases/step_engine.h"
#include "core/json.h"
#include "core/json_pointer.h"
#include "core/utf8.h"
#include "spec/elicitation.h"
#include "spec/modern.h"
#include "transport/child_process.h"
#include "transport/http_server.h"
#include "transport/line_writer.h"
#include "transport/relay_channel.h"
#include "transport/relay_listener.h"
#include "transport/url_trap.h"

namespace ec {
namespace {

using rapidjson::Value;

// The modes of the elicitations a case sends the client: its elicitation/create requests (2025),
// the elicitation/create input requests of its replies (2026-07-28), and URL mode for a -32042.
std::set<Mode> modes_a_case_sends(const Case& c) {
  std::set<Mode> out;
  const auto mode_of = [](const Value* params) {
    const Value* mode = params && params->IsObject() ? find_member(*params, "mode") : nullptr;
    return mode && mode->IsString() && std::string_view(mode->GetString()) == "url" ? Mode::Url : Mode::Form;
  };
  for (const Step& step : c.steps) {
    if (step.body == nullptr || !step.body->IsObject()) continue;
    if (step.kind == Step::Kind::Send) {
      const Value* method = find_member(*step.body, "method");
      if (method && method->IsString() && std::string_view(method->GetString()) == kElicitCreate)
        out.insert(mode_of(find_member(*step.body, "params")));
    } else if (step.kind == Step::Kind::Reply) {
      const Value* result = find_member(*step.body, "result");
      const Value* requests = result && result->IsObject() ? find_member(*result, "inputRequests") : nullptr;
      if (requests && requests->IsObject()) {
        for (auto it = requests->MemberBegin(); it != requests->MemberEnd(); ++it)
          out.insert(mode_of(find_member(it->value, "params")));
      }
      const Value* error = find_member(*step.body, "error");
      const Value* code = error && error->IsObject() ? find_member(*error, "code") : nullptr;
      if (code && code->IsInt() && code->GetInt() == -32042) out.insert(Mode::Url);
    }
  }
  return out;
}

// How a client's declaration fits the one a case asked for (ELICIT_CONFORM_CAPABILITIES). A
// client that declares more than asked still runs a case whose elicitations are all in modes the
// case asked for: the extra mode is never exercised (an SDK that always declares both modes gets
// every such case). A case about a mode the client was not to declare, or about a client that
// declares none or the empty capability, needs the declaration exactly.
enum class CapabilityFit { Exact, WiderHarmless, WiderNeedsExact, Other };

CapabilityFit fit_capability(const ElicitationCapability& asked, const ElicitationCapability& declared,
                             const Case& c) {
  if (asked.declared == declared.declared && asked.form == declared.form && asked.url == declared.url)
    return CapabilityFit::Exact;
  const bool wider = declared.declared && (!asked.form || declared.form) && (!asked.url || declared.url);
  if (!wider) return CapabilityFit::Other;
  // A case that asked for no capability, or for the empty one ({}: form only), is about that
  // declaration itself: a client that declared more does not show how it reads it.
  const bool asked_empty = c.sut.capabilities && *c.sut.capabilities != nullptr &&
                           (*c.sut.capabilities)->IsObject() && (*c.sut.capabilities)->ObjectEmpty();
  if (!asked.declared || asked_empty) return CapabilityFit::WiderNeedsExact;
  for (const Mode m : modes_a_case_sends(c)) {
    if (!asked.supports(m)) return CapabilityFit::WiderNeedsExact;
  }
  return CapabilityFit::WiderHarmless;
}

// Over HTTP, after the last step: how long a client may stay silent before we end our streams
// (its EOF), when it has not exited by itself (ClientRun::stop).
constexpr auto kQuietBeforeClose = std::chrono::milliseconds(150);
constexpr const char* kDefaultTool = "elicitation_case";

class ClientRun final : public StepEngine {
 public:
  ClientRun(const Case& c, Revision revision, const RunOptions& options)
      : StepEngine(c, revision, options), asked_revision_(revision) {
    record_.transport = options.channel ? Transport::Stdio : options.transport;
    tool_ = c.sut.tool.empty() ? kDefaultTool : c.sut.tool;
    // Between the eras (docs/modern-wire.md): the client is told the case's revision, the harness
    // speaks the older one it plays (the wire is revision_'s); the record keeps the case's.
    if (c.harness.revision) revision_ = *c.harness.revision;
  }
  ~ClientRun() override { cleanup(); }

 private:
  bool start() override {
    if (options_.channel) return start_scripted();
    return options_.transport == Transport::Http ? start_http() : start_stdio();
  }

  // A scripted SUT (runner.h): its channel is the relay's connection. The trap has no listener,
  // so it sees no fetch; its base is a fixed URL (port 9, discard), so that {trap} in a step
  // is the same text in every run of the script.
  bool start_scripted() {
    channel_ = options_.channel;
    trap_base_ = "http://127.0.0.1:9";
    captures_.set_string("trap", trap_base_);
    return true;
  }

  // Whether the client's declaration (client_capability_) lets the case run: exactly as asked, or
  // wider where the case exercises no mode it did not ask for (noted). Otherwise the case is SKIP
  // (the client declared more and the case's rule is about that difference) or FAIL (not
  // testable: it declared less or other than asked). `where` and `message` say what declared it.
  bool capability_fits(const ElicitationCapability& asked, const std::string& where,
                       const std::string& message, const Value* declared_json) {
    const std::string said = "the client declared elicitation \"" + client_capability_.describe() + "\"" +
                             where + ", the case asked for \"" + asked.describe() +
                             "\" (ELICIT_CONFORM_CAPABILITIES)";
    switch (fit_capability(asked, client_capability_, case_)) {
      case CapabilityFit::Exact: return true;
      case CapabilityFit::WiderHarmless:
        note(said + ": more than asked, and the case sends no elicitation in a mode it did not ask for: run");
        if (declared_json != nullptr) {
          declared_elicitation_ = std::make_shared<rapidjson::Document>();
          declared_elicitation_->CopyFrom(*declared_json, declared_elicitation_->GetAllocator());
        }
        return true;
      case CapabilityFit::WiderNeedsExact:
        record_.skipped = said +
                          ": this case is about a mode the client must not have declared, and it "
                          "declared it (an SDK that cannot narrow its declaration cannot run it)";
        note(*record_.skipped);
        return false;
      case CapabilityFit::Other: break;
    }
    fail_lifecycle("lifecycle.capability", said, message);
    return false;
  }

  // A case that asks the client to declare tasks.requests.elicitation.create (sut.tasks) runs
  // only when it did: a requestor "SHOULD only augment requests with a task if the corresponding
  // capability has been declared by the receiver" (2025-11-25 tasks.mdx), so a client without it
  // cannot be held to the task rules: SKIP, saying so (an SDK without task support). A case about
  // a client that does not declare it (sut.tasks "none") is SKIP for one that does.
  bool tasks_fit(const Value* caps) {
    if (case_.sut.tasks == nullptr) return true;
    const Value* tasks = caps && caps->IsObject() ? find_member(*caps, "tasks") : nullptr;
    const Value* requests = tasks && tasks->IsObject() ? find_member(*tasks, "requests") : nullptr;
    const Value* elicitation =
        requests && requests->IsObject() ? find_member(*requests, "elicitation") : nullptr;
    const Value* create =
        elicitation && elicitation->IsObject() ? find_member(*elicitation, "create") : nullptr;
    const bool declared = create != nullptr && create->IsObject();
    const bool wanted = case_.sut.tasks->IsObject();
    if (declared == wanted) return true;
    const std::string said = tasks ? "it declared tasks " + abbreviate_utf8(to_json(*tasks), 200)
                                   : std::string("it declared no tasks capability");
    record_.skipped =
        wanted ? "the client did not declare tasks.requests.elicitation.create (asked through "
                 "ELICIT_CONFORM_TASKS; " +
                     said + "): a task-augmented elicitation/create is for a client that declares it"
               : "the client declared tasks.requests.elicitation.create (ELICIT_CONFORM_TASKS was none; " +
                     said + "): the case is about a client that does not";
    note(*record_.skipped);
    return false;
  }

  // The ELICIT_CONFORM_* environment of the adapter contract (docs/adapter-contract.md).
  std::vector<std::pair<std::string, std::string>> environment() {
    std::string capabilities = "none";
    if (case_.sut.capabilities && *case_.sut.capabilities != nullptr)
      capabilities = to_json(**case_.sut.capabilities);
    std::string user = "[]";
    if (case_.sut.user != nullptr) {
      rapidjson::Document answers;
      answers.CopyFrom(*case_.sut.user, answers.GetAllocator());
      substitute(answers, captures_, answers.GetAllocator());
      user = to_json(answers);
    }
    // The official suite's MCP_CONFORMANCE_CONTEXT is {"name": <the scenario, as in
    // MCP_CONFORMANCE_SCENARIO>, ...that scenario's own data}; its other members are OAuth
    // credentials no case here has, and revision and URL have their own variable and argument.
    // The name is the official scenario's when the case maps to one (cases/official_suite.h), so
    // that an official fixture client, which refuses a scenario it does not know, runs it.
    const std::string scenario = conformance_scenario_name(case_.id);
    rapidjson::Document context(rapidjson::kObjectType);
    context.AddMember("name", Value(scenario, context.GetAllocator()), context.GetAllocator());
    std::vector<std::pair<std::string, std::string>> out;
    // The cases about eras: the versions to support, exactly (a dual-era client).
    if (!case_.sut.versions.empty()) {
      std::string versions;
      for (const std::string& v : case_.sut.versions) versions += (versions.empty() ? "" : ",") + v;
      out.emplace_back("ELICIT_CONFORM_PROTOCOL_VERSIONS", versions);
    }
    for (auto& kv : std::vector<std::pair<std::string, std::string>>{
             {"ELICIT_CONFORM_CASE", case_.id},
             {"MCP_CONFORMANCE_SCENARIO", scenario},
             {"MCP_CONFORMANCE_CONTEXT", to_json(context)},
             {"ELICIT_CONFORM_PROTOCOL_VERSION", std::string(to_string(asked_revision_))},
             {"MCP_CONFORMANCE_PROTOCOL_VERSION", std::string(to_string(asked_revision_))},
             {"ELICIT_CONFORM_CAPABILITIES", capabilities},
             {"ELICIT_CONFORM_USER", user},
             {"ELICIT_CONFORM_TOOL", tool_}})
      out.push_back(std::move(kv));
    // 2025-11-25 tasks: the tasks capability to declare (docs/adapter-contract.md).
    if (case_.sut.tasks != nullptr)
      out.emplace_back("ELICIT_CONFORM_TASKS",
                       case_.sut.tasks->IsString() ? "none" : to_json(*case_.sut.tasks));
    return out;
  }

  // --- start over HTTP: our endpoint (also the URL trap), its URL as the last argument -------
  bool start_http() {
    std::string error;
    HttpServerOptions http;
    http.max_message_bytes = options_.max_message_bytes;
    // A request must arrive whole within the expect timeout (and 1 s at least): a client that
    // trickles a request never holds a worker, nor the end of the case, longer than that.
    http.request_timeout = std::max(options_.expect_timeout, std::chrono::milliseconds(1000));
    // The harness plays a server of the case's revision only (docs/modern-wire.md): a probe of
    // the other wire gets what such a server answers, and never opens a second conversation.
    http.modern = features(revision_).modern_wire;
    http.legacy = !http.modern;
    server_ = HttpServer::start(http, error);
    if (!server_) return harness_error("HTTP endpoint: " + error);
    trap_base_ = server_->base();
    captures_.set_string("trap", trap_base_);
    ChildOptions child;
    child.argv = options_.command;
    child.argv.push_back(server_->url());
    child.environment = environment();
    child_ = ChildProcess::spawn(child, error);
    if (!child_) {
      sut_unavailable("the SUT could not be started: " + error);
      return false;
    }
    note("client started; its server is " + server_->url() + " (also the URL trap)");
    // Wait for the client's initialize (a new session), or for it to exit trying.
    const Deadline until = Deadline::after(options_.startup_timeout);
    std::optional<ExitInfo> exit;
    while (!until.expired() && !exit) {
      if ((channel_ = server_->accept(Deadline::after(std::chrono::milliseconds(50))))) return true;
      exit = child_->poll_exit();
    }
    if (has_check("fallback-on-legacy-400") && refused_modern_request()) {
      // The client attempted a modern request, got the legacy endpoint's 400 and never opened a
      // session: that is the case's verdict (its check step), not a client that never came up.
      // No session saw what it sent: the refused POSTs are its transcript.
      for (const RefusedPost& p : server_->refused_posts()) {
        transcribe("sut", p.body);
        note("the endpoint refused that POST with HTTP " + std::to_string(p.status) + ": " +
             abbreviate_utf8(p.answer, 1024) +
             (p.cut ? " (only the first " + std::to_string(RefusedPost::kMaxBodyBytes) + " bytes are kept)"
                    : ""));
      }
      eof_ = true;
      eof_detail_ = exit ? "the client exited (" + exit->describe() + ") without opening a session"
                         : "the client opened no session within the startup timeout";
      return true;
    }
    if (exit) {
      sut_unavailable("the client exited (" + exit->describe() + ") without connecting to " + server_->url());
      return false;
    }
    sut_unavailable("the client did not send initialize to the server it was given (" + server_->url() +
                    ") within the startup timeout");
    return false;
  }

  // The first POST our endpoint refused with 400 (reaching no session) that was a request of the
  // modern wire, a protocol version in its _meta: what a dual-era client attempts first over
  // Streamable HTTP, and what a legacy endpoint answers 400 for want of a session.
  std::optional<RefusedPost> refused_modern_request() const {
    if (!server_) return std::nullopt;
    for (RefusedPost& p : server_->refused_posts()) {
      if (p.status != 400) continue;
      const ParsedJson m = parse_json(p.body);
      if (!m.ok() || !m.document.IsObject()) continue;
      const Value* method = find_member(m.document, "method");
      const Value* params = find_member(m.document, "params");
      const Value* meta = params && params->IsObject() ? find_member(*params, "_meta") : nullptr;
      if (method && method->IsString() && find_member(m.document, "id") && meta && meta->IsObject() &&
          find_member(*meta, kMetaProtocolVersion))
        return std::move(p);
    }
    return std::nullopt;
  }

  // --- start over stdio: private folder, socket, relay script, URL trap, the client ------------
  bool start_stdio() {
    std::string error;
    trap_ = std::make_unique<UrlTrap>(error);
    if (trap_->base().empty()) return harness_error("URL trap: " + error);
    trap_base_ = trap_->base();
    captures_.set_string("trap", trap_base_);

    relay_listener_ = RelayListener::create(options_.relay_program, error);
    if (!relay_listener_) return harness_error(error);
    relay_path_ = relay_listener_->script_path();

    ChildOptions child;
    child.argv = options_.command;
    child.argv.push_back(relay_path_);
    child.environment = environment();
    child_ = ChildProcess::spawn(child, error);
    if (!child_) {
      sut_unavailable("the SUT could not be started: " + error);
      return false;
    }
    note("client started; its stdio server is " + relay_path_ + ", URL trap at " + trap_->base());
    return accept_relay();
  }

  bool harness_error(std::string why) {
    record_.harness_error = std::move(why);
    return false;
  }

  // Waits for the client to spawn the relay and the relay to connect. Later connections (a
  // client that spawns its server again: a probe, then the session) are taken by the channel.
  bool accept_relay() {
    std::optional<ExitInfo> exit;
    relay_ = relay_listener_->accept(Deadline::after(options_.startup_timeout), options_.max_message_bytes,
                                     [&] { return !(exit = child_->poll_exit()); });
    if (relay_) {
      channel_ = relay_;
      return true;
    }
    if (exit) {
      sut_unavailable("the client exited (" + exit->describe() +
                      ") without starting the stdio server it was given");
      return false;
    }
    sut_unavailable("the client did not start the stdio server it was given (" + relay_path_ +
                    ") within the startup timeout");
    return false;
  }

  // --- lifecycle: initialize, initialized, and (unless a step takes it) the tool call --------
  bool lifecycle() override {
    if (features(revision_).modern_wire) return modern_lifecycle();
    auto init = await_initialize(Deadline::after(options_.startup_timeout));
    if (!init && probe_refused_ && has_check("fallback-any-error")) {
      // The client probed, got the error a legacy server gives, and did not fall back: that is
      // the case's verdict (its check step), not a SUT that never came up.
      startup_done();
      note("the client sent no initialize after its server/discover probe got an error" +
           std::string(eof_ ? closed_reason() : " within the startup timeout"));
      return true;
    }
    if (!init && has_check("fallback-on-legacy-400") && refused_modern_request()) {
      startup_done();  // the same over Streamable HTTP, where the probe is a POST refused with 400
      note("the client sent no initialize after the endpoint refused its modern request with HTTP 400" +
           std::string(eof_ ? closed_reason() : " within the startup timeout"));
      return true;
    }
    if (!init) {
      sut_unavailable("the client connected but sent no initialize request" +
                      std::string(eof_ ? closed_reason() : " within the startup timeout"));
      return false;
    }
    startup_done();
    rapidjson::Document pattern;
    const Value* params = find_member(*init, "params");
    // Version negotiation (lifecycle): the client asks for a version it supports, the latest it
    // does. We answer with the run's revision when the client asked for it or a later one (a
    // server of that revision), and with the client's when it is older and the case applies to it
    // too; a case that does not apply to what the client speaks is SKIP ("negotiated X"). A
    // version that is no protocol version at all is wrong whatever the case.
    const Value* asked_version =
        params && params->IsObject() ? find_member(*params, "protocolVersion") : nullptr;
    sut_protocol_version_ = asked_version ? to_json(*asked_version) : "";
    const std::string planned(to_string(revision_));
    std::string answer = planned;
    if (!asked_version || !asked_version->IsString() || !is_protocol_version(asked_version->GetString())) {
      record_.negotiated = planned;
      if (!has_check("protocol-version")) {
        fail_lifecycle("lifecycle.protocol-version",
                       "the client asked for " +
                           (asked_version ? "protocolVersion " + to_json(*asked_version)
                                          : std::string("no protocolVersion")) +
                           " in initialize, which is no protocol version",
                       to_json(*init));
        return false;
      }
    } else if (const std::string v = asked_version->GetString();
               v < planned && has_check("fallback-latest-version")) {
      // The version asked is that case's rule (its check judges it): the legacy server answers
      // with it, as one supporting it does, and the case stays at its revision.
      record_.negotiated = v;
      record_.asked_version = planned;
      answer = v;
    } else if (v < planned) {
      if (!negotiated(v, planned)) return false;
      answer = v;
    } else {
      record_.negotiated = planned;
    }
    const Value* caps = params ? find_member(*params, "capabilities") : nullptr;
    const Value* elicitation = caps && caps->IsObject() ? find_member(*caps, "elicitation") : nullptr;
    client_capability_ = parse_elicitation_capability(elicitation, revision_, "").capability;
    ElicitationCapability asked;
    if (case_.sut.capabilities && *case_.sut.capabilities != nullptr) {
      asked = parse_elicitation_capability(*case_.sut.capabilities, revision_, "").capability;
    }
    if (case_.sut.capabilities && !capability_fits(asked, "", to_json(*init), elicitation)) return false;
    if (!tasks_fit(caps)) return false;
    respond((*init)["id"],
            R"({"protocolVersion":")" + answer +
                R"(","capabilities":{"tools":{}},"serverInfo":{"name":"elicit-conform","version":"0.1"}})");
    pattern.Parse(R"({"method":"notifications/initialized"})");
    if (!take(pattern, Deadline::after(options_.expect_timeout))) {
      fail_lifecycle("lifecycle.initialized", "the client did not send notifications/initialized", "");
      return false;
    }
    if (a_step_expects_the_tool_call()) return true;
    // The elicitations of the steps are nested in the client's tool call: wait for it.
    const Deadline until = Deadline::after(options_.expect_timeout);
    for (std::size_t next = 0;;) {
      for (; next < inbox_.size(); ++next) {  // each message once (a burst of pings is not quadratic)
        if (!inbox_[next].consumed && held(inbox_[next])) return true;
      }
      answer_unexpected_requests(nullptr);
      if (eof_ || until.expired() || deadline_.expired()) break;
      pump(until);
    }
    fail_lifecycle("lifecycle.tool-call",
                   "the client did not call the tool \"" + tool_ + "\" (ELICIT_CONFORM_TOOL)", "");
    return false;
  }

  // 2026-07-28 (docs/modern-wire.md, "The harness as server"): no initialize. The client is up
  // when its first request arrives (a server/discover probe, answered by answer(), or its tool
  // call); then its tool call is awaited, not taken (the steps take it), and the elicitation
  // capability its _meta declares must be the one the case asked for, as initialize's must on
  // the older revisions.
  bool modern_lifecycle() {
    const Deadline startup = Deadline::after(options_.startup_timeout);
    while (inbox_.empty() && !eof_ && !startup.expired() && !deadline_.expired()) pump(startup);
    if (inbox_.empty()) {
      sut_unavailable("the client connected but sent no request" +
                      std::string(eof_ ? closed_reason() : " within the startup timeout"));
      return false;
    }
    startup_done();
    record_.negotiated = std::string(to_string(revision_));
    const Deadline until = Deadline::after(options_.expect_timeout);
    const Received* call = nullptr;
    for (std::size_t next = 0; call == nullptr;) {
      for (; next < inbox_.size() && call == nullptr; ++next) {
        // Looked at before anything answers it: the first request may be the one to refuse.
        if (case_.harness.first_request_error_code && !first_refused_ && refuse_first_request(inbox_[next]))
          continue;
        if (!inbox_[next].consumed && held(inbox_[next])) call = &inbox_[next];
      }
      if (call != nullptr) break;
      answer_unexpected_requests(nullptr);
      if (eof_ || until.expired() || deadline_.expired()) break;
      pump(until);
    }
    if (call == nullptr && first_refused_ &&
        (has_check("no-fallback-on-modern-400") || has_check("no-fallback-on-modern-error"))) {
      // A client that gives up on a server whose version it cannot speak keeps the rule: the
      // check judges what it did send.
      note("the client made no tool call after its first request got " +
           std::to_string(*case_.harness.first_request_error_code));
      return true;
    }
    if (call == nullptr) {
      fail_lifecycle("lifecycle.tool-call",
                     "the client did not call the tool \"" + tool_ + "\" (ELICIT_CONFORM_TOOL)", "");
      return false;
    }
    answer_unexpected_requests(nullptr);  // a probe that came with the call is not left waiting
    RequestMetaParse meta = parse_request_meta(find_member(*call->doc, "params"), revision_, "/params");
    client_capability_ = meta.meta.elicitation;
    if (case_.sut.capabilities) {
      ElicitationCapability asked;
      if (*case_.sut.capabilities != nullptr)
        asked = parse_elicitation_capability(*case_.sut.capabilities, revision_, "").capability;
      const Value* call_params = find_member(*call->doc, "params");
      const Value* call_meta =
          call_params && call_params->IsObject() ? find_member(*call_params, "_meta") : nullptr;
      const Value* caps =
          call_meta && call_meta->IsObject() ? find_member(*call_meta, kMetaClientCapabilities) : nullptr;
      const Value* declared = caps && caps->IsObject() ? find_member(*caps, "elicitation") : nullptr;
      if (!capability_fits(asked, " in _meta of its tool call", call->text, declared)) return false;
    }
    return true;
  }

  // harness.first_request_error: the client's first request, whatever it asks, gets the case's
  // error (over Streamable HTTP with the status the spec gives it: 400 for -32022), with the data
  // -32022 carries: the version this server supports and the one the request named. True when
  // `r` was that request (and is answered).
  bool refuse_first_request(Received& r) {
    const Value* method = find_member(*r.doc, "method");
    const Value* id = find_member(*r.doc, "id");
    if (r.consumed || r.answered || method == nullptr || !method->IsString() || id == nullptr) return false;
    r.consumed = r.answered = true;
    const Value* params = find_member(*r.doc, "params");
    const Value* meta = params && params->IsObject() ? find_member(*params, "_meta") : nullptr;
    const Value* version = meta && meta->IsObject() ? find_member(*meta, kMetaProtocolVersion) : nullptr;
    const int code = *case_.harness.first_request_error_code;
    Value message(rapidjson::StringRef(
        case_.harness.first_request_error_message.c_str(),
        static_cast<rapidjson::SizeType>(case_.harness.first_request_error_message.size())));
    const std::string error =
        R"({"code":)" + std::to_string(code) + R"(,"message":)" + to_json(message) +
        R"(,"data":{"supported":[")" + std::string(to_string(revision_)) + R"("],"requested":)" +
        (version && version->IsString() ? to_json(*version) : std::string(R"("")")) + "}}";
    first_refused_ = r.doc;
    first_answer_ = R"({"jsonrpc":"2.0","id":)" + to_json(*id) + R"(,"error":)" + error + "}";
    note("the client's first request (" + abbreviate(method->GetString()) + ") is answered with " +
         std::to_string(code) + ", as this case's server does");
    responded_ids_.insert(to_json(*id));
    send(first_answer_);
    return true;
  }

  // The client's initialize. Requests that come before it (a 2026-07-28-aware client probes with
  // server/discover first) are answered at once, as the server of the case's revision would: it
  // knows no such method. Holding them until the handshake would leave the probe waiting.
  std::shared_ptr<rapidjson::Document> await_initialize(Deadline until) {
    bool exited = false;
    for (;;) {
      for (Received& r : inbox_) {
        if (r.consumed || r.answered) continue;
        const Value* method = find_member(*r.doc, "method");
        const Value* id = find_member(*r.doc, "id");
        if (method == nullptr || !method->IsString() || id == nullptr) continue;
        const std::string name = method->GetString();
        if (name == "initialize") {
          r.consumed = true;
          return r.doc;
        }
        r.answered = true;
        if (name == "ping") {
          respond(*id, "{}");
          continue;
        }
        if (name == std::string(kServerDiscover)) probe_refused_ = true;
        if (name == std::string(kServerDiscover) && case_.harness.discover_error_code) {
          // The case's legacy server answers the probe its own way (STDIO-FALLBACK-ANY-ERROR).
          note("the client probed with server/discover before initialize; answered at once with " +
               std::to_string(*case_.harness.discover_error_code) + ", as the " +
               std::string(to_string(revision_)) + " server this case plays");
          respond_error(*id, *case_.harness.discover_error_code, case_.harness.discover_error_message);
          continue;
        }
        const bool known = name == "tools/list" || name == "tools/call";
        note("the client sent " + name + " before initialize; answered at once with " +
             (known ? "-32600 (not initialized)"
                    : "-32601 (a " + std::string(to_string(revision_)) + " server has no such method)"));
        if (known) {
          respond_error(*id, -32600, "Invalid Request: the session is not initialized");
        } else {
          respond_error(*id, -32601, "Method not found");
        }
      }
      if (exited && until.expired()) {
        // A relay's connection closing is no end (a client may spawn its server again after a
        // probe), but a client that has exited writes nothing more: what it wrote is read above.
        eof_ = true;
        eof_detail_ = "the client exited (" + child_->poll_exit()->describe() + ")";
      }
      if (eof_ || until.expired() || deadline_.expired()) return nullptr;
      if (!exited && child_ && child_->poll_exit()) {
        exited = true;
        if (const Deadline drain = Deadline::after(std::chrono::milliseconds(100)); drain.at() < until.at())
          until = drain;
      }
      pump(until);
    }
  }

  // --- between the eras: a dual-era client against the 2025 server this case plays -----------

  // A tool call is a request of its own once a step answered it (the case about an absent
  // resultType watches for a second one).
  bool calls_nest() const override { return !case_.harness.revision && StepEngine::calls_nest(); }

  // The client's requests, in the order they came (all connections of the relay).
  std::vector<const Value*> client_requests() const {
    std::vector<const Value*> out;
    for (const auto& d : sut_messages_) {
      const Value* method = find_member(*d, "method");
      if (method && method->IsString() && find_member(*d, "id")) out.push_back(d.get());
    }
    return out;
  }

  static std::string method_of(const Value& request) { return find_member(request, "method")->GetString(); }

  bool role_check(const Step& s) override {
    if (s.text == "dual-era-probe") {
      dual_era_probe(s);
      return true;
    }
    if (s.text == "fallback-any-error") {
      fallback_any_error(s);
      return true;
    }
    if (s.text == "fallback-latest-version") {
      fallback_latest_version(s);
      return true;
    }
    if (s.text == "fallback-on-legacy-400") {
      fallback_on_legacy_400(s);
      return true;
    }
    if (s.text == "no-fallback-on-modern-400") {
      no_fallback_on_modern_400(s);
      return true;
    }
    if (s.text == "no-fallback-on-modern-error") {
      no_fallback_on_modern_error(s);
      return true;
    }
    return false;
  }

  // HTTP-DUAL-ERA-INSPECT-400 (transport-streamable-http.mdx, Backward Compatibility), both cases.
  static constexpr const char* kInspect400 =
      "\"On 400 Bad Request, the client SHOULD inspect the response body before falling back\"";

  // ... against the legacy server the case plays: its endpoint refuses a modern request (no
  // session) with 400 and -32600, no modern error, so "If the body is empty or is not a
  // recognized modern JSON-RPC error, fall back to initialize". A client that probed must send
  // initialize; one that never attempted a modern request has no fallback to judge.
  void fallback_on_legacy_400(const Step& s) {
    if (record_.transport != Transport::Http)
      return note("fallback-on-legacy-400 judges Streamable HTTP only");
    const std::optional<RefusedPost> refused = refused_modern_request();
    if (!refused)
      return note(
          "the client attempted no modern request (none was refused with HTTP 400): no fallback to judge");
    for (const Value* r : client_requests()) {
      if (method_of(*r) == "initialize") return;
    }
    fail(
        s,
        "the client's modern request" + std::string(refused->cut ? " (its first 64 KiB shown)" : "") +
            " got HTTP " + std::to_string(refused->status) + " from a " + std::string(to_string(revision_)) +
            " server with the body " + abbreviate_utf8(refused->answer, 1024) +
            ", which holds no modern JSON-RPC error (-32020, -32021, -32022), and the client never fell back "
            "to initialize (" +
            kInspect400 +
            "; \"If the body is empty or is not a recognized modern JSON-RPC "
            "error, fall back to initialize and continue with the legacy version for subsequent requests.\")",
        "", refused->body);
  }

  // ... against a modern server that answered the client's first request with -32022 (and, over
  // Streamable HTTP, 400): "If the body contains a recognized modern JSON-RPC error, the server
  // speaks a modern version of MCP — retry using the advertised supported versions or correct
  // the request, rather than falling back." An initialize after it is the fallback; a retry, or
  // giving up, is not.
  void no_fallback_on_modern_400(const Step& s) {
    if (record_.transport != Transport::Http)
      return note("no-fallback-on-modern-400 judges Streamable HTTP only");
    if (!first_refused_) return note("the client sent no request to refuse: nothing to judge");
    if (method_of(*first_refused_) == "initialize")
      return note(
          "the client's first request was initialize itself: no modern request, so no fallback to "
          "judge");
    for (const Value* r : client_requests()) {
      if (method_of(*r) != "initialize") continue;
      const Value* id = find_member(*r, "id");
      return fail(
          s,
          "the client's first request got HTTP " +
              std::to_string(modern_error_status(*case_.harness.first_request_error_code)) +
              " with the body " + abbreviate_utf8(first_answer_, 1024) +  // the id is the client's
              ", a modern JSON-RPC error, and the client fell back to initialize (id " +
              abbreviate(id ? to_json(*id) : std::string("none")) + ") (" + kInspect400 +
              "; \"If the body contains a recognized modern JSON-RPC error, the server speaks a modern "
              "version of MCP — retry using the advertised supported versions or correct the request, "
              "rather than falling back.\")",
          "", to_json(*first_refused_));
    }
  }

  // STDIO-MODERN-ERROR-NO-FALLBACK (transport-stdio.mdx, Backward Compatibility): the same over
  // stdio, where the probe's answer is the error alone: "The server returns a recognized modern
  // JSON-RPC error such as UnsupportedProtocolVersionError: the server is modern but does not
  // support the requested version. Use one of the versions in its advertised supported list. Do
  // not fall back to initialize."
  void no_fallback_on_modern_error(const Step& s) {
    if (record_.transport != Transport::Stdio) return note("no-fallback-on-modern-error judges stdio only");
    if (!first_refused_) return note("the client sent no request to refuse: nothing to judge");
    if (method_of(*first_refused_) == "initialize")
      return note(
          "the client's first request was initialize itself: it never probed, so there is no fallback "
          "to judge (client.eras.dual-era-probe judges the missing probe)");
    for (const Value* r : client_requests()) {
      if (method_of(*r) != "initialize") continue;
      const Value* id = find_member(*r, "id");
      return fail(s,
                  "the client's first request got " + abbreviate_utf8(first_answer_, 1024) +
                      ", a modern JSON-RPC error naming the versions the server supports, and the client "
                      "fell back to initialize (id " +
                      abbreviate(id ? to_json(*id) : std::string("none")) +
                      ") (\"Use one of the versions in its advertised supported list. Do not fall back to "
                      "initialize.\")",
                  "", to_json(*first_refused_));
    }
  }

  // DISCOVER-DUAL-ERA-PROBE, STDIO-DUAL-ERA-PROBE (transport-stdio.mdx): "A client that supports
  // both modern (per-request-metadata) MCP versions and a legacy version that requires an
  // initialize handshake SHOULD probe with server/discover before sending any other request,
  // setting its preferred modern version in _meta."
  void dual_era_probe(const Step& s) {
    const std::vector<const Value*> requests = client_requests();
    if (requests.empty()) return fail(s, "the client sent no request");
    const Value& first = *requests.front();
    const char* rule =
        " (\"A client that supports both modern (per-request-metadata) MCP versions and a legacy "
        "version that requires an initialize handshake SHOULD probe with server/discover before "
        "sending any other request, setting its preferred modern version in _meta\")";
    if (method_of(first) != kServerDiscover) {
      return fail(
          s,
          "the client's first request was " + abbreviate(method_of(first)) + ", not server/discover" + rule,
          "/method", to_json(first));
    }
    const Value* params = find_member(first, "params");
    const Value* meta = params && params->IsObject() ? find_member(*params, "_meta") : nullptr;
    const Value* version = meta && meta->IsObject() ? find_member(*meta, kMetaProtocolVersion) : nullptr;
    const std::optional<Revision> r =
        version && version->IsString() ? parse_revision(version->GetString()) : std::nullopt;
    if (!r || !features(*r).modern_wire) {
      return fail(s,
                  "the client's server/discover probe names " +
                      (version ? to_json(*version) : std::string("no version")) +
                      " in _meta, not a modern version" + rule,
                  "/params/_meta", to_json(first));
    }
  }

  // STDIO-FALLBACK-ANY-ERROR (transport-stdio.mdx): "The fallback MUST NOT be keyed to one
  // specific error code: legacy servers respond to unknown pre-initialize requests with
  // implementation-defined errors (commonly -32601 or -32602) or not at all." The case's server
  // answers the probe with another code (harness.discover_error); a client that probed must then
  // send initialize. One that never probed has no fallback to judge (the probe cases judge that).
  void fallback_any_error(const Step& s) {
    const std::vector<const Value*> requests = client_requests();
    const auto probe = std::find_if(requests.begin(), requests.end(),
                                    [](const Value* r) { return method_of(*r) == kServerDiscover; });
    if (probe == requests.end()) {
      note("the client sent no server/discover probe: no fallback to judge");
      return;
    }
    for (auto it = probe; it != requests.end(); ++it) {
      if (method_of(**it) == "initialize") return;
    }
    const std::string code = case_.harness.discover_error_code
                                 ? std::to_string(*case_.harness.discover_error_code)
                                 : std::string("-32601");
    fail(s,
         "the client's server/discover probe got error " + code + " from a " +
             std::string(to_string(revision_)) +
             " server, and the client never fell back to initialize (\"The fallback MUST NOT be keyed to one "
             "specific error code: legacy servers respond to unknown pre-initialize requests with "
             "implementation-defined errors\")",
         "", to_json(**probe));
  }

  // FALLBACK-INITIALIZE-LATEST (2025-11-25 lifecycle.mdx, the handshake a dual-era client falls
  // back to): its initialize asks for the latest initialize-based version it was told it supports
  // (sut.versions, latest first).
  void fallback_latest_version(const Step& s) {
    const auto latest =
        std::find_if(case_.sut.versions.begin(), case_.sut.versions.end(), [](const std::string& v) {
          const std::optional<Revision> r = parse_revision(v);
          return r && !features(*r).modern_wire;
        });
    const std::vector<const Value*> requests = client_requests();
    const auto init = std::find_if(requests.begin(), requests.end(),
                                   [](const Value* r) { return method_of(*r) == "initialize"; });
    if (latest == case_.sut.versions.end() || init == requests.end()) {
      note("no initialize after a fallback: no version to judge");
      return;
    }
    const Value* params = find_member(**init, "params");
    const Value* asked = params && params->IsObject() ? find_member(*params, "protocolVersion") : nullptr;
    if (asked && asked->IsString() && *latest == asked->GetString()) return;
    fail(s,
         "the client fell back to initialize asking for " +
             (asked ? to_json(*asked) : std::string("no version")) +
             "; the latest initialize-based version it supports is " + *latest +
             " (\"In the initialize request, the client MUST send a protocol version it supports. This "
             "SHOULD be the latest version supported by the client.\")",
         "/params/protocolVersion", to_json(**init));
  }

  static std::string abbreviate(const std::string& s) { return abbreviate_utf8(s, 80); }

  bool a_step_expects_the_tool_call() {
    rapidjson::Document call;
    call.Parse(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"","arguments":{}}})");
    call["params"]["name"].SetString(tool_.c_str(), static_cast<rapidjson::SizeType>(tool_.size()),
                                     call.GetAllocator());
    for (const Step& s : case_.steps) {
      Captures scratch = captures_;
      if (s.kind == Step::Kind::Expect && s.target.empty() && match(*s.body, call, scratch).matched)
        return true;
    }
    return false;
  }

  // The tool call waits until the steps are done: the case's elicitations are nested in it.
  bool held(const Received& r) override {
    const Value* method = find_member(*r.doc, "method");
    return method && method->IsString() && std::string_view(method->GetString()) == "tools/call";
  }

  void answer(const Received& r) override {
    const Value& id = (*r.doc)["id"];
    const std::string method = (*r.doc)["method"].GetString();
    if (features(revision_).modern_wire) return answer_modern(id, method, *r.doc);
    if (method == "ping") return respond(id, "{}");
    if (method == "tools/list") {
      return respond(
          id,
          R"({"tools":[{"name":")" + tool_ +
              R"(","description":"The tool of this case.","inputSchema":{"type":"object","properties":{}}}]})");
    }
    respond_error(id, -32601, "Method not found");
  }

  // As a server of this revision only (2026-07-28): server/discover lists it; initialize, which
  // a modern-only server does not know, gets -32022 naming the versions it supports
  // (MODERN-ONLY-INITIALIZE-ERROR); every result carries resultType and our server info.
  void answer_modern(const Value& id, const std::string& method, const rapidjson::Document& request) {
    if (method == std::string(kServerDiscover)) {
      return respond(
          id,
          modern_result("complete", R"("supportedVersions":[")" + std::string(to_string(revision_)) +
                                        R"("],"capabilities":{"tools":{}},"ttlMs":0,"cacheScope":"public")"));
    }
    if (method == "initialize") {
      const Value* params = find_member(request, "params");
      const Value* asked = params && params->IsObject() ? find_member(*params, "protocolVersion") : nullptr;
      note("the client sent initialize on the " + std::string(to_string(revision_)) +
           " wire; answered -32022 with the supported versions");
      send(R"({"jsonrpc":"2.0","id":)" + to_json(id) + R"(,"error":{"code":-32022,"message":)" +
           R"("Unsupported protocol version: this server speaks )" + std::string(to_string(revision_)) +
           R"( only and has no initialize","data":{"supported":[")" + std::string(to_string(revision_)) +
           R"("],"requested":)" + (asked && asked->IsString() ? to_json(*asked) : std::string(R"("")")) +
           "}}}");
      return;
    }
    if (method == "ping") return respond(id, modern_result("complete", ""));
    if (method == "tools/list") {
      return respond(
          id,
          modern_result(
              "complete",
              R"("tools":[{"name":")" + tool_ +
                  R"(","description":"The tool of this case.","inputSchema":{"type":"object","properties":{}}}],)"
                  R"("ttlMs":0,"cacheScope":"public")"));
    }
    respond_error(id, -32601, "Method not found");
  }

  // A reply step's result on the modern wire gets our server info in _meta (META-SERVER-INFO),
  // unless the case wrote its own: the case writes what it is about, resultType included.
  void decorate_reply(rapidjson::Document& message) override {
    if (!features(revision_).modern_wire || !has_member(message, "result") || !message["result"].IsObject())
      return;
    Value& result = message["result"];
    if (has_member(result, "_meta")) return;
    rapidjson::Document meta =
        parse_json(R"({")" + std::string(kMetaServerInfo) + R"(":{"name":"elicit-conform","version":"0.1"}})")
            .document;
    Value copy;
    copy.CopyFrom(meta, message.GetAllocator());
    result.AddMember("_meta", copy, message.GetAllocator());
  }

  // A result of the modern wire: resultType, our server info, then `members` (JSON members, or "").
  static std::string modern_result(std::string_view type, const std::string& members) {
    return R"({"resultType":")" + std::string(type) + R"(","_meta":{")" + std::string(kMetaServerInfo) +
           R"(":{"name":"elicit-conform","version":"0.1"}})" + (members.empty() ? "" : "," + members) + "}";
  }

  void finish_steps() override {
    const bool modern = features(revision_).modern_wire;
    for (Received& r : inbox_) {
      // On the modern wire (and between the eras) a step takes a call to judge it; one no step
      // answered still gets the final result, so that the client can finish and exit by itself.
      if (!held(r) || r.answered || !has_member(*r.doc, "id")) continue;
      const bool unanswered = !calls_nest() && !responded_ids_.contains(to_json((*r.doc)["id"]));
      if (r.consumed && !unanswered) continue;
      r.answered = true;
      respond((*r.doc)["id"], modern
                                  ? modern_result("complete", R"("content":[{"type":"text","text":"done"}])")
                                  : R"({"content":[{"type":"text","text":"done"}]})");
    }
  }

  void no_fetch(const Step& s) override {
    rapidjson::Document url;
    url.SetString(s.text.c_str(), static_cast<rapidjson::SizeType>(s.text.size()), url.GetAllocator());
    substitute(url, captures_, url.GetAllocator());
    const std::string full = url.GetString();
    if (!full.starts_with(trap_base_)) {
      record_.harness_error = s.pointer + ": " + full + " is not a URL of the trap ({trap}/...)";
      return;
    }
    const std::string target = full.substr(trap_base_.size());
    // A fetch may trail the last message: give it a moment.
    const Deadline settle = Deadline::after(std::chrono::milliseconds(200));
    while (!settle.expired() && !eof_) pump(settle);
    // The same path counts as a fetch of this URL, whatever the query: a client may re-encode it.
    const auto path_of = [](const std::string& t) { return t.substr(0, t.find('?')); };
    for (const std::string& seen : trap_requests()) {
      if (path_of(seen) == path_of(target)) {
        return fail(s, "the client fetched " + trap_base_ + seen +
                           " (an elicitation URL it was not allowed to open)");
      }
    }
  }

  void stop() override {
    if (relay_) relay_->shutdown();
    bool server_stopped = false;
    if (child_) {
      // A conformant client exits by itself once its tool call is answered. Over stdio the relay's
      // end is its EOF; over HTTP nothing ends, so until it exits we go on as a plain server would:
      // a tool call that came after the last step gets its result (a case that ends at
      // initialized, say), where waiting the whole second and killing it taught nothing.
      // A client that then goes quiet waits for something we will not send (a completion
      // notification, say): ending the server's streams is its EOF.
      const Deadline grace = Deadline::after(std::chrono::milliseconds(1000));
      Deadline quiet = Deadline::after(kQuietBeforeClose);
      while (server_ && !eof_ && !grace.expired() && !quiet.expired() && !child_->poll_exit()) {
        const std::size_t before = inbox_.size();
        answer_unexpected_requests(nullptr);
        finish_steps();
        const Deadline slice = Deadline::after(std::chrono::milliseconds(20));
        pump(slice.at() < grace.at() ? slice : grace);
        if (inbox_.size() != before) quiet = Deadline::after(kQuietBeforeClose);
      }
      if (server_ && !child_->poll_exit()) {
        take_channel_notes();
        server_->stop();
        server_stopped = true;
      }
      auto exit = child_->wait_exit(grace);
      const ExitInfo info = exit ? *exit : child_->terminate(std::chrono::milliseconds(500));
      child_->terminate(std::chrono::milliseconds(200));  // the group may outlive the leader
      record_.sut_exit = info.describe();
      record_.sut_stderr = child_->stderr_text();
      skip_if_sut_declined(info);
    }
    if (server_ && !server_stopped) {
      take_channel_notes();
      server_->stop();  // open streams end at once; every server thread is joined
    }
    const std::vector<std::string> trap = trap_requests();
    for (const std::string& seen : trap) note("URL trap saw a request for " + seen);
    for (Diagnostic& d : url_consent_.judge(trap)) add_finding(std::move(d));
    cleanup();
  }

  std::vector<std::string> trap_requests() const {
    return server_ ? server_->trap_requests() : trap_ ? trap_->requests() : std::vector<std::string>{};
  }

  void cleanup() { relay_listener_.reset(); }  // the relay's folder goes with it

  Revision asked_revision_;     // the case's revision: what the client is told to speak
  bool probe_refused_ = false;  // a server/discover before initialize got an error from us
  // harness.first_request_error: the client's first request, once refused, and our answer to it
  std::shared_ptr<rapidjson::Document> first_refused_;
  std::string first_answer_;
  std::string tool_;
  std::unique_ptr<RelayListener> relay_listener_;  // stdio: the folder, socket and script of the relay
  std::string relay_path_;
  std::shared_ptr<RelayChannel> relay_;  // stdio: every connection of the relay (a probe, the session)
  std::string trap_base_;
  std::unique_ptr<UrlTrap> trap_;       // stdio: a listener of its own
  std::unique_ptr<HttpServer> server_;  // http: the endpoint, which is also the trap
  std::unique_ptr<ChildProcess> child_;
};

}  // namespace

RunRecord run_client_case(const Case& c, Revision revision, const RunOptions& options) {
  return ClientRun(c, revision, options).run();
}

}  // namespace ec
