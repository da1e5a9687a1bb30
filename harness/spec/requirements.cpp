#include "spec/requirements.h"

#include <array>

namespace ec {
namespace {

constexpr std::array kRequirements{
    Requirement{"JSONRPC-MESSAGE-FORMAT", Level::Must, Binds::Both, "schema.json > JSONRPCMessage",
                "Refers to any valid JSON-RPC object that can be decoded off the wire, or encoded to "
                "be sent.",
                true, true},
    Requirement{"JSONRPC-ID-TYPE", Level::Must, Binds::Both, "schema.json > RequestId",
                "A uniquely identifying ID for a request in JSON-RPC. (type: string | integer)", true,
                true},
    Requirement{"JSONRPC-RESULT-XOR-ERROR", Level::Must, Binds::Both, "schema.json > JSONRPCResponse",
                "A response to a request, containing either the result or error.", true, true},
    Requirement{"CAPABILITY-DECLARE", Level::Must, Binds::Client, "elicitation.mdx > Capabilities",
                "Clients that support elicitation **MUST** declare the `elicitation` capability during "
                "initialization",
                true, true},
    Requirement{"CAPABILITY-AT-LEAST-ONE-MODE", Level::Must, Binds::Client,
                "elicitation.mdx > Capabilities",
                "Clients declaring the `elicitation` capability **MUST** support at least one mode "
                "(`form` or `url`).",
                false, true},
    Requirement{"CAPABILITY-NEGOTIATION", Level::Must, Binds::Both, "lifecycle.mdx > Capability Negotiation",
                "Client and server capabilities establish which optional protocol features will be "
                "available during the session.",
                false, true},
    Requirement{"SERVER-MODE-DECLARED", Level::Must, Binds::Server, "elicitation.mdx > Capabilities",
                "Servers **MUST NOT** send elicitation requests with modes that are not supported by "
                "the client.",
                false, true},
    Requirement{"REQUEST-MESSAGE", Level::Must, Binds::Server,
                "elicitation.mdx > Elicitation Requests",
                "All elicitation requests **MUST** include the following parameters: ... `message` "
                "(string) A human-readable message explaining why the interaction is needed.",
                true, true},
    Requirement{"REQUEST-MODE", Level::Must, Binds::Server, "elicitation.mdx > Elicitation Requests",
                "`mode` (string, `form` | `url`): The mode of the elicitation. Optional for form mode "
                "(defaults to `\"form\"` if omitted).",
                false, true},
    Requirement{"CLIENT-MODE-DEFAULT", Level::Must, Binds::Client,
                "elicitation.mdx > Elicitation Requests",
                "Clients **MUST** treat requests without a `mode` field as form mode.", false, true},
    Requirement{"FORM-REQUESTED-SCHEMA", Level::Must, Binds::Server,
                "elicitation.mdx > Form Mode Elicitation Requests",
                "Form mode elicitation requests **MUST** either specify `mode: \"form\"` or omit the "
                "`mode` field, and include these additional parameters: `requestedSchema`",
                true, true},
    Requirement{"FORM-SCHEMA-RESTRICTED", Level::Must, Binds::Server,
                "elicitation.mdx > Requested Schema",
                "To simplify client user experience, form mode elicitation schemas are limited to "
                "flat objects with primitive properties only.",
                true, true},
    Requirement{"FORM-SCHEMA-FORMAT", Level::Must, Binds::Server, "elicitation.mdx > Requested Schema",
                "Supported formats: `email`, `uri`, `date`, `date-time`", true, true},
    Requirement{"FORM-SCHEMA-CONSISTENT", Level::Should, Binds::Server,
                "elicitation.mdx > Requested Schema",
                "Clients can use this schema to: 1. Generate appropriate input forms 2. Validate user "
                "input before sending (a schema no input can satisfy defeats both)",
                true, true},
    Requirement{"FORM-SCHEMA-ENUM", Level::Must, Binds::Server, "SEP-1330 > Specification",
                "EnumSchema = SingleSelectEnumSchema | MultiSelectEnumSchema | LegacyEnumSchema", true,
                true},
    Requirement{"FORM-SCHEMA-DEFAULT", Level::Must, Binds::Server, "SEP-1034 > Behavior",
                "Default values must match the schema type. For EnumSchema, the default must be one "
                "of the valid enum values",
                true, true},
    Requirement{"URL-PARAMS", Level::Must, Binds::Server,
                "elicitation.mdx > URL Mode Elicitation Requests",
                "URL mode elicitation requests **MUST** specify `mode: \"url\"`, a `message`, and "
                "include these additional parameters: `url`, `elicitationId`",
                false, true},
    Requirement{"URL-VALID", Level::Must, Binds::Server,
                "elicitation.mdx > URL Mode Elicitation Requests",
                "The `url` parameter **MUST** contain a valid URL.", false, true},
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
                "**MUST NOT** automatically pre-fetch the URL or any of its metadata.", false, true},
    Requirement{"CLIENT-URL-CONSENT", Level::Must, Binds::Client, "elicitation.mdx > Safe URL Handling",
                "**MUST NOT** open the URL without explicit consent from the user.", false, true},
    Requirement{"RESULT-ACTION", Level::Must, Binds::Client, "elicitation.mdx > Response Actions",
                "Elicitation responses use a three-action model to clearly distinguish between "
                "different user actions.",
                true, true},
    Requirement{"RESULT-CONTENT", Level::Must, Binds::Client, "schema.json > ElicitResult",
                "The submitted form data, only present when action is \"accept\" and mode was "
                "\"form\". Contains values matching the requested schema. Omitted for out-of-band "
                "mode responses.",
                true, true},
    Requirement{"CLIENT-VALIDATE-CONTENT", Level::Should, Binds::Client,
                "elicitation.mdx > Form Mode Security",
                "Clients **SHOULD** validate all responses against the provided schema", false, true},
    Requirement{"SERVER-VALIDATE-CONTENT", Level::Should, Binds::Server,
                "elicitation.mdx > Form Mode Security",
                "Servers **SHOULD** validate received data matches the requested schema", false, true},
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
    const bool present = revision == Revision::V2025_06_18 ? r.in_2025_06_18 : r.in_2025_11_25;
    if (r.key == key && present) return &r;
  }
  return nullptr;
}

}  // namespace ec
