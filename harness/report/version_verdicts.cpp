#include "report/version_verdicts.h"

#include <map>
#include <optional>

#include "spec/revision.h"

namespace ec {
namespace {

// A session whose initialize asked one version and got an answer, in a run not told its versions.
bool judged(const CaseResult& r) {
  return r.c != nullptr && r.c->role == Role::Server && !r.c->built_in && r.c->sut.versions.empty() &&
         !r.record.asked_version.empty() && !r.record.negotiated.empty();
}

}  // namespace

std::vector<CaseResult> version_verdicts(std::vector<CaseResult>& results, std::deque<Case>& storage) {
  // For each version asked: the first run that got it back, and the runs that got another one.
  struct Asked {
    const CaseResult* spoken = nullptr;
    std::vector<CaseResult*> declined;
  };
  std::map<std::string, Asked> by_version;
  for (CaseResult& r : results) {
    if (!judged(r)) continue;
    Asked& a = by_version[r.record.asked_version];
    if (r.record.negotiated == r.record.asked_version) {
      if (a.spoken == nullptr) a.spoken = &r;
    } else {
      a.declined.push_back(&r);
    }
  }
  std::vector<CaseResult> rows;
  for (auto& [version, a] : by_version) {
    // The rule is the lifecycle of the version asked; a version without a catalog of ours (a date
    // no revision has) is not judged here.
    const std::optional<Revision> asked = parse_revision(version);
    if (a.spoken == nullptr || a.declined.empty() || !asked || features(*asked).modern_wire) continue;
    const std::string where = a.spoken->c->id;
    Diagnostics found;
    for (CaseResult* d : a.declined) {
      found.push_back(Diagnostic{kVersionsCheck, "LIFECYCLE-SERVER-VERSION", Level::Must,
                                 "/result/protocolVersion",
                                 "(in " + d->c->id + ") initialize asked for " + version + " and got " +
                                     d->record.negotiated + ", but the same server answered " + version +
                                     " to the same request in " + where + ": it supports " + version +
                                     ", and a server that supports the requested version MUST respond with "
                                     "the same version",
                                 ""});
      if (d->verdict == Verdict::Skip)
        d->reason +=
            " (yet the server answered " + version + " in " + where + ": see " + kVersionsCaseId + ")";
    }

    Case& c = storage.emplace_back();
    c.id = kVersionsCaseId;
    c.title =
        "A version the server answers with itself in one session it answers with itself in every session "
        "of the run (a server that supports the requested version responds with the same version)";
    c.file = "(built in: every run's initialize)";
    c.role = Role::Server;
    c.revisions = {*asked};
    c.transports = {a.spoken->record.transport};
    c.level = Level::Must;
    c.built_in = true;
    c.requirements = {"LIFECYCLE-SERVER-VERSION"};

    CaseResult row;
    row.c = &c;
    row.record.case_id = c.id;
    row.record.revision = row.record.planned = *asked;
    row.record.transport = a.spoken->record.transport;
    row.record.negotiated = version;
    row.record.transcript.push_back({0, "note",
                                     "judged over the initialize answers of " +
                                         std::to_string(a.declined.size() + 1) + " runs that asked for " +
                                         version + " (the first that got it, and every one that did not)"});
    row.verdict = Verdict::Fail;
    row.reason = std::to_string(found.size()) + " of the sessions that asked for " + version +
                 " got another version, though the server answered " + version + " in " + where +
                 "; first: " + found.front().message;
    row.record.failure = StepFailure{
        found.front().check, "", row.reason, found.front().pointer, "", false, found.front().requirement};
    row.broken_requirement = found.front().requirement;
    row.record.sut_findings = std::move(found);
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace ec
