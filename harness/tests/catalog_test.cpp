#include "cases/catalog.h"

#include <gtest/gtest.h>

#include "spec/requirements.h"

namespace ec {
namespace {

const std::string kCatalogDir = std::string(EC_TEST_DATA) + "/../../../cases/requirements";

Level level_of(const std::string& text) {
  if (text.starts_with("MUST")) return Level::Must;
  if (text.starts_with("SHOULD")) return Level::Should;
  return Level::May;
}

// The checkers' table (spec/requirements.cpp) quotes requirements in every finding; the catalog
// is the source of truth. Each key of the table exists in the catalog of every revision the
// table claims it for, at the same level, and nowhere else.
TEST(Catalog, CheckerRequirementsAgreeWithTheCatalog) {
  std::vector<std::string> errors;
  const Catalog catalog = Catalog::load(kCatalogDir, errors);
  ASSERT_TRUE(errors.empty()) << errors[0];
  for (Revision r : all_revisions()) {
    ASSERT_TRUE(catalog.has(r)) << to_string(r);
    for (const Requirement& req : requirements()) {
      const bool claimed = find_requirement(req.key, r) != nullptr;
      const CatalogEntry* entry = catalog.find(r, std::string(req.key));
      EXPECT_EQ(claimed, entry != nullptr) << req.key << " in " << to_string(r);
      if (claimed && entry) {
        EXPECT_EQ(level_of(entry->level), find_requirement(req.key, r)->level)
            << req.key << " in " << to_string(r);
      }
    }
  }
}

TEST(Catalog, CoverageCountsAddUp) {
  std::vector<CaseLoadError> load_errors;
  const std::vector<Case> cases = load_cases(std::string(EC_TEST_DATA) + "/../../../cases", load_errors);
  ASSERT_TRUE(load_errors.empty()) << load_errors[0].display();
  std::vector<std::string> errors;
  const Catalog catalog = Catalog::load(kCatalogDir, errors);
  for (const Coverage& c : compute_coverage(catalog, cases)) {
    EXPECT_EQ(static_cast<std::size_t>(c.covered + c.excluded + c.uncovered), c.lines.size());
    for (const CoverageLine& line : c.lines) {
      for (const std::string& id : line.cases)
        EXPECT_TRUE(id.starts_with("client.") || id.starts_with("server.")) << id;
    }
  }
}

TEST(Catalog, CasesCitingUnknownKeysAreRejected) {
  std::vector<std::string> errors;
  const Catalog catalog = Catalog::load(kCatalogDir, errors);
  CaseLoadError error;
  const std::string text = R"({"id":"client.x.y","title":"A client does the thing right","role":"client",
    "revisions":["2025-11-25"],"requirements":["CHECKER-ONLY-KEY"],"level":"MUST","steps":[{"check":"no-id-reuse"}]})";
  EXPECT_FALSE(load_case(text, "x.json", error, &catalog).has_value());
  EXPECT_EQ(error.pointer, "/requirements/0");
}

}  // namespace
}  // namespace ec
