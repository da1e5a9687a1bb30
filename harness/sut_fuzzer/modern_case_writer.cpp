#include "sut_fuzzer/modern_case_writer.h"

#include "cases/modern_client_checks.h"
#include "core/json.h"
#include "sut_fuzzer/mutator.h"

namespace ec {
namespace {

using rapidjson::Value;
using Alloc = rapidjson::Document::AllocatorType;

constexpr const char* kAnyAnswer = R"({"$one_of":[{"result":"$any"},{"error":"$any"}]})";

// The InputRequiredResult the retry needs: an elicitation under some key, and the state if any.
constexpr const char* kAskedForInput = R"({"result":{"$all_of":[
  {"resultType":"input_required","inputRequests":{"$member":{"key":{"$capture":"key"},"value":{"method":"elicitation/create"}}}},
  {"$one_of":[{"requestState":{"$capture":"state"}},{"requestState":{"$absent":true}}]}]}})";

// What a server may answer to a retry whose content breaks the schema: refuse it (a tool error,
// an error) or ask again; what it may not do is report it as accepted.
constexpr const char* kRefusedOrAskedAgain =
    R"({"$one_of":[{"result":{"isError":true}},{"error":"$any"},{"result":{"resultType":"input_required"}}]})";

Value parsed(const std::string& json, Alloc& a) {
  rapidjson::Document d;
  d.Parse(json.c_str(), json.size());
  return Value(d, a);
}

Value text(const std::string& s, Alloc& a) {
  return Value(s.c_str(), static_cast<rapidjson::SizeType>(s.size()), a);
}

// The check that replays a finding judged whole-transcript, or "" (an expect step judges it).
const char* check_for(const FuzzFinding& f) {
  const std::string& o = f.oracle;
  if (o == "invalid-modern-result")
    return f.requirement == "RESULT-TYPE-SET" ? "result-types-core" : "modern-results-valid";
  if (o == "missing-server-info") return "modern-server-info";
  if (o == "undeclared-mode") return "modern-results-valid";
  if (o == "broke-valid-request") return "elicitations-valid";
  if (o == "altered-schema") return "schema-as-asked";
  if (o == "added-sensitive-field") return "security-heuristics";
  if (o == "inconsistent-schema") return "schema-consistent";
  if (o == "altered-guidance") return "schema-titles-as-asked";
  if (o == "server-request") return "no-legacy-elicitation";
  if (o == "answered-notification") return "no-response-to-notification";
  if (o == "http-error-status") return "http-error-status";
  return "";
}

// The expectation of the answer a finding is about ("" for any answer, then a check judges).
std::string expected_answer(const FuzzFinding& f, const Value* reply) {
  const std::string& o = f.oracle;
  if (o == "meta-not-rejected") return R"({"error":{"code":-32602}})";
  if (o == "unsupported-version-served") return R"({"error":{"code":-32022}})";
  if (o == "header-mismatch-served") return R"({"error":{"code":-32020}})";
  if (o == "accepted-malformed-response") return R"({"error":"$any"})";
  if (o == "failed-on-decline" || o == "rejected-unknown-response" || o == "no-ask-again")
    return R"({"result":"$any"})";
  if (o == "accepted-invalid-content") return kRefusedOrAskedAgain;
  if (o == "misreported-action" && reply != nullptr) {
    const Value* action = find_member(*reply, "action");
    if (action != nullptr && action->IsString()) {
      // The action it got, reported by the tool (the adapter contract's `elicit`), or a refusal.
      rapidjson::Document e;
      e.Parse(kRefusedOrAskedAgain);
      rapidjson::Document reported;
      reported.Parse(R"({"result":{"content":{"$contains":{"type":"text","text":{"$json":{}}}}}})");
      reported["result"]["content"]["$contains"]["text"]["$json"].AddMember(
          "action", Value(*action, reported.GetAllocator()), reported.GetAllocator());
      e["$one_of"].PushBack(Value(reported, e.GetAllocator()), e.GetAllocator());
      return to_json(e);
    }
  }
  return kAnyAnswer;
}

}  // namespace

void add_modern_server_steps(Value& steps, Value& sut, const FuzzFinding& finding, const FuzzOutcome& outcome,
                             const std::string& capabilities, Revision revision, Alloc& a) {
  const auto push = [&](const std::string& json) { steps.PushBack(parsed(json, a), a); };
  const auto expect = [&](const std::string& body, const std::string& to, bool prerequisite = false) {
    Value e(rapidjson::kObjectType);
    e.AddMember("expect", parsed(body, a), a);
    e.AddMember("response_to", text(to, a), a);
    if (prerequisite) e.AddMember("prerequisite", true, a);
    steps.PushBack(e, a);
  };
  const auto check = [&](const FuzzFinding& f) {
    if (const std::string c = check_for(f); !c.empty()) push(R"({"check":")" + c + R"("})");
  };

  if (finding.stage == FuzzFinding::Stage::Setup) {
    // What the session sent before its first input, as steps the checks can see (the runner
    // sends both in its own set-up too; only a step's request is judged). Each gets the _meta of
    // the case's capabilities.
    push(R"({"send":{"method":"server/discover"},"as":"discover"})");
    expect(finding.requirement == "DISCOVER-IMPLEMENT" ? R"({"result":"$any"})" : kAnyAnswer, "discover");
    push(R"({"send":{"method":"tools/list"},"as":"list"})");
    expect(kAnyAnswer, "list");
    check(finding);
    return;
  }

  static const Value kEmpty(rapidjson::kObjectType);
  const Value* found = find_member(outcome.input, "params");
  const Value& params = found != nullptr ? *found : kEmpty;
  const Value* named = find_member(outcome.input, "tool");
  const std::string tool = named && named->IsString() ? named->GetString() : "elicit";
  sut["needs_tools"].PushBack(text(tool, a), a);
  // The notifications the input sent, before its call.
  if (const Value* notify = find_member(outcome.input, "notify"); notify && notify->IsArray()) {
    for (const Value& n : notify->GetArray()) {
      if (FuzzMutator::notification_message(n).empty()) continue;
      Value send(rapidjson::kObjectType);
      send.AddMember("send", Value(n, a), a);
      send.AddMember("as", text("notify_" + std::to_string(steps.Size()), a), a);
      steps.PushBack(send, a);
    }
  }
  Value arguments(rapidjson::kObjectType);
  if (tool == "elicit") {
    arguments.AddMember("params", Value(params, a), a);
  } else {
    Value list(rapidjson::kArrayType);
    list.PushBack(Value(params, a), a);
    arguments.AddMember("elicitations", list, a);
  }
  // The _meta is written out only when the input made its own; else the runner adds the case's.
  const bool own_meta = has_member(outcome.input, "declare") || has_member(outcome.input, "meta");
  const auto call = [&](const std::string& as, bool with_meta) {
    Value send(rapidjson::kObjectType);
    Value p(rapidjson::kObjectType);
    p.AddMember("name", text(tool, a), a);
    p.AddMember("arguments", Value(arguments, a), a);
    if (with_meta)
      p.AddMember("_meta", Value(FuzzMutator::modern_meta(outcome.input, capabilities, revision), a), a);
    send.AddMember("method", "tools/call", a).AddMember("params", p, a);
    Value step(rapidjson::kObjectType);
    step.AddMember("send", send, a).AddMember("as", text(as, a), a).AddMember("prerequisite", true, a);
    if (FuzzMutator::meta_fault_of(outcome.input) == FuzzMutator::MetaFault::HeaderMismatch)
      step.AddMember("http_version_header", rapidjson::StringRef(FuzzMutator::kMismatchedHeader), a);
    return step;
  };
  if (finding.oracle == "undeclared-mode" && has_member(outcome.input, "declare")) {
    // First the same call with the case's capabilities: a server that keeps what an earlier
    // request declared (STATELESS-NO-PRIOR-CONTEXT) meets the state it met in the campaign.
    steps.PushBack(call("warm", false), a);
    expect(kAnyAnswer, "warm");
  }
  steps.PushBack(call("call", own_meta), a);
  const Value* reply = find_member(outcome.input, "reply");
  if (finding.stage != FuzzFinding::Stage::Retry || reply == nullptr) {
    expect(expected_answer(finding, reply), "call");
    check(finding);
    return;
  }
  expect(kAskedForInput, "call", true);
  Value retry = call("retry", own_meta);
  Value& p = retry["send"]["params"];
  const std::vector<std::string> keys{"{key}"};
  p.AddMember("inputResponses", Value(FuzzMutator::input_responses(outcome.input, keys, *reply), a), a);
  p.AddMember("requestState", "{state}", a);
  retry.RemoveMember("prerequisite");
  steps.PushBack(retry, a);
  expect(expected_answer(finding, reply), "retry");
  check(finding);
}

void add_modern_client_steps(Value& steps, Value& sut, const FuzzFinding& finding, const FuzzOutcome& outcome,
                             Alloc& a) {
  const auto push = [&](const std::string& json) { steps.PushBack(parsed(json, a), a); };
  const std::string& o = finding.oracle;
  // The user the finding needs: the answer that made it, for every elicitation of both rounds.
  Value user(rapidjson::kArrayType);
  const bool about_the_answer =
      o == "retry-content-valid" || o == "altered-action" || o == "ignored-defaults";
  if (about_the_answer && !outcome.user_answer.IsNull())
    for (int i = 0; i < 4; ++i) user.PushBack(Value(outcome.user_answer, a), a);
  sut.AddMember("user", user, a);
  push(R"({"expect":{"method":"tools/call"},"as":"call","prerequisite":true})");
  if (finding.stage == FuzzFinding::Stage::Setup) {
    push(R"({"check":")" + o + R"("})");
    return;
  }
  static const Value kEmpty(rapidjson::kObjectType);
  const Value* found = find_member(outcome.input, "params");
  const Value& params = found != nullptr ? *found : kEmpty;
  const std::vector<std::string> keys = FuzzMutator::input_keys(outcome.input);
  static const Value kNoId;
  // What the user's answer must be found as in the retry, for the two oracles that judge it.
  Value answered(rapidjson::kObjectType);
  if (o == "altered-action" && !outcome.user_answer.IsNull()) {
    const Value* said = find_member(outcome.user_answer, "action");
    const std::string action = said && said->IsString() ? said->GetString() : "cancel";
    Value options(rapidjson::kArrayType);
    options.PushBack(text(action == "accept" || action == "decline" ? action : "cancel", a), a);
    if (action == "accept" && mode_of_params(params) == "form") options.PushBack("cancel", a);
    Value one_of(rapidjson::kObjectType);
    one_of.AddMember("$one_of", options, a);
    Value entry(rapidjson::kObjectType);
    entry.AddMember("action", one_of, a);
    answered.AddMember(text(keys[0], a), entry, a);
  } else if (o == "ignored-defaults") {
    Value defaults(rapidjson::kObjectType);
    const Value* schema = find_member(params, "requestedSchema");
    const Value* properties = schema && schema->IsObject() ? find_member(*schema, "properties") : nullptr;
    if (properties && properties->IsObject())
      for (auto it = properties->MemberBegin(); it != properties->MemberEnd(); ++it)
        if (const Value* d = it->value.IsObject() ? find_member(it->value, "default") : nullptr) {
          Value literal(rapidjson::kObjectType);
          literal.AddMember("$literal", Value(*d, a), a);
          defaults.AddMember(Value(it->name, a), literal, a);
        }
    Value entry =
        parsed(R"({"$one_of":[{"action":{"$one_of":["decline","cancel"]}},{"action":"accept"}]})", a);
    entry["$one_of"][1].AddMember("content", defaults, a);
    answered.AddMember(text(keys[0], a), entry, a);
  }
  if (o == "unknown-result-type") {
    // As the corpus's client.modern.result-type-unknown-invalid: the result, then nothing back.
    rapidjson::Document response =
        FuzzMutator::input_required_response(kNoId, params, keys, outcome.input, 1);
    Value reply(rapidjson::kObjectType);
    reply.AddMember("result", Value(response["result"], a), a);
    Value step(rapidjson::kObjectType);
    step.AddMember("reply", reply, a).AddMember("to", "call", a);
    steps.PushBack(step, a);
    push(R"({"expect_silence_ms":1000})");
    return;
  }
  std::string to = "call";
  for (std::size_t round = 1; round <= 2; ++round) {
    rapidjson::Document response =
        FuzzMutator::input_required_response(kNoId, params, keys, outcome.input, round);
    Value reply(rapidjson::kObjectType);
    reply.AddMember("result", Value(response["result"], a), a);
    Value step(rapidjson::kObjectType);
    step.AddMember("reply", reply, a).AddMember("to", text(to, a), a);
    steps.PushBack(step, a);
    to = round == 1 ? "retry" : "retry2";
    Value expect = parsed(R"({"expect":{"method":"tools/call"}})", a);
    if (!answered.ObjectEmpty()) {
      Value p(rapidjson::kObjectType);
      p.AddMember("inputResponses", Value(answered, a), a);
      expect["expect"].AddMember("params", p, a);
    }
    expect.AddMember("as", text(to, a), a);
    // The first retry must come for a second round to be asked of it.
    if (round == 1) expect.AddMember("prerequisite", true, a);
    steps.PushBack(expect, a);
  }
  if (is_modern_client_check(o)) push(R"({"check":")" + o + R"("})");
}

}  // namespace ec
