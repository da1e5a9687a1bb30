#include "cases/modern_client_checks.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "core/json.h"

namespace ec {
namespace {

constexpr const char* kMeta = R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",)"
                              R"("io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}},)"
                              R"("io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"}})";

// One exchange: the call, our InputRequiredResult, the client's retry.
class Exchange {
 public:
  Exchange(const std::string& irr_result, const std::string& retry_tail, const std::string& retry_id = "2") {
    call_ = parse(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","arguments":{},)" +
                  std::string(kMeta) + "}}");
    irr_ = parse(R"({"jsonrpc":"2.0","id":1,"result":)" + irr_result + "}");
    retry_ =
        parse(R"({"jsonrpc":"2.0","id":)" + retry_id +
              R"(,"method":"tools/call","params":{"name":"t","arguments":{},)" + kMeta + retry_tail + "}}");
    t_.sut_messages = {call_.get(), retry_.get()};
    t_.exchanges = {{call_.get(), irr_.get(), retry_.get()}};
    caps_ = parse(R"({"form":{}})");
    t_.asked_capability = caps_.get();
  }
  std::optional<CheckFailure> check(const char* name) const { return run_modern_client_check(name, t_); }
  // One more message of the client's, after the retry.
  void client_sent(const std::string& text) {
    more_.push_back(parse(text));
    t_.sut_messages.push_back(more_.back().get());
  }

 private:
  static std::shared_ptr<rapidjson::Document> parse(const std::string& text) {
    ParsedJson p = parse_json(text);
    EXPECT_TRUE(p.ok()) << text;
    return std::make_shared<rapidjson::Document>(std::move(p.document));
  }
  std::shared_ptr<rapidjson::Document> call_, irr_, retry_, caps_;
  std::vector<std::shared_ptr<rapidjson::Document>> more_;
  ModernClientTranscript t_;
};

constexpr const char* kIrr =
    R"({"resultType":"input_required","inputRequests":{"k":{"method":"elicitation/create","params":{)"
    R"("message":"Age?","requestedSchema":{"type":"object","properties":{"age":{"type":"integer"}}}}}},)"
    R"("requestState":" s\u00e9 "})";

TEST(ModernClientChecks, AConformantRetryPassesEveryCheck) {
  Exchange e(kIrr,
             R"(,"inputResponses":{"k":{"action":"accept","content":{"age":3}}},"requestState":" s\u00e9 ")");
  for (const char* name :
       {"meta-required", "meta-client-info", "capability-each-request", "retry-new-id", "retry-state-echoed",
        "retry-inputs-complete", "retry-content-valid", "no-legacy-elicitation"}) {
    EXPECT_FALSE(e.check(name)) << name << ": " << e.check(name)->reason;
  }
  EXPECT_TRUE(e.check("discover-first"));  // the call came first
}

TEST(ModernClientChecks, EachCheckJudgesOnlyItsRule) {
  // A trimmed state fails retry-state-echoed and nothing else.
  Exchange trimmed(
      kIrr, R"(,"inputResponses":{"k":{"action":"accept","content":{"age":3}}},"requestState":"s\u00e9")");
  EXPECT_TRUE(trimmed.check("retry-state-echoed"));
  EXPECT_FALSE(trimmed.check("retry-inputs-complete"));
  EXPECT_FALSE(trimmed.check("retry-new-id"));
  // The same id, a key nobody asked for, content that breaks the schema.
  EXPECT_TRUE(Exchange(kIrr, R"(,"inputResponses":{"k":{"action":"cancel"}},"requestState":" s\u00e9 ")", "1")
                  .check("retry-new-id"));
  Exchange extra(
      kIrr,
      R"(,"inputResponses":{"k":{"action":"cancel"},"x":{"action":"decline"}},"requestState":" s\u00e9 ")");
  ASSERT_TRUE(extra.check("retry-inputs-complete"));
  EXPECT_NE(extra.check("retry-inputs-complete")->reason.find("\"x\""), std::string::npos);
  EXPECT_FALSE(extra.check("retry-state-echoed"));
  EXPECT_TRUE(
      Exchange(kIrr, R"(,"inputResponses":{},"requestState":" s\u00e9 ")").check("retry-inputs-complete"));
  EXPECT_TRUE(
      Exchange(
          kIrr,
          R"(,"inputResponses":{"k":{"action":"accept","content":{"age":"x"}}},"requestState":" s\u00e9 ")")
          .check("retry-content-valid"));
}

TEST(ModernClientChecks, NoStateIsEchoedAsNone) {
  constexpr const char* kNoState =
      R"({"resultType":"input_required","inputRequests":{"k":{"method":"elicitation/create","params":{)"
      R"("message":"Ok?","requestedSchema":{"type":"object","properties":{}}}}}})";
  EXPECT_FALSE(
      Exchange(kNoState, R"(,"inputResponses":{"k":{"action":"decline"}})").check("retry-state-echoed"));
  EXPECT_TRUE(Exchange(kNoState, R"(,"inputResponses":{"k":{"action":"decline"}},"requestState":"")")
                  .check("retry-state-echoed"));
}

// ERA-CACHE: one probe, then requests; a second server/discover is the era asked again.
TEST(ModernClientChecks, ProbeOnceAllowsOneServerDiscover) {
  const auto transcript = [](int probes) {
    std::vector<std::shared_ptr<rapidjson::Document>> kept;
    ModernClientTranscript t;
    for (int i = 0; i < 3; ++i) {
      const bool probe = i < probes;
      ParsedJson p =
          parse_json(R"({"jsonrpc":"2.0","id":)" + std::to_string(i + 1) + R"(,"method":")" +
                     (probe ? "server/discover" : "tools/call") + R"(","params":{)" + kMeta + "}}");
      kept.push_back(std::make_shared<rapidjson::Document>(std::move(p.document)));
      t.sut_messages.push_back(kept.back().get());
    }
    return std::optional<CheckFailure>(run_modern_client_check("probe-once", t));
  };
  EXPECT_FALSE(transcript(0));
  EXPECT_FALSE(transcript(1));
  const std::optional<CheckFailure> twice = transcript(2);
  ASSERT_TRUE(twice);
  EXPECT_NE(twice->reason.find("server/discover again"), std::string::npos) << twice->reason;
  EXPECT_EQ(twice->pointer, "/method");
}

// JSONRPC-NO-RESPONSE-TO-NOTIFICATION: the server sent no request, so a response answers a
// notification, whatever its id; one named after an input request's key is the 2025 ElicitResult,
// which no-legacy-elicitation judges, not this check.
TEST(ModernClientChecks, NoResponseToNotificationLeavesTheLegacyAnswerToItsOwnCheck) {
  constexpr const char* kRetry = R"(,"inputResponses":{"k":{"action":"decline"}},"requestState":" s\u00e9 ")";
  EXPECT_FALSE(Exchange(kIrr, kRetry).check("no-response-to-notification"));
  for (const char* answer :
       {R"({"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found"}})",
        R"({"jsonrpc":"2.0","id":7,"result":{}})",
        R"({"jsonrpc":"2.0","error":{"code":-32601,"message":"no id at all"}})"}) {
    Exchange e(kIrr, kRetry);
    e.client_sent(answer);
    const std::optional<CheckFailure> f = e.check("no-response-to-notification");
    ASSERT_TRUE(f) << answer;
    EXPECT_NE(f->reason.find("answers no request"), std::string::npos) << f->reason;
    EXPECT_EQ(f->message, answer);
    EXPECT_FALSE(e.check("retry-state-echoed")) << "no other check sees it";
  }
  Exchange legacy(kIrr, kRetry);
  legacy.client_sent(R"({"jsonrpc":"2.0","id":"k","result":{"action":"decline"}})");
  EXPECT_FALSE(legacy.check("no-response-to-notification"));
  EXPECT_TRUE(legacy.check("no-legacy-elicitation"));
}

TEST(ModernClientChecks, NamesAreKnown) {
  EXPECT_TRUE(is_modern_client_check("retry-state-echoed"));
  EXPECT_FALSE(is_modern_client_check("elicitations-valid"));
}

}  // namespace
}  // namespace ec
