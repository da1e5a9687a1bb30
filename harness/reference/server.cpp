#include "reference/server.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <thread>
#include <utility>

#include <rapidjson/document.h>

#include "core/json.h"
#include "core/jsonrpc.h"
#include "core/utc_time.h"
#include "reference/multi_round.h"
#include "schema/content_validator.h"
#include "schema/message_check.h"
#include "schema/requested_schema.h"
#include "schema/spec_schema.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "spec/modern.h"
#include "transport/http_server.h"
#include "transport/line_writer.h"
#include "transport/stdio_channel.h"

namespace ec {
namespace {

using rapidjson::Value;

std::string text_result(std::string_view text, bool is_error) {
  return R"({"content":[{"type":"text","text":)" + to_json_string(text) + "}]" +
         (is_error ? R"(,"isError":true)" : "") + "}";
}

constexpr const char* kTools = R"({"tools":[
 {"name":"elicit","description":"Sends elicitation/create with the given params and returns the result as JSON text.",
  "inputSchema":{"type":"object","properties":{"params":{"type":"object"}},"required":["params"]}},
 {"name":"require_url","description":"Fails with a -32042 URLElicitationRequiredError listing the given elicitations.",
  "inputSchema":{"type":"object","properties":{"elicitations":{"type":"array"}},"required":["elicitations"]}},
 {"name":"complete","description":"Sends notifications/elicitation/complete for an elicitation id this server issued.",
  "inputSchema":{"type":"object","properties":{"elicitationId":{"type":"string"}},"required":["elicitationId"]}},
 {"name":"elicit_sequence","description":"2026-07-28: asks with each of the given params in turn, one round each, and returns the results as a JSON array.",
  "inputSchema":{"type":"object","properties":{"params":{"type":"array","items":{"type":"object"}}},"required":["params"]},
  "_meta":{"io.elicit-conform/state-protected":true}},
 {"name":"elicit_together","description":"2026-07-28: asks with all of the given params in one round and returns the results as a JSON array.",
  "inputSchema":{"type":"object","properties":{"params":{"type":"array","items":{"type":"object"}}},"required":["params"]},
  "_meta":{"io.elicit-conform/state-protected":true}},
 {"name":"test_elicitation","description":"The official conformance suite's tool: asks for a username and an e-mail address.",
  "inputSchema":{"type":"object","properties":{"message":{"type":"string"}},"required":["message"]}},
 {"name":"test_elicitation_sep1034_defaults","description":"The official conformance suite's tool: a form with a default for every primitive type.",
  "inputSchema":{"type":"object","properties":{}}},
 {"name":"test_elicitation_sep1330_enums","description":"The official conformance suite's tool: a form with the five SEP-1330 enum variants.",
  "inputSchema":{"type":"object","properties":{}}}]})";

// The contract's prompt (docs/adapter-contract.md): served on the 2026-07-28 wire.
constexpr const char* kPrompts = R"({"prompts":[
 {"name":"elicit_prompt","description":"Asks with the given elicitation params before returning its message: the user's answer as JSON text.",
  "arguments":[{"name":"params","description":"The JSON text of elicitation/create params, as the elicit tool takes them.","required":true}]}]})";

// The official conformance suite's fixture tools (modelcontextprotocol/conformance, scenarios
// elicitation-sep1034-defaults and elicitation-sep1330-enums): the schemas its checks expect.
constexpr const char* kSep1034Params = R"({"message":"Please review and update the form fields with defaults",
 "requestedSchema":{"type":"object","properties":{
  "name":{"type":"string","description":"User name","default":"John Doe"},
  "age":{"type":"integer","description":"User age","default":30},
  "score":{"type":"number","description":"User score","default":95.5},
  "status":{"type":"string","description":"User status","enum":["active","inactive","pending"],"default":"active"},
  "verified":{"type":"boolean","description":"Verification status","default":true}}}})";

constexpr const char* kSep1330Params = R"json({"message":"Please select options from the enum fields",
 "requestedSchema":{"type":"object","properties":{
  "untitledSingle":{"type":"string","description":"Select one option","enum":["option1","option2","option3"]},
  "titledSingle":{"type":"string","description":"Select one option with titles","oneOf":[
    {"const":"value1","title":"First Option"},{"const":"value2","title":"Second Option"},{"const":"value3","title":"Third Option"}]},
  "legacyEnum":{"type":"string","description":"Select one option (legacy)","enum":["opt1","opt2","opt3"],
    "enumNames":["Option One","Option Two","Option Three"]},
  "untitledMulti":{"type":"array","description":"Select multiple options","minItems":1,"maxItems":3,
    "items":{"type":"string","enum":["option1","option2","option3"]}},
  "titledMulti":{"type":"array","description":"Select multiple options with titles","minItems":1,"maxItems":3,
    "items":{"anyOf":[{"const":"value1","title":"First Choice"},{"const":"value2","title":"Second Choice"},
                      {"const":"value3","title":"Third Choice"}]}}}}})json";

// How a tool reports the elicitation result: our adapter contract's JSON text, or the official
// fixtures' sentences.
enum class ResultText { Json, OfficialUserResponse, OfficialCompleted };

// What the sessions of one Streamable HTTP listener share. A conformant server shares nothing
// between them (each session is a server of its own, as an SDK keeps one per connection); only
// the two faults that cross sessions read this.
struct CrossSession {
  std::mutex m;
  // broadcast-complete: every session alive now.
  std::map<MessageChannel*, std::shared_ptr<MessageChannel>> sessions;
  // answers-any-session: responses that came on a session with no elicitation of that id, the
  // newest few, by the session they came on (dropped when it ends), for whichever other session
  // waits for that id.
  std::deque<std::pair<MessageChannel*, rapidjson::Document>> stray;
};

class ReferenceServer {
 public:
  ReferenceServer(MessageChannel& channel, const ReferenceServerOptions& options, bool http = false,
                  std::shared_ptr<CrossSession> cross = nullptr)
      : channel_(channel), fault_(options.fault), http_(http), cross_(std::move(cross)) {
    // 2026-07-28 has no initialize: it is served on the modern wire when listed, and the
    // initialize answer is chosen among the others.
    // The adapter contract's ELICIT_CONFORM_PROTOCOL_VERSIONS (set by the cases about eras): support
    // exactly those of our versions, so that one case can have a modern-only server.
    std::vector<std::string> told;
    if (const char* env = std::getenv("ELICIT_CONFORM_PROTOCOL_VERSIONS"); env && *env) {
      std::string list = env;
      for (std::size_t at = 0; at <= list.size();) {
        const std::size_t comma = std::min(list.find(',', at), list.size());
        told.push_back(list.substr(at, comma - at));
        at = comma + 1;
      }
    }
    for (const std::string& v : options.versions) {
      if (!told.empty() && std::find(told.begin(), told.end(), v) == told.end()) continue;
      const std::optional<Revision> r = parse_revision(v);
      if (r && features(*r).modern_wire) {
        modern_versions_.push_back(v);
      } else {
        versions_.push_back(v);
      }
    }
  }

  int run() {
    while (auto message = next()) handle(*message);
    return 0;
  }

 private:
  // The next parsed message: deferred ones first, then stdin. Lines that are not JSON-RPC
  // objects are dropped, as an SDK's transport would.
  std::optional<rapidjson::Document> next() {
    if (!deferred_.empty()) {
      rapidjson::Document d = std::move(deferred_.front());
      deferred_.pop_front();
      return d;
    }
    return read();
  }

  std::optional<rapidjson::Document> read() {
    // answers-any-session: while an elicitation waits, an answer of its id that came on another
    // session is as good as one on this session.
    const bool any_session = cross_ && fault_ == FaultId::AnswersAnySession;
    for (;;) {
      if (any_session && !awaiting_.empty()) {
        std::lock_guard lock(cross_->m);
        for (auto it = cross_->stray.begin(); it != cross_->stray.end(); ++it) {
          const Value* rid = find_member(it->second, "id");
          if (it->first != &channel_ && rid && to_json(*rid) == awaiting_) {
            rapidjson::Document d = std::move(it->second);
            cross_->stray.erase(it);
            return d;
          }
        }
      }
      ReadResult r = channel_.receive(any_session ? Deadline::after(std::chrono::milliseconds(50))
                                                  : Deadline::after(std::chrono::hours(1)));
      if (r.status == ReadResult::Timeout || r.status == ReadResult::TooLarge) continue;
      if (r.status != ReadResult::Line) return std::nullopt;
      ParsedJson parsed = parse_json(r.line);
      if (parsed.ok() && parsed.document.IsObject()) return std::move(parsed.document);
    }
  }

  void send(const std::string& json) {
    // The conformant peer's answers are what its revision's schema.json allows (self-check mode).
    // Not its requests and notifications: by the contract, `elicit` sends exactly the params it
    // was given and `complete` the id it was given, which may be wrong on purpose.
    if (fault_ == FaultId::None && json.find(R"("method":)") == std::string::npos)
      self_check_.sent(modern_request_ ? Revision::V2026_07_28 : revision_, json);
    channel_.send(json, Deadline::after(std::chrono::seconds(30)));
  }

  void respond(const Value& id, const std::string& result) {
    const bool both = fault_ == FaultId::ResultAndError && result.find(R"("content")") != std::string::npos;
    send(R"({"jsonrpc":"2.0","id":)" + to_json(id) + R"(,"result":)" + result +
         (both ? R"(,"error":{"code":-32603,"message":"also an error"})" : "") + "}");
  }

  void respond_error(const Value& id, int code, std::string_view message, const std::string& data = "") {
    send(R"({"jsonrpc":"2.0","id":)" + to_json(id) + R"(,"error":{"code":)" + std::to_string(code) +
         R"(,"message":)" + to_json_string(message) + (data.empty() ? "" : R"(,"data":)" + data) + "}}");
  }

  void handle(const rapidjson::Document& message) {
    ClassifiedMessage m = classify_message(message);
    if (m.kind == MessageKind::Notification && fault_ == FaultId::ErrorOnNotification &&
        m.method != "notifications/initialized") {
      return send(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":)" +
                  to_json_string("Unknown notification " + m.method) + "}}");
    }
    if (cross_ && fault_ == FaultId::AnswersAnySession &&
        (m.kind == MessageKind::ResultResponse || m.kind == MessageKind::ErrorResponse)) {
      std::lock_guard lock(cross_->m);
      rapidjson::Document copy;
      copy.CopyFrom(message, copy.GetAllocator());
      cross_->stray.emplace_back(&channel_, std::move(copy));
      if (cross_->stray.size() > 16) cross_->stray.pop_front();
      return;
    }
    if (m.kind == MessageKind::Notification || m.kind == MessageKind::ResultResponse ||
        m.kind == MessageKind::ErrorResponse || m.kind == MessageKind::Invalid) {
      return;  // nothing to answer; responses to unknown ids are ignored
    }
    const Value& id = message["id"];
    self_check_.received(message);
    modern_request_ = !modern_versions_.empty() && is_modern_request(m);
    // One process serves both eras, as a dual-era server may: a request that carries the
    // modern per-request _meta (or asks server/discover) is served statelessly on the modern
    // wire, anything else as the initialize-based session it belongs to.
    // A server without a modern revision knows no server/discover, and reads _meta as nothing.
    if (!modern_versions_.empty() && is_modern_request(m)) return modern(id, m);
    if (m.method == "initialize") return initialize(id, m.params);
    if (m.method == "ping" && fault_ == FaultId::PingWrongId)
      return send(R"({"jsonrpc":"2.0","id":)" + wrong_response_id(id) + R"(,"result":{}})");
    if (m.method == "ping") return respond(id, "{}");
    if (m.method == "tools/list") return respond(id, tools_list());
    if (m.method == "tools/call") return call(id, m.params);
    if (m.method == "tasks/get" && features(revision_).core_tasks) return task_get(id, m.params);
    if (m.method == "tasks/result" && features(revision_).core_tasks) return task_result(id, m.params);
    respond_error(id, -32601, "Method not found: " + m.method);
  }

  void initialize(const Value& id, const Value* params) {
    // The version asked for if supported, else the latest supported (lifecycle, Version
    // Negotiation). The supported list holds initialize-based versions only: a 2026-07-28 client
    // has no initialize, and one that sends it with that version gets the newest initialize-based
    // revision, as from any server that does not know the version.
    const Value* version = params ? find_member(*params, "protocolVersion") : nullptr;
    const std::string asked = version && version->IsString() ? version->GetString() : "";
    if (versions_.empty() && !modern_versions_.empty()) {
      // Modern only: no initialize. The error names the versions we do support, as a legacy
      // client has no other way to learn them (MODERN-ONLY-INITIALIZE-ERROR); the fault answers
      // as a server that knows no such method, naming none.
      if (fault_ == FaultId::InitializeErrorWithoutVersions)
        return respond_error(id, -32601, "Method not found");
      std::string supported;
      for (const std::string& v : modern_versions_)
        supported += (supported.empty() ? "" : ",") + to_json_string(v);
      return respond_error(
          id, -32022,
          "Unsupported protocol version: this server has no initialize and supports " +
              modern_versions_.front() + " only (per-request _meta)",
          R"({"supported":[)" + supported + R"(],"requested":)" + to_json_string(asked) + "}");
    }
    std::string answer = versions_.empty() ? std::string(to_string(default_revision())) : versions_.front();
    if (std::find(versions_.begin(), versions_.end(), asked) != versions_.end()) {
      answer = asked;
    } else if (fault_ == FaultId::NegotiateOldest && !versions_.empty()) {
      answer = versions_.back();
    }
    const Value* caps = params ? find_member(*params, "capabilities") : nullptr;
    const Value* elicitation = caps ? find_member(*caps, "elicitation") : nullptr;
    // latest-when-eliciting: the version follows the capabilities, not the version asked.
    if (fault_ == FaultId::LatestWhenEliciting && elicitation != nullptr && !versions_.empty())
      answer = versions_.front();
    // Revisions before 2025-06-18 have no elicitation; the session's rules are those of its revision.
    const std::optional<Revision> session = parse_revision(answer);
    elicitation_allowed_ = session && !features(*session).modern_wire;
    revision_ = elicitation_allowed_ ? *session : Revision::V2025_06_18;
    if (fault_ == FaultId::VersionNotARevision) answer = "";
    if (fault_ == FaultId::EchoUnsupportedVersion && !asked.empty())
      answer = asked;  // after the session's rules
    // url-mode-any-revision reads the capability as 2025-11-25 does, whatever was negotiated.
    capability_ =
        parse_elicitation_capability(
            elicitation, fault_ == FaultId::UrlModeAnyRevision ? Revision::V2025_11_25 : revision_, "")
            .capability;
    if (fault_ == FaultId::EmptyCapabilityAsAll && elicitation && elicitation->IsObject() &&
        elicitation->ObjectEmpty()) {
      capability_.url = true;
    }
    // empty-capability-as-none: where the capability names modes (2025-11-25), {} read as none.
    if (fault_ == FaultId::EmptyCapabilityAsNone && features(revision_).url_mode && elicitation &&
        elicitation->IsObject() && elicitation->ObjectEmpty()) {
      capability_.form = false;
    }
    // 2025-11-25 (tasks.mdx): the `elicit` tool may run as a task, so task-augmented tools/call is
    // declared ("Servers and clients that support task-augmented requests MUST declare a `tasks`
    // capability during initialization").
    const std::string tasks =
        features(revision_).core_tasks ? R"(,"tasks":{"requests":{"tools":{"call":{}}}})" : "";
    respond(id, R"({"protocolVersion":)" + to_json_string(answer) + R"(,"capabilities":{"tools":{})" + tasks +
                    R"(},"serverInfo":{"name":"elicit-conform-reference","version":"0.1"}})");
  }

  // tools/list: the contract's tools; in a 2025-11-25 session `elicit` says it may run as a task
  // (execution.taskSupport "optional", tasks.mdx "Tool-Level Negotiation").
  std::string tools_list() const {
    static const std::string plain = to_json(parse_json(kTools).document);  // one line: stdio framing
    static const std::string with_tasks = [] {
      rapidjson::Document d = parse_json(kTools).document;
      for (Value& tool : d["tools"].GetArray()) {
        if (std::string_view(tool["name"].GetString()) != "elicit") continue;
        Value execution(rapidjson::kObjectType);
        execution.AddMember("taskSupport", "optional", d.GetAllocator());
        tool.AddMember("execution", execution, d.GetAllocator());
      }
      return to_json(d);
    }();
    return features(revision_).core_tasks ? with_tasks : plain;
  }

  void call(const Value& id, const Value* params) {
    const Value* name = params ? find_member(*params, "name") : nullptr;
    const Value* args = params ? find_member(*params, "arguments") : nullptr;
    if (name == nullptr || !name->IsString() || args == nullptr || !args->IsObject()) {
      return respond_error(id, -32602, "tools/call needs a name and an arguments object");
    }
    const std::string tool = name->GetString();
    const Value* task = find_member(*params, "task");
    if (task != nullptr && task->IsObject() && features(revision_).core_tasks) {
      // Only `elicit` supports tasks; the others are "forbidden" (the default), for which
      // "Servers SHOULD return a -32601 (Method not found) error" (tasks.mdx).
      if (tool != "elicit") return respond_error(id, -32601, "Tool " + tool + " does not run as a task");
      const Value* elicit_params = find_member(*args, "params");
      if (elicit_params == nullptr || !elicit_params->IsObject())
        return respond(id, text_result("elicit needs params", true));
      return create_task(id, *elicit_params, find_member(*task, "ttl"));
    }
    if (tool == "elicit") {
      const Value* elicit_params = find_member(*args, "params");
      if (elicit_params == nullptr || !elicit_params->IsObject()) {
        return respond(id, text_result("elicit needs params", true));
      }
      return elicit(id, *elicit_params, ResultText::Json);
    }
    if (tool == "test_elicitation") {
      const Value* message = find_member(*args, "message");
      rapidjson::Document fixture = test_elicitation_fixture();
      fixture.AddMember("message",
                        message && message->IsString()
                            ? Value(message->GetString(), message->GetStringLength(), fixture.GetAllocator())
                            : Value("", fixture.GetAllocator()),
                        fixture.GetAllocator());
      return elicit(id, fixture, ResultText::OfficialUserResponse);
    }
    if (tool == "test_elicitation_sep1034_defaults") {
      return elicit(id, parse_json(kSep1034Params).document, ResultText::OfficialCompleted);
    }
    if (tool == "test_elicitation_sep1330_enums") {
      return elicit(id, parse_json(kSep1330Params).document, ResultText::OfficialCompleted);
    }
    if (tool == "require_url") return require_url(id, *args);
    if (tool == "complete") return complete(id, *args);
    if (is_multi_round_tool(tool)) {
      // Multi-round requests are the 2026-07-28 wire's; no case calls these tools on another.
      return respond(id,
                     text_result(tool + " is a tool of the 2026-07-28 wire (multi-round requests)", true));
    }
    respond_error(id, -32602, "Unknown tool: " + tool);
  }

  // The official suite's test_elicitation form (message added by the caller);
  // official-form-asks-password adds a password field to it.
  rapidjson::Document test_elicitation_fixture() const {
    return parse_json(fault_ == FaultId::OfficialFormAsksPassword
                          ? R"({"requestedSchema":{"type":"object","properties":{
        "username":{"type":"string","description":"User's response"},
        "email":{"type":"string","description":"User's email address"},
        "password":{"type":"string","description":"Your password"}},"required":["username","email"]}})"
                          : R"({"requestedSchema":{"type":"object","properties":{
        "username":{"type":"string","description":"User's response"},
        "email":{"type":"string","description":"User's email address"}},"required":["username","email"]}})")
        .document;
  }

  void elicit(const Value& call_id, const Value& params_value, ResultText style) {
    if (std::optional<std::string> result = elicit_result(params_value, style, "")) respond(call_id, *result);
  }

  // A 2026-07-28 request that would need an elicitation mode its _meta does not declare:
  // -32021 naming what the client would have to declare (CAPABILITY-MISSING-ERROR), the list in
  // data.requiredCapabilities unless `with_list` is false.
  void refuse_undeclared_mode(const Value& id, Mode mode, bool with_list = true) {
    const std::string name(to_string(mode));
    respond_error(
        id, static_cast<int>(kMissingRequiredClientCapability),
        "Missing required client capability: elicitation (" + name + " mode)",
        with_list ? R"({"requiredCapabilities":{"elicitation":{")" + name + R"(":{}}}})" : std::string());
  }

  static Mode mode_of(const Value& params) {
    const Value* mode_value = find_member(params, "mode");
    return mode_value && mode_value->IsString() && std::string_view(mode_value->GetString()) == "url"
               ? Mode::Url
               : Mode::Form;
  }

  // The tool result of an elicit that does not ask at all (no elicitation in this session, a
  // mode the client did not declare), or nullopt when it asks.
  std::optional<std::string> elicit_refusal(const Value& params) const {
    if (!elicitation_allowed_ && fault_ != FaultId::ElicitAnyRevision)
      return text_result("Elicitation does not exist in the negotiated protocol version", true);
    const Mode mode = mode_of(params);
    // The two faults split the rule: a mode the client left out of its capability, and a client
    // that declared no elicitation capability at all. send-undeclared-mode concerns the modes of
    // 2025-11-25; in a 2025-06-18 session, which has none, URL mode is url-mode-any-revision's.
    const bool send_anyway = capability_.declared
                                 ? fault_ == FaultId::SendUndeclaredMode && features(revision_).url_mode
                                 : fault_ == FaultId::ElicitWithoutCapability;
    if (!capability_.supports(mode) && !send_anyway) {
      return text_result("Client does not support " + std::string(to_string(mode)) +
                             " elicitation (declared: " + capability_.describe() + ")",
                         true);
    }
    return std::nullopt;
  }

  // The elicit tool's result (CallToolResult JSON): asks with `params_value` and waits for the
  // answer; nullopt when the connection ended first. `task_id`: the elicitation belongs to that
  // task, and says so in its _meta (tasks.mdx, "Associating Task-Related Messages").
  std::optional<std::string> elicit_result(const Value& params_value, ResultText style,
                                           const std::string& task_id) {
    const Value* params = &params_value;
    if (std::optional<std::string> refused = elicit_refusal(*params)) return refused;
    const Mode mode = mode_of(*params);
    rapidjson::Document outgoing = outgoing_params(*params, mode);
    if (!task_id.empty() && fault_ != FaultId::TaskElicitUnrelated) {
      if (!has_member(outgoing, "_meta") || !outgoing["_meta"].IsObject()) {
        outgoing.RemoveMember("_meta");
        outgoing.AddMember("_meta", Value(rapidjson::kObjectType), outgoing.GetAllocator());
      }
      const std::string related_id = fault_ == FaultId::TaskElicitOtherTask ? new_task_id() : task_id;
      Value related(rapidjson::kObjectType);
      related.AddMember("taskId", Value(related_id.c_str(), outgoing.GetAllocator()),
                        outgoing.GetAllocator());
      Value& holder =
          fault_ == FaultId::TaskElicitMetaMisplaced ? static_cast<Value&>(outgoing) : outgoing["_meta"];
      holder.RemoveMember(kRelatedTask);
      holder.AddMember(rapidjson::StringRef(kRelatedTask), related, outgoing.GetAllocator());
      if (outgoing["_meta"].ObjectEmpty()) outgoing.RemoveMember("_meta");
    }
    if (mode == Mode::Url) {
      const Value* eid = find_member(*params, "elicitationId");
      if (eid && eid->IsString()) issued_.insert(std::string(eid->GetString(), eid->GetStringLength()));
    }
    ++next_id_;
    const std::string request_id = fault_ == FaultId::BadIdType ? std::to_string(next_id_) + ".5"
                                   : fault_ == FaultId::ReuseRequestId
                                       ? to_json_string("ref-1")
                                       : to_json_string("ref-" + std::to_string(next_id_));
    send(std::string(fault_ == FaultId::NoJsonrpcVersion ? "{" : R"({"jsonrpc":"2.0",)") + R"("id":)" +
         request_id + R"(,"method":"elicitation/create","params":)" + to_json(outgoing) + "}");
    // Wait for the answer; other requests wait their turn (pings are answered at once).
    awaiting_ = request_id;
    struct Done {
      std::string& awaiting;
      ~Done() { awaiting.clear(); }
    } done{awaiting_};
    while (auto message = read()) {
      const Value* rid = find_member(*message, "id");
      const bool answer = rid && to_json(*rid) == request_id && !has_member(*message, "method");
      if (!answer) {
        const Value* method = find_member(*message, "method");
        if (method && method->IsString() && std::string_view(method->GetString()) == "ping" && rid) {
          respond(*rid, "{}");
        } else if (method != nullptr) {
          deferred_.push_back(std::move(*message));
        }
        continue;
      }
      if (const Value* error = find_member(*message, "error")) {
        return text_result("elicitation failed: " + to_json(*error), true);
      }
      Value* result = has_member(*message, "result") ? &(*message)["result"] : nullptr;
      if (result == nullptr) return text_result("elicitation answer has no result", true);
      misread_action(*result, message->GetAllocator());
      // A careful server validates what it receives (SERVER-VALIDATE-CONTENT).
      MessageReport check = check_result(*message, *params);
      if (fault_ != FaultId::TrustContent &&
          (!check.conforms() || has_level(check.diagnostics, Level::Should))) {
        for (const Diagnostic& d : check.diagnostics) {
          // Content is what is validated here; framing (an id echoed back) is not the answer's fault.
          if ((d.level == Level::Must || d.level == Level::Should) &&
              !d.requirement.starts_with("JSONRPC-") && !overlooked(d, *params)) {
            return text_result("invalid elicitation result at " + d.pointer + ": " + d.message, true);
          }
        }
      }
      if (fault_ == FaultId::Utf16Lengths) {
        if (std::string why = utf16_length_problem(*result, *params); !why.empty())
          return text_result("invalid elicitation result: " + why, true);
      }
      return text_result(describe_result(*result, style), false);
    }
    return std::nullopt;
  }

  // ---- tasks (2025-11-25, basic/utilities/tasks): `elicit` as a task -------------------------

  static constexpr const char* kRelatedTask = "io.modelcontextprotocol/related-task";

  struct ServerTask {
    std::string status;  // working, input_required, completed, failed
    rapidjson::Document params;
    std::string result;  // the CallToolResult once terminal
    std::string created;
    std::string updated;
    std::int64_t ttl = 60000;
  };

  // "If context-binding is unavailable, receivers MUST generate cryptographically secure task IDs
  // with enough entropy to prevent guessing" (tasks.mdx): 128 bits from the system's source.
  static std::string new_task_id() {
    std::random_device source;
    std::string id;
    for (int i = 0; i < 4; ++i) {
      std::array<char, 9> part{};
      std::snprintf(part.data(), part.size(), "%08x", static_cast<unsigned>(source()));
      id += part.data();
    }
    return id;
  }

  static std::string task_json(const std::string& task_id, const ServerTask& t) {
    return R"({"taskId":)" + to_json_string(task_id) + R"(,"status":)" + to_json_string(t.status) +
           R"(,"createdAt":)" + to_json_string(t.created) + R"(,"lastUpdatedAt":)" +
           to_json_string(t.updated) + R"(,"ttl":)" + std::to_string(t.ttl) + R"(,"pollInterval":100})";
  }

  static void set_status(ServerTask& t, std::string status) {
    t.status = std::move(status);
    t.updated = utc_now();
  }

  // A task-augmented elicit: a CreateTaskResult at once ("Tasks MUST begin in the working
  // status"); the task then waits for input (input_required) until tasks/result asks for it, or,
  // when it will not ask at all, is over already.
  void create_task(const Value& id, const Value& params, const Value* ttl) {
    const std::string task_id = new_task_id();
    ServerTask& t = tasks_[task_id];
    t.params.CopyFrom(params, t.params.GetAllocator());
    t.created = utc_now();
    if (ttl != nullptr && ttl->IsInt64() && ttl->GetInt64() > 0)
      t.ttl = std::min<std::int64_t>(ttl->GetInt64(), 3600000);  // "Receivers MAY override the requested ttl"
    set_status(t, fault_ == FaultId::TaskCreatedInputRequired ? "input_required" : "working");
    respond(id, R"({"task":)" + task_json(task_id, t) + "}");
    if (std::optional<std::string> refused = elicit_refusal(params)) {
      t.result = *refused;
      set_status(t, "failed");  // "this includes cases where the tool call result has isError set to true"
    } else {
      // It needs the user's answer now: input_required (task-never-input-required: working).
      set_status(t, fault_ == FaultId::TaskNeverInputRequired ? "working" : "input_required");
    }
  }

  // The task that tasks/get or tasks/result names, or nullptr after answering -32602.
  ServerTask* find_task(const Value& id, const Value* params, std::string& task_id) {
    const Value* named = params && params->IsObject() ? find_member(*params, "taskId") : nullptr;
    const auto it = named && named->IsString() ? tasks_.find(named->GetString()) : tasks_.end();
    if (it == tasks_.end()) {
      respond_error(id, -32602, "Failed to retrieve task: Task not found");
      return nullptr;
    }
    task_id = it->first;
    return &it->second;
  }

  void task_get(const Value& id, const Value* params) {
    std::string task_id;
    if (ServerTask* t = find_task(id, params, task_id)) respond(id, task_json(task_id, *t));
  }

  // tasks/result: blocks until the task is terminal, asking for its input on the way (the
  // elicitation carries the task's related-task _meta); the result carries it too ("The
  // tasks/result operation MUST include this metadata in its response").
  void task_result(const Value& id, const Value* params) {
    std::string task_id;
    ServerTask* t = find_task(id, params, task_id);
    if (t == nullptr) return;
    if (t->result.empty()) {  // not over yet: it asks for its input now
      std::optional<std::string> result = elicit_result(t->params, ResultText::Json, task_id);
      if (!result) return;  // the connection ended
      t->result = *result;
      if (fault_ != FaultId::TaskStaysInputRequired)
        set_status(*t, result->find(R"("isError":true)") != std::string::npos ? "failed" : "completed");
    }
    const std::string meta = fault_ == FaultId::TaskResultWithoutMeta
                                 ? ""
                                 : R"(,"_meta":{")" + std::string(kRelatedTask) + R"(":{"taskId":)" +
                                       to_json_string(task_id) + "}}";
    respond(id, t->result.substr(0, t->result.size() - 1) + meta + "}");
  }

  // The params this server sends for an elicitation, with the faults that break their rules
  // applied: the same on both wires.
  rapidjson::Document outgoing_params(const Value& params, Mode mode) const {
    rapidjson::Document outgoing;
    outgoing.CopyFrom(params, outgoing.GetAllocator());
    if (fault_ == FaultId::DropMessage) outgoing.RemoveMember("message");
    if (fault_ == FaultId::DropSchema && mode == Mode::Form) outgoing.RemoveMember("requestedSchema");
    if (mode == Mode::Url && has_member(outgoing, "url") && fault_ == FaultId::MangleUrl) {
      outgoing["url"].SetString("https://exa mple.com/not a url", outgoing.GetAllocator());
    }
    if (mode == Mode::Url && fault_ == FaultId::DropElicitationId) outgoing.RemoveMember("elicitationId");
    if (mode == Mode::Url && fault_ == FaultId::DropUrlMode) outgoing.RemoveMember("mode");
    if (has_member(outgoing, "url") && outgoing["url"].IsString()) {
      std::string url = outgoing["url"].GetString();
      if (fault_ == FaultId::HttpUrl && url.starts_with("https://")) url.replace(0, 8, "http://");
      const char* join = url.find('?') == std::string::npos ? "?" : "&";
      if (fault_ == FaultId::TokenInUrl) url += std::string(join) + "access_token=abc123";
      if (fault_ == FaultId::EmailInUrl) url += std::string(join) + "user=ann%40example.com";
      outgoing["url"].SetString(url.c_str(), static_cast<rapidjson::SizeType>(url.size()),
                                outgoing.GetAllocator());
    }

    if (Value* props = has_member(outgoing, "requestedSchema") && outgoing["requestedSchema"].IsObject() &&
                               has_member(outgoing["requestedSchema"], "properties") &&
                               outgoing["requestedSchema"]["properties"].IsObject()
                           ? &outgoing["requestedSchema"]["properties"]
                           : nullptr) {
      for (const char* secret : {"password", "api_key"}) {
        if ((fault_ == FaultId::AskPassword && std::string_view(secret) == "password") ||
            (fault_ == FaultId::AskApiKey && std::string_view(secret) == "api_key")) {
          Value field(rapidjson::kObjectType);
          field.AddMember("type", "string", outgoing.GetAllocator());
          props->AddMember(rapidjson::StringRef(secret), field, outgoing.GetAllocator());
        }
      }
      for (auto it = props->MemberBegin(); it != props->MemberEnd(); ++it) {
        Value& p = it->value;
        if (!p.IsObject()) continue;
        if (fault_ == FaultId::BadFormat && has_member(p, "format")) p["format"].SetString("hostname");
        // Only where the tool gave no description: the link is this fault's whole effect (a
        // replaced description would also break what schema-titles-as-asked judges).
        if (fault_ == FaultId::LinkInForm && !has_member(p, "description")) {
          p.AddMember("description", "Details at https://example.com/help", outgoing.GetAllocator());
        }
        if (fault_ == FaultId::BadDefault && has_member(p, "default")) p["default"].SetObject();
        if (fault_ == FaultId::BadEnum) break_enum(p, outgoing.GetAllocator());
        rewrite_schema_keywords(p, outgoing.GetAllocator());
      }
      if (fault_ == FaultId::DropRequired) outgoing["requestedSchema"].RemoveMember("required");
      if (fault_ == FaultId::RequireAll && !props->ObjectEmpty()) {
        // Every property required, as a schema built from a typed struct (no optional fields) has it.
        Value all(rapidjson::kArrayType);
        for (auto it = props->MemberBegin(); it != props->MemberEnd(); ++it)
          all.PushBack(Value(it->name, outgoing.GetAllocator()), outgoing.GetAllocator());
        outgoing["requestedSchema"].RemoveMember("required");
        outgoing["requestedSchema"].AddMember("required", all, outgoing.GetAllocator());
      }
      // A required name the properties do not define: no answer can satisfy the form. Only
      // forms that already list required fields get one, so the fault stays a quiet SHOULD.
      Value& schema = outgoing["requestedSchema"];
      if (fault_ == FaultId::UnsatisfiableSchema && has_member(schema, "required") &&
          schema["required"].IsArray()) {
        schema["required"].PushBack("nickname_that_is_not_a_field", outgoing.GetAllocator());
      }
    }
    if (fault_ == FaultId::NestSchema && has_member(outgoing, "requestedSchema") &&
        outgoing["requestedSchema"].IsObject() && has_member(outgoing["requestedSchema"], "properties")) {
      Value wrapped(rapidjson::kObjectType);
      wrapped.AddMember("type", "object", outgoing.GetAllocator());
      wrapped.AddMember("properties", outgoing["requestedSchema"]["properties"], outgoing.GetAllocator());
      if (has_member(outgoing["requestedSchema"], "required")) {  // the whole form moves one level down
        wrapped.AddMember("required", outgoing["requestedSchema"]["required"], outgoing.GetAllocator());
        outgoing["requestedSchema"].RemoveMember("required");
      }
      Value nested(rapidjson::kObjectType);
      nested.AddMember("nested", wrapped, outgoing.GetAllocator());
      outgoing["requestedSchema"]["properties"] = nested;
    }
    return outgoing;
  }

  // ---- the modern wire (2026-07-28): stateless, elicitation inside InputRequiredResult -------

  static constexpr const char* kInputKey = "elicitation";

  static bool is_modern_request(const ClassifiedMessage& m) {
    if (m.method == kServerDiscover) return true;
    const Value* meta =
        m.params != nullptr && m.params->IsObject() ? find_member(*m.params, "_meta") : nullptr;
    return meta != nullptr && meta->IsObject() &&
           (find_member(*meta, kMetaProtocolVersion) != nullptr ||
            find_member(*meta, kMetaClientCapabilities) != nullptr);
  }

  // A modern result: resultType and our server info first, then the members of `body` (an
  // object written by this file).
  std::string modern_result(std::string_view type, const std::string& body, bool discover = false) const {
    const bool info =
        discover ? fault_ != FaultId::NoServerInfoInDiscover : fault_ != FaultId::NoServerInfoMeta;
    const std::string head =
        R"({"resultType":)" + to_json_string(type) +
        (info
             ? R"(,"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"elicit-conform-reference","version":"0.1"}})"
             : "");
    return body.size() <= 2 ? head + "}" : head + "," + body.substr(1);
  }

  // result-type-on-calls-only: a listing result (server/discover, tools/list, prompts/list) goes
  // out without its resultType, as a server that adds it in its tools/call handler only would.
  std::string listing(std::string result) const {
    constexpr std::string_view head = R"({"resultType":"complete",)";
    if (fault_ == FaultId::ResultTypeOnCallsOnly && result.starts_with(head))
      result.replace(0, head.size(), "{");
    return result;
  }

  void modern(const Value& id, const ClassifiedMessage& m) {
    RequestMetaParse parsed = parse_request_meta(m.params, Revision::V2026_07_28, "/params");
    std::string missing;
    for (const Diagnostic& d : parsed.diagnostics) {
      // serve-without-version: a request without a protocol version is taken for the latest.
      if (fault_ == FaultId::ServeWithoutVersion && d.check == "meta.protocol-version-missing") continue;
      if (d.level == Level::Must && d.requirement == "META-REQUIRED-FIELDS")
        missing += (missing.empty() ? "" : "; ") + d.message;
    }
    if (!missing.empty() && fault_ != FaultId::AcceptMissingMeta) {
      return respond_error(id, -32602, "Invalid params: " + missing);  // META-MISSING-REJECT
    }
    auto revision = parse_revision(parsed.meta.protocol_version);
    if (fault_ == FaultId::ServeUnknownVersion && !parsed.meta.protocol_version.empty())
      revision = Revision::V2026_07_28;
    if (fault_ == FaultId::ServeWithoutVersion && parsed.meta.protocol_version.empty())
      revision = Revision::V2026_07_28;
    if (!revision || !features(*revision).modern_wire) {
      std::string supported;
      for (const std::string& v : modern_versions_)
        supported += (supported.empty() ? "" : ",") + to_json_string(v);
      return respond_error(id, static_cast<int>(kUnsupportedProtocolVersion), "Unsupported protocol version",
                           R"({"supported":[)" + supported + R"(],"requested":)" +
                               to_json_string(parsed.meta.protocol_version) + "}");
    }
    if (m.method == kServerDiscover) {
      if (fault_ == FaultId::NoDiscover)
        return respond_error(id, -32601, "Method not found: server/discover");
      if (fault_ == FaultId::DiscoverDropCapabilities) {
        return respond(
            id,
            modern_result("complete",
                          R"({"supportedVersions":["2026-07-28"],"ttlMs":0,"cacheScope":"public"})", true));
      }
      return respond(id,
                     listing(modern_result(
                         "complete",
                         R"({"supportedVersions":["2026-07-28"],"capabilities":{"tools":{},"prompts":{}},)"
                         R"("ttlMs":0,"cacheScope":"public"})",
                         true)));
    }
    if (m.method == "prompts/list" && fault_ == FaultId::InputRequiredOnPromptsList) {
      // The fault: listing its prompts already asks for the input one of them needs.
      return respond(
          id, modern_result("input_required", R"({"inputRequests":{"confirm":{"method":"elicitation/create",)"
                                              R"("params":{"message":"List the prompts?","requestedSchema":)"
                                              R"({"type":"object","properties":{}}}}}})"));
    }
    if (m.method == "tools/list") {
      if (fault_ == FaultId::InputRequiredOnList) {
        return respond(id, modern_result("input_required",
                                         R"({"inputRequests":{"confirm":{"method":"elicitation/create",)"
                                         R"("params":{"message":"List the tools?","requestedSchema":)"
                                         R"({"type":"object","properties":{}}}}}})"));
      }
      static const std::string tools = to_json(parse_json(kTools).document);
      return respond(id, listing(modern_result(
                             fault_ == FaultId::CustomResultType ? "tool_list" : "complete",
                             tools.substr(0, tools.size() - 1) + R"(,"ttlMs":0,"cacheScope":"public"})")));
    }
    if (m.method == "prompts/list") {
      static const std::string prompts = to_json(parse_json(kPrompts).document);
      return respond(id, listing(modern_result("complete", prompts.substr(0, prompts.size() - 1) +
                                                               R"(,"ttlMs":0,"cacheScope":"public"})")));
    }
    if (m.method == "tools/call") return modern_call(id, *m.params, parsed.meta, *revision);
    if (m.method == "prompts/get") return modern_prompt(id, *m.params, parsed.meta, *revision);
    respond_error(id, -32601, "Method not found: " + m.method);
  }

  // The contract's prompt elicit_prompt (docs/adapter-contract.md) on the modern wire: prompts/get,
  // a request that may get an InputRequiredResult as tools/call may (mrtr.mdx, "Supported
  // Requests"), asks with the elicitation params its argument "params" holds as JSON text, as the
  // elicit tool does; the retry gets the GetPromptResult, one user message whose text is the JSON
  // of the ElicitResult. The params go out as given (the schema faults are elicit's).
  void modern_prompt(const Value& id, const Value& params, const RequestMeta& meta, Revision revision) {
    const Value* name = find_member(params, "name");
    if (name == nullptr || !name->IsString() || std::string_view(name->GetString()) != "elicit_prompt")
      return respond_error(id, -32602, "Invalid params: no such prompt");
    const Value* args = find_member(params, "arguments");
    const Value* text = args != nullptr && args->IsObject() ? find_member(*args, "params") : nullptr;
    const ParsedJson asked = parse_json(text != nullptr && text->IsString() ? text->GetString() : "");
    if (!asked.ok() || !asked.document.IsObject()) {
      return respond_error(id, -32602,
                           "Invalid params: elicit_prompt needs the argument params, the JSON text of "
                           "elicitation/create params");
    }
    const Mode mode = mode_of(asked.document);
    if (!meta.elicitation.supports(mode)) return refuse_undeclared_mode(id, mode);
    const std::string state = "ref.prompt." + call_fingerprint(params);
    const Value* responses = find_member(params, "inputResponses");
    if (responses != nullptr && !responses->IsObject())
      return respond_error(id, -32602, "Invalid params: inputResponses must be an object");
    const Value* answer = responses != nullptr ? find_member(*responses, kInputKey) : nullptr;
    if (answer == nullptr) {
      if (fault_ == FaultId::PromptElicitsByRequest) {
        // The 2025 habit: a JSON-RPC request of its own (its answer is ignored), then the prompt.
        send(R"({"jsonrpc":"2.0","id":"legacy-)" + std::to_string(next_id_++) +
             R"(","method":"elicitation/create","params":)" + to_json(asked.document) + "}");
        return respond(id, modern_result("complete", prompt_result(R"({"action":"cancel"})")));
      }
      return respond(id,
                     modern_result("input_required", R"({"inputRequests":{")" + std::string(kInputKey) +
                                                         R"(":{"method":"elicitation/create","params":)" +
                                                         to_json(asked.document) + R"(}},"requestState":)" +
                                                         to_json_string(state) + "}"));
    }
    const Value* echoed = find_member(params, "requestState");
    if (echoed == nullptr || !echoed->IsString() || echoed->GetString() != state)
      return respond_error(id, -32602, "Invalid params: requestState does not belong to this request");
    if (!parse_elicit_result(*answer, revision, std::nullopt, "").result) {
      return respond_error(
          id, -32602, "Invalid params: inputResponses/" + std::string(kInputKey) + " is not an ElicitResult");
    }
    respond(id, modern_result("complete", prompt_result(to_json(*answer))));
  }

  // A GetPromptResult (its members, for modern_result) of one user message with this text.
  static std::string prompt_result(const std::string& text) {
    return R"({"description":"The user's answer to the elicitation","messages":[{"role":"user","content":{"type":"text","text":)" +
           to_json_string(text) + "}}]}";
  }

  void modern_call(const Value& id, const Value& params, const RequestMeta& meta, Revision revision) {
    const Value* name = find_member(params, "name");
    const Value* args = find_member(params, "arguments");
    if (name == nullptr || !name->IsString() || args == nullptr || !args->IsObject()) {
      return respond_error(id, -32602, "tools/call needs a name and an arguments object");
    }
    const std::string tool = name->GetString();
    if (tool == "elicit") {
      const Value* elicit_params = find_member(*args, "params");
      if (elicit_params == nullptr || !elicit_params->IsObject()) {
        return respond(id, modern_result("complete", text_result("elicit needs params", true)));
      }
      return modern_elicit(id, params, *elicit_params, ResultText::Json, meta, revision);
    }
    if (is_multi_round_tool(tool)) return modern_multi_round(id, tool, params, *args, meta);
    if (tool == "test_elicitation") {
      const Value* message = find_member(*args, "message");
      rapidjson::Document fixture = test_elicitation_fixture();
      fixture.AddMember("message",
                        message && message->IsString()
                            ? Value(message->GetString(), message->GetStringLength(), fixture.GetAllocator())
                            : Value("", fixture.GetAllocator()),
                        fixture.GetAllocator());
      return modern_elicit(id, params, fixture, ResultText::OfficialUserResponse, meta, revision);
    }
    if (tool == "test_elicitation_sep1034_defaults") {
      return modern_elicit(id, params, parse_json(kSep1034Params).document, ResultText::OfficialCompleted,
                           meta, revision);
    }
    if (tool == "test_elicitation_sep1330_enums") {
      return modern_elicit(id, params, parse_json(kSep1330Params).document, ResultText::OfficialCompleted,
                           meta, revision);
    }
    if (tool == "require_url" && fault_ == FaultId::UrlRequiredOnModern) {
      // The 2025-11-25 habit on the modern wire: the removed -32042 error.
      return respond_error(
          id, -32042, "This request requires more information.",
          R"({"elicitations":[{"mode":"url","message":"Open it","url":"https://example.com/x","elicitationId":"e1"}]})");
    }
    if (tool == "require_url" || tool == "complete") {
      // -32042 and notifications/elicitation/complete are 2025-11-25 only.
      return respond(
          id,
          modern_result("complete",
                        text_result(tool + " has no meaning in " + std::string(to_string(revision)), true)));
    }
    respond_error(id, -32602, "Unknown tool: " + tool);
  }

  // elicit_sequence and elicit_together (reference/multi_round.h): every mode they ask in must be one
  // the request declares (-32021 otherwise, CAPABILITY-MISSING-ERROR), then the step's result.
  void modern_multi_round(const Value& call_id, const std::string& tool, const Value& call_params,
                          const Value& args, const RequestMeta& meta) {
    for (const Value* asked : multi_round_params(args)) {
      const Mode mode = mode_of(*asked);
      if (!meta.elicitation.supports(mode)) return refuse_undeclared_mode(call_id, mode);
    }
    const MultiRoundStep step = multi_round_step(tool, call_params, fault_, multi_round_memory_);
    switch (step.kind) {
      case MultiRoundStep::Kind::InvalidParams:
        return respond_error(call_id, -32602, "Invalid params: " + step.why);
      case MultiRoundStep::Kind::Complete:
        return respond(call_id, modern_result("complete", text_result(step.answers, false)));
      case MultiRoundStep::Kind::Ask:
        if (fault_ == FaultId::EmptyLaterRound && step.round > 1)
          return respond(call_id, modern_result("input_required", "{}"));
        return respond(call_id,
                       modern_result("input_required",
                                     R"({"inputRequests":)" + step.input_requests +
                                         (step.request_state.empty()
                                              ? std::string()
                                              : R"(,"requestState":)" + to_json_string(step.request_state)) +
                                         "}"));
    }
  }

  // requestState: the round and the call's fingerprint (reference/multi_round.h), so a state
  // presented on another request is refused.
  static std::string request_state(const Value& call_params) {
    return "ref.1." + call_fingerprint(call_params);
  }

  void modern_elicit(const Value& call_id, const Value& call_params, const Value& params, ResultText style,
                     const RequestMeta& meta, Revision revision) {
    const Mode mode = mode_of(params);
    // Each request declares its own capabilities; remember-capabilities keeps the first
    // declaration for the requests that come later on the same connection.
    ElicitationCapability declared = meta.elicitation;
    if (fault_ == FaultId::EmptyCapabilityAsAll && meta.client_capabilities != nullptr) {
      const Value* elicitation = find_member(*meta.client_capabilities, "elicitation");
      if (elicitation != nullptr && elicitation->IsObject() && elicitation->ObjectEmpty())
        declared.url = true;
    }
    if (fault_ == FaultId::EmptyCapabilityAsNone && meta.client_capabilities != nullptr) {
      const Value* elicitation = find_member(*meta.client_capabilities, "elicitation");
      if (elicitation != nullptr && elicitation->IsObject() && elicitation->ObjectEmpty())
        declared.form = false;
    }
    if (fault_ == FaultId::RememberCapabilities) {
      if (declared.declared) {
        remembered_ = declared;
      } else if (remembered_) {
        declared = *remembered_;
      }
    }
    const bool ask_anyway = declared.declared ? fault_ == FaultId::SendUndeclaredMode
                                              : fault_ == FaultId::InputRequestWithoutCapability;
    if (!declared.supports(mode) && !ask_anyway) {
      // The fault capability-error-without-list breaks this, the elicit tool's refusal, only.
      return refuse_undeclared_mode(call_id, mode, fault_ != FaultId::CapabilityErrorWithoutList);
    }
    const std::string state = request_state(call_params);
    const Value* responses = find_member(call_params, "inputResponses");
    if (responses == nullptr && fault_ == FaultId::ReplaysCompletedCall) {
      // The fault: a call that repeats a completed one gets the old result, as if the server
      // could tell from the connection that this user already answered.
      if (const auto done = completed_.find(state); done != completed_.end())
        return respond(call_id, done->second);
    }
    if (responses == nullptr && has_member(call_params, "requestState") &&
        fault_ == FaultId::AbsentResponsesAsError) {
      return respond_error(call_id, -32602, "Invalid params: the retry has no inputResponses");
    }
    if (responses != nullptr && !responses->IsObject() && fault_ != FaultId::AcceptMalformedResponses) {
      // A retry whose inputResponses is no InputResponses object: a protocol error
      // (MRTR-SERVER-VALIDATE-RESPONSES, MRTR-PROTOCOL-ERRORS).
      if (fault_ == FaultId::MalformedResponsesAsToolError) {
        return respond(call_id,
                       modern_result("complete", text_result("inputResponses is not an object", true)));
      }
      return respond_error(call_id, fault_ == FaultId::ReservedCodeForBadInput ? -32030 : -32602,
                           "Invalid params: inputResponses must be an object");
    }
    if (responses != nullptr && responses->IsObject() && fault_ == FaultId::RejectUnknownResponses) {
      for (auto it = responses->MemberBegin(); it != responses->MemberEnd(); ++it) {
        if (std::string_view(it->name.GetString()) != kInputKey) {
          return respond_error(
              call_id, -32602,
              "Invalid params: unknown input response " + to_json_string(it->name.GetString()));
        }
      }
    }
    const Value* answer =
        responses != nullptr && responses->IsObject() ? find_member(*responses, kInputKey) : nullptr;
    if (answer == nullptr && responses != nullptr && fault_ == FaultId::ErrorOnMissingResponse) {
      return respond_error(call_id, -32602,
                           "Invalid params: no input response for " + to_json_string(kInputKey));
    }
    if (answer == nullptr) {
      // The first call, or a retry that left our key out: ask (again) rather than fail (MRTR-ASK-AGAIN).
      rapidjson::Document outgoing = outgoing_params(params, mode);
      if (mode == Mode::Url && fault_ == FaultId::EmptyInputRequired) {
        return respond(call_id, modern_result("input_required", "{}"));
      }
      if (fault_ == FaultId::LegacyElicitOnModern) {
        // The 2025 habit: a JSON-RPC request of its own on stdout (its answer is ignored).
        send(R"({"jsonrpc":"2.0","id":"legacy-)" + std::to_string(next_id_++) +
             R"(","method":"elicitation/create","params":)" + to_json(outgoing) + "}");
      }
      if (fault_ == (http_ ? FaultId::PingClientOnModernHttp : FaultId::PingClientOnModern)) {
        // A server-to-client request of its own, which 2026-07-28 forbids on stdio (on stdout) and
        // on Streamable HTTP (on the tools/call's response stream): one fault per transport.
        send(R"({"jsonrpc":"2.0","id":"ping-)" + std::to_string(next_id_++) + R"(","method":"ping"})");
      }
      const char* method = mode == Mode::Url && fault_ == FaultId::UrlInputRequestMethod
                               ? "elicitation/url"
                               : "elicitation/create";
      std::string entry = R"(")" + std::string(kInputKey) + R"(":{"method":")" + method + R"(","params":)" +
                          to_json(outgoing) + "}";
      if (mode == Mode::Url && fault_ == FaultId::DuplicateInputKey)
        entry += "," + entry;  // the same member name twice
      return respond(
          call_id, modern_result("input_required", R"({"inputRequests":{)" + entry + R"(},"requestState":)" +
                                                       to_json_string(state) + "}"));
    }
    const Value* echoed = find_member(call_params, "requestState");
    if (fault_ == FaultId::TrustStateFormat && echoed != nullptr && echoed->IsString() &&
        echoed->GetString() != state) {
      std::_Exit(70);  // the fault: a server that parses the state as its own dies on a foreign one
    }
    if (echoed == nullptr || !echoed->IsString() || echoed->GetString() != state) {
      return respond_error(call_id, -32602, "Invalid params: requestState does not belong to this request");
    }
    rapidjson::Document result;
    result.CopyFrom(*answer, result.GetAllocator());
    // An input response that is no ElicitResult cannot be parsed: a protocol error, not a tool
    // error (MRTR-PROTOCOL-ERRORS); content against the schema is the tool's business below.
    if (fault_ != FaultId::AcceptMalformedResponses &&
        !parse_elicit_result(result, revision, std::nullopt, "").result) {
      if (fault_ == FaultId::MalformedResponsesAsToolError) {
        return respond(call_id,
                       modern_result("complete", text_result("input response is not an ElicitResult", true)));
      }
      return respond_error(
          call_id, fault_ == FaultId::ReservedCodeForBadInput ? -32030 : -32602,
          "Invalid params: inputResponses/" + std::string(kInputKey) + " is not an ElicitResult");
    }
    misread_action(result, result.GetAllocator());
    if (fault_ == FaultId::FailOnDecline && has_member(result, "action") && result["action"].IsString() &&
        std::string_view(result["action"].GetString()) != "accept") {
      return respond_error(call_id, -32603, "Internal error: the tool expected the user to accept");
    }
    // A careful server validates what it receives (SERVER-VALIDATE-CONTENT).
    if (fault_ != FaultId::TrustContent) {
      for (const Diagnostic& d : validate_answer(result, params, revision)) {
        // modern-lengths-only: this wire's path checks string lengths and nothing else.
        const bool length = d.check == "content.min-length" || d.check == "content.max-length";
        if (fault_ == FaultId::ModernLengthsOnly && d.check.starts_with("content.") && !length) continue;
        if ((d.level == Level::Must || d.level == Level::Should) && !overlooked(d, params)) {
          return respond(call_id, modern_result("complete", text_result("invalid elicitation result at " +
                                                                            d.pointer + ": " + d.message,
                                                                        true)));
        }
      }
    }
    std::string final_result = modern_result("complete", text_result(describe_result(result, style), false));
    if (fault_ == FaultId::CompleteWithoutResultType)
      final_result = text_result(describe_result(result, style), false);
    if (fault_ == FaultId::ReplaysCompletedCall) completed_[state] = final_result;
    respond(call_id, final_result);
  }

  // The answer against the elicitation it answers: its action, and its content against the
  // schema this server asked with.
  static Diagnostics validate_answer(const Value& answer, const Value& params, Revision revision) {
    const std::string pointer = "/params/inputResponses/" + std::string(kInputKey);
    ElicitRequestParse request = parse_elicit_request(params, revision, "");
    std::optional<Mode> mode;
    if (request.request) mode = request.request->mode;
    ElicitResultParse parsed = parse_elicit_result(answer, revision, mode, pointer);
    Diagnostics out = std::move(parsed.diagnostics);
    if (parsed.result && parsed.result->action == Action::Accept && parsed.result->content != nullptr &&
        request.request && request.request->requested_schema != nullptr) {
      SchemaCheck schema = check_requested_schema(*request.request->requested_schema, revision, "");
      for (Diagnostic& d : validate_content(schema.schema, *parsed.result->content, pointer + "/content",
                                            ContentRules{"SERVER-VALIDATE-CONTENT", Level::Should})) {
        out.push_back(std::move(d));
      }
    }
    return out;
  }

  // The schema of the property a content diagnostic points at (/result/content/<name>...).
  static const Value* property_at(const std::string& pointer, const Value& params) {
    static constexpr std::string_view kContent =
        "/content/";  // /result/content/ or .../inputResponses/x/content/
    const std::size_t at = pointer.find(kContent);
    if (at == std::string::npos) return nullptr;
    std::string name = pointer.substr(at + kContent.size());
    name = name.substr(0, name.find('/'));
    const Value* schema = find_member(params, "requestedSchema");
    const Value* props = schema && schema->IsObject() ? find_member(*schema, "properties") : nullptr;
    return props && props->IsObject() ? find_member(*props, name) : nullptr;
  }

  // The content-validation faults: each overlooks one class of invalid content.
  //   accept-fractions       a number with a fraction for an integer
  //   accept-unlisted-items  multi-select items that are not among the options
  //   ignore-item-count      too many or too few multi-select items
  //   accept-titles          a titled enum answered with anything, its titles included
  //   skip-pattern, skip-format   the pattern, the format
  //   skip-maximum           the maximum (the minimum is still checked)
  //   email-format-only      every format but email
  //   utf16-lengths          (below) lengths counted in UTF-16 code units, as JavaScript's .length does
  bool overlooked(const Diagnostic& d, const Value& params) const {
    const Value* property = property_at(d.pointer, params);
    const bool multi = property && property->IsObject() && find_member(*property, "items") != nullptr;
    const bool titled =
        property && property->IsObject() &&
        (find_member(*property, "oneOf") != nullptr || find_member(*property, "anyOf") != nullptr);
    if (fault_ == FaultId::AcceptFractions) return d.check == "content.integer";
    if (fault_ == FaultId::AcceptUnlistedItems) return d.check == "content.enum" && multi;
    if (fault_ == FaultId::IgnoreItemCount)
      return d.check == "content.min-items" || d.check == "content.max-items";
    if (fault_ == FaultId::AcceptTitles) return d.check == "content.enum" && titled && !multi;
    if (fault_ == FaultId::SkipPattern) return d.check == "content.pattern";
    if (fault_ == FaultId::SkipFormat) return d.check == "content.format";
    if (fault_ == FaultId::SkipMaximum) return d.check == "content.maximum";
    if (fault_ == FaultId::EmailFormatOnly) {
      const Value* format = property && property->IsObject() ? find_member(*property, "format") : nullptr;
      return d.check == "content.format" &&
             !(format && format->IsString() && std::string_view(format->GetString()) == "email");
    }
    if (fault_ == FaultId::Utf16Lengths)
      return d.check == "content.min-length" || d.check == "content.max-length";
    return false;
  }

  // utf16-lengths: minLength and maxLength counted in UTF-16 code units (a character outside the
  // Basic Multilingual Plane counts twice) instead of code points.
  static std::string utf16_length_problem(const Value& result, const Value& params) {
    const Value* content = find_member(result, "content");
    if (content == nullptr || !content->IsObject()) return "";
    for (auto it = content->MemberBegin(); it != content->MemberEnd(); ++it) {
      if (!it->value.IsString()) continue;
      const Value* property = property_at("/result/content/" + std::string(it->name.GetString()), params);
      if (property == nullptr || !property->IsObject()) continue;
      std::size_t units = 0;
      for (std::size_t i = 0; i < it->value.GetStringLength(); ++i) {
        const auto byte = static_cast<unsigned char>(it->value.GetString()[i]);
        if ((byte & 0xC0) != 0x80)
          units += byte >= 0xF0 ? 2 : 1;  // a lead byte; 4-byte sequences are surrogate pairs
      }
      const Value* min = find_member(*property, "minLength");
      const Value* max = find_member(*property, "maxLength");
      if (min && min->IsUint64() && units < min->GetUint64()) return "shorter than minLength";
      if (max && max->IsUint64() && units > max->GetUint64()) return "longer than maxLength";
    }
    return "";
  }

  // The faults of a schema builder that rewrites what the tool asked for (each one class):
  //   strip-defaults         every default is gone
  //   strip-falsy-defaults   defaults that are false, 0, "" or [] are gone (`if (default)` in JS)
  //   number-for-integer     type integer becomes number
  //   strip-format           format is gone
  //   strip-constraints      pattern, minLength, maxLength, minimum, maximum, minItems, maxItems are gone
  //   titled-enum-as-text    a titled single-select (oneOf of const + title) becomes free text
  //   drop-titles            a property's title and description are gone
  void rewrite_schema_keywords(Value& p, rapidjson::Document::AllocatorType& a) const {
    const auto drop = [&p](std::initializer_list<const char*> keys) {
      for (const char* k : keys) p.RemoveMember(k);
    };
    if (fault_ == FaultId::StripDefaults) drop({"default"});
    if (fault_ == FaultId::StripFalsyDefaults && has_member(p, "default")) {
      const Value& d = p["default"];
      if (d.IsFalse() || (d.IsNumber() && d.GetDouble() == 0) || (d.IsString() && d.GetStringLength() == 0) ||
          (d.IsArray() && d.Empty())) {
        drop({"default"});
      }
    }
    if (fault_ == FaultId::NumberForInteger && has_member(p, "type") && p["type"].IsString() &&
        std::string_view(p["type"].GetString()) == "integer") {
      p["type"].SetString("number", a);
    }
    if (fault_ == FaultId::StripFormat) drop({"format"});
    if (fault_ == FaultId::StripConstraints)
      drop({"pattern", "minLength", "maxLength", "minimum", "maximum", "minItems", "maxItems"});
    if (fault_ == FaultId::TitledEnumAsText && has_member(p, "oneOf")) drop({"oneOf"});
    if (fault_ == FaultId::DropTitles) drop({"title", "description"});
  }

  // The action-handling faults: how a careless server reads what the user did.
  void misread_action(Value& result, rapidjson::Document::AllocatorType& a) const {
    if (!result.IsObject() || !has_member(result, "action") || !result["action"].IsString()) return;
    const std::string_view action = result["action"].GetString();
    if (fault_ == FaultId::MixUpDeclineCancel && (action == "decline" || action == "cancel")) {
      result["action"].SetString(action == "decline" ? "cancel" : "decline", a);
    }
    if (fault_ == FaultId::ContentMeansAccept && action != "accept" && has_member(result, "content")) {
      result["action"].SetString("accept", a);
    }
  }

  static std::string describe_result(const Value& result, ResultText style) {
    if (style == ResultText::Json) return to_json(result);
    const Value* action = find_member(result, "action");
    const Value* content = find_member(result, "content");
    const std::string a = action ? (action->IsString() ? action->GetString() : to_json(*action)) : "none";
    const std::string c = content ? to_json(*content) : "undefined";
    if (style == ResultText::OfficialUserResponse)
      return "User response: <action: " + a + ", content: " + c + ">";
    return "Elicitation completed: action=" + a + ", content=" + c;
  }

  // Every enum variant of SEP-1330 gets integer options: the enum list, the const of each
  // oneOf/anyOf option, and the items of a multi-select.
  static void break_enum(Value& p, rapidjson::Document::AllocatorType& a) {
    if (has_member(p, "enum") && p["enum"].IsArray()) {
      p["enum"].SetArray();
      p["enum"].PushBack(1, a).PushBack(2, a);
    }
    for (const char* list : {"oneOf", "anyOf"}) {
      if (!has_member(p, list) || !p[list].IsArray()) continue;
      int n = 0;
      for (Value& option : p[list].GetArray()) {
        if (option.IsObject() && has_member(option, "const")) option["const"].SetInt(++n);
      }
    }
    if (has_member(p, "items") && p["items"].IsObject()) break_enum(p["items"], a);
  }

  MessageReport check_result(const rapidjson::Document& message, const Value& params) {
    MessageCheckOptions o;
    o.revision = revision_;
    o.answered_request_params = &params;
    return check_message(message, o);
  }

  void require_url(const Value& call_id, const Value& args) {
    const Value* list = find_member(args, "elicitations");
    if (list == nullptr || !list->IsArray())
      return respond(call_id, text_result("require_url needs elicitations", true));
    if (fault_ != FaultId::FormEntryInUrlError) {
      for (const Value& entry : list->GetArray()) {
        const Value* mode = find_member(entry, "mode");
        const Value* eid = find_member(entry, "elicitationId");
        if (!mode || !mode->IsString() || std::string_view(mode->GetString()) != "url" || !eid ||
            !eid->IsString()) {
          return respond(call_id, text_result("refused: a URL elicitation required error lists only URL-mode "
                                              "elicitations with an elicitationId",
                                              true));
        }
      }
    }
    for (const Value& entry : list->GetArray()) {
      const Value* eid = find_member(entry, "elicitationId");
      if (eid && eid->IsString()) issued_.insert(std::string(eid->GetString(), eid->GetStringLength()));
    }
    std::string entries = to_json(*list);
    if (fault_ == FaultId::UrlErrorWithoutMessage) {
      rapidjson::Document copy;
      copy.CopyFrom(*list, copy.GetAllocator());
      for (Value& entry : copy.GetArray()) {
        if (entry.IsObject()) entry.RemoveMember("message");
      }
      entries = to_json(copy);
    }
    const std::string data = R"({"elicitations":)" + entries + "}";
    if (fault_ == FaultId::UrlRequiredAsResult) return respond(call_id, text_result(data, true));
    if (fault_ == FaultId::DropUrlErrorList) {
      return respond_error(call_id, static_cast<int>(kUrlElicitationRequired),
                           "This request requires more information.");
    }
    respond_error(call_id, static_cast<int>(kUrlElicitationRequired),
                  "This request requires more information.", data);
  }

  void complete(const Value& call_id, const Value& args) {
    const Value* eid = find_member(args, "elicitationId");
    if (eid == nullptr || !eid->IsString())
      return respond(call_id, text_result("complete needs elicitationId", true));
    // The whole string: an id may hold U+0000, which a C string would end at.
    std::string id(eid->GetString(), eid->GetStringLength());
    if (fault_ == FaultId::CompleteWrongId) {
      id += "-other";
    } else if (!issued_.contains(id)) {
      return respond(call_id,
                     text_result("refused: elicitation " + id + " was not issued to this client", true));
    }
    const std::string notification =
        R"({"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{"elicitationId":)" +
        to_json_string(id) + "}}";
    send(notification);
    if (cross_ && fault_ == FaultId::BroadcastComplete) {
      // The fault: every other open session gets it too (on its GET stream).
      std::vector<std::shared_ptr<MessageChannel>> others;
      {
        std::lock_guard lock(cross_->m);
        for (const auto& [raw, session] : cross_->sessions)
          if (raw != &channel_) others.push_back(session);
      }
      for (const auto& other : others) other->send(notification, Deadline::after(std::chrono::seconds(1)));
    }
    respond(call_id, text_result("completion sent", false));
  }

  MessageChannel& channel_;
  FaultId fault_;
  bool http_ = false;  // served over Streamable HTTP (the faults of that transport act only there)
  std::shared_ptr<CrossSession> cross_;  // the listener's sessions (HTTP only; the two cross-session faults)
  std::string awaiting_;               // the id of the elicitation/create waiting for its answer (JSON text)
  std::vector<std::string> versions_;  // initialize-based, latest first
  std::vector<std::string> modern_versions_;  // served without initialize (2026-07-28)
  Revision revision_ = default_revision();
  bool elicitation_allowed_ = true;
  ElicitationCapability capability_;
  std::optional<ElicitationCapability> remembered_;  // the remember-capabilities fault only
  MultiRoundMemory multi_round_memory_;              // the rounds-on-connection fault only
  std::map<std::string, std::string> completed_;     // the replays-completed-call fault only: state -> result
  std::deque<rapidjson::Document> deferred_;
  std::set<std::string> issued_;
  std::map<std::string, ServerTask> tasks_;  // 2025-11-25 tasks, by task id
  int next_id_ = 0;
  bool modern_request_ = false;  // the request being served came on the modern wire
  SelfCheckedPeer self_check_{"the reference server"};
};

}  // namespace

int run_reference_server(int in_fd, int out_fd, const ReferenceServerOptions& options) {
  StdioChannel channel(
      in_fd, [out_fd](std::string_view line, Deadline d) { return write_line(out_fd, line, d); },
      LineReader::kDefaultMaxLineBytes);
  return ReferenceServer(channel, options).run();
}

int run_reference_server_http(int port, const ReferenceServerOptions& reference) {
  HttpServerOptions options;
  options.port = port;
  options.prime_streams = reference.prime_sse;
  options.threads = 64;  // each session holds a GET stream and a tools/call stream at once
  // The modern wire's HTTP duties (2026-07-28, Streamable HTTP): a request whose
  // MCP-Protocol-Version header is not its _meta version is refused with 400 and -32020 before it
  // is read; the errors the spec sends with 400 get 400. Each fault below breaks one of them.
  options.reject_header_mismatch = reference.fault != FaultId::AcceptVersionHeaderMismatch;
  const FaultId fault = reference.fault;
  options.modern_error_status = [fault](std::int64_t code) {
    if ((fault == FaultId::MetaMissingHttp200 && code == -32602) ||
        (fault == FaultId::CapabilityMissingHttp200 && code == kMissingRequiredClientCapability) ||
        (fault == FaultId::UnsupportedVersionHttp200 && code == kUnsupportedProtocolVersion))
      return 200;
    return modern_error_status(code);
  };
  std::string error;
  auto server = HttpServer::start(options, error);
  if (!server) {
    std::cerr << "reference server: " << error << "\n";
    return 3;
  }
  std::cout << server->url() << std::endl;  // the first line: where to connect
  // One conformant server per session, as an SDK keeps one per connection. The sessions end
  // with their DELETE; the process ends when it is killed.
  auto cross = std::make_shared<CrossSession>();
  for (;;) {
    std::shared_ptr<MessageChannel> session = server->accept(Deadline::after(std::chrono::hours(1)));
    if (!session) continue;
    std::thread([session, reference, cross] {
      {
        std::lock_guard lock(cross->m);
        cross->sessions[session.get()] = session;
      }
      ReferenceServer(*session, reference, true, cross).run();
      std::lock_guard lock(cross->m);
      cross->sessions.erase(session.get());
      std::erase_if(cross->stray, [&](const auto& s) { return s.first == session.get(); });
    }).detach();
  }
}

}  // namespace ec
