#include "cases/url_consent.h"

#include <gtest/gtest.h>

#include "core/json.h"

namespace ec {
namespace {

void harness(UrlConsent& u, const char* text) { u.harness_sent(parse_json(text).document); }
void sut(UrlConsent& u, const char* text) { u.sut_sent(parse_json(text).document); }

std::vector<std::string> checks(const UrlConsent& u, std::vector<std::string> trap) {
  std::vector<std::string> out;
  for (const Diagnostic& d : u.judge(trap)) {
    EXPECT_EQ(d.requirement, "CLIENT-URL-NO-PREFETCH");
    EXPECT_EQ(d.level, Level::Must);
    out.push_back(d.check);
  }
  return out;
}

constexpr const char* kAsk =
    R"({"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"mode":"url","elicitationId":"e",)"
    R"("url":"http://127.0.0.1:9/pay?e=1","message":"Pay"}})";
const std::vector<std::string> kNone;
const std::vector<std::string> kOne{"url-trap.fetch-not-accepted"};

TEST(UrlConsent, AnAcceptedUrlMayBeOpenedWithItsPagesMetadata) {
  UrlConsent u;
  harness(u, kAsk);
  sut(u, R"({"jsonrpc":"2.0","id":3,"result":{"action":"accept"}})");
  EXPECT_EQ(checks(u, {"/pay?e=1", "/favicon.ico"}), kNone);
}

TEST(UrlConsent, ADeclinedUrlIsNeverFetched) {
  UrlConsent declined;
  harness(declined, kAsk);
  sut(declined, R"({"jsonrpc":"2.0","id":3,"result":{"action":"decline"}})");
  EXPECT_EQ(checks(declined, {"/pay?e=2"}), kOne);  // the same path, another query
  // Nor any metadata of it while no URL was accepted.
  EXPECT_EQ(checks(declined, {"/favicon.ico"}), kOne);
  // An accept of another id opens nothing here.
  sut(declined, R"({"jsonrpc":"2.0","id":4,"result":{"action":"accept"}})");
  EXPECT_EQ(checks(declined, {"/pay"}), kOne);
}

TEST(UrlConsent, AUrlNeverAnsweredIsNotJudged) {
  // Whether the user consented is not on the wire: the client may have opened the page on
  // consent and not answered yet, or given up after it.
  UrlConsent unanswered;
  harness(unanswered, kAsk);
  EXPECT_EQ(checks(unanswered, {"/pay?e=1", "/favicon.ico"}), kNone);
  // On the modern wire (go-sdk, suite defect S4): the user accepted the URL input request and the
  // client opened it, then abandoned the retry over a sibling form input; no retry ever came.
  UrlConsent modern;
  harness(
      modern,
      R"({"jsonrpc":"2.0","id":2,"result":{"resultType":"input_required","inputRequests":{)"
      R"("name":{"method":"elicitation/create","params":{"mode":"form","message":"m","requestedSchema":{"type":"object","properties":{}}}},)"
      R"("authorize":{"method":"elicitation/create","params":{"mode":"url","elicitationId":"x","url":"http://h/authorize-several","message":"m"}}}}})");
  EXPECT_EQ(checks(modern, {"/authorize-several"}), kNone);
  // Once the retry answers the key, the answer decides.
  sut(modern, R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t","inputResponses":{)"
              R"("name":{"action":"accept","content":{}},"authorize":{"action":"decline"}}}})");
  EXPECT_EQ(checks(modern, {"/authorize-several"}), kOne);
}

TEST(UrlConsent, OnTheModernWireTheRetryAnswersByKey) {
  UrlConsent u;
  harness(
      u,
      R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{)"
      R"("a":{"method":"elicitation/create","params":{"mode":"url","elicitationId":"x","url":"http://h/a","message":"m"}},)"
      R"("b":{"method":"elicitation/create","params":{"mode":"url","elicitationId":"y","url":"http://h/b","message":"m"}}}}})");
  sut(u, R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"t","inputResponses":{)"
         R"("a":{"action":"accept"},"b":{"action":"cancel"}}}})");
  EXPECT_EQ(checks(u, {"/a"}), kNone);
  EXPECT_EQ(checks(u, {"/b"}), kOne);
}

TEST(UrlConsent, AUrlRequiredListsConsentIsNotOnTheWire) {
  UrlConsent u;
  harness(u, R"({"jsonrpc":"2.0","id":1,"error":{"code":-32042,"message":"m","data":{"elicitations":[)"
             R"({"mode":"url","elicitationId":"e","url":"http://h/files?e=7","message":"m"}]}}})");
  EXPECT_EQ(checks(u, {"/files?e=7", "/favicon.ico"}), kNone);
}

TEST(UrlConsent, PathsIgnoreSchemeHostQueryAndFragment) {
  EXPECT_EQ(url_path("http://127.0.0.1:5/connect?e=1#x"), "/connect");
  EXPECT_EQ(url_path("/connect?e=1"), "/connect");
  EXPECT_EQ(url_path("https://h"), "/");
}

}  // namespace
}  // namespace ec
