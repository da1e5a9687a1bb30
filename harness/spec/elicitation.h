// The typed elicitation messages of each revision, read from parsed JSON. Each parse returns
// the typed value (when the message is usable at all) and one diagnostic per broken rule, so a
// message that is wrong in two ways says so twice. The requestedSchema and the URL are kept as
// they came: the schema layer judges them (spec knows shapes, schema knows JSON Schema).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "spec/capability.h"
#include "spec/revision.h"

namespace ec {

inline constexpr std::string_view kElicitCreate = "elicitation/create";
inline constexpr std::string_view kElicitComplete = "notifications/elicitation/complete";
inline constexpr std::int64_t kUrlElicitationRequired = -32042;
inline constexpr std::int64_t kInvalidParams = -32602;

// elicitation/create params, either mode.
struct ElicitRequest {
  Mode mode = Mode::Form;
  bool mode_omitted = true;  // form mode by default ("Clients MUST treat requests without a mode
                             // field as form mode")
  std::string message;
  const rapidjson::Value* requested_schema = nullptr;  // form mode
  std::string url;                                     // URL mode
  bool has_url = false;        // "url" was a string (an empty one too: "" is present, and no valid URL)
  std::string elicitation_id;  // URL mode
  std::string pointer;         // where these params sit in the checked message
};

struct ElicitRequestParse {
  std::optional<ElicitRequest> request;  // nullopt when params is not even an object
  Diagnostics diagnostics;
};

// `pointer` is where `params` sits in the message ("/params", or "/error/data/elicitations/0").
ElicitRequestParse parse_elicit_request(const rapidjson::Value& params, Revision revision,
                                        const std::string& pointer);

enum class Action { Accept, Decline, Cancel };
std::string_view to_string(Action action);

struct ElicitResult {
  Action action = Action::Cancel;
  const rapidjson::Value* content = nullptr;  // the content object, when present and an object
};

struct ElicitResultParse {
  std::optional<ElicitResult> result;  // nullopt when the action is missing or unknown
  Diagnostics diagnostics;
};

// `request_mode` is the mode of the request this answers, when known: URL-mode accepts carry
// no content.
ElicitResultParse parse_elicit_result(const rapidjson::Value& result, Revision revision,
                                      std::optional<Mode> request_mode, const std::string& pointer);

struct CompletionNotificationParse {
  std::optional<std::string> elicitation_id;
  Diagnostics diagnostics;
};

// params of notifications/elicitation/complete (nullptr when the message has none).
CompletionNotificationParse parse_completion_notification(const rapidjson::Value* params, Revision revision,
                                                          const std::string& pointer);

struct UrlRequiredErrorParse {
  std::vector<ElicitRequest> elicitations;  // the usable entries
  Diagnostics diagnostics;
};

// The `error` object of a -32042 response.
UrlRequiredErrorParse parse_url_required_error(const rapidjson::Value& error, Revision revision,
                                               const std::string& pointer);

}  // namespace ec
