#include "cli/run_commands.h"

#include <fnmatch.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <ctime>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <ostream>
#include <set>
#include <thread>

#include "cases/case_file.h"
#include "cases/catalog.h"
#include "cases/observe_tool.h"
#include "cases/official_suite.h"
#include "cases/runner.h"
#include "cases/server_run.h"
#include "cases/sut_pool.h"
#include "cli/output.h"
#include "cli/report_files.h"
#include "cli/version.h"
#include "core/suggest.h"
#include "reference/client.h"
#include "reference/faults.h"
#include "reference/server.h"
#include "report/baseline.h"
#include "report/official_checks.h"
#include "report/results.h"
#include "report/run_outcome.h"
#include "report/version_verdicts.h"
#include "report/wire_verdicts.h"
#include "transport/child_process.h"
#include "transport/interrupt.h"
#include "transport/loopback_url.h"
#include "transport/word_split.h"

namespace ec {
namespace {

// Exit status 1 (failures) comes from judge() (report/baseline.h), never from here.
constexpr int kExitOk = 0, kExitUsage = 2, kExitHarness = 3;

std::vector<Case> load_corpus(const std::string& dir, std::ostream& err, bool& ok) {
  std::vector<CaseLoadError> errors;
  std::vector<Case> cases = load_cases(dir, errors);
  for (const CaseLoadError& e : errors)
    err << "elicit-conform: case file error: " << printable(e.display()) << "\n";
  ok = errors.empty() && !cases.empty();
  if (cases.empty() && errors.empty()) err << "elicit-conform: no case files under " << dir << "\n";
  return cases;
}

// The checks of the lifecycle the harness runs around every case (a failure there is not testable).
const std::vector<std::string> kLifecycleChecks = {"lifecycle.tools-list", "lifecycle.tools",
                                                   "lifecycle.capability", "lifecycle.initialized",
                                                   "lifecycle.tool-call",  "lifecycle.protocol-version"};

// The check ids of one case, lifecycle ones included, as a baseline names them (case-id:check-id).
std::vector<std::string> case_checks(const Case& c) {
  std::vector<std::string> out;
  // A client on the modern wire only (2026-07-28) has no initialize: no initialized notification
  // and no protocolVersion to judge, just its tool call and the capability its _meta declares.
  // A case whose harness plays an initialize-based server (harness.revision) has the handshake.
  const bool modern_only =
      !c.harness.revision &&
      std::all_of(c.revisions.begin(), c.revisions.end(), [](Revision r) { return features(r).modern_wire; });
  for (const std::string& l : kLifecycleChecks) {
    const bool for_role =
        c.role == Role::Server ? l.starts_with("lifecycle.tools") : !l.starts_with("lifecycle.tools");
    const bool handshake = l == "lifecycle.initialized" || l == "lifecycle.protocol-version";
    if (for_role && !(c.role == Role::Client && modern_only && handshake)) out.push_back(l);
  }
  // A case with steps on a second session opens it after the lifecycle (server_run.cpp).
  if (std::any_of(c.steps.begin(), c.steps.end(), [](const Step& s) { return s.second_session; }))
    out.emplace_back("lifecycle.second-session");
  for (const Step& s : c.steps) out.push_back(s.check_id);
  return out;
}

// What a baseline may name: every case of the corpus (all of it, whatever --case selects: an entry
// for a case this run does not select is no error) with its check ids, and the wire rows with the
// wire checks (json.*, jsonrpc.*, spec-schema.*) the baseline names for them, and the row of
// version answers across sessions with its one check.
KnownIds known_ids(const std::vector<Case>& cases, const Baseline& baseline) {
  KnownIds out;
  for (const Case& c : cases) {
    for (std::string& id : case_checks(c)) out[c.id].insert(std::move(id));
  }
  for (const std::string& id : wire_case_ids()) out[id];
  out[kVersionsCaseId].insert(kVersionsCheck);
  for (const BaselineEntry& e : baseline.entries) {
    const auto wire = e.case_id.ends_with(kWireCaseSuffix) ? out.find(e.case_id) : out.end();
    if (wire != out.end() && is_wire_check(e.check_id)) wire->second.insert(e.check_id);
  }
  return out;
}

// The report files of the formats asked for, by format.
const std::vector<std::pair<std::string, std::string>> kReportFiles = {
    {"json", "results.json"}, {"junit", "junit.xml"}, {"md", "report.md"}, {"html", "report.html"}};

// Now in UTC, ISO 8601 to the second, as report provenance gives times.
std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

// The case selection of --case, --scenario and --suite: globs over our case ids and the
// revisions allowed. False with `error` for a name that maps to nothing here.
struct Selection {
  std::vector<std::string> globs;
  std::function<bool(Revision)> revision_ok = [](Revision) { return true; };
  bool official = false;  // chosen with an official-suite name: a client is reached over HTTP
  // An official scenario with no elicitation counterpart: nothing runs, the run is SKIP with this
  // note (exit 0), as the official suite skips a scenario that does not apply.
  std::string skip_note;
};

// An official-looking name that is no official scenario of that side: the message, with the
// name likely meant.
std::string unknown_official_name(const std::string& name, Role role) {
  const Role other = role == Role::Server ? Role::Client : Role::Server;
  if (is_official_scenario(name, other))
    return "--scenario " + name + ": the official suite tests a " + std::string(to_string(other)) +
           " with it: run `elicit-conform " + std::string(to_string(other)) + "`";
  std::string out = "--scenario " + name + ": neither an official scenario nor one of our case ids";
  if (const std::optional<std::string> near = closest_name(name, official_scenario_names()))
    out += "; did you mean " + *near + "?";
  return out + " (`elicit-conform list --" + std::string(to_string(role)) +
         "` prints the official names that map, `list` our case ids)";
}

bool select_cases(const RunCommandOptions& o, Role role, Selection& sel, std::string& error) {
  if (!o.scenario.empty() && o.case_glob != "*") {
    error = "give --case or --scenario, not both";
    return false;
  }
  if (!o.requirements.empty()) {
    // As the official suite: a requirement set fixes the scenarios and the revision they run at.
    if (!o.scenario.empty() || !o.suite.empty() || !o.revision.empty() || o.case_glob != "*") {
      error =
          "--requirements cannot be combined with --scenario, --case, --suite or --spec-version: a "
          "requirement set already fixes which cases run, and at which revision";
      return false;
    }
    const auto& known = official_requirement_revisions();
    if (std::find(known.begin(), known.end(), o.requirements) == known.end()) {
      std::string list;
      for (std::string_view r : known) list += (list.empty() ? "" : ", ") + std::string(r);
      error = "--requirements " + o.requirements + ": no such requirement set (known: " + list + ")";
      return false;
    }
    for (const OfficialScenario& s : official_scenarios()) {
      if (s.role != role ||
          std::find(s.required_in.begin(), s.required_in.end(), o.requirements) == s.required_in.end())
        continue;
      for (std::string_view id : s.cases) sel.globs.emplace_back(id);
    }
    const std::optional<Revision> at = parse_revision(o.requirements);
    sel.revision_ok = [at](Revision r) { return at && r == *at; };
    sel.official = true;
    return true;
  }
  if (o.scenario.empty()) {
    sel.globs.push_back(o.case_glob);
  } else if (!is_official_name(o.scenario)) {
    sel.globs.push_back(o.scenario);  // one of ours, as --case takes it
  } else {
    if (!is_official_scenario(o.scenario, role)) {
      error = unknown_official_name(o.scenario, role);
      return false;
    }
    sel.official = true;
    const OfficialScenario* s = find_official_scenario(o.scenario, role);
    if (s == nullptr) {
      sel.skip_note = "the official scenario " + o.scenario + " is not about elicitation: no case here";
      return true;
    }
    if (s->cases.empty()) {
      sel.skip_note =
          "the official scenario " + o.scenario + " has no counterpart here: " + std::string(s->note);
      return true;
    }
    for (std::string_view id : s->cases) sel.globs.emplace_back(id);
  }
  // The official suites: "active" (its default) and "core" leave the in-progress draft out,
  // "draft" is only the draft (2026-07-28 here), "all" is everything.
  if (o.suite.empty()) return true;
  sel.official = true;
  if (o.suite == "all") return true;
  if (o.suite == "active" || o.suite == "core") {
    sel.revision_ok = [](Revision r) { return r != Revision::V2026_07_28; };
    return true;
  }
  if (o.suite == "draft") {
    sel.revision_ok = [](Revision r) { return r == Revision::V2026_07_28; };
    return true;
  }
  error = "--suite " + o.suite + ": no counterpart here (the suites that map: all, active, core, draft; " +
          "auth, metadata, extensions, backcompat, pending and sep-835 hold no elicitation scenario)";
  return false;
}

// An official scenario that runs nothing here is skipped, as the official suite skips one that
// does not apply: said on stderr and as the one SKIPPED check of checks.json; exit 0.
int skip_official_scenario(const RunCommandOptions& o, const std::string& note, std::ostream& err) {
  err << "SKIP  " << printable(o.scenario) << ": " << printable(note) << "\n";
  OfficialCheck check;
  check.id = check.name = o.scenario;
  check.description = "elicit-conform runs the official scenarios about elicitation";
  check.status = "SKIPPED";
  check.timestamp = utc_now();
  check.details.emplace_back("reason", note);
  const std::filesystem::path dir(o.report_dir);
  if (std::string error;
      !prepare_report_dir(dir, {"checks.json"}, error) ||
      !write_report_file(
          dir, "checks.json", [&](std::ostream& s) { write_official_checks(s, {check}); }, error)) {
    err << "elicit-conform: " << printable(error) << "\n";
    return kExitUsage;
  }
  return kExitOk;
}

// "server.x (2025-11-25)": a run as the terminal names it.
std::string run_label(const Case& c, Revision planned) {
  return c.id + " (" + std::string(to_string(planned)) + ")";
}

std::string signal_name(int sig) {
  switch (sig) {
    case SIGINT: return "SIGINT";
    case SIGTERM: return "SIGTERM";
    case SIGHUP: return "SIGHUP";
    default: return "signal " + std::to_string(sig);
  }
}

}  // namespace

int run_suite_command(const std::string& role, const RunCommandOptions& o, std::ostream& out,
                      std::ostream& err) {
  const Role wanted = role == "server" ? Role::Server : Role::Client;
  if (!o.url.empty()) {
    std::string error;
    if (wanted != Role::Server) {
      err << "elicit-conform: --url is for servers under test; a client is started with --command (and "
             "--transport http)\n";
      return kExitUsage;
    }
    if (!o.command.empty()) {
      err << "elicit-conform: give --command or --url, not both\n";
      return kExitUsage;
    }
    if (!parse_loopback_url(o.url, error)) {
      err << "elicit-conform: --url: " << printable(error) << "\n";
      return kExitUsage;
    }
  }
  if (o.reuse_sut && !o.url.empty()) {
    err << "elicit-conform: --reuse-sut is for a server started with --command (over --url every case has a "
           "session of its own on the one server already)\n";
    return kExitUsage;
  }
  Selection selection;
  if (std::string error; !select_cases(o, wanted, selection, error)) {
    err << "elicit-conform: " << printable(error) << "\n";
    return kExitUsage;
  }
  if (o.force)
    err << "elicit-conform: --force: accepted, nothing to force: a case runs only at the revisions it lists "
           "(at another it would not judge that revision's rules)\n";
  // An official scenario that has no case here is skipped, as the official suite skips one that
  // does not apply: said, and in checks.json, nothing started, exit 0.
  if (!selection.skip_note.empty()) return skip_official_scenario(o, selection.skip_note, err);
  // A client command written for the official suite expects our endpoint's URL as its last
  // argument, as the official suite gives it: chosen by an official name, a client is reached over
  // HTTP unless --transport says otherwise.
  const std::string transport_word =
      wanted == Role::Client && selection.official && !o.transport_given ? "http" : o.transport;
  if (transport_word != "stdio" && transport_word != "http") {
    err << "elicit-conform: --transport is stdio or http\n";
    return kExitUsage;
  }
  if (transport_word == "http" && wanted == Role::Server && o.url.empty()) {
    err << "elicit-conform: a server under test over HTTP is given with --url (the harness does not start "
           "it)\n";
    return kExitUsage;
  }
  // A server's transport follows from how it is given; a client's from --transport.
  const Transport transport = !o.url.empty() || transport_word == "http" ? Transport::Http : Transport::Stdio;
  SplitResult words = o.url.empty() ? split_command(o.command) : SplitResult{};
  if (!words.ok()) {
    err << "elicit-conform: --command: " << printable(*words.error) << " (at character " << words.error_offset
        << ")\n";
    return kExitUsage;
  }
  std::optional<Revision> only;
  if (!o.revision.empty() && !(only = parse_revision(o.revision))) {
    err << "elicit-conform: unknown --revision \"" << printable(o.revision) << "\"\n";
    return kExitUsage;
  }
  std::set<std::string> formats;
  for (std::size_t start = 0; start <= o.formats.size();) {
    const std::size_t comma = std::min(o.formats.find(',', start), o.formats.size());
    const std::string f = o.formats.substr(start, comma - start);
    if (f != "json" && f != "junit" && f != "md" && f != "html") {
      err << "elicit-conform: --format: unknown \"" << printable(f) << "\"; known: json, junit, md, html\n";
      return kExitUsage;
    }
    formats.insert(f);
    start = comma + 1;
  }
  bool ok = true;
  std::vector<Case> cases;
  if (o.observe_tool.empty()) {
    cases = load_corpus(o.cases_dir, err, ok);
    if (!ok) return kExitUsage;
  } else {
    std::vector<std::string> catalog_errors;
    const Catalog catalog =
        Catalog::load((std::filesystem::path(o.cases_dir) / "requirements").string(), catalog_errors);
    std::string error;
    cases =
        observe_tool_cases(o.observe_tool, o.tool_args, only ? *only : default_revision(), &catalog, error);
    if (cases.empty()) {
      err << "elicit-conform: " << printable(error) << "\n";
      return kExitUsage;
    }
  }
  // The report folder is checked before a case runs: a run of an hour must not end in "cannot write".
  std::vector<std::string> report_names;
  for (const auto& [format, name] : kReportFiles) {
    if (formats.contains(format)) report_names.push_back(name);
  }
  // Asked in the official suite's words: its checks.json too (report/official_checks.h).
  if (selection.official) report_names.emplace_back("checks.json");
  const std::filesystem::path dir(o.report_dir);
  if (std::string error; !prepare_report_dir(dir, report_names, error)) {
    err << "elicit-conform: " << printable(error) << "\n";
    return kExitUsage;
  }
  std::optional<Baseline> baseline = Baseline{};
  if (!o.expected_failures.empty()) {
    BaselineError error;
    baseline = load_baseline(o.expected_failures, error);
    if (!baseline) {
      err << "elicit-conform: " << printable(error.message) << "\n";
      return kExitUsage;
    }
  }
  // A file written for the official suite: its scenario names become our case ids; what does not
  // map is said now and in the reports, and left out of the judgement.
  std::vector<std::string> baseline_notes;
  resolve_official_names(*baseline, baseline_notes);
  // One expected-failures file serves all the runs of a SUT: its corpus runs and its --observe-tool
  // runs of each tool (server.observe.<tool>.valid / .advisable). An entry for another kind of run
  // than this one is not applied, and said so, rather than an unknown entry that fails the run.
  {
    const std::string observed = "server.observe.";
    // The observation's case ids spell the tool as a case id may (server.observe.<tool>.valid).
    const std::string mine =
        o.observe_tool.empty() ? observed : cases.front().id.substr(0, cases.front().id.rfind('.') + 1);
    std::erase_if(baseline->entries, [&](const BaselineEntry& e) {
      const bool observation = e.case_id.starts_with(observed);
      const bool applies = o.observe_tool.empty() ? !observation : e.case_id.starts_with(mine);
      if (!applies)
        baseline_notes.push_back(
            baseline->file + ":" + std::to_string(e.line) + ": " + e.case_id + ": " +
            (o.observe_tool.empty() ? "an --observe-tool run's entry (this run is the corpus)"
             : observation          ? "another tool's observation (this run observes " + o.observe_tool + ")"
                                    : "a corpus case (this run observes " + o.observe_tool + ")"));
      return !applies;
    });
  }
  for (const std::string& s : baseline_notes)
    err << "expected-failures entry not applied: " << printable(s) << "\n";
  // An entry that names nothing would baseline nothing, silently: said now, before any SUT starts,
  // not after a run of an hour.
  const KnownIds known = known_ids(cases, *baseline);
  if (const std::vector<std::string> unknown = unknown_entries(*baseline, known); !unknown.empty()) {
    for (const std::string& s : unknown)
      err << "elicit-conform: unknown expected-failures entry: " << printable(s) << "\n";
    err << "elicit-conform: the expected-failures file names " << unknown.size() << " "
        << (unknown.size() == 1 ? "entry" : "entries") << " the corpus (" << printable(o.cases_dir)
        << ") does not have (`elicit-conform list --checks` prints every case-id:check-id); no case was "
           "run\n";
    return kExitUsage;
  }

  // An interrupt ends the running cases and the run, which then cleans up and reports what
  // finished (interrupt.h); every SUT's processes are ended, also those that escaped (child_process.h).
  install_interrupt_reporting();
  enable_orphan_reaping(/*end_untagged_orphans=*/true);
  RunOptions run_options;
  run_options.command = words.words;
  run_options.url = o.url;
  run_options.transport = transport;
  run_options.expect_timeout = std::chrono::milliseconds(o.timeout_ms);
  run_options.startup_timeout = std::chrono::milliseconds(o.startup_timeout_ms);
  run_options.only_revision = only;
  run_options.case_timeout = std::chrono::milliseconds(std::max(20000, o.timeout_ms * 4));
  // --reuse-sut: idle sessions kept between cases; ended before the orphans are, below.
  std::optional<SutPool> pool;
  if (o.reuse_sut) run_options.sut_pool = &pool.emplace();
  std::error_code self_error;
  run_options.relay_program = std::filesystem::read_symlink("/proc/self/exe", self_error).string();

  RunSummary summary;
  summary.provenance.started_at = utc_now();
  summary.provenance.tool_version = tool_version();
  summary.provenance.tool_commit = tool_commit();
  summary.provenance.tool_dirty = tool_dirty();
  summary.provenance.transport = std::string(to_string(transport));
  summary.provenance.url = o.url;
  summary.role = role;
  summary.command = o.url.empty() ? o.command : o.url;
  summary.strict = o.strict;
  std::vector<std::pair<const Case*, Revision>> plan;
  for (const Case& c : cases) {
    if (c.role != wanted) continue;
    if (std::none_of(selection.globs.begin(), selection.globs.end(),
                     [&](const std::string& g) { return fnmatch(g.c_str(), c.id.c_str(), 0) == 0; }))
      continue;
    // A case about one transport runs only over it; most apply to both.
    if (std::find(c.transports.begin(), c.transports.end(), transport) == c.transports.end()) continue;
    for (Revision r : c.revisions) {
      if ((!only || *only == r) && selection.revision_ok(r)) plan.emplace_back(&c, r);
    }
  }
  // An official scenario whose cases run at none of the revisions asked (its --spec-version, its
  // --suite) or not over this transport: SKIP, as the official suite skips a scenario at a
  // --spec-version it does not apply to.
  if (plan.empty() && !o.scenario.empty() && is_official_name(o.scenario))
    return skip_official_scenario(
        o,
        "no case of the official scenario " + o.scenario + " runs" +
            (only ? " at " + std::string(to_string(*only)) : std::string()) +
            (o.suite.empty() ? "" : " in --suite " + o.suite) + " over " + std::string(to_string(transport)) +
            (o.force ? " (--force cannot change that: a case runs only at the revisions it lists)" : ""),
        err);
  if (plan.empty()) {
    std::string globs;
    for (const std::string& g : selection.globs) globs += (globs.empty() ? "" : ", ") + g;
    err << "elicit-conform: no " << role << " case matches \"" << printable(globs) << "\""
        << (o.suite.empty() ? "" : " in --suite " + printable(o.suite))
        << (only ? " in revision " + std::string(to_string(*only)) : std::string()) << " over "
        << to_string(transport) << "\n";
    // One id, mistyped: the id likely meant.
    if (selection.globs.size() == 1 && selection.globs[0].find_first_of("*?[") == std::string::npos) {
      std::vector<std::string> ids;
      for (const Case& c : cases) {
        if (c.role == wanted) ids.push_back(c.id);
      }
      if (const std::optional<std::string> near = closest_name(selection.globs[0], ids))
        err << "elicit-conform: did you mean " << printable(*near) << "?\n";
    }
    return kExitUsage;
  }
  // Cases run on `jobs` threads, each with its own SUT process; results keep the plan's order.
  const bool tty = ::isatty(2) != 0;
  std::vector<std::optional<CaseResult>> slots(plan.size());
  std::atomic<std::size_t> next{0};
  std::mutex progress;
  std::size_t done = 0;
  std::map<std::string, std::string> start_failures;  // start_failure_cause() -> the run that said it
  // A SUT that never comes up would cost the startup timeout on every run: once two runs found it
  // unavailable and none found it up, the rest are ERROR without starting it again.
  std::atomic<int> came_up{0}, never_came_up{0};
  // Revisions the SUT declined as a whole (SKIP-REVISION): their later cases are SKIP unstarted.
  std::mutex declined_mutex;
  std::map<Revision, std::string> declined;
  const auto declined_reason = [&](Revision r) -> std::optional<std::string> {
    std::lock_guard lock(declined_mutex);
    const auto it = declined.find(r);
    return it == declined.end() ? std::nullopt : std::optional<std::string>(it->second);
  };
  // --reuse-sut over stdio: the servers of the next cases are started while this one runs, unless
  // a case will likely join a kept session (its key has one).
  const bool start_ahead = pool && wanted == Role::Server && o.url.empty();
  const auto worker = [&] {
    for (std::size_t i = next++; i < plan.size() && interrupt_signal() == 0; i = next++) {
      const auto& [c, revision] = plan[i];
      RunOptions options = run_options;
      options.plan_index = i;
      for (std::size_t k = i + 1; start_ahead && k <= i + SutPool::kMaxAhead && k < plan.size(); ++k) {
        const auto& [later, later_revision] = plan[k];
        if (later->role != Role::Server || declined_reason(later_revision)) continue;
        const std::string key = server_session_key(*later, later_revision, run_options);
        if (key.empty() || !pool->has_kept(key))
          pool->start_ahead(k, server_child_options(*later, later_revision, run_options));
      }
      RunRecord record;
      if (came_up == 0 && never_came_up >= 2) {
        record.case_id = c->id;
        record.revision = record.planned = revision;  // not run: it ran at no other revision either
        record.transport = transport;
        record.sut_unavailable = std::string(kNotRunReason);
        if (pool) pool->take_started(i);
      } else if (std::optional<std::string> why = declined_reason(revision)) {
        record.case_id = c->id;
        record.revision = record.planned = revision;
        record.transport = transport;
        record.skipped = "not started: " + *why;
        record.transcript.push_back({0, "note", *record.skipped});
        if (pool) pool->take_started(i);  // a process started ahead for it ends here
      } else {
        record = run_case(*c, revision, options);
        // A case the interrupt cut short has no verdict: only finished cases are reported.
        if (interrupt_signal() != 0) break;
        // A SUT that said SKIP (exit 77 with its reason, before initialize) did come up far enough
        // to say so: it is no reason to stop starting it. Only a SUT that never came up and said
        // nothing counts towards the runs that are then not started.
        ++(record.sut_unavailable && !record.skipped ? never_came_up : came_up);
        if (record.revision_declined && record.skipped) {
          std::lock_guard lock(declined_mutex);
          declined.emplace(record.planned, *record.skipped + " (said when started for " + c->id + ")");
        }
      }
      CaseResult result = judge_record(*c, std::move(record));
      std::lock_guard lock(progress);
      ++done;
      err << (tty ? "\r\033[K" : "") << "[" << done << "/" << plan.size() << "] " << to_string(result.verdict)
          << (result.untestable ? " (not testable)" : "") << "  " << c->id << " ("
          << to_string(result.record.revision)
          << (result.record.revision != revision ? ", asked " + std::string(to_string(revision))
                                                 : std::string())
          << ")";
      // A SUT that cannot start: its reason and the end of its stderr once, on the first run it
      // stopped; a later run stopped the same way names that run (a different cause is said in full).
      const std::string start_failure = start_failure_cause(result);
      const auto first = start_failure.empty() ? start_failures.end() : start_failures.find(start_failure);
      if (first != start_failures.end()) {
        err << ": same start failure as " << first->second;
      } else if (!start_failure.empty()) {
        start_failures.emplace(start_failure, run_label(*c, revision));
        err << ": " << printable(result.reason)
            << (result.record.sut_exit.empty() ? "" : "; the SUT " + printable(result.record.sut_exit));
        const std::vector<std::string> tail = stderr_tail(result.record.sut_stderr);
        err << (tail.empty() ? "; it wrote nothing on stderr" : "; the end of its stderr:");
        for (const std::string& line : tail) err << "\n    | " << printable(line);
      } else if (result.verdict != Verdict::Pass && (o.verbose || !tty)) {
        err << ": " << printable(result.reason);
      }
      err << (tty && result.verdict == Verdict::Pass && done < plan.size() ? "" : "\n");
      slots[i] = std::move(result);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 1; t < std::min<int>(o.jobs, static_cast<int>(plan.size())); ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();
  if (pool) {
    summary.provenance.reuse_sut = true;
    summary.provenance.joined_sessions = pool->reused();
    err << (tty ? "\r\033[K" : "") << "--reuse-sut: " << pool->reused() << " of " << plan.size()
        << " runs joined a session an earlier case left idle\n";
    pool.reset();
  }
  // Nothing a SUT started outlives the run, not even an orphan whose origin cannot be told.
  end_orphans();
  for (auto& slot : slots) {
    if (slot) summary.results.push_back(std::move(*slot));
  }
  // The wire judged whole: one row per revision from the JSON-RPC findings of every run.
  std::deque<Case> wire_cases;  // the rows' Case objects, alive as long as summary
  for (CaseResult& row : wire_verdicts(summary.results, wanted, wire_cases))
    summary.results.push_back(std::move(row));
  // One answer per version asked: a version spoken in one session and declined in another.
  if (wanted == Role::Server) {
    for (CaseResult& row : version_verdicts(summary.results, wire_cases))
      summary.results.push_back(std::move(row));
  }
  const int interrupted = interrupt_signal();
  summary.interrupted = interrupted != 0;
  if (interrupted != 0) {
    err << (tty ? "\r\033[K" : "") << "elicit-conform: interrupted by " << signal_name(interrupted) << ": "
        << summary.results.size() << " of " << plan.size() << " runs finished and are reported\n";
  }

  std::vector<std::string> catalog_errors;
  const Catalog catalog =
      Catalog::load((std::filesystem::path(o.cases_dir) / "requirements").string(), catalog_errors);
  for (const std::string& e : catalog_errors)
    err << "elicit-conform: requirement catalog: " << printable(e) << "\n";
  {
    std::vector<CaseOutcomeInRun> outcomes_in_run;
    for (const CaseResult& r : summary.results) {
      std::map<std::string, Verdict> rule_verdicts;
      for (const Diagnostic& d : r.c->built_in ? r.record.sut_findings : Diagnostics{}) {
        const Verdict v = d.level == Level::Must ? Verdict::Fail : Verdict::Warn;
        const auto [it, added] = rule_verdicts.emplace(d.requirement, v);
        if (!added) it->second = worse(it->second, v);
      }
      // A broken rule the case does not cite (a JSON-RPC rule judged along the way) leaves the
      // case's verdict on every rule it cites: the table has no line of the case for it.
      const auto& cited = r.c->requirements;
      const bool cites = std::find(cited.begin(), cited.end(), r.broken_requirement) != cited.end();
      outcomes_in_run.push_back({r.c->id, r.record.revision, r.verdict, std::move(rule_verdicts),
                                 r.c->built_in || !cites ? std::string() : r.broken_requirement});
    }
    summary.coverage = requirement_coverage(catalog, cases, wanted, outcomes_in_run);
    summary.catalog = &catalog;
  }
  // Judged before the reports are written: junit.xml shows an expected failure as skipped, and a
  // run that fails as a whole (a stale entry, nothing tested) as one failing test case.
  std::vector<CaseOutcome> outcomes;
  for (const CaseResult& r : summary.results) {
    CaseOutcome outcome{r.c->id, wanted, r.verdict, {}};
    if (r.record.failure) outcome.failed_checks.insert(r.record.failure->check);
    outcomes.push_back(std::move(outcome));
  }
  const Judgement j = judge(*baseline, outcomes, known, o.strict);
  for (std::size_t i = 0; i < summary.results.size() && i < j.expected_by_outcome.size(); ++i)
    summary.results[i].expected_failure = j.expected_by_outcome[i];
  for (const std::string& s : j.stale) summary.baseline_problems.push_back("stale baseline entry: " + s);
  for (const std::string& s : j.unknown) summary.baseline_problems.push_back("unknown baseline entry: " + s);
  summary.baseline_notes = baseline_notes;
  summary.run_failures = summary.baseline_problems;
  // The exit status and why: returned below, and said by report.html's banner.
  summary.outcome = run_outcome(j, summary.results, o.strict, interrupted != 0);
  const bool nothing_tested = summary.outcome->nothing_tested;
  if (nothing_tested)
    summary.run_failures.push_back(
        "no run tested its rule (every run was skipped or not testable): not a pass");
  summary.provenance.finished_at = utc_now();

  bool written = true;
  const auto write_format = [&](const std::string& format, std::ostream& s) {
    if (format == "json") {
      write_results_json(s, summary);
    } else if (format == "junit") {
      write_junit(s, summary);
    } else if (format == "html") {
      write_html(s, summary);
    } else {
      write_markdown(s, summary);
    }
  };
  for (const auto& [format, name] : kReportFiles) {
    if (!formats.contains(format)) continue;
    const std::string f = format;
    if (std::string error; !write_report_file(
            dir, name, [&](std::ostream& s) { write_format(f, s); }, error)) {
      err << "elicit-conform: " << printable(error) << "\n";
      written = false;
    }
  }
  if (std::string error;
      selection.official &&
      !write_report_file(
          dir, "checks.json", [&](std::ostream& s) { write_official_checks(s, official_checks(summary)); },
          error)) {
    err << "elicit-conform: " << printable(error) << "\n";
    written = false;
  }

  for (const std::string& s : j.unexpected) err << "unexpected failure: " << printable(s) << "\n";
  for (const std::string& s : j.stale) err << "stale baseline entry: " << printable(s) << "\n";
  for (const std::string& s : j.unknown) err << "unknown baseline entry: " << printable(s) << "\n";
  // The ERRORs no entry expects, one line per cause: a SUT that cannot start makes every run an
  // ERROR, and 118 lines of the same cause hide the one that differs.
  {
    std::vector<std::pair<std::string, std::vector<const CaseResult*>>> causes;
    for (const CaseResult& r : summary.results) {
      if (r.verdict != Verdict::Error || !r.expected_failure.empty()) continue;
      const std::string key = start_failure_cause(r);
      const std::string cause = key.empty() ? r.reason : key;
      const auto it =
          std::find_if(causes.begin(), causes.end(), [&](const auto& c) { return c.first == cause; });
      (it == causes.end() ? causes.emplace_back(cause, std::vector<const CaseResult*>{}) : *it)
          .second.push_back(&r);
    }
    for (const auto& [cause, runs] : causes) {
      std::string which;
      for (std::size_t k = 0; k < runs.size() && k < 3; ++k)
        which += (k == 0 ? "" : ", ") + run_label(*runs[k]->c, runs[k]->record.planned);
      if (runs.size() > 3) which += " and " + std::to_string(runs.size() - 3) + " more";
      err << "harness error: "
          << (runs.size() == 1 ? std::string("1 run") : std::to_string(runs.size()) + " runs") << " ERROR ("
          << printable(which) << "): " << printable(runs.front()->reason) << "\n";
    }
  }
  std::map<Verdict, int> counts;
  for (const CaseResult& r : summary.results) ++counts[r.verdict];
  const std::size_t untestable = untestable_count(summary.results);
  out << "report: " << dir.string() << " (" << summary.results.size() << " runs"
      << (interrupted != 0 ? " before the interrupt" : "") << ", " << tested_count(summary.results)
      << " tested their rule: " << counts[Verdict::Pass] << " PASS, "
      << counts[Verdict::Fail] - static_cast<int>(untestable) << " FAIL, " << untestable
      << " FAIL not testable, " << counts[Verdict::Warn] << " WARN, " << counts[Verdict::Note] << " NOTE, "
      << counts[Verdict::Skip] << " SKIP, " << counts[Verdict::Error] << " ERROR)\n";
  {
    // The first run that found the SUT unavailable (with -j a run left unstarted may come earlier
    // in the plan). A SUT that exited 77 said why (SKIP): that is no SUT that failed to come up.
    const auto stopped = [](const CaseResult& r) { return !start_failure_cause(r).empty(); };
    auto r = std::find_if(summary.results.begin(), summary.results.end(), stopped);
    if (r == summary.results.end())
      r = std::find_if(summary.results.begin(), summary.results.end(),
                       [](const CaseResult& x) { return x.record.sut_unavailable && !x.record.skipped; });
    if (r != summary.results.end())
      err << "elicit-conform: the SUT did not come up (" << run_label(*r->c, r->record.planned)
          << "): " << printable(*r->record.sut_unavailable)
          << (stopped(*r) ? " (how it ended and its stderr: with that run above)" : "") << "\n";
  }
  if (!written) return kExitHarness;
  // Nothing tested at all is never a green run, whatever the baseline says.
  if (nothing_tested && interrupted == 0)
    err << "elicit-conform: no run tested its rule (every run was skipped or not testable): not a pass\n";
  return summary.outcome->exit_code;
}

int run_list_command(const std::string& cases_dir, const std::string& revision, const std::string& role,
                     bool coverage, bool checks, std::ostream& out, std::ostream& err) {
  std::optional<Revision> only;
  if (!revision.empty() && !(only = parse_revision(revision))) {
    err << "elicit-conform: unknown --revision \"" << printable(revision) << "\"\n";
    return kExitUsage;
  }
  if (!role.empty() && role != "client" && role != "server") {
    err << "elicit-conform: --role is client or server\n";
    return kExitUsage;
  }
  bool ok = true;
  const std::vector<Case> cases = load_corpus(cases_dir, err, ok);
  if (!ok) return kExitUsage;
  if (coverage) {
    std::vector<std::string> errors;
    const Catalog catalog =
        Catalog::load((std::filesystem::path(cases_dir) / "requirements").string(), errors);
    for (const std::string& e : errors) err << "elicit-conform: " << printable(e) << "\n";
    for (const Coverage& c : compute_coverage(catalog, cases)) {
      if (only && *only != c.revision) continue;
      for (const CoverageLine& line : c.lines) {
        const CatalogEntry& e = *line.entry;
        if (!role.empty() && e.binds != role && e.binds != "both") continue;
        std::string what;
        for (const std::string& id : line.cases) what += (what.empty() ? "" : ", ") + id;
        const char* status = !line.cases.empty()   ? "covered "
                             : !e.excluded.empty() ? "excluded"
                                                   : "UNCOVERED";
        if (line.cases.empty() && !e.excluded.empty()) what = e.excluded;
        out << status << "  " << e.id << " [" << e.level << ", " << e.binds << "]"
            << (what.empty() ? "" : ": " + what) << "\n";
      }
      out << to_string(c.revision) << ": " << c.lines.size() << " requirements: " << c.covered << " covered, "
          << c.excluded << " excluded with a reason, " << c.uncovered << " uncovered\n";
    }
    return kExitOk;
  }
  for (const Case& c : cases) {
    if (!role.empty() && to_string(c.role) != role) continue;
    if (only && std::find(c.revisions.begin(), c.revisions.end(), *only) == c.revisions.end()) continue;
    if (checks) {
      for (const std::string& id : case_checks(c)) out << c.id << ":" << id << "\n";
      continue;
    }
    std::string revisions;
    for (Revision r : c.revisions) revisions += (revisions.empty() ? "" : ",") + std::string(to_string(r));
    out << c.id << "  [" << (c.robustness ? "robustness" : to_string(c.level)) << "] " << revisions << "  "
        << c.title << "\n";
  }
  return kExitOk;
}

int run_reference_command(const ReferenceCommandOptions& o, std::ostream& out, std::ostream& err) {
  const std::string& role = o.role;
  const std::string& listen = o.listen;
  if (o.list_faults) {
    for (const Fault& f : faults()) {
      out << f.name << "  (" << f.role << ", breaks " << f.requirement << "): " << f.effect << "\n";
    }
    return kExitOk;
  }
  if (role != "server" && role != "client") {
    err << "elicit-conform: reference " << printable(role) << ": the role is server or client\n";
    return kExitUsage;
  }
  FaultId fault = FaultId::None;
  if (!o.fault.empty()) {
    const Fault* f = find_fault(o.fault);
    if (f == nullptr || f->role != role) {
      err << "elicit-conform: unknown fault \"" << printable(o.fault) << "\" for the reference " << role
          << "; see --list-faults\n";
      return kExitUsage;
    }
    fault = f->id;
  }
  if (!listen.empty() && role != "server") {
    err << "elicit-conform: --listen is for the reference server; the reference client takes a URL as its "
           "argument\n";
    return kExitUsage;
  }
  if (o.prime_sse && (role != "server" || listen.empty())) {
    err << "elicit-conform: --prime-sse is for the reference server over Streamable HTTP (--listen)\n";
    return kExitUsage;
  }
  if (!o.probe.empty() && (role != "client" || (o.probe != "discover" && o.probe != "respawn"))) {
    err << "elicit-conform: --probe is for the reference client: discover or respawn\n";
    return kExitUsage;
  }
  std::vector<std::string> versions;
  for (std::size_t start = 0; !o.versions.empty() && start <= o.versions.size();) {
    const std::size_t comma = std::min(o.versions.find(',', start), o.versions.size());
    const std::string v = o.versions.substr(start, comma - start);
    if (v.empty()) {
      err << "elicit-conform: --versions is a comma-separated list of protocol versions, latest first\n";
      return kExitUsage;
    }
    versions.push_back(v);
    start = comma + 1;
  }
  if (role == "client") {
    if (o.server_command.empty()) {
      err << "elicit-conform: reference client needs the command of its stdio server as arguments\n";
      return kExitUsage;
    }
    ReferenceClientOptions client;
    client.fault = fault;
    client.probe = o.probe;
    if (!o.modes.empty() && o.modes != "form" && o.modes != "url") {
      err << "elicit-conform: --modes is form or url (a client with that mode only)\n";
      return kExitUsage;
    }
    client.modes = o.modes;
    if (!versions.empty()) client.versions = versions;
    return run_reference_client(o.server_command, client);
  }
  ReferenceServerOptions server;
  server.fault = fault;
  server.prime_sse = o.prime_sse;
  if (!versions.empty()) server.versions = versions;
  if (!listen.empty()) {
    // Loopback only: "127.0.0.1:PORT", PORT 0 for an ephemeral one.
    const std::string prefix = "127.0.0.1:";
    const std::string port = listen.starts_with(prefix) ? listen.substr(prefix.size()) : "";
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(port) > 65535) {
      err << "elicit-conform: --listen takes 127.0.0.1:PORT (PORT 0: any free port)\n";
      return kExitUsage;
    }
    return run_reference_server_http(std::stoi(port), server);
  }
  return run_reference_server(0, 1, server);
}

}  // namespace ec

namespace ec {

int run_list_official_sides(const std::string& cases_dir, bool server, bool client,
                            const std::string& revision, std::ostream& out, std::ostream& err) {
  std::optional<Revision> only;
  if (!revision.empty() && !(only = parse_revision(revision))) {
    err << "elicit-conform: unknown --revision \"" << printable(revision) << "\"\n";
    return kExitUsage;
  }
  bool ok = true;
  const std::vector<Case> cases = load_corpus(cases_dir, err, ok);
  if (!ok) return kExitUsage;
  bool first = true;
  for (const auto& [role, heading] : {std::pair{Role::Server, "Server scenarios (test against a server):"},
                                      std::pair{Role::Client, "Client scenarios (test against a client):"}}) {
    if (!(role == Role::Server ? server : client)) continue;
    out << (first ? "" : "\n") << heading << "\n";
    first = false;
    for (const OfficialScenario& s : official_scenarios()) {
      if (s.role != role) continue;
      std::set<Revision> revisions;
      for (const Case& c : cases) {
        if (std::find(s.cases.begin(), s.cases.end(), c.id) == s.cases.end()) continue;
        for (Revision r : c.revisions) {
          if (!only || *only == r) revisions.insert(r);
        }
      }
      if (revisions.empty()) continue;  // no case here (at that revision)
      std::string list;
      for (Revision r : revisions) list += (list.empty() ? "" : ",") + std::string(to_string(r));
      out << "  - " << s.name << " [" << list << "]\n";
    }
  }
  return kExitOk;
}

int run_list_official(std::ostream& out) {
  for (const OfficialScenario& s : official_scenarios()) {
    std::string cases;
    for (std::string_view id : s.cases) cases += (cases.empty() ? "" : ", ") + std::string(id);
    out << to_string(s.role) << "  " << s.name << "  -> " << (cases.empty() ? "(none)" : cases) << "  ("
        << s.note << ")\n";
  }
  return 0;
}

}  // namespace ec
