// The pure parts of `elicit-conform fuzz`: the mutator is a function of its seed (a campaign
// replays, shards never overlap), the minimiser shrinks to what the predicate needs and keeps to
// its budget, the oracles judge messages as check_message and the content validator do.
#include <gtest/gtest.h>

#include <set>

#include "core/json.h"
#include "sut_fuzzer/case_writer.h"
#include "sut_fuzzer/minimise.h"
#include "sut_fuzzer/mutator.h"
#include "sut_fuzzer/oracles.h"

namespace ec {
namespace {

rapidjson::Document doc(const char* text) {
  ParsedJson p = parse_json(text);
  EXPECT_TRUE(p.ok()) << text;
  return std::move(p.document);
}

const ElicitationCapability kBoth{.declared = true, .form = true, .url = true};
const ElicitationCapability kFormOnly{.declared = true, .form = true, .url = false};

FuzzMutator mutator() {
  auto seed = std::make_shared<rapidjson::Document>(doc(
      R"({"message":"Where?","requestedSchema":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}})"));
  return FuzzMutator({seed});
}

TEST(FuzzMutator, SameSeedSameInputs) {
  const FuzzMutator m = mutator();
  for (std::uint64_t index = 0; index < 200; ++index) {
    FuzzRng a = FuzzRng::for_input(7, index, "mutate");
    FuzzRng b = FuzzRng::for_input(7, index, "mutate");
    EXPECT_EQ(to_json(m.mutate_params(a)), to_json(m.mutate_params(b))) << index;
    rapidjson::Document params = m.mutate_params(a);
    FuzzRng r1 = FuzzRng::for_input(7, index, "reply");
    FuzzRng r2 = FuzzRng::for_input(7, index, "reply");
    EXPECT_EQ(to_json(FuzzMutator::reply_for(params, r1)), to_json(FuzzMutator::reply_for(params, r2)));
  }
}

TEST(FuzzMutator, SeedsAndIndicesGiveDifferentInputs) {
  const FuzzMutator m = mutator();
  std::set<std::string> seen;
  for (std::uint64_t index = 0; index < 200; ++index) {
    FuzzRng r = FuzzRng::for_input(1, index, "mutate");
    seen.insert(to_json(m.mutate_params(r)));
  }
  EXPECT_GT(seen.size(), 150u);  // mutations, not one input again and again
  FuzzRng a = FuzzRng::for_input(1, 0, "mutate");
  FuzzRng b = FuzzRng::for_input(2, 0, "mutate");
  EXPECT_NE(a.next(), b.next());
}

TEST(FuzzMutator, ParamsAreAlwaysAnObjectAndSerialise) {
  const FuzzMutator m = mutator();
  for (std::uint64_t index = 0; index < 500; ++index) {
    FuzzRng r = FuzzRng::for_input(3, index, "mutate");
    rapidjson::Document p = m.mutate_params(r);
    ASSERT_TRUE(p.IsObject());
    EXPECT_TRUE(parse_json(to_json(p)).ok()) << index;  // what a case file must hold
  }
}

TEST(FuzzMinimise, ShrinksToWhatThePredicateNeeds) {
  rapidjson::Document input = doc(
      R"({"params":{"message":"a long message here","requestedSchema":{"type":"object","properties":{
          "a":{"type":"string","title":"A"},"n":{"type":"integer","minimum":1}}}},"reply":{"action":"accept","content":{"a":"x","n":2.5}}})");
  // Fires while the reply still carries a fraction for n.
  const auto fires = [](const rapidjson::Value& v) {
    const rapidjson::Value* reply = find_member(v, "reply");
    const rapidjson::Value* content = reply ? find_member(*reply, "content") : nullptr;
    const rapidjson::Value* n = content && content->IsObject() ? find_member(*content, "n") : nullptr;
    return n && n->IsDouble() && n->GetDouble() == 2.5;
  };
  MinimiseResult r = minimise(input, fires, 1000);
  EXPECT_EQ(to_json(r.input), R"({"reply":{"content":{"n":2.5}}})");
  EXPECT_TRUE(fires(r.input));
  EXPECT_GT(r.steps, 0u);
}

TEST(FuzzMinimise, KeepsToItsBudget) {
  rapidjson::Document input = doc(R"({"a":[1,2,3,4,5,6,7,8],"b":"xxxxxxxxxxxxxxxx"})");
  std::size_t calls = 0;
  MinimiseResult r = minimise(
      input, [&](const rapidjson::Value&) { return ++calls, false; }, 5);
  EXPECT_EQ(calls, 5u);
  EXPECT_EQ(r.tries, 5u);
  EXPECT_EQ(to_json(r.input), to_json(input));  // nothing fired: the input as it was
}

TEST(FuzzMinimise, ShortensStringsOnCharacterBoundaries) {
  rapidjson::Document input = doc(R"({"s":"😀😀😀😀"})");
  MinimiseResult r = minimise(
      input,
      [](const rapidjson::Value& v) {
        return v.HasMember("s") && v["s"].IsString() && v["s"].GetStringLength() > 0;
      },
      100);
  ASSERT_TRUE(r.input["s"].IsString());
  EXPECT_TRUE(parse_json(to_json(r.input)).ok());
  EXPECT_EQ(std::string(r.input["s"].GetString()), "😀");
}

TEST(FuzzOracles, PointersLoseTheSutsNames) {
  EXPECT_EQ(normalise_pointer("/params/requestedSchema/properties/age/minimum"),
            "/params/requestedSchema/properties/*/minimum");
  EXPECT_EQ(normalise_pointer("/result/content/tags/2"), "/result/content/*/*");
  // Keys of the modern wire's maps are names too: one bug under two keys is one finding.
  EXPECT_EQ(normalise_pointer("/params/inputResponses/input_2/content/name"),
            "/params/inputResponses/*/content/*");
  EXPECT_EQ(normalise_pointer("/result/inputRequests/k/params"), "/result/inputRequests/*/params");
}

TEST(FuzzOracles, ServerAcceptOfInvalidContentIsAFinding) {
  const rapidjson::Value none;
  rapidjson::Document sent =
      doc(R"({"message":"m","requestedSchema":{"type":"object","properties":{"n":{"type":"integer"}}}})");
  rapidjson::Document bad = doc(
      R"({"jsonrpc":"2.0","id":"x","result":{"content":[{"type":"text","text":"{\"action\":\"accept\",\"content\":{\"n\":2.5}}"}]}})");
  rapidjson::Document refused = doc(
      R"({"jsonrpc":"2.0","id":"x","result":{"isError":true,"content":[{"type":"text","text":"{\"action\":\"accept\",\"content\":{\"n\":2.5}}"}]}})");
  auto found = server_result_findings(bad, sent, sent, none, default_revision());
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].oracle, "accepted-invalid-content");
  EXPECT_EQ(found[0].signature, "content.integer /content/*");
  EXPECT_TRUE(server_result_findings(refused, sent, sent, none, default_revision()).empty());
  // A field the server added on its own (its tool was asked for none) is not judged here.
  rapidjson::Document asked = doc(R"({"message":"m","requestedSchema":{"type":"object","properties":{}}})");
  EXPECT_TRUE(server_result_findings(bad, sent, asked, none, default_revision()).empty());
  // The same schema on a URL-mode request asks for no content: nothing to judge.
  rapidjson::Document url =
      doc(R"({"mode":"url","url":"https://example.com/x","elicitationId":"e","message":"m",)"
          R"("requestedSchema":{"type":"object","properties":{"n":{"type":"integer"}}}})");
  EXPECT_TRUE(server_result_findings(bad, url, url, none, default_revision()).empty());
}

// SERVER-HANDLE-ACTIONS: what the tool reports is the action the harness sent, when that answer
// was valid; an answer the checker finds anything in (content on a decline) is not judged.
TEST(FuzzOracles, ServerThatReportsAnotherActionIsAFinding) {
  rapidjson::Document sent = doc(R"({"message":"m","requestedSchema":{"type":"object","properties":{}}})");
  const auto tool_says = [](const char* result) {
    const std::string text =
        std::string(R"({"jsonrpc":"2.0","id":"x","result":{"content":[{"type":"text","text":)") +
        to_json(rapidjson::Value(rapidjson::StringRef(result))) + "}]}}";
    return doc(text.c_str());
  };
  rapidjson::Document decline = doc(R"({"action":"decline"})");
  rapidjson::Document cancel = doc(R"({"action":"cancel"})");
  auto found =
      server_result_findings(tool_says(R"({"action":"cancel"})"), sent, sent, decline, default_revision());
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].oracle, "misreported-action");
  EXPECT_EQ(found[0].signature, "action decline -> cancel");
  EXPECT_EQ(found[0].requirement, "SERVER-HANDLE-ACTIONS");
  EXPECT_TRUE(
      server_result_findings(tool_says(R"({"action":"decline"})"), sent, sent, decline, default_revision())
          .empty());
  EXPECT_TRUE(
      server_result_findings(tool_says(R"({"action":"cancel"})"), sent, sent, cancel, default_revision())
          .empty());
  // Content beside a decline: the action still says what the user did.
  rapidjson::Document with_content = doc(R"({"action":"decline","content":{}})");
  found = server_result_findings(tool_says(R"({"action":"accept","content":{}})"), sent, sent, with_content,
                                 default_revision());
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].signature, "action decline -> accept");
  // The SUT's own text never reaches the signature (deduplication, the terminal) unbounded.
  found = server_result_findings(tool_says("{\"action\":\"\\u001b[2J\"}"), sent, sent, decline,
                                 default_revision());
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].signature, "action decline -> other");
  EXPECT_EQ(found[0].detail.find('\x1b'), std::string::npos) << found[0].detail;
  // Any other finding in the answer (an action no revision has) leaves it unjudged.
  rapidjson::Document odd = doc(R"({"action":"maybe"})");
  EXPECT_TRUE(server_result_findings(tool_says(R"({"action":"accept","content":{}})"), sent, sent, odd,
                                     default_revision())
                  .empty());
}

TEST(FuzzOracles, ServerRewritesOfTheAskedSchemaAreFindings) {
  rapidjson::Document asked = doc(
      R"({"message":"Zip?","requestedSchema":{"type":"object","properties":{"zip":{"type":"string","pattern":"^[0-9]+$"}}}})");
  const auto sent_as = [](const std::string& params) {
    return doc((R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":)" + params + "}").c_str());
  };
  rapidjson::Document same = sent_as(to_json(asked));
  EXPECT_TRUE(server_request_findings(asked, same, kBoth, default_revision()).empty());
  // `pattern` is in no revision's schema.json for StringSchema: dropping it is no finding
  // (schema_diff.cpp); dropping minLength is.
  rapidjson::Document no_pattern = sent_as(
      R"({"message":"Zip?","requestedSchema":{"type":"object","properties":{"zip":{"type":"string"}}}})");
  EXPECT_TRUE(server_request_findings(asked, no_pattern, kBoth, default_revision()).empty());
  rapidjson::Document with_length = doc(
      R"({"message":"Zip?","requestedSchema":{"type":"object","properties":{"zip":{"type":"string","minLength":5}}}})");
  rapidjson::Document stripped = sent_as(
      R"({"message":"Zip?","requestedSchema":{"type":"object","properties":{"zip":{"type":"string"}}}})");
  auto found = server_request_findings(with_length, stripped, kBoth, default_revision());
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].oracle, "altered-schema");
  EXPECT_EQ(found[0].requirement, "FORM-REQUESTED-SCHEMA");
  EXPECT_EQ(found[0].signature, "schema /properties/*/minLength");
  rapidjson::Document added = sent_as(
      R"({"message":"Zip?","requestedSchema":{"type":"object","properties":{"zip":{"type":"string","pattern":"^[0-9]+$"},)"
      R"("password":{"type":"string"}}}})");
  found = server_request_findings(asked, added, kBoth, default_revision());
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].oracle, "added-sensitive-field");
}

TEST(FuzzOracles, ClientAnswers) {
  ElicitationCapability form_only;
  form_only.declared = true;
  form_only.form = true;
  rapidjson::Document valid =
      doc(R"({"message":"m","requestedSchema":{"type":"object","properties":{"c":{"type":"string"}}}})");
  rapidjson::Document no_message = doc(R"({"requestedSchema":{"type":"object","properties":{}}})");
  rapidjson::Document url =
      doc(R"({"mode":"url","message":"m","url":"https://example.com/x","elicitationId":"e"})");
  rapidjson::Document cancel = doc(R"({"jsonrpc":"2.0","id":1,"result":{"action":"cancel"}})");
  rapidjson::Document error = doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"no"}})");
  const Revision r = default_revision();
  EXPECT_TRUE(client_answer_findings(valid, cancel, form_only, r).empty());
  EXPECT_EQ(client_answer_findings(valid, error, form_only, r).at(0).oracle, "refused-valid-request");
  EXPECT_EQ(client_answer_findings(no_message, cancel, form_only, r).at(0).oracle,
            "accepted-invalid-request");
  EXPECT_TRUE(client_answer_findings(no_message, error, form_only, r).empty());
  EXPECT_EQ(client_answer_findings(url, cancel, form_only, r).at(0).oracle, "accepted-undeclared-mode");
  EXPECT_TRUE(client_answer_findings(url, error, form_only, r).empty());

  // The error code: -32602 for a mode not declared (the page names it), robustness for the rest.
  rapidjson::Document internal = doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"no"}})");
  auto found = client_answer_findings(url, internal, form_only, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].key(), "error-code error.code -32603");
  EXPECT_EQ(found[0].requirement, "CLIENT-ERR-UNSUPPORTED-MODE");
  EXPECT_FALSE(found[0].robustness);
  found = client_answer_findings(no_message, internal, form_only, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].requirement, "CLIENT-ERR-STANDARD");
  EXPECT_TRUE(found[0].robustness);
  EXPECT_TRUE(client_answer_findings(valid, internal, form_only, r).at(0).oracle == "refused-valid-request");

  // The rest of an ElicitResult's rules: content with a URL-mode accept, a form accept without it.
  rapidjson::Document url_accept_content =
      doc(R"({"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"c":"x"}}})");
  found = client_answer_findings(url, url_accept_content, kBoth, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].key(), "invalid-result result.content-in-url-mode /result/content");
  EXPECT_EQ(found[0].level, Level::Must);
  rapidjson::Document bare_accept = doc(R"({"jsonrpc":"2.0","id":1,"result":{"action":"accept"}})");
  found = client_answer_findings(valid, bare_accept, form_only, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].oracle, "invalid-result");
  EXPECT_EQ(found[0].level, Level::Should);
  EXPECT_TRUE(client_answer_findings(url, bare_accept, kBoth, r).empty());

  // 2025-06-18 has no rule about how a client refuses an elicitation (CLIENT-ERR-*,
  // CAPABILITY-NEGOTIATION came with 2025-11-25): a finding citing one would write a replay case
  // its catalog does not load (found by the fuzz target sut_fuzz_oracles). The result's own rules
  // hold there too.
  const Revision old = Revision::V2025_06_18;
  EXPECT_TRUE(client_answer_findings(no_message, cancel, form_only, old).empty());
  EXPECT_TRUE(client_answer_findings(no_message, internal, form_only, old).empty());
  EXPECT_TRUE(client_answer_findings(valid, error, form_only, old).empty());
  found = client_answer_findings(valid, bare_accept, form_only, old);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].oracle, "invalid-result");
}

TEST(FuzzOracles, ClientActionAgainstItsScriptedUser) {
  const Revision r = default_revision();
  rapidjson::Document valid = doc(
      R"({"message":"m","requestedSchema":{"type":"object","properties":{"c":{"type":"string","default":"x"},)"
      R"("n":{"type":"integer","default":0},"b":{"type":"boolean"}}}})");
  rapidjson::Document decline = doc(R"({"action":"decline"})");
  rapidjson::Document cancel = doc(R"({"action":"cancel"})");
  rapidjson::Document accept = doc(R"({"action":"accept","content":{"c":"y"}})");
  rapidjson::Document untouched = doc(R"({"action":"accept"})");
  const auto findings = [&](const char* result, const std::vector<const rapidjson::Value*>& user) {
    rapidjson::Document d = doc(result);
    return client_user_findings(valid, d, user, kFormOnly, r);
  };
  EXPECT_TRUE(findings(R"({"action":"decline"})", {&decline}).empty());
  EXPECT_TRUE(findings(R"({"action":"cancel"})", {&accept}).empty());  // content it would not submit
  auto found = findings(R"({"action":"cancel"})", {&decline});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].key(), "altered-action user decline -> cancel");
  EXPECT_EQ(findings(R"({"action":"accept","content":{"c":"x","n":0}})", {&decline}).at(0).key(),
            "altered-action user decline -> accept");
  EXPECT_EQ(findings(R"({"action":"decline"})", {&cancel}).at(0).key(),
            "altered-action user cancel -> decline");
  // An error before: the answer may come from either entry, and one of them explains it.
  EXPECT_TRUE(findings(R"({"action":"cancel"})", {&decline, &accept}).empty());
  EXPECT_EQ(findings(R"({"action":"accept","content":{}})", {&decline, &cancel}).at(0).key(),
            "altered-action user mixed -> accept");
  // Invalid params or an undeclared mode: no user saw the request as it was meant.
  rapidjson::Document no_message = doc(R"({"requestedSchema":{"type":"object","properties":{}}})");
  rapidjson::Document d = doc(R"({"action":"cancel"})");
  EXPECT_TRUE(client_user_findings(no_message, d, {&decline}, kFormOnly, r).empty());

  // The untouched form: every default by value; a field without one may stay out.
  EXPECT_TRUE(findings(R"({"action":"accept","content":{"c":"x","n":0}})", {&untouched}).empty());
  found = findings(R"({"action":"accept","content":{"c":"x"}})", {&untouched});
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].key(), "ignored-defaults content.default /content/*");
  EXPECT_EQ(found[0].level, Level::Should);
  EXPECT_EQ(findings(R"({"action":"accept","content":{"c":"","n":0}})", {&untouched}).size(), 1u);
  EXPECT_TRUE(findings(R"({"action":"accept","content":{"c":"y"}})", {&untouched, &accept}).empty());
  EXPECT_TRUE(findings(R"({"action":"cancel"})", {&untouched}).empty());
  // 2025-06-18 has no SEP-1034 defaults to pre-fill.
  rapidjson::Document empty = doc(R"({"action":"accept","content":{}})");
  EXPECT_TRUE(client_user_findings(valid, empty, {&untouched}, kFormOnly, Revision::V2025_06_18).empty());
}

TEST(FuzzMutator, UserScriptsMixOrRepeatOneAnswerInTurn) {
  const FuzzMutator m = mutator();
  const auto script = [&](std::size_t index) {
    FuzzRng rng = FuzzRng::for_input(3, index, "user");
    return doc(m.user_script(rng, 50, FuzzMutator::user_script_kind(index)).c_str());
  };
  const auto one_answer = [](const rapidjson::Document& s) {
    std::set<std::string> seen;
    for (const rapidjson::Value& e : s.GetArray()) seen.insert(to_json(e));
    return seen.size() == 1 ? *seen.begin() : std::string();
  };
  EXPECT_EQ(one_answer(script(0)), "");  // the first script of a campaign mixes
  EXPECT_EQ(one_answer(script(1)), R"({"action":"decline"})");
  EXPECT_EQ(one_answer(script(3)), R"({"action":"accept"})");
  EXPECT_EQ(one_answer(script(5)), R"({"action":"cancel"})");
  EXPECT_EQ(script(7).Size(), 50u);
  EXPECT_EQ(to_json(script(2)), to_json(script(2)));
}

TEST(FuzzMutator, NotificationsAreNotificationsAndFollowTheSeed) {
  for (std::uint64_t index = 0; index < 50; ++index) {
    FuzzRng a = FuzzRng::for_input(5, index, "notify");
    FuzzRng b = FuzzRng::for_input(5, index, "notify");
    const rapidjson::Document list = FuzzMutator::notifications_for(a, true, "e-1");
    EXPECT_EQ(to_json(list), to_json(FuzzMutator::notifications_for(b, true, "e-1")));
    ASSERT_TRUE(list.IsArray() && !list.Empty());
    for (const rapidjson::Value& n : list.GetArray()) {
      const std::string message = FuzzMutator::notification_message(n);
      ASSERT_FALSE(message.empty()) << to_json(n);
      EXPECT_EQ(message.find("\"id\""), std::string::npos) << message;
    }
    FuzzRng c = FuzzRng::for_input(5, index, "notify");
    const rapidjson::Document to_server = FuzzMutator::notifications_for(c, false, "");
    for (const rapidjson::Value& n : to_server.GetArray())
      EXPECT_EQ(to_json(n).find("elicitation/complete"), std::string::npos);  // none to a server
  }
  // A method the minimiser shortened below its prefix would be a request in the replay case.
  EXPECT_EQ(FuzzMutator::notification_message(doc(R"({"method":"notif"})")), "");
  EXPECT_EQ(FuzzMutator::notification_message(doc(R"({"method":"notifications/x","params":{"a":1}})")),
            R"({"jsonrpc":"2.0","method":"notifications/x","params":{"a":1}})");
}

TEST(FuzzOracles, ServerUrlRequiredAndCompletion) {
  const Revision r = default_revision();
  rapidjson::Document url_list =
      doc(R"([{"mode":"url","message":"m","url":"https://example.com/x","elicitationId":"e1"}])");
  rapidjson::Document form_list =
      doc(R"([{"message":"m","requestedSchema":{"type":"object","properties":{}}}])");
  rapidjson::Document right =
      doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32042,"message":"m","data":{"elicitations":)"
          R"([{"mode":"url","message":"m","url":"https://example.com/x","elicitationId":"e1"}]}}})");
  rapidjson::Document as_result = doc(R"({"jsonrpc":"2.0","id":1,"result":{"content":[],"isError":true}})");
  rapidjson::Document no_list = doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32042,"message":"m"}})");
  rapidjson::Document form_entry =
      doc(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32042,"message":"m","data":{"elicitations":)"
          R"([{"message":"m","requestedSchema":{"type":"object","properties":{}}}]}}})");
  EXPECT_TRUE(server_url_required_findings(url_list, right, r).empty());
  auto found = server_url_required_findings(url_list, as_result, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].key(), "url-required-error result");
  EXPECT_EQ(found[0].requirement, "SERVER-ERR-URL-REQUIRED");
  found = server_url_required_findings(url_list, no_list, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].oracle, "url-required-error");
  EXPECT_TRUE(server_url_required_findings(form_list, as_result, r).empty());  // refusing it is right
  found = server_url_required_findings(form_list, form_entry, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].requirement, "URL-REQUIRED-ERROR-URL-MODE");
  // 2025-06-18 has no -32042 to ask for.
  EXPECT_TRUE(server_url_required_findings(url_list, as_result, Revision::V2025_06_18).empty());

  const rapidjson::Value& issued = url_list[0];
  rapidjson::Document done = doc(R"({"jsonrpc":"2.0","id":2,"result":{"content":[]}})");
  EXPECT_TRUE(server_completion_findings(issued, done, {R"("e1")"}, r).empty());
  found = server_completion_findings(issued, done, {R"("e1-other")"}, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].key(), "completion-id elicitationId");
  EXPECT_TRUE(server_completion_findings(issued, as_result, {R"("e1-other")"}, r).empty());  // it refused
  EXPECT_TRUE(server_completion_findings(form_list[0], done, {R"("x")"}, r).empty());        // nothing issued
}

TEST(FuzzOracles, Handshakes) {
  const Revision r = default_revision();
  rapidjson::Document early = doc(R"({"jsonrpc":"2.0","id":0,"method":"tools/list"})");
  rapidjson::Document init =
      doc(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25",)"
          R"("capabilities":{"elicitation":{"form":{}}},"clientInfo":{"name":"c","version":"1"}}})");
  rapidjson::Document initialized = doc(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  rapidjson::Document latest =
      doc(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"latest",)"
          R"("capabilities":{"elicitation":{"voice":{}}},"clientInfo":{"name":"c","version":"1"}}})");
  const std::string told = R"({"form":{}})";
  EXPECT_TRUE(client_handshake_findings({&init, &initialized}, told, r).empty());
  auto found = client_handshake_findings({&early, &init}, told, r);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].key(), "handshake LIFECYCLE-INITIALIZE-FIRST");
  EXPECT_EQ(found[1].key(), "handshake LIFECYCLE-INITIALIZED");
  found = client_handshake_findings({&latest, &initialized}, told, r);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].key(), "handshake LIFECYCLE-CLIENT-VERSION");
  EXPECT_EQ(found[1].key(), "handshake CAPABILITY-AT-LEAST-ONE-MODE");
  rapidjson::Document bare = doc(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}})");
  EXPECT_EQ(client_handshake_findings({&bare, &initialized}, told, r).at(0).key(),
            "handshake CAPABILITY-DECLARE");
  EXPECT_TRUE(client_handshake_findings({&bare, &initialized}, "none", r).empty());
  EXPECT_TRUE(server_handshake_findings(doc(R"({"protocolVersion":"2025-11-25"})")).empty());
  EXPECT_EQ(server_handshake_findings(doc(R"({"protocolVersion":""})")).at(0).key(),
            "handshake LIFECYCLE-SERVER-VERSION");
}

TEST(FuzzOracles, ServerModesAndTheShouldHalf) {
  const Revision r = default_revision();
  rapidjson::Document url_params =
      doc(R"({"mode":"url","message":"m","url":"https://example.com/x","elicitationId":"e"})");
  rapidjson::Document url_request =
      doc(R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"mode":"url","message":"m",)"
          R"("url":"https://example.com/x","elicitationId":"e"}})");
  EXPECT_TRUE(server_request_findings(url_params, url_request, kBoth, r).empty());
  auto found = server_request_findings(url_params, url_request, kFormOnly, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].key(), "undeclared-mode mode url");
  EXPECT_EQ(found[0].requirement, "SERVER-MODE-DECLARED");
  // 2025-06-18 has no URL mode, whatever was declared and whatever the tool was asked.
  ElicitationCapability v2025_06_18;
  v2025_06_18.declared = v2025_06_18.form = true;
  found = server_request_findings(url_params, url_request, v2025_06_18, Revision::V2025_06_18);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].requirement, "LIFECYCLE-RESPECT-VERSION");
  // No elicitation capability negotiated at all (--capabilities none): any mode breaks that rule.
  found = server_request_findings(url_params, url_request, ElicitationCapability{}, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].requirement, "LIFECYCLE-NEGOTIATED-ONLY");

  rapidjson::Document asked = doc(
      R"({"message":"m","requestedSchema":{"type":"object","properties":{"c":{"type":"string","title":"City"}},)"
      R"("required":["c"]}})");
  rapidjson::Document unsatisfiable = doc(
      R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m","requestedSchema":)"
      R"({"type":"object","properties":{"c":{"type":"string","title":"City"}},"required":["c","ghost"]}}})");
  found = server_request_findings(asked, unsatisfiable, kBoth, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].oracle, "inconsistent-schema");
  EXPECT_EQ(found[0].level, Level::Should);
  rapidjson::Document untitled = doc(
      R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m","requestedSchema":)"
      R"({"type":"object","properties":{"c":{"type":"string"}},"required":["c"]}}})");
  found = server_request_findings(asked, untitled, kBoth, r);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].key(), "altered-guidance schema /properties/*/title");
  EXPECT_EQ(found[0].level, Level::Should);
  // enumNames on the form itself is shown nowhere: a server that drops it guides no one less.
  rapidjson::Document odd = doc(
      R"({"message":"m","requestedSchema":{"type":"object","enumNames":[],"properties":{"c":{"type":"string","title":"City"}},)"
      R"("required":["c"]}})");
  rapidjson::Document tidy = doc(
      R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m","requestedSchema":)"
      R"({"type":"object","properties":{"c":{"type":"string","title":"City"}},"required":["c"]}}})");
  EXPECT_TRUE(server_request_findings(odd, tidy, kBoth, r).empty());
}

TEST(FuzzCaseWriter, NamesAreStableAndCasesParse) {
  FuzzFinding f{"answered-twice", "elicitation/create", "JSONRPC-SPEC", Level::Must, "twice"};
  EXPECT_EQ(fuzz_case_name(f), fuzz_case_name(f));
  EXPECT_EQ(fuzz_case_name(f).rfind("fuzz.answered-twice.", 0), 0u);
  FuzzOutcome o;
  o.input = doc(R"({"params":{"message":"m"}})");
  ParsedJson c = parse_json(fuzz_case_json("client", default_revision(), R"({"form":{}})", f, o));
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(std::string(c.document["id"].GetString()), "client." + fuzz_case_name(f));
}

}  // namespace
}  // namespace ec
