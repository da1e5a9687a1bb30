#include "cases/catalog.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "spec/requirements.h"

namespace ec {
namespace {

const std::string kCatalogDir = std::string(EC_TEST_DATA) + "/../../../cases/requirements";

Level level_of(const std::string& text) {
  if (text.starts_with("MUST")) return Level::Must;
  if (text.starts_with("SHOULD")) return Level::Should;
  return Level::May;
}

// The levels and sides of the requirements (spec/requirements.h) come from the catalog compiled
// into the binary; it is the catalog of cases/requirements/ as the build found it: every key of
// every revision at the same level and side, and no other.
TEST(Catalog, TheCompiledInCatalogIsTheCatalogOnDisk) {
  std::vector<std::string> errors;
  const Catalog catalog = Catalog::load(kCatalogDir, errors);
  ASSERT_TRUE(errors.empty()) << errors[0];
  for (Revision r : all_revisions()) {
    ASSERT_TRUE(catalog.has(r)) << to_string(r);
    const std::vector<CatalogEntry>& entries = catalog.entries(r);
    ASSERT_FALSE(entries.empty()) << to_string(r);
    EXPECT_EQ(requirements(r).size(), entries.size()) << to_string(r);
    for (const CatalogEntry& entry : entries) {
      const Requirement* req = find_requirement(entry.key, r);
      ASSERT_NE(req, nullptr) << entry.key << " in " << to_string(r);
      EXPECT_EQ(req->key, entry.key);
      EXPECT_EQ(req->level, level_of(entry.level)) << entry.key << " in " << to_string(r);
      const Binds binds = entry.binds == "client"   ? Binds::Client
                          : entry.binds == "server" ? Binds::Server
                                                    : Binds::Both;
      EXPECT_EQ(req->binds, binds) << entry.key << " in " << to_string(r);
    }
  }
  EXPECT_EQ(find_requirement("NO-SUCH-RULE", Revision::V2025_11_25), nullptr);
  // A rule that came with a revision is not found in an earlier one.
  EXPECT_NE(find_requirement("META-REQUIRED-FIELDS", Revision::V2026_07_28), nullptr);
  EXPECT_EQ(find_requirement("META-REQUIRED-FIELDS", Revision::V2025_11_25), nullptr);
  EXPECT_EQ(find_requirement("FORM-NO-SENSITIVE", Revision::V2025_11_25)->level, Level::Must);  // MUST NOT
}

// Coverage from a catalog and cases whose answer is known: one requirement a case checks, one
// excluded with a reason, one that nothing checks, in one revision; a case of another revision
// that names the first requirement does not cover it here.
TEST(Catalog, CoverageOfAKnownCatalog) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("ec-catalog-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const auto entry = [](const std::string& key, const std::string& excluded) {
    return R"({"id":"EL-2025-11-25-)" + key + R"(","key":")" + key +
           R"(","level":"MUST","binds":"client","source":"2025-11-25/elicitation.mdx","section":"S",)"
           R"("quote":"Clients **MUST** do it.","excluded":)" +
           (excluded.empty() ? std::string("null") : "\"" + excluded + "\"") + R"(,"cases":[]})";
  };
  std::ofstream(dir / "2025-11-25.json")
      << R"({"revision":"2025-11-25","requirements":[)" << entry("CLIENT-MODE-DEFAULT", "") << ","
      << entry("CLIENT-RATE-LIMIT", "no threshold") << "," << entry("RESULT-ACTION", "") << "]}";
  std::vector<std::string> errors;
  const Catalog catalog = Catalog::load(dir.string(), errors);
  fs::remove_all(dir);
  ASSERT_TRUE(errors.empty()) << errors[0];
  const auto make_case = [](const std::string& id, Revision r) {
    Case c;
    c.id = id;
    c.role = Role::Client;
    c.revisions = {r};
    c.requirements = {"CLIENT-MODE-DEFAULT"};
    return c;
  };
  const std::vector<Case> cases = {make_case("client.mode.a", Revision::V2025_11_25),
                                   make_case("client.mode.b", Revision::V2025_06_18)};
  const std::vector<Coverage> coverage = compute_coverage(catalog, cases);
  ASSERT_EQ(coverage.size(), 1u);
  EXPECT_EQ(coverage[0].revision, Revision::V2025_11_25);
  EXPECT_EQ(coverage[0].covered, 1);
  EXPECT_EQ(coverage[0].excluded, 1);
  EXPECT_EQ(coverage[0].uncovered, 1);
  for (const CoverageLine& line : coverage[0].lines) {
    if (line.entry->key == "CLIENT-MODE-DEFAULT") {
      EXPECT_EQ(line.cases, std::vector<std::string>{"client.mode.a"});
    } else {
      EXPECT_TRUE(line.cases.empty()) << line.entry->key;
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
