#include "cases/matcher.h"

#include <gtest/gtest.h>

#include "cases/step_engine.h"
#include "core/json.h"

namespace ec {
namespace {

rapidjson::Document doc(const char* text) {
  ParsedJson p = parse_json(text);
  EXPECT_TRUE(p.ok()) << text;
  return std::move(p.document);
}

MatchResult try_match(const char* pattern, const char* actual, Captures& captures) {
  rapidjson::Document p = doc(pattern);
  rapidjson::Document a = doc(actual);
  std::string where;
  EXPECT_EQ(validate_pattern(p, where), "") << pattern;
  return match(p, a, captures);
}

MatchResult try_match(const char* pattern, const char* actual) {
  Captures c;
  return try_match(pattern, actual, c);
}

TEST(Matcher, ObjectsMatchAsSubsets) {
  EXPECT_TRUE(try_match(R"({"error":{"code":-32602}})",
                        R"({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"x"}})")
                  .matched);
  MatchResult r = try_match(R"({"error":{"code":-32602}})", R"({"error":{"code":-32603,"message":"x"}})");
  EXPECT_FALSE(r.matched);
  EXPECT_EQ(r.pointer, "/error/code");
  EXPECT_EQ(r.reason, "expected -32602, got -32603");
  MatchResult missing = try_match(R"({"result":{}})", R"({"error":{}})");
  EXPECT_EQ(missing.pointer, "/result");
  EXPECT_EQ(missing.reason, "\"result\" is missing");
}

TEST(Matcher, NumbersByValueAndArraysByPosition) {
  EXPECT_TRUE(try_match("[1, 2.5]", "[1.0, 2.5]").matched);
  EXPECT_FALSE(try_match("[1]", "[1, 2]").matched);
  EXPECT_EQ(try_match("[1, 2]", "[1, 3]").pointer, "/1");
  EXPECT_FALSE(try_match(R"("1")", "1").matched);
}

TEST(Matcher, AnyAbsentType) {
  EXPECT_TRUE(try_match(R"({"id":"$any"})", R"({"id":null})").matched);
  EXPECT_FALSE(try_match(R"({"id":"$any"})", R"({})").matched);
  EXPECT_TRUE(try_match(R"({"content":{"$absent":true}})", R"({"action":"accept"})").matched);
  MatchResult r = try_match(R"({"content":{"$absent":true}})", R"({"action":"accept","content":{}})");
  EXPECT_FALSE(r.matched);
  EXPECT_EQ(r.pointer, "/content");
  EXPECT_TRUE(try_match(R"({"id":{"$type":"integer"}})", R"({"id":3.0})").matched);
  EXPECT_FALSE(try_match(R"({"id":{"$type":"string"}})", R"({"id":3})").matched);
  EXPECT_TRUE(try_match(R"({"$literal":"$any"})", R"("$any")").matched);
  EXPECT_FALSE(try_match(R"({"$literal":"$any"})", R"("x")").matched);
}

TEST(Matcher, OneOfNotContainsExact) {
  const char* p = R"({"result":{"action":{"$one_of":["decline","cancel"]}}})";
  EXPECT_TRUE(try_match(p, R"({"result":{"action":"cancel"}})").matched);
  MatchResult r = try_match(p, R"({"result":{"action":"accept"}})");
  EXPECT_FALSE(r.matched);
  EXPECT_NE(r.reason.find("none of the alternatives"), std::string::npos);
  EXPECT_TRUE(try_match(R"({"$not":{"code":-32042}})", R"({"code":1})").matched);
  EXPECT_FALSE(try_match(R"({"$not":{"code":-32042}})", R"({"code":-32042})").matched);
  EXPECT_TRUE(try_match(R"({"$contains":{"mode":"url"}})", R"([{"mode":"form"},{"mode":"url"}])").matched);
  EXPECT_FALSE(try_match(R"({"$contains":{"mode":"url"}})", R"([{"mode":"form"}])").matched);
  EXPECT_TRUE(try_match(R"({"$exact":{"action":"accept"}})", R"({"action":"accept"})").matched);
  MatchResult extra = try_match(R"({"$exact":{"action":"accept"}})", R"({"action":"accept","content":{}})");
  EXPECT_FALSE(extra.matched);
  EXPECT_EQ(extra.pointer, "/content");
}

TEST(Matcher, MemberMatchesSomeKeyAndValueAndCapturesTheKey) {
  const char* p =
      R"({"inputRequests":{"$member":{"key":{"$capture":"key"},"value":{"method":"elicitation/create"}}}})";
  Captures c;
  EXPECT_TRUE(
      try_match(p, R"({"inputRequests":{"a":{"method":"roots/list"},"b":{"method":"elicitation/create"}}})",
                c)
          .matched);
  ASSERT_NE(c.get("key"), nullptr);
  EXPECT_EQ(to_json(*c.get("key")), R"("b")");
  MatchResult none = try_match(p, R"({"inputRequests":{"a":{"method":"roots/list"}}})");
  EXPECT_FALSE(none.matched);
  EXPECT_EQ(none.pointer, "/inputRequests");
  EXPECT_FALSE(try_match(p, R"({"inputRequests":[]})").matched);
  rapidjson::Document bad = doc(R"({"$member":{"name":"x"}})");
  std::string where;
  EXPECT_NE(validate_pattern(bad, where), "");
}

TEST(Substitute, WholeValueMemberNamesAndMissingCaptures) {
  Captures c;
  c.set("key", doc(R"("k1")"));
  c.set("obj", doc(R"({"a":[1,2]})"));
  rapidjson::Document m =
      doc(R"({"inputResponses":{"{key}":"{obj}"},"requestState":"{state}","text":"x{key}y","n":"{obj} "})");
  substitute(m, c, m.GetAllocator());
  EXPECT_EQ(to_json(m), R"({"inputResponses":{"k1":{"a":[1,2]}},"text":"xk1y","n":"{obj} "})");
}

TEST(Matcher, TextThatLooksLikeJsonIsNoPlaceholder) {
  // A requestState such as {"round": 1} is sent as it is, never taken for a capture name.
  Captures c;
  rapidjson::Document m = doc(R"({"requestState":"{\"round\": 1}","other":"{no such}"})");
  substitute(m, c, m.GetAllocator());
  EXPECT_EQ(to_json(m), R"({"requestState":"{\"round\": 1}","other":"{no such}"})");
}

TEST(Matcher, AllOf) {
  const char* p = R"({"$all_of":[{"result":"$any"},{"$not":{"result":{"isError":true}}}]})";
  EXPECT_TRUE(try_match(p, R"({"result":{"content":[]}})").matched);
  EXPECT_TRUE(try_match(p, R"({"result":{"isError":false}})").matched);
  EXPECT_FALSE(try_match(p, R"({"result":{"isError":true}})").matched);
  EXPECT_FALSE(try_match(p, R"({"error":{"code":1}})").matched);
}

TEST(Matcher, CapturesAreCommittedOnlyOnSuccess) {
  Captures c;
  EXPECT_TRUE(try_match(R"({"params":{"elicitationId":{"$capture":"eid"}}})",
                        R"({"params":{"elicitationId":"e-1"}})", c)
                  .matched);
  ASSERT_NE(c.get("eid"), nullptr);
  EXPECT_STREQ(c.get("eid")->GetString(), "e-1");
  EXPECT_TRUE(try_match(R"({"elicitationId":{"$same_as":"eid"}})", R"({"elicitationId":"e-1"})", c).matched);
  MatchResult r = try_match(R"({"elicitationId":{"$same_as":"eid"}})", R"({"elicitationId":"e-2"})", c);
  EXPECT_FALSE(r.matched);
  EXPECT_NE(r.reason.find("captured as \"eid\""), std::string::npos);

  Captures failed;
  EXPECT_FALSE(try_match(R"({"a":{"$capture":"x"},"b":1})", R"({"a":5,"b":2})", failed).matched);
  EXPECT_FALSE(failed.contains("x"));

  Captures guarded;
  EXPECT_FALSE(try_match(R"({"$capture":"n","match":{"$type":"string"}})", "5", guarded).matched);
  EXPECT_TRUE(try_match(R"({"$capture":"n","match":{"$type":"string"}})", R"("s")", guarded).matched);
}

TEST(Matcher, CapturedStringsOutliveTheirSource) {
  Captures c;
  {
    std::string temporary = "http://127.0.0.1:4242";
    c.set_string("trap", temporary);
    temporary.assign(temporary.size(), 'x');
  }
  ASSERT_NE(c.get("trap"), nullptr);
  EXPECT_STREQ(c.get("trap")->GetString(), "http://127.0.0.1:4242");
}

TEST(Matcher, SameAsWithoutCaptureExplains) {
  MatchResult r = try_match(R"({"$same_as":"never"})", "1");
  EXPECT_FALSE(r.matched);
  EXPECT_NE(r.reason.find("nothing was captured"), std::string::npos);
}

TEST(Matcher, InvalidPatternsAreReportedWithPointers) {
  struct Bad {
    const char* pattern;
    const char* pointer;
    const char* words;
  };
  for (const Bad& b : {Bad{R"({"a":{"$nope":1}})", "/a/$nope", "unknown pattern operator $nope"},
                       Bad{R"({"a":{"$type":"str"}})", "/a/$type", "$type takes"},
                       Bad{R"({"a":[{"$one_of":[]}]})", "/a/0/$one_of", "non-empty array"},
                       Bad{R"({"a":{"$capture":""}})", "/a/$capture", "capture name"},
                       Bad{R"({"a":{"$absent":false}})", "/a/$absent", "$absent takes true"},
                       Bad{R"({"a":{"$any":1,"b":2}})", "/a/$any", "looks like an operator"},
                       Bad{R"({"$exact":[1]})", "/$exact", "$exact takes an object"}}) {
    rapidjson::Document p = doc(b.pattern);
    std::string where;
    const std::string error = validate_pattern(p, where);
    EXPECT_NE(error.find(b.words), std::string::npos) << b.pattern << " -> " << error;
    EXPECT_EQ(where, b.pointer) << b.pattern;
  }
}

}  // namespace
}  // namespace ec

namespace ec {
namespace {

TEST(Matcher, JsonTextIsParsedAndMatched) {
  const char* p = R"({"text":{"$json":{"action":"decline","content":{"$absent":true}}}})";
  EXPECT_TRUE(try_match(p, R"({"text":"{\"action\":\"decline\"}"})").matched);
  MatchResult wrong = try_match(p, R"({"text":"{\"action\":\"cancel\"}"})");
  EXPECT_FALSE(wrong.matched);
  EXPECT_EQ(wrong.pointer, "/text");
  EXPECT_NE(wrong.reason.find("at \"/action\""), std::string::npos) << wrong.reason;
  MatchResult not_json = try_match(p, R"({"text":"action=decline"})");
  EXPECT_FALSE(not_json.matched);
  EXPECT_NE(not_json.reason.find("holding JSON"), std::string::npos);
  EXPECT_FALSE(try_match(p, R"({"text":{"action":"decline"}})").matched);  // an object is not JSON text
  // Hostile text gets the parser's limits, not a crash.
  EXPECT_FALSE(try_match(p, ("{\"text\":\"" + std::string(100000, '[') + "\"}").c_str()).matched);
}

}  // namespace
}  // namespace ec
