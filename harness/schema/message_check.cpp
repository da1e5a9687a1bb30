#include "schema/message_check.h"

#include "core/json_pointer.h"
#include "schema/formats.h"
#include "schema/requested_schema.h"
#include "spec/capability.h"
#include "spec/elicitation.h"

namespace ec {
namespace {

void append(Diagnostics& to, Diagnostics from) {
  for (Diagnostic& d : from) to.push_back(std::move(d));
}

void check_url(const ElicitRequest& request, Diagnostics& out) {
  if (request.mode != Mode::Url || request.url.empty()) return;
  if (auto why = check_uri(request.url)) {
    out.push_back({"elicit.url-invalid", "URL-VALID", Level::Must, pointer_append(request.pointer, "url"),
                   "\"url\" is not a valid absolute URL: " + *why, "elicitation.mdx > URL Mode Elicitation Requests"});
  }
}

std::string check_create(const ClassifiedMessage& m, const MessageCheckOptions& o, Diagnostics& out) {
  if (m.params == nullptr) {
    out.push_back({"elicit.params-missing", "REQUEST-MESSAGE", Level::Must, "/params",
                   "elicitation/create has no params; it needs at least \"message\" and, in form "
                   "mode, \"requestedSchema\".", ""});
    return "elicitation/create request without params";
  }
  ElicitRequestParse parsed = parse_elicit_request(*m.params, o.revision, "/params");
  append(out, std::move(parsed.diagnostics));
  if (!parsed.request) return "elicitation/create request";
  const ElicitRequest& request = *parsed.request;
  std::string summary = "elicitation/create request, " + std::string(to_string(request.mode)) + " mode";
  if (request.mode_omitted) summary += " (mode omitted)";
  if (request.requested_schema != nullptr) {
    SchemaCheck schema = check_requested_schema(*request.requested_schema, o.revision, "/params/requestedSchema");
    append(out, std::move(schema.diagnostics));
    summary += ", " + std::to_string(schema.schema.properties().size()) + (schema.schema.properties().size() == 1 ? " property" : " properties");
  }
  check_url(request, out);
  return summary;
}

std::string check_result(const ClassifiedMessage& m, const MessageCheckOptions& o, Diagnostics& out) {
  std::optional<ElicitRequest> request;
  if (o.answered_request_params != nullptr) {
    // The request was checked on its own; here it only supplies mode and schema.
    request = parse_elicit_request(*o.answered_request_params, o.revision, "").request;
  }
  if (!request && (m.result == nullptr || find_member(*m.result, "action") == nullptr)) {
    return "result response (not an elicitation result)";
  }
  std::optional<Mode> mode;
  if (request) mode = request->mode;
  ElicitResultParse parsed = parse_elicit_result(*m.result, o.revision, mode, "/result");
  append(out, std::move(parsed.diagnostics));
  if (!parsed.result) return "elicitation result";
  std::string summary = "elicitation result, action " + std::string(to_string(parsed.result->action));
  if (request && request->requested_schema != nullptr && parsed.result->content != nullptr &&
      parsed.result->action == Action::Accept) {
    SchemaCheck schema = check_requested_schema(*request->requested_schema, o.revision, "");
    append(out, validate_content(schema.schema, *parsed.result->content, "/result/content", o.content_rules));
    summary += ", content checked against the request's schema";
  }
  return summary;
}

std::string check_initialize(const ClassifiedMessage& m, const MessageCheckOptions& o, Diagnostics& out) {
  const rapidjson::Value* capabilities = m.params ? find_member(*m.params, "capabilities") : nullptr;
  const rapidjson::Value* elicitation = capabilities ? find_member(*capabilities, "elicitation") : nullptr;
  CapabilityParse parsed =
      parse_elicitation_capability(elicitation, o.revision, "/params/capabilities/elicitation");
  append(out, std::move(parsed.diagnostics));
  return "initialize request, elicitation capability: " + parsed.capability.describe();
}

}  // namespace

MessageReport check_message_bytes(std::string_view bytes, const MessageCheckOptions& options) {
  ParsedJson parsed = parse_json(bytes, options.limits);
  if (!parsed.ok()) {
    MessageReport report;
    report.summary = "not a JSON message";
    report.diagnostics.push_back(to_diagnostic(*parsed.error));
    return report;
  }
  MessageReport report = check_message(parsed.document, options);
  Diagnostics notes;
  for (const JsonNote& note : parsed.notes) notes.push_back(to_diagnostic(note));
  report.diagnostics.insert(report.diagnostics.begin(), notes.begin(), notes.end());
  return report;
}

MessageReport check_message(const rapidjson::Value& message, const MessageCheckOptions& options) {
  MessageReport report;
  JsonRpcRules rules;
  rules.error_response_id_optional = features(options.revision).error_response_id_optional;
  ClassifiedMessage m = classify_message(message, rules);
  report.kind = m.kind;
  Diagnostics& out = report.diagnostics;
  append(out, std::move(m.diagnostics));
  m.diagnostics.clear();

  switch (m.kind) {
    case MessageKind::Request:
      if (m.method == kElicitCreate) {
        report.summary = check_create(m, options, out);
      } else if (m.method == "initialize") {
        report.summary = check_initialize(m, options, out);
      } else {
        report.summary = "request " + m.method + " (not an elicitation message)";
      }
      break;
    case MessageKind::Notification:
      if (m.method == kElicitComplete) {
        CompletionNotificationParse parsed = parse_completion_notification(m.params, options.revision, "/params");
        append(out, std::move(parsed.diagnostics));
        report.summary = "elicitation completion notification";
      } else if (m.method == kElicitCreate) {
        out.push_back({"elicit.create-without-id", "JSONRPC-ID-TYPE", Level::Must, "/id",
                       "elicitation/create is sent as a notification (no \"id\"); it is a request and "
                       "needs an id to be answered.", "schema.json #/$defs/ElicitRequest"});
        report.summary = "elicitation/create without id";
      } else {
        report.summary = "notification " + m.method + " (not an elicitation message)";
      }
      break;
    case MessageKind::ResultResponse:
      report.summary = m.result != nullptr && m.result->IsObject() ? check_result(m, options, out)
                                                                   : "result response";
      break;
    case MessageKind::ErrorResponse:
      if (m.error_code == kUrlElicitationRequired && m.error != nullptr) {
        UrlRequiredErrorParse parsed = parse_url_required_error(*m.error, options.revision, "/error");
        append(out, std::move(parsed.diagnostics));
        for (const ElicitRequest& entry : parsed.elicitations) check_url(entry, out);
        report.summary = "URLElicitationRequiredError (-32042) with " +
                         std::to_string(parsed.elicitations.size()) + " elicitation(s)";
      } else {
        report.summary = "error response" + (m.error_code ? " " + std::to_string(*m.error_code) : "");
      }
      break;
    case MessageKind::Invalid:
      report.summary = "invalid JSON-RPC message";
      break;
  }
  return report;
}

}  // namespace ec
