#include "schema/spec_schema.h"

#include <gtest/gtest.h>

#include "core/json.h"

namespace ec {
namespace {

std::vector<SpecSchemaViolation> check(Revision r, const char* text, std::string_view answered = {}) {
  ParsedJson m = parse_json(text);
  EXPECT_TRUE(m.ok()) << text;
  return check_against_spec_schema(r, m.document, answered);
}

constexpr const char* kModernMeta = R"({"io.modelcontextprotocol/protocolVersion":"2026-07-28",)"
                                    R"("io.modelcontextprotocol/clientCapabilities":{},)"
                                    R"("io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"}})";

TEST(SpecSchema, NamesTheDefinitionsOfAMethod) {
  EXPECT_EQ(request_definition(Revision::V2025_11_25, "tools/list"), "ListToolsRequest");
  EXPECT_EQ(result_definition(Revision::V2025_11_25, "tools/list"), "ListToolsResult");
  EXPECT_EQ(result_definition(Revision::V2025_06_18, "ping"), "EmptyResult");
  EXPECT_EQ(request_definition(Revision::V2025_11_25, "notifications/elicitation/complete"),
            "ElicitationCompleteNotification");
  EXPECT_EQ(request_definition(Revision::V2026_07_28, "server/discover"), "DiscoverRequest");
  EXPECT_EQ(request_definition(Revision::V2026_07_28, "notifications/cancelled"), "CancelledNotification");
  // 2026-07-28 retired initialize and ping; 2025-06-18 had no completion notification.
  EXPECT_EQ(request_definition(Revision::V2026_07_28, "initialize"), "");
  EXPECT_EQ(request_definition(Revision::V2026_07_28, "ping"), "");
  EXPECT_EQ(request_definition(Revision::V2025_06_18, "notifications/elicitation/complete"), "");
}

// The defect that made a client built on the TypeScript SDK v2 refuse the harness's tools/list:
// 2026-07-28's ListToolsResult requires ttlMs and cacheScope.
TEST(SpecSchema, AModernToolsListResultNeedsItsCacheMembers) {
  const char* without = R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[]}})";
  auto v = check(Revision::V2026_07_28, without, "tools/list");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].definition, "ListToolsResult");
  EXPECT_EQ(v[0].pointer, "/result");
  EXPECT_NE(v[0].description.find("Missing required property"), std::string::npos) << to_string(v[0]);
  const char* with =
      R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[],"ttlMs":0,"cacheScope":"public"}})";
  EXPECT_TRUE(check(Revision::V2026_07_28, with, "tools/list").empty());
  // The same result is fine at 2025-11-25, which has neither member.
  EXPECT_TRUE(check(Revision::V2025_11_25, R"({"jsonrpc":"2.0","id":1,"result":{"tools":[]}})", "tools/list")
                  .empty());
}

// 2025-11-25 tasks: the answer to a task-augmented request is a CreateTaskResult when the receiver
// took the task, and the method's own result when it did not (it "MUST process requests of that
// type normally"); the `task` member says which.
TEST(SpecSchema, ATaskAugmentedRequestIsAnsweredWithACreateTaskResultOrTheResultItself) {
  ParsedJson plain = parse_json(R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{}})");
  ParsedJson augmented =
      parse_json(R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"task":{"ttl":5}}})");
  EXPECT_EQ(answered_method_of(plain.document), "elicitation/create");
  EXPECT_EQ(answered_method_of(augmented.document), "elicitation/create" + std::string(kTaskAugmented));
  const std::string answered = answered_method_of(augmented.document);
  const char* created =
      R"({"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t1","status":"working",)"
      R"("createdAt":"2025-11-25T10:30:00Z","lastUpdatedAt":"2025-11-25T10:30:00Z","ttl":5}}})";
  EXPECT_TRUE(check(Revision::V2025_11_25, created, answered).empty());
  EXPECT_TRUE(
      check(Revision::V2025_11_25, R"({"jsonrpc":"2.0","id":1,"result":{"action":"decline"}})", answered)
          .empty());
  // A task without its required members is no CreateTaskResult; a plain answer without action no
  // ElicitResult.
  auto v =
      check(Revision::V2025_11_25, R"({"jsonrpc":"2.0","id":1,"result":{"task":{"taskId":"t1"}}})", answered);
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v.back().definition, "CreateTaskResult");
  v = check(Revision::V2025_11_25, R"({"jsonrpc":"2.0","id":1,"result":{}})", answered);
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v.back().definition, "ElicitResult");
  // Without the task the CreateTaskResult is judged as the ElicitResult it is not.
  EXPECT_FALSE(check(Revision::V2025_11_25, created, "elicitation/create").empty());
}

TEST(SpecSchema, ARequestIsJudgedByItsMethodsDefinition) {
  const char* good =
      R"({"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"mode":"url","elicitationId":"e1",)"
      R"("url":"https://example.com/x","message":"Sign in"}})";
  EXPECT_TRUE(check(Revision::V2025_11_25, good).empty());
  const char* no_message =
      R"({"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"requestedSchema":{"type":"object","properties":{}}}})";
  auto v = check(Revision::V2025_11_25, no_message);
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v.back().definition, "ElicitRequest");
  // A modern request without its _meta is not a 2026-07-28 tools/call.
  auto modern =
      check(Revision::V2026_07_28, R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}})");
  ASSERT_FALSE(modern.empty());
  EXPECT_EQ(modern.back().definition, "CallToolRequest");
  std::string with_meta =
      std::string(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":)") +
      kModernMeta + "}}";
  EXPECT_TRUE(check(Revision::V2026_07_28, with_meta.c_str()).empty());
}

TEST(SpecSchema, AnInputRequiredResultIsJudgedAsOne) {
  const char* ok =
      R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":"s",)"
      R"("inputRequests":{"a":{"method":"elicitation/create","params":{"mode":"form","message":"m",)"
      R"("requestedSchema":{"type":"object","properties":{}}}}}}})";
  EXPECT_TRUE(check(Revision::V2026_07_28, ok, "tools/call").empty());
  const char* bad = R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":7}})";
  auto v = check(Revision::V2026_07_28, bad, "tools/call");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].definition, "InputRequiredResult");
}

TEST(SpecSchema, ErrorsAndNotificationsHaveTheirEnvelopes) {
  EXPECT_TRUE(
      check(Revision::V2025_06_18, R"({"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"x"}})")
          .empty());
  auto v = check(Revision::V2025_11_25, R"({"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"x"}})");
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].definition, "JSONRPCErrorResponse");
  EXPECT_TRUE(
      check(Revision::V2025_11_25, R"({"jsonrpc":"2.0","method":"notifications/initialized"})").empty());
  EXPECT_FALSE(
      check(Revision::V2025_11_25, R"({"jsonrpc":"1.0","method":"notifications/initialized"})").empty());
}

TEST(SpecSchema, AValueThatIsNoObjectIsNoMessage) {
  for (const char* text : {"2", "\"x\"", "[]", "null", "true"}) {
    auto v = check(Revision::V2025_11_25, text);
    ASSERT_EQ(v.size(), 1u) << text;
    EXPECT_EQ(v[0].definition, "JSONRPCMessage");
  }
}

}  // namespace
}  // namespace ec
