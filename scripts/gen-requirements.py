#!/usr/bin/env python3
"""Writes cases/requirements/<revision>.json, the catalog of the normative statements of the
elicitation spec (and of the JSON-RPC / lifecycle rules it leans on) that cases trace to.

The table below is the source: key, level, the side it binds, the source file, the exact words,
and, for what cannot be seen on the wire, the reason it is excluded. Every quote is checked
verbatim (ignoring ** and line breaks) against ../shared/spec, so a catalog entry can never
misquote the spec. The case ids of each entry are collected from cases/**.json. Run with
/usr/bin/python3 after changing the table or the cases; with --check it only verifies (used by
tests/test_requirements.py, which fails when the committed catalog is out of date). Without the
spec texts (a clone of this repository alone) it exits 2 and says so; the test then skips.
EC_SPEC_DIR names the spec texts' folder when they are somewhere else.
"""
import json
import os
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The spec texts are not in the repository. An explicit EC_SPEC_DIR is the only place looked, so
# that pointing it at a missing folder shows what a clone without them gets.
SPEC_CANDIDATES = ([pathlib.Path(os.environ["EC_SPEC_DIR"])] if os.environ.get("EC_SPEC_DIR")
                   else list(dict.fromkeys([ROOT.parent / "shared" / "spec", pathlib.Path("/work/shared/spec")])))
SPEC = next((p for p in SPEC_CANDIDATES if p.is_dir()), SPEC_CANDIDATES[0])

UI = "a user-interface property; not observable on the wire"
INTERNAL = "server-internal state or out-of-band behaviour; not observable on the MCP wire"
PERMISSION = "a permission (MAY): nothing to check beyond the cases that exercise it"
# Not an exclusion: a rule of every message, judged over every message of every run by the wire
# rows (<role>.wire.messages-well-formed, harness/report/wire_verdicts.h) besides the cases that cite it.
WIRE = object()

# key, level, binds, source ("page" = <revision>/elicitation.mdx), quote, excluded-reason
R1125 = [
    ("FORM-NO-SENSITIVE", "MUST NOT", "server", "page", "Servers **MUST NOT** use form mode elicitation to request sensitive information such as passwords, API keys, access tokens, or payment credentials", None),
    ("URL-FOR-SENSITIVE", "MUST", "server", "page", "Servers **MUST** use [URL mode](#url-mode-elicitation-requests) for interactions involving such sensitive information", "which data is sensitive is the server's intent; the wire side is FORM-NO-SENSITIVE"),
    ("CLIENT-UI-WHICH-SERVER", "MUST", "client", "page", "Provide UI that makes it clear which server is requesting information", UI),
    ("CLIENT-UI-DECLINE-CANCEL", "MUST", "client", "page", "Respect user privacy and provide clear decline and cancel options", None),
    ("CLIENT-UI-REVIEW", "MUST", "client", "page", "For form mode, allow users to review and modify their responses before sending", UI),
    ("CLIENT-UI-URL-CONSENT", "MUST", "client", "page", "For URL mode, clearly display the target domain/host and gather user consent before navigation to the target URL", "its observable half (no navigation without consent) is CLIENT-URL-CONSENT; the display is UI"),
    ("CAPABILITY-DECLARE", "MUST", "client", "page", "Clients that support elicitation **MUST** declare the `elicitation` capability during", None),
    ("CAPABILITY-EMPTY-IS-FORM", "MUST", "both", "page", "For backwards compatibility, an empty capabilities object is equivalent to declaring support for `form` mode only", None),
    ("CAPABILITY-AT-LEAST-ONE-MODE", "MUST", "client", "page", "Clients declaring the `elicitation` capability **MUST** support at least one mode (`form` or `url`).", None),
    ("CAPABILITY-NEGOTIATION", "MUST", "both", "2025-11-25/lifecycle.mdx", "Client and server capabilities establish which optional protocol features will be available during the session.", None),
    ("SERVER-MODE-DECLARED", "MUST NOT", "server", "page", "Servers **MUST NOT** send elicitation requests with modes that are not supported by the client.", None),
    ("REQUEST-MESSAGE", "MUST", "server", "page", "All elicitation requests **MUST** include the following parameters:", None),
    ("REQUEST-MODE", "MUST", "server", "page", "The mode of the elicitation. Optional for form mode (defaults to `\"form\"` if omitted).", None),
    ("SERVER-MAY-OMIT-MODE", "MAY", "server", "page", "For backwards compatibility, servers **MAY** omit the `mode` field for form mode elicitation requests.", None),
    ("CLIENT-MODE-DEFAULT", "MUST", "client", "page", "Clients **MUST** treat requests without a `mode` field as form mode.", None),
    ("FORM-REQUESTED-SCHEMA", "MUST", "server", "page", "Form mode elicitation requests **MUST** either specify `mode: \"form\"` or omit the `mode` field, and include these additional parameters:", None),
    ("FORM-SCHEMA-RESTRICTED", "MUST", "server", "page", "To simplify client user experience, form mode elicitation schemas are limited to flat objects with primitive properties only.", None),
    ("FORM-SCHEMA-FORMAT", "MUST", "server", "page", "Supported formats: `email`, `uri`, `date`, `date-time`", None),
    ("FORM-SCHEMA-CONSISTENT", "SHOULD", "server", "page", "Clients can use this schema to:", None),
    ("FORM-SCHEMA-GUIDANCE", "SHOULD", "server", "page", "Provide better guidance to users", None),
    ("FORM-SCHEMA-ENUM", "MUST", "server", "seps/1330-elicitation-enum-schema-improvements-and-standards.md", "The final `EnumSchema` rolls up the legacy, multi-select, and single-select schemas as one", None),
    ("FORM-SCHEMA-DEFAULT", "MUST", "server", "seps/1034--support-default-values-for-all-primitive-types-in.md", "Default values must match the schema type", None),
    ("CLIENT-DEFAULTS-PREFILL", "SHOULD", "client", "page", "Clients that support defaults SHOULD pre-populate form fields with these values.", None),
    ("URL-PARAMS", "MUST", "server", "page", "URL mode elicitation requests **MUST** specify `mode: \"url\"`, a `message`, and include these additional parameters:", None),
    ("URL-VALID", "MUST", "server", "page", "The `url` parameter **MUST** contain a valid URL.", None),
    ("SERVER-MAY-COMPLETE", "MAY", "server", "page", "Servers **MAY** send a `notifications/elicitation/complete` notification when an", None),
    ("COMPLETE-ONLY-INITIATOR", "MUST", "server", "page", "**MUST** only send the notification to the client that initiated the elicitation request.", None),
    ("COMPLETE-ELICITATION-ID", "MUST", "server", "page", "**MUST** include the `elicitationId` established in the original `elicitation/create` request.", None),
    ("CLIENT-IGNORE-UNKNOWN-COMPLETE", "MUST", "client", "page", "**MUST** ignore notifications referencing unknown or already-completed IDs.", None),
    ("CLIENT-MAY-RETRY", "MAY", "client", "page", "**MAY** wait for this notification to automatically retry requests that received a", None),
    ("CLIENT-MANUAL-RETRY", "SHOULD", "client", "page", "**SHOULD** still provide manual controls that let the user retry or cancel the original request", UI),
    ("SERVER-MAY-URL-REQUIRED", "MAY", "server", "page", "the server **MAY** return a [`URLElicitationRequiredError`](#error-handling) (code `-32042`)", PERMISSION),
    ("URL-REQUIRED-ONLY-WHEN-REQUIRED", "MUST NOT", "server", "page", "The server **MUST NOT** return this error except when URL mode elicitation is required.", "whether an elicitation is required is the server's business logic; the wire shape is URL-REQUIRED-ERROR-*"),
    ("URL-REQUIRED-ERROR-LIST", "MUST", "server", "page", "The error **MUST** include a list of elicitations that are required to complete before the original can be retried.", None),
    ("URL-REQUIRED-ERROR-URL-MODE", "MUST", "server", "page", "Any elicitations returned in the error **MUST** be URL mode elicitations and have an `elicitationId` property.", None),
    ("STATE-SECURE", "MUST", "server", "page", "Servers implementing elicitation **MUST** securely associate this state with individual users", INTERNAL),
    ("STATE-NOT-SESSION-ID", "MUST NOT", "server", "page", "State **MUST NOT** be associated with session IDs alone", INTERNAL),
    ("STATE-PROTECTED", "MUST", "server", "page", "State storage **MUST** be protected against unauthorized access", INTERNAL),
    ("STATE-USER-FROM-AUTH", "MUST", "server", "page", "user identification **MUST** be derived from credentials acquired via [MCP authorization](../basic/authorization) when possible", INTERNAL),
    ("NO-SELF-AUTH-VIA-URL", "MUST NOT", "server", "page", "MCP servers **MUST NOT** rely on URL mode elicitation to authorize users for themselves.", INTERNAL),
    ("THIRD-PARTY-CREDS-NOT-VIA-CLIENT", "MUST NOT", "server", "page", "The third-party credentials MUST NOT transit through the MCP client", INTERNAL),
    ("NO-TOKEN-PASSTHROUGH", "MUST NOT", "server", "page", "The MCP server MUST NOT use the client's credentials for the third-party service", INTERNAL),
    ("USER-AUTHORIZES-DIRECTLY", "MUST", "server", "page", "The user MUST authorize the MCP server directly", INTERNAL),
    ("NO-CREDENTIALS-TO-CLIENT", "MUST NOT", "server", "page", "The MCP server **MUST NOT** transmit credentials obtained through URL mode elicitation to the MCP client.", INTERNAL),
    ("SERVER-ERR-URL-REQUIRED", "MUST", "server", "page", "Servers **MUST** return standard JSON-RPC errors for common failure cases:", None),
    ("CLIENT-ERR-STANDARD", "MUST", "client", "page", "Clients **MUST** return standard JSON-RPC errors for common failure cases:", None),
    ("CLIENT-ERR-UNSUPPORTED-MODE", "MUST", "client", "page", "Server sends an `elicitation/create` request with a mode not declared in client capabilities: `-32602` (Invalid params)", None),
    ("SERVER-BIND-IDENTITY", "MUST", "server", "page", "Servers **MUST** bind elicitation requests to the client and user identity", None),
    ("CLIENT-SHOW-SERVER", "MUST", "client", "page", "Clients **MUST** provide clear indication of which server is requesting information", UI),
    ("CLIENT-APPROVAL-CONTROLS", "SHOULD", "client", "page", "Clients **SHOULD** implement user approval controls", UI),
    ("CLIENT-DECLINE-ANYTIME", "SHOULD", "client", "page", "Clients **SHOULD** allow users to decline elicitation requests at any time", None),
    ("CLIENT-RATE-LIMIT", "SHOULD", "client", "page", "Clients **SHOULD** implement rate limiting", "the spec sets no threshold, so no verdict could be fair"),
    ("CLIENT-PRESENT-CLEARLY", "SHOULD", "client", "page", "Clients **SHOULD** present elicitation requests in a way that makes it clear what information is being requested and why", UI),
    ("URL-NO-USER-DATA", "MUST NOT", "server", "page", "**MUST NOT** include sensitive information about the end-user, including credentials, personal identifiable information, etc., in the URL sent to the client in a URL elicitation request.", None),
    ("URL-NOT-PREAUTHENTICATED", "MUST NOT", "server", "page", "**MUST NOT** provide a URL which is pre-authenticated to access a protected resource", None),
    ("FORM-NO-CLICKABLE-URLS", "SHOULD NOT", "server", "page", "**SHOULD NOT** include URLs intended to be clickable in any field of a form mode elicitation request.", None),
    ("URL-HTTPS", "SHOULD", "server", "page", "**SHOULD** use HTTPS URLs for non-development environments.", None),
    ("CLIENT-URL-CAREFUL", "MUST", "client", "page", "Clients implementing URL mode elicitation **MUST** handle URLs carefully to prevent users from unknowingly clicking malicious links.", "an umbrella for the numbered rules under it; checked through CLIENT-URL-NO-PREFETCH and CLIENT-URL-CONSENT"),
    ("CLIENT-URL-NO-PREFETCH", "MUST NOT", "client", "page", "**MUST NOT** automatically pre-fetch the URL or any of its metadata.", None),
    ("CLIENT-URL-CONSENT", "MUST NOT", "client", "page", "**MUST NOT** open the URL without explicit consent from the user.", None),
    ("CLIENT-URL-SHOW-FULL", "MUST", "client", "page", "**MUST** show the full URL to the user for examination before consent.", UI),
    ("CLIENT-URL-SECURE-OPEN", "MUST", "client", "page", "**MUST** open the URL provided by the server in a secure manner that does not enable the client or LLM to inspect the content or user inputs.", UI),
    ("CLIENT-URL-HIGHLIGHT-DOMAIN", "SHOULD", "client", "page", "**SHOULD** highlight the domain of the URL to mitigate subdomain spoofing.", UI),
    ("CLIENT-URL-PUNYCODE-WARNING", "SHOULD", "client", "page", "**SHOULD** have warnings for ambiguous/suspicious URIs (i.e., containing Punycode).", UI),
    ("CLIENT-NO-CLICKABLE", "SHOULD NOT", "client", "page", "**SHOULD NOT** render URLs as clickable in any field of an elicitation request, except for the `url` field in a URL elicitation request", UI),
    ("SERVER-VERIFY-IDENTITY", "MUST NOT", "server", "page", "Servers **MUST NOT** rely on client-provided user identification without server verification, as this can be forged.", INTERNAL),
    ("SERVER-BEST-PRACTICES", "SHOULD", "server", "page", "Instead, servers **SHOULD** follow [security best practices](../basic/security_best_practices).", INTERNAL),
    ("FORM-SECURITY-NO-SENSITIVE", "MUST NOT", "server", "page", "Servers **MUST NOT** request sensitive information (passwords, API keys, etc.) via form mode", None),
    ("CLIENT-VALIDATE-CONTENT", "SHOULD", "client", "page", "Clients **SHOULD** validate all responses against the provided schema", None),
    ("SERVER-VALIDATE-CONTENT", "SHOULD", "server", "page", "Servers **SHOULD** validate received data matches the requested schema", None),
    ("PHISHING-VERIFY-USER", "MUST", "server", "page", "The MCP Server **MUST** verify the identity of the user who opens the URL before accepting information.", INTERNAL),
    ("PHISHING-SAME-USER", "MUST", "server", "page", "the server **MUST** ensure that the user who started the elicitation request", INTERNAL),
    ("PHISHING-RESILIENT", "MUST", "server", "page", "the server **MUST** ensure that the mechanism to determine the user's identity is resilient to attacks where an attacker can modify the elicitation URL.", INTERNAL),
    ("RESULT-ACTION", "MUST", "client", "page", "Elicitation responses use a three-action model to clearly distinguish between different user actions.", None),
    ("RESULT-CONTENT", "MUST", "client", "2025-11-25/schema.json", "The submitted form data, only present when action is \\\"accept\\\" and mode was \\\"form\\\".\\nContains values matching the requested schema.", None),
    ("JSONRPC-MESSAGE-FORMAT", "MUST", "both", "2025-11-25/schema.json", "Refers to any valid JSON-RPC object that can be decoded off the wire, or encoded to be sent.", WIRE),
    ("JSONRPC-ID-TYPE", "MUST", "both", "2025-11-25/basic.mdx", "Requests **MUST** include a string or integer ID.", WIRE),
    ("JSONRPC-RESULT-XOR-ERROR", "MUST", "both", "2025-11-25/schema.json", "A response to a request, containing either the result or error.", WIRE),
    ("JSONRPC-NO-RESPONSE-TO-NOTIFICATION", "MUST", "both", "2025-11-25/basic.mdx", "The receiver **MUST NOT** send a response.", WIRE),
    ("JSONRPC-ID-UNIQUE", "MUST", "both", "2025-11-25/basic.mdx", "The request ID **MUST NOT** have been previously used by the requestor within the same session.", WIRE),
    ("JSONRPC-RESPONSE-SAME-ID", "MUST", "both", "2025-11-25/basic.mdx", "Result responses **MUST** include the same ID as the request they correspond to.", WIRE),
    ("SCHEMA-MESSAGES", "MUST", "both", "2025-11-25/basic.mdx", "This is the source of truth for all protocol messages and structures.", WIRE),
    ("SERVER-HANDLE-ACTIONS", "SHOULD", "server", "page", "Servers should handle each state appropriately:", None),
    ("LIFECYCLE-INITIALIZED", "MUST", "client", "2025-11-25/lifecycle.mdx", "After successful initialization, the client **MUST** send an `initialized` notification", None),
    ("LIFECYCLE-NEGOTIATED-ONLY", "MUST", "both", "2025-11-25/lifecycle.mdx", "Only use capabilities that were successfully negotiated", None),
    ("LIFECYCLE-CLIENT-VERSION", "MUST", "client", "2025-11-25/lifecycle.mdx", "In the `initialize` request, the client **MUST** send a protocol version it supports.", None),
    ("LIFECYCLE-SERVER-VERSION", "MUST", "server", "2025-11-25/lifecycle.mdx", "If the server supports the requested protocol version, it **MUST** respond with the same version. Otherwise, the server **MUST** respond with another protocol version it supports.", None),
    ("LIFECYCLE-SERVER-VERSION-LATEST", "SHOULD", "server", "2025-11-25/lifecycle.mdx", "This **SHOULD** be the _latest_ version supported by the server.", None),
    ("LIFECYCLE-RESPECT-VERSION", "MUST", "both", "2025-11-25/lifecycle.mdx", "Respect the negotiated protocol version", None),
    ("LIFECYCLE-INITIALIZE-FIRST", "MUST", "both", "2025-11-25/lifecycle.mdx", "The initialization phase **MUST** be the first interaction between client and server.", None),
    ("JSONRPC-SPEC", "MUST", "both", "2025-11-25/basic.mdx", "All messages between MCP clients and servers **MUST** follow the [JSON-RPC 2.0](https://www.jsonrpc.org/specification) specification.", WIRE),
    # Tasks (basic/utilities/tasks, experimental in 2025-11-25): the rules an elicitation inside a
    # task meets, on both sides (a task-augmented tools/call that elicits; a task-augmented
    # elicitation/create). docs/catalog-audit.md, "Tasks and elicitation".
    ("TASK-ELICIT-RELATED", "MUST", "server", "2025-11-25/tasks.mdx", "For example, an elicitation that a task-augmented tool call depends on **MUST** share the same related task ID with that tool call's task.", None),
    ("TASK-RELATED-META", "MUST", "both", "2025-11-25/tasks.mdx", "All requests, notifications, and responses related to a task **MUST** include the `io.modelcontextprotocol/related-task` key in their `_meta` field, with the value set to an object with a `taskId` matching the associated task ID.", None),
    ("TASK-INPUT-REQUEST-META", "MUST", "both", "2025-11-25/tasks.mdx", "The receiver **MUST** include the `io.modelcontextprotocol/related-task` metadata in the request to associate it with the task.", None),
    ("TASK-INPUT-REQUIRED", "SHOULD", "both", "2025-11-25/tasks.mdx", "When the task receiver has messages for the requestor that are necessary to complete the task, the receiver **SHOULD** move the task to the `input_required` status.", None),
    ("TASK-LEAVE-INPUT-REQUIRED", "SHOULD", "both", "2025-11-25/tasks.mdx", "When the receiver receives all required input, the task **SHOULD** transition out of `input_required` status (typically back to `working`).", None),
    ("TASK-CREATE-RESULT", "MUST", "both", "2025-11-25/tasks.mdx", "Receivers that accept a task-augmented request **MUST** return a `CreateTaskResult` as the response.", None),
    ("TASK-BEGIN-WORKING", "MUST", "both", "2025-11-25/tasks.mdx", "Tasks **MUST** begin in the `working` status when created.", None),
    ("TASK-RESULT-EXACT", "MUST", "both", "2025-11-25/tasks.mdx", "For tasks in a terminal status, receivers **MUST** return from `tasks/result` exactly what the underlying request would have returned, whether that is a successful result or a JSON-RPC error.", None),
    ("TASK-RESULT-META", "MUST", "both", "2025-11-25/tasks.mdx", "The `tasks/result` operation **MUST** include this metadata in its response, as the result structure itself does not contain the task ID.", None),
    ("TASK-CAPABILITY-DECLARE", "MUST", "both", "2025-11-25/tasks.mdx", "Servers and clients that support task-augmented requests **MUST** declare a `tasks` capability during initialization.", "support for task-augmented requests shows only through this declaration: the task cases SKIP a peer that declares none (a requestor SHOULD only augment requests the receiver declared), so no case can see support without it"),
    ("TASK-UNDECLARED-NORMAL", "MUST", "both", "2025-11-25/tasks.mdx", "Receivers that do not declare the task capability for a request type **MUST** process requests of that type normally, ignoring any task-augmentation metadata if present.", None),
]

R0618 = [
    ("FORM-NO-SENSITIVE", "MUST NOT", "server", "page", "Servers **MUST NOT** use elicitation to request sensitive information.", None),
    ("APP-UI-WHICH-SERVER", "SHOULD", "client", "page", "Provide UI that makes it clear which server is requesting information", UI),
    ("APP-UI-REVIEW", "SHOULD", "client", "page", "Allow users to review and modify their responses before sending", UI),
    ("CLIENT-UI-DECLINE-CANCEL", "SHOULD", "client", "page", "Respect user privacy and provide clear decline and cancel options", None),
    ("CAPABILITY-DECLARE", "MUST", "client", "page", "Clients that support elicitation **MUST** declare the `elicitation` capability during", None),
    ("REQUEST-MESSAGE", "MUST", "server", "2025-06-18/schema.json", "The message to present to the user.", None),
    ("FORM-REQUESTED-SCHEMA", "MUST", "server", "2025-06-18/schema.json", "A restricted subset of JSON Schema.\\nOnly top-level properties are allowed, without nesting.", None),
    ("FORM-SCHEMA-RESTRICTED", "MUST", "server", "page", "elicitation schemas are limited to flat objects with primitive properties only", None),
    ("FORM-SCHEMA-FORMAT", "MUST", "server", "page", "Supported formats: `email`, `uri`, `date`, `date-time`", None),
    ("FORM-SCHEMA-CONSISTENT", "SHOULD", "server", "page", "Clients can use this schema to:", None),
    ("FORM-SCHEMA-GUIDANCE", "SHOULD", "server", "page", "Provide better guidance to users", None),
    ("FORM-SCHEMA-ENUM", "MUST", "server", "2025-06-18/schema.json", "\"EnumSchema\"", None),
    ("FORM-SCHEMA-DEFAULT", "MUST", "server", "2025-06-18/schema.json", "\"BooleanSchema\"", None),
    ("FORM-SECURITY-NO-SENSITIVE", "MUST NOT", "server", "page", "Servers **MUST NOT** request sensitive information through elicitation", None),
    ("CLIENT-APPROVAL-CONTROLS", "SHOULD", "client", "page", "Clients **SHOULD** implement user approval controls", UI),
    ("CLIENT-VALIDATE-CONTENT", "SHOULD", "client", "page", "Both parties **SHOULD** validate elicitation content against the provided schema", None),
    ("SERVER-VALIDATE-CONTENT", "SHOULD", "server", "page", "Both parties **SHOULD** validate elicitation content against the provided schema", None),
    ("CLIENT-SHOW-SERVER", "SHOULD", "client", "page", "Clients **SHOULD** provide clear indication of which server is requesting information", UI),
    ("CLIENT-DECLINE-ANYTIME", "SHOULD", "client", "page", "Clients **SHOULD** allow users to decline elicitation requests at any time", None),
    ("CLIENT-RATE-LIMIT", "SHOULD", "client", "page", "Clients **SHOULD** implement rate limiting", "the spec sets no threshold, so no verdict could be fair"),
    ("CLIENT-PRESENT-CLEARLY", "SHOULD", "client", "page", "Clients **SHOULD** present elicitation requests in a way that makes it clear what information is being requested and why", UI),
    ("RESULT-ACTION", "MUST", "client", "page", "Elicitation responses use a three-action model to clearly distinguish between different user actions:", None),
    ("RESULT-CONTENT", "MUST", "client", "2025-06-18/schema.json", "The submitted form data, only present when action is \\\"accept\\\".\\nContains values matching the requested schema.", None),
    ("JSONRPC-MESSAGE-FORMAT", "MUST", "both", "2025-06-18/schema.json", "Refers to any valid JSON-RPC object that can be decoded off the wire, or encoded to be sent.", WIRE),
    ("JSONRPC-ID-TYPE", "MUST", "both", "2025-06-18/basic.mdx", "Requests **MUST** include a string or integer ID.", WIRE),
    ("JSONRPC-RESULT-XOR-ERROR", "MUST", "both", "2025-06-18/schema.json", "A response to a request that indicates an error occurred.", WIRE),
    ("JSONRPC-NO-RESPONSE-TO-NOTIFICATION", "MUST", "both", "2025-06-18/basic.mdx", "The receiver **MUST NOT** send a response.", WIRE),
    ("JSONRPC-ID-UNIQUE", "MUST", "both", "2025-06-18/basic.mdx", "The request ID **MUST NOT** have been previously used by the requestor within the same session.", WIRE),
    ("JSONRPC-RESPONSE-SAME-ID", "MUST", "both", "2025-06-18/basic.mdx", "Responses **MUST** include the same ID as the request they correspond to.", WIRE),
    ("SCHEMA-MESSAGES", "MUST", "both", "2025-06-18/basic.mdx", "This is the source of truth for all protocol messages and structures.", WIRE),
    ("SERVER-HANDLE-ACTIONS", "SHOULD", "server", "page", "Servers should handle each state appropriately:", None),
    ("LIFECYCLE-INITIALIZED", "MUST", "client", "2025-06-18/lifecycle.mdx", "After successful initialization, the client **MUST** send an `initialized` notification", None),
    ("LIFECYCLE-NEGOTIATED-ONLY", "MUST", "both", "2025-06-18/lifecycle.mdx", "Only use capabilities that were successfully negotiated", None),
    ("LIFECYCLE-CLIENT-VERSION", "MUST", "client", "2025-06-18/lifecycle.mdx", "In the `initialize` request, the client **MUST** send a protocol version it supports.", None),
    ("LIFECYCLE-SERVER-VERSION", "MUST", "server", "2025-06-18/lifecycle.mdx", "If the server supports the requested protocol version, it **MUST** respond with the same version. Otherwise, the server **MUST** respond with another protocol version it supports.", None),
    ("LIFECYCLE-SERVER-VERSION-LATEST", "SHOULD", "server", "2025-06-18/lifecycle.mdx", "This **SHOULD** be the _latest_ version supported by the server.", None),
    ("LIFECYCLE-RESPECT-VERSION", "MUST", "both", "2025-06-18/lifecycle.mdx", "Respect the negotiated protocol version", None),
    ("LIFECYCLE-INITIALIZE-FIRST", "MUST", "both", "2025-06-18/lifecycle.mdx", "The initialization phase **MUST** be the first interaction between client and server.", None),
    ("JSONRPC-SPEC", "MUST", "both", "2025-06-18/basic.mdx", "All messages between MCP clients and servers **MUST** follow the [JSON-RPC 2.0](https://www.jsonrpc.org/specification) specification.", WIRE),
]

# 2026-07-28: elicitation travels inside InputRequiredResult (multi round-trip requests). The
# elicitation page's rules, every rule of the MRTR page, and the per-request `_meta`, resultType,
# error-code, statelessness, discovery, versioning and transport rules they lean on. A restated
# rule keeps its own entry (as 2025-11-25 does for CLIENT-UI-WHICH-SERVER / CLIENT-SHOW-SERVER),
# so a reader finds every sentence of the pages. Keys of 2025-11-25 are reused where the rule is
# the same rule, even when its words changed (CAPABILITY-DECLARE: "in `_meta...` on each request").
MRTR = "2026-07-28/mrtr.mdx"
BASIC = "2026-07-28/basic.mdx"
VERSIONING = "2026-07-28/versioning.mdx"
DISCOVER = "2026-07-28/discover.mdx"
STDIO = "2026-07-28/transport-stdio.mdx"
HTTP = "2026-07-28/transport-streamable-http.mdx"
STATE_INTERNAL = "what a server does with its own opaque requestState (integrity, replay, single use) cannot be seen from outside: any state it accepts may legitimately be one it can verify"
INTENT = "an assumption or a purpose is the implementation's intent, not something the wire shows"
IDENTITY_INFO = "whether self-reported identity changed behaviour cannot be told from a legitimate display or logging difference; no fair verdict"
R2607 = [
    # elicitation.mdx
    ("FORM-NO-SENSITIVE", "MUST NOT", "server", "page", "Servers **MUST NOT** use form mode elicitation to request sensitive information such as passwords, API keys, access tokens, or payment credentials", None),
    ("URL-FOR-SENSITIVE", "MUST", "server", "page", "Servers **MUST** use [URL mode](#url-mode-elicitation-requests) for interactions involving such sensitive information", "which data is sensitive is the server's intent; the wire side is FORM-NO-SENSITIVE"),
    ("CLIENT-UI-WHICH-SERVER", "MUST", "client", "page", "Provide UI that makes it clear which server is requesting information", UI),
    ("CLIENT-UI-DECLINE-CANCEL", "MUST", "client", "page", "Respect user privacy and provide clear decline and cancel options", None),
    ("CLIENT-UI-REVIEW", "MUST", "client", "page", "For form mode, allow users to review and modify their responses before sending", UI),
    ("CLIENT-UI-URL-CONSENT", "MUST", "client", "page", "For URL mode, clearly display the target domain/host and gather user consent before navigation to the target URL", "its observable half (no navigation without consent) is CLIENT-URL-CONSENT; the display is UI"),
    ("CAPABILITY-DECLARE", "MUST", "client", "page", "Clients that support elicitation **MUST** declare the `elicitation` capability in `_meta.io.modelcontextprotocol/clientCapabilities` on each request", None),
    ("CAPABILITY-EMPTY-IS-FORM", "MUST", "both", "page", "For backwards compatibility, an empty capabilities object is equivalent to declaring support for `form` mode only", None),
    ("CAPABILITY-AT-LEAST-ONE-MODE", "MUST", "client", "page", "Clients declaring the `elicitation` capability **MUST** support at least one mode (`form` or `url`).", None),
    ("SERVER-MODE-DECLARED", "MUST NOT", "server", "page", "Servers **MUST NOT** send elicitation requests with modes that are not supported by the client.", None),
    ("SERVER-MAY-ELICIT", "MAY", "server", "page", "Servers **MAY** request information from a user during the processing of a client request, by sending an [`InputRequiredResult`](/specification/2026-07-28/basic/patterns/mrtr#inputrequiredresult) containing an `elicitation/create` request.", None),
    ("REQUEST-MESSAGE", "MUST", "server", "page", "All elicitation requests **MUST** include the following parameters:", None),
    ("REQUEST-MODE", "MUST", "server", "page", "The mode of the elicitation. Optional for form mode (defaults to `\"form\"` if omitted).", None),
    ("SERVER-MAY-OMIT-MODE", "MAY", "server", "page", "For backwards compatibility, servers **MAY** omit the `mode` field for form mode elicitation requests.", None),
    ("CLIENT-MODE-DEFAULT", "MUST", "client", "page", "Clients **MUST** treat requests without a `mode` field as form mode.", None),
    ("FORM-REQUESTED-SCHEMA", "MUST", "server", "page", "Form mode elicitation requests **MUST** either specify `mode: \"form\"` or omit the `mode` field, and include these additional parameters:", None),
    ("FORM-SCHEMA-RESTRICTED", "MUST", "server", "page", "To simplify client user experience, form mode elicitation schemas are limited to flat objects with primitive properties only.", None),
    ("FORM-SCHEMA-FORMAT", "MUST", "server", "page", "Supported formats: `email`, `uri`, `date`, `date-time`", None),
    ("FORM-SCHEMA-CONSISTENT", "SHOULD", "server", "page", "Clients can use this schema to:", None),
    ("FORM-SCHEMA-GUIDANCE", "SHOULD", "server", "page", "Provide better guidance to users", None),
    ("FORM-SCHEMA-ENUM", "MUST", "server", "seps/1330-elicitation-enum-schema-improvements-and-standards.md", "The final `EnumSchema` rolls up the legacy, multi-select, and single-select schemas as one", None),
    ("FORM-SCHEMA-DEFAULT", "MUST", "server", "seps/1034--support-default-values-for-all-primitive-types-in.md", "Default values must match the schema type", None),
    ("CLIENT-DEFAULTS-PREFILL", "SHOULD", "client", "page", "Clients that support defaults SHOULD pre-populate form fields with these values.", None),
    ("URL-PARAMS", "MUST", "server", "page", "URL mode elicitation requests **MUST** specify `mode: \"url\"`, a `message`, and include these additional parameters:", None),
    ("URL-VALID", "MUST", "server", "page", "The `url` parameter **MUST** contain a valid URL.", None),
    ("CLIENT-MANUAL-RETRY", "SHOULD", "client", "page", "Clients **SHOULD** provide manual controls that let the user retry or cancel the original request (or otherwise resume interacting with the client).", UI),
    ("STATE-SECURE", "MUST", "server", "page", "if state is stored, servers implementing elicitation **MUST** securely associate this state with individual users", INTERNAL),
    ("STATE-PROTECTED", "MUST", "server", "page", "State storage **MUST** be protected against unauthorized access", INTERNAL),
    ("STATE-USER-FROM-AUTH", "MUST", "server", "page", "user identification **MUST** be derived from credentials acquired via [MCP authorization](../basic/authorization) when possible", INTERNAL),
    ("NO-SELF-AUTH-VIA-URL", "MUST NOT", "server", "page", "MCP servers **MUST NOT** rely on URL mode elicitation to authorize users for themselves.", INTERNAL),
    ("THIRD-PARTY-CREDS-NOT-VIA-CLIENT", "MUST NOT", "server", "page", "The third-party credentials MUST NOT transit through the MCP client", INTERNAL),
    ("NO-TOKEN-PASSTHROUGH", "MUST NOT", "server", "page", "The MCP server MUST NOT use the client's credentials for the third-party service", INTERNAL),
    ("USER-AUTHORIZES-DIRECTLY", "MUST", "server", "page", "The user MUST authorize the MCP server directly", INTERNAL),
    ("NO-CREDENTIALS-TO-CLIENT", "MUST NOT", "server", "page", "The MCP server **MUST NOT** transmit credentials obtained through URL mode elicitation to the MCP client.", INTERNAL),
    ("SERVER-NOT-ASSUME-SUCCESS", "SHOULD NOT", "server", "page", "Servers **SHOULD NOT** assume that elicitation requests will always succeed", "an assumption is the server's intent; its observable side is SERVER-HANDLE-DECLINE-CANCEL"),
    ("SERVER-HANDLE-DECLINE-CANCEL", "MUST", "server", "page", "**MUST** handle cases where the user declines or cancels the elicitation, or where the client fails to process the request.", None),
    ("SERVER-BIND-IDENTITY", "MUST", "server", "page", "Servers **MUST** bind elicitation requests to the client and user identity", INTERNAL),
    ("CLIENT-SHOW-SERVER", "MUST", "client", "page", "Clients **MUST** provide clear indication of which server is requesting information", UI),
    ("CLIENT-APPROVAL-CONTROLS", "SHOULD", "client", "page", "Clients **SHOULD** implement user approval controls", UI),
    ("CLIENT-DECLINE-ANYTIME", "SHOULD", "client", "page", "Clients **SHOULD** allow users to decline elicitation requests at any time", None),
    ("CLIENT-PRESENT-CLEARLY", "SHOULD", "client", "page", "Clients **SHOULD** present elicitation requests in a way that makes it clear what information is being requested and why", UI),
    ("URL-NO-USER-DATA", "MUST NOT", "server", "page", "**MUST NOT** include sensitive information about the end-user, including credentials, personally identifiable information, etc., in the URL sent to the client in a URL elicitation request.", None),
    ("URL-NOT-PREAUTHENTICATED", "MUST NOT", "server", "page", "**MUST NOT** provide a URL which is pre-authenticated to access a protected resource", None),
    ("FORM-NO-CLICKABLE-URLS", "SHOULD NOT", "server", "page", "**SHOULD NOT** include URLs intended to be clickable in any field of a form mode elicitation request.", None),
    ("URL-HTTPS", "SHOULD", "server", "page", "**SHOULD** use HTTPS URLs for non-development environments.", None),
    ("CLIENT-URL-CAREFUL", "MUST", "client", "page", "Clients implementing URL mode elicitation **MUST** handle URLs carefully to prevent users from unknowingly clicking malicious links.", "an umbrella for the numbered rules under it; checked through CLIENT-URL-NO-PREFETCH and CLIENT-URL-CONSENT"),
    ("CLIENT-URL-NO-PREFETCH", "MUST NOT", "client", "page", "**MUST NOT** automatically pre-fetch the URL or any of its metadata.", None),
    ("CLIENT-URL-CONSENT", "MUST NOT", "client", "page", "**MUST NOT** open the URL without explicit consent from the user.", None),
    ("CLIENT-URL-SHOW-FULL", "MUST", "client", "page", "**MUST** show the full URL to the user for examination before consent.", UI),
    ("CLIENT-URL-SECURE-OPEN", "MUST", "client", "page", "**MUST** open the URL provided by the server in a secure manner that does not enable the client or LLM to inspect the content or user inputs.", UI),
    ("CLIENT-URL-HIGHLIGHT-DOMAIN", "SHOULD", "client", "page", "**SHOULD** highlight the domain of the URL to mitigate subdomain spoofing.", UI),
    ("CLIENT-URL-PUNYCODE-WARNING", "SHOULD", "client", "page", "**SHOULD** have warnings for ambiguous/suspicious URIs (i.e., containing Punycode).", UI),
    ("CLIENT-NO-CLICKABLE", "SHOULD NOT", "client", "page", "**SHOULD NOT** render URLs as clickable in any field of an elicitation request, except for the `url` field in a URL elicitation request", UI),
    ("SERVER-VERIFY-IDENTITY", "MUST NOT", "server", "page", "Servers **MUST NOT** rely on client-provided user identification without server verification, as this can be forged.", INTERNAL),
    ("SERVER-BEST-PRACTICES", "SHOULD", "server", "page", "Instead, servers **SHOULD** follow [security best practices](/docs/2026-07-28/tutorials/security/security_best_practices).", INTERNAL),
    ("FORM-SECURITY-NO-SENSITIVE", "MUST NOT", "server", "page", "Servers **MUST NOT** request sensitive information (passwords, API keys, etc.) via form mode", None),
    ("CLIENT-VALIDATE-CONTENT", "SHOULD", "client", "page", "Clients **SHOULD** validate all responses against the provided schema", None),
    ("SERVER-VALIDATE-CONTENT", "SHOULD", "server", "page", "Servers **SHOULD** validate received data matches the requested schema", None),
    ("PHISHING-VERIFY-USER", "MUST", "server", "page", "The MCP Server **MUST** verify the identity of the user who opens the URL before accepting information.", INTERNAL),
    ("PHISHING-SAME-USER", "MUST", "server", "page", "the server **MUST** ensure that the user who started the elicitation request", INTERNAL),
    ("PHISHING-RESILIENT", "MUST", "server", "page", "the server **MUST** ensure that the mechanism to determine the user's identity is resilient to attacks where an attacker can modify the elicitation URL.", INTERNAL),
    ("RESULT-ACTION", "MUST", "client", "page", "Elicitation responses use a three-action model to clearly distinguish between different user actions.", None),
    ("RESULT-CONTENT", "MUST", "client", "2026-07-28/schema.json", "The submitted form data, only present when action is `\\\"accept\\\"` and mode was `\\\"form\\\"`.\\nContains values matching the requested schema.", None),
    ("SERVER-HANDLE-ACTIONS", "SHOULD", "server", "page", "Servers should handle each state appropriately:", None),
    ("JSONRPC-MESSAGE-FORMAT", "MUST", "both", "2026-07-28/schema.json", "Refers to any valid JSON-RPC object that can be decoded off the wire, or encoded to be sent.", WIRE),
    ("JSONRPC-ID-TYPE", "MUST", "both", "2026-07-28/basic.mdx", "Requests **MUST** include a string or integer ID.", WIRE),
    ("JSONRPC-RESULT-XOR-ERROR", "MUST", "both", "2026-07-28/schema.json", "A response to a request, containing either the result or error.", WIRE),
    ("JSONRPC-NO-RESPONSE-TO-NOTIFICATION", "MUST", "both", "2026-07-28/basic.mdx", "The receiver **MUST NOT** send a response.", WIRE),
    ("JSONRPC-SPEC", "MUST", "both", "2026-07-28/basic.mdx", "All messages between MCP clients and servers **MUST** follow the [JSON-RPC 2.0](https://www.jsonrpc.org/specification) specification.", WIRE),
    ("JSONRPC-ID-UNIQUE", "MUST", "both", "2026-07-28/basic.mdx", "The request ID **MUST NOT** match the ID of any other request the sender has issued and not yet received a response for.", WIRE),
    ("JSONRPC-RESPONSE-SAME-ID", "MUST", "both", "2026-07-28/basic.mdx", "Result responses **MUST** include the same ID as the request they correspond to.", WIRE),
    ("SCHEMA-MESSAGES", "MUST", "both", "2026-07-28/basic.mdx", "This is the source of truth for all protocol messages and structures.", WIRE),
    # mrtr.mdx
    ("MRTR-SERVER-USES-MRTR", "MUST", "server", MRTR, "Servers **MUST** send server-to-client requests (such as `roots/list`, `sampling/createMessage`, or `elicitation/create`) using the MRTR pattern.", None),
    ("MRTR-META-REQUIRED", "MUST", "client", MRTR, "Every request **MUST** include the required `_meta` fields", "the MRTR page restating META-REQUIRED-FIELDS (basic.mdx), which client.modern.meta-on-every-request checks on every request, retries included"),
    ("MRTR-STATE-NOT-INSPECTED", "MUST NOT", "client", MRTR, "An opaque string meaningful only to the server. Clients **MUST NOT** inspect, parse, modify, or make any assumptions about its contents.", "its observable part (no modification) is MRTR-CLIENT-ECHO-STATE; reading or parsing leaves no trace on the wire"),
    ("MRTR-SERVER-MAY-INPUT-REQUIRED", "MAY", "server", MRTR, "Servers **MAY** send `InputRequiredResult` responses on the following client requests:", None),
    ("MRTR-SUPPORTED-REQUESTS-ONLY", "MUST NOT", "server", MRTR, "Servers **MUST NOT** send `InputRequiredResult` responses on any other client requests.", None),
    ("MRTR-SERVER-MAY-RESPOND", "MAY", "server", MRTR, "Servers **MAY** respond to any [supported client request](#supported-requests) with an `InputRequiredResult`.", None),
    ("MRTR-MAY-INPUT-REQUESTS", "MAY", "server", MRTR, "The `InputRequiredResult` **MAY** include an `inputRequests` field.", None),
    ("MRTR-INPUT-KEYS-UNIQUE", "MUST", "server", MRTR, "`inputRequests` keys are server assigned identifiers and **MUST** be unique within the scope of the request.", None),
    ("MRTR-INPUT-REQUEST-TYPES", "MUST", "server", MRTR, "`inputRequests` values are request objects that **MUST** be one of", None),
    ("MRTR-MAY-REQUEST-STATE", "MAY", "server", MRTR, "The `InputRequiredResult` **MAY** include a `requestState` field. If specified, this field is an opaque string meaningful only to the server.", None),
    ("MRTR-STATE-UNTRUSTED", "MUST", "server", MRTR, "If a client request contains a `requestState` field, servers **MUST** treat `requestState` as an attacker-controlled input.", None),
    # "If `requestState` influences authorization, resource access, or business logic, servers
    # **MUST** protect its integrity (e.g. HMAC or AEAD) and **MUST** reject state that fails
    # verification." (mrtr.mdx): conditional, so tested where the adapter declares that its tool's
    # state decides the outcome (io.elicit-conform/state-protected, docs/adapter-contract.md), by
    # server.modern.tampered-state-rejected (SKIP elsewhere); no longer excluded.
    ("MRTR-STATE-INTEGRITY", "MUST", "server", MRTR, "If `requestState` influences authorization, resource access, or business logic, servers **MUST** protect its integrity (e.g. HMAC or AEAD)", None),
    ("MRTR-STATE-REJECT-TAMPERED", "MUST", "server", MRTR, "**MUST** reject state that fails verification.", None),
    ("MRTR-STATE-INTEGRITY-MAY-OMIT", "MAY", "server", MRTR, "Integrity protection **MAY** be omitted only when tampering can cause nothing worse than request failure.", STATE_INTERNAL),
    ("MRTR-STATE-REPLAY", "SHOULD", "server", MRTR, "To prevent replay, servers **SHOULD** include the following inside the integrity-protected `requestState` payload and verify each on receipt:", STATE_INTERNAL),
    ("MRTR-STATE-SINGLE-USE", "MUST", "server", MRTR, "Servers for which a given `requestState` must be consumed at most once (e.g., one-time redemptions) **MUST** enforce that invariant server-side.", STATE_INTERNAL),
    ("MRTR-IRR-NOT-EMPTY", "MUST", "server", MRTR, "Servers **MUST** include at least one of `inputRequests` or `requestState` in every `InputRequiredResult` response.", None),
    ("MRTR-DECLARED-ONLY", "MUST NOT", "server", MRTR, "Servers **MUST NOT** send an `inputRequests` that the client has not declared support for in its capabilities.", "the rule for every input request type (sampling, roots, elicitation); its elicitation instance is MRTR-NO-UNDECLARED-ELICITATION, and per mode SERVER-MODE-DECLARED, which the cases check"),
    ("MRTR-NO-UNDECLARED-ELICITATION", "MUST NOT", "server", MRTR, "if a client does not declare support for `elicitation`, the server **MUST NOT** include any `elicitation/create` requests in the `inputRequests` field.", None),
    ("MRTR-NO-ASSUME-RETRY", "MUST NOT", "server", MRTR, "Servers **MUST NOT** assume that clients will fulfill the `inputRequests` or retry the original request.", INTENT),
    ("MRTR-MAY-REPEAT", "MAY", "server", MRTR, "Servers **MAY** choose to return an `InputRequiredResult` on multiple attempts at the same request if they want to repeatedly prompt the user for information until they have what they need to complete the request.", None),
    ("MRTR-CLIENT-CONSTRUCT-INPUTS", "MUST", "client", MRTR, "If a client receives an `InputRequiredResult` that contains the `inputRequests` field, the client **MUST** construct the requested inputs before retrying the original request.", None),
    ("MRTR-CLIENT-MAY-RETRY-IMMEDIATELY", "MAY", "client", MRTR, "If the `InputRequiredResult` does _not_ contain the `inputRequests` field, the client **MAY** retry the original request immediately.", PERMISSION),
    ("MRTR-CLIENT-ECHO-STATE", "MUST", "client", MRTR, "If an `InputRequiredResult` contains the `requestState` field, the client **MUST** echo back the exact value of that field when retrying the original request.", None),
    ("MRTR-CLIENT-STATE-OPAQUE", "MUST NOT", "client", MRTR, "Clients **MUST NOT** inspect, parse, modify, or make any assumptions about the `requestState` contents.", "its observable part (no modification) is MRTR-CLIENT-ECHO-STATE; reading or parsing leaves no trace on the wire"),
    ("MRTR-CLIENT-NO-INVENTED-STATE", "MUST NOT", "client", MRTR, "If the `InputRequiredResult` does not contain a `requestState` field, the client **MUST NOT** include one in the retry.", None),
    ("MRTR-RETRY-NEW-ID", "MUST", "client", MRTR, "The JSON-RPC `id` **MUST** be different between the initial request and the retry, as they are independent requests.", None),
    ("MRTR-STATE-SCOPED", "MUST NOT", "client", MRTR, "Both the `inputRequests` and `requestState` fields affect only the client's retry of the original request. They **MUST NOT** be used for any other request that the client may be sending in parallel.", None),
    ("MRTR-SERVER-VALIDATE-RESPONSES", "SHOULD", "server", MRTR, "Servers **SHOULD** validate that the data provided by the client is a valid `InputResponses` object and that the information inside can be correctly parsed.", None),
    ("MRTR-PROTOCOL-ERRORS", "SHOULD", "server", MRTR, "Protocol errors (malformed JSON, invalid schema, internal server errors) **SHOULD** return a JSON-RPC error response with an appropriate error code and message.", None),
    ("MRTR-IGNORE-UNKNOWN-RESPONSES", "SHOULD", "server", MRTR, "If additional, unexpected parameters are provided in the `InputResponses` object, the server **SHOULD** ignore any information it does not recognize or need.", None),
    ("MRTR-ASK-AGAIN", "SHOULD", "server", MRTR, "the server **SHOULD** respond with a new `InputRequiredResult` requesting the missing information again, rather than returning an error.", None),
    # "Servers **MUST** validate request state as described in the server requirements above."
    # (mrtr.mdx): an umbrella. The rules it points at each have a case and a fault of their own
    # (MRTR-STATE-UNTRUSTED, -INTEGRITY, -REJECT-TAMPERED), which is where it is checked.
    ("MRTR-VALIDATE-STATE", "MUST", "server", MRTR, "Servers **MUST** validate request state as described in the [server requirements](#server-requirements-basic-workflow) above.", "an umbrella for the numbered rules under it, each of which has its own case and reference fault: MRTR-STATE-UNTRUSTED (server.modern.state-untrusted), MRTR-STATE-INTEGRITY and MRTR-STATE-REJECT-TAMPERED (server.modern.tampered-state-rejected)"),
    # basic.mdx: the message patterns, resultType, error codes, statelessness and the per-request _meta
    ("SUPPORT-MESSAGE-PATTERNS", "MUST", "both", BASIC, "All implementations **MUST** support the base protocol, versioning, and the message patterns.", None),
    ("RESULT-TYPE-REQUIRED", "MUST", "server", BASIC, "The `result` **MUST** include a `resultType` field to indicate the type of the result.", None),
    ("RESULT-TYPE-EXTENSIONS", "MAY", "both", BASIC, "Extensions **MAY** add additional `ResultType` values.", "a permission for extension authors, not for a client or server"),
    ("RESULT-TYPE-SET", "MUST", "both", BASIC, "The set of supported `ResultType` values **MUST** be created from the set defined in the core protocol and include any additional values of supported extensions that are advertised via capabilities.", None),
    ("RESULT-TYPE-UNKNOWN-INVALID", "MUST", "client", BASIC, "A `resultType` of any value unrecognized by the client **MUST** be considered invalid.", None),
    ("RESULT-TYPE-ABSENT-COMPLETE", "MUST", "client", BASIC, "clients **MUST** treat an absent `resultType` as `\"complete\"`.", None),
    ("ERROR-CODE-RESERVED-RANGE", "MUST NOT", "both", BASIC, "Implementations **MUST NOT** emit any code from this sub-range that is not defined by this specification", None),
    ("ERROR-CODE-RETIRED", "MUST NOT", "both", BASIC, "Implementations of this protocol version **MUST NOT** emit these codes:", None),
    ("STATELESS-NO-PRIOR-CONTEXT", "MUST NOT", "server", BASIC, "Servers **MUST NOT** rely on prior requests over the same connection to establish context (e.g., capabilities, protocol version, client identity).", None),
    ("META-REQUIRED-FIELDS", "MUST", "client", BASIC, "fields marked as required **MUST** be included on every request.", None),
    ("META-MISSING-REJECT", "MUST", "server", BASIC, "A request missing any required field is malformed; the server **MUST** reject it with JSON-RPC error code `-32602` (Invalid params).", None),
    ("META-MISSING-HTTP-400", "MUST", "server", BASIC, "(Invalid params). On HTTP, the response status **MUST** be `400 Bad Request`.", None),
    ("META-CLIENT-INFO", "SHOULD", "client", BASIC, "Clients **SHOULD** include `io.modelcontextprotocol/clientInfo` on every request unless specifically configured not to do so.", None),
    ("META-NO-UNDECLARED-CAPABILITY", "MUST NOT", "server", BASIC, "A server **MUST NOT** rely on capabilities the client has not declared.", "the rule for every capability; what the wire shows of it for elicitation is MRTR-NO-UNDECLARED-ELICITATION, SERVER-MODE-DECLARED and CAPABILITY-MISSING-ERROR, which the cases check"),
    ("CAPABILITY-MISSING-ERROR", "MUST", "server", BASIC, "the server **MUST** return a [`MissingRequiredClientCapabilityError`](/specification/2026-07-28/schema#missingrequiredclientcapabilityerror) (`-32021`) whose `data.requiredCapabilities` lists the missing capabilities.", None),
    ("CAPABILITY-MISSING-HTTP-400", "MUST", "server", BASIC, "lists the missing capabilities. On HTTP, the response status **MUST** be `400 Bad Request`.", None),
    ("META-SERVER-INFO", "SHOULD", "server", BASIC, "Servers **SHOULD** include the following `io.modelcontextprotocol/*` field in every result's `_meta`, unless specifically configured not to do so", None),
    ("META-INFO-NOT-FOR-BEHAVIOUR", "SHOULD NOT", "both", BASIC, "Implementations **SHOULD NOT** use them to change the behavior of the client or server, and **SHOULD NOT** rely on them for security decisions.", IDENTITY_INFO),
    # versioning.mdx and discover.mdx
    ("VERSION-UNSUPPORTED-ERROR", "MUST", "server", VERSIONING, "If the server does not implement the requested version (whether the version is unknown to the server, or is a known version the server has chosen not to support), it **MUST** respond with an [`UnsupportedProtocolVersionError`](/specification/2026-07-28/schema#unsupportedprotocolversionerror) listing the versions it does support:", None),
    ("VERSION-CLIENT-SELECT", "SHOULD", "client", VERSIONING, "The client **SHOULD** select a mutually supported version from the `supported` list and retry the request, or surface an error to the user if no compatible version exists.", "2026-07-28 is the only modern revision: a -32022 to a client asking for it can list only 2026-07-28 itself (incoherent) or initialize-based versions, which the stdio binding says not to reach by falling back to initialize; no mutually supported version exists to select and retry with until a later modern revision does"),
    ("DISCOVER-IMPLEMENT", "MUST", "server", VERSIONING, "Servers **MUST** implement [`server/discover`](/specification/2026-07-28/server/discover).", None),
    ("DISCOVER-CLIENT-MAY", "MAY", "client", VERSIONING, "Clients **MAY** call it before sending any other requests to learn the server's supported versions up front, but are not required to", PERMISSION),
    ("ERA-CACHE", "SHOULD", "client", VERSIONING, "Clients **SHOULD** cache the result for the lifetime of the server process (stdio) or origin (HTTP)", None),
    ("ERA-CACHE-PERSIST", "MAY", "client", VERSIONING, "and **MAY** persist it across restarts of the same server configuration, re-probing if the cached assumption later fails.", PERMISSION),
    ("DUAL-ERA-SERVER", "MAY", "server", VERSIONING, "A server that wishes to support both [legacy](#terminology) clients (which expect an `initialize` handshake) and [modern](#terminology) clients (which use per-request metadata) **MAY** implement both behaviors.", PERMISSION),
    ("MODERN-ONLY-INITIALIZE-ERROR", "SHOULD", "server", VERSIONING, "A server that supports only [modern](#terminology) versions **SHOULD** name the protocol versions it supports in any error it returns to an `initialize` request, on any transport", None),
    ("MODERN-CLIENT-PROBE", "SHOULD", "client", VERSIONING, "On stdio, clients **SHOULD** send `server/discover` first to fail deterministically", None),
    ("DUAL-ERA-CONCURRENT", "MAY", "server", VERSIONING, "A dual-era server **MAY** serve both eras concurrently on the same endpoint or process.", PERMISSION),
    ("DISCOVER-MUST", "MUST", "server", DISCOVER, "Servers **MUST** implement it.", None),
    ("DISCOVER-DUAL-ERA-PROBE", "SHOULD", "client", DISCOVER, "A client that supports both modern (per-request `_meta`) and legacy (`initialize` handshake) servers **SHOULD** send `server/discover` first", None),
    ("DISCOVER-SERVER-INFO", "SHOULD", "server", DISCOVER, "Name and version of the server software. Servers **SHOULD** include this field.", None),
    ("DISCOVER-SERVER-INFO-NOT-FOR-BEHAVIOUR", "SHOULD NOT", "client", DISCOVER, "Clients **SHOULD NOT** use it to change their behavior, and **SHOULD NOT** rely on it for security decisions.", IDENTITY_INFO),
    # transports: no server-to-client requests, the era probe, the version header
    ("STDIO-NO-SERVER-REQUESTS", "MUST NOT", "server", STDIO, "The server **MUST NOT** write JSON-RPC _requests_ to `stdout`.", None),
    ("STDIO-DUAL-ERA-PROBE", "SHOULD", "client", STDIO, "A client that supports both modern (per-request-metadata) MCP versions and a legacy version that requires an `initialize` handshake **SHOULD** probe with [`server/discover`][server-discover] before sending any other request", None),
    ("STDIO-FALLBACK-ANY-ERROR", "MUST NOT", "client", STDIO, "The fallback **MUST NOT** be keyed to one specific error code", None),
    # A dual-era client that falls back speaks the initialize handshake, whose version rule is the
    # legacy revision's lifecycle (2026-07-28 has no lifecycle page of its own).
    ("FALLBACK-INITIALIZE-LATEST", "SHOULD", "client", "2025-11-25/lifecycle.mdx", "In the `initialize` request, the client **MUST** send a protocol version it supports. This **SHOULD** be the _latest_ version supported by the client.", None),
    ("STDIO-MODERN-ERROR-NO-FALLBACK", "SHOULD", "client", STDIO, "The server returns a recognized modern JSON-RPC error such as [`UnsupportedProtocolVersionError`][unsupported-version]: the server is modern but does not support the requested version. Use one of the versions in its advertised `supported` list. Do **not** fall back to `initialize`.", None),
    ("STDIO-PROBE-RECOMMENDED", "SHOULD", "client", STDIO, "A client that only supports modern versions does not need to probe, but probing is still **RECOMMENDED**", None),
    ("HTTP-NO-SERVER-REQUESTS", "MUST NOT", "server", HTTP, "The server **MUST NOT** send independent JSON-RPC _requests_ on this stream.", None),
    ("HTTP-VERSION-HEADER", "MUST", "client", HTTP, "Every POST request to the MCP endpoint **MUST** include an `MCP-Protocol-Version` header.", None),
    ("HTTP-VERSION-HEADER-MATCH", "MUST", "client", HTTP, "The header value **MUST** match the `io.modelcontextprotocol/protocolVersion` field carried in the request body's `_meta`.", None),
    ("HTTP-VERSION-MISMATCH-REJECT", "MUST", "server", HTTP, "If the values do not match, the server **MUST** reject the request with `400 Bad Request` and a `HeaderMismatch` JSON-RPC error", None),
    ("HTTP-VERSION-UNSUPPORTED-400", "MUST", "server", HTTP, "it **MUST** respond with `400 Bad Request` and an [`UnsupportedProtocolVersionError`][unsupported-version] listing its supported versions.", None),
    ("HTTP-DUAL-ERA-DETECT", "MAY", "client", HTTP, "**MAY** detect which era the server implements by attempting a modern request first.", PERMISSION),
    ("HTTP-DUAL-ERA-INSPECT-400", "SHOULD", "client", HTTP, "On `400 Bad Request`, the client **SHOULD** inspect the response body before falling back", None),
]


def normalise(text):
    return re.sub(r"\s+", " ", text.replace("**", "")).strip()


BLOCK_START = re.compile(r"^\s*(?:[-*] |\d+\. |#+ |\||<)")
LIST_ITEM = re.compile(r"^(?:[-*] |\d+\. )")
# A sentence ends at . ! or ? before a space and a capital, a backtick, a quote or a bracket, or at
# the end of its paragraph; "e.g." and "i.e." do not end one.
SENTENCE_END = re.compile(r"(?<!e\.g)(?<!i\.e)[.!?](?= [A-Z`\"(\[*_])")


def blocks(text):
    """The paragraphs and list items of a page, each as one line of normalised words (code fences
    and headings are blocks of their own, so no sentence runs into them)."""
    out, current, fenced = [], [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if not line.strip() or fenced or BLOCK_START.match(line):
            if current:
                out.append(normalise(" ".join(current)))
            current = [] if not line.strip() or fenced else [line]
            continue
        current.append(line)
    if current:
        out.append(normalise(" ".join(current)))
    return out


def whole_sentence(text, quote):
    """The whole sentence of the page that holds the quote: from the end of the sentence before it
    in its paragraph or list item to the end of the sentence it is in; a sentence that ends with ":"
    at the end of its paragraph keeps the list it introduces. A quote that spans paragraphs, or a
    JSON source, is left as written. Issue 31: 46 of the 89 quotes of 2025-11-25 stopped where the
    page's source wraps a line, 19 at the ":" before their list."""
    q = normalise(quote)
    parts = blocks(text)
    for n, block in enumerate(parts):
        at = block.find(q)
        if at < 0:
            continue
        if block.startswith("|"):
            return quote  # a table cell: the row is no sentence
        starts = [m.end() + 1 for m in SENTENCE_END.finditer(block) if m.end() <= at]
        begin = starts[-1] if starts else 0
        end_match = SENTENCE_END.search(block, at + max(len(q) - 1, 0))
        end = end_match.end() if end_match else len(block)
        sentence = LIST_ITEM.sub("", block[begin:end]).strip()
        if end == len(block) and sentence.endswith(":"):
            items = []
            for following in parts[n + 1:]:
                if not LIST_ITEM.match(following):
                    break
                items.append(following)
            if items:
                sentence += " " + " ".join(items)
        return sentence
    return quote


def section_of(text, quote):
    """The heading above the first occurrence of the quote (pages only), or the page title above
    the first heading. The quote is found in the normalised text, so one that spans lines is
    placed where it starts; headings inside code fences are not headings."""
    at = normalise(text).find(normalise(quote))
    if at < 0:
        return ""
    title = re.match(r"---\ntitle: (.*)\n", text)  # a rule above the first heading: the page title
    heading, offset, fenced = (title.group(1) if title else ""), 0, False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        m = re.match(r"^#+\s+(.*)", line)
        if m and not fenced:
            heading = m.group(1)
        words = normalise(line)
        if words:
            offset += len(words) + 1  # normalise() joins lines with one space
        if offset > at:
            return heading
    return heading


def build(revision, table, cases_by_key):
    entries, errors = [], []
    for key, level, binds, source, quote, excluded in table:
        path = SPEC / (f"{revision}/elicitation.mdx" if source == "page" else source)
        text = path.read_text()
        if normalise(quote) not in normalise(text):
            errors.append(f"{revision} {key}: quote not found verbatim in {path.name}: {quote!r}")
        entry = {
            "id": f"EL-{revision}-{key}", "key": key, "level": level, "binds": binds,
            "source": str(path.relative_to(SPEC)),
            "section": section_of(text, quote) if path.suffix in (".mdx", ".md") else "",
            "quote": (whole_sentence(text, quote) if path.suffix in (".mdx", ".md") else quote)
            .replace("\\\"", "\"").replace("\\n", "\n"),
        }
        cases = sorted(cases_by_key.get((revision, key), []))
        if excluded is WIRE:
            entry["wire"] = True
            cases = sorted(cases + [f"{role}.wire.messages-well-formed" for role in ("client", "server")
                                    if binds in (role, "both")])
        elif excluded:
            entry["excluded"] = excluded
        entry["cases"] = cases
        entries.append(entry)
    return entries, errors


def missing_spec_texts():
    return (f"no spec texts in {' or '.join(str(p) for p in SPEC_CANDIDATES)} (EC_SPEC_DIR can name "
            "their folder): the catalog's quotes cannot be checked against the spec")


def main():
    if not SPEC.is_dir():
        # A plain clone cannot check quotes: say so instead of failing on the first file.
        print(f"gen-requirements: {missing_spec_texts()}", file=sys.stderr)
        sys.exit(2)
    cases_by_key = {}
    for path in sorted((ROOT / "cases").rglob("*.json")):
        if path.name == "case.schema.json" or "requirements" in path.parts:
            continue
        case = json.loads(path.read_text())
        for revision in case["revisions"]:
            for req in case["requirements"]:
                key = req[len(f"EL-{revision}-"):] if req.startswith("EL-") else req
                cases_by_key.setdefault((revision, key), []).append(case["id"])
    failed = []
    for revision, table in (("2025-06-18", R0618), ("2025-11-25", R1125), ("2026-07-28", R2607)):
        entries, errors = build(revision, table, cases_by_key)
        failed += errors
        keys = {e["key"] for e in entries}
        for (rev, key), ids in cases_by_key.items():
            if rev == revision and key not in keys:
                failed.append(f"cases {ids} cite {key}, which the {revision} catalog does not have")
        out = ROOT / "cases" / "requirements" / f"{revision}.json"
        text = json.dumps({"revision": revision, "requirements": entries}, indent=2, ensure_ascii=False) + "\n"
        if "--check" in sys.argv:
            if not out.exists() or out.read_text() != text:
                failed.append(f"{out.relative_to(ROOT)} is out of date: run scripts/gen-requirements.py")
        else:
            out.write_text(text)
    for e in failed:
        print("gen-requirements:", e, file=sys.stderr)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
