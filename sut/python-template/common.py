"""What the template's server and client share: the skip signal, the revisions, and the rules for
what an elicitation/create may carry and what an answer to it may contain.

Python 3 standard library only. An SDK author porting the template writes these once in their
SDK: both sides of the protocol check the same rules (a server before it sends, a client before
it shows), so they belong in one place.
"""
import datetime
import json
import re
import sys
import urllib.parse

# The revisions this template speaks, latest first. 2026-07-28 (the modern wire, no initialize) is
# not among them: see skip_unless_supported.
ELICITATION_REVISIONS = ["2025-11-25", "2025-06-18"]
# Older revisions a server can still agree to; they have no elicitation at all, so a session at
# one of them never sends elicitation/create (lifecycle: "Respect the negotiated protocol version").
OLDER_REVISIONS = ["2025-03-26", "2024-11-05"]

# JSON-RPC error codes the spec names.
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = -32700, -32600, -32601, -32602, -32603
URL_ELICITATION_REQUIRED = -32042


def skip(reason):
    """The adapter contract's way of saying "this SUT cannot run the case": one stderr line with
    this exact prefix, then exit status 77 (the automake/ctest skip status). The harness records
    SKIP with the reason instead of a failure. Never use it to hide a behaviour you have."""
    sys.stderr.write(f"elicit-conform: SKIP: {reason}\n")
    sys.stderr.flush()
    sys.exit(77)


def skip_unless_supported(revision):
    # The harness tells both roles the revision of the case in ELICIT_CONFORM_PROTOCOL_VERSION.
    # 2026-07-28 removes initialize and server-to-client requests (elicitation travels inside an
    # InputRequiredResult instead, docs/modern-wire.md); this template does not implement that wire.
    if revision == "2026-07-28":
        skip("the python template speaks 2025-06-18 and 2025-11-25 only, not the 2026-07-28 wire")


def send_line(stream, message):
    # stdio transport: one JSON-RPC message per line, UTF-8, no embedded newline (json.dumps
    # escapes every newline inside strings), flushed at once so the peer is never kept waiting.
    stream.write((json.dumps(message, separators=(",", ":")) + "\n").encode())
    stream.flush()


def declared_modes(capability, revision):
    """The elicitation modes a client declared, as the session's revision reads them."""
    if not isinstance(capability, dict):
        return set()  # no elicitation capability: no elicitation at all (LIFECYCLE-NEGOTIATED-ONLY)
    if revision == "2025-06-18":
        return {"form"}  # 2025-06-18 has no URL mode, whatever members the capability carries
    # CAPABILITY-EMPTY-IS-FORM: "an empty capabilities object is equivalent to declaring support
    # for form mode only".
    modes = {m for m in ("form", "url") if isinstance(capability.get(m), dict)}
    return modes or {"form"}


def is_valid_url(text):
    # URL-VALID: "The url parameter MUST contain a valid URL": an absolute URL with a host.
    if not isinstance(text, str) or any(c.isspace() for c in text):
        return False
    parts = urllib.parse.urlsplit(text)
    return bool(parts.scheme) and bool(parts.netloc)


PRIMITIVE_TYPES = {"string", "number", "integer", "boolean"}


def schema_problem(schema):
    """Why a requestedSchema is outside the restricted subset, or None. FORM-SCHEMA-RESTRICTED:
    "form mode elicitation schemas are limited to flat objects with primitive properties only"
    (plus the SEP-1330 multi-select arrays of enum strings). Keywords we do not know are let
    through: a newer revision may add some, and they change nothing a user can be asked."""
    if not isinstance(schema, dict) or schema.get("type") != "object":
        return "requestedSchema must be an object schema"
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return "requestedSchema must have properties"
    for name, prop in properties.items():
        if not isinstance(prop, dict):
            return f"property {name} is not a schema"
        kind = prop.get("type")
        if kind == "array":
            items = prop.get("items")
            # A multi-select: items are options (enum strings or anyOf consts), never objects.
            if not isinstance(items, dict) or not (isinstance(items.get("enum"), list)
                                                   or isinstance(items.get("anyOf"), list)):
                return f"property {name} is an array that is not a multi-select of options"
        elif kind not in PRIMITIVE_TYPES:
            return f"property {name} has type {kind!r}: only flat primitive properties are allowed"
    required = schema.get("required", [])
    if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
        return "required must be a list of property names"
    return None


def request_problem(params, modes):
    """Why elicitation/create with these params must not be shown (a client answers -32602) or
    sent (a server refuses), or None. `modes` are the modes the client declared."""
    if not isinstance(params, dict):
        return "params must be an object"
    # CLIENT-MODE-DEFAULT: "Clients MUST treat requests without a mode field as form mode". A
    # form request that also carries a url is still a form: decide by mode, never by members.
    mode = params.get("mode", "form")
    if mode not in ("form", "url"):
        return f"unknown elicitation mode {mode!r}"
    # SERVER-MODE-DECLARED / CLIENT-ERR-UNSUPPORTED-MODE: a mode the client did not declare is
    # never sent, and a client answers it with -32602.
    if mode not in modes:
        return f"the client did not declare {mode} mode"
    # REQUEST-MESSAGE: every elicitation carries a message.
    if not isinstance(params.get("message"), str):
        return "message is required"
    if mode == "form":
        return schema_problem(params.get("requestedSchema"))  # FORM-REQUESTED-SCHEMA
    # URL-PARAMS: url mode needs a url and an elicitationId.
    if not isinstance(params.get("elicitationId"), str):
        return "elicitationId is required in url mode"
    if not is_valid_url(params.get("url")):
        return "url must be a valid URL"
    return None


FORMATS = {
    # FORM-SCHEMA-FORMAT: "Supported formats: email, uri, date, date-time". Deliberately plain
    # checks: an SDK uses its JSON Schema library here.
    "email": lambda s: re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", s) is not None,
    "uri": is_valid_url,
    "date": lambda s: re.fullmatch(r"\d{4}-\d{2}-\d{2}", s) is not None and _parses(datetime.date.fromisoformat, s),
    "date-time": lambda s: re.fullmatch(r"\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})", s)
    is not None and _parses(datetime.datetime.fromisoformat, s.replace("z", "Z").replace("Z", "+00:00")),
}


def _parses(parse, text):
    try:
        parse(text)
        return True
    except ValueError:
        return False


def _options(schema):
    """The values a single-select (enum, or oneOf of consts) or a multi-select's items allow."""
    if isinstance(schema.get("enum"), list):
        return schema["enum"]
    for key in ("oneOf", "anyOf"):
        if isinstance(schema.get(key), list):
            return [o.get("const") for o in schema[key] if isinstance(o, dict)]
    return None


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def value_problem(name, schema, value):
    kind = schema.get("type")
    if kind == "string":
        if not isinstance(value, str):
            return f"{name} must be a string"
        # JSON Schema counts lengths in characters (code points); Python's len() does too, where
        # JavaScript's .length counts UTF-16 units and gets emoji wrong.
        if len(value) < schema.get("minLength", 0) or len(value) > schema.get("maxLength", len(value)):
            return f"{name} has the wrong length"
        # JSON Schema patterns are ECMA-262 regular expressions; Python's re is close but not the
        # same ($ also matches before a final newline, \d matches any Unicode digit). Good enough
        # for a template; an SDK uses an ECMA-262 engine or a translation to one.
        if isinstance(schema.get("pattern"), str) and re.search(schema["pattern"], value) is None:
            return f"{name} does not match its pattern"
        check = FORMATS.get(schema.get("format"))
        if check and not check(value):
            return f"{name} is not a valid {schema['format']}"
    elif kind in ("number", "integer"):
        # A fraction is not an integer; 3.0 is (JSON Schema compares values, not spellings).
        if not _is_number(value) or (kind == "integer" and not float(value).is_integer()):
            return f"{name} must be an {kind}" if kind == "integer" else f"{name} must be a number"
        if value < schema.get("minimum", value) or value > schema.get("maximum", value):
            return f"{name} is out of range"
    elif kind == "boolean":
        if not isinstance(value, bool):
            return f"{name} must be a boolean"
    elif kind == "array":
        if not isinstance(value, list):
            return f"{name} must be a list"
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", len(value)):
            return f"{name} has the wrong number of items"
        allowed = _options(schema.get("items", {}))
        if allowed is not None and any(v not in allowed for v in value):
            return f"{name} has an item that is not one of the options"
        return None
    # A single-select answers with an option's value (const), never its title (SEP-1330).
    allowed = _options(schema)
    if allowed is not None and value not in allowed:
        return f"{name} is not one of the options"
    return None


def content_problem(schema, content):
    """Why accepted form content does not match the requested schema, or None.
    SERVER-VALIDATE-CONTENT and CLIENT-VALIDATE-CONTENT are the same check from both sides."""
    if not isinstance(content, dict):
        return "content must be an object"
    properties = schema.get("properties", {})
    for name in schema.get("required", []):
        if name not in content:
            return f"{name} is required"
    for name, value in content.items():
        if name in properties:
            problem = value_problem(name, properties[name], value)
            if problem:
                return problem
    return None
