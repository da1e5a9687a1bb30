#include "sut_fuzzer/case_writer.h"

#include <cstdio>
#include <optional>

#include "core/json.h"
#include "sut_fuzzer/modern_case_writer.h"
#include "sut_fuzzer/mutator.h"

namespace ec {
namespace {

using rapidjson::Value;

rapidjson::Document parse(const std::string& json) {
  rapidjson::Document d;
  d.Parse(json.c_str(), json.size());
  return d;
}

// Any answer at all: a SUT that crashed or went silent sends none.
constexpr const char* kAnyAnswer = R"({"$one_of":[{"result":"$any"},{"error":"$any"}]})";

// The contract's other tools, for an input that called them: require_url with the input's params
// as its one elicitation, and complete of that elicitation's id after it.
void add_other_tool_steps(Value& steps, Value& sut, const Value& params, const FuzzFinding& finding,
                          rapidjson::Document::AllocatorType& a) {
  const auto step = [&](const std::string& json) { return Value(parse(json), a); };
  const std::string& o = finding.oracle;
  Value call = step(
      R"({"send":{"method":"tools/call","params":{"name":"require_url","arguments":{"elicitations":[]}}},"as":"call","prerequisite":true})");
  call["send"]["params"]["arguments"]["elicitations"].PushBack(Value(params, a), a);
  steps.PushBack(call, a);
  const Value* eid = find_member(params, "elicitationId");
  if (o == "completion-id" && eid != nullptr) {
    steps.PushBack(step(std::string(R"({"expect":)") + kAnyAnswer + R"(,"response_to":"call"})"), a);
    Value complete = step(
        R"({"send":{"method":"tools/call","params":{"name":"complete","arguments":{}}},"as":"complete_call","prerequisite":true})");
    complete["send"]["params"]["arguments"].AddMember("elicitationId", Value(*eid, a), a);
    steps.PushBack(complete, a);
    Value e = step(R"({"expect":{"method":"notifications/elicitation/complete","params":{}}})");
    Value literal(rapidjson::kObjectType);
    literal.AddMember("$literal", Value(*eid, a), a);
    e["expect"]["params"].AddMember("elicitationId", literal, a);
    steps.PushBack(e, a);
    sut["needs_tools"].PushBack("complete", a);
  } else if (o == "url-required-error" && finding.requirement == "SERVER-ERR-URL-REQUIRED") {
    steps.PushBack(step(R"({"expect":{"error":{"code":-32042}},"response_to":"call"})"), a);
    steps.PushBack(step(R"({"check":"elicitations-valid"})"), a);
  } else {
    steps.PushBack(step(std::string(R"({"expect":)") + kAnyAnswer + R"(,"response_to":"call"})"), a);
    steps.PushBack(step(R"({"check":"elicitations-valid"})"), a);
  }
  sut["needs_tools"].PushBack("require_url", a);
}

}  // namespace

std::string fuzz_case_name(const FuzzFinding& finding) {
  std::uint64_t h = 1469598103934665603ULL;
  for (char c : finding.key()) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return "fuzz." + finding.oracle + "." + std::string(hex, 12);
}

std::string fuzz_case_json(const std::string& role, Revision revision, const std::string& capabilities,
                           const FuzzFinding& finding, const FuzzOutcome& outcome,
                           const std::string& transport) {
  rapidjson::Document c(rapidjson::kObjectType);
  auto& a = c.GetAllocator();
  const std::string name = fuzz_case_name(finding);
  const auto s = [&](const std::string& text) {
    return Value(text.c_str(), static_cast<rapidjson::SizeType>(text.size()), a);
  };
  const auto step = [&](const std::string& json) { return Value(parse(json), a); };
  c.AddMember("id", s(role + "." + name), a);
  c.AddMember("title",
              s("Fuzz finding " + name.substr(name.rfind('.') + 1) + " (" + finding.oracle + ", " +
                finding.signature + ") does not recur"),
              a);
  c.AddMember("$comment", s("Written by elicit-conform fuzz: " + finding.detail), a);
  c.AddMember("role", s(role), a);
  Value revisions(rapidjson::kArrayType);
  revisions.PushBack(s(std::string(to_string(revision))), a);
  c.AddMember("revisions", revisions, a);
  Value transports(rapidjson::kArrayType);
  transports.PushBack(s(transport), a);
  c.AddMember("transports", transports, a);
  Value requirements(rapidjson::kArrayType);
  requirements.PushBack(s(finding.requirement), a);
  c.AddMember("requirements", requirements, a);
  c.AddMember("level", s(finding.level == Level::Must ? "MUST" : "SHOULD"), a);
  if (finding.robustness) c.AddMember("scope", s("robustness"), a);

  Value sut(rapidjson::kObjectType);
  if (capabilities == "none")
    sut.AddMember("capabilities", "none", a);
  else
    sut.AddMember("capabilities", Value(parse(capabilities), a), a);
  const Value empty(rapidjson::kObjectType);
  const Value* params = find_member(outcome.input, "params");
  if (!params) params = &empty;
  Value steps(rapidjson::kArrayType);
  const std::string& o = finding.oracle;
  // The notifications the input sent (a server gets them before its tool call, a client after its
  // answer), each a send step as it went.
  const auto send_notifications = [&] {
    const Value* notify = find_member(outcome.input, "notify");
    if (notify == nullptr || !notify->IsArray()) return;
    for (const Value& n : notify->GetArray()) {
      if (FuzzMutator::notification_message(n).empty()) continue;  // the session did not send it
      Value send(rapidjson::kObjectType);
      send.AddMember("send", Value(n, a), a);
      send.AddMember("as", s("notify_" + std::to_string(steps.Size())), a);
      steps.PushBack(send, a);
    }
  };
  if (role == "server" && features(revision).modern_wire) {
    sut.AddMember("needs_tools", Value(rapidjson::kArrayType), a);
    add_modern_server_steps(steps, sut, finding, outcome, capabilities, revision, a);
  } else if (role == "server") {
    sut.AddMember("needs_tools", step(R"(["elicit"])"), a);
    const Value* reply = find_member(outcome.input, "reply");
    // The input as the fuzzer ran it: the tool call, and the SUT's elicitation answered with the
    // reply it got. `n` names the steps of a second run of the same input.
    // An elicitation in a mode the client did not declare is the finding itself: the case sends
    // the call and judges what came, it does not wait for an elicitation a clean server never sends
    // (the step engine answers a request no step expects as a plain client would).
    const bool elicited = outcome.sut_elicited && reply && o != "undeclared-mode";
    const auto run_input = [&](const std::string& n) {
      Value call = step(
          R"({"send":{"method":"tools/call","params":{"name":"elicit","arguments":{}}},"prerequisite":true})");
      call["send"]["params"]["arguments"].AddMember("params", Value(*params, a), a);
      call.AddMember("as", s("call" + n), a);
      steps.PushBack(call, a);
      if (elicited) {
        Value create = step(R"({"expect":{"method":"elicitation/create"},"prerequisite":true})");
        create.AddMember("as", s("create" + n), a);
        steps.PushBack(create, a);
        Value r = step(R"({"reply":{}})");
        r["reply"].AddMember("result", Value(*reply, a), a);
        r.AddMember("to", s("create" + n), a);
        steps.PushBack(r, a);
      }
    };
    const auto any_answer_to = [&](const std::string& n) {
      Value e = step(std::string(R"({"expect":)") + kAnyAnswer + "}");
      e.AddMember("response_to", s("call" + n), a);
      steps.PushBack(e, a);
    };
    send_notifications();
    const Value* tool = find_member(outcome.input, "tool");
    const bool other_tool = tool != nullptr && tool->IsString();
    if (other_tool)
      add_other_tool_steps(steps, sut, *params, finding, a);
    else
      run_input("");
    if (other_tool) {
      // add_other_tool_steps wrote the expectations too
    } else if (o == "misreported-action" && reply && find_member(*reply, "action")) {
      // The tool reports the action it got (the adapter contract's `elicit`), or the server refuses
      // the answer (a tool error, an error): what it may not do is report another action.
      Value e = step(
          R"({"expect":{"$one_of":[{"result":{"isError":true}},{"error":"$any"},)"
          R"({"result":{"content":{"$contains":{"type":"text","text":{"$json":{}}}}}}]},"response_to":"call"})");
      e["expect"]["$one_of"][2]["result"]["content"]["$contains"]["text"]["$json"].AddMember(
          "action", Value(*find_member(*reply, "action"), a), a);
      steps.PushBack(e, a);
    } else if (o == "accepted-invalid-content") {
      steps.PushBack(
          step(
              R"({"expect":{"$one_of":[{"result":{"isError":true}},{"error":"$any"}]},"response_to":"call"})"),
          a);
    } else if (o == "broke-valid-request") {
      steps.PushBack(step(R"({"check":"elicitations-valid"})"), a);
    } else if (o == "undeclared-mode") {
      any_answer_to("");
      steps.PushBack(step(R"({"check":"elicitations-valid"})"), a);
    } else if (o == "reused-request-id") {
      // One input is one elicitation: the same input twice makes a second request to compare.
      any_answer_to("");
      run_input("2");
      any_answer_to("2");
      steps.PushBack(step(R"({"check":"no-id-reuse"})"), a);
    } else if (o == "altered-schema" || o == "added-sensitive-field" || o == "inconsistent-schema" ||
               o == "altered-guidance") {
      const char* check = o == "altered-schema"          ? R"({"check":"schema-as-asked"})"
                          : o == "added-sensitive-field" ? R"({"check":"security-heuristics"})"
                          : o == "inconsistent-schema"   ? R"({"check":"schema-consistent"})"
                                                         : R"({"check":"schema-titles-as-asked"})";
      steps.PushBack(step(check), a);
      any_answer_to("");
    } else {
      any_answer_to("");
    }
    if (o == "answered-notification") steps.PushBack(step(R"({"check":"no-response-to-notification"})"), a);
    if (o == "handshake") steps.PushBack(step(R"({"check":"protocol-version"})"), a);
  } else if (features(revision).modern_wire) {
    add_modern_client_steps(steps, sut, finding, outcome, a);
  } else if (o == "handshake") {
    // The set-up as a case sees it: initialize (asking the version and declaring the capability the
    // client was told to), the harness's answer, notifications/initialized, nothing before initialize.
    sut.AddMember("user", Value(rapidjson::kArrayType), a);
    c.AddMember("lifecycle", "manual", a);  // the case answers initialize itself
    // The version it was told to ask for (ELICIT_CONFORM_PROTOCOL_VERSION): a case that answers
    // initialize itself records no negotiated version for the protocol-version check to read.
    Value init = step(R"({"expect":{"method":"initialize","params":{}},"as":"init"})");
    init["expect"]["params"].AddMember("protocolVersion", s(std::string(to_string(revision))), a);
    const rapidjson::Document told = parse(capabilities);
    if (told.IsObject()) {
      Value caps(rapidjson::kObjectType);
      caps.AddMember("elicitation", Value(told, a), a);
      init["expect"]["params"].AddMember("capabilities", caps, a);
    }
    steps.PushBack(init, a);
    Value reply = step(
        R"({"reply":{"result":{"capabilities":{"tools":{}},"serverInfo":{"name":"elicit-conform","version":"0.1"}}},"to":"init"})");
    reply["reply"]["result"].AddMember("protocolVersion", s(std::string(to_string(revision))), a);
    steps.PushBack(reply, a);
    steps.PushBack(step(R"({"expect":{"method":"notifications/initialized"}})"), a);
    steps.PushBack(step(R"({"check":"initialize-first"})"), a);
  } else {
    Value user(rapidjson::kArrayType);
    // The user answer the client was given, as scripted (it may have re-encoded it before sending).
    const bool scripted = o == "invalid-content" || o == "invalid-result" || o == "altered-action";
    if (scripted && !outcome.user_answer.IsNull()) {
      user.PushBack(Value(outcome.user_answer, a), a);
    } else if (o == "invalid-content" && !outcome.accepted_content.IsNull()) {
      Value answer = step(R"({"action":"accept"})");
      answer.AddMember("content", Value(outcome.accepted_content, a), a);
      user.PushBack(answer, a);
    } else if (o == "ignored-defaults") {
      user.PushBack(step(R"({"action":"accept"})"), a);
    }
    // What the user did, read before AddMember moves `user` into the case (RapidJSON moves: the
    // array left behind is null; reading it was a type error RAPIDJSON_ASSERT now stops).
    std::optional<std::string> user_action;
    if (user.Size() == 1) {
      const Value* said = find_member(user[0], "action");
      user_action = said && said->IsString() ? said->GetString() : "cancel";
    }
    sut.AddMember("user", user, a);
    Value send = step(R"({"send":{"method":"elicitation/create"},"as":"req","prerequisite":true})");
    send["send"].AddMember("params", Value(*params, a), a);
    steps.PushBack(send, a);
    if (o == "accepted-invalid-request" || o == "accepted-undeclared-mode") {
      steps.PushBack(step(R"({"expect":{"error":{"code":{"$type":"integer"}}},"response_to":"req"})"), a);
    } else if (o == "error-code") {
      steps.PushBack(step(R"({"expect":{"error":{"code":-32602}},"response_to":"req"})"), a);
    } else if (o == "refused-valid-request") {
      steps.PushBack(step(R"({"expect":{"result":{"action":{"$type":"string"}}},"response_to":"req"})"), a);
    } else if (o == "invalid-content") {
      Value e =
          step(R"({"expect":{"$not":{"result":{"action":"accept","content":{}}}},"response_to":"req"})");
      e["expect"]["$not"]["result"]["content"].AddMember("$literal", Value(outcome.accepted_content, a), a);
      steps.PushBack(e, a);
    } else if (o == "altered-action" && user_action) {
      // What the user did, or, for an accept, the cancel of a client that would not submit it.
      const std::string& action = *user_action;
      Value e = step(R"({"expect":{"result":{"action":{"$one_of":[]}}},"response_to":"req"})");
      Value& options = e["expect"]["result"]["action"]["$one_of"];
      options.PushBack(s(action == "accept" || action == "decline" ? action : "cancel"), a);
      if (action == "accept" && mode_of_params(*params) == "form") options.PushBack(s("cancel"), a);
      steps.PushBack(e, a);
    } else if (o == "ignored-defaults") {
      // The untouched form as submitted: each default by value, or no submission at all.
      Value defaults(rapidjson::kObjectType);
      const Value* schema = find_member(*params, "requestedSchema");
      const Value* properties = schema && schema->IsObject() ? find_member(*schema, "properties") : nullptr;
      if (properties && properties->IsObject()) {
        for (auto it = properties->MemberBegin(); it != properties->MemberEnd(); ++it) {
          const Value* d = it->value.IsObject() ? find_member(it->value, "default") : nullptr;
          if (d == nullptr) continue;
          Value literal(rapidjson::kObjectType);
          literal.AddMember("$literal", Value(*d, a), a);
          defaults.AddMember(Value(it->name, a), literal, a);
        }
      }
      Value e = step(
          R"({"expect":{"$one_of":[{"error":"$any"},{"result":{"action":{"$one_of":["decline","cancel"]}}},)"
          R"({"result":{"action":"accept"}}]},"response_to":"req"})");
      e["expect"]["$one_of"][2]["result"].AddMember("content", defaults, a);
      steps.PushBack(e, a);
    } else {
      steps.PushBack(step(std::string(R"({"expect":)") + kAnyAnswer + R"(,"response_to":"req"})"), a);
    }
    if (o == "invalid-result") steps.PushBack(step(R"({"check":"results-valid"})"), a);
    if (find_member(outcome.input, "notify") != nullptr) {
      // After the notifications, a ping: a client that ignored them is still there to answer it.
      send_notifications();
      steps.PushBack(step(R"({"send":{"method":"ping"},"as":"alive"})"), a);
      steps.PushBack(step(R"({"expect":{"result":{}},"response_to":"alive"})"), a);
      if (o == "answered-notification") steps.PushBack(step(R"({"check":"no-response-to-notification"})"), a);
    }
  }
  if (o == "invalid-jsonrpc") steps.PushBack(step(R"({"check":"jsonrpc-valid"})"), a);
  if (o == "answered-twice") steps.PushBack(step(R"({"check":"one-response-per-request"})"), a);
  c.AddMember("sut", sut, a);
  // The messages of a written case are the campaign's mutated input: they may break the schema
  // on purpose, and say so (the self-check of the harness's own messages leaves them alone).
  for (Value& st : steps.GetArray()) {
    if (st.IsObject() && (has_member(st, "send") || has_member(st, "reply")) &&
        !has_member(st, "nonconformant"))
      st.AddMember("nonconformant",
                   "written by elicit-conform fuzz from a mutated input: it may break the schema", a);
  }
  c.AddMember("steps", steps, a);
  return to_json(c);
}

}  // namespace ec
