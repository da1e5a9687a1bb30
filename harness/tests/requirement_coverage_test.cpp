#include "report/requirement_coverage.h"

#include <gtest/gtest.h>

namespace ec {
namespace {

const std::string kCases = std::string(EC_TEST_DATA) + "/../../../cases";

TEST(RequirementCoverage, WorstVerdictWins) {
  EXPECT_EQ(worse(Verdict::Pass, Verdict::Fail), Verdict::Fail);
  EXPECT_EQ(worse(Verdict::Warn, Verdict::Skip), Verdict::Warn);
  EXPECT_EQ(worse(Verdict::Fail, Verdict::Error), Verdict::Error);
  EXPECT_EQ(worse(Verdict::Skip, Verdict::Pass), Verdict::Skip);
}

// Over the real corpus. A failed run gives its verdict to the rule it broke when that is known
// (issue 31: one wrong enum used to mark all 18 rules of its case FAIL), to every rule its case
// cites when it is not; a requirement whose cases did not run has no status, and the totals count
// only rules binding the side.
class RequirementCoverageOverTheCorpus : public ::testing::Test {
 protected:
  void SetUp() override {
    std::vector<std::string> errors;
    catalog_ = Catalog::load(kCases + "/requirements", errors);
    ASSERT_TRUE(errors.empty()) << errors[0];
    std::vector<CaseLoadError> load_errors;
    cases_ = load_cases(kCases, load_errors);
    ASSERT_TRUE(load_errors.empty());
  }

  // Every 2025-11-25 server case PASSes but server.url.request-well-formed, which FAILs with
  // `broken` as its broken rule ("" unknown).
  std::vector<CaseOutcomeInRun> outcomes(const std::string& broken) {
    std::vector<CaseOutcomeInRun> out;
    for (const Case& c : cases_) {
      if (c.role != Role::Server) continue;
      for (Revision r : c.revisions) {
        if (r != Revision::V2025_11_25) continue;
        const bool fail = c.id == kFailing;
        out.push_back({c.id, r, fail ? Verdict::Fail : Verdict::Pass, {}, fail ? broken : std::string()});
      }
    }
    return out;
  }

  const RevisionCoverage view(const std::string& broken) {
    const auto v = requirement_coverage(catalog_, cases_, Role::Server, outcomes(broken));
    EXPECT_EQ(v.size(), 1u);  // only the revision that ran
    return v.at(0);
  }

  static constexpr const char* kFailing = "server.url.request-well-formed";  // URL-PARAMS, URL-VALID, ...
  Catalog catalog_;
  std::vector<Case> cases_;
};

TEST_F(RequirementCoverageOverTheCorpus, AFailureWithoutANamedRuleMarksEveryRuleOfItsCase) {
  const RevisionCoverage rc = view("");
  EXPECT_EQ(rc.revision, Revision::V2025_11_25);
  EXPECT_EQ(rc.covered + rc.excluded + rc.uncovered, static_cast<int>(rc.requirements.size()));
  for (const RequirementOutcome& line : rc.requirements) {
    EXPECT_NE(line.entry.binds, "client") << line.entry.id;
    for (const char* key : {"URL-PARAMS", "URL-VALID", "REQUEST-MODE", "REQUEST-MESSAGE"}) {
      if (line.entry.key != key) continue;
      ASSERT_TRUE(line.worst.has_value()) << line.entry.id;
      EXPECT_EQ(*line.worst, Verdict::Fail) << line.entry.id;
    }
    if (line.cases.empty()) {  // braces: EXPECT_* is an if/else itself (-Wdangling-else)
      EXPECT_FALSE(line.worst.has_value()) << line.entry.id;
    }
  }
}

TEST_F(RequirementCoverageOverTheCorpus, AFailureWithANamedRuleMarksThatRuleAlone) {
  const RevisionCoverage rc = view("URL-VALID");
  int failing = 0;
  for (const RequirementOutcome& line : rc.requirements) {
    if (line.worst == Verdict::Fail) {
      ++failing;
      EXPECT_EQ(line.entry.key, "URL-VALID");
    }
    // REQUEST-MESSAGE is cited by other cases, which passed: the failure no longer hides them.
    if (line.entry.key == "REQUEST-MESSAGE") {
      EXPECT_EQ(line.worst, Verdict::Pass);
    }
  }
  EXPECT_EQ(failing, 1);
}

}  // namespace
}  // namespace ec
