// report.html: one page that a CI artifact viewer, a mail attachment or a file:// URL shows the
// same way. Self-contained (styles inline, no font, image, script or stylesheet fetched: the
// Content-Security-Policy forbids any load), readable without JavaScript (everything is in the
// markup; the one inline script only adds the verdict filter, and runs only with this page's
// random nonce), and every string from a SUT or a case goes through html_text(), so a
// transcript stays text whatever it holds.
#include <cstdio>
#include <map>
#include <random>
#include <vector>

#include "core/utf8.h"
#include "report/escape.h"
#include "report/json_highlight.h"
#include "report/report_model.h"

namespace ec {
namespace {

// A transcript can be 4 MiB per case; the page keeps it readable and small, results.json has all.
constexpr std::size_t kMaxTranscriptBytes = std::size_t{256} * 1024;

std::string anchor(const std::string& case_id, Revision planned) {
  return "run-" + case_id + "-" + std::string(to_string(planned));
}

// The filter's class of a run. Each run is in exactly one class and every class has a box, ticked
// when the page opens: no kind of run is hidden by default (without NOTE's box, every NOTE run was).
struct FilterBox {
  std::string_view value;
  std::string_view label;
};
constexpr FilterBox kFilterBoxes[] = {{"PASS", "PASS"},
                                      {"FAIL", "FAIL"},
                                      {"UNTESTABLE", "FAIL (not testable)"},
                                      {"EXPECTED", "expected failure"},
                                      {"WARN", "WARN"},
                                      {"NOTE", "NOTE"},
                                      {"SKIP", "SKIP"},
                                      {"ERROR", "ERROR"}};

std::string_view filter_class(const ReportRun& r) {
  if (r.expected) return "EXPECTED";
  if (r.untestable) return "UNTESTABLE";
  return to_string(r.verdict);
}

// The offending message is pretty-printed up to this size (with the value at the pointer marked);
// a larger one, or one that is not JSON, is shown as sent, cut to 4000 bytes.
constexpr std::size_t kMaxPrettyBytes = std::size_t{64} * 1024;

// A random nonce for the one inline script: a SUT string cannot carry a script that runs, even if
// an escaping bug let one through, since it cannot know this value.
std::string script_nonce() {
  std::random_device device;
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 32; ++i) out += kDigits[device() % 16];
  return out;
}

constexpr std::string_view kStyle = R"(
body{font:15px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:75em;padding:0 1em;color:#1d1d1f}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}
pre{background:#f5f5f7;padding:.6em;overflow-x:auto;white-space:pre-wrap;word-break:break-all;font-size:.85em}
code{background:#f5f5f7;padding:0 .2em;word-break:break-all}
.v{font-weight:bold;padding:0 .3em;border-radius:3px;white-space:nowrap}
.outcome{border:2px solid #1e8e3e;background:#e6f4ea;border-radius:6px;padding:.5em 1em;margin:1em 0}
.outcome.failed{border-color:#c0392b;background:#fdecea}.outcome p{margin:.2em 0;font-size:1.15em}
mark{background:#ffe066;outline:1px solid #c0392b}
.v-PASS{background:#d7f5dd}.v-FAIL{background:#ffd8d6}.v-WARN{background:#fff0c2}.v-NOTE{background:#dbeafe}.v-SKIP{background:#e5e5ea}.v-ERROR{background:#f2c6ff}
.expected{background:#e8e8ff}
details{border:1px solid #ddd;border-radius:4px;margin:.4em 0;padding:.3em .6em}summary{cursor:pointer}
blockquote{margin:.4em 0;padding-left:.8em;border-left:3px solid #bbb;color:#333}
blockquote.broken{border-left-color:#c0392b;color:#000}
#filter{border:1px solid #ccc;padding:.4em .8em;margin:1em 0}
)";

// Hides the runs and rows whose verdict is unticked; without it every run stays visible.
constexpr std::string_view kScript = R"(
(function () {
  var box = document.getElementById('filter');
  box.hidden = false;
  function apply() {
    var shown = {};
    box.querySelectorAll('input').forEach(function (i) { shown[i.value] = i.checked; });
    document.querySelectorAll('[data-filter]').forEach(function (e) {
      e.hidden = !shown[e.getAttribute('data-filter')];
    });
  }
  box.addEventListener('change', apply);
  apply();
})();
)";

}  // namespace

void write_html(std::ostream& out, const ReportModel& run) {
  const Provenance& p = run.provenance;
  const std::string nonce = script_nonce();
  const ReportCounts& n = run.counts;
  const std::string& sut = run.sut;

  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src "
         "'unsafe-inline'; "
      << "script-src 'nonce-" << nonce << "'; base-uri 'none'; form-action 'none'\">\n"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      << "<title>elicit-conform: " << html_text(run.role) << " conformance</title>\n"
      << "<style>" << kStyle << "</style>\n</head>\n<body>\n";
  out << "<h1>elicit-conform: " << html_text(run.role) << " conformance</h1>\n";
  // The run's outcome and why, as the CLI's exit decides it (run_outcome(), report/run_outcome.h).
  if (run.outcome) {
    out << "<div id=\"outcome\" class=\"outcome" << (run.outcome->exit_code == 0 ? "" : " failed")
        << "\" role=\"status\">\n<p><strong>" << html_text(run.outcome->headline) << "</strong></p>\n";
    if (!run.outcome->reasons.empty()) {
      out << "<ul>\n";
      for (const std::string& s : run.outcome->reasons)
        out << "<li>" << html_text(without_local_paths(s)) << "</li>\n";
      out << "</ul>\n";
    }
    out << "</div>\n";
  }
  out << "<p>SUT: <code>" << html_text(sut) << "</code>"
      << (p.transport.empty() ? "" : " over " + html_text(p.transport));
  const PeerInfo& peer = run.peer;
  if (!peer.members.empty()) {
    std::string info;
    for (const auto& [name, value] : peer.members) info += (info.empty() ? "" : ", ") + name + ": " + value;
    out << ", " << (run.role == "server" ? "serverInfo" : "clientInfo") << " <code>" << html_text(info)
        << "</code>" << (peer.varied ? " (varied between runs)" : "");
  }
  if (!peer.negotiated.empty()) {
    std::string versions;
    for (const std::string& v : peer.negotiated) versions += (versions.empty() ? "" : ", ") + v;
    out << ", negotiated <code>" << html_text(versions) << "</code>";
  }
  out << "</p>\n";
  if (!p.tool_version.empty()) {
    out << "<p>Judged by elicit-conform " << html_text(p.tool_version) << " (<code>"
        << html_text(p.tool_commit) << "</code>" << (p.tool_dirty ? ", with uncommitted changes" : "")
        << "), " << html_text(p.started_at) << " to " << html_text(p.finished_at) << ".</p>\n";
  }
  if (run.interrupted) {
    out << "<p><strong>Interrupted</strong>: the run was stopped before its end; only the cases that "
           "finished "
           "are listed.</p>\n";
  }
  out << "<p><strong>" << n.tested << " of " << n.runs << " runs tested their rule</strong>: ";
  const std::pair<const char*, std::size_t> summary[] = {
      {"PASS", n.of(Verdict::Pass)},  {"FAIL", n.tested_fail()},     {"FAIL (not testable)", n.untestable},
      {"WARN", n.of(Verdict::Warn)},  {"NOTE", n.of(Verdict::Note)}, {"SKIP", n.of(Verdict::Skip)},
      {"ERROR", n.of(Verdict::Error)}};
  bool first = true;
  for (const auto& [word, count] : summary) {
    const std::string cls = std::string(word).substr(0, std::string(word).find(' '));
    out << (first ? "" : ", ") << count << " <span class=\"v v-" << cls << "\">" << word << "</span>";
    first = false;
  }
  out << ".</p>\n";
  if (!run.run_failures.empty() || !run.baseline_notes.empty()) {
    out << "<ul>\n";
    for (const std::string& s : run.run_failures)
      out << "<li><strong>run failed</strong>: <code>" << html_text(without_local_paths(s))
          << "</code></li>\n";
    for (const std::string& s : run.baseline_notes)
      out << "<li>expected-failures entry not applied: <code>" << html_text(without_local_paths(s))
          << "</code></li>\n";
    out << "</ul>\n";
  }
  // The filter exists only for a reader with JavaScript; the script unhides it.
  out << "<fieldset id=\"filter\" hidden><legend>Show runs that are</legend>";
  for (const auto& [value, label] : kFilterBoxes)
    out << " <label><input type=\"checkbox\" value=\"" << value << "\" checked> " << label << "</label>";
  out << "</fieldset>\n";

  // A SUT that cannot start makes every run an ERROR: each cause is said once (how the SUT ended,
  // the end of its stderr) with the runs it stopped, and the runs left unstarted are one line.
  {
    const auto link = [&](const ReportRun& r) {
      out << "<a href=\"#" << html_text(anchor(r.c->id, r.record->planned)) << "\">" << html_text(r.c->id)
          << "</a> (" << to_string(r.record->planned) << ")"
          << (r.expected ? " <span class=\"expected\">expected</span>" : "");
    };
    if (!run.start_failures.empty() || !run.not_started.empty())
      out << "<h2 id=\"start-failures\">The SUT did not come up</h2>\n";
    for (std::size_t k = 0; k < run.start_failures.size(); ++k) {
      const ReportRun& r = run.runs[run.start_failures[k].first];
      out << "<div id=\"start-failure-" << k
          << "\" class=\"start-failure\">\n<p><span class=\"v v-ERROR\">ERROR</span> "
          << html_text(without_local_paths(r.reason))
          << (r.record->sut_exit.empty() ? "" : "; the SUT " + html_text(r.record->sut_exit)) << "</p>\n";
      std::string tail;
      for (const std::string& line : stderr_tail(r.record->sut_stderr))
        tail += (tail.empty() ? "" : "\n") + line;
      if (tail.empty())
        out << "<p>It wrote nothing on stderr.</p>\n";
      else
        out << "<p>The end of its stderr (results.json has all of it):</p>\n<pre>"
            << html_text(without_local_paths(tail)) << "</pre>\n";
      const std::vector<std::size_t>& runs = run.start_failures[k].runs;
      out << "<p>" << runs.size() << (runs.size() == 1 ? " run" : " runs") << " stopped by it: ";
      for (std::size_t i = 0; i < runs.size(); ++i) {
        out << (i == 0 ? "" : ", ");
        link(run.runs[runs[i]]);
      }
      out << ".</p>\n</div>\n";
    }
    if (!run.not_started.empty()) {
      out << "<p><span class=\"v v-ERROR\">ERROR</span> " << run.not_started.size()
          << (run.not_started.size() == 1 ? " run" : " runs")
          << " not started: the SUT never came up in the first runs of this invocation, so these were not "
             "started: ";
      for (std::size_t i = 0; i < run.not_started.size(); ++i) {
        out << (i == 0 ? "" : ", ");
        link(run.runs[run.not_started[i]]);
      }
      out << ".</p>\n";
    }
  }

  // What fails the run, what the baseline excuses, then what only informs (WARN, NOTE, SKIP), each
  // with its reason and a link to its run. Start failures are said once, above.
  for (const ReportSection& section : run.sections) {
    bool header = false;
    for (const std::size_t i : section.runs) {
      const ReportRun& r = run.runs[i];
      if (r.not_started || r.start_failure) continue;
      if (!header) out << "<h2>" << section.title << "</h2>\n<ul>\n";
      header = true;
      out << "<li data-verdict=\"" << to_string(r.verdict) << "\" data-filter=\"" << filter_class(r)
          << "\"><span class=\"v v-" << to_string(r.verdict) << "\">" << html_text(r.verdict_word)
          << "</span> <a href=\"#" << html_text(anchor(r.c->id, r.record->planned)) << "\">"
          << html_text(r.c->id) << "</a> (" << to_string(r.record->planned)
          << "): " << html_text(abbreviate_utf8(without_local_paths(r.reason), 500)) << "</li>\n";
    }
    if (header) out << "</ul>\n";
  }

  // Requirement coverage: the rules binding the side under test, and the worst verdict of their cases.
  std::map<std::string, std::string> first_run;  // "case@revision" -> anchor
  for (const ReportRun& r : run.runs) {
    first_run.emplace(r.c->id + "@" + std::string(to_string(r.record->revision)),
                      anchor(r.c->id, r.record->planned));
  }
  for (const RevisionCoverage& rc : *run.coverage) {
    out << "<h2>Requirements of " << to_string(rc.revision) << " binding the " << html_text(run.role)
        << "</h2>\n"
        << "<p>" << rc.covered << " covered, " << rc.excluded << " excluded with a reason, " << rc.uncovered
        << " uncovered.</p>\n<table>\n<tr><th>requirement</th><th>level</th><th>status</th><th>cases, or why "
           "excluded</th></tr>\n";
    for (const RequirementOutcome& line : rc.requirements) {
      const std::string status = status_text(line);
      const std::string cls = line.worst ? std::string(to_string(*line.worst)) : "none";
      out << "<tr><td title=\"" << html_text(line.entry.section + ": " + line.entry.quote) << "\">"
          << html_text(line.entry.id) << "</td><td>" << html_text(line.entry.level)
          << "</td><td><span class=\"v v-" << cls << "\">" << html_text(status) << "</span></td><td>";
      if (line.cases.empty()) out << html_text(line.entry.excluded);
      bool comma = false;
      for (const std::string& id : line.cases) {
        out << (comma ? ", " : "");
        comma = true;
        const auto it = first_run.find(id + "@" + std::string(to_string(rc.revision)));
        if (it == first_run.end())
          out << html_text(id);
        else
          out << "<a href=\"#" << html_text(it->second) << "\">" << html_text(id) << "</a>";
      }
      out << "</td></tr>\n";
    }
    out << "</table>\n";
  }

  // Every run, with its rule, what was seen and the transcript; non-passing ones open.
  out << "<h2>Runs</h2>\n";
  for (const ReportRun& r : run.runs) {
    const RunRecord& record = *r.record;
    const bool open = r.verdict != Verdict::Pass && r.verdict != Verdict::Skip && !r.expected;
    out << "<details id=\"" << html_text(anchor(r.c->id, record.planned)) << "\" data-verdict=\""
        << to_string(r.verdict) << "\" data-filter=\"" << filter_class(r) << "\"" << (open ? " open" : "")
        << ">\n<summary><span class=\"v v-" << to_string(r.verdict) << "\">" << html_text(r.verdict_word)
        << "</span>" << (r.expected ? " <span class=\"expected\">expected</span>" : "") << " <code>"
        << html_text(r.c->id) << "</code> (" << to_string(record.planned)
        << (record.revision != record.planned ? ", ran at " + std::string(to_string(record.revision)) : "")
        << ", " << to_string(record.transport) << ") " << html_text(r.c->title) << "</summary>\n";
    for (const RuleQuote& q : r.rules) {
      const CatalogEntry* e = q.entry;
      out << "<blockquote" << (q.broken ? " class=\"broken\"" : "") << ">" << (q.broken ? "broken: " : "")
          << "<strong>" << html_text(q.id) << "</strong>";
      if (e != nullptr)
        out << " (" << html_text(e->level) << ", " << html_text(e->section) << "): " << html_text(e->quote);
      out << "</blockquote>\n";
    }
    out << "<ul>\n";
    if (r.verdict == Verdict::Note) out << "<li>" << html_text(r.note_meaning) << "</li>\n";
    if (r.expected)
      out << "<li>expected: listed in <code>" << html_text(without_local_paths(r.expected_failure))
          << "</code></li>\n";
    if (!r.reason.empty())
      out << "<li>expected vs observed: <code>" << html_text(without_local_paths(r.reason))
          << "</code></li>\n";
    if (r.failure != nullptr) {
      out << "<li>check <code>" << html_text(r.failure->check) << "</code>"
          << (r.failure->step_pointer.empty() ? ""
                                              : " at <code>" + html_text(r.failure->step_pointer) + "</code>")
          << (r.failure->message_pointer.empty()
                  ? ""
                  : ", offending message at <code>" + html_text(r.failure->message_pointer) + "</code>")
          << "</li>\n";
    }
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.0f", record.duration_ms);
    out << "<li>" << ms << " ms" << (record.sut_exit.empty() ? "" : ", SUT " + html_text(record.sut_exit))
        << "</li>\n</ul>\n";
    if (r.failure != nullptr && !r.failure->message.empty()) {
      const StepFailure& f = *r.failure;
      const std::optional<std::string> pretty =
          f.message.size() <= kMaxPrettyBytes ? pretty_json_html(f.message, f.message_pointer) : std::nullopt;
      if (pretty) {
        out << "<p>Offending message"
            << (pretty->find("<mark>") == std::string::npos
                    ? std::string()
                    : ", the value at <code>" + html_text(f.message_pointer) + "</code> marked")
            << ":</p>\n<pre class=\"offending\">" << *pretty << "</pre>\n";
      } else {
        out << "<p>Offending message:</p>\n<pre class=\"offending\">"
            << html_text(abbreviate_utf8(f.message, 4000)) << "</pre>\n";
      }
    }
    if (!record.sut_findings.empty()) {
      out << "<p>Findings on the SUT's messages:</p>\n<ul>\n";
      for (const Diagnostic& d : record.sut_findings) {
        out << "<li>" << to_string(d.level) << " <code>" << html_text(d.check) << "</code> at <code>"
            << html_text(d.pointer) << "</code>: " << html_text(d.message) << "</li>\n";
      }
      out << "</ul>\n";
    }
    out << "<p>Transcript:</p>\n<pre>";
    std::size_t written = 0;
    for (const TranscriptEntry& t : record.transcript) {
      if (written > kMaxTranscriptBytes) {
        out << "(cut here: results.json has the whole transcript)\n";
        break;
      }
      char at[32];
      std::snprintf(at, sizeof at, "%9.1f ms ", t.at_ms);
      const std::string line = at + t.from + ": " + abbreviate_utf8(t.text, std::size_t{16} * 1024);
      written += line.size();
      out << html_text(line) << "\n";
    }
    out << "</pre>\n";
    if (r.start_failure) {
      out << "<p>SUT stderr: with its start failure, <a href=\"#start-failure-" << *r.start_failure
          << "\">said once above</a>.</p>\n";
    } else if (!record.sut_stderr.empty()) {
      out << "<p>SUT stderr:</p>\n<pre>"
          << html_text(abbreviate_utf8(record.sut_stderr, std::size_t{16} * 1024)) << "</pre>\n";
    }
    out << "</details>\n";
  }
  out << "<script nonce=\"" << nonce << "\">" << kScript << "</script>\n</body>\n</html>\n";
}

}  // namespace ec
