#include "schema/security_heuristics.h"

#include <gtest/gtest.h>

#include "core/json.h"

namespace ec {
namespace {

Diagnostics findings(const char* params) {
  ParsedJson p = parse_json(params);
  EXPECT_TRUE(p.ok()) << params;
  return security_findings(p.document, "/params");
}

TEST(SecurityHeuristics, CleanRequestsHaveNoFindings) {
  EXPECT_TRUE(
      findings(R"({"mode":"url","url":"https://example.com/connect?e=1","message":"m","elicitationId":"e"})")
          .empty());
  EXPECT_TRUE(
      findings(R"({"mode":"url","url":"http://127.0.0.1:8080/dev","message":"m","elicitationId":"e"})")
          .empty());
  EXPECT_TRUE(findings(R"({"message":"Ship where?","requestedSchema":{"type":"object","properties":{
    "city":{"type":"string"},"shipping":{"type":"string"},"spinner":{"type":"boolean"}}}})")
                  .empty());
}

TEST(SecurityHeuristics, ClickableLinksAreAFindingFrom2025_11_25Only) {
  // FORM-NO-CLICKABLE-URLS arrived with SEP-1036's Safe URL Handling; 2025-06-18 has no such rule,
  // while the secret-field rule exists in both revisions.
  ParsedJson p = parse_json(R"({"message":"See https://example.com/help","requestedSchema":{"type":"object",
    "properties":{"city":{"type":"string","description":"Details at https://example.com"},"password":{"type":"string"}}}})");
  ASSERT_TRUE(p.ok());
  const auto checks = [&](Revision r) {
    std::string out;
    for (const Diagnostic& d : security_findings(p.document, "/params", r)) out += d.check + " ";
    return out;
  };
  EXPECT_EQ(checks(Revision::V2025_11_25),
            "security.form-clickable-url security.form-clickable-url security.form-secret-field ");
  EXPECT_EQ(checks(Revision::V2025_06_18), "security.form-secret-field ");
}

TEST(SecurityHeuristics, UrlFindings) {
  const auto check_of = [](const char* params) {
    Diagnostics d = findings(params);
    return d.empty() ? std::string("none") : d[0].check + " " + d[0].pointer;
  };
  EXPECT_EQ(check_of(R"({"url":"http://example.com/x"})"), "security.url-not-https /params/url");
  EXPECT_EQ(check_of(R"({"url":"https://example.com/x?access_token=1"})"),
            "security.url-credentials /params/url");
  EXPECT_EQ(check_of(R"({"url":"https://example.com/x?api-key=1"})"), "security.url-credentials /params/url");
  EXPECT_EQ(check_of(R"({"url":"https://bob:pw@example.com/x"})"), "security.url-credentials /params/url");
  EXPECT_EQ(check_of(R"({"url":"https://example.com/x?user=ann%40example.com"})"),
            "security.url-user-data /params/url");
  for (const Diagnostic& d : findings(R"({"url":"http://example.com/?token=1"})"))
    EXPECT_EQ(d.level, Level::Should);
}

TEST(SecurityHeuristics, FormFindings) {
  Diagnostics secret = findings(R"({"message":"m","requestedSchema":{"type":"object","properties":{
    "Pass_Word":{"type":"string"},"x":{"type":"string","title":"Your API key"},"pin":{"type":"string"}}}})");
  ASSERT_EQ(secret.size(), 3u);
  EXPECT_EQ(secret[0].check, "security.form-secret-field");
  EXPECT_EQ(secret[0].pointer, "/params/requestedSchema/properties/Pass_Word");
  EXPECT_EQ(secret[0].requirement, "FORM-NO-SENSITIVE");
  Diagnostics links =
      findings(R"({"message":"see https://x.example","requestedSchema":{"type":"object","properties":{
    "a":{"type":"string","description":"at http://y.example"}}}})");
  ASSERT_EQ(links.size(), 2u);
  EXPECT_EQ(links[0].pointer, "/params/message");
  EXPECT_EQ(links[1].pointer, "/params/requestedSchema/properties/a/description");
}

}  // namespace
}  // namespace ec
