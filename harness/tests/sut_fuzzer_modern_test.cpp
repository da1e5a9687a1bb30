// The pure parts of a 2026-07-28 campaign against a server SUT: the `_meta` and inputResponses an
// input builds, the modern oracles (each fires on the answer that breaks its rule and is silent on
// the conformant one), and the replay case the writer makes of a retry finding.
#include <gtest/gtest.h>

#include "cases/case_file.h"
#include "cases/modern_client_checks.h"
#include "core/json.h"
#include "spec/modern.h"
#include "sut_fuzzer/case_writer.h"
#include "sut_fuzzer/modern_oracles.h"
#include "sut_fuzzer/mutator.h"

namespace ec {
namespace {

constexpr Revision kModern = Revision::V2026_07_28;

rapidjson::Document doc(const char* text) {
  ParsedJson p = parse_json(text);
  EXPECT_TRUE(p.ok()) << text;
  return std::move(p.document);
}

const char* kCall =
    R"({"jsonrpc":"2.0","id":"fuzz-1","method":"tools/call","params":{"name":"elicit","arguments":{},)"
    R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",)"
    R"("io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},)"
    R"("io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}}}})";

const char* kFormParams =
    R"({"message":"Your name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","minLength":2}}}})";

TEST(FuzzModern, MetaFollowsTheInput) {
  const std::string caps = R"({"form":{},"url":{}})";
  rapidjson::Document plain = FuzzMutator::modern_meta(doc("{}"), caps, kModern);
  EXPECT_EQ(to_json(plain[std::string(kMetaProtocolVersion).c_str()]), "\"2026-07-28\"");
  EXPECT_EQ(to_json(plain[std::string(kMetaClientCapabilities).c_str()]),
            R"({"elicitation":{"form":{},"url":{}}})");

  rapidjson::Document none = FuzzMutator::modern_meta(doc(R"({"declare":null})"), caps, kModern);
  EXPECT_EQ(to_json(none[std::string(kMetaClientCapabilities).c_str()]), "{}");
  rapidjson::Document url = FuzzMutator::modern_meta(doc(R"({"declare":{"url":{}}})"), caps, kModern);
  EXPECT_EQ(to_json(url[std::string(kMetaClientCapabilities).c_str()]), R"({"elicitation":{"url":{}}})");

  EXPECT_FALSE(FuzzMutator::modern_meta(doc(R"({"meta":"no-version"})"), caps, kModern)
                   .HasMember(std::string(kMetaProtocolVersion).c_str()));
  EXPECT_FALSE(FuzzMutator::modern_meta(doc(R"({"meta":"no-capabilities"})"), caps, kModern)
                   .HasMember(std::string(kMetaClientCapabilities).c_str()));
  rapidjson::Document unknown = FuzzMutator::modern_meta(doc(R"({"meta":"unknown-version"})"), caps, kModern);
  EXPECT_STREQ(unknown[std::string(kMetaProtocolVersion).c_str()].GetString(), FuzzMutator::kUnknownVersion);
  // A value the minimiser shortened is no fault at all: the _meta is whole again.
  EXPECT_EQ(FuzzMutator::meta_fault_of(doc(R"({"meta":"no-v"})")), FuzzMutator::MetaFault::None);
}

TEST(FuzzModern, InputResponsesFollowTheInput) {
  const rapidjson::Document reply = doc(R"({"action":"decline"})");
  const std::vector<std::string> keys{"k"};
  EXPECT_EQ(to_json(FuzzMutator::input_responses(doc("{}"), keys, reply)), R"({"k":{"action":"decline"}})");
  EXPECT_EQ(to_json(FuzzMutator::input_responses(doc(R"({"responses":"omitted"})"), keys, reply)), "{}");
  EXPECT_EQ(to_json(FuzzMutator::input_responses(doc(R"({"responses":"not-an-object"})"), keys, reply)),
            "\"accept\"");
  EXPECT_EQ(to_json(FuzzMutator::input_responses(doc(R"({"responses":"extra-key"})"), keys, reply)),
            R"({"k":{"action":"decline"},"fuzz-unasked":{"action":"cancel"}})");
}

TEST(FuzzModern, MutationsFollowTheSeed) {
  std::size_t declare = 0, meta = 0, responses = 0;
  for (std::uint64_t i = 0; i < 400; ++i) {
    rapidjson::Document a(rapidjson::kObjectType), b(rapidjson::kObjectType);
    FuzzRng ra = FuzzRng::for_input(3, i, "modern"), rb = FuzzRng::for_input(3, i, "modern");
    FuzzMutator::add_modern_mutations(a, ra);
    FuzzMutator::add_modern_mutations(b, rb);
    EXPECT_EQ(to_json(a), to_json(b));
    declare += a.HasMember("declare");
    meta += a.HasMember("meta");
    responses += a.HasMember("responses");
  }
  // Each kind is exercised, and most inputs keep the _meta and the retry as asked.
  EXPECT_GT(declare, 20u);
  EXPECT_GT(meta, 10u);
  EXPECT_GT(responses, 20u);
  EXPECT_LT(declare + meta + responses, 200u);
}

TEST(FuzzModern, ResponseOracle) {
  const rapidjson::Document call = doc(kCall);
  const auto findings = [&](const char* response, bool extensions = false) {
    return modern_response_findings(call, doc(response), kModern, extensions);
  };
  const char* info = R"("_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}})";
  // A conformant InputRequiredResult and a conformant final result: nothing.
  const std::string irr =
      std::string(R"({"jsonrpc":"2.0","id":"fuzz-1","result":{"resultType":"input_required",)") + info +
      R"(,"inputRequests":{"k":{"method":"elicitation/create","params":)" + kFormParams +
      R"(}},"requestState":"s"}})";
  EXPECT_TRUE(findings(irr.c_str()).empty());
  const std::string done =
      std::string(R"({"jsonrpc":"2.0","id":"fuzz-1","result":{"resultType":"complete",)") + info +
      R"(,"content":[]}})";
  EXPECT_TRUE(findings(done.c_str()).empty());

  // No resultType (RESULT-TYPE-REQUIRED); no server info (META-SERVER-INFO, SHOULD).
  auto f = findings(R"({"jsonrpc":"2.0","id":"fuzz-1","result":{"content":[]}})");
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].oracle, "invalid-modern-result");
  EXPECT_EQ(f[0].requirement, "RESULT-TYPE-REQUIRED");
  EXPECT_EQ(f[1].oracle, "missing-server-info");
  EXPECT_EQ(f[1].level, Level::Should);

  // A resultType of no extension: RESULT-TYPE-SET, unless discover advertised extensions.
  const std::string custom =
      std::string(R"({"jsonrpc":"2.0","id":"fuzz-1","result":{"resultType":"tool_list",)") + info + "}}";
  f = findings(custom.c_str());
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].requirement, "RESULT-TYPE-SET");
  EXPECT_TRUE(findings(custom.c_str(), true).empty());

  // The retired -32042.
  f = findings(R"({"jsonrpc":"2.0","id":"fuzz-1","error":{"code":-32042,"message":"x"}})");
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].requirement, "ERROR-CODE-RETIRED");

  // An elicitation's own params and its mode are other oracles' business: nothing here.
  const std::string bad_params =
      std::string(R"({"jsonrpc":"2.0","id":"fuzz-1","result":{"resultType":"input_required",)") + info +
      R"(,"inputRequests":{"k":{"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://e.com"}}}}})";
  EXPECT_TRUE(findings(bad_params.c_str()).empty());
  const std::string no_message =
      std::string(R"({"jsonrpc":"2.0","id":"fuzz-1","result":{"resultType":"input_required",)") + info +
      R"(,"inputRequests":{"k":{"method":"elicitation/create","params":{"requestedSchema":{"type":"object","properties":{}}}}}}})";
  EXPECT_TRUE(findings(no_message.c_str()).empty());
  // ... but an input request that is no request of the three kinds is this oracle's.
  const std::string no_method =
      std::string(R"({"jsonrpc":"2.0","id":"fuzz-1","result":{"resultType":"input_required",)") + info +
      R"(,"inputRequests":{"k":{"params":{}}}}})";
  EXPECT_FALSE(findings(no_method.c_str()).empty());
}

TEST(FuzzModern, ServerRequestMetaAndRetryOracles) {
  EXPECT_EQ(server_request_finding(doc(R"("elicitation/create")"), false).requirement,
            "MRTR-SERVER-USES-MRTR");
  EXPECT_EQ(server_request_finding(doc(R"("ping")"), false).requirement, "STDIO-NO-SERVER-REQUESTS");
  EXPECT_EQ(server_request_finding(doc(R"("ping")"), true).requirement, "HTTP-NO-SERVER-REQUESTS");
  EXPECT_EQ(server_request_finding(doc(R"("x/y")"), false).signature, "other");

  using M = FuzzMutator::MetaFault;
  const rapidjson::Document invalid_params =
      doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"m"}})");
  const rapidjson::Document unsupported =
      doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"m"}})");
  const rapidjson::Document served = doc(R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete"}})");
  EXPECT_TRUE(server_meta_findings(M::NoVersion, invalid_params).empty());
  EXPECT_TRUE(server_meta_findings(M::NoCapabilities, invalid_params).empty());
  EXPECT_EQ(server_meta_findings(M::NoCapabilities, served).at(0).requirement, "META-MISSING-REJECT");
  EXPECT_EQ(server_meta_findings(M::NoVersion, unsupported).at(0).oracle, "meta-not-rejected");
  EXPECT_TRUE(server_meta_findings(M::UnknownVersion, unsupported).empty());
  EXPECT_EQ(server_meta_findings(M::UnknownVersion, served).at(0).requirement, "VERSION-UNSUPPORTED-ERROR");
  EXPECT_TRUE(server_meta_findings(M::None, served).empty());
  // A header that does not match the _meta: only -32020 is the rejection the rule names.
  const rapidjson::Document mismatch =
      doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"m"}})");
  EXPECT_TRUE(server_meta_findings(M::HeaderMismatch, mismatch).empty());
  EXPECT_EQ(server_meta_findings(M::HeaderMismatch, served).at(0).oracle, "header-mismatch-served");
  EXPECT_EQ(server_meta_findings(M::HeaderMismatch, invalid_params).at(0).requirement,
            "HTTP-VERSION-MISMATCH-REJECT");

  using R = FuzzMutator::Responses;
  const rapidjson::Document params = doc(kFormParams);
  const rapidjson::Document error = doc(R"({"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"m"}})");
  const rapidjson::Document result =
      doc(R"({"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","content":[]}})");
  const rapidjson::Document tool_error =
      doc(R"({"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","content":[],"isError":true}})");
  const rapidjson::Document asked_again =
      doc(R"({"jsonrpc":"2.0","id":2,"result":{"resultType":"input_required","requestState":"s"}})");
  const rapidjson::Document decline = doc(R"({"action":"decline"})");
  const rapidjson::Document accept = doc(R"({"action":"accept","content":{"name":"Ann"}})");
  const rapidjson::Document too_short = doc(R"({"action":"accept","content":{"name":"A"}})");
  const rapidjson::Document malformed = doc(R"({"action":"ACCEPT"})");
  const auto retry = [&](R kind, const rapidjson::Value& reply, const rapidjson::Value& answer) {
    return server_retry_findings(kind, reply, params, answer, kModern);
  };
  // Malformed: only a JSON-RPC error is right; a tool error and a result are the two rules.
  EXPECT_TRUE(retry(R::NotAnObject, accept, error).empty());
  EXPECT_EQ(retry(R::NotAnObject, accept, tool_error).at(0).requirement, "MRTR-PROTOCOL-ERRORS");
  EXPECT_EQ(retry(R::NotAnObject, accept, asked_again).at(0).requirement, "MRTR-SERVER-VALIDATE-RESPONSES");
  EXPECT_EQ(retry(R::AsAsked, malformed, result).at(0).oracle, "accepted-malformed-response");
  EXPECT_TRUE(retry(R::AsAsked, malformed, error).empty());
  // A decline is handled, not failed.
  EXPECT_TRUE(retry(R::AsAsked, decline, result).empty());
  EXPECT_EQ(retry(R::AsAsked, decline, error).at(0).requirement, "SERVER-HANDLE-DECLINE-CANCEL");
  // An extra key is ignored; the refusal of a valid accept beside it is the finding.
  EXPECT_TRUE(retry(R::ExtraKey, accept, result).empty());
  EXPECT_EQ(retry(R::ExtraKey, accept, error).at(0).requirement, "MRTR-IGNORE-UNKNOWN-RESPONSES");
  // ... but an answer with something wrong of its own may be refused.
  EXPECT_TRUE(retry(R::ExtraKey, too_short, error).empty());
  EXPECT_TRUE(retry(R::AsAsked, too_short, error).empty());
  // No answer: ask again, not an error.
  EXPECT_TRUE(retry(R::Omitted, accept, asked_again).empty());
  EXPECT_EQ(retry(R::Omitted, accept, error).at(0).requirement, "MRTR-ASK-AGAIN");
}

TEST(FuzzModern, HttpErrorStatus) {
  const rapidjson::Document meta = doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"m"}})");
  const rapidjson::Document caps = doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"m"}})");
  const rapidjson::Document version =
      doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"m"}})");
  const rapidjson::Document other = doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"m"}})");
  EXPECT_TRUE(http_status_findings(meta, 400).empty());
  EXPECT_EQ(http_status_findings(meta, 200).at(0).requirement, "META-MISSING-HTTP-400");
  EXPECT_EQ(http_status_findings(caps, 200).at(0).requirement, "CAPABILITY-MISSING-HTTP-400");
  EXPECT_EQ(http_status_findings(version, 500).at(0).requirement, "HTTP-VERSION-UNSUPPORTED-400");
  EXPECT_EQ(
      http_status_findings(doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32020,"message":"m"}})"), 200)
          .at(0)
          .requirement,
      "HTTP-VERSION-MISMATCH-REJECT");
  EXPECT_TRUE(http_status_findings(other, 200).empty());  // no status rule for it
  EXPECT_TRUE(http_status_findings(meta, 0).empty());     // stdio: no status at all
}

TEST(FuzzModern, UndeclaredModeNamesTheModernRule) {
  const rapidjson::Document asked = doc(kFormParams);
  const rapidjson::Document request = doc(
      R"({"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":{"message":"Your name?","requestedSchema":{"type":"object","properties":{}}}})");
  const ElicitationCapability none{};
  const ElicitationCapability url_only{.declared = true, .form = false, .url = true};
  EXPECT_EQ(server_request_findings(asked, request, none, kModern).at(0).requirement,
            "MRTR-NO-UNDECLARED-ELICITATION");
  EXPECT_EQ(server_request_findings(asked, request, url_only, kModern).at(0).requirement,
            "SERVER-MODE-DECLARED");
  // The input request rebuilt as a request for the checker is no request the server wrote.
  const ElicitationCapability form{.declared = true, .form = true, .url = false};
  const rapidjson::Document same = doc(
      (std::string(R"({"jsonrpc":"2.0","id":0,"method":"elicitation/create","params":)") + kFormParams + "}")
          .c_str());
  EXPECT_TRUE(server_request_findings(asked, same, form, kModern).empty());
  EXPECT_TRUE(request_diagnostics(asked, kModern).empty());
}

TEST(FuzzModern, RetryFindingReplaysAsARetry) {
  FuzzOutcome outcome;
  outcome.input = doc(
      (std::string(R"({"params":)") + kFormParams + R"(,"reply":{"action":"decline"},"declare":{"form":{}}})")
          .c_str());
  outcome.sut_elicited = true;
  FuzzFinding finding{"failed-on-decline", "action decline", "SERVER-HANDLE-DECLINE-CANCEL", Level::Must,
                      "d"};
  finding.stage = FuzzFinding::Stage::Retry;
  const std::string json = fuzz_case_json("server", kModern, R"({"form":{}})", finding, outcome);
  const rapidjson::Document c = doc(json.c_str());
  const rapidjson::Value& steps = c["steps"];
  ASSERT_EQ(steps.Size(), 4u) << json;
  // The call with the input's own _meta, the InputRequiredResult captured, the retry with the
  // reply under the captured key and the state echoed, then what a conformant server answers.
  EXPECT_TRUE(steps[0]["send"]["params"].HasMember("_meta")) << json;
  EXPECT_TRUE(steps[1]["prerequisite"].GetBool());
  EXPECT_EQ(to_json(steps[2]["send"]["params"]["inputResponses"]), R"({"{key}":{"action":"decline"}})");
  EXPECT_STREQ(steps[2]["send"]["params"]["requestState"].GetString(), "{state}");
  EXPECT_EQ(to_json(steps[3]["expect"]), R"({"result":"$any"})");
  EXPECT_EQ(to_json(c["revisions"]), R"(["2026-07-28"])");

  // A finding of the set-up replays server/discover and tools/list as steps a check can see.
  FuzzFinding setup{"invalid-modern-result", "discover.capabilities-missing /result/capabilities",
                    "DISCOVER-MUST", Level::Must, "d"};
  setup.stage = FuzzFinding::Stage::Setup;
  const rapidjson::Document s =
      doc(fuzz_case_json("server", kModern, R"({"form":{}})", setup, outcome).c_str());
  ASSERT_EQ(s["steps"].Size(), 5u);
  EXPECT_STREQ(s["steps"][0]["send"]["method"].GetString(), "server/discover");
  EXPECT_STREQ(s["steps"][4]["check"].GetString(), "modern-results-valid");
}

TEST(FuzzModernClient, InputRequiredResponseFollowsTheInput) {
  const rapidjson::Document params = doc(kFormParams);
  const rapidjson::Document id = doc("7");
  const auto state = [&](const char* input, std::size_t round) {
    const rapidjson::Document in = doc(input);
    rapidjson::Document r =
        FuzzMutator::input_required_response(id, params, FuzzMutator::input_keys(in), in, round);
    EXPECT_EQ(to_json(r["id"]), "7");
    EXPECT_STREQ(r["result"]["resultType"].GetString(), "input_required");
    const rapidjson::Value* s = find_member(r["result"], "requestState");
    return s ? std::string(s->GetString()) : std::string("(none)");
  };
  EXPECT_EQ(state("{}", 3), "fuzz-state-3");
  EXPECT_NE(state("{}", 3), state("{}", 4));  // an echo of an earlier round's state shows
  EXPECT_EQ(state(R"({"state":"spaces"})", 1), " fuzz-state-1 \t");
  EXPECT_EQ(state(R"({"state":"json"})", 2), R"({"round": 2, "note": "fuzz"})");
  EXPECT_EQ(state(R"({"state":"none"})", 1), "(none)");
  EXPECT_EQ(FuzzMutator::input_keys(doc(R"({"inputs":2})")).size(), 2u);
  EXPECT_EQ(FuzzMutator::input_keys(doc("{}")).size(), 1u);
  const rapidjson::Document unknown = doc(R"({"result_type":"unknown"})");
  EXPECT_STREQ(
      FuzzMutator::input_required_response(id, params, {"input_1"}, unknown, 1)["result"]["resultType"]
          .GetString(),
      FuzzMutator::kUnknownResultType);
}

// A client's round: its call, our InputRequiredResult, its retry (written by each test).
struct Round {
  rapidjson::Document call, irr, retry;
  std::vector<FuzzFinding> judge() const {
    ModernClientTranscript t;
    t.sut_messages = {&call, &retry};
    t.exchanges.push_back(RetryExchange{&call, &irr, &retry});
    static const rapidjson::Document told = doc(R"({"form":{}})");
    t.asked_capability = &told;
    return modern_client_round_findings(t);
  }
};

std::string retry_json(const char* id, const char* responses, const char* state, bool meta = true) {
  std::string params = R"({"name":"fuzz","arguments":{})";
  if (meta)
    params += R"(,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",)"
              R"("io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},)"
              R"("io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"}})";
  params += std::string(R"(,"inputResponses":)") + responses;
  if (state) params += std::string(R"(,"requestState":)") + state;
  return std::string(R"({"jsonrpc":"2.0","id":)") + id + R"(,"method":"tools/call","params":)" + params +
         "}}";
}

TEST(FuzzModernClient, RoundOracles) {
  const rapidjson::Document params = doc(kFormParams);
  const auto round = [&](const char* input, const std::string& retry) {
    Round r;
    r.call = doc(retry_json("1", "{}", nullptr).c_str());
    r.call["params"].RemoveMember("inputResponses");
    const rapidjson::Document in = doc(input);
    r.irr = FuzzMutator::input_required_response(r.call["id"], params, FuzzMutator::input_keys(in), in, 1);
    r.retry = doc(retry.c_str());
    return r.judge();
  };
  const char* ann = R"({"input_1":{"action":"accept","content":{"name":"Ann"}}})";
  EXPECT_TRUE(round("{}", retry_json("2", ann, R"("fuzz-state-1")")).empty());
  // The state trimmed, an invented one, the id of the call, no _meta, a key left out.
  auto f = round(R"({"state":"spaces"})", retry_json("2", ann, R"("fuzz-state-1")"));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].oracle, "retry-state-echoed");
  EXPECT_EQ(f[0].requirement, "MRTR-CLIENT-ECHO-STATE");
  f = round(R"({"state":"none"})", retry_json("2", ann, R"("")"));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].requirement, "MRTR-CLIENT-NO-INVENTED-STATE");
  f = round("{}", retry_json("1", ann, R"("fuzz-state-1")"));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].oracle, "retry-new-id");
  f = round("{}", retry_json("2", ann, R"("fuzz-state-1")", false));
  ASSERT_FALSE(f.empty());
  EXPECT_EQ(f[0].oracle, "meta-required");
  f = round(R"({"inputs":2})", retry_json("2", ann, R"("fuzz-state-1")"));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].oracle, "retry-inputs-complete");
  // Content that breaks the schema (minLength 2): the SHOULD of CLIENT-VALIDATE-CONTENT.
  f = round("{}", retry_json("2", R"({"input_1":{"action":"accept","content":{"name":"A"}}})",
                             R"("fuzz-state-1")"));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].oracle, "retry-content-valid");
  EXPECT_EQ(f[0].level, Level::Should);
}

TEST(FuzzModernClient, CasesPlayTwoRoundsOrTheSetUp) {
  FuzzOutcome outcome;
  outcome.input = doc((std::string(R"({"params":)") + kFormParams + R"(,"state":"spaces"})").c_str());
  FuzzFinding state{"retry-state-echoed", "retry-state-echoed /params/requestState", "MRTR-CLIENT-ECHO-STATE",
                    Level::Must, "d"};
  rapidjson::Document c = doc(fuzz_case_json("client", kModern, R"({"form":{}})", state, outcome).c_str());
  const rapidjson::Value& steps = c["steps"];
  ASSERT_EQ(steps.Size(), 6u) << to_json(c);
  EXPECT_STREQ(steps[1]["reply"]["result"]["requestState"].GetString(), " fuzz-state-1 \t");
  EXPECT_STREQ(steps[3]["reply"]["result"]["requestState"].GetString(), " fuzz-state-2 \t");
  EXPECT_STREQ(steps[3]["to"].GetString(), "retry");
  EXPECT_STREQ(steps[5]["check"].GetString(), "retry-state-echoed");

  // The user's action, as the retry must carry it: a URL-mode accept stays an accept.
  outcome.input = doc(R"({"params":{"mode":"url","message":"m","url":"https://example.com/x"}})");
  outcome.user_answer = doc(R"({"action":"accept"})");
  FuzzFinding action{"altered-action", "user accept -> cancel", "RESULT-ACTION", Level::Must, "d"};
  c = doc(fuzz_case_json("client", kModern, R"({"form":{},"url":{}})", action, outcome).c_str());
  EXPECT_EQ(to_json(c["steps"][2]["expect"]["params"]["inputResponses"]),
            R"({"input_1":{"action":{"$one_of":["accept"]}}})");
  EXPECT_EQ(c["sut"]["user"].Size(), 4u);

  FuzzFinding probe{"discover-first", "discover-first /method", "MODERN-CLIENT-PROBE", Level::Should, "d"};
  probe.stage = FuzzFinding::Stage::Setup;
  c = doc(fuzz_case_json("client", kModern, R"({"form":{}})", probe, outcome).c_str());
  ASSERT_EQ(c["steps"].Size(), 2u);
  EXPECT_STREQ(c["steps"][1]["check"].GetString(), "discover-first");
}

}  // namespace
}  // namespace ec
