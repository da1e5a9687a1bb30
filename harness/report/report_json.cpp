// results.json: everything a run produced, described by docs/results.schema.json, written from
// the report model (report/report_model.h).
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "core/utf8.h"
#include "report/report_model.h"

namespace ec {

void write_results_json(std::ostream& out, const ReportModel& run) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  // Every string may carry SUT bytes: made valid UTF-8 first, then escaped by the writer.
  const auto str = [&](std::string_view s) {
    const std::string v = to_valid_utf8(s);
    w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
  };
  w.StartObject();
  str("tool");
  str("elicit-conform");
  str("role");
  str(run.role);
  str("command");
  str(run.command);
  str("interrupted");
  w.Bool(run.interrupted);
  {
    // Provenance: which harness judged which SUT, when, over what (docs/results.schema.json).
    const Provenance& p = run.provenance;
    const PeerInfo& peer = run.peer;
    str("provenance");
    w.StartObject();
    str("tool");
    w.StartObject();
    str("name");
    str("elicit-conform");
    str("version");
    str(p.tool_version);
    str("commit");
    str(p.tool_commit);
    str("dirty");
    w.Bool(p.tool_dirty);
    w.EndObject();
    str("started_at");
    str(p.started_at);
    str("finished_at");
    str(p.finished_at);
    str("sut");
    w.StartObject();
    str("role");
    str(run.role);
    if (p.url.empty()) {
      str("command");
      str(run.command);
    } else {
      str("url");
      str(p.url);
    }
    str("transport");
    str(p.transport);
    if (p.reuse_sut) {
      str("reused_sessions");
      w.StartObject();
      str("runs_that_joined_one");
      w.Uint64(p.joined_sessions);
      w.EndObject();
    }
    // As the SUT named itself: serverInfo for a server, clientInfo for a client.
    str(run.role == "server" ? "serverInfo" : "clientInfo");
    if (peer.members.empty()) {
      w.Null();
    } else {
      w.StartObject();
      for (const auto& [name, value] : peer.members) {
        str(name);
        str(value);
      }
      w.EndObject();
    }
    if (peer.varied) {
      str("info_varied");
      w.Bool(true);
    }
    str("negotiated");
    w.StartArray();
    for (const std::string& v : peer.negotiated) str(v);
    w.EndArray();
    w.EndObject();
    w.EndObject();
  }
  str("baseline");
  w.StartObject();
  str("problems");
  w.StartArray();
  for (const std::string& s : run.baseline_problems) str(s);
  w.EndArray();
  str("notes");
  w.StartArray();
  for (const std::string& s : run.baseline_notes) str(s);
  w.EndArray();
  w.EndObject();
  str("counts");
  w.StartObject();
  for (Verdict v : kAllVerdicts) {
    str(to_string(v));
    w.Uint64(run.counts.of(v));
  }
  // FAIL includes the not-testable ones; "tested" counts the runs that reached their rule.
  str("untestable");
  w.Uint64(run.counts.untestable);
  str("tested");
  w.Uint64(run.counts.tested);
  w.EndObject();
  str("coverage");
  w.StartArray();
  for (const RevisionCoverage& rc : *run.coverage) {
    w.StartObject();
    str("revision");
    str(to_string(rc.revision));
    str("side");
    str(run.role);
    str("covered");
    w.Int(rc.covered);
    str("excluded");
    w.Int(rc.excluded);
    str("uncovered");
    w.Int(rc.uncovered);
    str("requirements");
    w.StartArray();
    for (const RequirementOutcome& line : rc.requirements) {
      w.StartObject();
      str("id");
      str(line.entry.id);
      str("level");
      str(line.entry.level);
      str("coverage");
      str(!line.cases.empty() ? "covered" : line.entry.excluded.empty() ? "uncovered" : "excluded");
      if (!line.cases.empty()) {
        str("cases");
        w.StartArray();
        for (const std::string& id : line.cases) str(id);
        w.EndArray();
      } else if (!line.entry.excluded.empty()) {
        str("reason");
        str(line.entry.excluded);
      }
      str("status");
      if (line.worst)
        str(to_string(*line.worst));
      else
        w.Null();
      if (line.pass_through_only) {
        // Only pass-through cases ran: the SDK added nothing, no real tool was judged.
        str("pass_through_only");
        w.Bool(true);
      }
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  str("cases");
  w.StartArray();
  for (const ReportRun& r : run.runs) {
    const Case& c = *r.c;
    const RunRecord& record = *r.record;
    w.StartObject();
    str("id");
    str(c.id);
    str("title");
    str(c.title);
    // "revision" is the run's place in the plan; "ran_at" the revision whose rules judged it (the
    // negotiated one, when the peer chose another revision the case applies to).
    str("revision");
    str(to_string(record.planned));
    str("ran_at");
    str(to_string(record.revision));
    if (!record.negotiated.empty()) {
      str("negotiated");
      str(record.negotiated);
    }
    str("transport");
    str(to_string(record.transport));
    str("role");
    str(to_string(c.role));
    str("requirements");
    w.StartArray();
    for (const std::string& id : r.requirement_ids) str(id);
    w.EndArray();
    str("level");
    str(to_string(c.level));
    if (c.robustness || c.pass_through) {
      str("scope");
      str(c.robustness ? "robustness" : "pass-through");
    }
    str("status");
    str(to_string(r.verdict));
    if (r.untestable) {
      str("untestable");
      w.Bool(true);
    }
    if (!r.expected_failure.empty()) {
      str("expected_failure");
      str(r.expected_failure);
    }
    str("reason");
    str(r.reason);
    if (!r.broken_requirement_id.empty()) {
      str("broken_requirement");
      str(r.broken_requirement_id);
    }
    if (r.failure != nullptr) {
      const StepFailure& f = *r.failure;
      str("check");
      str(f.check);
      str("step");
      str(f.step_pointer);
      str("pointer");
      str(f.message_pointer);
      str("offending_message");
      str(f.message);
    }
    str("duration_ms");
    w.Double(record.duration_ms);
    str("sut_findings");
    w.StartArray();
    for (const Diagnostic& d : record.sut_findings) {
      write_diagnostic_json(w, d, {.requirement = requirement_id(record.revision, d.requirement)});
    }
    w.EndArray();
    str("transcript");
    w.StartArray();
    for (const TranscriptEntry& t : record.transcript) {
      w.StartObject();
      str("at_ms");
      w.Double(t.at_ms);
      str("from");
      str(t.from);
      str("text");
      str(t.text);
      w.EndObject();
    }
    w.EndArray();
    str("sut_exit");
    str(record.sut_exit);
    str("sut_stderr");
    str(record.sut_stderr);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  out << buffer.GetString() << "\n";
}

}  // namespace ec
