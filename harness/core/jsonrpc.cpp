#include "core/jsonrpc.h"

#include <functional>

#include "core/json.h"

namespace ec {
namespace {

constexpr const char* kFormat = "JSONRPC-MESSAGE-FORMAT";
constexpr const char* kIdType = "JSONRPC-ID-TYPE";
constexpr const char* kResultXorError = "JSONRPC-RESULT-XOR-ERROR";
constexpr const char* kBasisRequest = "schema.json #/$defs/JSONRPCRequest";
constexpr const char* kBasisResponse = "schema.json #/$defs/JSONRPCResultResponse";
constexpr const char* kBasisError = "schema.json #/$defs/JSONRPCErrorResponse";

void add(Diagnostics& out, const char* check, const char* requirement, Level level, std::string pointer,
         std::string message, const char* basis) {
  out.push_back(Diagnostic{check, requirement, level, std::move(pointer), std::move(message), basis});
}

}  // namespace

std::string_view to_string(MessageKind kind) {
  switch (kind) {
    case MessageKind::Request: return "request";
    case MessageKind::Notification: return "notification";
    case MessageKind::ResultResponse: return "result response";
    case MessageKind::ErrorResponse: return "error response";
    case MessageKind::Invalid: return "invalid message";
  }
  return "?";
}

std::string RequestId::display() const { return type == Type::String ? "\"" + text + "\"" : text; }

std::size_t RequestIdHash::operator()(const RequestId& id) const {
  return std::hash<std::string>()(id.text) ^ (id.type == RequestId::Type::String ? 0x9e3779b9u : 0u);
}

std::optional<RequestId> read_request_id(const rapidjson::Value& value, const std::string& pointer,
                                         Diagnostics& out) {
  if (value.IsString()) {
    return RequestId{RequestId::Type::String, std::string(value.GetString(), value.GetStringLength())};
  }
  if (value.IsInt64()) return RequestId{RequestId::Type::Integer, std::to_string(value.GetInt64())};
  if (value.IsUint64()) return RequestId{RequestId::Type::Integer, std::to_string(value.GetUint64())};
  if (value.IsNull()) {
    add(out, "jsonrpc.id-null", kIdType, Level::Must, pointer,
        "The id is null; MCP requires a string or an integer id (RequestId), unlike base JSON-RPC.",
        "schema.json #/$defs/RequestId");
    return std::nullopt;
  }
  if (value.IsDouble() && is_integral(value)) {
    add(out, "jsonrpc.id-not-integer", kIdType, Level::Must, pointer,
        "The id " + to_json(value) +
            " is written as a fraction or exponent, or is beyond 64 bits; send it as a plain "
            "integer or a string.",
        "schema.json #/$defs/RequestId");
    return std::nullopt;
  }
  add(out, "jsonrpc.id-type", kIdType, Level::Must, pointer,
      "The id is " + std::string(json_type_name(value)) + "; a request id must be a string or an integer.",
      "schema.json #/$defs/RequestId");
  return std::nullopt;
}

ClassifiedMessage classify_message(const rapidjson::Value& message, const JsonRpcRules& rules) {
  ClassifiedMessage out;
  Diagnostics& diags = out.diagnostics;
  if (message.IsArray()) {
    add(diags, "jsonrpc.batch", kFormat, Level::Must, "",
        "A JSON array (a JSON-RPC batch) is not an MCP message: MCP 2025-06-18 and later send one "
        "object per message.",
        "schema.json #/$defs/JSONRPCMessage");
    return out;
  }
  if (!message.IsObject()) {
    add(diags, "jsonrpc.not-object", kFormat, Level::Must, "",
        "The message is a JSON " + std::string(json_type_name(message)) +
            "; a JSON-RPC message is an object.",
        "schema.json #/$defs/JSONRPCMessage");
    return out;
  }

  const rapidjson::Value* version = find_member(message, "jsonrpc");
  if (version == nullptr) {
    add(diags, "jsonrpc.version-missing", kFormat, Level::Must, "/jsonrpc",
        "The member \"jsonrpc\": \"2.0\" is missing.", kBasisRequest);
  } else if (!version->IsString() || std::string_view(version->GetString()) != "2.0") {
    add(diags, "jsonrpc.version-wrong", kFormat, Level::Must, "/jsonrpc",
        "\"jsonrpc\" is " + to_json(*version) + "; it must be the string \"2.0\".", kBasisRequest);
  }

  const rapidjson::Value* method = find_member(message, "method");
  const rapidjson::Value* id = find_member(message, "id");
  const rapidjson::Value* result = find_member(message, "result");
  const rapidjson::Value* error = find_member(message, "error");

  if (id != nullptr) out.id = read_request_id(*id, "/id", diags);

  if (method != nullptr) {
    out.kind = id != nullptr ? MessageKind::Request : MessageKind::Notification;
    if (!method->IsString()) {
      add(diags, "jsonrpc.method-type", kFormat, Level::Must, "/method",
          "\"method\" is " + std::string(json_type_name(*method)) + "; it must be a string.", kBasisRequest);
    } else {
      out.method.assign(method->GetString(), method->GetStringLength());
    }
    if (const rapidjson::Value* params = find_member(message, "params")) {
      if (!params->IsObject()) {
        add(diags, "jsonrpc.params-type", kFormat, Level::Must, "/params",
            "\"params\" is " + std::string(json_type_name(*params)) + "; MCP params are always an object.",
            kBasisRequest);
      } else {
        out.params = params;
      }
    }
    if (result != nullptr || error != nullptr) {
      add(diags, "jsonrpc.method-with-response", kFormat, Level::Must,
          result != nullptr ? "/result" : "/error",
          "The message has \"method\" and also \"" + std::string(result ? "result" : "error") +
              "\": it is neither a clean request nor a clean response.",
          kBasisRequest);
    }
    return out;
  }

  if (result == nullptr && error == nullptr) {
    add(diags, "jsonrpc.no-method-no-result", kFormat, Level::Must, "",
        "The message has neither \"method\" (request, notification) nor \"result\" or \"error\" "
        "(response).",
        "schema.json #/$defs/JSONRPCMessage");
    return out;
  }
  if (result != nullptr && error != nullptr) {
    add(diags, "jsonrpc.result-and-error", kResultXorError, Level::Must, "",
        "The response has both \"result\" and \"error\"; exactly one of them must be set.", kBasisResponse);
  }

  if (result != nullptr) {
    out.kind = MessageKind::ResultResponse;
    out.result = result;
    if (!result->IsObject()) {
      add(diags, "jsonrpc.result-type", kFormat, Level::Must, "/result",
          "\"result\" is " + std::string(json_type_name(*result)) + "; an MCP result is always an object.",
          "schema.json #/$defs/Result");
    }
    if (id == nullptr) {
      add(diags, "jsonrpc.response-id-missing", kIdType, Level::Must, "/id",
          "The result response has no \"id\", so it answers no request.", kBasisResponse);
    }
    return out;
  }

  out.kind = MessageKind::ErrorResponse;
  out.error = error;
  if (!error->IsObject()) {
    add(diags, "jsonrpc.error-type", kFormat, Level::Must, "/error",
        "\"error\" is " + std::string(json_type_name(*error)) + "; it must be an object.", kBasisError);
  } else {
    const rapidjson::Value* code = find_member(*error, "code");
    if (code == nullptr) {
      add(diags, "jsonrpc.error-code-missing", kFormat, Level::Must, "/error/code",
          "The error has no \"code\".", "schema.json #/$defs/Error");
    } else if (code->IsInt64()) {
      out.error_code = code->GetInt64();
    } else {
      add(diags, "jsonrpc.error-code-type", kFormat, Level::Must, "/error/code",
          "The error code is " + to_json(*code) + "; it must be an integer.", "schema.json #/$defs/Error");
    }
    const rapidjson::Value* text = find_member(*error, "message");
    if (text == nullptr || !text->IsString()) {
      add(diags, "jsonrpc.error-message-type", kFormat, Level::Must, "/error/message",
          text == nullptr
              ? "The error has no \"message\"."
              : "The error message is " + std::string(json_type_name(*text)) + "; it must be a string.",
          "schema.json #/$defs/Error");
    }
  }
  if (id == nullptr && !rules.error_response_id_optional) {
    add(diags, "jsonrpc.error-id-missing", kIdType, Level::Must, "/id",
        "The error response has no \"id\"; in this revision JSONRPCError requires one.",
        "schema.json 2025-06-18 #/definitions/JSONRPCError");
  }
  return out;
}

}  // namespace ec
