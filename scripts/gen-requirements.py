#!/usr/bin/env python3
"""Writes cases/requirements/<revision>.json, the catalog of the normative statements of the
elicitation spec (and of the JSON-RPC / lifecycle rules it leans on) that cases trace to.

The table below is the source: key, level, the side it binds, the source file, the exact words,
and, for what cannot be seen on the wire, the reason it is excluded. Every quote is checked
verbatim (ignoring ** and line breaks) against ../shared/spec, so a catalog entry can never
misquote the spec. The case ids of each entry are collected from cases/**.json. Run with
/usr/bin/python3 after changing the table or the cases; with --check it only verifies (used by
tests/test_requirements.py, which fails when the committed catalog is out of date).
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SPEC = ROOT.parent / "shared" / "spec"
if not SPEC.exists():
    SPEC = pathlib.Path("/work/shared/spec")

UI = "a user-interface property; not observable on the wire"
INTERNAL = "server-internal state or out-of-band behaviour; not observable on the MCP wire"
PERMISSION = "a permission (MAY): nothing to check beyond the cases that exercise it"

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
    ("COMPLETE-ONLY-INITIATOR", "MUST", "server", "page", "**MUST** only send the notification to the client that initiated the elicitation request.", "needs two concurrent client sessions; stdio has one (revisit with Streamable HTTP)"),
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
    ("SERVER-BIND-IDENTITY", "MUST", "server", "page", "Servers **MUST** bind elicitation requests to the client and user identity", INTERNAL),
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
    ("JSONRPC-MESSAGE-FORMAT", "MUST", "both", "2025-11-25/schema.json", "Refers to any valid JSON-RPC object that can be decoded off the wire, or encoded to be sent.", None),
    ("JSONRPC-ID-TYPE", "MUST", "both", "2025-11-25/schema.json", "A uniquely identifying ID for a request in JSON-RPC.", None),
    ("JSONRPC-RESULT-XOR-ERROR", "MUST", "both", "2025-11-25/schema.json", "A response to a request, containing either the result or error.", None),
    ("JSONRPC-NO-RESPONSE-TO-NOTIFICATION", "MUST", "both", "2025-11-25/schema.json", "A notification which does not expect a response.", None),
    ("JSONRPC-ID-UNIQUE", "MUST", "both", "2025-11-25/schema.json", "A uniquely identifying ID for a request in JSON-RPC.", None),
    ("SERVER-HANDLE-ACTIONS", "SHOULD", "server", "page", "Servers should handle each state appropriately:", None),
    ("LIFECYCLE-INITIALIZED", "MUST", "client", "2025-11-25/lifecycle.mdx", "After successful initialization, the client **MUST** send an `initialized` notification", None),
    ("LIFECYCLE-NEGOTIATED-ONLY", "MUST", "both", "2025-11-25/lifecycle.mdx", "Only use capabilities that were successfully negotiated", None),
    ("LIFECYCLE-CLIENT-VERSION", "MUST", "client", "2025-11-25/lifecycle.mdx", "In the `initialize` request, the client **MUST** send a protocol version it supports.", None),
    ("LIFECYCLE-SERVER-VERSION", "MUST", "server", "2025-11-25/lifecycle.mdx", "If the server supports the requested protocol version, it **MUST** respond with the same version. Otherwise, the server **MUST** respond with another protocol version it supports.", None),
    ("LIFECYCLE-SERVER-VERSION-LATEST", "SHOULD", "server", "2025-11-25/lifecycle.mdx", "This **SHOULD** be the _latest_ version supported by the server.", None),
    ("LIFECYCLE-RESPECT-VERSION", "MUST", "both", "2025-11-25/lifecycle.mdx", "Respect the negotiated protocol version", None),
    ("LIFECYCLE-INITIALIZE-FIRST", "MUST", "both", "2025-11-25/lifecycle.mdx", "The initialization phase **MUST** be the first interaction between client and server.", None),
    ("JSONRPC-SPEC", "MUST", "both", "2025-11-25/basic.mdx", "All messages between MCP clients and servers **MUST** follow the [JSON-RPC 2.0](https://www.jsonrpc.org/specification) specification.", None),
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
    ("JSONRPC-MESSAGE-FORMAT", "MUST", "both", "2025-06-18/schema.json", "Refers to any valid JSON-RPC object that can be decoded off the wire, or encoded to be sent.", None),
    ("JSONRPC-ID-TYPE", "MUST", "both", "2025-06-18/schema.json", "A uniquely identifying ID for a request in JSON-RPC.", None),
    ("JSONRPC-RESULT-XOR-ERROR", "MUST", "both", "2025-06-18/schema.json", "A response to a request that indicates an error occurred.", None),
    ("JSONRPC-NO-RESPONSE-TO-NOTIFICATION", "MUST", "both", "2025-06-18/schema.json", "A notification which does not expect a response.", None),
    ("JSONRPC-ID-UNIQUE", "MUST", "both", "2025-06-18/schema.json", "A uniquely identifying ID for a request in JSON-RPC.", None),
    ("SERVER-HANDLE-ACTIONS", "SHOULD", "server", "page", "Servers should handle each state appropriately:", None),
    ("LIFECYCLE-INITIALIZED", "MUST", "client", "2025-06-18/lifecycle.mdx", "After successful initialization, the client **MUST** send an `initialized` notification", None),
    ("LIFECYCLE-NEGOTIATED-ONLY", "MUST", "both", "2025-06-18/lifecycle.mdx", "Only use capabilities that were successfully negotiated", None),
    ("LIFECYCLE-CLIENT-VERSION", "MUST", "client", "2025-06-18/lifecycle.mdx", "In the `initialize` request, the client **MUST** send a protocol version it supports.", None),
    ("LIFECYCLE-SERVER-VERSION", "MUST", "server", "2025-06-18/lifecycle.mdx", "If the server supports the requested protocol version, it **MUST** respond with the same version. Otherwise, the server **MUST** respond with another protocol version it supports.", None),
    ("LIFECYCLE-SERVER-VERSION-LATEST", "SHOULD", "server", "2025-06-18/lifecycle.mdx", "This **SHOULD** be the _latest_ version supported by the server.", None),
    ("LIFECYCLE-RESPECT-VERSION", "MUST", "both", "2025-06-18/lifecycle.mdx", "Respect the negotiated protocol version", None),
    ("LIFECYCLE-INITIALIZE-FIRST", "MUST", "both", "2025-06-18/lifecycle.mdx", "The initialization phase **MUST** be the first interaction between client and server.", None),
    ("JSONRPC-SPEC", "MUST", "both", "2025-06-18/basic.mdx", "All messages between MCP clients and servers **MUST** follow the [JSON-RPC 2.0](https://www.jsonrpc.org/specification) specification.", None),
]


def normalise(text):
    return re.sub(r"\s+", " ", text.replace("**", "")).strip()


def section_of(text, quote):
    """The heading above the first occurrence of the quote (pages only)."""
    at = normalise(text).find(normalise(quote))
    heading = ""
    for line in text.splitlines():
        m = re.match(r"^#+\s+(.*)", line)
        if m:
            heading = m.group(1)
        if normalise(quote)[:40] in normalise(line):
            return heading
    return heading if at >= 0 else ""


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
            "quote": quote.replace("\\\"", "\"").replace("\\n", "\n"),
        }
        cases = sorted(cases_by_key.get((revision, key), []))
        if excluded:
            entry["excluded"] = excluded
        entry["cases"] = cases
        entries.append(entry)
    return entries, errors


def main():
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
    for revision, table in (("2025-06-18", R0618), ("2025-11-25", R1125)):
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


main()
