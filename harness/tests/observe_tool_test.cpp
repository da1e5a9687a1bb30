#include "cases/observe_tool.h"

#include <algorithm>

#include <gtest/gtest.h>

#include "cases/catalog.h"

namespace ec {
namespace {

const std::string kCatalogDir = std::string(EC_TEST_DATA) + "/../../../cases/requirements";

bool cites(const Case& c, const std::string& key) {
  return std::find(c.requirements.begin(), c.requirements.end(), key) != c.requirements.end();
}

TEST(ObserveTool, TwoCasesOneMustOneShould) {
  std::vector<std::string> errors;
  const Catalog catalog = Catalog::load(kCatalogDir, errors);
  std::string error;
  const std::vector<Case> cases =
      observe_tool_cases("Book_Flight!", R"({"to":"OSL"})", Revision::V2025_11_25, &catalog, error);
  ASSERT_EQ(cases.size(), 2u) << error;
  EXPECT_EQ(cases[0].id, "server.observe.book-flight.valid");
  EXPECT_EQ(cases[0].level, Level::Must);
  EXPECT_EQ(cases[1].id, "server.observe.book-flight.advisable");
  EXPECT_EQ(cases[1].level, Level::Should);
  EXPECT_EQ(cases[0].sut.needs_tools, std::vector<std::string>{"Book_Flight!"});
  EXPECT_TRUE(cites(cases[0], "URL-VALID"));
  EXPECT_TRUE(cites(cases[1], "URL-HTTPS"));
}

TEST(ObserveTool, RulesOfAnotherRevisionAreLeftOut) {
  std::vector<std::string> errors;
  const Catalog catalog = Catalog::load(kCatalogDir, errors);
  std::string error;
  const std::vector<Case> cases = observe_tool_cases("t", "", Revision::V2025_06_18, &catalog, error);
  ASSERT_EQ(cases.size(), 2u) << error;
  EXPECT_FALSE(cites(cases[0], "URL-VALID"));
  EXPECT_TRUE(cites(cases[0], "FORM-REQUESTED-SCHEMA"));
  EXPECT_FALSE(cites(cases[1], "FORM-NO-CLICKABLE-URLS"));
}

TEST(ObserveTool, BadArgumentsSayWhat) {
  std::string error;
  EXPECT_TRUE(observe_tool_cases("t", "[]", Revision::V2025_11_25, nullptr, error).empty());
  EXPECT_NE(error.find("JSON object"), std::string::npos);
  EXPECT_TRUE(observe_tool_cases("", "{}", Revision::V2025_11_25, nullptr, error).empty());
  EXPECT_NE(error.find("tool name"), std::string::npos);
}

}  // namespace
}  // namespace ec
