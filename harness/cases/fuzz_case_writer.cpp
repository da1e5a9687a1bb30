#include "cases/fuzz_case_writer.h"

#include <cstdio>

#include "core/json.h"

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
  sut.AddMember("capabilities", Value(parse(capabilities), a), a);
  const Value empty(rapidjson::kObjectType);
  const Value* params = find_member(outcome.input, "params");
  if (!params) params = &empty;
  Value steps(rapidjson::kArrayType);
  const std::string& o = finding.oracle;
  if (role == "server") {
    sut.AddMember("needs_tools", step(R"(["elicit"])"), a);
    Value call = step(
        R"({"send":{"method":"tools/call","params":{"name":"elicit","arguments":{}}},"as":"call","prerequisite":true})");
    call["send"]["params"]["arguments"].AddMember("params", Value(*params, a), a);
    steps.PushBack(call, a);
    const Value* reply = find_member(outcome.input, "reply");
    if (outcome.sut_elicited && reply) {
      steps.PushBack(step(R"({"expect":{"method":"elicitation/create"},"as":"create","prerequisite":true})"),
                     a);
      Value r = step(R"({"reply":{},"to":"create"})");
      r["reply"].AddMember("result", Value(*reply, a), a);
      steps.PushBack(r, a);
    }
    if (o == "misreported-action" && reply && find_member(*reply, "action")) {
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
    } else if (o == "altered-schema" || o == "added-sensitive-field") {
      steps.PushBack(step(o == "altered-schema" ? R"({"check":"schema-as-asked"})"
                                                : R"({"check":"security-heuristics"})"),
                     a);
      steps.PushBack(step(std::string(R"({"expect":)") + kAnyAnswer + R"(,"response_to":"call"})"), a);
    } else {
      steps.PushBack(step(std::string(R"({"expect":)") + kAnyAnswer + R"(,"response_to":"call"})"), a);
    }
  } else {
    Value user(rapidjson::kArrayType);
    // The user answer the client was given, as scripted (it may have re-encoded it before sending).
    if (o == "invalid-content" && !outcome.user_answer.IsNull()) {
      user.PushBack(Value(outcome.user_answer, a), a);
    } else if (o == "invalid-content" && !outcome.accepted_content.IsNull()) {
      Value answer = step(R"({"action":"accept"})");
      answer.AddMember("content", Value(outcome.accepted_content, a), a);
      user.PushBack(answer, a);
    }
    sut.AddMember("user", user, a);
    Value send = step(R"({"send":{"method":"elicitation/create"},"as":"req","prerequisite":true})");
    send["send"].AddMember("params", Value(*params, a), a);
    steps.PushBack(send, a);
    if (o == "accepted-invalid-request" || o == "accepted-undeclared-mode") {
      steps.PushBack(step(R"({"expect":{"error":{"code":{"$type":"integer"}}},"response_to":"req"})"), a);
    } else if (o == "refused-valid-request") {
      steps.PushBack(step(R"({"expect":{"result":{"action":{"$type":"string"}}},"response_to":"req"})"), a);
    } else if (o == "invalid-content") {
      Value e =
          step(R"({"expect":{"$not":{"result":{"action":"accept","content":{}}}},"response_to":"req"})");
      e["expect"]["$not"]["result"]["content"].AddMember("$literal", Value(outcome.accepted_content, a), a);
      steps.PushBack(e, a);
    } else {
      steps.PushBack(step(std::string(R"({"expect":)") + kAnyAnswer + R"(,"response_to":"req"})"), a);
    }
  }
  if (o == "invalid-jsonrpc") steps.PushBack(step(R"({"check":"jsonrpc-valid"})"), a);
  if (o == "answered-twice") steps.PushBack(step(R"({"check":"one-response-per-request"})"), a);
  c.AddMember("sut", sut, a);
  c.AddMember("steps", steps, a);
  return to_json(c);
}

}  // namespace ec
