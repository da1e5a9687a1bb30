// The pure state of one MCP connection, as far as elicitation needs it: the negotiated
// revision, what the client declared, the requests in flight in each direction, and the URL
// elicitations the server issued and completed. No I/O: the runner feeds it what it saw and
// asks it questions ("is this completion for an id this server issued and did not complete?").
#pragma once

#include <cstddef>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "core/jsonrpc.h"
#include "spec/capability.h"
#include "spec/revision.h"

namespace ec {

enum class Side { Client, Server };
std::string_view to_string(Side side);

enum class IdUse {
  Fresh,   // first use of this id by this sender
  Reused,  // this sender used the id before in this session (JSON-RPC: ids are not reused)
};

enum class ResponseMatch {
  Pending,          // answers a request in flight; the request is now answered
  Unknown,          // no request with this id was sent to the responder
  AlreadyAnswered,  // the request was answered before: a second response
};

enum class CompletionStatus {
  Issued,            // the id was issued and not yet completed; it is now completed
  Unknown,           // never issued in this session
  AlreadyCompleted,  // issued, and a completion was seen before
};

std::string_view to_string(CompletionStatus status);

class Session {
 public:
  explicit Session(Revision revision) : revision_(revision) {}

  Revision revision() const { return revision_; }

  void set_client_capability(const ElicitationCapability& capability) { capability_ = capability; }
  const ElicitationCapability& client_capability() const { return capability_; }
  bool client_supports(Mode mode) const { return capability_.supports(mode); }

  // A request `sender` sent. Records it as in flight; says whether the id was used before.
  IdUse on_request(Side sender, const RequestId& id, std::string method);

  // A response from `responder` to a request the other side sent.
  ResponseMatch on_response(Side responder, const RequestId& id);

  // The method of a request in flight or answered, "" when unknown.
  std::string method_of(Side sender, const RequestId& id) const;
  std::size_t in_flight(Side sender) const;

  // URL-mode elicitation ids issued by the server (in elicitation/create or a -32042 error).
  // Re-issuing an id that is still open is allowed (a -32042 retry lists it again).
  void on_elicitation_issued(const std::string& elicitation_id);
  bool was_issued(const std::string& elicitation_id) const;

  // A notifications/elicitation/complete: classifies the id, and marks it completed.
  CompletionStatus on_completion(const std::string& elicitation_id);

 private:
  struct Requests {
    std::unordered_map<RequestId, std::string, RequestIdHash> method;  // every id ever used
    std::unordered_set<RequestId, RequestIdHash> pending;
  };
  Requests& requests_of(Side sender) { return sender == Side::Client ? client_requests_ : server_requests_; }
  const Requests& requests_of(Side sender) const {
    return sender == Side::Client ? client_requests_ : server_requests_;
  }

  Revision revision_;
  ElicitationCapability capability_;
  Requests client_requests_;
  Requests server_requests_;
  std::unordered_set<std::string> issued_;
  std::unordered_set<std::string> completed_;
};

}  // namespace ec
