#include "report/wire_verdicts.h"

#include <algorithm>
#include <map>
#include <set>

namespace ec {
namespace {

// What a row keeps of what it found: enough to read, bounded for a SUT that floods.
constexpr std::size_t kFindingsKept = 50;

Verdict verdict_of(const Diagnostics& found) {
  if (has_level(found, Level::Must)) return Verdict::Fail;
  if (has_level(found, Level::Should)) return Verdict::Warn;
  return Verdict::Pass;
}

}  // namespace

bool is_wire_check(const std::string& check) {
  // mrtr.server-request: on the 2026-07-28 wire a server asks only inside an InputRequiredResult;
  // a JSON-RPC elicitation/create (sampling, roots) in any case, whatever the case is about, is
  // judged here (issue 33: "checked in every modern server case, not in one").
  return check.starts_with("json.") || check.starts_with("jsonrpc.") || check.starts_with("spec-schema.") ||
         check.starts_with("url-trap.") || check == "mrtr.server-request";
}

std::vector<std::string> wire_case_ids() {
  return {std::string("client") + kWireCaseSuffix, std::string("server") + kWireCaseSuffix};
}

std::vector<CaseResult> wire_verdicts(const std::vector<CaseResult>& results, Role role,
                                      std::deque<Case>& storage) {
  struct PerRevision {
    Diagnostics found;  // every wire finding, each naming the run it came from
    std::size_t runs = 0;
    std::size_t sut_messages = 0;
    std::set<std::string> failing_runs;
    Transport transport = Transport::Stdio;
  };
  std::map<Revision, PerRevision> by_revision;
  for (const CaseResult& r : results) {
    // A run the SUT declined (SKIP: the revision, the case) is not judged by rules it declined;
    // an ERROR run is (garbage on stdout before a SUT never came up is on the wire all the same).
    if (r.c == nullptr || r.c->role != role || r.verdict == Verdict::Skip) continue;
    PerRevision& p = by_revision[r.record.revision];
    ++p.runs;
    p.transport = r.record.transport;
    for (const TranscriptEntry& e : r.record.transcript) p.sut_messages += e.from == "sut" ? 1 : 0;
    for (const Diagnostic& d : r.record.sut_findings) {
      if (!is_wire_check(d.check)) continue;
      Diagnostic copy = d;
      copy.message = "(in " + r.c->id + ") " + d.message;
      p.found.push_back(std::move(copy));
      p.failing_runs.insert(r.c->id);
    }
  }
  std::vector<CaseResult> rows;
  for (auto& [revision, p] : by_revision) {
    // A row only for a defect: a clean wire adds nothing to what the cases already show, and every
    // run keeps its shape (a case run alone is one row).
    if (verdict_of(p.found) == Verdict::Pass) continue;
    Case& c = storage.emplace_back();
    c.id = std::string(to_string(role)) + kWireCaseSuffix;
    c.title =
        "Every message the SUT sent, in every run, is a well-formed JSON-RPC message that its revision's "
        "schema.json accepts, and answers a request of ours once, with its id (the wire judged whole)";
    if (role == Role::Client) c.title += "; the client fetched no URL the user did not accept";
    if (role == Role::Server && revision == Revision::V2026_07_28)
      c.title += "; the server wrote no request of its own (it asks inside an InputRequiredResult)";
    c.file = "(built in: every run's messages)";
    c.role = role;
    c.revisions = {revision};
    c.transports = {p.transport};
    c.level = Level::Must;
    c.built_in = true;
    // The rules the row's findings break, and no other: a requirement's status in the reports
    // comes from the findings that cite it (requirement_coverage.h).
    std::set<std::string> keys;
    for (const Diagnostic& d : p.found) keys.insert(d.requirement);
    c.requirements.assign(keys.begin(), keys.end());

    CaseResult row;
    row.c = &c;
    row.record.case_id = c.id;
    row.record.revision = row.record.planned = revision;
    row.record.transport = p.transport;
    row.record.transcript.push_back({0, "note",
                                     "judged over the " + std::to_string(p.sut_messages) +
                                         " SUT messages the transcripts of " + std::to_string(p.runs) +
                                         " runs at " + std::string(to_string(revision)) + " kept"});
    row.verdict = verdict_of(p.found);
    {
      // The worst finding first: the one the row's check and reason name.
      const Level worst = row.verdict == Verdict::Fail ? Level::Must : Level::Should;
      const Diagnostic* first = nullptr;
      std::map<std::string, std::size_t> per_check;
      for (const Diagnostic& d : p.found) {
        if (d.level != worst) continue;
        ++per_check[d.check];
        if (first == nullptr) first = &d;
      }
      std::string tally;
      for (const auto& [check, n] : per_check)
        tally += (tally.empty() ? "" : ", ") + check + " x" + std::to_string(n);
      row.reason = std::to_string(p.found.size()) + " findings on the wire in " +
                   std::to_string(p.failing_runs.size()) + " of " + std::to_string(p.runs) + " runs (" +
                   tally + "); first: " + first->message;
      row.record.failure =
          StepFailure{first->check, "", row.reason, first->pointer, "", false, first->requirement};
      row.broken_requirement = first->requirement;
    }
    if (p.found.size() > kFindingsKept) {
      // Bounded, but every rule and level the row found keeps a finding (the first of each comes
      // first), so that what the reports say of each rule can be read from what is kept.
      std::set<std::pair<std::string, Level>> seen;
      std::stable_partition(p.found.begin(), p.found.end(), [&](const Diagnostic& d) {
        return seen.insert({d.requirement, d.level}).second;
      });
      p.found.resize(std::max(kFindingsKept, seen.size()));
    }
    row.record.sut_findings = std::move(p.found);
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace ec
