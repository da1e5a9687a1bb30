#include "spec/elicitation.h"

#include "core/json.h"
#include "core/json_pointer.h"

namespace ec {
namespace {

// The schema.json definition a request finding follows: 2026-07-28's own for the modern revision,
// the 2025-11-25 one (which 2025-06-18's extends) otherwise. Literals: every request is parsed,
// few have findings, so no basis string is built before a finding needs it.
const char* request_basis(Revision revision, Mode mode) {
  if (features(revision).modern_wire) {
    return mode == Mode::Url ? "schema.json 2026-07-28 #/$defs/ElicitRequestURLParams"
                             : "schema.json 2026-07-28 #/$defs/ElicitRequestFormParams";
  }
  return mode == Mode::Url ? "schema.json 2025-11-25 #/$defs/ElicitRequestURLParams"
                           : "schema.json 2025-11-25 #/$defs/ElicitRequestFormParams";
}
constexpr const char* kBasisResult = "schema.json #/$defs/ElicitResult";

void add(Diagnostics& out, std::string check, std::string requirement, Level level, std::string pointer,
         std::string message, std::string basis = "") {
  out.push_back(Diagnostic{std::move(check), std::move(requirement), level, std::move(pointer),
                           std::move(message), std::move(basis)});
}

// The same, with the pointer built now that there is a finding.
void add(Diagnostics& out, std::string check, std::string requirement, Level level,
         const LazyPointer& pointer, std::string message, std::string basis = "") {
  add(out, std::move(check), std::move(requirement), level, pointer.str(), std::move(message),
      std::move(basis));
}

// Reads a required string member; says what is wrong when it is absent or not a string.
std::optional<std::string> required_string(const rapidjson::Value& object, const char* name,
                                           const LazyPointer& pointer, const char* check_prefix,
                                           const char* requirement, const char* basis, Diagnostics& out) {
  const LazyPointer where(pointer, name);
  const rapidjson::Value* value = find_member(object, name);
  if (value == nullptr) {
    add(out, std::string(check_prefix) + "-missing", requirement, Level::Must, where,
        std::string("\"") + name + "\" is missing; it is required here.", basis);
    return std::nullopt;
  }
  if (!value->IsString()) {
    add(out, std::string(check_prefix) + "-type", requirement, Level::Must, where,
        std::string("\"") + name + "\" is " + std::string(json_type_name(*value)) + "; it must be a string.",
        basis);
    return std::nullopt;
  }
  return std::string(value->GetString(), value->GetStringLength());
}

}  // namespace

std::string_view to_string(Action action) {
  switch (action) {
    case Action::Accept: return "accept";
    case Action::Decline: return "decline";
    case Action::Cancel: return "cancel";
  }
  return "?";
}

ElicitRequestParse parse_elicit_request(const rapidjson::Value& params, Revision revision,
                                        const std::string& pointer) {
  ElicitRequestParse out;
  Diagnostics& diags = out.diagnostics;
  const char* const kBasisForm = request_basis(revision, Mode::Form);
  const char* const kBasisUrl = request_basis(revision, Mode::Url);
  if (!params.IsObject()) {
    add(diags, "elicit.params-type", "REQUEST-MESSAGE", Level::Must, pointer,
        "The elicitation parameters are " + std::string(json_type_name(params)) + "; they must be an object.",
        kBasisForm);
    return out;
  }
  ElicitRequest request;
  request.pointer = pointer;
  const LazyPointer at(pointer);
  const LazyPointer mode_pointer(at, "mode");
  if (const rapidjson::Value* mode = find_member(params, "mode")) {
    const std::string text = mode->IsString() ? mode->GetString() : "";
    if (!features(revision).url_mode) {
      // 2025-06-18 has no `mode`: a client of that revision reads every request as form mode.
      if (text != "form") {
        add(diags, "elicit.mode-not-in-revision", "FORM-REQUESTED-SCHEMA", Level::Info, mode_pointer,
            "\"mode\" is not a parameter in " + std::string(to_string(revision)) +
                "; a client of that revision handles this request as form mode.");
      }
    } else if (!mode->IsString()) {
      add(diags, "elicit.mode-type", "REQUEST-MODE", Level::Must, mode_pointer,
          "\"mode\" is " + std::string(json_type_name(*mode)) +
              "; it must be the string \"form\" or \"url\".",
          kBasisUrl);
      return out;
    } else if (text == "url") {
      request.mode = Mode::Url;
      request.mode_omitted = false;
    } else if (text == "form") {
      request.mode_omitted = false;
    } else {
      add(diags, "elicit.mode-unknown", "REQUEST-MODE", Level::Must, mode_pointer,
          "\"mode\" is \"" + text + "\"; the modes are \"form\" and \"url\".", kBasisUrl);
      return out;
    }
  }

  if (auto message = required_string(params, "message", at, "elicit.message", "REQUEST-MESSAGE",
                                     request.mode == Mode::Url ? kBasisUrl : kBasisForm, diags)) {
    request.message = std::move(*message);
    if (request.message.find_first_not_of(" \t\r\n") == std::string::npos) {
      add(diags, "elicit.message-empty", "REQUEST-MESSAGE", Level::Should, LazyPointer(at, "message"),
          "\"message\" is blank; it should tell the user why the interaction is needed.");
    }
  }

  if (request.mode == Mode::Form) {
    const LazyPointer where(at, "requestedSchema");
    const rapidjson::Value* schema = find_member(params, "requestedSchema");
    if (schema == nullptr) {
      add(diags, "elicit.requested-schema-missing", "FORM-REQUESTED-SCHEMA", Level::Must, where,
          "A form-mode request (mode \"form\" or no mode) must include \"requestedSchema\".", kBasisForm);
    } else if (!schema->IsObject()) {
      add(diags, "elicit.requested-schema-type", "FORM-REQUESTED-SCHEMA", Level::Must, where,
          "\"requestedSchema\" is " + std::string(json_type_name(*schema)) +
              "; it must be a JSON Schema object.",
          kBasisForm);
    } else {
      request.requested_schema = schema;
    }
  } else {
    if (auto url = required_string(params, "url", at, "elicit.url", "URL-PARAMS", kBasisUrl, diags)) {
      request.url = *url;
      request.has_url = true;
    }
    if (!features(revision).url_elicitation_id) {
      // 2026-07-28 removed elicitationId with the completion notification: the client learns the
      // outcome by retrying, and a server that must correlate uses its requestState.
      if (const rapidjson::Value* id = find_member(params, "elicitationId")) {
        if (id->IsString()) request.elicitation_id.assign(id->GetString(), id->GetStringLength());
        add(diags, "elicit.elicitation-id-not-in-revision", "URL-PARAMS", Level::Info,
            pointer_append(pointer, "elicitationId"),
            "\"elicitationId\" is not a parameter of URL mode in " + std::string(to_string(revision)) +
                " (it went with notifications/elicitation/complete); clients ignore it. A server "
                "that must correlate the retry encodes its own identifier in requestState.",
            "schema.json 2026-07-28 #/$defs/ElicitRequestURLParams");
      }
    } else if (auto id = required_string(params, "elicitationId", at, "elicit.elicitation-id", "URL-PARAMS",
                                         kBasisUrl, diags)) {
      request.elicitation_id = *id;
      if (id->empty()) {
        add(diags, "elicit.elicitation-id-empty", "URL-PARAMS", Level::Should,
            pointer_append(pointer, "elicitationId"),
            "\"elicitationId\" is empty; it should identify this elicitation uniquely.");
      }
    }
    if (find_member(params, "requestedSchema") != nullptr) {
      add(diags, "elicit.url-with-schema", "URL-PARAMS", Level::Info,
          pointer_append(pointer, "requestedSchema"),
          "A URL-mode request carries a \"requestedSchema\"; clients ignore it, since URL mode "
          "collects nothing in band.");
    }
  }
  out.request = std::move(request);
  return out;
}

ElicitResultParse parse_elicit_result(const rapidjson::Value& result, Revision revision,
                                      std::optional<Mode> request_mode, const std::string& pointer) {
  ElicitResultParse out;
  Diagnostics& diags = out.diagnostics;
  if (!result.IsObject()) return out;  // classify_message already said so

  const LazyPointer at(pointer);
  const LazyPointer action_pointer(at, "action");
  const rapidjson::Value* action = find_member(result, "action");
  ElicitResult typed;
  if (action == nullptr) {
    add(diags, "result.action-missing", "RESULT-ACTION", Level::Must, action_pointer,
        "The elicitation result has no \"action\"; it must be \"accept\", \"decline\" or \"cancel\".",
        kBasisResult);
  } else if (!action->IsString()) {
    add(diags, "result.action-unknown", "RESULT-ACTION", Level::Must, action_pointer,
        "\"action\" is " + std::string(json_type_name(*action)) +
            "; it must be \"accept\", \"decline\" or \"cancel\".",
        kBasisResult);
  } else {
    const std::string_view text(action->GetString(), action->GetStringLength());
    if (text == "accept") {
      typed.action = Action::Accept;
    } else if (text == "decline") {
      typed.action = Action::Decline;
    } else if (text == "cancel") {
      typed.action = Action::Cancel;
    } else {
      add(diags, "result.action-unknown", "RESULT-ACTION", Level::Must, action_pointer,
          "\"action\" is \"" + std::string(text) + "\"; it must be \"accept\", \"decline\" or \"cancel\".",
          kBasisResult);
    }
  }
  const bool action_ok =
      !has_check(diags, "result.action-missing") && !has_check(diags, "result.action-unknown");

  const LazyPointer content_pointer(at, "content");
  const rapidjson::Value* content = find_member(result, "content");
  if (content != nullptr) {
    if (!content->IsObject()) {
      add(diags, "result.content-type", "RESULT-CONTENT", Level::Must, content_pointer,
          "\"content\" is " + std::string(json_type_name(*content)) + "; it must be an object.",
          kBasisResult);
    } else {
      typed.content = content;
      const bool arrays = features(revision).sep1330_enums;
      for (auto it = content->MemberBegin(); it != content->MemberEnd(); ++it) {
        const rapidjson::Value& v = it->value;
        const LazyPointer where(content_pointer,
                                std::string_view(it->name.GetString(), it->name.GetStringLength()));
        // Non-integer numbers are accepted although schema.json lists only string, integer and
        // boolean: the prose's NumberSchema has `type: "number"` and SEP-1330 types content as
        // `string | number | boolean | string[]`. The prose wins; schema.json is the outlier.
        if (v.IsString() || v.IsBool() || v.IsNumber()) continue;
        bool ok = false;
        if (v.IsArray() && arrays) {
          ok = true;
          for (const auto& item : v.GetArray()) ok = ok && item.IsString();
        }
        if (!ok) {
          add(diags, "result.content-value-type", "RESULT-CONTENT", Level::Must, where,
              "Content value is " + std::string(json_type_name(v)) +
                  "; allowed are string, number, "
                  "boolean" +
                  std::string(arrays ? " and arrays of strings (multi-select)." : "."),
              arrays ? "schema.json 2025-11-25 #/$defs/ElicitResult, SEP-1330"
                     : "schema.json 2025-06-18 #/definitions/ElicitResult");
        }
      }
    }
    if (action_ok && typed.action != Action::Accept) {
      add(diags, "result.content-without-accept", "RESULT-CONTENT", Level::Should, content_pointer,
          "\"content\" is sent with action \"" + std::string(to_string(typed.action)) +
              "\"; it is only present when action is \"accept\".",
          kBasisResult);
    } else if (action_ok && request_mode == Mode::Url) {
      add(diags, "result.content-in-url-mode", "RESULT-CONTENT", Level::Must, content_pointer,
          "A URL-mode accept carries \"content\"; URL mode data must not pass through the client, "
          "so content is omitted.",
          kBasisResult);
    }
  } else if (action_ok && typed.action == Action::Accept && request_mode == Mode::Form) {
    add(diags, "result.accept-without-content", "RESULT-CONTENT", Level::Should, content_pointer,
        "A form-mode accept has no \"content\"; it should carry the submitted data.", kBasisResult);
  }
  if (action_ok) out.result = typed;
  return out;
}

CompletionNotificationParse parse_completion_notification(const rapidjson::Value* params, Revision revision,
                                                          const std::string& pointer) {
  CompletionNotificationParse out;
  if (!features(revision).url_elicitation_id) {
    add(out.diagnostics, "complete.not-in-revision", "COMPLETE-ELICITATION-ID", Level::Info, "",
        std::string(kElicitComplete) + " does not exist in " + std::string(to_string(revision)) +
            "; a client of that revision ignores it.");
  }
  if (params == nullptr || !params->IsObject()) {
    add(out.diagnostics, "complete.params-missing", "COMPLETE-ELICITATION-ID", Level::Must, pointer,
        "The completion notification has no params object; it must carry \"elicitationId\".",
        "schema.json 2025-11-25 #/$defs/ElicitationCompleteNotification");
    return out;
  }
  out.elicitation_id = required_string(
      *params, "elicitationId", LazyPointer(pointer), "complete.elicitation-id", "COMPLETE-ELICITATION-ID",
      "schema.json 2025-11-25 #/$defs/ElicitationCompleteNotification", out.diagnostics);
  return out;
}

UrlRequiredErrorParse parse_url_required_error(const rapidjson::Value& error, Revision revision,
                                               const std::string& pointer) {
  UrlRequiredErrorParse out;
  Diagnostics& diags = out.diagnostics;
  constexpr const char* basis = "schema.json 2025-11-25 #/$defs/URLElicitationRequiredError";
  if (!features(revision).url_elicitation_id) {
    add(diags, "urlerror.not-in-revision", "URL-REQUIRED-ERROR-LIST", Level::Info, pointer,
        "Error code -32042 (URLElicitationRequiredError) is not defined in " +
            std::string(to_string(revision)) + ".");
  }
  if (!error.IsObject()) return out;
  const std::string data_pointer = pointer_append(pointer, "data");
  const rapidjson::Value* data = find_member(error, "data");
  if (data == nullptr || !data->IsObject()) {
    add(diags, "urlerror.data-missing", "URL-REQUIRED-ERROR-LIST", Level::Must, data_pointer,
        data == nullptr ? "The -32042 error has no \"data\"; it must carry data.elicitations."
                        : "\"data\" is " + std::string(json_type_name(*data)) +
                              "; it must be an object with \"elicitations\".",
        basis);
    return out;
  }
  const std::string list_pointer = pointer_append(data_pointer, "elicitations");
  const rapidjson::Value* list = find_member(*data, "elicitations");
  if (list == nullptr || !list->IsArray()) {
    add(diags, "urlerror.elicitations-missing", "URL-REQUIRED-ERROR-LIST", Level::Must, list_pointer,
        list == nullptr
            ? "data.elicitations is missing; the error must list the required elicitations."
            : "data.elicitations is " + std::string(json_type_name(*list)) + "; it must be an array.",
        basis);
    return out;
  }
  if (list->Empty()) {
    add(diags, "urlerror.elicitations-empty", "URL-REQUIRED-ERROR-LIST", Level::Must, list_pointer,
        "data.elicitations is empty; the error must list the elicitations that are required.", basis);
  }
  for (rapidjson::SizeType i = 0; i < list->Size(); ++i) {
    const rapidjson::Value& entry = (*list)[i];
    const std::string where = pointer_append(list_pointer, i);
    const rapidjson::Value* mode = entry.IsObject() ? find_member(entry, "mode") : nullptr;
    if (entry.IsObject() &&
        (mode == nullptr || !mode->IsString() || std::string_view(mode->GetString()) != "url")) {
      add(diags, "urlerror.entry-not-url-mode", "URL-REQUIRED-ERROR-URL-MODE", Level::Must,
          pointer_append(where, "mode"),
          mode == nullptr ? "Entry has no \"mode\", which means form mode; every entry must be a URL "
                            "mode elicitation (mode \"url\")."
                          : "Entry mode is " + to_json(*mode) + "; every entry must be mode \"url\".",
          basis);
      continue;
    }
    ElicitRequestParse parsed = parse_elicit_request(entry, revision, where);
    for (Diagnostic& d : parsed.diagnostics) {
      if (d.check.starts_with("elicit.elicitation-id")) d.requirement = "URL-REQUIRED-ERROR-URL-MODE";
      diags.push_back(std::move(d));
    }
    if (parsed.request && parsed.request->mode == Mode::Url) out.elicitations.push_back(*parsed.request);
  }
  return out;
}

}  // namespace ec
