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

// Over the real corpus: one failing case marks every requirement it cites as FAIL, a requirement
// whose cases did not run has no status, and the totals count only rules binding the side.
TEST(RequirementCoverage, ARunIsReadByRule) {
  std::vector<std::string> errors;
  const Catalog catalog = Catalog::load(kCases + "/requirements", errors);
  ASSERT_TRUE(errors.empty()) << errors[0];
  std::vector<CaseLoadError> load_errors;
  const std::vector<Case> cases = load_cases(kCases, load_errors);
  ASSERT_TRUE(load_errors.empty());

  const Case* failing = nullptr;
  std::vector<CaseOutcomeInRun> outcomes;
  for (const Case& c : cases) {
    if (c.role != Role::Server) continue;
    for (Revision r : c.revisions) {
      if (r != Revision::V2025_11_25) continue;
      const bool fail = failing == nullptr && c.id == "server.url.request-well-formed";
      if (fail) failing = &c;
      outcomes.push_back({c.id, r, fail ? Verdict::Fail : Verdict::Pass});
    }
  }
  ASSERT_NE(failing, nullptr);
  const auto view = requirement_coverage(catalog, cases, Role::Server, outcomes);
  ASSERT_EQ(view.size(), 1u);  // only the revision that ran
  const RevisionCoverage& rc = view[0];
  EXPECT_EQ(rc.revision, Revision::V2025_11_25);
  EXPECT_EQ(rc.covered + rc.excluded + rc.uncovered, static_cast<int>(rc.requirements.size()));
  for (const RequirementOutcome& line : rc.requirements) {
    EXPECT_NE(line.entry.binds, "client") << line.entry.id;
    const bool cited = std::find(failing->requirements.begin(), failing->requirements.end(),
                                 line.entry.key) != failing->requirements.end();
    if (cited) {
      ASSERT_TRUE(line.worst.has_value()) << line.entry.id;
      EXPECT_EQ(*line.worst, Verdict::Fail) << line.entry.id;
    }
    if (line.cases.empty()) {
      EXPECT_FALSE(line.worst.has_value()) << line.entry.id;
    }
  }
}

}  // namespace
}  // namespace ec
