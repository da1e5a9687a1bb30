// JSON-RPC 2.0 message classification as MCP uses it (schema.json: JSONRPCRequest,
// JSONRPCNotification, JSONRPCResultResponse, JSONRPCErrorResponse). Classification always
// returns a best guess of the kind plus one diagnostic per malformation, so a checker can go on
// and say more about a message that is only slightly wrong.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <rapidjson/document.h>

#include "core/diagnostic.h"

namespace ec {

enum class MessageKind { Request, Notification, ResultResponse, ErrorResponse, Invalid };

std::string_view to_string(MessageKind kind);

// A request id as MCP allows it: a string or an integer (never null, never fractional).
// Integers are kept as their decimal text, so 7 and "7" are different ids, as on the wire.
struct RequestId {
  enum class Type { Integer, String };
  Type type = Type::Integer;
  std::string text;

  bool operator==(const RequestId&) const = default;
  std::string display() const;  // 7 or "7"
};

struct RequestIdHash {
  std::size_t operator()(const RequestId& id) const;
};

// What differs between revisions at this level.
struct JsonRpcRules {
  // 2025-11-25 made `id` optional on error responses (an error to an unparseable request
  // cannot name one); 2025-06-18 requires it.
  bool error_response_id_optional = true;
};

struct ClassifiedMessage {
  MessageKind kind = MessageKind::Invalid;
  std::optional<RequestId> id;
  std::string method;                        // requests and notifications
  const rapidjson::Value* params = nullptr;  // requests and notifications, when present
  const rapidjson::Value* result = nullptr;  // result responses
  const rapidjson::Value* error = nullptr;   // error responses: the `error` object
  std::optional<std::int64_t> error_code;    // error responses with an integer code
  Diagnostics diagnostics;
};

// Classifies one parsed message. The returned pointers point into `message`.
ClassifiedMessage classify_message(const rapidjson::Value& message, const JsonRpcRules& rules = {});

// Reads a request id value; nullopt (and a diagnostic) for null, booleans, fractions, objects.
std::optional<RequestId> read_request_id(const rapidjson::Value& value, const std::string& pointer,
                                         Diagnostics& out);

}  // namespace ec
