#include "cases/runner.h"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "cases/matcher.h"
#include "core/json.h"
#include "core/jsonrpc.h"
#include "core/utf8.h"
#include "schema/message_check.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "transport/child_process.h"
#include "transport/line_reader.h"

namespace ec {
namespace {

using Clock = std::chrono::steady_clock;
using rapidjson::Value;

constexpr std::size_t kTranscriptTextLimit = 64 * 1024;

struct Received {
  std::shared_ptr<rapidjson::Document> doc;
  std::string text;
  bool consumed = false;
};

// Replaces "{trap}" and "{name}" (a captured string) inside every string of `value`.
void substitute(Value& value, const Captures& captures, rapidjson::Document::AllocatorType& a) {
  if (value.IsString()) {
    std::string s(value.GetString(), value.GetStringLength());
    bool changed = false;
    for (std::size_t open = s.find('{'); open != std::string::npos; open = s.find('{', open + 1)) {
      const std::size_t close = s.find('}', open);
      if (close == std::string::npos) break;
      const Value* v = captures.get(s.substr(open + 1, close - open - 1));
      if (v == nullptr || !v->IsString()) continue;
      s.replace(open, close - open + 1, v->GetString(), v->GetStringLength());
      changed = true;
    }
    if (changed) value.SetString(s.c_str(), static_cast<rapidjson::SizeType>(s.size()), a);
  } else if (value.IsObject()) {
    for (auto it = value.MemberBegin(); it != value.MemberEnd(); ++it) substitute(it->value, captures, a);
  } else if (value.IsArray()) {
    for (auto& item : value.GetArray()) substitute(item, captures, a);
  }
}

class ServerCaseRun {
 public:
  ServerCaseRun(const Case& c, Revision revision, const RunOptions& options)
      : case_(c), revision_(revision), options_(options), started_(Clock::now()),
        deadline_(Deadline::after(options.case_timeout)) {
    record_.case_id = c.id;
    record_.revision = revision;
    record_.transport = Transport::Stdio;
    if (c.sut.capabilities && *c.sut.capabilities != nullptr) {
      declared_ = parse_elicitation_capability(*c.sut.capabilities, revision, "").capability;
    }
  }

  RunRecord run() {
    ChildOptions child_options;
    child_options.argv = options_.command;
    child_options.environment = {{"ELICIT_CONFORM_CASE", case_.id},
                                 {"MCP_CONFORMANCE_SCENARIO", case_.id},
                                 {"ELICIT_CONFORM_PROTOCOL_VERSION", std::string(to_string(revision_))},
                                 {"MCP_CONFORMANCE_PROTOCOL_VERSION", std::string(to_string(revision_))}};
    std::string error;
    child_ = ChildProcess::spawn(child_options, error);
    if (!child_) {
      record_.harness_error = "cannot start the SUT: " + error;
      return finish();
    }
    reader_ = std::make_unique<LineReader>(child_->stdout_fd(), options_.max_message_bytes);
    if (lifecycle()) {
      for (std::size_t i = 0; i < case_.steps.size() && !record_.failure && !record_.skipped; ++i) {
        step_index_ = i;
        run_step(case_.steps[i]);
      }
    }
    return finish();
  }

 private:
  // --- I/O -------------------------------------------------------------------------------
  double now_ms() const {
    return std::chrono::duration<double, std::milli>(Clock::now() - started_).count();
  }

  void note(std::string text) { record_.transcript.push_back({now_ms(), "note", std::move(text)}); }

  bool send(const std::string& json) {
    record_.transcript.push_back({now_ms(), "harness", json});
    const WriteStatus s = child_->write_line(json, Deadline::after(std::chrono::seconds(5)));
    if (s != WriteStatus::Ok) note("writing to the SUT failed: " + std::string(to_string(s)));
    return s == WriteStatus::Ok;
  }

  // Reads one SUT message (or nothing before `until`). Invalid lines become findings.
  bool pump(Deadline until) {
    if (deadline_.at() < until.at()) until = deadline_;
    ReadResult r = reader_->read(until);
    switch (r.status) {
      case ReadResult::Timeout: return false;
      case ReadResult::Eof:
        if (!eof_) note("the SUT closed its stdout");
        eof_ = true;
        return false;
      case ReadResult::Error:
        eof_ = true;
        note("reading from the SUT failed");
        return false;
      case ReadResult::TooLarge:
        note("the SUT sent a line over " + std::to_string(options_.max_message_bytes) + " bytes; discarded");
        record_.sut_findings.push_back({"json.too-large", "JSONRPC-MESSAGE-FORMAT", Level::Must, "",
                                        "The SUT sent a message over the size limit.", ""});
        return true;
      case ReadResult::Line: break;
    }
    record_.transcript.push_back({now_ms(), "sut", abbreviate_utf8(r.line, kTranscriptTextLimit)});
    MessageCheckOptions check;
    check.revision = revision_;
    check.limits.max_bytes = options_.max_message_bytes;
    MessageReport report = check_message_bytes(r.line, check);
    for (Diagnostic& d : report.diagnostics) {
      if (d.level == Level::Must || d.level == Level::Should) record_.sut_findings.push_back(std::move(d));
    }
    ParsedJson parsed = parse_json(r.line, check.limits);
    if (!parsed.ok()) return true;
    auto doc = std::make_shared<rapidjson::Document>(std::move(parsed.document));
    inbox_.push_back(Received{doc, r.line, false});
    sut_messages_.push_back(doc);
    return true;
  }

  // --- lifecycle ---------------------------------------------------------------------------
  bool lifecycle() {
    std::string caps = "{}";
    if (case_.sut.capabilities && *case_.sut.capabilities != nullptr) {
      caps = R"({"elicitation":)" + to_json(**case_.sut.capabilities) + "}";
    }
    const std::string id = std::to_string(next_id_++);
    harness_ids_.insert(id);
    send(R"({"jsonrpc":"2.0","id":)" + id + R"(,"method":"initialize","params":{"protocolVersion":")" +
         std::string(to_string(revision_)) + R"(","capabilities":)" + caps +
         R"(,"clientInfo":{"name":"elicit-conform","version":"0.1"}}})");
    if (!await_response(id, "lifecycle.initialize", "the SUT did not answer initialize")) return false;
    send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    if (case_.sut.needs_tools.empty()) return true;
    const std::string list_id = std::to_string(next_id_++);
    harness_ids_.insert(list_id);
    send(R"({"jsonrpc":"2.0","id":)" + list_id + R"(,"method":"tools/list"})");
    const Value* result = await_response(list_id, "lifecycle.tools-list", "the SUT did not answer tools/list");
    if (result == nullptr) return false;
    std::set<std::string> tools;
    if (const Value* list = find_member(*result, "tools"); list && list->IsArray()) {
      for (const Value& t : list->GetArray()) {
        if (const Value* n = find_member(t, "name"); n && n->IsString()) tools.insert(n->GetString());
      }
    }
    for (const std::string& needed : case_.sut.needs_tools) {
      if (!tools.contains(needed)) {
        record_.skipped = "the SUT has no tool \"" + needed + "\"";
        return false;
      }
    }
    return true;
  }

  // Waits for the response to a harness request; returns its result, or fails the case.
  const Value* await_response(const std::string& id, const char* check, const char* reason) {
    const Deadline until = Deadline::after(options_.expect_timeout);
    for (;;) {
      for (Received& r : inbox_) {
        if (r.consumed) continue;
        const Value* rid = find_member(*r.doc, "id");
        if (rid && !r.doc->HasMember("method") && to_json(*rid) == id) {
          r.consumed = true;
          if (const Value* result = find_member(*r.doc, "result"); result && result->IsObject()) return result;
          fail_lifecycle(check, std::string(reason) + ": it answered with an error", r.text);
          return nullptr;
        }
      }
      answer_unexpected_requests(nullptr);
      if (eof_ || until.expired() || deadline_.expired()) break;
      pump(until);
    }
    fail_lifecycle(check, std::string(reason) + (eof_ ? " (it closed its stdout)" : " in time"), "");
    return nullptr;
  }

  void fail_lifecycle(const char* check, std::string reason, std::string message) {
    record_.failure = StepFailure{check, "", std::move(reason), "", std::move(message), true};
  }

  // --- auto-answers --------------------------------------------------------------------------
  // Would any remaining expect step (other than `current`) take this message?
  bool expected_later(const Received& r, const Step* current) {
    for (std::size_t i = step_index_; i < case_.steps.size(); ++i) {
      const Step& s = case_.steps[i];
      if (&s == current || s.kind != Step::Kind::Expect || !s.target.empty()) continue;
      Captures scratch = captures_;
      if (match(*s.body, *r.doc, scratch).matched) return true;
    }
    return false;
  }

  void answer_unexpected_requests(const Step* current) {
    for (Received& r : inbox_) {
      if (r.consumed || answered_.contains(&r)) continue;
      const Value* method = find_member(*r.doc, "method");
      const Value* id = find_member(*r.doc, "id");
      if (method == nullptr || id == nullptr || !method->IsString()) continue;
      if (current != nullptr) {
        Captures scratch = captures_;
        if (match(*current->body, *r.doc, scratch).matched) continue;
      }
      if (expected_later(r, current)) continue;
      answered_.insert(&r);
      const std::string m = method->GetString();
      if (m == "ping") {
        send(R"({"jsonrpc":"2.0","id":)" + to_json(*id) + R"(,"result":{}})");
      } else if (m == kElicitCreate) {
        const Value* params = find_member(*r.doc, "params");
        const Value* mode = params ? find_member(*params, "mode") : nullptr;
        const Mode asked = mode && mode->IsString() && std::string_view(mode->GetString()) == "url" ? Mode::Url : Mode::Form;
        if (!declared_.supports(asked)) {
          send(R"({"jsonrpc":"2.0","id":)" + to_json(*id) + R"(,"error":{"code":-32602,"message":"elicitation mode )" +
               std::string(to_string(asked)) + R"( was not declared by this client"}})");
        } else {
          send(R"({"jsonrpc":"2.0","id":)" + to_json(*id) + R"(,"result":{"action":"cancel"}})");
        }
      } else {
        send(R"({"jsonrpc":"2.0","id":)" + to_json(*id) + R"(,"error":{"code":-32601,"message":"Method not found"}})");
      }
    }
  }

  // --- steps ---------------------------------------------------------------------------------
  std::string check_id(std::string_view what) const {
    return "step-" + std::to_string(step_index_) + "." + std::string(what);
  }

  void fail(const Step& s, std::string_view what, std::string reason, std::string message_pointer = "",
            std::string message = "") {
    record_.failure = StepFailure{check_id(what), s.pointer, std::move(reason), std::move(message_pointer),
                                  std::move(message), s.prerequisite};
  }

  void run_step(const Step& s) {
    switch (s.kind) {
      case Step::Kind::Send: return do_send(s);
      case Step::Kind::Expect: return do_expect(s);
      case Step::Kind::Reply: return do_reply(s);
      case Step::Kind::ExpectSilence: return do_silence(s);
      case Step::Kind::ExpectNoFetch:
        record_.harness_error = "expect_no_fetch applies to client cases (the URL trap); " + s.pointer;
        return;
      case Step::Kind::Check: return do_check(s);
    }
  }

  void do_send(const Step& s) {
    rapidjson::Document message;
    message.CopyFrom(*s.body, message.GetAllocator());
    substitute(message, captures_, message.GetAllocator());
    message.AddMember("jsonrpc", "2.0", message.GetAllocator());
    const std::string method = message["method"].GetString();
    if (!method.starts_with("notifications/")) {
      const int id = next_id_++;
      message.AddMember("id", id, message.GetAllocator());
      harness_ids_.insert(std::to_string(id));
      if (!s.name.empty()) sent_ids_[s.name] = std::to_string(id);
    }
    if (!send(to_json(message))) fail(s, "send", "the SUT is not reading its stdin any more");
  }

  void do_expect(const Step& s) {
    const Deadline until = Deadline::after(s.within.count() > 0 ? s.within : options_.expect_timeout);
    std::string closest;
    std::string closest_pointer, closest_text;
    for (;;) {
      for (Received& r : inbox_) {
        if (r.consumed) continue;
        if (!s.target.empty()) {
          const Value* rid = find_member(*r.doc, "id");
          const auto sent = sent_ids_.find(s.target);
          if (r.doc->HasMember("method") || rid == nullptr || sent == sent_ids_.end() || to_json(*rid) != sent->second) {
            continue;
          }
        }
        MatchResult m = match(*s.body, *r.doc, captures_);
        if (m.matched) {
          r.consumed = true;
          if (!s.name.empty()) matched_[s.name] = r.doc;
          return;
        }
        closest = m.reason;
        closest_pointer = m.pointer;
        closest_text = r.text;
        if (!s.target.empty()) {
          r.consumed = true;  // the one response to that request did not match: no other will come
          return fail(s, "expect", "the response to \"" + s.target + "\" does not match: " + closest, closest_pointer,
                      closest_text);
        }
      }
      answer_unexpected_requests(&s);
      if (eof_ || until.expired() || deadline_.expired()) break;
      pump(until);
    }
    std::string reason = s.target.empty() ? "no SUT message matched" : "no response to \"" + s.target + "\"";
    reason += eof_ ? " (the SUT closed its stdout)" : " within " + std::to_string((s.within.count() > 0 ? s.within : options_.expect_timeout).count()) + " ms";
    if (!closest.empty()) reason += "; closest: " + closest;
    fail(s, "expect", reason, closest_pointer, closest_text);
  }

  void do_reply(const Step& s) {
    const auto it = matched_.find(s.target);
    const Value* id = it == matched_.end() ? nullptr : find_member(*it->second, "id");
    if (id == nullptr) {
      record_.harness_error = s.pointer + ": \"" + s.target + "\" matched no request with an id to answer";
      return;
    }
    rapidjson::Document message;
    message.CopyFrom(*s.body, message.GetAllocator());
    substitute(message, captures_, message.GetAllocator());
    message.AddMember("jsonrpc", "2.0", message.GetAllocator());
    Value id_copy;
    id_copy.CopyFrom(*id, message.GetAllocator());
    message.AddMember("id", id_copy, message.GetAllocator());
    if (!send(to_json(message))) fail(s, "reply", "the SUT is not reading its stdin any more");
  }

  void do_silence(const Step& s) {
    const Deadline until = Deadline::after(s.within);
    const std::size_t before = inbox_.size();
    while (!until.expired() && !eof_ && !deadline_.expired()) pump(until);
    if (inbox_.size() > before) {
      fail(s, "silence", "expected no message for " + std::to_string(s.within.count()) + " ms, got one", "",
           inbox_[before].text);
    }
  }

  void do_check(const Step& s) {
    // Let in-flight messages arrive before judging the whole transcript.
    const Deadline settle = Deadline::after(std::chrono::milliseconds(100));
    while (!settle.expired() && !eof_) pump(settle);
    if (s.text == "no-elicitation") {
      for (const auto& d : sut_messages_) {
        const Value* m = find_member(*d, "method");
        if (m && m->IsString() && std::string_view(m->GetString()) == kElicitCreate) {
          return fail(s, "check.no-elicitation", "the SUT sent elicitation/create", "/method", to_json(*d));
        }
      }
    } else if (s.text == "elicitations-valid") {
      for (const auto& d : sut_messages_) {
        const Value* m = find_member(*d, "method");
        if (!m || !m->IsString() || std::string_view(m->GetString()) != kElicitCreate) continue;
        MessageCheckOptions o;
        o.revision = revision_;
        MessageReport report = check_message(*d, o);
        for (const Diagnostic& diag : report.diagnostics) {
          if (diag.level == Level::Must) {
            return fail(s, "check.elicitations-valid", diag.check + ": " + diag.message, diag.pointer, to_json(*d));
          }
        }
        const Value* params = find_member(*d, "params");
        const Value* mode = params ? find_member(*params, "mode") : nullptr;
        const Mode asked = mode && mode->IsString() && std::string_view(mode->GetString()) == "url" ? Mode::Url : Mode::Form;
        if (!declared_.supports(asked)) {
          return fail(s, "check.elicitations-valid", "elicitation/create in " + std::string(to_string(asked)) +
                                                        " mode, which the client did not declare (declared: " +
                                                        declared_.describe() + ")",
                      "/params/mode", to_json(*d));
        }
      }
    } else if (s.text == "no-id-reuse") {
      std::set<std::string> seen;
      for (const auto& d : sut_messages_) {
        const Value* id = find_member(*d, "id");
        if (id == nullptr || !d->HasMember("method")) continue;
        if (!seen.insert(to_json(*id)).second) {
          return fail(s, "check.no-id-reuse", "the SUT used request id " + to_json(*id) + " twice", "/id", to_json(*d));
        }
      }
    } else if (s.text == "no-response-to-notification") {
      for (const auto& d : sut_messages_) {
        const Value* id = find_member(*d, "id");
        if (id == nullptr || d->HasMember("method")) continue;
        if (!harness_ids_.contains(to_json(*id))) {
          return fail(s, "check.no-response-to-notification",
                      "the SUT sent a response with id " + to_json(*id) + ", which no harness request had", "/id",
                      to_json(*d));
        }
      }
    }
  }

  RunRecord finish() {
    if (child_) {
      const ExitInfo exit = child_->terminate(std::chrono::milliseconds(500));
      record_.sut_exit = exit.describe();
      record_.sut_stderr = child_->stderr_text();
    }
    record_.duration_ms = now_ms();
    return std::move(record_);
  }

  const Case& case_;
  Revision revision_;
  const RunOptions& options_;
  Clock::time_point started_;
  Deadline deadline_;
  RunRecord record_;
  ElicitationCapability declared_;
  std::unique_ptr<ChildProcess> child_;
  std::unique_ptr<LineReader> reader_;
  std::deque<Received> inbox_;
  std::set<const Received*> answered_;
  std::vector<std::shared_ptr<rapidjson::Document>> sut_messages_;
  std::map<std::string, std::string> sent_ids_;
  std::map<std::string, std::shared_ptr<rapidjson::Document>> matched_;
  std::set<std::string> harness_ids_;
  Captures captures_;
  int next_id_ = 1;
  std::size_t step_index_ = 0;
  bool eof_ = false;
};

}  // namespace

RunRecord run_case(const Case& c, Revision revision, const RunOptions& options) {
  if (c.role == CaseRole::Client) {
    RunRecord record;
    record.case_id = c.id;
    record.revision = revision;
    record.skipped = "client cases need the stdio relay, which this build does not have yet";
    return record;
  }
  return ServerCaseRun(c, revision, options).run();
}

}  // namespace ec
