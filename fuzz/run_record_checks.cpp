#include "run_record_checks.h"

#include <algorithm>
#include <map>

#include "cases/retention.h"
#include "core/json.h"
#include "core/json_pointer.h"
#include "core/utf8.h"
#include "fuzz_support.h"

namespace ec::fuzz {
namespace {

// What step_engine.cpp keeps of one transcript entry (kTranscriptTextLimit) plus the "..." that
// abbreviate_utf8 appends.
constexpr std::size_t kEntryLimit = std::size_t{64} * 1024;
constexpr std::size_t kEntrySlack = 8;
// The notes run() always adds at the end (what was not kept): three sentences.
constexpr std::size_t kClosingNotes = std::size_t{3} * 400;
// The engine's own waits that are not options (step_engine.cpp: kFixedSettle; kSyncWait is longer).
constexpr std::chrono::milliseconds kFixedSettle{100};
constexpr std::size_t kMaxFindings = 1000;

std::string failure_problem(const Case& c, const StepFailure& f) {
  if (f.check.empty()) return "a failure has a check id";
  if (f.reason.empty()) return "a failure says why";
  if (!f.message_pointer.empty() && !is_valid_pointer(f.message_pointer))
    return "a failure's message pointer is a valid JSON pointer: " + f.message_pointer;
  // No step: the lifecycle failed ("lifecycle.*"), or the SUT answered it with an id of no request
  // of ours ("jsonrpc.response-unknown-id"): either way the case's rule was not reached.
  if (f.step_pointer.empty()) {
    if (!f.prerequisite) return "a failure without a step is a prerequisite (not testable): " + f.check;
    return "";
  }
  const auto step = std::find_if(c.steps.begin(), c.steps.end(),
                                 [&](const Step& s) { return s.pointer == f.step_pointer; });
  if (step == c.steps.end()) return "a failure names a step of the case: " + f.step_pointer;
  if (step->check_id != f.check)
    return "a failure carries its step's check id: " + f.check + " at " + f.step_pointer +
           " (the step's is " + step->check_id + ")";
  // One way only: a step that is not a prerequisite may still fail as not testable, when the
  // SUT's answer had an id of no request of ours (the wire row judges the id).
  if (step->prerequisite && !f.prerequisite) return "a failure of a prerequisite step is a prerequisite";
  return "";
}

std::string findings_problem(const Diagnostics& findings) {
  if (findings.size() > kMaxFindings) return "at most " + std::to_string(kMaxFindings) + " findings are kept";
  for (const Diagnostic& d : findings) {
    if (d.check.empty() || d.requirement.empty() || d.message.empty())
      return "a finding has a check id, a requirement and a message: " + describe(d);
    if (!known_requirement(d.requirement)) return "a finding's requirement is in the table: " + describe(d);
    if (!is_valid_pointer(d.pointer)) return "a finding's pointer is a valid JSON pointer: " + describe(d);
    if (d.level != Level::Must && d.level != Level::Should)
      return "a kept finding is MUST or SHOULD: " + describe(d);
  }
  return "";
}

std::string transcript_problem(const RunOptions& options, const ScriptedRun& run) {
  const RunRecord& r = run.record;
  std::size_t wire_bytes = 0;
  std::size_t all_bytes = 0;
  double last = 0;
  bool truncated = false;
  std::vector<std::string> harness;
  std::vector<std::string> sut;
  for (const TranscriptEntry& e : r.transcript) {
    if (e.from != "harness" && e.from != "sut" && e.from != "note")
      return "a transcript entry is from the harness, the SUT or a note: " + e.from;
    if (e.text.empty()) return "a transcript entry is not empty (from " + e.from + ")";
    if (e.text.size() > kEntryLimit + kEntrySlack)
      return "a transcript entry is at most 64 KiB: " + std::to_string(e.text.size());
    if (e.at_ms < last || e.at_ms > r.duration_ms)
      return "transcript times go forward within the run: " + std::to_string(e.at_ms);
    last = e.at_ms;
    all_bytes += e.text.size();
    if (e.from == "note") {
      truncated = truncated || e.text.starts_with("the transcript is truncated");
      continue;
    }
    wire_bytes += e.text.size();
    (e.from == "harness" ? harness : sut).push_back(e.text);
  }
  if (wire_bytes > options.max_transcript_bytes)
    return "the transcript's messages stay within its budget: " + std::to_string(wire_bytes);
  if (all_bytes > options.max_transcript_bytes + Retention::kNoteReserve + kClosingNotes)
    return "the transcript stays within its budget and the note reserve: " + std::to_string(all_bytes);
  if (truncated) return "";
  std::vector<std::string> sent;
  for (const std::string& s : run.sent) sent.push_back(abbreviate_utf8(s, kEntryLimit));
  if (harness != sent) return "an untruncated transcript shows every message the harness wrote, in order";
  std::vector<std::string> delivered;
  for (const std::string& s : run.delivered) delivered.push_back(abbreviate_utf8(s, kEntryLimit));
  if (sut != delivered) return "an untruncated transcript shows every line the SUT wrote, in order";
  return "";
}

std::string sent_problem(const ScriptedRun& run) {
  std::map<std::string, int> requests;  // SUT request ids (JSON text) -> how often sent
  for (const std::string& line : run.delivered) {
    const ParsedJson m = parse_json(line);
    if (!m.ok() || !m.document.IsObject() || !has_member(m.document, "method")) continue;
    if (const rapidjson::Value* id = find_member(m.document, "id")) ++requests[to_json(*id)];
  }
  for (const std::string& s : run.sent) {
    const ParsedJson m = parse_json(s);
    if (!m.ok() || !m.document.IsObject())
      return "the harness writes JSON objects: " + abbreviate_utf8(s, 400);
    if (has_member(m.document, "method")) continue;
    const rapidjson::Value* id = find_member(m.document, "id");
    if (id == nullptr) return "a message of the harness is a request, a notification or a response";
    if (--requests[to_json(*id)] < 0)
      return "the harness answers only requests the SUT sent, each as often as sent: " +
             abbreviate_utf8(s, 400);
  }
  return "";
}

}  // namespace

std::string record_problem(const Case& c, Revision planned, const RunOptions& options,
                           const ScriptedRun& run) {
  const RunRecord& r = run.record;
  // A SKIP may come with the SUT unavailable: a SUT that declines before it comes up (exit 77, or
  // the SKIP marker in its answer to initialize) is judged SKIP, and run_commands counts it as
  // having come up. Any other pair is two verdicts in one record.
  const int outcomes = int{r.failure.has_value()} + int{r.skipped.has_value()} +
                       int{r.sut_unavailable.has_value() && !r.skipped} + int{r.harness_error.has_value()};
  if (outcomes > 1) return "a record has at most one outcome (failure, SKIP, SUT unavailable, harness error)";
  if (r.harness_error)
    return "a case that loads runs against any SUT without a harness error: " + *r.harness_error;
  if ((r.skipped && r.skipped->empty()) || (r.sut_unavailable && r.sut_unavailable->empty()))
    return "a SKIP or an unavailable SUT says why";
  if (r.case_id != c.id) return "the record is the case's";
  if (r.planned != planned) return "the record keeps the revision it was planned at";
  if (std::find(c.revisions.begin(), c.revisions.end(), r.revision) == c.revisions.end())
    return "a run is judged at a revision of its case: " + std::string(to_string(r.revision));
  if (r.transport != Transport::Stdio) return "a scripted run is recorded as over stdio";
  if (r.failure) {
    if (std::string p = failure_problem(c, *r.failure); !p.empty()) return p;
  }
  if (std::string p = findings_problem(r.sut_findings); !p.empty()) return p;
  if (std::string p = transcript_problem(options, run); !p.empty()) return p;
  return sent_problem(run);
}

std::string record_fingerprint(const ScriptedRun& run) {
  const RunRecord& r = run.record;
  std::string out = r.case_id + "|" + std::string(to_string(r.revision)) + "|" + r.negotiated + "|";
  out += "skipped:" + r.skipped.value_or("-") + "|unavailable:" + r.sut_unavailable.value_or("-") +
         "|error:" + r.harness_error.value_or("-") + "|declined:" + (r.revision_declined ? "1" : "0") + "\n";
  if (r.failure) {
    const StepFailure& f = *r.failure;
    out += "failure:" + f.check + "|" + f.step_pointer + "|" + f.reason + "|" + f.message_pointer + "|" +
           f.message + "|" + (f.prerequisite ? "1" : "0") + "\n";
  }
  out += fingerprint(r.sut_findings);
  for (const TranscriptEntry& e : r.transcript) out += e.from + ": " + e.text + "\n";
  for (const std::string& s : run.sent) out += "sent: " + s + "\n";
  return out;
}

std::chrono::milliseconds shortest_wait(const Case& c, const RunOptions& options) {
  std::chrono::milliseconds shortest =
      std::min({options.startup_timeout, options.expect_timeout, options.case_timeout, kFixedSettle});
  for (const Step& s : c.steps) {
    if ((s.kind == Step::Kind::Expect || s.kind == Step::Kind::ExpectSilence) && s.within.count() > 0)
      shortest = std::min(shortest, s.within);
  }
  return shortest;
}

}  // namespace ec::fuzz
