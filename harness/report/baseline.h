// The expected-failures baseline, in the official MCP conformance suite's YAML form:
//
//   client:                          # cases where the SUT is a client
//     - client.capability.url-to-form-only
//     - client.sep1034.defaults:content.enum     # only this check is expected to fail
//   server:
//     - server.url-required.form-entry
//
// Judging a run against it (exit status of `elicit-conform server|client`):
//   0  every failure is baselined
//   1  an unexpected failure; a baselined case or check that now passes (stale: the baseline
//      must shrink with the fixes, or it hides regressions); an entry that names no known case
//      or check (a typo would otherwise baseline nothing, silently; the CLI finds those with
//      unknown_entries() before it starts any SUT, and exits 2 then)
//   3  a case ended in ERROR (the harness could not run it) and is not baselined
// WARN (SHOULD-level) cases do not fail a run unless it is strict, so they need no entry; an entry
// for a case that WARNs is honoured, and is stale once the case passes.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "report/verdict.h"
#include "spec/role.h"

namespace ec {

struct BaselineEntry {
  Role role = Role::Client;
  std::string case_id;
  std::string check_id;  // empty: the whole case is expected to fail
  int line = 0;          // in the YAML file, for messages
  // The official suite's scenario name this entry was written as ("" when written as one of our
  // case ids); resolve_official_names() turns such an entry into one per case it maps to.
  std::string official;
};

struct Baseline {
  std::string file;
  std::vector<BaselineEntry> entries;
};

struct BaselineError {
  std::string message;  // "expected-failures.yml:4: ..." (file, line and what is wrong)
};

// Parses the YAML text; `file` names it in messages.
std::optional<Baseline> parse_baseline(const std::string& text, const std::string& file,
                                       BaselineError& error);
std::optional<Baseline> load_baseline(const std::string& path, BaselineError& error);

// What a baseline may name: every case id of the corpus (not only the cases a run selects: one
// file serves every run of a SUT), each with the check ids a run of it can report, as
// `elicit-conform list --checks` prints them (case-id:check-id).
using KnownIds = std::map<std::string, std::set<std::string>>;

// The entries that name nothing in `known`, one line each with the file, the line, the role, the
// entry and what is wrong ("ef.yml:4: server: server.form.request-wellformed: no case has this id;
// did you mean server.form.request-well-formed?"): a case id no case has, a case listed under the
// other role, a check id its case does not have. A run checks them before it starts any SUT.
std::vector<std::string> unknown_entries(const Baseline& baseline, const KnownIds& known);

// What the run produced for one case.
struct CaseOutcome {
  std::string case_id;
  Role role = Role::Client;
  Verdict verdict = Verdict::Pass;
  std::set<std::string> failed_checks;  // the check ids that failed (FAIL or WARN level)
};

// An expected-failures file written for the official suite names its scenarios
// ("tools-call-elicitation"); our case ids always start with "client." or "server.". Entries
// that name an official scenario with a counterpart here become entries for those cases; the
// others are left out of the judgement and described in `notes` (reported, never silently
// dropped): a per-check entry (official check ids are not ours), a scenario with no counterpart.
void resolve_official_names(Baseline& baseline, std::vector<std::string>& notes);

struct Judgement {
  std::vector<std::string> unexpected;  // one line each: "client.x: FAIL (checks a, b)"
  std::vector<std::string> expected;    // failures the baseline covers
  std::vector<std::string> stale;       // baseline entries that no longer fail
  std::vector<std::string> unknown;     // baseline entries that name no case or check
  std::vector<std::string> errors;      // ERROR cases not baselined
  // By outcome (same order): the entry that makes it an expected failure, or "".
  std::vector<std::string> expected_by_outcome;
  // How many outcomes of each verdict are in `unexpected` and in `expected` (what a report's
  // banner counts: "2 FAIL, both expected").
  std::map<Verdict, std::size_t> unexpected_by_verdict;
  std::map<Verdict, std::size_t> expected_by_verdict;
  int exit_code = 0;
};

// `known`: what the baseline may name (its unknown entries are those of unknown_entries()).
// `strict` (--strict, as h2spec's): a WARN that no entry names fails the run like a FAIL.
Judgement judge(const Baseline& baseline, const std::vector<CaseOutcome>& outcomes, const KnownIds& known,
                bool strict = false);

}  // namespace ec
