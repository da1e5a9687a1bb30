// A server case: the harness is the client. It starts the SUT (or connects to its URL),
// initializes it with the case's elicitation capability, checks the tools the case needs, and
// answers SUT requests that no step expects as a conformant client would.
#include "cases/server_run.h"

#include "cases/official_suite.h"
#include "cases/step_engine.h"
#include "cases/sut_pool.h"

#include "core/json.h"
#include "core/utf8.h"
#include "spec/elicitation.h"
#include "spec/modern.h"
#include "transport/child_process.h"
#include "transport/http_client_channel.h"
#include "transport/stdio_channel.h"

namespace ec {
namespace {

using rapidjson::Value;

// Whether a case may run in a server session another case opened (sut_pool.h): one on the 2025
// wire whose handshake is the ordinary initialize. A case about the handshake, the versions or a
// second session has a process of its own, and so has every 2026-07-28 case: that wire keeps no
// state between requests, which is what its cases test, and a server that does keep some (the
// reference fault remember-capabilities) would carry one case's requests into the next.
bool reusable(const Case& c, Revision revision) {
  if (features(revision).modern_wire || c.manual_lifecycle || !c.sut.protocol_version.empty() ||
      !c.sut.versions.empty() || !c.sut.task_tools.empty())  // task cases read initialize's capabilities
    return false;
  for (const Step& s : c.steps) {
    if (s.second_session) return false;
    if (s.kind == Step::Kind::Check &&
        (s.text == "protocol-version" || s.text == "latest-version" ||
         s.text == "unsupported-version-not-echoed" || s.text == "initialize-error-names-versions"))
      return false;
    if (s.kind == Step::Kind::Send && s.body && s.body->IsObject()) {
      const Value* method = find_member(*s.body, "method");
      if (method && method->IsString() &&
          (std::string_view(method->GetString()) == "initialize" ||
           std::string_view(method->GetString()) == "notifications/initialized"))
        return false;
    }
  }
  return true;
}

// The tools of the adapter contract (docs/adapter-contract.md) and, apart, the official suite's
// fixture tools (its everything-servers': test_elicitation, test_elicitation_sep1034_defaults,
// test_elicitation_sep1330_enums, and on 2026-07-28 test_input_required_result_*).
bool is_contract_tool(const std::string& name) {
  return name == "elicit" || name == "require_url" || name == "complete" || name == "elicit_sequence" ||
         name == "elicit_together";
}

bool is_official_fixture_tool(const std::string& name) {
  return name == "test_elicitation" || name == "test_elicitation_sep1034_defaults" ||
         name == "test_elicitation_sep1330_enums" || name.starts_with("test_input_required_result_");
}

// Some official fixture tool and no contract tool: an SDK's fixture for the official suite.
bool lists_only_official_fixture_tools(const std::set<std::string>& tools) {
  return std::any_of(tools.begin(), tools.end(), is_official_fixture_tool) &&
         std::none_of(tools.begin(), tools.end(), is_contract_tool);
}

// The official fixture tools listed, for a reason: "test_elicitation, test_elicitation_sep1034_defaults".
std::string joined(const std::set<std::string>& tools) {
  std::string out;
  for (const std::string& t : tools) {
    if (is_official_fixture_tool(t)) out += (out.empty() ? "" : ", ") + t;
  }
  return out;
}

// "a, b, c": every name, for a reason.
std::string names(const std::set<std::string>& all) {
  std::string out;
  for (const std::string& n : all) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string capabilities_json(const Case& c) {
  if (c.sut.capabilities && *c.sut.capabilities != nullptr)
    return R"({"elicitation":)" + to_json(**c.sut.capabilities) + "}";
  return "{}";
}

}  // namespace

ChildOptions server_child_options(const Case& c, Revision revision, const RunOptions& options) {
  ChildOptions child;
  child.argv = options.command;
  child.environment = {{"ELICIT_CONFORM_CASE", c.id},
                       {"MCP_CONFORMANCE_SCENARIO", conformance_scenario_name(c.id)},
                       {"ELICIT_CONFORM_PROTOCOL_VERSION", std::string(to_string(revision))},
                       {"MCP_CONFORMANCE_PROTOCOL_VERSION", std::string(to_string(revision))}};
  // A case about eras says which versions the server is to support, exactly (a modern-only
  // server): docs/adapter-contract.md, "Between the eras".
  if (!c.sut.versions.empty()) {
    std::string joined;
    for (const std::string& v : c.sut.versions) joined += (joined.empty() ? "" : ",") + v;
    child.environment.emplace_back("ELICIT_CONFORM_PROTOCOL_VERSIONS", joined);
  }
  return child;
}

// What a kept session was opened with: the revision asked and the capability declared.
std::string server_session_key(const Case& c, Revision revision, const RunOptions& options) {
  if (!options.sut_pool || !options.url.empty() || options.channel || !reusable(c, revision)) return "";
  return std::string(to_string(revision)) + " " + capabilities_json(c);
}

namespace {

class ServerRun final : public StepEngine {
 public:
  ServerRun(const Case& c, Revision revision, const RunOptions& options) : StepEngine(c, revision, options) {
    record_.transport = options.url.empty() || options.channel ? Transport::Stdio : Transport::Http;
    if (c.sut.capabilities && *c.sut.capabilities != nullptr) {
      client_capability_ = parse_elicitation_capability(*c.sut.capabilities, revision, "").capability;
    }
    pool_key_ = server_session_key(c, revision, options);
  }

 private:
  bool start() override {
    if (options_.channel) {  // a scripted SUT (runner.h)
      channel_ = options_.channel;
      return true;
    }
    if (!pool_key_.empty()) {
      if (std::optional<WarmSut> warm = options_.sut_pool->take(pool_key_)) {
        // A process started ahead for this case is not needed: it was never spoken to.
        if (auto started = options_.sut_pool->take_started(options_.plan_index))
          started->terminate(std::chrono::milliseconds(300));
        warm_ = std::move(*warm);
        child_ = std::move(warm_->child);
        channel_ = warm_->channel;
        continue_session({warm_->next_id, warm_->syncs});
        return true;
      }
    }
    if (!options_.url.empty()) {
      std::string error;
      auto url = parse_loopback_url(options_.url, error);
      if (!url) {
        record_.harness_error = "--url: " + error;
        return false;
      }
      channel_ = std::make_unique<HttpClientChannel>(*url, options_.max_message_bytes);
      note("Streamable HTTP to " + url->text());
      return true;
    }
    std::string error;
    if (options_.sut_pool) child_ = options_.sut_pool->take_started(options_.plan_index);
    if (child_)
      note(
          "--reuse-sut: the server was started (with this case's command and environment) while an "
          "earlier case ran, and was not spoken to before this case");
    if (!child_) child_ = ChildProcess::spawn(server_child_options(case_, revision_, options_), error);
    if (!child_) {
      sut_unavailable("the SUT could not be started: " + error);
      return false;
    }
    ChildProcess* c = child_.get();
    channel_ = std::make_unique<StdioChannel>(
        c->stdout_fd(), [c](std::string_view line, Deadline d) { return c->write_line(line, d); },
        options_.max_message_bytes);
    return true;
  }

  // 2026-07-28 (docs/modern-wire.md, "The harness as client"): no initialize. The probe is
  // server/discover with our _meta; a server whose answer does not list the revision does not
  // speak it, and the case is SKIP, as a server answering initialize with an older one is.
  bool modern_lifecycle() {
    const std::string id = new_request_id();
    if (!send(R"({"jsonrpc":"2.0","id":)" + id + R"(,"method":"server/discover","params":{"_meta":)" +
              meta_json() + "}}") &&
        undeliverable("server/discover"))
      return false;
    std::string why;
    const Value* result = await_response(id, Deadline::after(options_.startup_timeout), why);
    if (result == nullptr) {
      // An error answer (-32022, -32601) means another revision, unless the server serves the
      // modern wire without server/discover (DISCOVER-IMPLEMENT: the case about discover fails,
      // the others go on); silence or a closed connection is a SUT that never came up.
      // Over Streamable HTTP a server of another era refuses the sessionless modern POST (a 4xx
      // whose JSON-RPC error has no id): as good as an error answer.
      const bool refused = eof_detail_.find(": refused with HTTP 4") != std::string::npos;
      if (why.starts_with("it answered with an error") || refused) {
        if (serves_modern_wire()) {
          startup_done();
          note("server/discover got no result (" + why +
               "), yet tools/list with our _meta got a result with "
               "resultType: the server speaks " +
               std::string(to_string(revision_)) + " without server/discover");
          return tools_listed(R"(,"params":{"_meta":)" + meta_json() + "}");
        }
        record_.skipped = "the SUT does not support revision " + std::string(to_string(revision_)) +
                          ": server/discover got no result (" + why + ")";
      } else {
        sut_unavailable("the SUT never came up: server/discover got no result (" + why +
                        "; startup timeout " + std::to_string(options_.startup_timeout.count()) + " ms)");
      }
      return false;
    }
    startup_done();
    const Value* versions = find_member(*result, "supportedVersions");
    bool listed = false;
    if (versions && versions->IsArray()) {
      for (const Value& v : versions->GetArray()) {
        listed = listed || (v.IsString() && std::string_view(v.GetString()) == to_string(revision_));
        if (v.IsString()) discovered_versions_.emplace_back(v.GetString());
      }
    }
    if (!listed) {
      record_.skipped = "the SUT does not support revision " + std::string(to_string(revision_)) +
                        ": server/discover answered supportedVersions " +
                        (versions ? abbreviate_utf8(to_json(*versions), 200) : std::string("(none)"));
      return false;
    }
    return tools_listed(R"(,"params":{"_meta":)" + meta_json() + "}");
  }

  // A server that failed server/discover may still serve the modern wire: a tools/list with our
  // _meta that gets a result carrying resultType (no 2025 result has one) says it does.
  bool serves_modern_wire() {
    const std::string id = new_request_id();
    send(R"({"jsonrpc":"2.0","id":)" + id + R"(,"method":"tools/list","params":{"_meta":)" + meta_json() +
         "}}");
    std::string why;
    const Value* result = await_response(id, Deadline::after(options_.expect_timeout), why);
    const Value* type = result && result->IsObject() ? find_member(*result, "resultType") : nullptr;
    return type != nullptr && type->IsString();
  }

  // initialize-error-names-versions (MODERN-ONLY-INITIALIZE-ERROR, versioning.mdx): "A server that
  // supports only modern versions SHOULD name the protocol versions it supports in any error it
  // returns to an initialize request". The versions it supports are those its server/discover
  // listed; each must appear in the error, in its message or its data (the spec leaves where to
  // the server: a legacy client may surface either). An initialize answered with a result is not
  // judged here: the case's expect step makes that not testable (the server is not modern-only).
  bool role_check(const Step& s) override {
    if (s.text != "initialize-error-names-versions") return false;
    bool judged = false;
    // What server/discover listed; failing that (a server without server/discover, which its
    // own case judges), the versions the case told it to support.
    const std::vector<std::string>& supported =
        discovered_versions_.empty() ? case_.sut.versions : discovered_versions_;
    for (const auto& d : sut_messages_) {
      const Value* id = find_member(*d, "id");
      const Value* error = find_member(*d, "error");
      if (id == nullptr || has_member(*d, "method") || error == nullptr) continue;
      const Value* request = step_request(to_json(*id));
      const Value* method = request ? find_member(*request, "method") : nullptr;
      if (!method || !method->IsString() || std::string_view(method->GetString()) != "initialize") continue;
      judged = true;
      const std::string text = to_json(*error);
      for (const std::string& v : supported) {
        if (text.find(v) != std::string::npos) continue;
        fail(s,
             "the server's error to initialize does not name " + v +
                 ", a version its server/discover lists "
                 "(\"A server that supports only modern versions SHOULD name the protocol versions it "
                 "supports in "
                 "any error it returns to an initialize request\")",
             "/error", to_json(*d));
        return true;
      }
    }
    if (!judged)
      fail(s, "no error answered a step's initialize: there was nothing to judge");
    else if (supported.empty())
      fail(s, "no version to look for: server/discover listed none and the case names none");
    return true;
  }

  // The per-request _meta of 2026-07-28: version, the case's client capabilities, our info.
  std::string meta_json() const {
    return "{" + to_json_string(kMetaProtocolVersion) + ":" + to_json_string(to_string(revision_)) + "," +
           to_json_string(kMetaClientCapabilities) + ":" + client_capabilities_json() + "," +
           to_json_string(kMetaClientInfo) + R"(:{"name":"elicit-conform","version":"0.1"}})";
  }

  std::string client_capabilities_json() const { return capabilities_json(case_); }

  // On the 2026-07-28 wire over stdio the settle asks server/discover, which every server of that
  // revision implements (DISCOVER-IMPLEMENT) and which reads no state; like a pong, its answer is
  // no step's. Over Streamable HTTP that wire needs none (settle(): the last POST closing says it).
  std::string sync_method() const override {
    if (features(revision_).modern_wire && record_.transport == Transport::Stdio) return "server/discover";
    return StepEngine::sync_method();
  }

  // Every request a step sends carries the _meta, unless the case wrote its own (a case about
  // _meta itself: a missing field, an undeclared capability).
  void decorate_request(rapidjson::Document& message) override {
    if (!features(revision_).modern_wire) return;
    // initialize is the 2025 handshake: a legacy client sends it without the modern _meta (the
    // case about a modern-only server's answer to it plays that client).
    if (const Value* m = find_member(message, "method");
        m && m->IsString() && std::string_view(m->GetString()) == "initialize")
      return;
    auto& a = message.GetAllocator();
    if (!has_member(message, "params")) message.AddMember("params", Value(rapidjson::kObjectType), a);
    Value& params = message["params"];
    if (!params.IsObject() || has_member(params, "_meta")) return;
    rapidjson::Document meta = parse_json(meta_json()).document;
    Value copy;
    copy.CopyFrom(meta, a);
    params.AddMember("_meta", copy, a);
  }

  // Over Streamable HTTP a POST that could not be sent (nothing listens at the URL, the connection
  // was refused or dropped) has no response to wait for: the SUT is unavailable now, not after the
  // startup timeout. Over stdio a failed write is left to the read side, which still gets what a
  // SUT wrote before it stopped reading (a SKIP line, for one).
  bool undeliverable(const char* method) {
    if (record_.transport != Transport::Http) return false;
    sut_unavailable(std::string("the SUT never came up: the POST of ") + method + " could not be sent" +
                    (last_channel_note().empty() ? std::string() : " (" + last_channel_note() + ")"));
    return true;
  }

  std::string asked_version() const {
    return case_.sut.protocol_version.empty() ? std::string(to_string(revision_))
                                              : case_.sut.protocol_version;
  }

  // The initialize request of a session: the version asked for and the case's capability.
  std::string initialize_json(const std::string& id) const {
    return R"({"jsonrpc":"2.0","id":)" + id + R"(,"method":"initialize","params":{"protocolVersion":")" +
           asked_version() + R"(","capabilities":)" + capabilities_json(case_) +
           R"(,"clientInfo":{"name":"elicit-conform","version":"0.1"}}})";
  }

  // A second session of the same server for the steps marked "session": "B": a new Streamable
  // HTTP session (own connection, own Mcp-Session-Id, own GET stream) with the same initialize
  // as the first, then notifications/initialized. Only over HTTP (the loader keeps such cases
  // there): over stdio a second session is a second process, which shares nothing with the first.
  bool open_second_session() override {
    second_session_ = SessionState{};
    if (options_.channel) {
      if (!options_.second_channel) return second_session_.reset(), StepEngine::open_second_session();
      second_session_->channel = options_.second_channel;  // a scripted SUT (runner.h)
    } else {
      if (options_.url.empty()) return second_session_.reset(), StepEngine::open_second_session();
      std::string error;
      auto url = parse_loopback_url(options_.url, error);
      if (!url) {
        record_.harness_error = "--url: " + error;
        return false;
      }
      second_session_->channel = std::make_shared<HttpClientChannel>(*url, options_.max_message_bytes);
    }
    use_session(true);
    const std::string id = new_request_id();
    send(initialize_json(id));
    std::string why;
    const Value* init = await_response(id, Deadline::after(options_.expect_timeout), why);
    if (init != nullptr) send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    use_session(false);
    if (init == nullptr) {
      fail_lifecycle("lifecycle.second-session",
                     "the second session's initialize got no result (" + why + ")", "");
      return false;
    }
    return true;
  }

  bool lifecycle() override {
    if (warm_) return joined_lifecycle();
    if (features(revision_).modern_wire) return modern_lifecycle();
    const std::string id = new_request_id();
    const std::string asked = asked_version();
    if (!send(initialize_json(id)) && undeliverable("initialize")) return false;
    std::string why;
    const Value* init = await_response(id, Deadline::after(options_.startup_timeout), why);
    if (init == nullptr) {
      sut_unavailable("the SUT never came up: initialize got no result (" + why + "; startup timeout " +
                      std::to_string(options_.startup_timeout.count()) + " ms)");
      return false;
    }
    startup_done();
    // Version negotiation (lifecycle): a server that supports the version asked for answers with
    // it; otherwise with another version it supports. The case then runs at that revision if it
    // applies to it, else it is SKIP ("negotiated X": the SUT said which revision it speaks); an
    // answer that is no protocol version at all is wrong whatever the case (the protocol-version
    // check judges it in its own case).
    const Value* version = find_member(*init, "protocolVersion");
    sut_protocol_version_ = version ? to_json(*version) : "";
    if (!version || !version->IsString() || !is_protocol_version(version->GetString())) {
      record_.negotiated = version && version->IsString() ? version->GetString() : "";
      if (!has_check("protocol-version")) {
        fail_lifecycle(
            "lifecycle.protocol-version",
            "the SUT answered initialize with " +
                (version ? "protocolVersion " + to_json(*version) : std::string("no protocolVersion")) +
                ", which is no protocol version: the session has no revision whose rules could apply",
            "");
        return false;
      }
    } else if (server_version_ = version->GetString(); !negotiated(version->GetString(), asked)) {
      return false;
    } else if (case_.sut.capabilities && *case_.sut.capabilities != nullptr) {
      client_capability_ = parse_elicitation_capability(*case_.sut.capabilities, revision_, "").capability;
    }
    // 2025-11-25 tasks: whether the server declared task-augmented tools/call (sut.task_tools).
    const Value* server_caps = find_member(*init, "capabilities");
    const Value* tasks =
        server_caps && server_caps->IsObject() ? find_member(*server_caps, "tasks") : nullptr;
    const Value* requests = tasks && tasks->IsObject() ? find_member(*tasks, "requests") : nullptr;
    const Value* tools = requests && requests->IsObject() ? find_member(*requests, "tools") : nullptr;
    const Value* call = tools && tools->IsObject() ? find_member(*tools, "call") : nullptr;
    declares_task_calls_ = call != nullptr && call->IsObject();
    send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    session_ready_ = true;
    return tools_listed("");
  }

  // A session kept from an earlier case with the same initialize (sut_pool.h): its answer stands
  // for this case, as it would have been the same; the tools are listed anew.
  bool joined_lifecycle() {
    startup_done();
    session_ready_ = true;
    server_version_ = warm_->server_version;
    note("--reuse-sut: this case runs in the session of a server process started for " + warm_->started_by +
         " (case " + std::to_string(warm_->cases) +
         " in it), initialized with the same protocolVersion and "
         "capabilities; the server answered protocolVersion \"" +
         server_version_ + "\"; a ping round trip before this case showed it idle");
    sut_protocol_version_ = to_json_string(server_version_);
    const std::string asked(to_string(revision_));
    if (!negotiated(server_version_, asked)) return false;
    if (case_.sut.capabilities && *case_.sut.capabilities != nullptr)
      client_capability_ = parse_elicitation_capability(*case_.sut.capabilities, revision_, "").capability;
    return tools_listed("");
  }

  // The tools the case needs are listed (tools/list, with `params` appended: the modern _meta).
  bool tools_listed(const std::string& params) {
    if (!prompts_listed(params)) return false;
    if (case_.sut.needs_tools.empty() && case_.sut.task_tools.empty() && case_.sut.needs_tool_meta.empty())
      return true;
    std::string why;
    const std::string list_id = new_request_id();
    send(R"({"jsonrpc":"2.0","id":)" + list_id + R"(,"method":"tools/list")" + params + "}");
    const Value* result = await_response(list_id, Deadline::after(options_.expect_timeout), why);
    if (result == nullptr) {
      fail_lifecycle("lifecycle.tools-list", "tools/list got no result (" + why + ")", "");
      return false;
    }
    std::set<std::string> tools;
    std::map<std::string, std::string> task_support;  // execution.taskSupport, where a tool says
    if (const Value* list = find_member(*result, "tools"); list && list->IsArray()) {
      for (const Value& t : list->GetArray()) {
        const Value* n = find_member(t, "name");
        if (n == nullptr || !n->IsString()) continue;
        tools.insert(n->GetString());
        const Value* execution = find_member(t, "execution");
        const Value* support =
            execution && execution->IsObject() ? find_member(*execution, "taskSupport") : nullptr;
        if (support && support->IsString()) task_support[n->GetString()] = support->GetString();
      }
    }
    for (const std::string& needed : case_.sut.needs_tools) {
      if (!tools.contains(needed)) {
        // A server with the official suite's fixture tools and none of the contract's is an SDK's
        // official fixture, not a broken adapter: a case that needs a contract tool cannot be
        // expressed with it, which is SKIP (untested, said why), not a failure.
        if (lists_only_official_fixture_tools(tools)) {
          record_.skipped = "needs the contract tool " + needed +
                            "; the SUT lists only the official fixture tools (" + joined(tools) + ")";
          note(*record_.skipped);
          return false;
        }
        // The adapter contract's tools are what the case needs to reach its rule.
        fail_lifecycle("lifecycle.tools",
                       "the SUT has no tool \"" + needed + "\" (tools/list named " +
                           std::to_string(tools.size()) + " tools); see docs/adapter-contract.md",
                       "");
        return false;
      }
    }
    return tool_meta_declared(*result) && task_tools_supported(task_support);
  }

  // The declarations the case needs (sut.needs_tool_meta): a rule that binds only a server that
  // says something of itself (its requestState protected, docs/adapter-contract.md) is SKIP for
  // one that does not say it, with the reason, never a failure.
  bool tool_meta_declared(const Value& list_result) {
    const Value* list = find_member(list_result, "tools");
    for (const auto& [tool, member] : case_.sut.needs_tool_meta) {
      bool declared = false;
      if (list && list->IsArray()) {
        for (const Value& t : list->GetArray()) {
          const Value* n = find_member(t, "name");
          if (!n || !n->IsString() || std::string_view(n->GetString()) != tool) continue;
          const Value* meta = find_member(t, "_meta");
          const Value* flag = meta && meta->IsObject() ? find_member(*meta, member) : nullptr;
          declared = flag && flag->IsBool() && flag->GetBool();
        }
      }
      if (!declared) {
        record_.skipped = "the SUT does not declare \"" + member + "\": true in the _meta of its tool " +
                          tool +
                          " (tools/list), so the rule that binds only such a server does not apply; see "
                          "docs/adapter-contract.md";
        note(*record_.skipped);
        return false;
      }
    }
    return true;
  }

  // The prompts the case needs (sut.needs_prompts) are listed: prompts/list, with `params`
  // appended (the modern _meta). A server without them (no prompts/list at all, or not these) is
  // SKIP, naming what is missing: prompts are an adapter's option, not the contract's core.
  bool prompts_listed(const std::string& params) {
    if (case_.sut.needs_prompts.empty()) return true;
    std::string why;
    const std::string list_id = new_request_id();
    send(R"({"jsonrpc":"2.0","id":)" + list_id + R"(,"method":"prompts/list")" + params + "}");
    const Value* result = await_response(list_id, Deadline::after(options_.expect_timeout), why);
    if (result == nullptr && !why.starts_with("it answered with an error")) {
      // No answer at all is not "no prompts": the set-up's listing failed, as for tools/list.
      fail_lifecycle("lifecycle.tools-list", "prompts/list got no answer (" + why + ")", "");
      return false;
    }
    std::set<std::string> prompts;
    const Value* list = result ? find_member(*result, "prompts") : nullptr;
    if (list && list->IsArray()) {
      for (const Value& p : list->GetArray()) {
        if (const Value* n = find_member(p, "name"); n && n->IsString()) prompts.insert(n->GetString());
      }
    }
    for (const std::string& needed : case_.sut.needs_prompts) {
      if (prompts.contains(needed)) continue;
      record_.skipped =
          "needs the contract prompt " + needed + "; " +
          (result == nullptr                     ? "prompts/list got no result (" + why + ")"
           : list == nullptr || !list->IsArray() ? std::string("prompts/list answered no prompts list")
           : prompts.empty()                     ? std::string("the SUT's prompts/list names no prompt")
                                                 : "the SUT's prompts/list names only " + names(prompts)) +
          " (docs/adapter-contract.md)";
      note(*record_.skipped);
      return false;
    }
    return true;
  }

  // A case that calls tools as tasks (sut.task_tools, 2025-11-25) runs only against a server that
  // lets it: "If a server's capabilities do not include tasks.requests.tools.call, then clients
  // MUST NOT attempt to use task augmentation on that server's tools", nor on a tool whose
  // execution.taskSupport is absent or "forbidden" (tasks.mdx, "Tool-Level Negotiation"). Such a
  // server (an SDK without tasks, an adapter that does not run the tool as a task) is SKIP, why said.
  bool task_tools_supported(const std::map<std::string, std::string>& task_support) {
    for (const std::string& tool : case_.sut.task_tools) {
      const auto it = task_support.find(tool);
      const bool allowed = it != task_support.end() && (it->second == "optional" || it->second == "required");
      if (declares_task_calls_ && allowed) continue;
      record_.skipped =
          "the case calls " + tool + " as a task, and the server " +
          (!declares_task_calls_ ? std::string("declares no tasks.requests.tools.call capability")
                                 : "lists it with execution.taskSupport " +
                                       (it == task_support.end() ? std::string("absent (forbidden)")
                                                                 : to_json_string(it->second))) +
          ": a client MUST NOT call it as a task (2025-11-25 tasks.mdx)";
      note(*record_.skipped);
      return false;
    }
    return true;
  }

  // As a conformant client: a mode it did not declare gets -32602, any other elicitation the
  // user cancels, ping is answered, anything else is not implemented.
  void answer(const Received& r) override {
    const Value& id = (*r.doc)["id"];
    const std::string method = (*r.doc)["method"].GetString();
    if (features(revision_).modern_wire) {
      // 2026-07-28, on both transports: "The client MUST NOT send JSON-RPC responses" (Streamable
      // HTTP) and "The client MUST NOT write JSON-RPC _responses_" (stdio). A request of the
      // server's own is a finding of the case about it, and goes unanswered.
      return note("the SUT sent a " + abbreviate_utf8(method, 80) + " request of its own; on " +
                  std::string(record_.transport == Transport::Http ? "Streamable HTTP" : "stdio") + " at " +
                  std::string(to_string(revision_)) + " a client sends no responses: not answered");
    }
    if (method == "ping") return respond(id, "{}");
    if (method != kElicitCreate) return respond_error(id, -32601, "Method not found");
    const Value* params = find_member(*r.doc, "params");
    const Value* mode = params ? find_member(*params, "mode") : nullptr;
    const Mode asked =
        mode && mode->IsString() && std::string_view(mode->GetString()) == "url" ? Mode::Url : Mode::Form;
    if (!client_capability_.supports(asked)) {
      return respond_error(
          id, -32602,
          "elicitation mode " + std::string(to_string(asked)) + " was not declared by this client");
    }
    respond(id, R"({"action":"cancel"})");
  }

  // A second session of the same server (latest-version): a process of its own over stdio, a
  // session of its own over HTTP; initialize only, then it ends.
  std::optional<std::string> second_session_version(const std::string& version, std::string& why) override {
    if (options_.channel) return why = "a scripted SUT has no second session", std::nullopt;
    const std::string init =
        R"({"jsonrpc":"2.0","id":"second-1","method":"initialize","params":{"protocolVersion":")" + version +
        R"(","capabilities":{},"clientInfo":{"name":"elicit-conform","version":"0.1"}}})";
    std::unique_ptr<ChildProcess> child;
    std::unique_ptr<MessageChannel> channel;
    std::string error;
    if (!options_.url.empty()) {
      auto url = parse_loopback_url(options_.url, error);
      if (!url) return why = error, std::nullopt;
      channel = std::make_unique<HttpClientChannel>(*url, options_.max_message_bytes, false);
    } else {
      ChildOptions o;
      o.argv = options_.command;
      o.environment = {{"ELICIT_CONFORM_CASE", case_.id},
                       {"MCP_CONFORMANCE_SCENARIO", conformance_scenario_name(case_.id)},
                       {"ELICIT_CONFORM_PROTOCOL_VERSION", std::string(to_string(record_.planned))},
                       {"MCP_CONFORMANCE_PROTOCOL_VERSION", std::string(to_string(record_.planned))}};
      child = ChildProcess::spawn(o, error);
      if (!child) {
        record_.harness_error = "cannot start the SUT a second time: " + error;
        return std::nullopt;
      }
      ChildProcess* c = child.get();
      channel = std::make_unique<StdioChannel>(
          c->stdout_fd(), [c](std::string_view line, Deadline d) { return c->write_line(line, d); },
          options_.max_message_bytes);
    }
    note("a second session (" + std::string(child ? "a second server process" : "a new HTTP session") +
         ") sends: " + init);
    std::optional<std::string> answer;
    if (!channel->send(init, Deadline::after(std::chrono::seconds(5)))) {
      why = "the server did not take the initialize request";
    } else {
      const Deadline until = Deadline::after(options_.expect_timeout);
      while (!answer && !until.expired()) {
        ReadResult r = channel->receive(until);
        if (r.status == ReadResult::Eof || r.status == ReadResult::Error) break;
        if (r.status != ReadResult::Line) continue;
        ParsedJson m = parse_json(r.line);
        const Value* id = m.ok() && m.document.IsObject() ? find_member(m.document, "id") : nullptr;
        if (!id || to_json(*id) != R"("second-1")" || has_member(m.document, "method")) continue;
        note("the second session's answer: " + r.line.substr(0, 2000));
        const Value* result = find_member(m.document, "result");
        const Value* v = result ? find_member(*result, "protocolVersion") : nullptr;
        if (v == nullptr) {
          why = "the answer to initialize has no result.protocolVersion";
          break;
        }
        answer = v->IsString() ? std::string(v->GetString()) : to_json(*v);
      }
      if (!answer && why.empty()) why = "the server did not answer initialize in the second session";
    }
    for (std::string& n : channel->take_notes()) note("second session: " + n);
    if (auto* http = dynamic_cast<HttpClientChannel*>(channel.get()))
      http->close(Deadline::after(std::chrono::seconds(1)));
    if (child) child->terminate(std::chrono::milliseconds(300));
    return answer;
  }

  void stop() override {
    if (second_session_) {
      use_session(true);
      if (auto* http = dynamic_cast<HttpClientChannel*>(channel_.get()))
        http->close(Deadline::after(std::chrono::milliseconds(1000)));  // DELETE: session B is over
      take_channel_notes();
      use_session(false);
    }
    if (auto* http = dynamic_cast<HttpClientChannel*>(channel_.get())) {
      http->close(Deadline::after(std::chrono::milliseconds(1000)));  // DELETE: the session is over
      take_channel_notes();
      record_.sut_exit = "not started by the harness (--url)";
    }
    if (!child_) return;
    if (keep_session()) return;
    const ExitInfo exit = child_->terminate(std::chrono::milliseconds(500));
    record_.sut_exit = exit.describe();
    record_.sut_stderr = child_->stderr_text();
    skip_if_sut_declined(exit);
  }

  // --reuse-sut: a session that ends the case quiescent and idle is kept for the next case with
  // the same handshake. True when it was.
  bool keep_session() {
    if (pool_key_.empty() || !session_ready_ || child_->poll_exit()) return false;
    std::string why;
    if (record_.harness_error || record_.sut_unavailable || !quiescent(why)) return false;
    WarmSut warm;
    if (warm_) warm = std::move(*warm_);
    warm.child = std::move(child_);
    warm.channel = channel_;
    if (warm.started_by.empty())
      warm.started_by = case_.id + " (" + std::string(to_string(record_.planned)) + ")";
    warm.server_version = server_version_;
    const SessionIds ids = session_ids();
    warm.next_id = ids.next_id;
    warm.syncs = ids.syncs;
    record_.sut_stderr = warm.child->stderr_text();
    if (options_.sut_pool->put(pool_key_, std::move(warm), why)) {
      record_.sut_exit = "still running: kept for the next case with the same initialize (--reuse-sut)";
      return true;
    }
    // The pool ended it: what it said on the way out is the case's to show.
    note("--reuse-sut: the session was not kept (" + why + ")");
    record_.sut_exit = "ended by the harness after the case (" + why + ")";
    return true;
  }

  std::string pool_key_;              // "" unless --reuse-sut and the case may share a session
  std::optional<WarmSut> warm_;       // the session this case joined, if it joined one
  std::string server_version_;        // the protocolVersion of the server's answer to initialize
  bool session_ready_ = false;        // initialize answered, notifications/initialized sent
  bool declares_task_calls_ = false;  // initialize's capabilities had tasks.requests.tools.call
  std::unique_ptr<ChildProcess> child_;
  std::vector<std::string> discovered_versions_;  // supportedVersions of the server/discover probe
};

}  // namespace

RunRecord run_server_case(const Case& c, Revision revision, const RunOptions& options) {
  return ServerRun(c, revision, options).run();
}

}  // namespace ec
