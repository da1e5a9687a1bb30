// The run's exit status and why (report/run_outcome.h), and report.html's banner and verdict
// filter built from it (report_html.cpp).
#include "report/run_outcome.h"

#include <gtest/gtest.h>

#include <deque>
#include <regex>
#include <set>
#include <sstream>

namespace ec {
namespace {

// Cases and their results, judged against `yaml` as the CLI judges a run.
struct JudgedRun {
  std::deque<Case> cases;
  std::vector<CaseResult> results;
  Judgement j;

  void add(const std::string& id, Verdict v, bool untestable = false) {
    Case& c = cases.emplace_back();
    c.id = id;
    c.title = "title of " + id;
    c.role = Role::Server;
    CaseResult r;
    r.c = &c;
    r.verdict = v;
    r.untestable = untestable;
    r.record.revision = r.record.planned = Revision::V2025_11_25;
    r.reason = v == Verdict::Pass ? "" : "why " + id;
    if (v == Verdict::Fail || v == Verdict::Warn || v == Verdict::Note) {
      StepFailure f;
      f.check = "expect.response";
      r.record.failure = f;
    }
    results.push_back(std::move(r));
  }
  void judge_with(const std::string& yaml, bool strict = false) {
    BaselineError e;
    const std::optional<Baseline> b = parse_baseline(yaml, "ef.yml", e);
    ASSERT_TRUE(b) << e.message;
    KnownIds known;
    for (const Case& c : cases) known[c.id] = {"expect.response"};
    std::vector<CaseOutcome> outcomes;
    for (const CaseResult& r : results) {
      CaseOutcome o{r.c->id, Role::Server, r.verdict, {}};
      if (r.record.failure) o.failed_checks.insert(r.record.failure->check);
      outcomes.push_back(std::move(o));
    }
    j = judge(*b, outcomes, known, strict);
    for (std::size_t i = 0; i < results.size(); ++i) results[i].expected_failure = j.expected_by_outcome[i];
  }
};

bool has_reason(const RunOutcome& o, const std::string& words) {
  for (const std::string& r : o.reasons) {
    if (r.find(words) != std::string::npos) return true;
  }
  return false;
}

TEST(RunOutcome, TwoExpectedFailuresExitZeroAndSaySo) {
  JudgedRun run;
  run.add("server.a", Verdict::Fail);
  run.add("server.b", Verdict::Fail);
  run.add("server.c", Verdict::Pass);
  run.judge_with("server:\n  - server.a\n  - server.b\n");
  const RunOutcome o = run_outcome(run.j, run.results, false, false);
  EXPECT_EQ(o.exit_code, 0);
  EXPECT_EQ(o.exit_code, run.j.exit_code);
  EXPECT_EQ(o.headline, "2 FAIL, both expected: exit 0");
  EXPECT_TRUE(has_reason(o, "2 runs fail as the expected-failures file says")) << o.reasons.size();
}

TEST(RunOutcome, AnUnexpectedFailExitsOneBesideAnExpectedOne) {
  JudgedRun run;
  run.add("server.a", Verdict::Fail);
  run.add("server.b", Verdict::Fail);
  run.judge_with("server:\n  - server.a\n");
  const RunOutcome o = run_outcome(run.j, run.results, false, false);
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_EQ(o.headline, "1 FAIL (unexpected), 1 FAIL expected: exit 1");
  EXPECT_TRUE(has_reason(o, "Unexpected failure (exit 1): server.b: FAIL (checks expect.response)"));
}

TEST(RunOutcome, WarnFailsOnlyUnderStrict) {
  for (const bool strict : {false, true}) {
    JudgedRun run;
    run.add("server.a", Verdict::Warn);
    run.add("server.b", Verdict::Note);
    run.judge_with("", strict);
    const RunOutcome o = run_outcome(run.j, run.results, strict, false);
    EXPECT_EQ(o.exit_code, strict ? 1 : 0);
    EXPECT_EQ(o.headline, strict ? "1 WARN (unexpected, --strict): exit 1" : "2 runs, no failure: exit 0");
    EXPECT_EQ(has_reason(o, "WARN counts as failure (--strict)."), strict);
    EXPECT_EQ(has_reason(o, "1 WARN does not fail the run"), !strict);
    EXPECT_TRUE(has_reason(o, "1 NOTE: never a failure, not even under --strict."));
  }
}

TEST(RunOutcome, AStaleEntryAnErrorNothingTestedAndAnInterrupt) {
  JudgedRun stale;
  stale.add("server.a", Verdict::Pass);
  stale.judge_with("server:\n  - server.a\n");
  RunOutcome o = run_outcome(stale.j, stale.results, false, false);
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_EQ(o.headline, "1 stale entry: exit 1");

  JudgedRun error;
  error.add("server.a", Verdict::Error);
  error.add("server.b", Verdict::Pass);
  error.judge_with("");
  o = run_outcome(error.j, error.results, false, false);
  EXPECT_EQ(o.exit_code, 3);
  EXPECT_EQ(o.headline, "1 ERROR (unexpected): exit 3");

  JudgedRun skipped;
  skipped.add("server.a", Verdict::Skip);
  skipped.add("server.b", Verdict::Fail, true);
  skipped.judge_with("server:\n  - server.b\n");
  o = run_outcome(skipped.j, skipped.results, false, false);
  EXPECT_EQ(skipped.j.exit_code, 0);
  EXPECT_TRUE(o.nothing_tested);
  EXPECT_EQ(o.exit_code, 1);
  EXPECT_EQ(o.headline, "1 FAIL, expected, no run tested its rule: exit 1");

  // Many runs stopped the same way: the banner names five and counts the rest.
  JudgedRun many;
  for (int i = 0; i < 8; ++i) many.add("server.e" + std::to_string(i), Verdict::Error);
  many.judge_with("");
  o = run_outcome(many.j, many.results, false, false);
  EXPECT_EQ(o.headline, "8 ERROR (unexpected): exit 3");
  EXPECT_TRUE(has_reason(o, "exit 3 when nothing fails the run): server.e4: ERROR"));
  EXPECT_FALSE(has_reason(o, "server.e5"));
  EXPECT_EQ(o.reasons.back(), "... and 3 more ERROR runs (listed below)");

  o = run_outcome(error.j, error.results, false, true);
  EXPECT_EQ(o.exit_code, kExitInterrupted);
  EXPECT_EQ(o.headline, "interrupted, 1 ERROR (unexpected): exit 130");
}

// Every kind of run the page can hold has a box in the verdict filter, ticked when the page opens
// (the script hides a run whose class has no ticked box: without a NOTE box, every NOTE vanished).
TEST(ReportHtml, EveryKindOfRunHasATickedFilterBoxAndTheBannerSaysTheExit) {
  JudgedRun run;
  run.add("server.pass", Verdict::Pass);
  run.add("server.fail", Verdict::Fail);
  run.add("server.untestable", Verdict::Fail, true);
  run.add("server.expected", Verdict::Fail);
  run.add("server.warn", Verdict::Warn);
  run.add("server.note", Verdict::Note);
  run.add("server.skip", Verdict::Skip);
  run.add("server.error", Verdict::Error);
  run.judge_with("server:\n  - server.expected\n");
  RunSummary summary;
  summary.role = "server";
  summary.command = "sut";
  summary.results = run.results;
  summary.outcome = run_outcome(run.j, run.results, false, false);
  std::ostringstream page;
  write_html(page, summary);
  const std::string html = page.str();

  std::set<std::string> boxes, classes;
  const std::regex box(R"re(<input type="checkbox" value="([A-Z]+)" checked>)re");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), box); it != std::sregex_iterator(); ++it)
    boxes.insert((*it)[1]);
  const std::regex filtered(R"re(data-filter="([^"]*)")re");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), filtered); it != std::sregex_iterator(); ++it)
    classes.insert((*it)[1]);
  EXPECT_EQ(classes, (std::set<std::string>{"PASS", "FAIL", "UNTESTABLE", "EXPECTED", "WARN", "NOTE", "SKIP",
                                            "ERROR"}));
  EXPECT_EQ(boxes, classes);

  // The banner, before anything else of the run, says the exit and why.
  const std::size_t banner = html.find("<div id=\"outcome\" class=\"outcome failed\"");
  ASSERT_NE(banner, std::string::npos);
  EXPECT_LT(banner, html.find("<fieldset id=\"filter\""));
  EXPECT_NE(html.find("<strong>2 FAIL (unexpected), 1 FAIL expected, 1 ERROR (unexpected): exit 1</strong>"),
            std::string::npos);
  // WARN, NOTE and SKIP listed near the top with their reasons.
  const std::size_t informs = html.find("<h2>Warnings, notes and skips</h2>");
  ASSERT_NE(informs, std::string::npos);
  EXPECT_LT(informs, html.find("<h2>Runs</h2>"));
  for (const char* id : {"server.warn", "server.note", "server.skip"})
    EXPECT_NE(html.find(std::string(">") + id + "</a> (2025-11-25): why " + id, informs), std::string::npos)
        << id;
}

}  // namespace
}  // namespace ec
