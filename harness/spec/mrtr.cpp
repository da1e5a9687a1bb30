#include "spec/mrtr.h"

#include <set>

#include "core/json.h"
#include "core/json_pointer.h"

namespace ec {
namespace {

constexpr const char* kBasisResult = "schema.json 2026-07-28 #/$defs/InputRequiredResult";
constexpr const char* kBasisRequest = "schema.json 2026-07-28 #/$defs/InputRequest";
constexpr const char* kBasisResponses = "schema.json 2026-07-28 #/$defs/InputResponses";

void add(Diagnostics& out, std::string check, std::string requirement, Level level, std::string pointer,
         std::string message, std::string basis = "") {
  out.push_back(Diagnostic{std::move(check), std::move(requirement), level, std::move(pointer),
                           std::move(message), std::move(basis)});
}

std::string text_of(const rapidjson::Value& v) { return std::string(v.GetString(), v.GetStringLength()); }

std::string quoted(std::string_view s) { return "\"" + std::string(s) + "\""; }

// A value that reads as an ElicitResult rather than a sampling or roots result.
bool looks_like_elicit_result(const rapidjson::Value& v) {
  return v.IsObject() && find_member(v, "action") != nullptr;
}

bool looks_like_other_result(const rapidjson::Value& v) {
  return v.IsObject() && (find_member(v, "roots") != nullptr ||
                          (find_member(v, "role") != nullptr && find_member(v, "model") != nullptr));
}

}  // namespace

bool supports_input_required(std::string_view method) {
  return method == "tools/call" || method == "prompts/get" || method == "resources/read";
}

const InputRequest* InputRequiredResult::find(std::string_view key) const {
  for (const InputRequest& r : input_requests) {
    if (r.key == key) return &r;
  }
  return nullptr;
}

std::size_t InputRequiredResult::elicitations() const {
  std::size_t n = 0;
  for (const InputRequest& r : input_requests) n += r.method == kElicitCreate ? 1 : 0;
  return n;
}

InputRequestParse parse_input_request(const rapidjson::Value& value, std::string key, Revision revision,
                                      const std::string& pointer) {
  InputRequestParse out;
  Diagnostics& diags = out.diagnostics;
  if (!value.IsObject()) {
    add(diags, "mrtr.input-request-type", "MRTR-INPUT-REQUEST-TYPES", Level::Must, pointer,
        "Input request " + quoted(key) + " is " + std::string(json_type_name(value)) +
            "; it must be a request object (elicitation/create, sampling/createMessage or roots/list).",
        kBasisRequest);
    return out;
  }
  InputRequest request;
  request.key = std::move(key);
  request.pointer = pointer;
  const std::string method_pointer = pointer_append(pointer, "method");
  const rapidjson::Value* method = find_member(value, "method");
  if (method == nullptr || !method->IsString()) {
    add(diags, "mrtr.input-request-method", "MRTR-INPUT-REQUEST-TYPES", Level::Must, method_pointer,
        "Input request " + quoted(request.key) +
            (method == nullptr ? " has no \"method\"" : " has a non-string \"method\"") +
            "; it must be elicitation/create, sampling/createMessage or roots/list.",
        kBasisRequest);
    out.request = std::move(request);
    return out;
  }
  request.method = text_of(*method);
  if (request.method != kElicitCreate && request.method != kSamplingCreateMessage &&
      request.method != kRootsList) {
    add(diags, "mrtr.input-request-method-unknown", "MRTR-INPUT-REQUEST-TYPES", Level::Must, method_pointer,
        "Input request " + quoted(request.key) + " has method " + quoted(request.method) +
            "; an input request is elicitation/create, sampling/createMessage or roots/list.",
        kBasisRequest);
  }
  for (const char* member : {"jsonrpc", "id"}) {
    if (find_member(value, member) != nullptr) {
      add(diags, "mrtr.input-request-jsonrpc", "MRTR-INPUT-REQUEST-TYPES", Level::Info,
          pointer_append(pointer, member),
          "Input request " + quoted(request.key) + " carries \"" + member +
              "\": an input request is not a JSON-RPC message (its key identifies it), so clients ignore it.",
          kBasisRequest);
    }
  }
  const std::string params_pointer = pointer_append(pointer, "params");
  request.params = find_member(value, "params");
  if (request.method == kElicitCreate) {
    if (request.params == nullptr) {
      add(diags, "elicit.params-missing", "REQUEST-MESSAGE", Level::Must, params_pointer,
          "elicitation/create has no params; it needs at least \"message\" and, in form mode, "
          "\"requestedSchema\".",
          "schema.json 2026-07-28 #/$defs/ElicitRequest");
    } else {
      ElicitRequestParse parsed = parse_elicit_request(*request.params, revision, params_pointer);
      for (Diagnostic& d : parsed.diagnostics) diags.push_back(std::move(d));
      request.elicitation = std::move(parsed.request);
    }
  } else if (request.method == kSamplingCreateMessage &&
             (request.params == nullptr || !request.params->IsObject())) {
    add(diags, "mrtr.sampling-params-missing", "MRTR-INPUT-REQUEST-TYPES", Level::Must, params_pointer,
        "sampling/createMessage needs a params object (messages, maxTokens).",
        "schema.json 2026-07-28 #/$defs/CreateMessageRequest");
  }
  out.request = std::move(request);
  return out;
}

InputRequiredResultParse parse_input_requests(const rapidjson::Value& map, Revision revision,
                                              const std::string& pointer) {
  InputRequiredResultParse out;
  InputRequiredResult typed;
  typed.has_input_requests = true;
  if (!map.IsObject()) {
    add(out.diagnostics, "mrtr.input-requests-type", "MRTR-INPUT-REQUEST-TYPES", Level::Must, pointer,
        "\"inputRequests\" is " + std::string(json_type_name(map)) +
            "; it must be an object mapping server-assigned keys to requests.",
        kBasisResult);
    out.result = std::move(typed);
    return out;
  }
  std::set<std::string> seen;
  for (auto it = map.MemberBegin(); it != map.MemberEnd(); ++it) {
    std::string key = text_of(it->name);
    const std::string where = pointer_append(pointer, key);
    if (!seen.insert(key).second) {
      // The JSON text repeats a member name; peers keep the first or the last, so the client
      // answers only one of them.
      add(out.diagnostics, "mrtr.input-request-key-duplicate", "MRTR-INPUT-KEYS-UNIQUE", Level::Must, where,
          "Key " + quoted(key) +
              " appears twice in inputRequests; keys must be unique, since each response "
              "comes back under its request's key.");
      continue;
    }
    InputRequestParse parsed = parse_input_request(it->value, std::move(key), revision, where);
    for (Diagnostic& d : parsed.diagnostics) out.diagnostics.push_back(std::move(d));
    if (parsed.request) typed.input_requests.push_back(std::move(*parsed.request));
  }
  out.result = std::move(typed);
  return out;
}

InputRequiredResultParse parse_input_required_result(const rapidjson::Value& result, Revision revision,
                                                     const std::string& pointer) {
  InputRequiredResultParse out;
  if (!result.IsObject()) return out;
  InputRequiredResult typed;
  Diagnostics& diags = out.diagnostics;
  const std::string requests_pointer = pointer_append(pointer, "inputRequests");
  bool requests_empty = false;
  if (const rapidjson::Value* requests = find_member(result, "inputRequests")) {
    InputRequiredResultParse parsed = parse_input_requests(*requests, revision, requests_pointer);
    for (Diagnostic& d : parsed.diagnostics) diags.push_back(std::move(d));
    typed = std::move(*parsed.result);
    requests_empty = requests->IsObject() && requests->ObjectEmpty();
  }
  const std::string state_pointer = pointer_append(pointer, "requestState");
  if (const rapidjson::Value* state = find_member(result, "requestState")) {
    if (state->IsString()) {
      typed.request_state = text_of(*state);
    } else {
      add(diags, "mrtr.request-state-type", "MRTR-MAY-REQUEST-STATE", Level::Must, state_pointer,
          "\"requestState\" is " + std::string(json_type_name(*state)) +
              "; it must be a string (the server encodes its state in it, e.g. base64).",
          kBasisResult);
    }
  }
  if (!typed.has_input_requests && find_member(result, "requestState") == nullptr) {
    add(diags, "mrtr.input-required-empty", "MRTR-IRR-NOT-EMPTY", Level::Must, pointer,
        "The InputRequiredResult has neither \"inputRequests\" nor \"requestState\"; it must carry at least "
        "one.",
        kBasisResult);
  } else if (requests_empty && find_member(result, "requestState") == nullptr) {
    add(diags, "mrtr.input-requests-empty", "MRTR-IRR-NOT-EMPTY", Level::Should, requests_pointer,
        "\"inputRequests\" is empty and there is no \"requestState\": the retry would carry nothing new, so "
        "the "
        "client can only send the same request again.");
  }
  out.result = std::move(typed);
  return out;
}

Diagnostics check_input_requests_declared(const InputRequiredResult& result,
                                          const ElicitationCapability& elicitation,
                                          const rapidjson::Value* client_capabilities) {
  Diagnostics out;
  const auto declared = [&](const char* name) {
    return client_capabilities != nullptr && client_capabilities->IsObject() &&
           find_member(*client_capabilities, name) != nullptr;
  };
  for (const InputRequest& r : result.input_requests) {
    const std::string where = pointer_append(r.pointer, "method");
    if (r.method == kElicitCreate) {
      if (!elicitation.declared) {
        add(out, "mrtr.elicitation-undeclared", "MRTR-NO-UNDECLARED-ELICITATION", Level::Must, where,
            "Input request " + quoted(r.key) +
                " is an elicitation, but the request it answers declared no "
                "elicitation capability in _meta; the server must not ask (it may fail the request with "
                "-32021).");
      } else if (r.elicitation && !elicitation.supports(r.elicitation->mode)) {
        add(out, "mrtr.elicitation-mode-undeclared", "SERVER-MODE-DECLARED", Level::Must,
            pointer_append(pointer_append(r.pointer, "params"), "mode"),
            "Input request " + quoted(r.key) + " is a " + std::string(to_string(r.elicitation->mode)) +
                "-mode elicitation, but the client declared " + elicitation.describe() + ".");
      }
    } else if ((r.method == kSamplingCreateMessage && !declared("sampling")) ||
               (r.method == kRootsList && !declared("roots"))) {
      add(out, "mrtr.input-request-undeclared", "MRTR-DECLARED-ONLY", Level::Must, where,
          "Input request " + quoted(r.key) + " is " + r.method +
              ", but the request it answers did not declare the " +
              (r.method == kRootsList ? "roots" : "sampling") + " capability.");
    }
  }
  return out;
}

RetryParse parse_input_responses(const rapidjson::Value& map, Revision revision,
                                 const InputRequiredResult* answered, const std::string& pointer) {
  RetryParse out;
  Diagnostics& diags = out.diagnostics;
  out.retry.has_input_responses = true;
  if (!map.IsObject()) {
    add(diags, "mrtr.input-responses-type", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must, pointer,
        "\"inputResponses\" is " + std::string(json_type_name(map)) +
            "; it must be an object mapping each input request's key to its result.",
        kBasisResponses);
    return out;
  }
  std::set<std::string> seen;
  for (auto it = map.MemberBegin(); it != map.MemberEnd(); ++it) {
    InputResponse response;
    response.key = text_of(it->name);
    response.value = &it->value;
    response.pointer = pointer_append(pointer, response.key);
    if (!seen.insert(response.key).second) {
      add(diags, "mrtr.input-response-key-duplicate", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must,
          response.pointer,
          "Key " + quoted(response.key) +
              " appears twice in inputResponses; which one a server reads is up to "
              "its JSON parser.");
      continue;
    }
    if (answered != nullptr) {
      response.answers = answered->find(response.key);
      if (response.answers == nullptr) {
        add(diags, "mrtr.input-response-unrequested", "MRTR-IGNORE-UNKNOWN-RESPONSES", Level::Info,
            response.pointer,
            "No input request has key " + quoted(response.key) +
                "; a server ignores what it did not ask for.");
      }
    }
    const bool elicitation = response.answers != nullptr ? response.answers->method == kElicitCreate
                                                         : looks_like_elicit_result(it->value);
    if (!it->value.IsObject()) {
      add(diags, "mrtr.input-response-type", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must, response.pointer,
          "Input response " + quoted(response.key) + " is " + std::string(json_type_name(it->value)) +
              "; it must be the result object of its request (an ElicitResult for an elicitation).",
          kBasisResponses);
    } else if (elicitation) {
      std::optional<Mode> mode;
      if (response.answers != nullptr && response.answers->elicitation)
        mode = response.answers->elicitation->mode;
      ElicitResultParse parsed = parse_elicit_result(it->value, revision, mode, response.pointer);
      for (Diagnostic& d : parsed.diagnostics) diags.push_back(std::move(d));
      response.elicitation = parsed.result;
    } else if (response.answers == nullptr && !looks_like_other_result(it->value)) {
      add(diags, "mrtr.input-response-unknown", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must, response.pointer,
          "Input response " + quoted(response.key) +
              " is none of ElicitResult (\"action\"), CreateMessageResult "
              "(\"role\", \"model\", \"content\") or ListRootsResult (\"roots\").",
          kBasisResponses);
    }
    out.retry.responses.push_back(std::move(response));
  }
  return out;
}

RetryParse parse_retry(const rapidjson::Value& params, Revision revision, const InputRequiredResult* answered,
                       const std::string& pointer) {
  RetryParse out;
  if (!params.IsObject()) return out;
  Diagnostics& diags = out.diagnostics;
  const std::string responses_pointer = pointer_append(pointer, "inputResponses");
  if (const rapidjson::Value* responses = find_member(params, "inputResponses")) {
    out = parse_input_responses(*responses, revision, answered, responses_pointer);
  }
  const std::string state_pointer = pointer_append(pointer, "requestState");
  const rapidjson::Value* state = find_member(params, "requestState");
  if (state != nullptr) {
    if (state->IsString()) {
      out.retry.request_state = text_of(*state);
    } else {
      add(diags, "mrtr.retry-state-type", "MRTR-CLIENT-ECHO-STATE", Level::Must, state_pointer,
          "\"requestState\" is " + std::string(json_type_name(*state)) +
              "; it is the server's string, echoed as sent.",
          "schema.json 2026-07-28 #/$defs/InputResponseRequestParams");
    }
  }
  if (answered == nullptr) return out;

  for (const InputRequest& request : answered->input_requests) {
    bool answered_here = false;
    for (const InputResponse& r : out.retry.responses) answered_here = answered_here || r.key == request.key;
    if (!answered_here) {
      add(diags, "mrtr.input-response-missing", "MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must,
          out.retry.has_input_responses ? pointer_append(responses_pointer, request.key) : responses_pointer,
          "The retry has no response for input request " + quoted(request.key) + " (" + request.method +
              "); a client constructs every requested input before it retries (a declined or cancelled "
              "elicitation is answered with that action).");
    }
  }
  if (answered->request_state) {
    if (state == nullptr) {
      add(diags, "mrtr.retry-state-missing", "MRTR-CLIENT-ECHO-STATE", Level::Must, state_pointer,
          "The InputRequiredResult carried a requestState and the retry does not echo it.");
    } else if (out.retry.request_state && *out.retry.request_state != *answered->request_state) {
      add(diags, "mrtr.retry-state-modified", "MRTR-CLIENT-ECHO-STATE", Level::Must, state_pointer,
          "requestState comes back changed (" + std::to_string(out.retry.request_state->size()) +
              " bytes, sent " + std::to_string(answered->request_state->size()) +
              "); it must be echoed exactly as the server sent it.");
    }
  } else if (state != nullptr) {
    add(diags, "mrtr.retry-state-invented", "MRTR-CLIENT-NO-INVENTED-STATE", Level::Must, state_pointer,
        "The retry carries a requestState, but the InputRequiredResult had none.");
  }
  return out;
}

}  // namespace ec
