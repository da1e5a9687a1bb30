#include "report/version_verdicts.h"

#include <gtest/gtest.h>

namespace ec {
namespace {

// Server runs of one suite run: each asked `asked` in its initialize and got `answered`.
class VersionVerdicts : public ::testing::Test {
 protected:
  CaseResult& run(const std::string& id, const std::string& asked, const std::string& answered,
                  Verdict verdict = Verdict::Pass) {
    Case& c = cases_.emplace_back();
    c.id = id;
    c.role = Role::Server;
    CaseResult& r = results_.emplace_back();
    r.c = &c;
    r.record.asked_version = asked;
    r.record.negotiated = answered;
    r.verdict = verdict;
    if (verdict == Verdict::Skip) r.reason = "negotiated " + answered + " (asked " + asked + ")";
    return r;
  }

  std::deque<Case> cases_;
  std::vector<CaseResult> results_;
  std::deque<Case> storage_;
};

TEST_F(VersionVerdicts, AVersionSpokenOnceAndDeclinedElsewhereIsOneFailingRow) {
  run("server.a", "2025-06-18", "2025-06-18");
  run("server.b", "2025-06-18", "2025-11-25", Verdict::Skip);
  run("server.c", "2025-06-18", "2025-11-25", Verdict::Skip);
  run("server.d", "2025-11-25", "2025-11-25");
  const std::vector<CaseResult> rows = version_verdicts(results_, storage_);
  ASSERT_EQ(rows.size(), 1U);
  const CaseResult& row = rows[0];
  EXPECT_EQ(row.c->id, kVersionsCaseId);
  EXPECT_EQ(row.verdict, Verdict::Fail);
  EXPECT_EQ(row.record.revision, Revision::V2025_06_18);  // the rule of the version asked
  EXPECT_EQ(row.broken_requirement, "LIFECYCLE-SERVER-VERSION");
  ASSERT_EQ(row.record.sut_findings.size(), 2U);  // one per declining session
  EXPECT_EQ(row.record.sut_findings[0].check, kVersionsCheck);
  EXPECT_EQ(row.record.sut_findings[0].level, Level::Must);
  EXPECT_NE(row.record.sut_findings[0].message.find("(in server.b)"), std::string::npos);
  EXPECT_NE(row.reason.find("server.a"), std::string::npos) << row.reason;
  // The declined runs stay SKIP (they did not test their rule) and say where the version was spoken.
  EXPECT_EQ(results_[1].verdict, Verdict::Skip);
  EXPECT_NE(results_[1].reason.find("yet the server answered 2025-06-18 in server.a"), std::string::npos)
      << results_[1].reason;
}

TEST_F(VersionVerdicts, AServerThatNeverSpeaksTheVersionIsNotJudged) {
  // Declining a version it does not support is what the lifecycle asks for.
  run("server.a", "2025-06-18", "2025-11-25", Verdict::Skip);
  run("server.b", "2025-06-18", "2025-11-25", Verdict::Skip);
  run("server.c", "2025-11-25", "2025-11-25");
  EXPECT_TRUE(version_verdicts(results_, storage_).empty());
  EXPECT_EQ(results_[0].reason, "negotiated 2025-11-25 (asked 2025-06-18)");
}

TEST_F(VersionVerdicts, SessionsToldTheirVersionsAreAnotherConfiguration) {
  run("server.a", "2025-06-18", "2025-06-18");
  // An eras case told the server to support 2025-11-25 only (ELICIT_CONFORM_PROTOCOL_VERSIONS).
  run("server.eras.x", "2025-06-18", "2025-11-25", Verdict::Skip);
  cases_.back().sut.versions = {"2025-11-25"};
  EXPECT_TRUE(version_verdicts(results_, storage_).empty());
}

TEST_F(VersionVerdicts, VersionsWithoutAnInitializeRuleAreNotJudged) {
  // 2024-11-05 has no catalog here; 2026-07-28 has no initialize.
  run("server.a", "2024-11-05", "2024-11-05");
  run("server.b", "2024-11-05", "2025-11-25");
  run("server.c", "2026-07-28", "2026-07-28");
  run("server.d", "2026-07-28", "2025-11-25");
  EXPECT_TRUE(version_verdicts(results_, storage_).empty());
}

TEST_F(VersionVerdicts, EachVersionAskedHasItsOwnRow) {
  run("server.a", "2025-06-18", "2025-06-18");
  run("server.b", "2025-06-18", "2025-11-25");
  run("server.c", "2025-11-25", "2025-11-25");
  run("server.d", "2025-11-25", "2025-06-18");
  const std::vector<CaseResult> rows = version_verdicts(results_, storage_);
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].record.revision, Revision::V2025_06_18);
  EXPECT_EQ(rows[1].record.revision, Revision::V2025_11_25);
}

}  // namespace
}  // namespace ec
