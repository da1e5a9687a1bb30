// What every message of the modern wire (2026-07-28 and later, see spec/revision.h) carries
// besides the elicitation itself, read from parsed JSON like spec/elicitation.h does:
//   - the `_meta` of every client request: protocol version and client capabilities (required),
//     client info (SHOULD); the elicitation capability is read from the capabilities there;
//   - `resultType` on every result ("complete", "input_required") and the server info in a
//     result's `_meta` (SHOULD);
//   - server/discover and its DiscoverResult;
//   - the error codes: -32021 MissingRequiredClientCapability, -32022 UnsupportedProtocolVersion,
//     and the retired (-32002, -32042) or undefined codes of the range reserved to the spec.
// The typed multi round-trip messages (InputRequiredResult, inputResponses) are spec/mrtr.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "spec/capability.h"
#include "spec/revision.h"

namespace ec {

// schema.json 2026-07-28 #/$defs/RequestMetaObject and ResultMetaObject.
inline constexpr std::string_view kMetaProtocolVersion = "io.modelcontextprotocol/protocolVersion";
inline constexpr std::string_view kMetaClientInfo = "io.modelcontextprotocol/clientInfo";
inline constexpr std::string_view kMetaClientCapabilities = "io.modelcontextprotocol/clientCapabilities";
inline constexpr std::string_view kMetaServerInfo = "io.modelcontextprotocol/serverInfo";

inline constexpr std::string_view kServerDiscover = "server/discover";

inline constexpr std::int64_t kHeaderMismatch = -32020;
inline constexpr std::int64_t kMissingRequiredClientCapability = -32021;
inline constexpr std::int64_t kUnsupportedProtocolVersion = -32022;

// schema.json #/$defs/Implementation: the name and version that clientInfo and serverInfo carry.
struct Implementation {
  std::string name;
  std::string version;
};

// The `_meta` of a client request.
struct RequestMeta {
  std::string protocol_version;  // "" when missing or not a string
  std::optional<Implementation> client_info;
  const rapidjson::Value* client_capabilities = nullptr;  // the object, when it is one
  ElicitationCapability elicitation;  // clientCapabilities.elicitation, read as the revision says
};

struct RequestMetaParse {
  RequestMeta meta;
  Diagnostics diagnostics;
};

// `params` is the request's params (nullptr when it has none), `pointer` where they sit ("/params").
RequestMetaParse parse_request_meta(const rapidjson::Value* params, Revision revision,
                                    const std::string& pointer);

enum class ResultType { Complete, InputRequired, Other, Absent };

struct ResultHead {
  ResultType type = ResultType::Absent;
  std::string type_text;  // as sent, when a string
  std::optional<Implementation> server_info;
};

struct ResultHeadParse {
  ResultHead head;
  Diagnostics diagnostics;
};

// The members every modern result has: `resultType` (required), `_meta` with the server info
// (SHOULD). `server_info_rule` is the requirement that asks for the server info here
// (DISCOVER-SERVER-INFO on a DiscoverResult, META-SERVER-INFO on any other result).
ResultHeadParse parse_result_head(const rapidjson::Value& result, Revision revision,
                                  const std::string& pointer,
                                  std::string_view server_info_rule = "META-SERVER-INFO");

struct DiscoverResult {
  std::vector<std::string> supported_versions;
  const rapidjson::Value* capabilities = nullptr;
};

struct DiscoverResultParse {
  std::optional<DiscoverResult> result;  // nullopt when the result is not an object
  Diagnostics diagnostics;
};

// The shape of a server/discover result (its head is parse_result_head's).
DiscoverResultParse parse_discover_result(const rapidjson::Value& result, Revision revision,
                                          const std::string& pointer);

// The error code policy of the modern wire: -32002 and -32042 are retired, and of the range
// -32020..-32099 only the codes the spec defines may be sent.
Diagnostics check_error_code(std::int64_t code, Revision revision, const std::string& pointer);

struct UnsupportedVersionError {
  std::vector<std::string> supported;
  std::string requested;
};

struct UnsupportedVersionErrorParse {
  std::optional<UnsupportedVersionError> error;
  Diagnostics diagnostics;
};

// The `error` object of a -32022 response: data.supported (strings) and data.requested.
UnsupportedVersionErrorParse parse_unsupported_version_error(const rapidjson::Value& error, Revision revision,
                                                             const std::string& pointer);

struct MissingCapabilityErrorParse {
  const rapidjson::Value* required_capabilities = nullptr;
  ElicitationCapability elicitation;  // what it says the request needs of elicitation
  Diagnostics diagnostics;
};

// The `error` object of a -32021 response: data.requiredCapabilities, a ClientCapabilities object.
MissingCapabilityErrorParse parse_missing_capability_error(const rapidjson::Value& error, Revision revision,
                                                           const std::string& pointer);

}  // namespace ec
