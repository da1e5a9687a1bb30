#include "report/requirement_coverage.h"

#include <algorithm>

namespace ec {
namespace {

int severity(Verdict v) {
  switch (v) {
    case Verdict::Error: return 5;
    case Verdict::Fail: return 4;
    case Verdict::Warn: return 3;
    case Verdict::Note: return 2;
    case Verdict::Skip: return 1;
    case Verdict::Pass: return 0;
  }
  return 5;
}

bool binds(const CatalogEntry& entry, Role side) {
  return entry.binds == "both" || entry.binds == to_string(side);
}

}  // namespace

Verdict worse(Verdict a, Verdict b) { return severity(a) >= severity(b) ? a : b; }

std::string status_text(const RequirementOutcome& line) {
  if (line.cases.empty()) return line.entry.excluded.empty() ? "UNCOVERED" : "excluded";
  if (!line.worst) return "not run";
  if (line.pass_through_only) return "PASS (pass-through only)";
  return std::string(to_string(*line.worst));
}

std::vector<RevisionCoverage> requirement_coverage(const Catalog& catalog, const std::vector<Case>& cases,
                                                   Role side, const std::vector<CaseOutcomeInRun>& outcomes) {
  std::vector<RevisionCoverage> out;
  for (Revision r : all_revisions()) {
    const bool ran =
        std::any_of(outcomes.begin(), outcomes.end(), [&](const auto& o) { return o.revision == r; });
    if (!ran || !catalog.has(r)) continue;
    RevisionCoverage rc;
    rc.revision = r;
    for (const CatalogEntry& entry : catalog.entries(r)) {
      if (!binds(entry, side)) continue;
      RequirementOutcome line{entry, {}, std::nullopt};
      bool judged_by_a_rule_case = false;
      for (const Case& c : cases) {
        if (std::find(c.revisions.begin(), c.revisions.end(), r) == c.revisions.end() ||
            std::find(c.requirements.begin(), c.requirements.end(), entry.key) == c.requirements.end()) {
          continue;
        }
        line.cases.push_back(c.id);
        for (const CaseOutcomeInRun& o : outcomes) {
          if (o.case_id != c.id || o.revision != r) continue;
          if (!o.broken.empty() && o.broken != entry.key) continue;  // another rule broke: not judged here
          line.worst = line.worst ? worse(*line.worst, o.verdict) : o.verdict;
          judged_by_a_rule_case |= !c.pass_through;
        }
      }
      if (entry.wire) {
        const std::string row = std::string(to_string(side)) + kWireCaseSuffix;
        line.cases.push_back(row);
        bool judged = false;  // a run at r that was not SKIP: its wire was judged
        Verdict wire = Verdict::Pass;
        for (const CaseOutcomeInRun& o : outcomes) {
          if (o.revision != r) continue;
          judged |= o.verdict != Verdict::Skip;
          if (const auto it = o.rule_verdicts.find(entry.key);
              o.case_id == row && it != o.rule_verdicts.end())
            wire = it->second;
        }
        if (judged) {
          line.worst = line.worst ? worse(*line.worst, wire) : wire;
          judged_by_a_rule_case = true;
        }
      }
      line.pass_through_only = line.worst == Verdict::Pass && !judged_by_a_rule_case;
      if (!line.cases.empty())
        ++rc.covered;
      else if (!entry.excluded.empty())
        ++rc.excluded;
      else
        ++rc.uncovered;
      rc.requirements.push_back(std::move(line));
    }
    out.push_back(std::move(rc));
  }
  return out;
}

}  // namespace ec
