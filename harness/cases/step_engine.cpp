#include "cases/step_engine.h"

#include <algorithm>
#include <cstring>
#include <limits>

#include "cases/check_registry.h"
#include "cases/modern_client_checks.h"
#include "cases/state_tamper.h"
#include "cases/transcript_checks.h"
#include "core/json.h"
#include "core/json_pointer.h"
#include "core/utf8.h"
#include "schema/message_check.h"
#include "schema/schema_diff.h"
#include "schema/security_heuristics.h"
#include "schema/spec_schema.h"
#include "spec/elicitation.h"
#include "spec/modern.h"
#include "transport/http_client_channel.h"
#include "transport/interrupt.h"

namespace ec {
namespace {

using Clock = std::chrono::steady_clock;
using rapidjson::Value;

constexpr std::size_t kTranscriptTextLimit = std::size_t{64} * 1024;
constexpr std::size_t kMaxFindings = 1000;  // SUT findings kept per case; a flood of garbage is one story
// How long one pump waits at most: often enough to notice an interrupt of the harness.
constexpr auto kPumpSlice = std::chrono::milliseconds(200);
// The settle before a check (StepEngine::settle). A SUT answers a ping "promptly"; one that has
// not answered both rounds in this long is not failed for it, the check just judges what came.
constexpr auto kSyncWait = std::chrono::milliseconds(1000);
// What a SUT that does not answer ping gets instead, as every check did before pings.
constexpr auto kFixedSettle = std::chrono::milliseconds(100);
// Over HTTP a message sent before the pong may come on another stream (the GET stream, another
// POST): after the pong we read on until the transport has been quiet for twice the last ping's
// round trip, within these bounds. A message written before a pong is on its way on loopback as
// the pong is, so a window scaled on the round trip grows with the load that slows both.
constexpr auto kHttpQuietMin = std::chrono::milliseconds(3);
constexpr auto kHttpQuietMax = std::chrono::milliseconds(20);
constexpr std::string_view kSyncIdPrefix = "elicit-conform-sync-";

constexpr std::string_view kSkipMarker = "elicit-conform: SKIP: ";
// The same, for every case at the revision the SUT was started for (docs/adapter-contract.md).
constexpr std::string_view kSkipRevisionMarker = "elicit-conform: SKIP-REVISION: ";
constexpr std::size_t kSkipReasonLimit = 1000;  // bytes of a SKIP reason kept

// The reason after the marker, when `text` starts with it.
std::optional<std::string> skip_reason(const Value* text) {
  if (text == nullptr || !text->IsString()) return std::nullopt;
  const std::string_view s(text->GetString(), text->GetStringLength());
  if (!s.starts_with(kSkipMarker)) return std::nullopt;
  return abbreviate_utf8(s.substr(kSkipMarker.size()), 400);
}

// How close a message that did not match came: one of the pattern's method first, then the
// deeper the first mismatch, the further it got. A request where a response is expected (or
// the reverse) comes last. Used to name the message a failure report points at.
int closeness(const Value& pattern, const Value& actual, const MatchResult& m) {
  int score = static_cast<int>(std::count(m.pointer.begin(), m.pointer.end(), '/'));
  const Value* want = pattern.IsObject() ? find_member(pattern, "method") : nullptr;
  const Value* got = find_member(actual, "method");
  if (want && got && want->IsString() && got->IsString() &&
      std::string_view(want->GetString()) == std::string_view(got->GetString())) {
    score += 1000;
  }
  if ((want != nullptr) != (got != nullptr)) score -= 100;
  return score;
}

// "the SUT's elicitation/create request (id 0)", "the SUT's response to id 3".
std::string describe(const Value& message) {
  const Value* method = find_member(message, "method");
  const Value* id = find_member(message, "id");
  if (method && method->IsString()) {
    return "the SUT's " + abbreviate_utf8(method->GetString(), 80) +
           (id ? " request (id " + abbreviate_utf8(to_json(*id), 40) + ")" : " notification");
  }
  return "the SUT's response to id " + (id ? abbreviate_utf8(to_json(*id), 40) : std::string("?"));
}

}  // namespace

namespace {

// "{name}" as the whole of `s`: the capture name, else "". A name is letters, digits, '_', '-'
// and '.': a string such as "{\"round\": 1}" (a requestState that looks like JSON) is text.
std::string whole_placeholder(std::string_view s) {
  if (s.size() < 3 || s.front() != '{' || s.back() != '}') return "";
  const std::string_view name = s.substr(1, s.size() - 2);
  for (const char c : name) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '-' || c == '.';
    if (!word) return "";
  }
  return std::string(name);
}

void substitute_string(std::string& s, const Captures& captures, bool& changed) {
  for (std::size_t open = s.find('{'); open != std::string::npos; open = s.find('{', open + 1)) {
    const std::size_t close = s.find('}', open);
    if (close == std::string::npos) break;
    const Value* v = captures.get(s.substr(open + 1, close - open - 1));
    if (v == nullptr || !v->IsString()) continue;
    s.replace(open, close - open + 1, v->GetString(), v->GetStringLength());
    changed = true;
  }
}

}  // namespace

void substitute(Value& value, const Captures& captures, rapidjson::Document::AllocatorType& a) {
  if (value.IsString()) {
    // A string that is only "{name}" becomes the captured value itself, whatever its type (an
    // object, a number, a string byte for byte).
    if (const std::string name = whole_placeholder({value.GetString(), value.GetStringLength()});
        !name.empty()) {
      if (const Value* v = captures.get(name)) {
        value.CopyFrom(*v, a);
        return;
      }
    }
    std::string s(value.GetString(), value.GetStringLength());
    bool changed = false;
    substitute_string(s, captures, changed);
    if (changed) value.SetString(s.c_str(), static_cast<rapidjson::SizeType>(s.size()), a);
  } else if (value.IsObject()) {
    // A member whose value is only "{name}", with nothing captured as name, is left out (a
    // requestState the server did not send is not echoed); member names are substituted too (the
    // keys of inputResponses are the server's).
    // By index: clang finds RapidJSON's iterator comparison ambiguous in C++20.
    for (rapidjson::SizeType i = 0; i < value.MemberCount();) {
      const auto it = value.MemberBegin() + i;
      if (it->value.IsString()) {
        const std::string name = whole_placeholder({it->value.GetString(), it->value.GetStringLength()});
        if (!name.empty() && !captures.contains(name)) {
          value.EraseMember(it);
          continue;
        }
      }
      std::string key(it->name.GetString(), it->name.GetStringLength());
      bool changed = false;
      substitute_string(key, captures, changed);
      if (changed) it->name.SetString(key.c_str(), static_cast<rapidjson::SizeType>(key.size()), a);
      substitute(it->value, captures, a);
      ++i;
    }
  } else if (value.IsArray()) {
    for (auto& item : value.GetArray()) substitute(item, captures, a);
  }
}

namespace {

// {"$tampered": {"capture": name, "replace": text, "with": text}} as a member's whole value: that
// capture altered (cases/state_tamper.h), for the case about a server's requestState integrity.
// After substitute(), so the altered state, which may look like JSON, is never read as a template.
void apply_tampering(Value& value, const Captures& captures, rapidjson::Document::AllocatorType& a,
                     std::vector<std::string>& notes) {
  if (value.IsObject()) {
    for (rapidjson::SizeType i = 0; i < value.MemberCount();) {
      const auto it = value.MemberBegin() + i;
      const Value* spec = it->value.IsObject() && it->value.MemberCount() == 1
                              ? find_member(it->value, "$tampered")
                              : nullptr;
      if (spec == nullptr) {
        apply_tampering(it->value, captures, a, notes);
        ++i;
        continue;
      }
      const Value* name = find_member(*spec, "capture");
      const Value* from = find_member(*spec, "replace");
      const Value* to = find_member(*spec, "with");
      const Value* state = name && name->IsString() ? captures.get(name->GetString()) : nullptr;
      const std::string member(it->name.GetString(), it->name.GetStringLength());
      if (state == nullptr || !state->IsString()) {
        // As "{name}" with nothing captured: nothing to alter, so the member is left out.
        notes.push_back(member + ": nothing captured as " +
                        (name && name->IsString() ? name->GetString() : "?") +
                        " to alter; the member is left out");
        value.EraseMember(it);
        continue;
      }
      const TamperedState t = tamper_state({state->GetString(), state->GetStringLength()},
                                           from && from->IsString() ? from->GetString() : "",
                                           to && to->IsString() ? to->GetString() : "");
      notes.push_back(member + " altered from the captured " + name->GetString() + ": " + t.how);
      it->value.SetString(t.state.c_str(), static_cast<rapidjson::SizeType>(t.state.size()), a);
      ++i;
    }
  } else if (value.IsArray()) {
    for (auto& item : value.GetArray()) apply_tampering(item, captures, a, notes);
  }
}

}  // namespace

StepEngine::StepEngine(const Case& c, Revision revision, const RunOptions& options)
    : case_(c),
      revision_(revision),
      options_(options),
      // Until the SUT is up the startup timeout bounds the case; then the case timeout (startup_done).
      deadline_(Deadline::after(options.startup_timeout)),
      retention_(options.max_kept_bytes, options.max_transcript_bytes),
      started_(Clock::now()) {
  record_.case_id = c.id;
  record_.revision = revision;
  record_.planned = revision;
}

bool StepEngine::has_check(std::string_view name) const {
  for (const Step& s : case_.steps) {
    if (s.kind == Step::Kind::Check && s.text == name) return true;
  }
  return false;
}

bool StepEngine::quiescent(std::string& why) const {
  if (eof_) return why = "the connection ended", false;
  if (ping_unanswered_) return why = "a ping of ours went unanswered", false;
  if (retention_.messages_not_kept() > 0) return why = "not every SUT message was kept", false;
  std::set<std::string> answered;
  for (const auto& d : sut_messages_) {
    if (!d->IsObject()) continue;
    const Value* id = find_member(*d, "id");
    if (id == nullptr) continue;
    if (!has_member(*d, "method")) {
      answered.insert(to_json(*id));
    } else if (!responded_ids_.contains(to_json(*id))) {
      return why = "a SUT request went unanswered", false;
    }
  }
  for (const std::string& id : harness_ids_) {
    if (!answered.contains(id)) return why = "a request of ours went unanswered", false;
  }
  return true;
}

bool StepEngine::planned_at(Revision r) const {
  return std::find(case_.revisions.begin(), case_.revisions.end(), r) != case_.revisions.end() &&
         (!options_.only_revision || *options_.only_revision == r);
}

bool StepEngine::negotiated(const std::string& version, const std::string& asked) {
  record_.negotiated = version;
  record_.asked_version = asked;
  const std::string planned(to_string(revision_));
  if (version == asked) return true;
  const std::string head = "negotiated " + version + " (asked " + asked + ")";
  const std::optional<Revision> v = parse_revision(version);
  if (!case_.sut.protocol_version.empty() || !v ||
      std::find(case_.revisions.begin(), case_.revisions.end(), *v) == case_.revisions.end()) {
    record_.skipped = head + ": the case does not apply to " + version;
    return false;
  }
  if (planned_at(*v)) {
    record_.skipped = head + ": the case runs at " + version + " in its own run";
    return false;
  }
  note(head + ": the case runs at " + version + ", which it also applies to");
  revision_ = *v;
  record_.revision = *v;
  return true;
}

RunRecord StepEngine::run() {
  const bool two_sessions =
      std::any_of(case_.steps.begin(), case_.steps.end(), [](const Step& s) { return s.second_session; });
  if (start() && (case_.manual_lifecycle || lifecycle()) && (!two_sessions || open_second_session())) {
    for (std::size_t i = 0; i < case_.steps.size() && !record_.failure && !record_.skipped &&
                            !record_.harness_error && !record_.sut_unavailable;
         ++i) {
      step_index_ = i;
      run_step(case_.steps[i]);
    }
    if (!record_.harness_error) finish_steps();
  }
  stop();
  // The SUT declined the case (skip_if_sut_declined): that is its outcome, whatever a step made of
  // the declining answer, such as a lifecycle failure for a tools/list answered with the SKIP
  // marker. Left beside it, the failure named a check in the reports of a SKIP row (found by the
  // fuzz target step_engine).
  if (record_.skipped) record_.failure.reset();
  // Said last and always kept: what the case did not keep of what the SUT sent.
  for (const std::string& s : {retention_.messages_summary(), retention_.transcript_summary(),
                               findings_dropped_ ? std::to_string(findings_dropped_) +
                                                       " further findings on SUT messages were not kept"
                                                 : std::string()}) {
    if (!s.empty()) record_.transcript.push_back({now_ms(), "note", s});
  }
  record_.duration_ms = now_ms();
  return std::move(record_);
}

double StepEngine::now_ms() const {
  return std::chrono::duration<double, std::milli>(Clock::now() - started_).count();
}

void StepEngine::note(std::string text) { transcribe("note", std::move(text)); }

void StepEngine::transcribe(const char* from, std::string text) {
  if (retention_.keep_entry(text.size(), std::string_view(from) == "note"))
    record_.transcript.push_back({now_ms(), from, std::move(text)});
}

bool StepEngine::send(const std::string& json) {
  transcribe("harness", abbreviate_utf8(json, kTranscriptTextLimit));
  // The self-check judges a case's first messages: every kind the harness writes is among them,
  // and a SUT's burst of 9,000 pings does not make the harness validate 9,000 pongs.
  if (self_check_enabled() && !sending_nonconformant_ && self_checked_ < kSelfCheckedMessages) {
    ++self_checked_;
    self_check_message(revision_, json, answered_method(json), case_.id);
  }
  if (ParsedJson sent = parse_json(json); sent.ok()) {
    wire_.harness_sent(sent.document);
    url_consent_.harness_sent(sent.document);
  }
  ++sends_;
  // A write waits 5 s at most and never past the case's deadline. A peer that stops reading
  // costs one timed-out write: the channel then gives the stream up (a message may be cut in
  // half), and later writes fail at once instead of waiting 5 s each.
  Deadline until = Deadline::after(std::chrono::seconds(5));
  if (deadline_.at() < until.at()) until = deadline_;
  const bool ok = channel_ && channel_->send(json, until);
  take_channel_notes();
  if (!ok && !send_failed_) note("writing to the SUT failed");  // once, not once per answer
  send_failed_ = !ok;
  return ok;
}

// The method of the SUT's request that a response of ours answers ("" for anything else).
std::string StepEngine::answered_method(const std::string& json) const {
  ParsedJson m = parse_json(json);
  const Value* id = m.ok() && !has_member(m.document, "method") ? find_member(m.document, "id") : nullptr;
  if (id == nullptr) return {};
  const std::string key = to_json(*id);
  // Newest first: an answer is nearly always to a request that just came (a burst of 9,000 pings
  // made a front-to-back scan quadratic).
  for (auto r = inbox_.rbegin(); r != inbox_.rend(); ++r) {
    const Value* rid = find_member(*r->doc, "id");
    if (rid == nullptr || to_json(*rid) != key) continue;
    if (std::string method = answered_method_of(*r->doc); !method.empty()) return method;
  }
  return {};
}

void StepEngine::take_channel_notes() {
  if (!channel_) return;
  for (std::string& n : channel_->take_notes()) {
    last_channel_note_ = abbreviate_utf8(n, 400);
    note(abbreviate_utf8(n, kTranscriptTextLimit));
  }
}

std::string StepEngine::closed_reason() const {
  return eof_detail_.empty() ? " (the SUT closed the connection)" : " (" + eof_detail_ + ")";
}

void StepEngine::respond(const Value& id, const std::string& result) {
  responded_ids_.insert(to_json(id));
  send(R"({"jsonrpc":"2.0","id":)" + to_json(id) + R"(,"result":)" + result + "}");
}

void StepEngine::respond_error(const Value& id, int code, const std::string& message) {
  responded_ids_.insert(to_json(id));
  Value text(rapidjson::StringRef(message.c_str(), static_cast<rapidjson::SizeType>(message.size())));
  send(R"({"jsonrpc":"2.0","id":)" + to_json(id) + R"(,"error":{"code":)" + std::to_string(code) +
       R"(,"message":)" + to_json(text) + "}}");
}

std::string StepEngine::new_request_id() {
  std::string id = std::to_string(next_id_++);
  harness_ids_.insert(id);
  return id;
}

bool StepEngine::pump(Deadline until) {
  if (deadline_.at() < until.at()) until = deadline_;
  if (const Deadline slice = Deadline::after(kPumpSlice); slice.at() < until.at()) until = slice;
  if (!channel_) return false;
  if (interrupt_signal() != 0) {
    // The harness was interrupted: this case ends now (and is not reported; see run_commands).
    if (!eof_) note("the harness was interrupted");
    eof_detail_ = "the harness was interrupted";
    eof_ = true;
    return false;
  }
  ReadResult r = channel_->receive(until);
  take_channel_notes();
  switch (r.status) {
    case ReadResult::Timeout: return false;
    case ReadResult::Eof:
      if (!eof_) note("the SUT closed its end of the connection");
      eof_ = true;
      return false;
    case ReadResult::Error:
      if (!r.request_id.empty() && sync_ids_.contains(r.request_id)) {
        // A settle's ping the SUT could not take (an HTTP error): that ping goes unanswered, the
        // conversation goes on.
        note("the ping was not answered: " + abbreviate_utf8(r.detail, 2000));
        sync_refused_ = true;
        return false;
      }
      if (!eof_)
        note(r.detail.empty() ? std::string("reading from the SUT failed")
                              : "the connection broke: " + r.detail);
      if (!eof_) eof_detail_ = abbreviate_utf8(r.detail, 2000);
      eof_ = true;
      return false;
    case ReadResult::TooLarge:
      note("the SUT sent a message over " + std::to_string(options_.max_message_bytes) + " bytes; discarded");
      add_finding({"json.too-large", "JSONRPC-MESSAGE-FORMAT", Level::Must, "",
                   "The SUT sent a message over the size limit.", ""});
      return true;
    case ReadResult::Line: break;
  }
  transcribe("sut", abbreviate_utf8(r.line, kTranscriptTextLimit));
  MessageCheckOptions check;
  check.revision = revision_;
  check.limits.max_bytes = options_.max_message_bytes;
  // Parsed once: the checks read the document, and the inbox keeps it.
  ParsedJson parsed = parse_json(r.line, check.limits);
  MessageReport report = check_parsed_message(parsed, check);
  // A message check_message already found a MUST defect in (its envelope, or the elicitation
  // rules the cases judge) is not judged again by the schema: one defect, one finding.
  bool judged_broken = false;
  for (Diagnostic& d : report.diagnostics) {
    judged_broken = judged_broken || d.level == Level::Must;
    if (d.level == Level::Must || d.level == Level::Should) add_finding(std::move(d));
  }
  if (parsed.ok()) {
    for (Diagnostic& d : wire_.sut_sent(parsed.document, revision_, judged_broken)) add_finding(std::move(d));
    url_consent_.sut_sent(parsed.document);
  }
  // Every message is checked; what is kept for the steps is bounded (retention.h).
  if (!retention_.keep_message(r.line.size())) {
    if (retention_.messages_not_kept() == 1) note(retention_.messages_summary());
    return true;
  }
  if (!parsed.ok()) return true;
  auto doc = std::make_shared<rapidjson::Document>(std::move(parsed.document));
  skip_if_sut_declined(*doc);
  // A pong is the settle's, whenever it comes: no step may take it for the answer it waits for.
  const Value* rid = doc->IsObject() && !has_member(*doc, "method") ? find_member(*doc, "id") : nullptr;
  const bool pong = rid != nullptr && !sync_ids_.empty() && sync_ids_.contains(to_json(*rid));
  inbox_.push_back(Received{doc, abbreviate_utf8(r.line, kTranscriptTextLimit), pong, false});
  sut_messages_.push_back(doc);
  sut_http_.push_back({r.http_status, r.http_post, std::move(r.http_version_header)});
  return true;
}

void StepEngine::add_finding(Diagnostic d) {
  if (record_.sut_findings.size() < kMaxFindings) {
    record_.sut_findings.push_back(std::move(d));
  } else {
    ++findings_dropped_;
  }
}

std::shared_ptr<rapidjson::Document> StepEngine::take(const Value& pattern, Deadline until) {
  // Each message is matched once per call: rescanning the whole inbox after every message read
  // made a burst of thousands of early messages quadratic (so are the loops below).
  for (std::size_t next = 0;;) {
    for (; next < inbox_.size(); ++next) {
      Received& r = inbox_[next];
      if (r.consumed) continue;
      if (match(pattern, *r.doc, captures_).matched) {
        r.consumed = true;
        return r.doc;
      }
    }
    if (eof_ || until.expired() || deadline_.expired()) return nullptr;
    pump(until);
  }
}

const Value* StepEngine::await_response(const std::string& id, Deadline until, std::string& why) {
  for (std::size_t next = 0;;) {
    for (; next < inbox_.size(); ++next) {
      Received& r = inbox_[next];
      if (r.consumed) continue;
      const Value* rid = find_member(*r.doc, "id");
      if (rid && !has_member(*r.doc, "method") && to_json(*rid) == id) {
        r.consumed = true;
        if (const Value* result = find_member(*r.doc, "result"); result && result->IsObject()) return result;
        why = "it answered with an error: " + abbreviate_utf8(r.text, 400);
        return nullptr;
      }
    }
    answer_unexpected_requests(nullptr);
    if (eof_ || until.expired() || deadline_.expired()) break;
    pump(until);
  }
  why = eof_ ? closed_reason().substr(1) : "no answer in time";
  if (const auto& wrong = wire_.first_unknown_response_id())
    why +=
        "; the SUT sent a response with id " + abbreviate_utf8(*wrong, 80) + ", which is no request of ours";
  return nullptr;
}

namespace {
constexpr const char* kNeverCameUp = "the SUT never came up: ";
}  // namespace

void StepEngine::sut_unavailable(std::string reason) {
  note(reason);
  // A SUT that answered, but with an id of no request of ours, came up: it is not called
  // unavailable (ERROR). The case's own rule was not reached ("not testable"); the wire row judges
  // the id (JSONRPC-RESPONSE-SAME-ID, wire_ledger.h).
  if (const auto& wrong = wire_.first_unknown_response_id()) {
    std::string evidence;
    for (const auto& m : sut_messages_) {
      const Value* id = m->IsObject() && !has_member(*m, "method") ? find_member(*m, "id") : nullptr;
      if (id != nullptr && to_json(*id) == *wrong) {
        evidence = abbreviate_utf8(to_json(*m), kTranscriptTextLimit);
        break;
      }
    }
    record_.failure = StepFailure{
        "jsonrpc.response-unknown-id",
        "",
        "The SUT answered, but with id " + abbreviate_utf8(*wrong, 80) +
            ", which is no request of ours; responses MUST include the same ID as "
            "the request they correspond to (" +
            (reason.starts_with(kNeverCameUp) ? reason.substr(std::strlen(kNeverCameUp)) : reason) + ")",
        "/id",
        std::move(evidence),
        true};
    return;
  }
  record_.sut_unavailable = std::move(reason);
}

void StepEngine::startup_done() { deadline_ = Deadline::after(options_.case_timeout); }

void StepEngine::fail_lifecycle(const char* check, std::string reason, std::string message) {
  record_.failure = StepFailure{check, "", std::move(reason), "", std::move(message), true};
}

void StepEngine::skip_if_sut_declined(const ExitInfo& exit) {
  if (exit.how != ExitInfo::How::Exited || exit.code != kSutSkipStatus) return;
  std::string reason = "the SUT exited with status 77 (skipped) and gave no reason";
  const std::string& err = record_.sut_stderr;
  // The last marker line of either kind says what the SUT declined.
  const auto line_at = [&](std::string_view marker) {
    for (std::size_t at = err.rfind(marker); at != std::string::npos;
         at = at == 0 ? std::string::npos : err.rfind(marker, at - 1)) {
      if (at == 0 || err[at - 1] == '\n') return at;
    }
    return std::string::npos;
  };
  const std::size_t case_at = line_at(kSkipMarker);
  const std::size_t revision_at = line_at(kSkipRevisionMarker);
  const bool whole_revision =
      revision_at != std::string::npos && (case_at == std::string::npos || revision_at > case_at);
  const std::size_t at = whole_revision ? revision_at : case_at;
  // Racing the harness's own SIGTERM, only the marker line tells a skip from a coincidence.
  if (exit.ended_by_harness && at == std::string::npos) return;
  if (at != std::string::npos) {
    const std::size_t begin = at + (whole_revision ? kSkipRevisionMarker : kSkipMarker).size();
    const std::size_t end = err.find('\n', begin);
    // The SUT's words, bounded: a revision's reason is repeated in every case of that revision.
    std::string line = abbreviate_utf8(
        std::string_view(err).substr(begin, end == std::string::npos ? std::string::npos : end - begin),
        kSkipReasonLimit);
    if (whole_revision) {
      reason = "the SUT cannot run any case at revision " + std::string(to_string(record_.planned)) + ": " +
               (line.empty() ? std::string("(no reason given)") : line);
      record_.revision_declined = true;
    } else if (!line.empty()) {
      reason = "the SUT cannot run this case: " + line;
    }
  }
  note(reason);
  record_.skipped = std::move(reason);
}

bool StepEngine::rejection_expected(const std::string& id) const {
  // Our request `id` broke the schema on purpose (its step is "nonconformant") and the step that
  // judges its answer asks for an error and no result: the SUT should have refused it before any
  // tool ran, so a tool's "cannot run this case" in a result is the malformed request served, the
  // rule broken, not a SKIP (a go-sdk push-API tool said so to a request without a protocol
  // version, S5). A conformant request whose refusal depends on what the tool needs (a capability)
  // is the tool's to decline.
  for (const auto& [sent_name, sent] : sent_ids_) {
    if (sent != id) continue;
    const std::string& name = sent_name;  // a structured binding cannot be captured (clang 14)
    const auto sent_by = std::find_if(case_.steps.begin(), case_.steps.end(), [&](const Step& s) {
      return s.kind == Step::Kind::Send && s.name == name && !s.nonconformant.empty();
    });
    if (sent_by == case_.steps.end()) return false;
    for (const Step& s : case_.steps) {
      if (s.kind == Step::Kind::Expect && s.target == name && s.body->IsObject() &&
          has_member(*s.body, "error") && !has_member(*s.body, "result"))
        return true;
    }
  }
  return false;
}

void StepEngine::skip_if_sut_declined(const Value& message) {
  // Only the SUT's answer to a request of ours can decline: over HTTP there is no exit status.
  const Value* id = find_member(message, "id");
  if (record_.skipped || id == nullptr || has_member(message, "method") ||
      !harness_ids_.contains(to_json(*id)) || sync_ids_.contains(to_json(*id)))
    return;
  std::optional<std::string> reason;
  if (const Value* error = find_member(message, "error"); error && error->IsObject()) {
    reason = skip_reason(find_member(*error, "message"));
  } else if (const Value* result = find_member(message, "result");
             result && result->IsObject() && !rejection_expected(to_json(*id))) {
    const Value* is_error = find_member(*result, "isError");
    const Value* content = find_member(*result, "content");
    if (is_error && is_error->IsBool() && is_error->GetBool() && content && content->IsArray() &&
        !content->Empty() && content->GetArray()[0].IsObject()) {
      reason = skip_reason(find_member(content->GetArray()[0], "text"));
    }
  }
  if (!reason) return;
  record_.skipped =
      "the SUT cannot run this case: " + (reason->empty() ? std::string("(no reason given)") : *reason);
  note(*record_.skipped);
}

void StepEngine::fail(const Step& s, std::string reason, std::string message_pointer, std::string message) {
  record_.failure =
      StepFailure{s.check_id,         s.pointer,     std::move(reason), std::move(message_pointer),
                  std::move(message), s.prerequisite};
}

void StepEngine::no_fetch(const Step& s) {
  record_.harness_error = "expect_no_fetch applies to client cases (the URL trap); " + s.pointer;
}

bool StepEngine::expected_later(const Received& r, const Step* current) {
  for (std::size_t i = step_index_; i < case_.steps.size(); ++i) {
    const Step& s = case_.steps[i];
    if (&s == current || s.kind != Step::Kind::Expect || !s.target.empty()) continue;
    Captures scratch = captures_;
    if (match(*s.body, *r.doc, scratch).matched) return true;
  }
  return false;
}

void StepEngine::answer_unexpected_requests(const Step* current) {
  // New messages are looked at once; the requests among them stay on a short list until they
  // are answered or taken, so a call costs the new messages plus the few requests still open.
  for (; requests_scanned_ < inbox_.size(); ++requests_scanned_) {
    const Received& r = inbox_[requests_scanned_];
    const Value* method = find_member(*r.doc, "method");
    if (method != nullptr && method->IsString() && find_member(*r.doc, "id") != nullptr)
      open_requests_.push_back(requests_scanned_);
  }
  std::vector<std::size_t> still_open;
  for (const std::size_t i : open_requests_) {
    Received& r = inbox_[i];
    if (r.consumed || r.answered) continue;
    if (current != nullptr) {
      Captures scratch = captures_;
      if (match(*current->body, *r.doc, scratch).matched) {
        still_open.push_back(i);
        continue;
      }
    }
    if (expected_later(r, current) || held(r)) {
      still_open.push_back(i);
      continue;
    }
    r.answered = true;
    answer(r);
  }
  open_requests_ = std::move(still_open);
}

void StepEngine::use_session(bool second) {
  if (second == in_second_session_ || !second_session_) return;
  SessionState& other = *second_session_;
  std::swap(channel_, other.channel);
  std::swap(inbox_, other.inbox);
  std::swap(eof_, other.eof);
  std::swap(eof_detail_, other.eof_detail);
  std::swap(requests_scanned_, other.requests_scanned);
  std::swap(open_requests_, other.open_requests);
  in_second_session_ = second;
  // The transcript says which session the messages after this note went over.
  note(second ? "on session B (the second session) from here" : "on session A from here");
}

void StepEngine::run_step(const Step& s) {
  use_session(s.second_session);
  switch (s.kind) {
    case Step::Kind::Send: do_send(s); break;
    case Step::Kind::Expect: do_expect(s); break;
    case Step::Kind::Reply: do_reply(s); break;
    case Step::Kind::ExpectSilence: do_silence(s); break;
    case Step::Kind::ExpectNoFetch: no_fetch(s); break;
    case Step::Kind::Check: do_check(s); break;
  }
  use_session(false);
}

void StepEngine::do_send(const Step& s) {
  rapidjson::Document message;
  message.CopyFrom(*s.body, message.GetAllocator());
  substitute(message, captures_, message.GetAllocator());
  std::vector<std::string> tampered;
  apply_tampering(message, captures_, message.GetAllocator(), tampered);
  for (std::string& t : tampered) note(std::move(t));
  message.AddMember("jsonrpc", "2.0", message.GetAllocator());
  const std::string method = message["method"].GetString();
  decorate_request(message);
  if (!method.starts_with("notifications/")) {
    const std::string id = new_request_id();
    message.AddMember("id", std::stoi(id), message.GetAllocator());
    if (!s.name.empty()) {
      sent_ids_[s.name] = id;
      unknown_responses_at_send_[s.name] = wire_.unknown_responses();
    }
    auto copy = std::make_shared<rapidjson::Document>();
    copy->CopyFrom(message, copy->GetAllocator());
    step_requests_[id] = std::move(copy);
  }
  if (method == "tools/call") {
    // What the harness asked a tool to elicit: schema-as-asked compares what the SUT sent with it.
    const Value* params = find_member(message, "params");
    const Value* args = params ? find_member(*params, "arguments") : nullptr;
    const Value* elicit = args && args->IsObject() ? find_member(*args, "params") : nullptr;
    if (elicit && elicit->IsObject()) {
      auto copy = std::make_shared<rapidjson::Document>();
      copy->CopyFrom(*elicit, copy->GetAllocator());
      asked_elicitations_.push_back(std::move(copy));
    }
  }
  auto* http = s.http_version_header ? dynamic_cast<HttpClientChannel*>(channel_.get()) : nullptr;
  if (http) http->override_version_header(*s.http_version_header);
  sending_nonconformant_ = !s.nonconformant.empty();
  const bool sent = send(to_json(message));
  sending_nonconformant_ = false;
  if (http) http->override_version_header(std::nullopt);
  if (!sent) fail(s, "the SUT is not reading any more");
}

void StepEngine::do_expect(const Step& s) {
  const auto wait = s.within.count() > 0 ? s.within : options_.expect_timeout;
  Deadline until = Deadline::after(wait);
  std::string closest, closest_pointer, closest_text;
  int best = std::numeric_limits<int>::min();
  int polls = 1;  // requests of s.target sent so far, for a polling step
  for (std::size_t next = 0;;) {
    bool polled = false;  // asked again: the unconsumed inbox is looked at anew for its response
    for (; next < inbox_.size() && !polled; ++next) {
      Received& r = inbox_[next];
      if (r.consumed) continue;
      if (!s.target.empty()) {
        const Value* rid = find_member(*r.doc, "id");
        const auto sent = sent_ids_.find(s.target);
        if (has_member(*r.doc, "method") || rid == nullptr || sent == sent_ids_.end() ||
            to_json(*rid) != sent->second) {
          continue;
        }
      }
      MatchResult m = match(*s.body, *r.doc, captures_);
      if (m.matched) {
        r.consumed = true;
        if (!s.name.empty()) matched_[s.name] = r.doc;
        return;
      }
      if (const int score = closeness(*s.body, *r.doc, m); score > best || !s.target.empty()) {
        best = score;
        closest =
            describe(*r.doc) + " differs at " + (m.pointer.empty() ? "the top" : m.pointer) + ": " + m.reason;
        closest_pointer = m.pointer;
        closest_text = r.text;
      }
      if (!s.target.empty()) {
        r.consumed = true;  // the one response to that request did not match: no other will come
        if (polls < s.poll_attempts && !eof_ && !deadline_.expired()) {
          // Polling: ask again after the interval (answering what the SUT asks meanwhile).
          ++polls;
          const Deadline pause = Deadline::after(s.poll_interval);
          while (!pause.expired() && !eof_ && !deadline_.expired()) {
            answer_unexpected_requests(&s);
            pump(pause);
          }
          if (!resend(s.target)) return fail(s, "the SUT is not reading any more");
          until = Deadline::after(wait);
          polled = true;
          continue;
        }
        return fail(s,
                    "the response to \"" + s.target + "\" does not match" +
                        (s.poll_attempts > 0 ? " (the last of " + std::to_string(polls) + " polls)" : "") +
                        ": " + closest,
                    closest_pointer, closest_text);
      }
    }
    if (polled) {
      next = 0;
      continue;
    }
    answer_unexpected_requests(&s);
    if (eof_ || until.expired() || deadline_.expired()) break;
    pump(until);
  }
  std::string reason = s.target.empty() ? "no SUT message matched" : "no response to \"" + s.target + "\"";
  reason += eof_ ? closed_reason() : " within " + std::to_string(wait.count()) + " ms";
  if (!s.absent_ok.empty()) {
    record_.absence_accepted = reason + ": " + s.absent_ok;
    note(s.check_id + ": " + *record_.absence_accepted);
    return;
  }
  if (!closest.empty()) reason += "; closest: " + closest;
  if (retention_.messages_not_kept() > 0) reason += "; " + retention_.messages_summary();
  if (s.arrival_prerequisite && !sut_sent_method(find_member(*s.body, "method")->GetString())) {
    fail(s, "the SUT sent no " + std::string(find_member(*s.body, "method")->GetString()) +
                " at all, so the rule about its content was not reached (" + reason + ")");
    record_.failure->prerequisite = true;
    return;
  }
  if (const auto at = unknown_responses_at_send_.find(s.target);
      at != unknown_responses_at_send_.end() && wire_.unknown_responses() > at->second) {
    // An answer came, with an id of no request of ours: the step's own rule cannot be judged
    // (not testable); the wire row judges the id (JSONRPC-RESPONSE-SAME-ID).
    reason += "; the SUT sent a response with id " + abbreviate_utf8(wire_.last_unknown_response_id(), 80) +
              ", which is no request of ours (the wire row judges the id)";
    fail(s, reason, closest_pointer, closest_text);
    record_.failure->prerequisite = true;
    return;
  }
  fail(s, reason, closest_pointer, closest_text);
  record_.failure->requirement = rule_broken_by(closest_text);
}

bool StepEngine::resend(const std::string& name) {
  const auto sent = sent_ids_.find(name);
  const auto request = sent == sent_ids_.end() ? step_requests_.end() : step_requests_.find(sent->second);
  if (request == step_requests_.end()) return false;
  auto message = std::make_shared<rapidjson::Document>();
  message->CopyFrom(*request->second, message->GetAllocator());
  const std::string id = new_request_id();
  (*message)["id"].SetInt(std::stoi(id));
  sent_ids_[name] = id;
  unknown_responses_at_send_[name] = wire_.unknown_responses();
  step_requests_[id] = message;
  return send(to_json(*message));
}

std::string StepEngine::rule_broken_by(const std::string& message) const {
  // The message closest to what a step expected, judged by check_message: the first MUST it
  // breaks that the case cites is the rule the step's mismatch shows (a nested schema breaks
  // FORM-SCHEMA-RESTRICTED, not the five other rules of its case).
  if (message.empty()) return {};
  MessageCheckOptions o;
  o.revision = revision_;
  ParsedJson parsed = parse_json(message);
  if (!parsed.ok()) return {};
  for (const Diagnostic& d : check_parsed_message(parsed, o).diagnostics) {
    if (d.level == Level::Must && std::find(case_.requirements.begin(), case_.requirements.end(),
                                            d.requirement) != case_.requirements.end())
      return d.requirement;
  }
  return {};
}

bool StepEngine::sut_sent_method(std::string_view method) const {
  for (const auto& m : sut_messages_) {
    const Value* v = find_member(*m, "method");
    if (v != nullptr && v->IsString() && std::string_view(v->GetString(), v->GetStringLength()) == method)
      return true;
  }
  return false;
}

void StepEngine::do_reply(const Step& s) {
  const auto it = matched_.find(s.target);
  if (it == matched_.end()) {
    record_.harness_error = s.pointer + ": \"" + s.target + "\" matched no request to answer";
    return;
  }
  // A pattern without "id" also matches a notification of that method: the SUT sent no request
  // to answer, which is its failure, not the harness's (found by the fuzz target step_engine).
  const Value* id = find_member(*it->second, "id");
  if (id == nullptr) {
    return fail(s,
                "the SUT's message matched as \"" + s.target +
                    "\" has no id: a notification, which no reply can answer",
                "", to_json(*it->second));
  }
  rapidjson::Document message;
  message.CopyFrom(*s.body, message.GetAllocator());
  substitute(message, captures_, message.GetAllocator());
  message.AddMember("jsonrpc", "2.0", message.GetAllocator());
  Value id_copy;
  id_copy.CopyFrom(*id, message.GetAllocator());
  message.AddMember("id", id_copy, message.GetAllocator());
  decorate_reply(message);
  responded_ids_.insert(to_json(*id));
  sending_nonconformant_ = !s.nonconformant.empty();
  const bool sent = send(to_json(message));
  sending_nonconformant_ = false;
  if (!sent) return fail(s, "the SUT is not reading any more");
  // An InputRequiredResult: the client's next request of the same method is its retry.
  const Value* result = find_member(message, "result");
  const Value* type = result && result->IsObject() ? find_member(*result, "resultType") : nullptr;
  if (type && type->IsString() && std::string_view(type->GetString()) == "input_required") {
    auto copy = std::make_shared<rapidjson::Document>();
    copy->CopyFrom(message, copy->GetAllocator());
    input_required_sent_.push_back({std::move(copy), it->second, inbox_.size()});
  }
}

bool StepEngine::do_modern_client_check(const Step& s) {
  if (case_.role != Role::Client || !features(revision_).modern_wire || !is_modern_client_check(s.text))
    return false;
  ModernClientTranscript t;
  t.revision = revision_;
  for (const auto& d : sut_messages_) t.sut_messages.push_back(d.get());
  // A client whose wider declaration the case accepted (client_run.cpp, capability_fits) is held
  // to declaring that on every request.
  t.asked_capability = declared_elicitation_ ? std::optional<const Value*>(declared_elicitation_.get())
                                             : case_.sut.capabilities;
  if (record_.transport == Transport::Http) {
    for (const HttpFacts& f : sut_http_) t.version_headers.push_back(f.version_header);
  }
  for (const InputRequiredSent& sent : input_required_sent_) {
    RetryExchange e{sent.original.get(), sent.response.get(), nullptr};
    const Value* method = find_member(*sent.original, "method");
    for (std::size_t i = sent.inbox_from; i < inbox_.size() && e.retry == nullptr && method; ++i) {
      const Value* m = find_member(*inbox_[i].doc, "method");
      if (m && find_member(*inbox_[i].doc, "id") && json_equal(*m, *method)) e.retry = inbox_[i].doc.get();
    }
    t.exchanges.push_back(e);
  }
  if (auto f = run_modern_client_check(s.text, t)) fail(s, f->reason, f->pointer, f->message);
  return true;
}

const Value* StepEngine::step_request(const std::string& id) const {
  const auto it = step_requests_.find(id);
  return it == step_requests_.end() ? nullptr : it->second.get();
}

void StepEngine::do_silence(const Step& s) {
  const Deadline until = Deadline::after(s.within);
  const std::size_t before = inbox_.size();
  while (!until.expired() && !eof_ && !deadline_.expired()) {
    answer_unexpected_requests(nullptr);
    pump(until);
  }
  // Requests the role answers by itself (a ping, a tools/list) are not noise, nor a late pong to
  // a settle's ping (consumed on arrival: nothing else is taken during a silence). A held tool
  // call is the one a 2025 case's elicitations nest in; on 2026-07-28 nothing nests, and a tool
  // call that comes during a silence is a request of its own (a retry, say).
  const bool modern = !calls_nest();
  for (std::size_t i = before; i < inbox_.size(); ++i) {
    const bool noise = modern && held(inbox_[i]) ? true : !inbox_[i].answered && !held(inbox_[i]);
    if (!inbox_[i].consumed && noise) {
      return fail(s, "expected no message for " + std::to_string(s.within.count()) + " ms, got one", "",
                  inbox_[i].text);
    }
  }
}

// One ping round trip: true when the SUT answered it (a result or an error: either way it read
// the ping, and so everything sent before it) by `until`.
bool StepEngine::sync_round(const std::string& method, Deadline until) {
  const std::string id = std::string(kSyncIdPrefix) + std::to_string(sync_base_ + sync_ids_.size() + 1);
  rapidjson::Document ping;
  ping.Parse(R"({"jsonrpc":"2.0"})");
  ping.AddMember("method",
                 Value(method.c_str(), static_cast<rapidjson::SizeType>(method.size()), ping.GetAllocator()),
                 ping.GetAllocator());
  decorate_request(ping);  // the modern wire's _meta, as on every request of ours
  ping.AddMember("id", Value(id.c_str(), static_cast<rapidjson::SizeType>(id.size()), ping.GetAllocator()),
                 ping.GetAllocator());
  const std::string key = to_json(ping["id"]);
  // Registered before sending: a pong is a response to a harness request, for every check.
  sync_ids_.insert(key);
  harness_ids_.insert(key);
  const std::size_t from = inbox_.size();
  sync_refused_ = false;
  if (!send(to_json(ping))) return false;
  // Requests the SUT sends meanwhile wait for the next step, as they did when this was a sleep.
  for (std::size_t next = from;;) {
    for (; next < inbox_.size(); ++next) {
      const Value* rid = find_member(*inbox_[next].doc, "id");
      if (rid && !has_member(*inbox_[next].doc, "method") && to_json(*rid) == key) return true;
    }
    if (eof_ || sync_refused_ || until.expired() || deadline_.expired()) return false;
    pump(until);
  }
}

// Before a check judges the whole transcript, what the SUT sent in answer to the last exchange
// (a second response, a request nobody asked for) must be in it. Waiting a fixed time made every
// case pay that time; a ping is answered as soon as the SUT has read what came before it.
//  - stdio (either role; the client's stdio is the relay's one socket): one stream, in order:
//    what the SUT wrote before the pong was read before it.
//  - HTTP: the pong comes on its own POST (server role) or as its own POST (client role), while
//    a message sent before it may be on another stream or connection, so cross-stream order is
//    not given. The SUT wrote it before the pong, so on loopback it is on its way already: after
//    the pong we read until the transport is quiet for twice the round trip of the last ping
//    (kHttpQuietMin..kHttpQuietMax; kFixedSettle at most in all).
// Two rounds, not one: a SUT that handles messages concurrently (an event loop that answers a ping
// before it has finished the work a reply before it started) has written that work's messages
// before it reads the second ping, unless the work waits on I/O or a timer.
// The sync request is sync_method(): ping, and on the 2026-07-28 wire (which removed ping) over
// stdio server/discover in the server role; the client role there has none.
// A SUT that does not answer is not failed for it: the check judges what came within kSyncWait,
// and later checks of the case fall back to the fixed wait (said in the transcript).
void StepEngine::settle() {
  if (eof_) return;
  // Without a sync request (the client role on the 2026-07-28 wire: a server sends the client no
  // request at all there; the server role over HTTP) the settle is the fixed wait, except that
  // over Streamable HTTP that wire has no GET stream: once every POST of ours has been
  // answered and its connection closed, the server has nowhere left to write, and the wait ends.
  const std::string method = sync_method();
  if (ping_unanswered_ || method.empty()) {
    if (sends_ == settled_at_sends_) return;
    const auto* http =
        features(revision_).modern_wire ? dynamic_cast<HttpClientChannel*>(channel_.get()) : nullptr;
    const Deadline fixed = Deadline::after(kFixedSettle);
    while (!fixed.expired() && !eof_) {
      if (http != nullptr && http->idle()) break;
      // In short slices while waiting for the last connection to close (its end is no message).
      Deadline slice = http != nullptr ? Deadline::after(std::chrono::milliseconds(1)) : fixed;
      if (fixed.at() < slice.at()) slice = fixed;
      pump(slice);
    }
    settled_at_sends_ = sends_;
    return;
  }
  if (sends_ == settled_at_sends_) return;  // nothing new asked of the SUT since the last settle
  // A step's own timeout, when shorter, bounds the wait too (a run with --timeout 500).
  const auto wait =
      options_.expect_timeout < kSyncWait ? std::max(options_.expect_timeout, kFixedSettle) : kSyncWait;
  const Deadline until = Deadline::after(wait);
  Clock::duration round_trip{};
  for (int round = 0; round < 2; ++round) {
    const Clock::time_point sent = Clock::now();
    const bool answered = sync_round(method, until);
    round_trip = Clock::now() - sent;
    if (!answered) {
      if (eof_) return;
      ping_unanswered_ = true;
      note("the SUT did not answer " + method + " within " + std::to_string(wait.count()) +
           " ms (not a failure in itself): the check judges what came by then, later checks of this case "
           "wait " +
           std::to_string(kFixedSettle.count()) + " ms instead");
      settled_at_sends_ = sends_;
      return;
    }
  }
  if (record_.transport == Transport::Http) {
    const auto quiet_for = std::clamp(std::chrono::ceil<std::chrono::milliseconds>(2 * round_trip),
                                      kHttpQuietMin, kHttpQuietMax);
    const Deadline cap = Deadline::after(kFixedSettle);
    while (!eof_ && !cap.expired()) {
      Deadline quiet = Deadline::after(quiet_for);
      if (cap.at() < quiet.at()) quiet = cap;
      if (!pump(quiet)) break;
    }
  }
  settled_at_sends_ = sends_;
}

void StepEngine::do_check(const Step& s) {
  settle();
  if (role_check(s)) return;
  if (do_modern_client_check(s)) return;
  const CheckEntry* check = find_check(s.text);
  if (check != nullptr && check->session == SessionJudge::StepEngine) {
    // A second session asks for a version that no server supports: the answer is "another
    // protocol version it supports" (MUST), which "SHOULD be the latest". This session showed the
    // server supports the case's revision, so its latest is at least that.
    constexpr const char* kUnsupported = "2000-01-01";
    std::string why;
    const std::optional<std::string> answer = second_session_version(kUnsupported, why);
    if (!answer) {
      if (record_.harness_error) return;
      return fail(s, "a second session asked for protocolVersion " + std::string(kUnsupported) + ": " + why);
    }
    const bool echoed = *answer == kUnsupported;
    if (s.text == "unsupported-version-not-echoed") {
      if (!echoed) return;
      fail(s,
           "asked for protocolVersion " + std::string(kUnsupported) +
               " (which no server supports), the server answered with that same version; a server that "
               "does not support the version asked for must answer with another one it supports",
           "/result/protocolVersion");
      record_.failure->requirement = "LIFECYCLE-SERVER-VERSION";
      return;
    }
    if (echoed) {
      // Which version is its latest cannot be seen; the echo itself is
      // unsupported-version-not-echoed's (a MUST).
      fail(s,
           "asked for protocolVersion " + std::string(kUnsupported) +
               ", the server answered with that same version, so its latest version cannot be seen",
           "/result/protocolVersion");
      record_.failure->prerequisite = true;
      return;
    }
    const std::string supported = record_.negotiated;
    if (!is_protocol_version(*answer) || *answer < supported) {
      return fail(s,
                  "asked for protocolVersion " + std::string(kUnsupported) +
                      " (which no server supports), the server answered \"" + *answer + "\"; it supports " +
                      supported + " (this session), so its latest version is not older than that",
                  "/result/protocolVersion");
    }
    return;
  }
  if (!is_transcript_check(s.text)) {
    record_.harness_error = "check " + s.text + " has no implementation for this run; " + s.pointer;
    return;
  }
  if (auto f = run_transcript_check(s.text, transcript())) {
    fail(s, f->reason, f->pointer, f->message);
    record_.failure->requirement = f->requirement;
  }
}

Transcript StepEngine::transcript() const {
  Transcript t;
  t.revision = revision_;
  t.role = case_.role;
  t.transport = record_.transport;
  for (const auto& d : sut_messages_) t.sut_messages.push_back(d.get());
  if (record_.transport == Transport::Http) {
    for (const HttpFacts& f : sut_http_) t.http_status.push_back(f.status);
  }
  t.harness_ids = harness_ids_;
  for (const auto& [id, request] : step_requests_) t.step_requests.emplace(id, request.get());
  for (const auto& a : asked_elicitations_) t.asked_elicitations.push_back(a.get());
  t.client_capability = client_capability_;
  t.sut_protocol_version = sut_protocol_version_;
  t.sut_findings = record_.sut_findings;
  t.closed_reason = eof_ ? closed_reason() : "";
  return t;
}

}  // namespace ec
