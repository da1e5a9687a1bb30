#include "cases/wire_ledger.h"

#include <gtest/gtest.h>

#include "core/json.h"

namespace ec {
namespace {

// Each test plays a run: what the harness sent, then what the SUT sent, and the checks it drew.
class WireRun {
 public:
  explicit WireRun(Revision r) : revision_(r) {}
  void harness(const char* text) { ledger_.harness_sent(doc(text)); }
  std::vector<std::string> sut(const char* text, bool judged_broken = false) {
    std::vector<std::string> checks;
    for (const Diagnostic& d : ledger_.sut_sent(doc(text), revision_, judged_broken)) {
      EXPECT_FALSE(d.requirement.empty());
      EXPECT_FALSE(d.message.empty());
      checks.push_back(d.check + "@" + d.pointer);
    }
    return checks;
  }
  WireLedger& ledger() { return ledger_; }

 private:
  static rapidjson::Document doc(const char* text) {
    ParsedJson p = parse_json(text);
    EXPECT_TRUE(p.ok()) << text;
    return std::move(p.document);
  }
  Revision revision_;
  WireLedger ledger_;
};

using Checks = std::vector<std::string>;

TEST(WireLedger, AResponseWithItsRequestsIdIsClean) {
  WireRun run(Revision::V2025_11_25);
  run.harness(R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
  run.harness(R"({"jsonrpc":"2.0","id":"s-1","method":"ping"})");
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":1,"result":{}})"), Checks{});
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":"s-1","result":{}})"), Checks{});
  EXPECT_FALSE(run.ledger().first_unknown_response_id());
}

TEST(WireLedger, AResponseToNoRequestOfOursIsAWrongId) {
  WireRun run(Revision::V2025_11_25);
  run.harness(R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
  // A number where a string was sent is another id: JSON-RPC compares them as sent.
  run.harness(R"({"jsonrpc":"2.0","id":"7","method":"ping"})");
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":7,"result":{}})"), Checks{"jsonrpc.response-unknown-id@/id"});
  EXPECT_EQ(run.ledger().first_unknown_response_id(), "7");
  // An answer to a notification has an id no request of ours had either.
  run.harness(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":0,"result":{}})"), Checks{"jsonrpc.response-unknown-id@/id"});
}

TEST(WireLedger, AnErrorWithoutAReadableIdIsNoWrongId) {
  WireRun run(Revision::V2025_11_25);
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}})"),
            Checks{});
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}})"), Checks{});
}

TEST(WireLedger, TwoAnswersToOneRequestAreADuplicate) {
  WireRun run(Revision::V2025_11_25);
  run.harness(R"({"jsonrpc":"2.0","id":1,"method":"ping"})");
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":1,"result":{}})"), Checks{});
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":1,"result":{}})"), Checks{"jsonrpc.response-duplicate@/id"});
  // A case that sends one id twice on purpose gets two answers without a finding.
  run.harness(R"({"jsonrpc":"2.0","id":2,"method":"ping"})");
  run.harness(R"({"jsonrpc":"2.0","id":2,"method":"ping"})");
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":2,"result":{}})"), Checks{});
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":2,"result":{}})"), Checks{});
}

TEST(WireLedger, ASessionsRequestIdsAreNeverReusedOnThe2025Wire) {
  WireRun run(Revision::V2025_11_25);
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":5,"method":"ping"})"), Checks{});
  run.harness(R"({"jsonrpc":"2.0","id":5,"result":{}})");
  // Answered or not: the same session may not use it again.
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":5,"method":"ping"})"), Checks{"jsonrpc.request-id-reused@/id"});
}

TEST(WireLedger, OnTheModernWireOnlyAnOutstandingIdIsReused) {
  WireRun run(Revision::V2026_07_28);
  constexpr const char* kCall =
      R"({"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{)"
      R"("io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},)"
      R"("io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}}}})";
  EXPECT_EQ(run.sut(kCall), Checks{});
  EXPECT_EQ(run.sut(kCall), Checks{"jsonrpc.request-id-reused@/id"});  // the first is unanswered
  run.harness(
      R"({"jsonrpc":"2.0","id":5,"result":{"resultType":"complete","tools":[],"ttlMs":0,"cacheScope":"public"}})");
  EXPECT_EQ(run.sut(kCall), Checks{});  // "not yet received a response for": now it has one
}

TEST(WireLedger, ANotificationTheRevisionDoesNotDefineIsASHOULD) {
  WireRun run(Revision::V2025_11_25);
  WireLedger ledger;
  ParsedJson p = parse_json(R"({"jsonrpc":"2.0","method":"notifications/internal/debug"})");
  const Diagnostics found = ledger.sut_sent(p.document, Revision::V2025_11_25, false);
  ASSERT_EQ(found.size(), 1U);
  EXPECT_EQ(found[0].check, "spec-schema.notification-undefined");
  EXPECT_EQ(found[0].level, Level::Should);
  EXPECT_EQ(found[0].requirement, "SCHEMA-MESSAGES");
  EXPECT_EQ(
      run.sut(R"({"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}})"),
      Checks{});
}

TEST(WireLedger, AResultIsJudgedByTheSchemaOfTheRequestItAnswers) {
  WireRun run(Revision::V2025_11_25);
  run.harness(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})");
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t"}]}})"),
            Checks{"spec-schema.ListToolsResult@/result/tools/0"});
  run.harness(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})");
  EXPECT_EQ(
      run.sut(
          R"({"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}})"),
      Checks{});
}

TEST(WireLedger, AnElicitationSentExactlyAsTheHarnessAskedIsNotTheSutsSchemaDefect) {
  // The contract's elicit tool sends exactly the params it is given; a fuzz case's may break the
  // schema on purpose (here: no message). Anything else the SUT sends is judged.
  WireRun run(Revision::V2025_11_25);
  run.harness(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"elicit",)"
              R"("arguments":{"params":{"requestedSchema":{"type":"object","properties":{}}}}}})");
  EXPECT_EQ(run.sut(R"({"jsonrpc":"2.0","id":"s1","method":"elicitation/create",)"
                    R"("params":{"requestedSchema":{"type":"object","properties":{}}}})"),
            Checks{});
  const Checks other = run.sut(R"({"jsonrpc":"2.0","id":"s2","method":"elicitation/create",)"
                               R"("params":{"requestedSchema":{"type":"object","properties":{"x":{}}}}})");
  ASSERT_FALSE(other.empty());
  EXPECT_EQ(other[0].rfind("spec-schema.", 0), 0u) << other[0];
}

TEST(WireLedger, ABrokenEnvelopeIsLeftToTheJsonRpcChecks) {
  WireRun run(Revision::V2025_11_25);
  EXPECT_EQ(
      run.sut(R"({"jsonrpc":"1.0","method":"notifications/message","params":{"level":"info","data":1}})",
              /*judged_broken=*/true),
      Checks{});
}

TEST(WireLedger, TheSchemaJudgesABoundedNumberOfMessages) {
  WireRun run(Revision::V2025_11_25);
  for (std::size_t i = 0; i < WireLedger::kSchemaCheckedMessages + 3; ++i)
    run.sut(R"({"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1}})");
  EXPECT_EQ(run.ledger().schema_unchecked(), 3U);
}

}  // namespace
}  // namespace ec
