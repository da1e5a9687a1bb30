#include "core/suggest.h"

#include <gtest/gtest.h>

namespace ec {
namespace {

const std::vector<std::string> kCommands = {"check-schema", "check-message", "server", "client",
                                            "list",         "reference",     "fuzz"};
const std::vector<std::string> kOptions = {"--revision", "--report-dir", "--case", "--cases",  "--command",
                                           "--json",     "-j",           "--jobs", "--timeout"};

TEST(EditDistance, CountsInsertionsDeletionsSubstitutionsAndSwaps) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("abc", ""), 3u);
  EXPECT_EQ(edit_distance("server", "server"), 0u);
  EXPECT_EQ(edit_distance("sever", "server"), 1u);    // a deletion
  EXPECT_EQ(edit_distance("serverr", "server"), 1u);  // an insertion
  EXPECT_EQ(edit_distance("servar", "server"), 1u);   // a substitution
  EXPECT_EQ(edit_distance("sevrer", "server"), 1u);   // a swap: one edit, not two
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
  EXPECT_EQ(edit_distance("ca", "abc"), 3u);  // optimal string alignment: no edit of a swapped pair
  EXPECT_EQ(edit_distance("abc", "ca"), edit_distance("ca", "abc"));
}

TEST(ClosestName, SuggestsTheNameATypoMeant) {
  EXPECT_EQ(closest_name("sever", kCommands), "server");
  EXPECT_EQ(closest_name("cleint", kCommands), "client");
  EXPECT_EQ(closest_name("lst", kCommands), "list");
  EXPECT_EQ(closest_name("check-shema", kCommands), "check-schema");
  EXPECT_EQ(closest_name("--revison", kOptions), "--revision");
  EXPECT_EQ(closest_name("--reprot-dir", kOptions), "--report-dir");
  EXPECT_EQ(closest_name("--jsno", kOptions), "--json");
  EXPECT_EQ(closest_name("-revision", kOptions), "--revision");  // one dash short
}

TEST(ClosestName, SuggestsNothingForAWordThatIsNoTypo) {
  EXPECT_EQ(closest_name("server", kCommands), std::nullopt);  // not unknown at all
  EXPECT_EQ(closest_name("deploy", kCommands), std::nullopt);
  EXPECT_EQ(closest_name("x", kCommands), std::nullopt);
  EXPECT_EQ(closest_name("-x", kOptions), std::nullopt);  // "-j" is one edit away, but all of it
  EXPECT_EQ(closest_name("--verbose-output", kOptions), std::nullopt);
  EXPECT_EQ(closest_name("sever", {}), std::nullopt);
}

TEST(ClosestName, AStartOfExactlyOneNameIsThatName) {
  EXPECT_EQ(closest_name("--rev", kOptions), "--revision");
  EXPECT_EQ(closest_name("ref", kCommands), "reference");
  EXPECT_EQ(closest_name("check", kCommands), std::nullopt);  // check-schema or check-message
  EXPECT_EQ(closest_name("--", kOptions), std::nullopt);      // only dashes
}

TEST(ClosestName, TheClosestWinsThenTheFirstListed) {
  EXPECT_EQ(closest_name("--case", {"--cases", "--case"}), std::nullopt);  // known: nothing to suggest
  EXPECT_EQ(closest_name("--cose", {"--cases", "--case"}), "--case");      // 1 beats 2
  EXPECT_EQ(closest_name("abcd", {"abce", "abcf"}), "abce");
  EXPECT_EQ(closest_name("server.form.request-wellformed",
                         {"server.form.schema-satisfiable", "server.form.request-well-formed"}),
            "server.form.request-well-formed");
}

}  // namespace
}  // namespace ec
