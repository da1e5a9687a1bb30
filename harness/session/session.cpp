#include "session/session.h"

namespace ec {

std::string_view to_string(Side side) { return side == Side::Client ? "client" : "server"; }

std::string_view to_string(CompletionStatus status) {
  switch (status) {
    case CompletionStatus::Issued: return "issued";
    case CompletionStatus::Unknown: return "unknown";
    case CompletionStatus::AlreadyCompleted: return "already completed";
  }
  return "?";
}

IdUse Session::on_request(Side sender, const RequestId& id, std::string method) {
  Requests& r = requests_of(sender);
  const bool fresh = r.method.emplace(id, std::move(method)).second;
  // A reused id still becomes the request in flight: the next response most likely answers it.
  r.pending.insert(id);
  return fresh ? IdUse::Fresh : IdUse::Reused;
}

ResponseMatch Session::on_response(Side responder, const RequestId& id) {
  Requests& r = requests_of(responder == Side::Client ? Side::Server : Side::Client);
  if (r.pending.erase(id) > 0) return ResponseMatch::Pending;
  return r.method.contains(id) ? ResponseMatch::AlreadyAnswered : ResponseMatch::Unknown;
}

std::string Session::method_of(Side sender, const RequestId& id) const {
  const Requests& r = requests_of(sender);
  auto it = r.method.find(id);
  return it == r.method.end() ? "" : it->second;
}

std::size_t Session::in_flight(Side sender) const { return requests_of(sender).pending.size(); }

void Session::on_elicitation_issued(const std::string& elicitation_id) {
  issued_.insert(elicitation_id);
}

bool Session::was_issued(const std::string& elicitation_id) const {
  return issued_.contains(elicitation_id);
}

CompletionStatus Session::on_completion(const std::string& elicitation_id) {
  if (!issued_.contains(elicitation_id)) return CompletionStatus::Unknown;
  if (!completed_.insert(elicitation_id).second) return CompletionStatus::AlreadyCompleted;
  return CompletionStatus::Issued;
}

}  // namespace ec
