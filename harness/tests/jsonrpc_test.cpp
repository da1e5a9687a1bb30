#include "core/jsonrpc.h"

#include <gtest/gtest.h>

#include "core/json.h"

namespace ec {
namespace {

ClassifiedMessage classify(const char* text, JsonRpcRules rules = {}) {
  static ParsedJson keep;  // classify results point into the document
  keep = parse_json(text);
  EXPECT_TRUE(keep.ok()) << text;
  return classify_message(keep.document, rules);
}

TEST(JsonRpc, ClassifiesTheFourKinds) {
  EXPECT_EQ(classify(R"({"jsonrpc":"2.0","id":1,"method":"ping"})").kind, MessageKind::Request);
  EXPECT_EQ(classify(R"({"jsonrpc":"2.0","method":"notifications/x"})").kind, MessageKind::Notification);
  EXPECT_EQ(classify(R"({"jsonrpc":"2.0","id":"a","result":{}})").kind, MessageKind::ResultResponse);
  auto e = classify(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad"}})");
  EXPECT_EQ(e.kind, MessageKind::ErrorResponse);
  EXPECT_EQ(e.error_code, -32602);
  EXPECT_TRUE(e.diagnostics.empty());
}

TEST(JsonRpc, IdsKeepTheirType) {
  auto a = classify(R"({"jsonrpc":"2.0","id":7,"method":"m"})");
  auto b = classify(R"({"jsonrpc":"2.0","id":"7","method":"m"})");
  ASSERT_TRUE(a.id && b.id);
  EXPECT_NE(*a.id, *b.id);
  EXPECT_EQ(a.id->display(), "7");
  EXPECT_EQ(b.id->display(), "\"7\"");
}

struct Bad {
  const char* text;
  const char* check;
  const char* pointer;
};

class JsonRpcMalformed : public ::testing::TestWithParam<Bad> {};

TEST_P(JsonRpcMalformed, NamesTheRuleAndPlace) {
  const Bad& bad = GetParam();
  auto m = classify(bad.text, JsonRpcRules{false});
  ASSERT_TRUE(has_check(m.diagnostics, bad.check)) << bad.text;
  for (const Diagnostic& d : m.diagnostics) {
    if (d.check == bad.check) {
      EXPECT_EQ(d.pointer, bad.pointer);
      EXPECT_EQ(d.level, Level::Must);
      EXPECT_FALSE(d.requirement.empty());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    All, JsonRpcMalformed,
    ::testing::Values(
        Bad{R"({"id":1,"method":"m"})", "jsonrpc.version-missing", "/jsonrpc"},
        Bad{R"({"jsonrpc":"1.0","id":1,"method":"m"})", "jsonrpc.version-wrong", "/jsonrpc"},
        Bad{R"({"jsonrpc":2.0,"id":1,"method":"m"})", "jsonrpc.version-wrong", "/jsonrpc"},
        Bad{R"({"jsonrpc":"2.0","id":null,"method":"m"})", "jsonrpc.id-null", "/id"},
        Bad{R"({"jsonrpc":"2.0","id":1.5,"method":"m"})", "jsonrpc.id-type", "/id"},
        Bad{R"({"jsonrpc":"2.0","id":1.0,"method":"m"})", "jsonrpc.id-not-integer", "/id"},
        Bad{R"({"jsonrpc":"2.0","id":true,"method":"m"})", "jsonrpc.id-type", "/id"},
        Bad{R"({"jsonrpc":"2.0","id":{},"method":"m"})", "jsonrpc.id-type", "/id"},
        Bad{R"({"jsonrpc":"2.0","id":1,"method":5})", "jsonrpc.method-type", "/method"},
        Bad{R"({"jsonrpc":"2.0","id":1,"method":"m","params":[1]})", "jsonrpc.params-type", "/params"},
        Bad{R"({"jsonrpc":"2.0","id":1,"method":"m","result":{}})", "jsonrpc.method-with-response",
            "/result"},
        Bad{R"({"jsonrpc":"2.0","id":1})", "jsonrpc.no-method-no-result", ""},
        Bad{R"({"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}})",
            "jsonrpc.result-and-error", ""},
        Bad{R"({"jsonrpc":"2.0","id":1,"result":[]})", "jsonrpc.result-type", "/result"},
        Bad{R"({"jsonrpc":"2.0","result":{}})", "jsonrpc.response-id-missing", "/id"},
        Bad{R"({"jsonrpc":"2.0","id":1,"error":"boom"})", "jsonrpc.error-type", "/error"},
        Bad{R"({"jsonrpc":"2.0","id":1,"error":{"message":"x"}})", "jsonrpc.error-code-missing",
            "/error/code"},
        Bad{R"({"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"x"}})", "jsonrpc.error-code-type",
            "/error/code"},
        Bad{R"({"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"x"}})", "jsonrpc.error-code-type",
            "/error/code"},
        Bad{R"({"jsonrpc":"2.0","id":1,"error":{"code":1}})", "jsonrpc.error-message-type", "/error/message"},
        Bad{R"({"jsonrpc":"2.0","error":{"code":1,"message":"x"}})", "jsonrpc.error-id-missing", "/id"},
        Bad{R"([{"jsonrpc":"2.0","method":"m"}])", "jsonrpc.batch", ""},
        Bad{R"("hello")", "jsonrpc.not-object", ""}));

TEST(JsonRpc, ErrorWithoutIdIsFineIn20251125) {
  auto m =
      classify(R"({"jsonrpc":"2.0","error":{"code":-32700,"message":"parse error"}})", JsonRpcRules{true});
  EXPECT_TRUE(m.diagnostics.empty());
}

}  // namespace
}  // namespace ec
