#include "report/results.h"

#include <cstdio>
#include <map>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "core/utf8.h"
#include "report/escape.h"

namespace ec {
namespace {

std::string requirement_line(const Case& c, Revision r) {
  std::string out;
  for (const std::string& key : c.requirements) {
    out += (out.empty() ? "" : "; ") + requirement_id(r, key);
  }
  return out;
}

// The rule in the spec's words, from the verified catalog of the revision the case ran in.
std::string quotes(const Case& c, Revision r, const Catalog* catalog) {
  std::string out;
  for (const std::string& key : c.requirements) {
    const CatalogEntry* e = catalog != nullptr ? catalog->find(r, key) : nullptr;
    out += "> **" + requirement_id(r, key) + "**";
    out += e != nullptr ? " (" + e->level + ", " + e->section + "): " + e->quote + "\n"
                        : " (no quote: not in the catalog)\n";
  }
  return out;
}

// A case file as the corpus names it ("cases/2025-11-25/server/x.json"): a published report carries
// no path of the machine that made it.
std::string corpus_relative(const std::string& file) {
  const std::size_t at = file.rfind("/cases/");
  if (at != std::string::npos) return file.substr(at + 1);
  const std::size_t slash = file.rfind('/');
  return slash == std::string::npos ? file : file.substr(slash + 1);
}

}  // namespace

CaseResult judge_record(const Case& c, RunRecord record) {
  CaseResult r;
  r.c = &c;
  if (record.skipped) {
    r.verdict = Verdict::Skip;
    r.reason = *record.skipped;
  } else if (record.harness_error) {
    r.verdict = Verdict::Error;
    r.reason = *record.harness_error;
  } else if (record.sut_unavailable) {
    r.verdict = Verdict::Error;
    r.reason = *record.sut_unavailable;
  } else if (record.failure && record.failure->prerequisite) {
    r.verdict = Verdict::Fail;
    r.untestable = true;
    r.reason = "not testable: " + record.failure->reason;
  } else if (record.failure) {
    r.verdict = c.level == Level::Must ? Verdict::Fail : Verdict::Warn;
    r.reason = record.failure->reason;
  }
  r.record = std::move(record);
  return r;
}

std::size_t tested_count(const std::vector<CaseResult>& results) {
  std::size_t n = 0;
  for (const CaseResult& r : results) {
    n += r.verdict == Verdict::Pass || r.verdict == Verdict::Warn ||
         (r.verdict == Verdict::Fail && !r.untestable);
  }
  return n;
}

std::size_t untestable_count(const std::vector<CaseResult>& results) {
  std::size_t n = 0;
  for (const CaseResult& r : results) n += r.untestable;
  return n;
}

void write_results_json(std::ostream& out, const RunSummary& run) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  // Every string may carry SUT bytes: made valid UTF-8 first, then escaped by the writer.
  const auto str = [&](std::string_view s) {
    const std::string v = to_valid_utf8(s);
    w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
  };
  std::map<Verdict, int> counts;
  for (const CaseResult& r : run.results) ++counts[r.verdict];
  w.StartObject();
  str("tool");
  str("elicit-conform");
  str("role");
  str(run.role);
  str("command");
  str(run.command);
  str("interrupted");
  w.Bool(run.interrupted);
  str("counts");
  w.StartObject();
  for (Verdict v : {Verdict::Pass, Verdict::Fail, Verdict::Warn, Verdict::Skip, Verdict::Error}) {
    str(to_string(v));
    w.Int(counts[v]);
  }
  // FAIL includes the not-testable ones; "tested" counts the runs that reached their rule.
  str("untestable");
  w.Uint64(untestable_count(run.results));
  str("tested");
  w.Uint64(tested_count(run.results));
  w.EndObject();
  str("coverage");
  w.StartArray();
  for (const RevisionCoverage& rc : run.coverage) {
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
  for (const CaseResult& r : run.results) {
    const Case& c = *r.c;
    w.StartObject();
    str("id");
    str(c.id);
    str("title");
    str(c.title);
    str("revision");
    str(to_string(r.record.revision));
    str("transport");
    str(to_string(r.record.transport));
    str("role");
    str(to_string(c.role));
    str("requirements");
    w.StartArray();
    for (const std::string& key : c.requirements) str(requirement_id(r.record.revision, key));
    w.EndArray();
    str("level");
    str(to_string(c.level));
    str("status");
    str(to_string(r.verdict));
    if (r.untestable) {
      str("untestable");
      w.Bool(true);
    }
    str("reason");
    str(r.reason);
    if (r.record.failure) {
      const StepFailure& f = *r.record.failure;
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
    w.Double(r.record.duration_ms);
    str("sut_findings");
    w.StartArray();
    for (const Diagnostic& d : r.record.sut_findings) {
      w.StartObject();
      str("check");
      str(d.check);
      str("requirement");
      str(requirement_id(r.record.revision, d.requirement));
      str("level");
      str(to_string(d.level));
      str("pointer");
      str(d.pointer);
      str("message");
      str(d.message);
      w.EndObject();
    }
    w.EndArray();
    str("transcript");
    w.StartArray();
    for (const TranscriptEntry& t : r.record.transcript) {
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
    str(r.record.sut_exit);
    str("sut_stderr");
    str(r.record.sut_stderr);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  out << buffer.GetString() << "\n";
}

void write_junit(std::ostream& out, const RunSummary& run) {
  std::map<Verdict, int> counts;
  double total_ms = 0;
  for (const CaseResult& r : run.results) {
    ++counts[r.verdict];
    total_ms += r.record.duration_ms;
  }
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", total_ms / 1000);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"elicit-conform\">\n";
  if (run.interrupted) out << "  <!-- interrupted: only the cases that finished are listed -->\n";
  out << "  <testsuite name=\"elicit-conform " << xml_text(run.role) << "\" tests=\"" << run.results.size()
      << "\" failures=\"" << counts[Verdict::Fail] << "\" errors=\"" << counts[Verdict::Error]
      << "\" skipped=\"" << counts[Verdict::Skip] << "\" time=\"" << seconds << "\">\n";
  if (!run.coverage.empty()) {
    out << "    <properties>\n";
    for (const RevisionCoverage& rc : run.coverage) {
      const std::string prefix = "coverage." + std::string(to_string(rc.revision)) + ".";
      out << "      <property name=\"" << prefix << "covered\" value=\"" << rc.covered << "\"/>\n"
          << "      <property name=\"" << prefix << "excluded\" value=\"" << rc.excluded << "\"/>\n"
          << "      <property name=\"" << prefix << "uncovered\" value=\"" << rc.uncovered << "\"/>\n";
    }
    out << "    </properties>\n";
  }
  for (const CaseResult& r : run.results) {
    std::snprintf(seconds, sizeof seconds, "%.3f", r.record.duration_ms / 1000);
    out << "    <testcase classname=\""
        << xml_text(std::string(to_string(r.c->role)) + "." + std::string(to_string(r.record.revision)))
        << "\" name=\"" << xml_text(r.c->id) << "\" time=\"" << seconds << "\">\n";
    const std::string detail =
        requirement_line(*r.c, r.record.revision) + "\n" + r.reason +
        (r.record.failure && !r.record.failure->message.empty()
             ? "\noffending message: " + abbreviate_utf8(r.record.failure->message, 4000)
             : "");
    switch (r.verdict) {
      case Verdict::Fail:
        out << "      <failure message=\"" << xml_text(abbreviate_utf8(r.reason, 500)) << "\">"
            << xml_text(detail) << "</failure>\n";
        break;
      case Verdict::Error:
        out << "      <error message=\"" << xml_text(abbreviate_utf8(r.reason, 500)) << "\">"
            << xml_text(detail) << "</error>\n";
        break;
      case Verdict::Skip: out << "      <skipped message=\"" << xml_text(r.reason) << "\"/>\n"; break;
      case Verdict::Warn:
        out << "      <system-out>WARN (" << to_string(r.c->level) << " not met): " << xml_text(detail)
            << "</system-out>\n";
        break;
      case Verdict::Pass: break;
    }
    out << "    </testcase>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
}

void write_markdown(std::ostream& out, const RunSummary& run) {
  std::map<Verdict, int> counts;
  for (const CaseResult& r : run.results) ++counts[r.verdict];
  out << "# elicit-conform: " << md_plain(run.role) << " conformance\n\n";
  out << "SUT: " << md_code_span(run.command) << "\n\n";
  if (run.interrupted) {
    out << "**Interrupted**: the run was stopped before its end; only the cases that finished are "
           "listed.\n\n";
  }
  const std::size_t untestable = untestable_count(run.results);
  out << "**" << tested_count(run.results) << " of " << run.results.size() << " runs tested their rule**"
      << (untestable ? " (" + std::to_string(untestable) + " not testable)" : "") << ".\n\n";
  out << "| PASS | FAIL | FAIL (not testable) | WARN | SKIP | ERROR |\n|---|---|---|---|---|---|\n| "
      << counts[Verdict::Pass] << " | " << counts[Verdict::Fail] - static_cast<int>(untestable) << " | "
      << untestable << " | " << counts[Verdict::Warn] << " | " << counts[Verdict::Skip] << " | "
      << counts[Verdict::Error] << " |\n\n";
  out << "| case | revision | level | status |\n|---|---|---|---|\n";
  for (const CaseResult& r : run.results) {
    out << "| " << md_plain(r.c->id) << " | " << to_string(r.record.revision) << " | "
        << to_string(r.c->level) << " | " << to_string(r.verdict) << (r.untestable ? " (not testable)" : "")
        << " |\n";
  }
  for (const RevisionCoverage& rc : run.coverage) {
    out << "\n## Requirements of " << to_string(rc.revision) << " binding the " << md_plain(run.role)
        << "\n\n"
        << rc.covered << " covered, " << rc.excluded << " excluded with a reason, " << rc.uncovered
        << " uncovered.\n\n"
        << "| requirement | level | status | cases |\n|---|---|---|---|\n";
    for (const RequirementOutcome& line : rc.requirements) {
      const std::string status = status_text(line);
      std::string ids;
      for (const std::string& id : line.cases) ids += (ids.empty() ? "" : ", ") + id;
      out << "| " << md_plain(line.entry.id) << " | " << md_plain(line.entry.level) << " | " << status
          << " | " << md_plain(line.cases.empty() ? line.entry.excluded : ids) << " |\n";
    }
  }
  bool header = false;
  for (const CaseResult& r : run.results) {
    if (r.verdict == Verdict::Pass) continue;
    if (!header) out << "\n## Not passing\n";
    header = true;
    out << "\n### " << to_string(r.verdict) << (r.untestable ? " (not testable)" : "") << ": "
        << md_plain(r.c->id) << " (" << to_string(r.record.revision) << ")\n\n"
        << md_plain(r.c->title) << "\n\n"
        << quotes(*r.c, r.record.revision, run.catalog) << "\n";
    out << "- expected vs observed: " << md_code_span(r.reason) << "\n";
    if (r.record.failure) {
      out << "- check: " << md_code_span(r.record.failure->check) << " at "
          << md_code_span(r.record.failure->step_pointer) << " of " << md_code_span(corpus_relative(r.c->file))
          << "\n";
      if (!r.record.failure->message.empty()) {
        out << "- offending message"
            << (r.record.failure->message_pointer.empty()
                    ? ""
                    : " (at " + md_code_span(r.record.failure->message_pointer) + ")")
            << ":\n\n"
            << md_fenced_block(abbreviate_utf8(r.record.failure->message, 4000));
      }
    }
  }
}

}  // namespace ec
