// One JSON-RPC message, fully checked: bounded parse, JSON-RPC shape, and, for the messages of
// the elicitation feature, the typed checks of the revision with the requestedSchema checker
// and the content validator. On the modern wire (2026-07-28) that is every client request's
// `_meta`, every result's `resultType`, an InputRequiredResult with each elicitation it carries,
// a retried request's inputResponses (each ElicitResult, its content against the schema it
// answers when the InputRequiredResult is given), server/discover, and the error codes. Stateless: rules that
// need the transcript (capabilities, ids already used) are the whole-transcript checks of the step engine
// (cases/step_engine.cpp). This is what `elicit-conform check-message` prints and what the case runner
// applies to every message a SUT sends.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "core/json.h"
#include "core/jsonrpc.h"
#include "schema/content_validator.h"
#include "spec/revision.h"

namespace ec {

struct MessageCheckOptions {
  Revision revision = default_revision();
  ParseLimits limits;
  // The elicitation/create params a result answers, when known: lets a result be checked
  // against its mode (URL accepts carry no content) and its content against the schema.
  const rapidjson::Value* answered_request_params = nullptr;
  // Modern wire (2026-07-28) only, both whole JSON-RPC messages:
  // the client request a result answers: an InputRequiredResult is only for tools/call,
  // prompts/get and resources/read, and asks only for what that request's _meta declared; a
  // server/discover request makes the result a DiscoverResult;
  const rapidjson::Value* answered_request = nullptr;
  // the InputRequiredResult response a request retries after: the retry has a new id, a
  // response for each input request (content checked against its schema) and the state echoed.
  const rapidjson::Value* retry_of = nullptr;
  ContentRules content_rules;
};

struct MessageReport {
  MessageKind kind = MessageKind::Invalid;
  std::string summary;  // e.g. "elicitation/create request, form mode, 3 properties"
  Diagnostics diagnostics;

  bool conforms() const { return !has_level(diagnostics, Level::Must); }
};

MessageReport check_message_bytes(std::string_view bytes, const MessageCheckOptions& options);
// The same for bytes a caller has parsed already (with options.limits), so that a reader that
// keeps the document parses each message once.
MessageReport check_parsed_message(const ParsedJson& parsed, const MessageCheckOptions& options);
MessageReport check_message(const rapidjson::Value& message, const MessageCheckOptions& options);

}  // namespace ec
