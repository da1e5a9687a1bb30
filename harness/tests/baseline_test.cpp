#include "report/baseline.h"

#include <gtest/gtest.h>

namespace ec {
namespace {

const std::set<std::string> kCases = {"client.a", "client.b", "server.c"};
const std::set<std::string> kChecks = {"content.enum", "result.action-unknown", "expect.response"};

// Every case of `cases` with every check of `checks`.
KnownIds known(const std::set<std::string>& cases, const std::set<std::string>& checks) {
  KnownIds out;
  for (const std::string& c : cases) out[c] = checks;
  return out;
}
const KnownIds kKnown = known(kCases, kChecks);

Baseline parse(const std::string& yaml) {
  BaselineError e;
  auto b = parse_baseline(yaml, "ef.yml", e);
  EXPECT_TRUE(b.has_value()) << e.message;
  return b.value_or(Baseline{});
}

CaseOutcome outcome(const char* id, Verdict v, std::set<std::string> checks = {}) {
  return CaseOutcome{id, std::string(id).starts_with("client") ? Role::Client : Role::Server, v,
                     std::move(checks)};
}

TEST(Baseline, ParsesTheOfficialGrammar) {
  Baseline b = parse("client:\n  - client.a\n  - client.b:content.enum\nserver:\n  - server.c\n");
  ASSERT_EQ(b.entries.size(), 3u);
  EXPECT_EQ(b.entries[1].case_id, "client.b");
  EXPECT_EQ(b.entries[1].check_id, "content.enum");
  EXPECT_EQ(b.entries[1].line, 3);
  EXPECT_EQ(b.entries[2].role, Role::Server);
  EXPECT_TRUE(parse("").entries.empty());
  EXPECT_TRUE(parse("client:\n").entries.empty());
}

TEST(Baseline, MalformedFilesNameLineAndProblem) {
  struct Bad {
    const char* yaml;
    const char* words;
  };
  for (const Bad& b : {Bad{"clients:\n  - x\n", "ef.yml:1: unknown key \"clients\""},
                       Bad{"client: x\n", "ef.yml:1: client: must be a list"},
                       Bad{"client:\n  - {a: 1}\n", "ef.yml:2: each entry"},
                       Bad{"client:\n  - \"a:\"\n", "is not case-id or case-id:check-id"},
                       Bad{"client:\n  - \"\xFF\"\n", "ef.yml:2: \"\\xFF\" is not case-id"},
                       Bad{"client:\n  - Client.A\n", "is not case-id"}, Bad{"- a\n", "expected a mapping"},
                       Bad{"client: [a\n", "not valid YAML"}}) {
    BaselineError e;
    EXPECT_FALSE(parse_baseline(b.yaml, "ef.yml", e).has_value()) << b.yaml;
    EXPECT_NE(e.message.find(b.words), std::string::npos) << e.message;
  }
}

TEST(Baseline, AllFailuresBaselinedExitsZero) {
  Judgement j =
      judge(parse("client:\n  - client.a\n  - client.b:content.enum\n"),
            {outcome("client.a", Verdict::Fail, {"expect.response"}),
             outcome("client.b", Verdict::Fail, {"content.enum"}), outcome("server.c", Verdict::Pass)},
            kKnown);
  EXPECT_EQ(j.exit_code, 0);
  EXPECT_EQ(j.expected.size(), 2u);
}

TEST(Baseline, UnexpectedFailureExitsOne) {
  Judgement j =
      judge(parse("client:\n  - client.b:content.enum\n"),
            {outcome("client.b", Verdict::Fail, {"content.enum", "result.action-unknown"})}, kKnown);
  EXPECT_EQ(j.exit_code, 1);
  ASSERT_EQ(j.unexpected.size(), 1u);
  EXPECT_NE(j.unexpected[0].find("result.action-unknown"), std::string::npos);
  EXPECT_EQ(j.unexpected[0].find("content.enum"), std::string::npos);
}

TEST(Baseline, StaleEntriesExitOne) {
  Judgement passes = judge(parse("client:\n  - client.a\n"), {outcome("client.a", Verdict::Pass)}, kKnown);
  EXPECT_EQ(passes.exit_code, 1);
  ASSERT_EQ(passes.stale.size(), 1u);
  EXPECT_NE(passes.stale[0].find("ef.yml:2: client: client.a: the case passes now"), std::string::npos);
  Judgement check_gone = judge(parse("client:\n  - client.b:content.enum\n  - client.b:expect.response\n"),
                               {outcome("client.b", Verdict::Fail, {"expect.response"})}, kKnown);
  EXPECT_EQ(check_gone.exit_code, 1);
  ASSERT_EQ(check_gone.stale.size(), 1u);
  EXPECT_NE(check_gone.stale[0].find("content.enum: this check no longer fails"), std::string::npos);
}

TEST(Baseline, UnknownEntriesExitOne) {
  Judgement j =
      judge(parse("client:\n  - client.typo\n  - server.c\n  - client.a:no.such.check\n"), {}, kKnown);
  EXPECT_EQ(j.exit_code, 1);
  ASSERT_EQ(j.unknown.size(), 3u);
  EXPECT_NE(j.unknown[0].find("no case has this id"), std::string::npos);
  EXPECT_NE(j.unknown[1].find("not a client case"), std::string::npos);
  EXPECT_NE(j.unknown[2].find("no check of client.a has the id \"no.such.check\""), std::string::npos);
}

// Checked before a run starts any SUT (cli/run_commands.cpp): each entry against the whole corpus,
// a check id against the checks of its own case, with the line and the name likely meant.
TEST(Baseline, UnknownEntriesNameFileLineAndTheLikelyId) {
  KnownIds ids = {{"client.a", {"response.req", "lifecycle.capability"}},
                  {"client.form.defaults", {"send.form", "response.form"}},
                  {"server.c", {"expect.response"}}};
  const std::vector<std::string> lines = unknown_entries(
      parse("client:\n  - client.a\n  - client.form.defualts\n  - client.a:expect.response\n"
            "  - client.form.defaults:respons.form\n  - client.zzz:send.form\nserver:\n  - client.a\n"
            "  - server.c:expect.response\n"),
      ids);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0],
            "ef.yml:3: client: client.form.defualts: no case has this id; did you mean "
            "client.form.defaults?");
  // A check of another case is no check of this one.
  EXPECT_EQ(lines[1],
            "ef.yml:4: client: client.a:expect.response: no check of client.a has the id "
            "\"expect.response\"; its checks: lifecycle.capability, response.req");
  EXPECT_EQ(lines[2],
            "ef.yml:5: client: client.form.defaults:respons.form: no check of "
            "client.form.defaults has the id \"respons.form\"; did you mean response.form?");
  EXPECT_EQ(lines[3], "ef.yml:6: client: client.zzz:send.form: no case has this id");
  EXPECT_EQ(lines[4], "ef.yml:8: server: client.a: listed under server: but it is not a server case");
  EXPECT_TRUE(unknown_entries(parse("client:\n  - client.a:response.req\n"), ids).empty());
}

TEST(Baseline, SkippedCasesAreNeitherHonouredNorStale) {
  Judgement j = judge(parse("client:\n  - client.a\n"), {outcome("client.a", Verdict::Skip)}, kKnown);
  EXPECT_EQ(j.exit_code, 0);
  EXPECT_TRUE(j.stale.empty());
}

TEST(Baseline, WarnWithoutEntryDoesNotFailTheRun) {
  Judgement j = judge(parse(""), {outcome("client.a", Verdict::Warn, {"content.enum"})}, kKnown);
  EXPECT_EQ(j.exit_code, 0);
}

TEST(Baseline, HarnessErrorsExitThreeUnlessBaselined) {
  EXPECT_EQ(judge(parse(""), {outcome("client.a", Verdict::Error)}, kKnown).exit_code, 3);
  EXPECT_EQ(judge(parse("client:\n  - client.a\n"), {outcome("client.a", Verdict::Error)}, kKnown).exit_code,
            0);
  // An unexpected failure outranks a harness error: the SUT's fault is what the user must see.
  EXPECT_EQ(judge(parse(""),
                  {outcome("client.a", Verdict::Error), outcome("client.b", Verdict::Fail, {"content.enum"})},
                  kKnown)
                .exit_code,
            1);
}

}  // namespace
}  // namespace ec

namespace ec {
namespace {

// An expected-failures file written for the official suite (cases/official_suite.h).
TEST(Baseline, OfficialScenarioNamesMapToOurCasesAndTheRestIsReported) {
  Baseline b = parse(
      "server:\n  - elicitation-sep1034-defaults\n  - tools-call-with-progress\n"
      "  - elicitation-sep1330-enums:ElicitationSEP1330TitledMulti\n  - sep-2322-client-request-state\n"
      "client:\n  - elicitation-sep1034-client-defaults\n  - auth/basic-dcr\n");
  std::vector<std::string> notes;
  resolve_official_names(b, notes);
  ASSERT_EQ(b.entries.size(), 3u);
  EXPECT_EQ(b.entries[0].case_id, "server.official.sep1034-defaults");
  EXPECT_EQ(b.entries[0].official, "elicitation-sep1034-defaults");
  EXPECT_EQ(b.entries[1].case_id, "client.sep1034.defaults-prefilled");
  EXPECT_EQ(b.entries[2].case_id, "client.sep1034.defaults-enum-values");
  ASSERT_EQ(notes.size(), 4u);  // no counterpart, a per-check entry, the wrong side, auth
  EXPECT_NE(notes[0].find("tools-call-with-progress"), std::string::npos);
  EXPECT_NE(notes[1].find("check ids are not ours"), std::string::npos);
}

TEST(Baseline, AnOfficialEntryIsStaleOnlyWhenNoneOfItsCasesFails) {
  Baseline b = parse("client:\n  - elicitation-sep1034-client-defaults\n");
  std::vector<std::string> notes;
  resolve_official_names(b, notes);
  const std::set<std::string> cases = {"client.sep1034.defaults-prefilled",
                                       "client.sep1034.defaults-enum-values"};
  Judgement one = judge(b,
                        {outcome("client.sep1034.defaults-prefilled", Verdict::Pass),
                         outcome("client.sep1034.defaults-enum-values", Verdict::Fail, {"response.req"})},
                        known(cases, {"response.req"}));
  EXPECT_EQ(one.exit_code, 0);
  EXPECT_TRUE(one.stale.empty());
  ASSERT_EQ(one.expected_by_outcome.size(), 2u);
  EXPECT_EQ(one.expected_by_outcome[0], "");
  EXPECT_NE(one.expected_by_outcome[1].find("elicitation-sep1034-client-defaults -> "), std::string::npos);
  Judgement none = judge(b,
                         {outcome("client.sep1034.defaults-prefilled", Verdict::Pass),
                          outcome("client.sep1034.defaults-enum-values", Verdict::Pass)},
                         known(cases, {}));
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_EQ(none.stale.size(), 2u);
}

}  // namespace
}  // namespace ec
