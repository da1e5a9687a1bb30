#include "spec/requirements.h"

#include <array>

namespace ec {
namespace {

constexpr std::array kRequirements{
    Requirement{"JSONRPC-MESSAGE-FORMAT", Level::Must, Binds::Both, "schema.json > JSONRPCMessage",
                "Refers to any valid JSON-RPC object that can be decoded off the wire, or encoded to "
                "be sent.",
                true, true, true},
    Requirement{"JSONRPC-ID-TYPE", Level::Must, Binds::Both, "schema.json > RequestId",
                "A uniquely identifying ID for a request in JSON-RPC. (type: string | integer)", true, true, true},
    Requirement{"JSONRPC-RESULT-XOR-ERROR", Level::Must, Binds::Both, "schema.json > JSONRPCResponse",
                "A response to a request, containing either the result or error.", true, true, true},
    Requirement{"CAPABILITY-DECLARE", Level::Must, Binds::Client, "elicitation.mdx > Capabilities",
                "Clients that support elicitation **MUST** declare the `elicitation` capability during "
                "initialization",
                true, true},
    Requirement{"CAPABILITY-AT-LEAST-ONE-MODE", Level::Must, Binds::Client,
                "elicitation.mdx > Capabilities",
                "Clients declaring the `elicitation` capability **MUST** support at least one mode "
                "(`form` or `url`).",
                false, true, true},
    Requirement{"CAPABILITY-NEGOTIATION", Level::Must, Binds::Both, "lifecycle.mdx > Capability Negotiation",
                "Client and server capabilities establish which optional protocol features will be "
                "available during the session.",
                false, true},
    Requirement{"SERVER-MODE-DECLARED", Level::Must, Binds::Server, "elicitation.mdx > Capabilities",
                "Servers **MUST NOT** send elicitation requests with modes that are not supported by "
                "the client.",
                false, true, true},
    Requirement{"REQUEST-MESSAGE", Level::Must, Binds::Server,
                "elicitation.mdx > Elicitation Requests",
                "All elicitation requests **MUST** include the following parameters: ... `message` "
                "(string) A human-readable message explaining why the interaction is needed.",
                true, true, true},
    Requirement{"REQUEST-MODE", Level::Must, Binds::Server, "elicitation.mdx > Elicitation Requests",
                "`mode` (string, `form` | `url`): The mode of the elicitation. Optional for form mode "
                "(defaults to `\"form\"` if omitted).",
                false, true, true},
    Requirement{"CLIENT-MODE-DEFAULT", Level::Must, Binds::Client,
                "elicitation.mdx > Elicitation Requests",
                "Clients **MUST** treat requests without a `mode` field as form mode.", false, true, true},
    Requirement{"FORM-REQUESTED-SCHEMA", Level::Must, Binds::Server,
                "elicitation.mdx > Form Mode Elicitation Requests",
                "Form mode elicitation requests **MUST** either specify `mode: \"form\"` or omit the "
                "`mode` field, and include these additional parameters: `requestedSchema`",
                true, true, true},
    Requirement{"FORM-SCHEMA-RESTRICTED", Level::Must, Binds::Server,
                "elicitation.mdx > Requested Schema",
                "To simplify client user experience, form mode elicitation schemas are limited to "
                "flat objects with primitive properties only.",
                true, true, true},
    Requirement{"FORM-SCHEMA-FORMAT", Level::Must, Binds::Server, "elicitation.mdx > Requested Schema",
                "Supported formats: `email`, `uri`, `date`, `date-time`", true, true, true},
    Requirement{"FORM-SCHEMA-CONSISTENT", Level::Should, Binds::Server,
                "elicitation.mdx > Requested Schema",
                "Clients can use this schema to: 1. Generate appropriate input forms 2. Validate user "
                "input before sending (a schema no input can satisfy defeats both)",
                true, true, true},
    Requirement{"FORM-SCHEMA-ENUM", Level::Must, Binds::Server, "SEP-1330 > Specification",
                "EnumSchema = SingleSelectEnumSchema | MultiSelectEnumSchema | LegacyEnumSchema", true, true, true},
    Requirement{"FORM-SCHEMA-DEFAULT", Level::Must, Binds::Server, "SEP-1034 > Behavior",
                "Default values must match the schema type. For EnumSchema, the default must be one "
                "of the valid enum values",
                true, true, true},
    Requirement{"URL-PARAMS", Level::Must, Binds::Server,
                "elicitation.mdx > URL Mode Elicitation Requests",
                "URL mode elicitation requests **MUST** specify `mode: \"url\"`, a `message`, and "
                "include these additional parameters: `url`, `elicitationId`",
                false, true},
    Requirement{"URL-VALID", Level::Must, Binds::Server,
                "elicitation.mdx > URL Mode Elicitation Requests",
                "The `url` parameter **MUST** contain a valid URL.", false, true, true},
    Requirement{"COMPLETE-ELICITATION-ID", Level::Must, Binds::Server,
                "elicitation.mdx > Completion Notifications for URL Mode Elicitation",
                "**MUST** include the `elicitationId` established in the original "
                "`elicitation/create` request.",
                false, true},
    Requirement{"CLIENT-IGNORE-UNKNOWN-COMPLETE", Level::Must, Binds::Client,
                "elicitation.mdx > Completion Notifications for URL Mode Elicitation",
                "**MUST** ignore notifications referencing unknown or already-completed IDs.", false,
                true},
    Requirement{"URL-REQUIRED-ERROR-LIST", Level::Must, Binds::Server,
                "elicitation.mdx > URL Elicitation Required Error",
                "The error **MUST** include a list of elicitations that are required to complete "
                "before the original can be retried.",
                false, true},
    Requirement{"URL-REQUIRED-ERROR-URL-MODE", Level::Must, Binds::Server,
                "elicitation.mdx > URL Elicitation Required Error",
                "Any elicitations returned in the error **MUST** be URL mode elicitations and have an "
                "`elicitationId` property.",
                false, true},
    Requirement{"CLIENT-ERR-STANDARD", Level::Must, Binds::Client, "elicitation.mdx > Error Handling",
                "Clients **MUST** return standard JSON-RPC errors for common failure cases:", false, true},
    Requirement{"CLIENT-ERR-UNSUPPORTED-MODE", Level::Must, Binds::Client,
                "elicitation.mdx > Error Handling",
                "Server sends an `elicitation/create` request with a mode not declared in client "
                "capabilities: `-32602` (Invalid params)",
                false, true},
    Requirement{"CLIENT-URL-NO-PREFETCH", Level::Must, Binds::Client,
                "elicitation.mdx > Safe URL Handling",
                "**MUST NOT** automatically pre-fetch the URL or any of its metadata.", false, true, true},
    Requirement{"CLIENT-URL-CONSENT", Level::Must, Binds::Client, "elicitation.mdx > Safe URL Handling",
                "**MUST NOT** open the URL without explicit consent from the user.", false, true, true},
    Requirement{"RESULT-ACTION", Level::Must, Binds::Client, "elicitation.mdx > Response Actions",
                "Elicitation responses use a three-action model to clearly distinguish between "
                "different user actions.",
                true, true, true},
    Requirement{"RESULT-CONTENT", Level::Must, Binds::Client, "schema.json > ElicitResult",
                "The submitted form data, only present when action is \"accept\" and mode was "
                "\"form\". Contains values matching the requested schema. Omitted for out-of-band "
                "mode responses.",
                true, true},
    Requirement{"CLIENT-VALIDATE-CONTENT", Level::Should, Binds::Client,
                "elicitation.mdx > Form Mode Security",
                "Clients **SHOULD** validate all responses against the provided schema", false, true, true},
    Requirement{"SERVER-VALIDATE-CONTENT", Level::Should, Binds::Server,
                "elicitation.mdx > Form Mode Security",
                "Servers **SHOULD** validate received data matches the requested schema", false, true, true},
    // 2026-07-28 (modern wire): rules whose words changed, and the rules of multi round-trip
    // requests, the per-request `_meta`, resultType and the error codes the checkers enforce.
    Requirement{"CAPABILITY-DECLARE", Level::Must, Binds::Client, "elicitation.mdx > Capabilities",
                "Clients that support elicitation **MUST** declare the `elicitation` capability in "
                "`_meta.io.modelcontextprotocol/clientCapabilities` on each request",
                false, false, true},
    Requirement{"URL-PARAMS", Level::Must, Binds::Server,
                "elicitation.mdx > URL Mode Elicitation Requests",
                "URL mode elicitation requests **MUST** specify `mode: \"url\"`, a `message`, and "
                "include these additional parameters: `url`",
                false, false, true},
    Requirement{"RESULT-CONTENT", Level::Must, Binds::Client, "schema.json > ElicitResult",
                "The submitted form data, only present when action is `\"accept\"` and mode was "
                "`\"form\"`. Contains values matching the requested schema. Omitted for out-of-band "
                "mode responses.",
                false, false, true},
    Requirement{"CLIENT-MANUAL-RETRY", Level::Should, Binds::Client,
                "elicitation.mdx > Completion Notifications for URL Mode Elicitation",
                "Clients: **SHOULD** still provide manual controls that let the user retry or cancel "
                "the original request (or otherwise resume interacting with the client) if the "
                "notification never arrives.",
                false, true, false},
    Requirement{"CLIENT-MANUAL-RETRY", Level::Should, Binds::Client,
                "elicitation.mdx > URL Mode Elicitation Requests",
                "Clients **SHOULD** provide manual controls that let the user retry or cancel the "
                "original request (or otherwise resume interacting with the client).",
                false, false, true},
    Requirement{"META-REQUIRED-FIELDS", Level::Must, Binds::Client, "basic.mdx > _meta",
                "Client requests carry the following `io.modelcontextprotocol/*` fields in `_meta`; "
                "fields marked as required **MUST** be included on every request. "
                "(`io.modelcontextprotocol/protocolVersion`: string, required; "
                "`io.modelcontextprotocol/clientCapabilities`: ClientCapabilities, required)",
                false, false, true},
    Requirement{"META-CLIENT-INFO", Level::Should, Binds::Client, "basic.mdx > _meta",
                "Clients **SHOULD** include `io.modelcontextprotocol/clientInfo` on every request "
                "unless specifically configured not to do so.",
                false, false, true},
    Requirement{"META-SERVER-INFO", Level::Should, Binds::Server, "basic.mdx > _meta",
                "Servers **SHOULD** include the following `io.modelcontextprotocol/*` field in every "
                "result's `_meta`, unless specifically configured not to do so "
                "(`io.modelcontextprotocol/serverInfo`: Implementation)",
                false, false, true},
    Requirement{"RESULT-TYPE-REQUIRED", Level::Must, Binds::Server, "basic.mdx > Result Responses",
                "The `result` **MUST** include a `resultType` field to indicate the type of the result.",
                false, false, true},
    Requirement{"RESULT-TYPE-SET", Level::Must, Binds::Both, "basic.mdx > ResultType",
                "The set of supported `ResultType` values **MUST** be created from the set defined in "
                "the core protocol and include any additional values of supported extensions that "
                "are advertised via capabilities.",
                false, false, true},
    Requirement{"ERROR-CODE-RETIRED", Level::Must, Binds::Both, "basic.mdx > Error Codes",
                "Implementations of this protocol version **MUST NOT** emit these codes: `-32002` "
                "(resource not found), `-32042` (URL elicitation required, 2025-11-25 only).",
                false, false, true},
    Requirement{"ERROR-CODE-RESERVED-RANGE", Level::Must, Binds::Both, "basic.mdx > Error Codes",
                "`-32020` to `-32099` — reserved for the MCP specification. Implementations **MUST "
                "NOT** emit any code from this sub-range that is not defined by this specification",
                false, false, true},
    Requirement{"VERSION-UNSUPPORTED-ERROR", Level::Must, Binds::Server,
                "versioning.mdx > Protocol Version Negotiation",
                "If the server does not implement the requested version ..., it **MUST** respond "
                "with an `UnsupportedProtocolVersionError` listing the versions it does support",
                false, false, true},
    Requirement{"CAPABILITY-MISSING-ERROR", Level::Must, Binds::Server, "basic.mdx > _meta",
                "the server **MUST** return a `MissingRequiredClientCapabilityError` (`-32021`) whose "
                "`data.requiredCapabilities` lists the missing capabilities.",
                false, false, true},
    Requirement{"DISCOVER-MUST", Level::Must, Binds::Server, "discover.mdx > Discovery",
                "`server/discover` lets a client query a server's supported protocol versions, "
                "capabilities, and identity before sending any other requests. Servers **MUST** "
                "implement it.",
                false, false, true},
    Requirement{"DISCOVER-SERVER-INFO", Level::Should, Binds::Server, "discover.mdx > DiscoverResult",
                "`_meta['io.modelcontextprotocol/serverInfo']`: Name and version of the server "
                "software. Servers **SHOULD** include this field.",
                false, false, true},
    Requirement{"MODERN-ONLY-INITIALIZE-ERROR", Level::Should, Binds::Server,
                "versioning.mdx > Backward Compatibility with Initialization-Based Versions",
                "A server that supports only modern versions **SHOULD** name the protocol versions "
                "it supports in any error it returns to an `initialize` request, on any transport",
                false, false, true},
    Requirement{"MRTR-SERVER-USES-MRTR", Level::Must, Binds::Server, "mrtr.mdx > Multi Round-Trip Requests",
                "Servers **MUST** send server-to-client requests (such as `roots/list`, "
                "`sampling/createMessage`, or `elicitation/create`) using the MRTR pattern.",
                false, false, true},
    Requirement{"MRTR-SUPPORTED-REQUESTS-ONLY", Level::Must, Binds::Server, "mrtr.mdx > Supported Requests",
                "Servers **MUST NOT** send `InputRequiredResult` responses on any other client "
                "requests. (supported: `prompts/get`, `resources/read`, `tools/call`)",
                false, false, true},
    Requirement{"MRTR-INPUT-KEYS-UNIQUE", Level::Must, Binds::Server,
                "mrtr.mdx > Server Requirements (Basic Workflow)",
                "`inputRequests` keys are server assigned identifiers and **MUST** be unique within "
                "the scope of the request.",
                false, false, true},
    Requirement{"MRTR-INPUT-REQUEST-TYPES", Level::Must, Binds::Server,
                "mrtr.mdx > Server Requirements (Basic Workflow)",
                "`inputRequests` values are request objects that **MUST** be one of `ElicitRequest`, "
                "`CreateMessageRequest`, or `ListRootsRequest`",
                false, false, true},
    Requirement{"MRTR-MAY-REQUEST-STATE", Level::May, Binds::Server,
                "mrtr.mdx > Server Requirements (Basic Workflow)",
                "The `InputRequiredResult` **MAY** include a `requestState` field. If specified, this "
                "field is an opaque string meaningful only to the server.",
                false, false, true},
    Requirement{"MRTR-IRR-NOT-EMPTY", Level::Must, Binds::Server,
                "mrtr.mdx > Server Requirements (Basic Workflow)",
                "Servers **MUST** include at least one of `inputRequests` or `requestState` in every "
                "`InputRequiredResult` response.",
                false, false, true},
    Requirement{"MRTR-DECLARED-ONLY", Level::Must, Binds::Server,
                "mrtr.mdx > Server Requirements (Basic Workflow)",
                "Servers **MUST NOT** send an `inputRequests` that the client has not declared "
                "support for in its capabilities.",
                false, false, true},
    Requirement{"MRTR-NO-UNDECLARED-ELICITATION", Level::Must, Binds::Server,
                "mrtr.mdx > Server Requirements (Basic Workflow)",
                "if a client does not declare support for `elicitation`, the server **MUST NOT** "
                "include any `elicitation/create` requests in the `inputRequests` field.",
                false, false, true},
    Requirement{"MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must, Binds::Client,
                "mrtr.mdx > Client Requirements (Basic Workflow)",
                "If a client receives an `InputRequiredResult` that contains the `inputRequests` "
                "field, the client **MUST** construct the requested inputs before retrying the "
                "original request.",
                false, false, true},
    Requirement{"MRTR-CLIENT-ECHO-STATE", Level::Must, Binds::Client,
                "mrtr.mdx > Client Requirements (Basic Workflow)",
                "If an `InputRequiredResult` contains the `requestState` field, the client **MUST** "
                "echo back the exact value of that field when retrying the original request.",
                false, false, true},
    Requirement{"MRTR-CLIENT-NO-INVENTED-STATE", Level::Must, Binds::Client,
                "mrtr.mdx > Client Requirements (Basic Workflow)",
                "If the `InputRequiredResult` does not contain a `requestState` field, the client "
                "**MUST NOT** include one in the retry.",
                false, false, true},
    Requirement{"MRTR-RETRY-NEW-ID", Level::Must, Binds::Client,
                "mrtr.mdx > Client Requirements (Basic Workflow)",
                "The JSON-RPC `id` **MUST** be different between the initial request and the retry, "
                "as they are independent requests.",
                false, false, true},
    Requirement{"MRTR-IGNORE-UNKNOWN-RESPONSES", Level::Should, Binds::Server, "mrtr.mdx > Error Handling",
                "If additional, unexpected parameters are provided in the `InputResponses` object, "
                "the server **SHOULD** ignore any information it does not recognize or need.",
                false, false, true},
    // 2025-06-18 words the validation rule once, for both sides.
    Requirement{"CLIENT-VALIDATE-CONTENT", Level::Should, Binds::Client, "elicitation.mdx > Security Considerations",
                "Both parties **SHOULD** validate elicitation content against the provided schema", true, false},
    Requirement{"SERVER-VALIDATE-CONTENT", Level::Should, Binds::Server, "elicitation.mdx > Security Considerations",
                "Both parties **SHOULD** validate elicitation content against the provided schema", true, false},
};

}  // namespace

std::span<const Requirement> requirements() { return kRequirements; }

const Requirement* find_requirement(std::string_view key, Revision revision) {
  // A key may have one row per wording: the row of this revision wins.
  for (const Requirement& r : kRequirements) {
    bool present = false;
    switch (revision) {
      case Revision::V2025_06_18: present = r.in_2025_06_18; break;
      case Revision::V2025_11_25: present = r.in_2025_11_25; break;
      case Revision::V2026_07_28: present = r.in_2026_07_28; break;
    }
    if (r.key == key && present) return &r;
  }
  return nullptr;
}

}  // namespace ec
