// spec/mrtr.h: InputRequests, InputRequiredResult, InputResponses and the retry of 2026-07-28.
// Conformant examples are the spec page's (mrtr.mdx) and SEP-2322's; each broken rule gives the
// diagnostic that names its requirement, and that requirement exists in the 2026-07-28 table.
#include "spec/mrtr.h"

#include <memory>

#include <gtest/gtest.h>

#include "core/json.h"
#include "spec/requirements.h"

namespace ec {
namespace {

constexpr Revision k2607 = Revision::V2026_07_28;

const rapidjson::Value& json(const char* text) {
  static std::vector<std::unique_ptr<ParsedJson>> keep;
  keep.push_back(std::make_unique<ParsedJson>(parse_json(text)));
  EXPECT_TRUE(keep.back()->ok()) << text;
  return keep.back()->document;
}

std::string describe(const Diagnostics& ds) {
  std::string out;
  for (const Diagnostic& d : ds)
    out += "  " + std::string(to_string(d.level)) + " " + d.check + " " + d.pointer + "\n";
  return out;
}

const Diagnostic* expect_rule(const Diagnostics& ds, std::string_view check, std::string_view key,
                              Level level) {
  for (const Diagnostic& d : ds) {
    if (d.check != check) continue;
    EXPECT_EQ(d.requirement, key) << check;
    EXPECT_EQ(d.level, level) << check;
    EXPECT_NE(find_requirement(d.requirement, k2607), nullptr) << d.requirement << " is no 2026-07-28 rule";
    return &d;
  }
  ADD_FAILURE() << "no " << check << "\n" << describe(ds);
  return nullptr;
}

bool only_info(const Diagnostics& ds) {
  for (const Diagnostic& d : ds) {
    if (d.level != Level::Info) return false;
  }
  return true;
}

// mrtr.mdx, InputRequiredResult (the result object, comments removed).
constexpr const char* kMrtrResult = R"({
    "resultType": "input_required",
    "inputRequests": {
      "github_login": {
        "method": "elicitation/create",
        "params": {
          "mode": "form",
          "message": "Please provide your GitHub username",
          "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}
        }
      },
      "capital_of_france": {
        "method": "sampling/createMessage",
        "params": {
          "messages": [{"role": "user", "content": {"type": "text", "text": "What is the capital of France?"}}],
          "modelPreferences": {"hints": [{"name": "claude-3-sonnet"}], "intelligencePriority": 0.8, "speedPriority": 0.5},
          "systemPrompt": "You are a helpful assistant.",
          "maxTokens": 100
        }
      }
    },
    "requestState": "AEAD-protected blob"})";

// mrtr.mdx, InputResponses.
constexpr const char* kMrtrResponses = R"({
    "github_login": {"action": "accept", "content": {"name": "octocat"}},
    "capital_of_france": {
      "role": "assistant",
      "content": {"type": "text", "text": "The capital of France is Paris."},
      "model": "claude-3-sonnet-20240307",
      "stopReason": "endTurn"
    }})";

InputRequiredResult irr(const char* text) {
  InputRequiredResultParse p = parse_input_required_result(json(text), k2607, "/result");
  EXPECT_TRUE(p.result) << text;
  return p.result.value_or(InputRequiredResult{});
}

TEST(InputRequiredResult, TheSpecExamplePasses) {
  InputRequiredResultParse p = parse_input_required_result(json(kMrtrResult), k2607, "/result");
  EXPECT_TRUE(p.diagnostics.empty()) << describe(p.diagnostics);
  ASSERT_TRUE(p.result);
  ASSERT_EQ(p.result->input_requests.size(), 2u);
  const InputRequest& login = p.result->input_requests[0];
  EXPECT_EQ(login.key, "github_login");
  EXPECT_EQ(login.pointer, "/result/inputRequests/github_login");
  ASSERT_TRUE(login.elicitation);
  EXPECT_EQ(login.elicitation->mode, Mode::Form);
  EXPECT_EQ(login.elicitation->message, "Please provide your GitHub username");
  EXPECT_NE(login.elicitation->requested_schema, nullptr);
  EXPECT_EQ(login.elicitation->pointer, "/result/inputRequests/github_login/params");
  EXPECT_EQ(p.result->input_requests[1].method, kSamplingCreateMessage);
  EXPECT_FALSE(p.result->input_requests[1].elicitation);
  EXPECT_EQ(p.result->request_state, "AEAD-protected blob");
  EXPECT_EQ(p.result->elicitations(), 1u);
  EXPECT_EQ(p.result->find("capital_of_france"), &p.result->input_requests[1]);
}

TEST(InputRequiredResult, OnlyTheThreeRequestsMayBeAnswered) {
  EXPECT_TRUE(supports_input_required("tools/call"));
  EXPECT_TRUE(supports_input_required("prompts/get"));
  EXPECT_TRUE(supports_input_required("resources/read"));
  for (const char* other :
       {"tools/list", "server/discover", "resources/list", "completion/complete", "initialize"}) {
    EXPECT_FALSE(supports_input_required(other)) << other;
  }
}

TEST(InputRequiredResult, AtLeastOneOfRequestsAndState) {
  expect_rule(
      parse_input_required_result(json(R"({"resultType":"input_required"})"), k2607, "/result").diagnostics,
      "mrtr.input-required-empty", "MRTR-IRR-NOT-EMPTY", Level::Must);
  expect_rule(parse_input_required_result(json(R"({"resultType":"input_required","inputRequests":{}})"),
                                          k2607, "/result")
                  .diagnostics,
              "mrtr.input-requests-empty", "MRTR-IRR-NOT-EMPTY", Level::Should);
  // State alone is SEP-2322's load shedding: the client may retry at once.
  InputRequiredResultParse shed = parse_input_required_result(
      json(R"({"resultType":"input_required","requestState":"s"})"), k2607, "/result");
  EXPECT_TRUE(shed.diagnostics.empty()) << describe(shed.diagnostics);
  EXPECT_FALSE(shed.result->has_input_requests);
}

TEST(InputRequiredResult, RequestStateIsAString) {
  const Diagnostics ds =
      parse_input_required_result(json(R"({"resultType":"input_required","requestState":{"step":2}})"), k2607,
                                  "/result")
          .diagnostics;
  const Diagnostic* d = expect_rule(ds, "mrtr.request-state-type", "MRTR-MAY-REQUEST-STATE", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/result/requestState");
}

TEST(InputRequests, KeysAreUnique) {
  // The same key twice in the JSON text: a peer keeps one of them, the client answers only one.
  const Diagnostics ds = parse_input_required_result(json(R"({"resultType":"input_required","inputRequests":{
      "k":{"method":"elicitation/create","params":{"message":"a","requestedSchema":{"type":"object","properties":{}}}},
      "k":{"method":"elicitation/create","params":{"message":"b","requestedSchema":{"type":"object","properties":{}}}}}})"),
                                                     k2607, "/result")
                             .diagnostics;
  const Diagnostic* d =
      expect_rule(ds, "mrtr.input-request-key-duplicate", "MRTR-INPUT-KEYS-UNIQUE", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/result/inputRequests/k");
}

TEST(InputRequests, ValuesAreOneOfTheThreeRequests) {
  expect_rule(
      parse_input_requests(json(R"([{"method":"elicitation/create"}])"), k2607, "/result/inputRequests")
          .diagnostics,
      "mrtr.input-requests-type", "MRTR-INPUT-REQUEST-TYPES", Level::Must);
  const Diagnostics ds =
      parse_input_requests(json(R"({"a":"elicit me","b":{"params":{}},"c":{"method":"tools/call","params":{}},
      "d":{"method":"roots/list"}})"),
                           k2607, "/result/inputRequests")
          .diagnostics;
  expect_rule(ds, "mrtr.input-request-type", "MRTR-INPUT-REQUEST-TYPES", Level::Must);
  expect_rule(ds, "mrtr.input-request-method", "MRTR-INPUT-REQUEST-TYPES", Level::Must);
  const Diagnostic* d =
      expect_rule(ds, "mrtr.input-request-method-unknown", "MRTR-INPUT-REQUEST-TYPES", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/result/inputRequests/c/method");
  EXPECT_EQ(ds.size(), 3u) << describe(ds);  // roots/list needs no params
  expect_rule(
      parse_input_requests(json(R"({"s":{"method":"sampling/createMessage"}})"), k2607, "").diagnostics,
      "mrtr.sampling-params-missing", "MRTR-INPUT-REQUEST-TYPES", Level::Must);
}

TEST(InputRequests, AJsonRpcEnvelopeIsNotedNotFaulted) {
  InputRequestParse p = parse_input_request(json(R"({"jsonrpc":"2.0","id":7,"method":"elicitation/create",
      "params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}})"),
                                            "k", k2607, "/k");
  EXPECT_TRUE(only_info(p.diagnostics)) << describe(p.diagnostics);
  expect_rule(p.diagnostics, "mrtr.input-request-jsonrpc", "MRTR-INPUT-REQUEST-TYPES", Level::Info);
  ASSERT_TRUE(p.request && p.request->elicitation);
}

TEST(InputRequests, ElicitationsAreCheckedAsTheRevisionSays) {
  // 2026-07-28 URL mode: mode, message, url; no elicitationId (noted when sent).
  InputRequestParse url = parse_input_request(json(R"({"method":"elicitation/create","params":{"mode":"url",
      "url":"https://mcp.example.com/ui/set_api_key","message":"Please provide your API key to continue."}})"),
                                              "key", k2607, "/r");
  EXPECT_TRUE(url.diagnostics.empty()) << describe(url.diagnostics);
  ASSERT_TRUE(url.request && url.request->elicitation);
  EXPECT_EQ(url.request->elicitation->mode, Mode::Url);
  InputRequestParse with_id =
      parse_input_request(json(R"({"method":"elicitation/create","params":{"mode":"url",
      "url":"https://a.example","message":"m","elicitationId":"e-1"}})"),
                          "key", k2607, "/r");
  expect_rule(with_id.diagnostics, "elicit.elicitation-id-not-in-revision", "URL-PARAMS", Level::Info);
  expect_rule(
      parse_input_request(json(R"({"method":"elicitation/create","params":{"mode":"url","message":"m"}})"),
                          "k", k2607, "/r")
          .diagnostics,
      "elicit.url-missing", "URL-PARAMS", Level::Must);
  expect_rule(parse_input_request(json(R"({"method":"elicitation/create"})"), "k", k2607, "/r").diagnostics,
              "elicit.params-missing", "REQUEST-MESSAGE", Level::Must);
  expect_rule(
      parse_input_request(
          json(
              R"({"method":"elicitation/create","params":{"requestedSchema":{"type":"object","properties":{}}}})"),
          "k", k2607, "/r")
          .diagnostics,
      "elicit.message-missing", "REQUEST-MESSAGE", Level::Must);
  expect_rule(parse_input_request(json(R"({"method":"elicitation/create","params":{"message":"m"}})"), "k",
                                  k2607, "/r")
                  .diagnostics,
              "elicit.requested-schema-missing", "FORM-REQUESTED-SCHEMA", Level::Must);
}

TEST(InputRequests, OnlyWhatTheClientDeclared) {
  const InputRequiredResult both = irr(R"({"resultType":"input_required","inputRequests":{
      "f":{"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}},
      "u":{"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://a.example"}}}})");
  ElicitationCapability none;
  expect_rule(check_input_requests_declared(both, none, &json("{}")), "mrtr.elicitation-undeclared",
              "MRTR-NO-UNDECLARED-ELICITATION", Level::Must);
  ElicitationCapability form_only{true, true, false};
  const Diagnostics ds = check_input_requests_declared(both, form_only, &json(R"({"elicitation":{}})"));
  const Diagnostic* d =
      expect_rule(ds, "mrtr.elicitation-mode-undeclared", "SERVER-MODE-DECLARED", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/result/inputRequests/u/params/mode");
  EXPECT_EQ(ds.size(), 1u);
  ElicitationCapability all{true, true, true};
  EXPECT_TRUE(
      check_input_requests_declared(both, all, &json(R"({"elicitation":{"form":{},"url":{}}})")).empty());

  const InputRequiredResult spec = irr(kMrtrResult);
  expect_rule(check_input_requests_declared(spec, all, &json(R"({"elicitation":{}})")),
              "mrtr.input-request-undeclared", "MRTR-DECLARED-ONLY", Level::Must);
  EXPECT_TRUE(check_input_requests_declared(spec, all, &json(R"({"elicitation":{},"sampling":{}})")).empty());
}

TEST(InputResponses, TheSpecExamplePasses) {
  const InputRequiredResult answered = irr(kMrtrResult);
  RetryParse p = parse_input_responses(json(kMrtrResponses), k2607, &answered, "/params/inputResponses");
  EXPECT_TRUE(p.diagnostics.empty()) << describe(p.diagnostics);
  ASSERT_EQ(p.retry.responses.size(), 2u);
  const InputResponse& login = p.retry.responses[0];
  EXPECT_EQ(login.answers, answered.find("github_login"));
  ASSERT_TRUE(login.elicitation);
  EXPECT_EQ(login.elicitation->action, Action::Accept);
  ASSERT_NE(login.elicitation->content, nullptr);
  EXPECT_FALSE(p.retry.responses[1].elicitation);  // the sampling result is recognised, not checked
  // Without the InputRequiredResult, the shapes alone say which is which.
  RetryParse alone = parse_input_responses(json(kMrtrResponses), k2607, nullptr, "/params/inputResponses");
  EXPECT_TRUE(alone.diagnostics.empty()) << describe(alone.diagnostics);
  EXPECT_TRUE(alone.retry.responses[0].elicitation);
}

TEST(InputResponses, EachValueIsAResultOfItsRequest) {
  const Diagnostics ds =
      parse_input_responses(json(R"({"a":"accept","b":{"ok":true}})"), k2607, nullptr, "/p").diagnostics;
  expect_rule(ds, "mrtr.input-response-type", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must);
  expect_rule(ds, "mrtr.input-response-unknown", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must);
  expect_rule(parse_input_responses(json(R"([])"), k2607, nullptr, "/p").diagnostics,
              "mrtr.input-responses-type", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must);
  // An elicitation's response is an ElicitResult, read with the mode of its request.
  const InputRequiredResult answered = irr(R"({"resultType":"input_required","inputRequests":{
      "u":{"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://a.example"}},
      "f":{"method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}}}})");
  const Diagnostics bad =
      parse_input_responses(json(R"({"u":{"action":"accept","content":{"k":"v"}},"f":{"action":"ok"}})"),
                            k2607, &answered, "/p")
          .diagnostics;
  expect_rule(bad, "result.content-in-url-mode", "RESULT-CONTENT", Level::Must);
  expect_rule(bad, "result.action-unknown", "RESULT-ACTION", Level::Must);
  expect_rule(parse_input_responses(json(R"({"f":{"content":{}}})"), k2607, &answered, "/p").diagnostics,
              "result.action-missing", "RESULT-ACTION", Level::Must);
}

// SEP-2322, the ephemeral workflow: the InputRequiredResult and the retry's params.
constexpr const char* kSepResult = R"({"resultType":"input_required","inputRequests":{"github_login":{
    "method":"elicitation/create","params":{"mode":"form","message":"Please provide your GitHub username",
    "requestedSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}}},
    "requestState":"foo"})";

TEST(Retry, TheSepExamplePasses) {
  const InputRequiredResult answered = irr(kSepResult);
  RetryParse p = parse_retry(json(R"({"name":"get_weather","arguments":{"location":"New York"},
      "inputResponses":{"github_login":{"action":"accept","content":{"name":"octocat"}}},"requestState":"foo"})"),
                             k2607, &answered, "/params");
  EXPECT_TRUE(p.diagnostics.empty()) << describe(p.diagnostics);
  EXPECT_EQ(p.retry.request_state, "foo");
  ASSERT_EQ(p.retry.responses.size(), 1u);
  EXPECT_EQ(p.retry.responses[0].pointer, "/params/inputResponses/github_login");
}

TEST(Retry, EveryRequestedInputIsConstructed) {
  const InputRequiredResult answered = irr(kSepResult);
  const Diagnostics none =
      parse_retry(json(R"({"name":"t","requestState":"foo"})"), k2607, &answered, "/params").diagnostics;
  expect_rule(none, "mrtr.input-response-missing", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must);
  const Diagnostics other = parse_retry(json(R"({"name":"t","requestState":"foo",
      "inputResponses":{"not_requested_info":{"action":"accept","content":{"x":"y"}}}})"),
                                        k2607, &answered, "/params")
                                .diagnostics;
  const Diagnostic* d =
      expect_rule(other, "mrtr.input-response-missing", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/params/inputResponses/github_login");
  expect_rule(other, "mrtr.input-response-unrequested", "MRTR-IGNORE-UNKNOWN-RESPONSES", Level::Info);
  // A declined elicitation is an answer too.
  EXPECT_TRUE(
      parse_retry(
          json(R"({"name":"t","requestState":"foo","inputResponses":{"github_login":{"action":"decline"}}})"),
          k2607, &answered, "/params")
          .diagnostics.empty());
}

TEST(Retry, RequestStateComesBackExactlyOrNotAtAll) {
  const InputRequiredResult answered = irr(kSepResult);
  const char* responses = R"("inputResponses":{"github_login":{"action":"cancel"}})";
  const auto retry = [&](const std::string& state) {
    const std::string text = "{\"name\":\"t\"," + std::string(responses) + state + "}";
    return parse_retry(json(text.c_str()), k2607, &answered, "/params").diagnostics;
  };
  expect_rule(retry(""), "mrtr.retry-state-missing", "MRTR-CLIENT-ECHO-STATE", Level::Must);
  expect_rule(retry(R"(,"requestState":"foo ")"), "mrtr.retry-state-modified", "MRTR-CLIENT-ECHO-STATE",
              Level::Must);
  expect_rule(retry(R"(,"requestState":"Zm9v")"), "mrtr.retry-state-modified", "MRTR-CLIENT-ECHO-STATE",
              Level::Must);
  expect_rule(retry(R"(,"requestState":["foo"])"), "mrtr.retry-state-type", "MRTR-CLIENT-ECHO-STATE",
              Level::Must);
  EXPECT_TRUE(retry(R"(,"requestState":"foo")").empty());

  const InputRequiredResult stateless =
      irr(R"({"resultType":"input_required","inputRequests":{"github_login":{
      "method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}}}})");
  const Diagnostics invented =
      parse_retry(json(R"({"name":"t","inputResponses":{"github_login":{"action":"cancel"}},
      "requestState":"mine"})"),
                  k2607, &stateless, "/params")
          .diagnostics;
  const Diagnostic* d =
      expect_rule(invented, "mrtr.retry-state-invented", "MRTR-CLIENT-NO-INVENTED-STATE", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/params/requestState");
}

TEST(Retry, StateOnlyMeansRetryAtOnce) {
  const InputRequiredResult shed = irr(R"({"resultType":"input_required","requestState":"s1"})");
  EXPECT_TRUE(
      parse_retry(json(R"({"name":"t","requestState":"s1"})"), k2607, &shed, "/params").diagnostics.empty());
}

}  // namespace
}  // namespace ec
