#include "report/results.h"

#include <cstdio>
#include <functional>
#include <map>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "core/utf8.h"
#include "report/escape.h"

namespace ec {
namespace {

// The level column of a report: a robustness case binds nothing, whatever its file says.
std::string_view level_text(const Case& c) { return c.robustness ? "robustness" : to_string(c.level); }

std::string requirement_line(const Case& c, Revision r) {
  std::string out;
  for (const std::string& key : c.requirements) {
    out += (out.empty() ? "" : "; ") + requirement_id(r, key);
  }
  return out;
}

// The rule in the spec's words, from the verified catalog of the revision the case ran in.
std::string quotes(const CaseResult& result, Revision r, const Catalog* catalog) {
  std::string out;
  for (const std::string& key : rules_broken_first(result)) {
    const CatalogEntry* e = catalog != nullptr ? catalog->find(r, key) : nullptr;
    out += "> " + std::string(key == result.broken_requirement ? "broken: " : "") + "**" +
           requirement_id(r, key) + "**";
    out += e != nullptr ? " (" + e->level + ", " + e->section + "): " + e->quote + "\n"
                        : " (no quote: not in the catalog)\n";
  }
  return out;
}

// The revision of a run as a person reads it: "2025-11-25", or "ran at 2025-06-18 (asked
// 2025-11-25)" when the peer negotiated another revision the case applies to.
std::string revision_text(const RunRecord& record) {
  if (record.revision == record.planned) return std::string(to_string(record.revision));
  return "ran at " + std::string(to_string(record.revision)) + " (asked " +
         std::string(to_string(record.planned)) + ")";
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

std::string_view note_meaning(const CaseResult& r) {
  return r.c != nullptr && !r.c->robustness && r.c->level == Level::May ? kNoteMayMeaning : kNoteMeaning;
}

std::vector<std::string> stderr_tail(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
  std::vector<std::string> lines;
  while (!text.empty() && lines.size() < 6) {
    const std::size_t newline = text.rfind('\n');
    const std::string_view line = newline == std::string_view::npos ? text : text.substr(newline + 1);
    lines.emplace(lines.begin(), line.size() > 300 ? line.substr(line.size() - 300) : line);
    text = newline == std::string_view::npos ? std::string_view() : text.substr(0, newline);
  }
  if (!text.empty()) lines.emplace(lines.begin(), "...");
  return lines;
}

std::string start_failure_cause(const CaseResult& r) {
  const RunRecord& record = r.record;
  if (r.verdict != Verdict::Error || !record.sut_unavailable || record.skipped ||
      *record.sut_unavailable == kNotRunReason)
    return "";
  // "exited with status 3, stopped by the harness": the second part is a race, not a cause.
  std::string cause = *record.sut_unavailable + "\n" + record.sut_exit.substr(0, record.sut_exit.find(", "));
  for (const std::string& line : stderr_tail(record.sut_stderr)) cause += "\n" + line;
  return cause;
}

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
    // A MAY permits: not taking it up is information (NOTE), never a WARN.
    r.verdict = c.robustness || c.level == Level::May ? Verdict::Note
                : c.level == Level::Must              ? Verdict::Fail
                                                      : Verdict::Warn;
    r.reason = record.failure->reason;
    r.broken_requirement = !record.failure->requirement.empty() ? record.failure->requirement
                           : c.requirements.size() == 1         ? c.requirements[0]
                                                                : std::string();
  } else if (record.absence_accepted) {
    r.reason = "kept by sending nothing: " + *record.absence_accepted;
  }
  r.record = std::move(record);
  return r;
}

const CaseResult* StartFailures::first_with_cause(const CaseResult& r) {
  std::string cause = start_failure_cause(r);
  if (cause.empty()) return nullptr;
  return first_.emplace(std::move(cause), &r).first->second;
}

bool not_started(const CaseResult& r) { return r.verdict == Verdict::Error && r.reason == kNotRunReason; }

std::vector<std::string> rules_broken_first(const CaseResult& r) {
  std::vector<std::string> out;
  if (!r.broken_requirement.empty()) out.push_back(r.broken_requirement);
  for (const std::string& key : r.c->requirements) {
    if (key != r.broken_requirement) out.push_back(key);
  }
  return out;
}

std::size_t tested_count(const std::vector<CaseResult>& results) {
  std::size_t n = 0;
  for (const CaseResult& r : results) {
    if (r.c != nullptr && r.c->built_in) continue;  // the wire row: no case file's rule
    n += r.verdict == Verdict::Pass || r.verdict == Verdict::Warn || r.verdict == Verdict::Note ||
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
  {
    // Provenance: which harness judged which SUT, when, over what (docs/results.schema.json).
    const Provenance& p = run.provenance;
    const PeerInfo peer = peer_info(run.results, run.role);
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
    // "revision" is the run's place in the plan; "ran_at" the revision whose rules judged it (the
    // negotiated one, when the peer chose another revision the case applies to).
    str("revision");
    str(to_string(r.record.planned));
    str("ran_at");
    str(to_string(r.record.revision));
    if (!r.record.negotiated.empty()) {
      str("negotiated");
      str(r.record.negotiated);
    }
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
    if (!r.broken_requirement.empty()) {
      str("broken_requirement");
      str(requirement_id(r.record.revision, r.broken_requirement));
    }
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

// The transcript of a run as plain lines, bounded: CI views show <system-out> next to a failure.
static std::string transcript_text(const RunRecord& record, std::size_t max_bytes) {
  std::string out;
  for (const TranscriptEntry& t : record.transcript) {
    char at[32];
    std::snprintf(at, sizeof at, "%9.1f ms ", t.at_ms);
    out += at + t.from + ": " + t.text + "\n";
    if (out.size() > max_bytes) {
      out = abbreviate_utf8(out, max_bytes) + "\n(transcript cut here; results.json has all of it)\n";
      break;
    }
  }
  return out;
}

void write_junit(std::ostream& out, const RunSummary& run) {
  // An expected failure (named by the expected-failures file) is <skipped>, not <failure>: the
  // run exits 0 for it, and GitHub's JUnit report actions and GitLab's test report count a
  // skipped test as not failed, where a <failure> would paint a green run red. pytest does the
  // same for xfail. Its verdict and the entry stay as properties and in the skip message.
  int failures = 0, errors = 0, skipped = 0;
  double total_ms = 0;
  // Under --strict a WARN fails the run, so it is a <failure> too: a CI view must agree with the
  // exit code.
  const auto failing = [&run](Verdict v) {
    return v == Verdict::Fail || v == Verdict::Error || (run.strict && v == Verdict::Warn);
  };
  for (const CaseResult& r : run.results) {
    const bool expected = !r.expected_failure.empty();
    failures += (r.verdict == Verdict::Fail || (run.strict && r.verdict == Verdict::Warn)) && !expected;
    errors += r.verdict == Verdict::Error && !expected;
    skipped += r.verdict == Verdict::Skip || (expected && failing(r.verdict));
    total_ms += r.record.duration_ms;
  }
  const bool run_failed = !run.run_failures.empty();
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", total_ms / 1000);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << "<testsuites name=\"elicit-conform\">\n";
  if (run.interrupted) out << "  <!-- interrupted: only the cases that finished are listed -->\n";
  out << "  <testsuite name=\"elicit-conform " << xml_text(run.role) << "\" tests=\""
      << run.results.size() + (run_failed ? 1 : 0) << "\" failures=\"" << failures + (run_failed ? 1 : 0)
      << "\" errors=\"" << errors << "\" skipped=\"" << skipped << "\" time=\"" << seconds << "\"";
  if (!run.provenance.started_at.empty())
    out << " timestamp=\"" << xml_text(run.provenance.started_at) << "\"";
  out << ">\n";
  out << "    <properties>\n";
  const auto property = [&out](const std::string& name, const std::string& value) {
    out << "      <property name=\"" << xml_text(name) << "\" value=\"" << xml_text(value) << "\"/>\n";
  };
  property("tool.version", run.provenance.tool_version);
  property("tool.commit", run.provenance.tool_commit + (run.provenance.tool_dirty ? "-dirty" : ""));
  property("sut", run.provenance.url.empty() ? run.command : run.provenance.url);
  property("transport", run.provenance.transport);
  {
    const PeerInfo peer = peer_info(run.results, run.role);
    const std::string info = run.role == "server" ? "serverInfo." : "clientInfo.";
    for (const auto& [name, value] : peer.members) property(info + name, value);
    std::string negotiated;
    for (const std::string& v : peer.negotiated) negotiated += (negotiated.empty() ? "" : ",") + v;
    property("negotiated", negotiated);
  }
  for (const RevisionCoverage& rc : run.coverage) {
    const std::string prefix = "coverage." + std::string(to_string(rc.revision)) + ".";
    property(prefix + "covered", std::to_string(rc.covered));
    property(prefix + "excluded", std::to_string(rc.excluded));
    property(prefix + "uncovered", std::to_string(rc.uncovered));
  }
  out << "    </properties>\n";
  for (const CaseResult& r : run.results) {
    std::snprintf(seconds, sizeof seconds, "%.3f", r.record.duration_ms / 1000);
    out << "    <testcase classname=\""
        << xml_text(std::string(to_string(r.c->role)) + "." + std::string(to_string(r.record.planned)))
        << "\" name=\"" << xml_text(r.c->id) << "\" time=\"" << seconds << "\">\n";
    const std::string detail =
        (r.record.revision != r.record.planned ? revision_text(r.record) + "\n" : std::string()) +
        requirement_line(*r.c, r.record.revision) + "\n" + r.reason +
        (r.record.failure && !r.record.failure->message.empty()
             ? "\noffending message: " + abbreviate_utf8(r.record.failure->message, 4000)
             : "");
    const std::string verdict = std::string(to_string(r.verdict)) + (r.untestable ? " (not testable)" : "");
    const bool expected =
        !r.expected_failure.empty() && r.verdict != Verdict::Pass && r.verdict != Verdict::Skip;
    if (expected && failing(r.verdict)) {
      out << "      <skipped type=\"expected-failure\" message=\""
          << xml_text("expected failure: " + verdict + ": " + abbreviate_utf8(r.reason, 500)) << "\">"
          << xml_text("listed in " + r.expected_failure + "\n" + detail) << "</skipped>\n";
    } else {
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
          if (run.strict) {
            out << "      <failure type=\"warn-strict\" message=\""
                << xml_text("WARN under --strict: " + abbreviate_utf8(r.reason, 500)) << "\">"
                << xml_text(detail) << "</failure>\n";
          }
          break;
        case Verdict::Note:  // never a failure: a passed testcase that carries its verdict
        case Verdict::Pass: break;
      }
    }
    // The verdict and the entry that expected it open <system-out>: the JUnit schema CI servers
    // validate against (Jenkins xUnit's junit-10.xsd, Ant's JUnit.xsd) has no <properties> in a
    // <testcase>, and xUnit rejects a file that has them (tests/test_junit_schema.py).
    if (r.verdict != Verdict::Pass) {
      out << "      <system-out>" << xml_text("verdict: " + verdict + "\n")
          << (expected ? xml_text("expected-failure: " + r.expected_failure + "\n") : std::string())
          << (r.verdict == Verdict::Warn
                  ? xml_text("WARN (" + std::string(to_string(r.c->level)) + " not met): " + detail + "\n\n")
              : r.verdict == Verdict::Note ? xml_text(std::string(note_meaning(r)) + ": " + detail + "\n\n")
                                           : std::string())
          << xml_text(transcript_text(r.record, std::size_t{64} * 1024)) << "</system-out>\n";
    }
    out << "    </testcase>\n";
  }
  if (run_failed) {
    std::string lines;
    for (const std::string& s : run.run_failures) lines += s + "\n";
    out << "    <testcase classname=\"elicit-conform.run\" name=\"run\" time=\"0.000\">\n"
        << "      <failure message=\"" << xml_text(abbreviate_utf8(run.run_failures.front(), 500)) << "\">"
        << xml_text(lines) << "</failure>\n    </testcase>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
}

void write_markdown(std::ostream& out, const RunSummary& run) {
  // Failures first (what a reader of a red CI run came for), then the tables. No path of the
  // machine that made the report: the command is shown relative, reasons lose the local prefixes.
  std::map<Verdict, int> counts;
  for (const CaseResult& r : run.results) ++counts[r.verdict];
  const Provenance& p = run.provenance;
  out << "# elicit-conform: " << md_plain(run.role) << " conformance\n\n";
  // The run's outcome and why, as the CLI's exit decides it (run_outcome(), report/run_outcome.h):
  // the same words as report.html's banner, first in a CI job's summary.
  if (run.outcome) {
    out << "**" << md_plain(run.outcome->headline) << "**\n\n";
    for (const std::string& reason : run.outcome->reasons)
      out << "- " << md_plain(without_local_paths(reason)) << "\n";
    if (!run.outcome->reasons.empty()) out << "\n";
  }
  out << "SUT: " << md_code_span(p.url.empty() ? display_command(run.command) : p.url)
      << (p.transport.empty() ? "" : " over " + md_plain(p.transport));
  const PeerInfo peer = peer_info(run.results, run.role);
  if (!peer.members.empty()) {
    std::string info;
    for (const auto& [name, value] : peer.members) info += (info.empty() ? "" : ", ") + name + ": " + value;
    out << ", " << (run.role == "server" ? "serverInfo " : "clientInfo ") << md_code_span(info)
        << (peer.varied ? " (varied between runs)" : "");
  }
  if (!peer.negotiated.empty()) {
    std::string versions;
    for (const std::string& v : peer.negotiated) versions += (versions.empty() ? "" : ", ") + v;
    out << ", negotiated " << md_code_span(versions);
  }
  out << "\n\n";
  if (!p.tool_version.empty()) {
    out << "Judged by elicit-conform " << md_code_span(p.tool_version) << " (" << md_code_span(p.tool_commit)
        << (p.tool_dirty ? ", with uncommitted changes" : "") << "), " << md_plain(p.started_at) << " to "
        << md_plain(p.finished_at) << ".\n\n";
  }
  if (run.interrupted) {
    out << "**Interrupted**: the run was stopped before its end; only the cases that finished are "
           "listed.\n\n";
  }
  const std::size_t untestable = untestable_count(run.results);
  out << "**" << tested_count(run.results) << " of " << run.results.size() << " runs tested their rule**"
      << (untestable ? " (" + std::to_string(untestable) + " not testable)" : "") << ": "
      << counts[Verdict::Pass] << " PASS, " << counts[Verdict::Fail] - static_cast<int>(untestable)
      << " FAIL, " << untestable << " FAIL (not testable), " << counts[Verdict::Warn] << " WARN, "
      << counts[Verdict::Note] << " NOTE, " << counts[Verdict::Skip] << " SKIP, " << counts[Verdict::Error]
      << " ERROR.\n\n";
  for (const std::string& s : run.run_failures)
    out << "- **run failed**: " << md_code_span(without_local_paths(s)) << "\n";
  for (const std::string& s : run.baseline_notes)
    out << "- expected-failures entry not applied: " << md_code_span(without_local_paths(s)) << "\n";
  if (!run.run_failures.empty() || !run.baseline_notes.empty()) out << "\n";

  // A SUT that cannot start makes every run an ERROR: the cause, with how the SUT ended and the
  // end of its stderr, is said with the first run it stopped; a later run with the same cause names
  // that run, and the runs left unstarted are one block.
  StartFailures start_failures;
  const auto start_failure_lines = [&](const CaseResult& r) {
    const CaseResult* first = start_failures.first_with_cause(r);
    if (first == nullptr) return;
    if (first != &r) {
      out << "- same start failure as " << md_plain(first->c->id) << " (" << revision_text(first->record)
          << ")\n";
      return;
    }
    if (!r.record.sut_exit.empty()) out << "- the SUT " << md_code_span(r.record.sut_exit) << "\n";
    std::string tail;
    for (const std::string& line : stderr_tail(r.record.sut_stderr))
      tail += (tail.empty() ? "" : "\n") + line;
    out << (tail.empty() ? std::string("- it wrote nothing on stderr\n")
                         : "- the end of its stderr:\n\n" + md_fenced_block(without_local_paths(tail)));
  };
  const auto case_block = [&](const CaseResult& r) {
    out << "\n### " << to_string(r.verdict) << (r.untestable ? " (not testable)" : "") << ": "
        << md_plain(r.c->id) << " (" << revision_text(r.record) << ")\n\n"
        << md_plain(r.c->title) << "\n\n"
        << quotes(r, r.record.revision, run.catalog) << "\n";
    if (r.verdict == Verdict::Note) out << "- " << note_meaning(r) << "\n";
    if (!r.expected_failure.empty())
      out << "- expected: listed in " << md_code_span(without_local_paths(r.expected_failure)) << "\n";
    out << "- expected vs observed: " << md_code_span(without_local_paths(r.reason)) << "\n";
    start_failure_lines(r);
    if (r.record.failure) {
      out << "- check: " << md_code_span(r.record.failure->check) << " at "
          << md_code_span(r.record.failure->step_pointer) << " of "
          << md_code_span(corpus_relative(r.c->file)) << "\n";
      if (!r.record.failure->message.empty()) {
        out << "- offending message"
            << (r.record.failure->message_pointer.empty()
                    ? ""
                    : " (at " + md_code_span(r.record.failure->message_pointer) + ")")
            << ":\n\n"
            << md_fenced_block(abbreviate_utf8(without_local_paths(r.record.failure->message), 4000));
      }
    }
  };
  // Sections in the order a reader acts on them: what fails the run, what the baseline excuses,
  // then what only informs (WARN, NOTE, SKIP).
  const auto unexpected = [](const CaseResult& r) {
    return (r.verdict == Verdict::Fail || r.verdict == Verdict::Error) && r.expected_failure.empty();
  };
  const auto excused = [](const CaseResult& r) {
    return (r.verdict == Verdict::Fail || r.verdict == Verdict::Error) && !r.expected_failure.empty();
  };
  const auto informs = [](const CaseResult& r) {
    return r.verdict == Verdict::Warn || r.verdict == Verdict::Note || r.verdict == Verdict::Skip;
  };
  const std::vector<std::pair<std::string, std::function<bool(const CaseResult&)>>> sections = {
      {"Failures", unexpected},
      {"Expected failures (listed in the expected-failures file)", excused},
      {"Warnings, notes and skips", informs}};
  for (const auto& [title, in_section] : sections) {
    bool header = false;
    std::vector<const CaseResult*> not_run;
    for (const CaseResult& r : run.results) {
      if (!in_section(r)) continue;
      if (!header) out << "## " << title << "\n";
      header = true;
      if (not_started(r))
        not_run.push_back(&r);
      else
        case_block(r);
    }
    if (!not_run.empty()) {
      out << "\n### ERROR: " << not_run.size() << (not_run.size() == 1 ? " run" : " runs")
          << " not started\n\nThe SUT never came up in the first runs of this invocation (above), so these "
             "were "
             "not started: ";
      for (std::size_t i = 0; i < not_run.size(); ++i)
        out << (i == 0 ? "" : ", ") << md_plain(not_run[i]->c->id) << " ("
            << revision_text(not_run[i]->record) << ")";
      out << ".\n";
    }
    if (header) out << "\n";
  }

  out << "## Summary\n\n";
  out << "| PASS | FAIL | FAIL (not testable) | WARN | NOTE | SKIP | ERROR "
         "|\n|---|---|---|---|---|---|---|\n| "
      << counts[Verdict::Pass] << " | " << counts[Verdict::Fail] - static_cast<int>(untestable) << " | "
      << untestable << " | " << counts[Verdict::Warn] << " | " << counts[Verdict::Note] << " | "
      << counts[Verdict::Skip] << " | " << counts[Verdict::Error] << " |\n\n";
  out << "## Runs\n\n| case | revision | level | status |\n|---|---|---|---|\n";
  for (const CaseResult& r : run.results) {
    out << "| " << md_plain(r.c->id) << " | " << revision_text(r.record) << " | " << level_text(*r.c) << " | "
        << to_string(r.verdict) << (r.untestable ? " (not testable)" : "")
        << (r.expected_failure.empty() || r.verdict == Verdict::Pass ? "" : ", expected") << " |\n";
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
}

}  // namespace ec
