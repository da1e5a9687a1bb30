#include "run/plan.h"

#include <fnmatch.h>

#include <algorithm>
#include <ostream>

#include "cases/catalog.h"
#include "cases/observe_tool.h"
#include "cases/official_suite.h"
#include "core/suggest.h"
#include "report/escape.h"
#include "report/version_verdicts.h"
#include "report/wire_verdicts.h"
#include "run/report.h"
#include "run/report_files.h"
#include "transport/loopback_url.h"
#include "transport/word_split.h"

namespace ec {
namespace {

// The checks of the lifecycle the harness runs around every case (a failure there is not testable).
const std::vector<std::string> kLifecycleChecks = {"lifecycle.tools-list", "lifecycle.tools",
                                                   "lifecycle.capability", "lifecycle.initialized",
                                                   "lifecycle.tool-call",  "lifecycle.protocol-version"};

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

// --requirements REV: the official scenarios its requirement set lists, at REV alone.
bool select_requirement_set(const RunRequest& o, Role role, Selection& sel, std::string& error) {
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

// --server with --url, --reuse-sut without a process of its own: said before anything else.
std::optional<int> check_sut(Role wanted, const RunRequest& o, std::ostream& err) {
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
      err << "elicit-conform: --url: " << terminal_text(error) << "\n";
      return kExitUsage;
    }
  }
  if (o.reuse_sut && !o.url.empty()) {
    err << "elicit-conform: --reuse-sut is for a server started with --command (over --url every case has a "
           "session of its own on the one server already)\n";
    return kExitUsage;
  }
  return std::nullopt;
}

// The transport, the command's words, --revision and --format.
std::optional<int> resolve_sut(const RunRequest& o, RunSetup& s, std::ostream& err) {
  // A client command written for the official suite expects our endpoint's URL as its last
  // argument, as the official suite gives it: chosen by an official name, a client is reached over
  // HTTP unless --transport says otherwise.
  const std::string transport_word =
      s.role == Role::Client && s.selection.official && !o.transport_given ? "http" : o.transport;
  if (transport_word != "stdio" && transport_word != "http") {
    err << "elicit-conform: --transport is stdio or http\n";
    return kExitUsage;
  }
  if (transport_word == "http" && s.role == Role::Server && o.url.empty()) {
    err << "elicit-conform: a server under test over HTTP is given with --url (the harness does not start "
           "it)\n";
    return kExitUsage;
  }
  // A server's transport follows from how it is given; a client's from --transport.
  s.transport = !o.url.empty() || transport_word == "http" ? Transport::Http : Transport::Stdio;
  SplitResult words = o.url.empty() ? split_command(o.command) : SplitResult{};
  if (!words.ok()) {
    err << "elicit-conform: --command: " << terminal_text(*words.error) << " (at character "
        << words.error_offset << ")\n";
    return kExitUsage;
  }
  s.command = std::move(words.words);
  if (!o.revision.empty() && !(s.only = parse_revision(o.revision))) {
    err << "elicit-conform: unknown --revision \"" << terminal_text(o.revision) << "\"\n";
    return kExitUsage;
  }
  for (std::size_t start = 0; start <= o.formats.size();) {
    const std::size_t comma = std::min(o.formats.find(',', start), o.formats.size());
    const std::string f = o.formats.substr(start, comma - start);
    if (f != "json" && f != "junit" && f != "md" && f != "html") {
      err << "elicit-conform: --format: unknown \"" << terminal_text(f)
          << "\"; known: json, junit, md, html\n";
      return kExitUsage;
    }
    s.formats.insert(f);
    start = comma + 1;
  }
  return std::nullopt;
}

// The corpus, or the cases --observe-tool builds; then the report folder, checked before a case
// runs: a run of an hour must not end in "cannot write".
std::optional<int> load_run_cases(const RunRequest& o, RunSetup& s, std::ostream& err) {
  if (o.observe_tool.empty()) {
    bool ok = true;
    s.cases = load_corpus(o.cases_dir, err, ok);
    if (!ok) return kExitUsage;
  } else {
    std::vector<std::string> catalog_errors;
    const Catalog catalog =
        Catalog::load((std::filesystem::path(o.cases_dir) / "requirements").string(), catalog_errors);
    std::string error;
    s.cases = observe_tool_cases(o.observe_tool, o.tool_args, s.only ? *s.only : default_revision(), &catalog,
                                 error);
    if (s.cases.empty()) {
      err << "elicit-conform: " << terminal_text(error) << "\n";
      return kExitUsage;
    }
  }
  s.report_dir = o.report_dir;
  if (std::string error; !prepare_report_dir(s.report_dir, report_file_names(s), error)) {
    err << "elicit-conform: " << terminal_text(error) << "\n";
    return kExitUsage;
  }
  return std::nullopt;
}

// One expected-failures file serves all the runs of a SUT: its corpus runs and its --observe-tool
// runs of each tool (server.observe.<tool>.valid / .advisable). An entry for another kind of run
// than this one is not applied, and said so, rather than an unknown entry that fails the run.
void set_aside_other_runs(const RunRequest& o, RunSetup& s) {
  const std::string observed = "server.observe.";
  // The observation's case ids spell the tool as a case id may (server.observe.<tool>.valid).
  const std::string mine =
      o.observe_tool.empty() ? observed : s.cases.front().id.substr(0, s.cases.front().id.rfind('.') + 1);
  std::erase_if(s.baseline.entries, [&](const BaselineEntry& e) {
    const bool observation = e.case_id.starts_with(observed);
    const bool applies = o.observe_tool.empty() ? !observation : e.case_id.starts_with(mine);
    if (!applies)
      s.baseline_notes.push_back(
          s.baseline.file + ":" + std::to_string(e.line) + ": " + e.case_id + ": " +
          (o.observe_tool.empty() ? "an --observe-tool run's entry (this run is the corpus)"
           : observation          ? "another tool's observation (this run observes " + o.observe_tool + ")"
                                  : "a corpus case (this run observes " + o.observe_tool + ")"));
    return !applies;
  });
}

// The expected-failures file, its official names resolved and the entries for other runs set
// aside; an entry that names nothing stops the run now.
std::optional<int> load_run_baseline(const RunRequest& o, RunSetup& s, std::ostream& err) {
  if (!o.expected_failures.empty()) {
    BaselineError error;
    std::optional<Baseline> baseline = load_baseline(o.expected_failures, error);
    if (!baseline) {
      err << "elicit-conform: " << terminal_text(error.message) << "\n";
      return kExitUsage;
    }
    s.baseline = std::move(*baseline);
  }
  // A file written for the official suite: its scenario names become our case ids; what does not
  // map is said now and in the reports, and left out of the judgement.
  resolve_official_names(s.baseline, s.baseline_notes);
  set_aside_other_runs(o, s);
  for (const std::string& note : s.baseline_notes)
    err << "expected-failures entry not applied: " << terminal_text(note) << "\n";
  // An entry that names nothing would baseline nothing, silently: said now, before any SUT starts,
  // not after a run of an hour.
  s.known = known_ids(s.cases, s.baseline);
  if (const std::vector<std::string> unknown = unknown_entries(s.baseline, s.known); !unknown.empty()) {
    for (const std::string& u : unknown)
      err << "elicit-conform: unknown expected-failures entry: " << terminal_text(u) << "\n";
    err << "elicit-conform: the expected-failures file names " << unknown.size() << " "
        << (unknown.size() == 1 ? "entry" : "entries") << " the corpus (" << terminal_text(o.cases_dir)
        << ") does not have (`elicit-conform list --checks` prints every case-id:check-id); no case was "
           "run\n";
    return kExitUsage;
  }
  return std::nullopt;
}

}  // namespace

std::vector<Case> load_corpus(const std::string& dir, std::ostream& err, bool& ok) {
  std::vector<CaseLoadError> errors;
  std::vector<Case> cases = load_cases(dir, errors);
  for (const CaseLoadError& e : errors)
    err << "elicit-conform: case file error: " << terminal_text(e.display()) << "\n";
  ok = errors.empty() && !cases.empty();
  if (cases.empty() && errors.empty()) err << "elicit-conform: no case files under " << dir << "\n";
  return cases;
}

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

bool select_cases(const RunRequest& o, Role role, Selection& sel, std::string& error) {
  if (!o.scenario.empty() && o.case_glob != "*") {
    error = "give --case or --scenario, not both";
    return false;
  }
  if (!o.requirements.empty()) return select_requirement_set(o, role, sel, error);
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

std::vector<PlannedRun> plan_runs(const std::vector<Case>& cases, Role role, const Selection& selection,
                                  Transport transport, std::optional<Revision> only) {
  std::vector<PlannedRun> plan;
  for (const Case& c : cases) {
    if (c.role != role) continue;
    if (std::none_of(selection.globs.begin(), selection.globs.end(),
                     [&](const std::string& g) { return fnmatch(g.c_str(), c.id.c_str(), 0) == 0; }))
      continue;
    // A case about one transport runs only over it; most apply to both.
    if (std::find(c.transports.begin(), c.transports.end(), transport) == c.transports.end()) continue;
    for (Revision r : c.revisions) {
      if ((!only || *only == r) && selection.revision_ok(r)) plan.push_back({&c, r});
    }
  }
  return plan;
}

std::string run_label(const Case& c, Revision planned) {
  return c.id + " (" + std::string(to_string(planned)) + ")";
}

std::optional<int> prepare_run(const std::string& role, const RunRequest& o, RunSetup& s, std::ostream& err) {
  s.role_word = role;
  s.role = role == "server" ? Role::Server : Role::Client;
  if (std::optional<int> stop = check_sut(s.role, o, err)) return stop;
  if (std::string error; !select_cases(o, s.role, s.selection, error)) {
    err << "elicit-conform: " << terminal_text(error) << "\n";
    return kExitUsage;
  }
  if (o.force)
    err << "elicit-conform: --force: accepted, nothing to force: a case runs only at the revisions it lists "
           "(at another it would not judge that revision's rules)\n";
  // An official scenario that has no case here is skipped, as the official suite skips one that
  // does not apply: said, and in checks.json, nothing started, exit 0.
  if (!s.selection.skip_note.empty()) return skip_official_scenario(o, s.selection.skip_note, err);
  if (std::optional<int> stop = resolve_sut(o, s, err)) return stop;
  if (std::optional<int> stop = load_run_cases(o, s, err)) return stop;
  return load_run_baseline(o, s, err);
}

int nothing_planned(const RunRequest& o, const RunSetup& s, std::ostream& err) {
  // An official scenario whose cases run at none of the revisions asked (its --spec-version, its
  // --suite) or not over this transport: SKIP, as the official suite skips a scenario at a
  // --spec-version it does not apply to.
  if (!o.scenario.empty() && is_official_name(o.scenario))
    return skip_official_scenario(
        o,
        "no case of the official scenario " + o.scenario + " runs" +
            (s.only ? " at " + std::string(to_string(*s.only)) : std::string()) +
            (o.suite.empty() ? "" : " in --suite " + o.suite) + " over " +
            std::string(to_string(s.transport)) +
            (o.force ? " (--force cannot change that: a case runs only at the revisions it lists)" : ""),
        err);
  std::string globs;
  for (const std::string& g : s.selection.globs) globs += (globs.empty() ? "" : ", ") + g;
  err << "elicit-conform: no " << s.role_word << " case matches \"" << terminal_text(globs) << "\""
      << (o.suite.empty() ? "" : " in --suite " + terminal_text(o.suite))
      << (s.only ? " in revision " + std::string(to_string(*s.only)) : std::string()) << " over "
      << to_string(s.transport) << "\n";
  // One id, mistyped: the id likely meant.
  if (s.selection.globs.size() == 1 && s.selection.globs[0].find_first_of("*?[") == std::string::npos) {
    std::vector<std::string> ids;
    for (const Case& c : s.cases) {
      if (c.role == s.role) ids.push_back(c.id);
    }
    if (const std::optional<std::string> near = closest_name(s.selection.globs[0], ids))
      err << "elicit-conform: did you mean " << terminal_text(*near) << "?\n";
  }
  return kExitUsage;
}

}  // namespace ec
