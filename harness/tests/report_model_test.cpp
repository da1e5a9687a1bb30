// The four reports say the same thing (report/report_model.h): for a run that holds every kind of
// run (PASS, FAIL, FAIL not testable, ERROR, WARN, SKIP, NOTE, an expected failure and a stale
// entry), results.json, junit.xml, report.md and report.html are read back as a reader or a CI
// view reads them, and must agree on the counts, each run's verdict, whether an entry expects it,
// and whether it fails the run (with and without --strict).
#include "report/report_model.h"

#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "core/json.h"
#include "report/run_outcome.h"

namespace ec {
namespace {

// Cases and their results, judged against a baseline as the CLI judges a run.
struct JudgedSummary {
  std::deque<Case> cases;
  RunSummary summary;

  void add(const std::string& id, Verdict v, bool untestable = false) {
    Case& c = cases.emplace_back();
    c.id = id;
    c.title = "title of " + id;
    c.role = Role::Server;
    c.level = v == Verdict::Warn ? Level::Should : Level::Must;
    c.robustness = v == Verdict::Note;
    c.requirements = {"REQUEST-MESSAGE"};
    CaseResult r;
    r.c = &c;
    r.verdict = v;
    r.untestable = untestable;
    r.record.revision = r.record.planned = Revision::V2025_11_25;
    r.reason = v == Verdict::Pass ? "" : "why " + id;
    if (v == Verdict::Fail || v == Verdict::Warn || v == Verdict::Note) {
      StepFailure f;
      f.check = "expect.response";
      f.step_pointer = "/steps/1";
      f.message = R"({"jsonrpc":"2.0","id":1,"result":{}})";
      r.record.failure = f;
      if (!untestable) r.broken_requirement = "REQUEST-MESSAGE";
    }
    summary.results.push_back(std::move(r));
  }

  // Judged as run_suite_command() judges: entries, run failures, the outcome.
  void judge_with(const std::string& yaml, bool strict) {
    BaselineError e;
    const std::optional<Baseline> b = parse_baseline(yaml, "ef.yml", e);
    ASSERT_TRUE(b) << e.message;
    KnownIds known;
    for (const Case& c : cases) known[c.id] = {"expect.response"};
    std::vector<CaseOutcome> outcomes;
    for (const CaseResult& r : summary.results) {
      CaseOutcome o{r.c->id, Role::Server, r.verdict, {}};
      if (r.record.failure) o.failed_checks.insert(r.record.failure->check);
      outcomes.push_back(std::move(o));
    }
    const Judgement j = judge(*b, outcomes, known, strict);
    for (std::size_t i = 0; i < summary.results.size(); ++i)
      summary.results[i].expected_failure = j.expected_by_outcome[i];
    for (const std::string& s : j.stale) summary.baseline_problems.push_back("stale baseline entry: " + s);
    summary.run_failures = summary.baseline_problems;
    summary.strict = strict;
    summary.outcome = run_outcome(j, summary.results, strict, false);
    summary.role = "server";
    summary.command = "sut --serve";
  }
};

// Every kind of run: `server.expected` FAILs and `server.expected-warn` WARNs as ef.yml says, and
// the entry for `server.stale` is stale (it passes).
JudgedSummary every_kind_of_run(bool strict) {
  JudgedSummary run;
  run.add("server.pass", Verdict::Pass);
  run.add("server.fail", Verdict::Fail);
  run.add("server.untestable", Verdict::Fail, true);
  run.add("server.expected", Verdict::Fail);
  run.add("server.error", Verdict::Error);
  run.add("server.warn", Verdict::Warn);
  run.add("server.expected-warn", Verdict::Warn);
  run.add("server.skip", Verdict::Skip);
  run.add("server.note", Verdict::Note);
  run.add("server.stale", Verdict::Pass);
  run.judge_with("server:\n  - server.expected\n  - server.expected-warn\n  - server.stale\n", strict);
  return run;
}

// What one report says about a run.
struct Said {
  std::string verdict;    // "FAIL (not testable)"
  bool expected = false;  // an expected-failures entry covers it
  std::string section;    // "fails", "expected", "informs", or "" (listed in none)
  bool operator==(const Said&) const = default;
};
std::ostream& operator<<(std::ostream& out, const Said& s) {
  return out << "{" << s.verdict << (s.expected ? ", expected" : "") << ", " << s.section << "}";
}

// What one report says about the whole run.
struct Report {
  std::map<std::string, Said> runs;
  std::map<std::string, long> counts;  // PASS, FAIL (tested), UNTESTABLE, WARN, NOTE, SKIP, ERROR
  bool run_failed = false;             // the run as a whole fails (the stale entry)
};

std::string section_of(const std::string& title) {
  if (title == "Failures") return "fails";
  if (title == "Expected failures (listed in the expected-failures file)") return "expected";
  if (title == "Warnings, notes and skips") return "informs";
  return "?" + title;
}

template <typename F>
void each_match(const std::string& text, const std::regex& re, F f) {
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    f(*it);
}

Report read_json(const std::string& text) {
  Report out;
  const ParsedJson parsed = parse_json(text);
  EXPECT_TRUE(parsed.ok());
  const rapidjson::Value& doc = parsed.document;
  const rapidjson::Value& counts = doc["counts"];
  for (const char* v : {"PASS", "FAIL", "WARN", "NOTE", "SKIP", "ERROR"})
    out.counts[v] = counts[v].GetInt64();
  out.counts["UNTESTABLE"] = counts["untestable"].GetInt64();
  out.counts["FAIL"] -= out.counts["UNTESTABLE"];
  out.run_failed = !doc["baseline"]["problems"].Empty();
  for (const rapidjson::Value& c : doc["cases"].GetArray()) {
    Said s;
    s.verdict = std::string(c["status"].GetString()) + (c.HasMember("untestable") ? " (not testable)" : "");
    s.expected = c.HasMember("expected_failure");
    out.runs[c["id"].GetString()] = s;
  }
  return out;
}

Report read_junit(const std::string& text) {
  Report out;
  std::smatch suite;
  EXPECT_TRUE(std::regex_search(
      text, suite,
      std::regex(R"re(<testsuite [^>]*tests="(\d+)" failures="(\d+)" errors="(\d+)" skipped="(\d+)")re")));
  const std::regex testcase(R"re(<testcase classname="([^"]*)" name="([^"]*)"[^>]*>([\s\S]*?)</testcase>)re");
  long failures = 0, errors = 0, skipped = 0, tests = 0;
  each_match(text, testcase, [&](const std::smatch& m) {
    ++tests;
    const std::string body = m[3];
    const bool failure = body.find("<failure") != std::string::npos;
    const bool error = body.find("<error") != std::string::npos;
    const bool excused = body.find("<skipped type=\"expected-failure\"") != std::string::npos;
    const bool skip = body.find("<skipped message=") != std::string::npos;
    failures += failure;
    errors += error;
    skipped += excused || skip;
    if (m[1] == "elicit-conform.run") {
      out.run_failed = failure;
      return;
    }
    Said s;
    std::smatch verdict;
    s.verdict = std::regex_search(body, verdict, std::regex(R"re(<system-out>verdict: ([^&]*)&#10;)re"))
                    ? std::string(verdict[1])
                    : "PASS";
    s.expected = body.find("&#10;expected-failure: ") != std::string::npos;
    s.section = failure || error ? "fails" : excused ? "expected" : "";
    out.runs[m[2]] = s;
    ++out.counts[s.verdict == "FAIL (not testable)" ? "UNTESTABLE" : s.verdict];
  });
  // The suite's totals are its test cases' elements.
  EXPECT_EQ(std::stol(suite[1]), tests);
  EXPECT_EQ(std::stol(suite[2]), failures);
  EXPECT_EQ(std::stol(suite[3]), errors);
  EXPECT_EQ(std::stol(suite[4]), skipped);
  return out;
}

Report read_markdown(const std::string& text) {
  Report out;
  std::smatch table;
  EXPECT_TRUE(std::regex_search(
      text, table,
      std::regex(
          R"re(\|---\|---\|---\|---\|---\|---\|---\|\n\| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|)re")));
  const char* names[] = {"PASS", "FAIL", "UNTESTABLE", "WARN", "NOTE", "SKIP", "ERROR"};
  for (int i = 0; i < 7; ++i) out.counts[names[i]] = std::stol(table[i + 1]);
  out.run_failed = text.find("- **run failed**: `stale baseline entry: ") != std::string::npos;
  const std::size_t runs = text.find("## Runs\n");
  EXPECT_NE(runs, std::string::npos);
  each_match(text.substr(runs),
             std::regex(R"re(\n\| (server\.[^ ]*) \| 2025-11-25 \| [^|]* \| ([^|]*) \|)re"),
             [&](const std::smatch& m) {
               std::string status = m[2];
               Said& s = out.runs[m[1]];
               s.expected = status.ends_with(", expected");
               s.verdict = s.expected ? status.substr(0, status.size() - 10) : status;
             });
  // The sections before the tables: "## <title>" then "### <verdict>: <id> (<revision>)".
  std::string section;
  each_match(text.substr(0, text.find("## Summary\n")), std::regex(R"re(\n(##|###) ([^\n]*))re"),
             [&](const std::smatch& m) {
               const std::string heading = m[2];
               if (m[1] == "##") {
                 section = section_of(heading);
                 return;
               }
               std::smatch run;
               if (std::regex_match(heading, run, std::regex(R"re([^:]*: (\S*) \(2025-11-25\))re")))
                 out.runs[run[1]].section = section;
             });
  return out;
}

Report read_html(const std::string& text) {
  Report out;
  const char* names[] = {"PASS", "FAIL", "UNTESTABLE", "WARN", "NOTE", "SKIP", "ERROR"};
  std::smatch counts;
  EXPECT_TRUE(
      std::regex_search(text, counts, std::regex(R"re(runs tested their rule</strong>: ([^\n]*)</p>)re")));
  const std::string line = counts[1];
  int i = 0;
  each_match(line, std::regex(R"re((\d+) <span class="v v-[A-Z]+">)re"),
             [&](const std::smatch& m) { out.counts[names[i++]] = std::stol(m[1]); });
  EXPECT_EQ(i, 7) << line;
  out.run_failed =
      text.find("<li><strong>run failed</strong>: <code>stale baseline entry: ") != std::string::npos;
  const std::size_t runs = text.find("<h2>Runs</h2>");
  EXPECT_NE(runs, std::string::npos);
  each_match(
      text.substr(runs),
      std::regex(
          R"re(<details id="run-([^"]*)-2025-11-25" data-verdict="[A-Z]+" data-filter="([A-Z]+)"[^>]*>\n)re"
          R"re(<summary><span class="v v-[A-Z]+">([^<]*)</span>( <span class="expected">expected</span>)?)re"),
      [&](const std::smatch& m) {
        Said& s = out.runs[m[1]];
        s.verdict = m[3];
        s.expected = m[4].matched;
        EXPECT_EQ(s.expected, m[2] == "EXPECTED") << m[1];  // the filter's class says the same
      });
  // The lists before the requirement tables: "<h2><title></h2>" then one <li> per run.
  std::string section;
  each_match(text.substr(0, runs),
             std::regex(R"re(<h2>([^<]*)</h2>|<li data-verdict[^>]*>.*?href="#run-([^"]*)-2025-11-25")re"),
             [&](const std::smatch& m) {
               if (m[1].matched)
                 section = section_of(m[1]);
               else
                 out.runs[m[2]].section = section;
             });
  return out;
}

void expect_the_four_agree(bool strict) {
  const JudgedSummary run = every_kind_of_run(strict);
  std::ostringstream json, junit, md, html;
  write_results_json(json, run.summary);
  write_junit(junit, run.summary);
  write_markdown(md, run.summary);
  write_html(html, run.summary);
  const Report j = read_json(json.str()), x = read_junit(junit.str()), m = read_markdown(md.str()),
               h = read_html(html.str());

  // What the run was: each verdict once, two expected by the baseline, one of them a WARN.
  const std::map<std::string, Said> truth = {
      {"server.pass", {"PASS", false, ""}},
      {"server.fail", {"FAIL", false, "fails"}},
      {"server.untestable", {"FAIL (not testable)", false, "fails"}},
      {"server.expected", {"FAIL", true, "expected"}},
      {"server.error", {"ERROR", false, "fails"}},
      {"server.warn", {"WARN", false, strict ? "fails" : "informs"}},
      {"server.expected-warn", {"WARN", true, strict ? "expected" : "informs"}},
      {"server.skip", {"SKIP", false, "informs"}},
      {"server.note", {"NOTE", false, "informs"}},
      {"server.stale", {"PASS", false, ""}},
  };
  const std::map<std::string, long> counts = {{"PASS", 2}, {"FAIL", 2}, {"UNTESTABLE", 1}, {"WARN", 2},
                                              {"NOTE", 1}, {"SKIP", 1}, {"ERROR", 1}};
  // Each writer, against the run. results.json has no sections; junit.xml's are its elements: a
  // <failure> or <error> fails the run, <skipped type="expected-failure"> is excused, and what
  // only informs passes (or is <skipped>, a SKIP) there.
  for (const auto& [id, said] : truth) {
    const Said as_json{said.verdict, said.expected, ""};
    const Said as_junit{said.verdict, said.expected, said.section == "informs" ? "" : said.section};
    EXPECT_EQ(j.runs.at(id), as_json) << "results.json: " << id;
    EXPECT_EQ(x.runs.at(id), as_junit) << "junit.xml: " << id;
    EXPECT_EQ(m.runs.at(id), said) << "report.md: " << id;
    EXPECT_EQ(h.runs.at(id), said) << "report.html: " << id;
  }
  for (const Report* r : {&j, &x, &m, &h}) {
    EXPECT_EQ(r->runs.size(), truth.size());
    EXPECT_EQ(r->counts, counts);
    EXPECT_TRUE(r->run_failed);
  }
}

TEST(ReportModel, TheFourReportsSayTheSameCountsVerdictsAndStandings) { expect_the_four_agree(false); }

// Under --strict a WARN fails the run: junit.xml said <failure> (and the banner "WARN
// (unexpected, --strict)") while report.md and report.html listed it under "Warnings, notes and
// skips", and an expected WARN under them too instead of with the expected failures.
TEST(ReportModel, UnderStrictAWarnIsAFailureInEveryReport) { expect_the_four_agree(true); }

TEST(ReportModel, StandingsCountsAndStartFailuresAreDecidedOnce) {
  for (const bool strict : {false, true}) {
    JudgedSummary run = every_kind_of_run(strict);
    // Two runs stopped by one SUT that never came up, and one left unstarted.
    for (const char* id : {"server.down-1", "server.down-2", "server.not-run"}) {
      run.add(id, Verdict::Error);
      CaseResult& r = run.summary.results.back();
      r.reason = r.c->id == "server.not-run" ? std::string(kNotRunReason) : "initialize got no result";
      r.record.sut_unavailable = r.reason;
      r.record.sut_exit = "exited with status 1";
    }
    const ReportModel m = report_model(run.summary);
    ASSERT_EQ(m.runs.size(), 13u);
    std::map<std::string, RunStanding> standing;
    for (const ReportRun& r : m.runs) standing[r.c->id] = r.standing;
    EXPECT_EQ(standing["server.pass"], RunStanding::Passes);
    EXPECT_EQ(standing["server.fail"], RunStanding::Fails);
    EXPECT_EQ(standing["server.expected"], RunStanding::Excused);
    EXPECT_EQ(standing["server.warn"], strict ? RunStanding::Fails : RunStanding::Informs);
    EXPECT_EQ(standing["server.expected-warn"], strict ? RunStanding::Excused : RunStanding::Informs);
    EXPECT_EQ(standing["server.note"], RunStanding::Informs);
    EXPECT_EQ(m.counts.of(Verdict::Error), 4u);
    EXPECT_EQ(m.counts.tested_fail(), 2u);
    // Each section holds exactly the runs of its standing, in run order.
    std::size_t listed = 0;
    for (const ReportSection& s : m.sections) {
      for (const std::size_t i : s.runs) EXPECT_EQ(m.runs[i].standing, s.standing) << s.title;
      listed += s.runs.size();
    }
    EXPECT_EQ(listed, m.runs.size() - 2);  // all but the two PASS
    ASSERT_EQ(m.start_failures.size(), 1u);
    EXPECT_EQ(m.runs[m.start_failures[0].first].c->id, "server.down-1");
    EXPECT_EQ(m.start_failures[0].runs.size(), 2u);
    ASSERT_EQ(m.not_started.size(), 1u);
    EXPECT_EQ(m.runs[m.not_started[0]].c->id, "server.not-run");
    EXPECT_FALSE(m.runs[m.not_started[0]].start_failure);
  }
}

}  // namespace
}  // namespace ec
