#include "schema/message_check.h"

#include "core/json_pointer.h"
#include "schema/formats.h"
#include "schema/requested_schema.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "spec/modern.h"
#include "spec/mrtr.h"

namespace ec {
namespace {

void append(Diagnostics& to, Diagnostics from) {
  for (Diagnostic& d : from) to.push_back(std::move(d));
}

void check_url(const ElicitRequest& request, Diagnostics& out) {
  // An absent url is URL-PARAMS' finding; an empty one is present and is no URL.
  if (request.mode != Mode::Url || !request.has_url) return;
  if (auto why = check_uri(request.url)) {
    out.push_back({"elicit.url-invalid", "URL-VALID", Level::Must, pointer_append(request.pointer, "url"),
                   "\"url\" is not a valid absolute URL: " + *why,
                   "elicitation.mdx > URL Mode Elicitation Requests"});
  }
}

// The schema and URL checks of one elicitation, wherever it sits (request params, an input
// request); returns "form mode, 3 properties" for the summary.
std::string check_elicitation(const ElicitRequest& request, const MessageCheckOptions& o, Diagnostics& out) {
  std::string summary = std::string(to_string(request.mode)) + " mode";
  if (request.mode_omitted) summary += " (mode omitted)";
  if (request.requested_schema != nullptr) {
    SchemaCheck schema = check_requested_schema(*request.requested_schema, o.revision,
                                                pointer_append(request.pointer, "requestedSchema"));
    append(out, std::move(schema.diagnostics));
    const std::size_t n = schema.schema.properties().size();
    summary += ", " + std::to_string(n) + (n == 1 ? " property" : " properties");
  }
  check_url(request, out);
  return summary;
}

std::string check_create(const ClassifiedMessage& m, const MessageCheckOptions& o, Diagnostics& out) {
  if (m.params == nullptr) {
    out.push_back({"elicit.params-missing", "REQUEST-MESSAGE", Level::Must, "/params",
                   "elicitation/create has no params; it needs at least \"message\" and, in form "
                   "mode, \"requestedSchema\".",
                   ""});
    return "elicitation/create request without params";
  }
  ElicitRequestParse parsed = parse_elicit_request(*m.params, o.revision, "/params");
  append(out, std::move(parsed.diagnostics));
  if (!parsed.request) return "elicitation/create request";
  return "elicitation/create request, " + check_elicitation(*parsed.request, o, out);
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

// ---- the modern wire (2026-07-28): multi round-trip requests, per-request _meta --------------

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string_view method_of(const rapidjson::Value* message) {
  const rapidjson::Value* method =
      message != nullptr && message->IsObject() ? find_member(*message, "method") : nullptr;
  return method != nullptr && method->IsString()
             ? std::string_view(method->GetString(), method->GetStringLength())
             : std::string_view();
}

bool is_server_request(std::string_view method) {
  return method == kElicitCreate || method == kSamplingCreateMessage || method == kRootsList;
}

// A server-to-client request sent as a JSON-RPC message: the legacy wire.
std::string check_modern_server_request(const ClassifiedMessage& m, const MessageCheckOptions& o,
                                        Diagnostics& out) {
  out.push_back(
      {"mrtr.server-request", "MRTR-SERVER-USES-MRTR", Level::Must, "/method",
       m.method + " is sent as a JSON-RPC " + (m.kind == MessageKind::Request ? "request" : "notification") +
           "; in " + std::string(to_string(o.revision)) +
           " a server asks for it inside an "
           "InputRequiredResult (inputRequests) that answers the client's request, and writes no requests.",
       "mrtr.mdx 2026-07-28"});
  if (m.method != kElicitCreate) return m.method + " sent as a JSON-RPC message";
  return check_create(m, o, out) + " (sent as a JSON-RPC message)";
}

// The content of each accepted elicitation, against the schema of the input request it answers.
void check_retry_content(const Retry& retry, const MessageCheckOptions& o, Diagnostics& out) {
  for (const InputResponse& r : retry.responses) {
    if (!r.elicitation || r.elicitation->action != Action::Accept || r.elicitation->content == nullptr)
      continue;
    if (r.answers == nullptr || !r.answers->elicitation ||
        r.answers->elicitation->requested_schema == nullptr)
      continue;
    SchemaCheck schema = check_requested_schema(*r.answers->elicitation->requested_schema, o.revision, "");
    append(out, validate_content(schema.schema, *r.elicitation->content, pointer_append(r.pointer, "content"),
                                 o.content_rules));
  }
}

std::string check_modern_request(const ClassifiedMessage& m, const MessageCheckOptions& o, Diagnostics& out) {
  if (is_server_request(m.method)) return check_modern_server_request(m, o, out);
  if (m.method == "initialize") {
    out.push_back({"modern.legacy-initialize", "MODERN-ONLY-INITIALIZE-ERROR", Level::Info, "/method",
                   "initialize belongs to the initialize-based revisions; " +
                       std::string(to_string(o.revision)) +
                       " has no handshake (a client may call server/discover, and every request carries its "
                       "_meta). Check it with --revision 2025-11-25.",
                   ""});
    return "initialize request (not part of " + std::string(to_string(o.revision)) + ")";
  }
  RequestMetaParse meta = parse_request_meta(m.params, o.revision, "/params");
  append(out, std::move(meta.diagnostics));
  std::string summary = m.method + " request";
  if (meta.meta.client_capabilities != nullptr) {
    summary += ", elicitation capability: " + meta.meta.elicitation.describe();
  }

  // The InputRequiredResult this request retries after, when given. Its own findings were made
  // when it was checked; here it only says what the retry must carry.
  std::optional<InputRequiredResult> answered;
  if (o.retry_of != nullptr) {
    ClassifiedMessage irr = classify_message(*o.retry_of);
    if (irr.result != nullptr && irr.result->IsObject()) {
      answered = parse_input_required_result(*irr.result, o.revision, "").result;
    }
    if (irr.id && m.id && *irr.id == *m.id) {
      out.push_back({"mrtr.retry-same-id", "MRTR-RETRY-NEW-ID", Level::Must, "/id",
                     "The retry reuses id " + m.id->display() +
                         " of the request that got the InputRequiredResult; a "
                         "retry is a new request with a new id.",
                     ""});
    }
  }
  const bool mrtr_members = m.params != nullptr && m.params->IsObject() &&
                            (find_member(*m.params, "inputResponses") != nullptr ||
                             find_member(*m.params, "requestState") != nullptr);
  if (m.params != nullptr && m.params->IsObject() && (mrtr_members || answered)) {
    RetryParse retry = parse_retry(*m.params, o.revision, answered ? &*answered : nullptr, "/params");
    append(out, std::move(retry.diagnostics));
    check_retry_content(retry.retry, o, out);
    summary += ", retry with " + plural(retry.retry.responses.size(), "input response", "input responses");
    if (retry.retry.request_state) summary += " and requestState";
    if (answered) summary += ", checked against the InputRequiredResult it follows";
  }
  return summary;
}

std::string check_modern_result(const ClassifiedMessage& m, const MessageCheckOptions& o, Diagnostics& out) {
  const rapidjson::Value& result = *m.result;
  if (find_member(result, "action") != nullptr && find_member(result, "resultType") == nullptr) {
    // An answer to a server-to-client elicitation/create: the legacy wire.
    out.push_back({"mrtr.elicit-result-as-response", "MRTR-SERVER-USES-MRTR", Level::Info, "/result",
                   "This reads as an ElicitResult sent as a JSON-RPC response; in " +
                       std::string(to_string(o.revision)) +
                       " an ElicitResult travels in the inputResponses of the retried request.",
                   ""});
    return check_result(m, o, out) + " (sent as a JSON-RPC response)";
  }
  const std::string_view answered_method = method_of(o.answered_request);
  const bool discover =
      answered_method == kServerDiscover ||
      (o.answered_request == nullptr && find_member(result, "supportedVersions") != nullptr);
  ResultHeadParse head = parse_result_head(result, o.revision, "/result",
                                           discover ? "DISCOVER-SERVER-INFO" : "META-SERVER-INFO");
  append(out, std::move(head.diagnostics));
  const bool mrtr_members =
      find_member(result, "inputRequests") != nullptr || find_member(result, "requestState") != nullptr;
  if (head.head.type == ResultType::Complete && find_member(result, "inputRequests") != nullptr) {
    out.push_back(
        {"result.input-requests-in-complete", "RESULT-TYPE-REQUIRED", Level::Must, "/result/resultType",
         "The result says \"complete\" but carries inputRequests; a client takes it as final and never "
         "sees them. An InputRequiredResult says \"input_required\".",
         ""});
  }
  if (head.head.type == ResultType::InputRequired ||
      (head.head.type != ResultType::Complete && mrtr_members)) {
    InputRequiredResultParse irr = parse_input_required_result(result, o.revision, "/result");
    append(out, std::move(irr.diagnostics));
    if (!irr.result) return "InputRequiredResult";
    std::string parts;
    for (const InputRequest& r : irr.result->input_requests) {
      parts += (parts.empty() ? "" : "; ") + r.key + ": " + (r.method.empty() ? "?" : r.method);
      if (r.elicitation) {
        parts += " " + check_elicitation(*r.elicitation, o, out);
      } else if (!r.method.empty() && r.method != kElicitCreate) {
        parts += " (not checked: not elicitation)";
      }
    }
    if (o.answered_request != nullptr) {
      if (!answered_method.empty() && !supports_input_required(answered_method)) {
        out.push_back({"mrtr.input-required-on-unsupported-request", "MRTR-SUPPORTED-REQUESTS-ONLY",
                       Level::Must, "/result/resultType",
                       "An InputRequiredResult answers " + std::string(answered_method) +
                           "; only tools/call, prompts/get and resources/read may get one.",
                       ""});
      }
      const rapidjson::Value* params = find_member(*o.answered_request, "params");
      RequestMeta meta = parse_request_meta(params, o.revision, "").meta;
      append(out, check_input_requests_declared(*irr.result, meta.elicitation, meta.client_capabilities));
    }
    std::string summary = "InputRequiredResult with " +
                          plural(irr.result->input_requests.size(), "input request", "input requests");
    if (!parts.empty()) summary += " (" + parts + ")";
    if (irr.result->request_state) summary += " and requestState";
    return summary;
  }
  if (discover) {
    DiscoverResultParse parsed = parse_discover_result(result, o.revision, "/result");
    append(out, std::move(parsed.diagnostics));
    std::string versions;
    if (parsed.result) {
      for (const std::string& v : parsed.result->supported_versions)
        versions += (versions.empty() ? "" : ", ") + v;
    }
    return "DiscoverResult, supported versions: " + (versions.empty() ? std::string("none") : versions);
  }
  return "result response (" +
         (head.head.type_text.empty() ? std::string("no resultType") : head.head.type_text) +
         ", not an elicitation message)";
}

std::string check_modern_error(const ClassifiedMessage& m, const MessageCheckOptions& o, Diagnostics& out) {
  if (!m.error_code) return "error response";
  append(out, check_error_code(*m.error_code, o.revision, "/error"));
  const std::string code = std::to_string(*m.error_code);
  if (*m.error_code == kUnsupportedProtocolVersion && m.error != nullptr) {
    UnsupportedVersionErrorParse parsed = parse_unsupported_version_error(*m.error, o.revision, "/error");
    append(out, std::move(parsed.diagnostics));
    std::string supported;
    if (parsed.error) {
      for (const std::string& v : parsed.error->supported) supported += (supported.empty() ? "" : ", ") + v;
    }
    return "UnsupportedProtocolVersionError (-32022)" +
           (parsed.error ? ", supported: " + supported : std::string());
  }
  if (*m.error_code == kMissingRequiredClientCapability && m.error != nullptr) {
    MissingCapabilityErrorParse parsed = parse_missing_capability_error(*m.error, o.revision, "/error");
    append(out, std::move(parsed.diagnostics));
    return "MissingRequiredClientCapabilityError (-32021)" +
           (parsed.elicitation.declared ? ", requires elicitation (" + parsed.elicitation.describe() + ")"
                                        : std::string());
  }
  if (*m.error_code == kUrlElicitationRequired)
    return "error response -32042 (retired in " + std::string(to_string(o.revision)) + ")";
  return "error response " + code;
}

std::string check_modern_notification(const ClassifiedMessage& m, const MessageCheckOptions& o,
                                      Diagnostics& out) {
  if (is_server_request(m.method)) return check_modern_server_request(m, o, out);
  if (m.method == kElicitComplete) {
    out.push_back({"complete.removed", "CLIENT-MANUAL-RETRY", Level::Info, "/method",
                   std::string(kElicitComplete) + " was removed in " + std::string(to_string(o.revision)) +
                       ": a client learns the outcome of a URL-mode interaction by retrying its request (the "
                       "server reads requestState); a client of this revision ignores the notification.",
                   "changelog.mdx 2026-07-28 > Minor changes"});
    return "elicitation completion notification (not part of " + std::string(to_string(o.revision)) + ")";
  }
  return "notification " + m.method + " (not an elicitation message)";
}

}  // namespace

MessageReport check_message_bytes(std::string_view bytes, const MessageCheckOptions& options) {
  return check_parsed_message(parse_json(bytes, options.limits), options);
}

MessageReport check_parsed_message(const ParsedJson& parsed, const MessageCheckOptions& options) {
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

  if (features(options.revision).modern_wire) {
    switch (m.kind) {
      case MessageKind::Request: report.summary = check_modern_request(m, options, out); break;
      case MessageKind::Notification: report.summary = check_modern_notification(m, options, out); break;
      case MessageKind::ResultResponse:
        report.summary = m.result != nullptr && m.result->IsObject() ? check_modern_result(m, options, out)
                                                                     : "result response";
        break;
      case MessageKind::ErrorResponse: report.summary = check_modern_error(m, options, out); break;
      case MessageKind::Invalid: report.summary = "invalid JSON-RPC message"; break;
    }
    return report;
  }

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
        CompletionNotificationParse parsed =
            parse_completion_notification(m.params, options.revision, "/params");
        append(out, std::move(parsed.diagnostics));
        report.summary = "elicitation completion notification";
      } else if (m.method == kElicitCreate) {
        out.push_back({"elicit.create-without-id", "JSONRPC-ID-TYPE", Level::Must, "/id",
                       "elicitation/create is sent as a notification (no \"id\"); it is a request and "
                       "needs an id to be answered.",
                       "schema.json #/$defs/ElicitRequest"});
        report.summary = "elicitation/create without id";
      } else {
        report.summary = "notification " + m.method + " (not an elicitation message)";
      }
      break;
    case MessageKind::ResultResponse:
      report.summary =
          m.result != nullptr && m.result->IsObject() ? check_result(m, options, out) : "result response";
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
    case MessageKind::Invalid: report.summary = "invalid JSON-RPC message"; break;
  }
  return report;
}

}  // namespace ec
