// Fuzzes the session state machine (session/session.h) with a transcript: newline-separated
// JSON-RPC messages, each optionally prefixed by who sent it: 's' the server, 'c' the client
// (no prefix: the client). Every line is parsed and classified, then drives the Session as the
// runner does: requests (on_request), responses (on_response), initialize's elicitation
// capability (set_client_capability), URL-mode elicitation/create and -32042 entries
// (on_elicitation_issued), completion notifications (on_completion). Both revisions.
// Invariant beyond "no crash": the Session answers every question exactly as a plain model of
// the rules kept beside it (ordered maps, no hashing): ids fresh on first use per sender,
// a response matches a pending request of the other side once and is "already answered" after,
// in-flight counts, the method of an id, completion of an id issued, unknown or completed
// before, and the modes the declared capability supports.
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "core/json.h"
#include "core/jsonrpc.h"
#include "fuzz_support.h"
#include "session/session.h"
#include "spec/capability.h"
#include "spec/elicitation.h"

namespace {

using ec::fuzz::require;
using Key = std::pair<int, std::string>;

constexpr ec::ParseLimits kLimits{std::size_t{1} << 20, 64};

Key key_of(const ec::RequestId& id) { return {static_cast<int>(id.type), id.text}; }

struct Model {
  struct Requests {
    std::map<Key, std::string> method;  // first method per id, as the Session keeps it
    std::set<Key> pending;
  };
  Requests client, server;
  std::set<std::string> issued, completed;
  ec::ElicitationCapability capability;

  Requests& of(ec::Side s) { return s == ec::Side::Client ? client : server; }
};

class Driver {
 public:
  explicit Driver(ec::Revision revision) : revision_(revision), session_(revision) {}

  void feed(ec::Side sender, std::string_view line) {
    const ec::ParsedJson parsed = ec::parse_json(line, kLimits);
    if (!parsed.ok()) return;
    ec::JsonRpcRules rules;
    rules.error_response_id_optional = ec::features(revision_).error_response_id_optional;
    const ec::ClassifiedMessage m = ec::classify_message(parsed.document, rules);
    switch (m.kind) {
      case ec::MessageKind::Request:
        if (m.id) request(sender, *m.id, m);
        break;
      case ec::MessageKind::Notification:
        if (m.method == ec::kElicitComplete) completion(m.params);
        break;
      case ec::MessageKind::ResultResponse:
      case ec::MessageKind::ErrorResponse:
        if (m.id) response(sender, *m.id);
        if (sender == ec::Side::Server && m.error_code == ec::kUrlElicitationRequired && m.error != nullptr) {
          for (const ec::ElicitRequest& r : ec::parse_url_required_error(*m.error, revision_, "/error").elicitations) {
            issue(r.elicitation_id);
          }
        }
        break;
      case ec::MessageKind::Invalid:
        break;
    }
    check_state();
  }

 private:
  void request(ec::Side sender, const ec::RequestId& id, const ec::ClassifiedMessage& m) {
    Model::Requests& r = model_.of(sender);
    const bool fresh = r.method.emplace(key_of(id), m.method).second;
    r.pending.insert(key_of(id));
    const ec::IdUse use = session_.on_request(sender, id, m.method);
    require(use == (fresh ? ec::IdUse::Fresh : ec::IdUse::Reused), "on_request: fresh exactly on first use", id.display());
    require(session_.method_of(sender, id) == r.method[key_of(id)], "method_of is the first method of the id", id.display());

    if (sender == ec::Side::Client && m.method == "initialize") {
      const rapidjson::Value* caps = m.params ? ec::find_member(*m.params, "capabilities") : nullptr;
      const rapidjson::Value* elicitation = caps ? ec::find_member(*caps, "elicitation") : nullptr;
      model_.capability = ec::parse_elicitation_capability(elicitation, revision_, "").capability;
      session_.set_client_capability(model_.capability);
    }
    if (sender == ec::Side::Server && m.method == ec::kElicitCreate && m.params != nullptr) {
      const ec::ElicitRequestParse p = ec::parse_elicit_request(*m.params, revision_, "/params");
      if (p.request && p.request->mode == ec::Mode::Url) issue(p.request->elicitation_id);
    }
  }

  void response(ec::Side responder, const ec::RequestId& id) {
    Model::Requests& r = model_.of(responder == ec::Side::Client ? ec::Side::Server : ec::Side::Client);
    ec::ResponseMatch expected = ec::ResponseMatch::Unknown;
    if (r.pending.erase(key_of(id)) > 0) {
      expected = ec::ResponseMatch::Pending;
    } else if (r.method.contains(key_of(id))) {
      expected = ec::ResponseMatch::AlreadyAnswered;
    }
    require(session_.on_response(responder, id) == expected, "on_response matches the model", id.display());
  }

  void issue(const std::string& elicitation_id) {
    model_.issued.insert(elicitation_id);
    session_.on_elicitation_issued(elicitation_id);
    require(session_.was_issued(elicitation_id), "an issued id was issued", elicitation_id);
  }

  void completion(const rapidjson::Value* params) {
    const ec::CompletionNotificationParse p = ec::parse_completion_notification(params, revision_, "/params");
    if (!p.elicitation_id) return;
    const std::string& id = *p.elicitation_id;
    ec::CompletionStatus expected = ec::CompletionStatus::Unknown;
    if (model_.issued.contains(id)) {
      expected = model_.completed.insert(id).second ? ec::CompletionStatus::Issued : ec::CompletionStatus::AlreadyCompleted;
    }
    const ec::CompletionStatus got = session_.on_completion(id);
    require(got == expected, "on_completion matches the model",
            id + ": " + std::string(ec::to_string(got)) + " vs " + std::string(ec::to_string(expected)));
  }

  void check_state() {
    require(session_.revision() == revision_, "the revision does not change");
    require(session_.in_flight(ec::Side::Client) == model_.client.pending.size() &&
                session_.in_flight(ec::Side::Server) == model_.server.pending.size(),
            "in-flight counts match the model");
    for (ec::Mode mode : {ec::Mode::Form, ec::Mode::Url}) {
      require(session_.client_supports(mode) == model_.capability.supports(mode), "capability matches the model");
    }
  }

  ec::Revision revision_;
  ec::Session session_;
  Model model_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view transcript = ec::fuzz::as_text(data, size);
  for (ec::Revision revision : ec::all_revisions()) {
    Driver driver(revision);
    std::size_t start = 0;
    while (start <= transcript.size()) {
      std::size_t end = transcript.find('\n', start);
      if (end == std::string_view::npos) end = transcript.size();
      std::string_view line = transcript.substr(start, end - start);
      ec::Side sender = ec::Side::Client;
      if (line.starts_with('s') || line.starts_with('c')) {
        sender = line[0] == 's' ? ec::Side::Server : ec::Side::Client;
        line.remove_prefix(1);
      }
      driver.feed(sender, line);
      start = end + 1;
    }
  }
  return 0;
}
