// The run layer (harness/run/): what a request plans, and how a canned set of results is judged.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <sstream>

#include "cases/official_suite.h"
#include "run/judge.h"
#include "run/plan.h"

namespace ec {
namespace {

Case canned(const std::string& id, Role role, std::vector<Revision> revisions,
            std::vector<Transport> transports) {
  Case c;
  c.id = id;
  c.role = role;
  c.revisions = std::move(revisions);
  c.transports = std::move(transports);
  return c;
}

std::vector<std::string> labels(const std::vector<PlannedRun>& plan) {
  std::vector<std::string> out;
  for (const PlannedRun& p : plan) out.push_back(run_label(*p.c, p.revision));
  return out;
}

const std::vector<Case>& canned_cases() {
  static const std::vector<Case> cases = {
      canned("server.a", Role::Server, {Revision::V2025_06_18, Revision::V2025_11_25},
             {Transport::Stdio, Transport::Http}),
      canned("server.b", Role::Server, {Revision::V2026_07_28}, {Transport::Http}),
      canned("client.c", Role::Client, {Revision::V2025_11_25}, {Transport::Stdio, Transport::Http})};
  return cases;
}

TEST(RunPlan, TakesTheRoleTheGlobsTheTransportAndTheRevisions) {
  const std::vector<Case>& cases = canned_cases();
  Selection all;
  all.globs = {"*"};
  EXPECT_EQ(labels(plan_runs(cases, Role::Server, all, Transport::Stdio, std::nullopt)),
            (std::vector<std::string>{"server.a (2025-06-18)", "server.a (2025-11-25)"}));
  EXPECT_EQ(
      labels(plan_runs(cases, Role::Server, all, Transport::Http, std::nullopt)),
      (std::vector<std::string>{"server.a (2025-06-18)", "server.a (2025-11-25)", "server.b (2026-07-28)"}));
  EXPECT_EQ(labels(plan_runs(cases, Role::Server, all, Transport::Http, Revision::V2025_11_25)),
            (std::vector<std::string>{"server.a (2025-11-25)"}));
  EXPECT_EQ(labels(plan_runs(cases, Role::Client, all, Transport::Stdio, std::nullopt)),
            (std::vector<std::string>{"client.c (2025-11-25)"}));
  Selection one;
  one.globs = {"server.b"};
  EXPECT_TRUE(plan_runs(cases, Role::Server, one, Transport::Stdio, std::nullopt).empty());
  EXPECT_EQ(plan_runs(cases, Role::Server, one, Transport::Http, std::nullopt).size(), 1u);
}

TEST(RunPlan, AnOfficialSuiteNarrowsTheRevisions) {
  RunRequest active;
  active.suite = "active";
  Selection sel;
  std::string error;
  ASSERT_TRUE(select_cases(active, Role::Server, sel, error)) << error;
  EXPECT_TRUE(sel.official);
  EXPECT_EQ(labels(plan_runs(canned_cases(), Role::Server, sel, Transport::Http, std::nullopt)),
            (std::vector<std::string>{"server.a (2025-06-18)", "server.a (2025-11-25)"}));
  RunRequest draft;
  draft.suite = "draft";
  Selection d;
  ASSERT_TRUE(select_cases(draft, Role::Server, d, error)) << error;
  EXPECT_EQ(labels(plan_runs(canned_cases(), Role::Server, d, Transport::Http, std::nullopt)),
            (std::vector<std::string>{"server.b (2026-07-28)"}));
}

TEST(RunPlan, AnOfficialScenarioSelectsItsCases) {
  const auto it =
      std::find_if(official_scenarios().begin(), official_scenarios().end(),
                   [](const OfficialScenario& s) { return s.role == Role::Server && !s.cases.empty(); });
  ASSERT_NE(it, official_scenarios().end());
  RunRequest request;
  request.scenario = std::string(it->name);
  Selection sel;
  std::string error;
  ASSERT_TRUE(select_cases(request, Role::Server, sel, error)) << error;
  EXPECT_TRUE(sel.official);
  EXPECT_TRUE(sel.skip_note.empty());
  EXPECT_EQ(sel.globs, std::vector<std::string>(it->cases.begin(), it->cases.end()));
  // Asked of the other side: an error that says which command runs it.
  Selection other;
  EXPECT_FALSE(select_cases(request, Role::Client, other, error));
  EXPECT_NE(error.find("run `elicit-conform server`"), std::string::npos) << error;
}

TEST(RunPlan, RefusesWhatDoesNotGoTogether) {
  std::string error;
  RunRequest both;
  both.scenario = "server.a";
  both.case_glob = "server.*";
  Selection s1;
  EXPECT_FALSE(select_cases(both, Role::Server, s1, error));
  EXPECT_EQ(error, "give --case or --scenario, not both");
  RunRequest requirements;
  requirements.requirements = "2025-11-25";
  requirements.revision = "2025-11-25";
  Selection s2;
  EXPECT_FALSE(select_cases(requirements, Role::Server, s2, error));
  EXPECT_TRUE(error.starts_with("--requirements cannot be combined")) << error;
  RunRequest suite;
  suite.suite = "auth";
  Selection s3;
  EXPECT_FALSE(select_cases(suite, Role::Server, s3, error));
  EXPECT_TRUE(error.starts_with("--suite auth: no counterpart here")) << error;
  // One of our case ids given as --scenario is a glob like --case.
  RunRequest ours;
  ours.scenario = "server.a";
  Selection s4;
  ASSERT_TRUE(select_cases(ours, Role::Server, s4, error)) << error;
  EXPECT_EQ(s4.globs, std::vector<std::string>{"server.a"});
  EXPECT_FALSE(s4.official);
}

TEST(RunPlan, CaseChecksNameTheLifecycleOfTheRole) {
  Case server = canned("server.a", Role::Server, {Revision::V2025_11_25}, {Transport::Stdio});
  Step step;
  step.check_id = "expect.call";
  server.steps.push_back(step);
  const std::vector<std::string> checks = case_checks(server);
  EXPECT_NE(std::find(checks.begin(), checks.end(), "lifecycle.tools-list"), checks.end());
  EXPECT_EQ(std::find(checks.begin(), checks.end(), "lifecycle.capability"), checks.end());
  EXPECT_EQ(checks.back(), "expect.call");
  // A client on the modern wire only has no initialize to judge.
  const Case modern = canned("client.m", Role::Client, {Revision::V2026_07_28}, {Transport::Stdio});
  const std::vector<std::string> m = case_checks(modern);
  EXPECT_EQ(std::find(m.begin(), m.end(), "lifecycle.initialized"), m.end());
  EXPECT_NE(std::find(m.begin(), m.end(), "lifecycle.capability"), m.end());
}

// The corpus and its catalog, for a judgement of canned results.
struct Corpus {
  std::vector<Case> cases;
  Catalog catalog;
  Corpus() {
    std::ostringstream err;
    bool ok = true;
    cases = load_corpus(std::string(EC_SOURCE_DIR) + "/cases", err, ok);
    EXPECT_TRUE(ok) << err.str();
    std::vector<std::string> errors;
    catalog = Catalog::load(std::string(EC_SOURCE_DIR) + "/cases/requirements", errors);
    EXPECT_TRUE(errors.empty());
  }
  // The first `n` server cases at 2025-11-25 with a step of their own, at MUST level.
  std::vector<const Case*> server_cases(std::size_t n) const {
    std::vector<const Case*> out;
    for (const Case& c : cases) {
      const bool at =
          std::find(c.revisions.begin(), c.revisions.end(), Revision::V2025_11_25) != c.revisions.end();
      if (out.size() < n && c.role == Role::Server && at && !c.steps.empty() && !c.robustness &&
          c.level == Level::Must && !c.requirements.empty())
        out.push_back(&c);
    }
    return out;
  }
};

CaseResult canned_result(const Case& c, bool fails, bool skipped = false, bool wire_defect = false) {
  RunRecord record;
  record.case_id = c.id;
  record.revision = record.planned = Revision::V2025_11_25;
  if (skipped) record.skipped = "the SUT said SKIP";
  // A malformed message on the way: no verdict of the case, a finding of the wire row.
  if (wire_defect)
    record.sut_findings.push_back(
        {"jsonrpc.version", "JSONRPC-VERSION", Level::Must, "/jsonrpc", "not 2.0", ""});
  if (fails) {
    StepFailure f;
    f.check = c.steps.front().check_id;
    f.step_pointer = "/steps/0";
    f.reason = "not what the case expects";
    record.failure = f;
  }
  return judge_record(c, std::move(record));
}

Baseline baseline_of(const std::string& yaml) {
  BaselineError error;
  std::optional<Baseline> b = parse_baseline(yaml, "ef.yml", error);
  EXPECT_TRUE(b.has_value()) << error.message;
  return b.value_or(Baseline{});
}

TEST(RunJudge, AnExpectedFailurePassesAndAStaleEntryFailsTheRun) {
  const Corpus corpus;
  const std::vector<const Case*> two = corpus.server_cases(2);
  ASSERT_EQ(two.size(), 2u);
  const Case& failing = *two[0];
  const Case& passing = *two[1];
  RunSummary summary;
  summary.results.push_back(canned_result(failing, true));
  summary.results.push_back(canned_result(passing, false, false, /*wire_defect=*/true));
  ASSERT_EQ(summary.results[0].verdict, Verdict::Fail);
  ASSERT_EQ(summary.results[1].verdict, Verdict::Pass);
  std::deque<Case> rows;
  add_whole_run_rows(summary.results, Role::Server, rows);
  ASSERT_EQ(summary.results.size(), 3u);
  EXPECT_EQ(summary.results[2].c->id, "server.wire.messages-well-formed");
  EXPECT_EQ(summary.results[2].verdict, Verdict::Fail);
  const Baseline baseline = baseline_of("server:\n  - " + failing.id + "\n  - " + passing.id +
                                        "\n  - server.wire.messages-well-formed:jsonrpc.version\n");
  const KnownIds known = known_ids(corpus.cases, baseline);
  const Judgement j =
      judge_run(summary, corpus.cases, Role::Server, corpus.catalog, baseline, {"a note"}, known);

  EXPECT_TRUE(j.unexpected.empty());
  EXPECT_EQ(summary.results[0].expected_failure, "ef.yml:2: server: " + failing.id);
  EXPECT_EQ(summary.results[1].expected_failure, "");
  EXPECT_EQ(summary.results[2].expected_failure,
            "ef.yml:4: server: server.wire.messages-well-formed:jsonrpc.version");
  ASSERT_EQ(summary.baseline_problems.size(), 1u);
  EXPECT_TRUE(summary.baseline_problems[0].starts_with("stale baseline entry: "))
      << summary.baseline_problems[0];
  EXPECT_NE(summary.baseline_problems[0].find(passing.id), std::string::npos);
  EXPECT_EQ(summary.run_failures, summary.baseline_problems);
  EXPECT_EQ(summary.baseline_notes, std::vector<std::string>{"a note"});
  ASSERT_TRUE(summary.outcome.has_value());
  EXPECT_EQ(summary.outcome->exit_code, 1);
  EXPECT_FALSE(summary.outcome->nothing_tested);
  // The coverage of the one revision that ran, from the catalog given.
  EXPECT_EQ(summary.catalog, &corpus.catalog);
  ASSERT_EQ(summary.coverage.size(), 1u);
  EXPECT_EQ(summary.coverage[0].revision, Revision::V2025_11_25);
  const std::string& rule = failing.requirements.front();
  const auto line =
      std::find_if(summary.coverage[0].requirements.begin(), summary.coverage[0].requirements.end(),
                   [&](const RequirementOutcome& r) { return r.entry.key == rule; });
  ASSERT_NE(line, summary.coverage[0].requirements.end()) << rule;
  ASSERT_TRUE(line->worst.has_value());
  EXPECT_EQ(*line->worst, Verdict::Fail);
}

TEST(RunJudge, AFailureNoEntryExpectsFailsTheRunAndNothingTestedIsNoPass) {
  const Corpus corpus;
  const std::vector<const Case*> two = corpus.server_cases(2);
  ASSERT_EQ(two.size(), 2u);
  {
    RunSummary summary;
    summary.results.push_back(canned_result(*two[0], true));
    summary.results.push_back(canned_result(*two[1], false));
    const Judgement j =
        judge_run(summary, corpus.cases, Role::Server, corpus.catalog, {}, {}, known_ids(corpus.cases, {}));
    ASSERT_EQ(j.unexpected.size(), 1u);
    EXPECT_TRUE(j.unexpected[0].starts_with(two[0]->id)) << j.unexpected[0];
    EXPECT_EQ(summary.outcome->exit_code, 1);
    EXPECT_TRUE(summary.run_failures.empty());
  }
  {
    RunSummary summary;
    summary.results.push_back(canned_result(*two[1], false));
    judge_run(summary, corpus.cases, Role::Server, corpus.catalog, {}, {}, known_ids(corpus.cases, {}));
    EXPECT_EQ(summary.outcome->exit_code, 0);
  }
  {
    RunSummary summary;
    summary.results.push_back(canned_result(*two[0], false, /*skipped=*/true));
    ASSERT_EQ(summary.results[0].verdict, Verdict::Skip);
    judge_run(summary, corpus.cases, Role::Server, corpus.catalog, {}, {}, known_ids(corpus.cases, {}));
    EXPECT_TRUE(summary.outcome->nothing_tested);
    EXPECT_EQ(summary.outcome->exit_code, 1);
    EXPECT_EQ(summary.run_failures,
              std::vector<std::string>{
                  "no run tested its rule (every run was skipped or not testable): not a pass"});
  }
}

}  // namespace
}  // namespace ec
