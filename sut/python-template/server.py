#!/usr/bin/env python3
"""A stdlib-only MCP server that follows elicit-conform's adapter contract over stdio
(docs/adapter-contract.md). A starting point for an SDK author in any language: replace the
bodies of the tools with calls to your SDK's elicitation API, keep the shape.

Tools (the contract's, plus the official conformance suite's fixtures):
  elicit       {params}         send elicitation/create with exactly these params; return the
                                result as JSON text, or isError with why it was refused or failed
  require_url  {elicitations}   fail tools/call with -32042 listing these URL elicitations
  complete     {elicitationId}  send notifications/elicitation/complete for that id
  test_elicitation, test_elicitation_sep1034_defaults, test_elicitation_sep1330_enums

Prompt (the contract's; its cases are 2026-07-28's, which this template does not speak, so no
case calls it here, but it shows the shape):
  elicit_prompt {params: "<JSON text>"}  send elicitation/create with these params (prompt
                                         arguments are strings), then return one user message
                                         whose text is the result as JSON

Usage: server.py [--fault ignore-capabilities]
  The fault breaks one rule on purpose (elicitation is sent whatever the client declared), to show
  an SDK author what a failing report looks like; tests/test_python_template.py uses it.
"""
import json
import os
import sys

from common import (ELICITATION_REVISIONS, INTERNAL_ERROR, INVALID_PARAMS, INVALID_REQUEST, METHOD_NOT_FOUND,
                    OLDER_REVISIONS, PARSE_ERROR, URL_ELICITATION_REQUIRED, content_problem,
                    declared_modes, is_valid_url, request_problem, send_line, skip_unless_supported)

FAULT = sys.argv[sys.argv.index("--fault") + 1] if "--fault" in sys.argv else None
if FAULT not in (None, "ignore-capabilities"):
    sys.stderr.write(f"unknown --fault {FAULT} (the one fault is ignore-capabilities)\n")
    sys.exit(2)
skip_unless_supported(os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSION"))

OUT = sys.stdout.buffer


class Session:
    """What initialize settled: the revision and the client's elicitation capability."""

    def __init__(self):
        self.revision = None
        self.capability = None  # the client's `elicitation` capability object, None when absent
        self.next_id = 0        # ids of our own requests: unique in the session (JSON-RPC-ID-UNIQUE)
        self.issued = set()     # elicitationIds this session gave the client (URL mode, -32042)


session = Session()


class ToolError(Exception):
    """Becomes a tool result with isError: true: the tool ran and could not do what was asked."""


class RpcError(Exception):
    """Becomes a JSON-RPC error response to the tools/call itself."""

    def __init__(self, code, message, data=None):
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


def read_message():
    """The next message from the client, or None at end of input. A line that is not a JSON
    object gets the JSON-RPC error for it here (id null: we cannot know the request's id)."""
    while True:
        line = sys.stdin.buffer.readline()
        if not line:
            return None
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            send_line(OUT, {"jsonrpc": "2.0", "id": None, "error": {"code": PARSE_ERROR, "message": "Parse error"}})
            continue
        if isinstance(message, dict):
            return message
        send_line(OUT, {"jsonrpc": "2.0", "id": None, "error": {"code": INVALID_REQUEST, "message": "Invalid Request"}})


def ask_client(method, params):
    """Send a request to the client and wait for its response. Whatever the client sends in the
    meantime (a ping, another request) is handled as usual: a server that stopped reading while it
    waits would deadlock the client."""
    session.next_id += 1
    request_id = session.next_id
    send_line(OUT, {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
    while True:
        message = read_message()
        if message is None:
            raise ToolError("the client closed the connection")
        if "method" not in message and message.get("id") == request_id:
            return message
        handle(message)


def elicit(params):
    """Send elicitation/create as given, if this session allows it, and return the checked result."""
    if FAULT != "ignore-capabilities":
        # LIFECYCLE-RESPECT-VERSION: 2024-11-05 and 2025-03-26 have no elicitation at all.
        if session.revision not in ELICITATION_REVISIONS:
            raise ToolError(f"elicitation does not exist in protocol revision {session.revision}")
        # LIFECYCLE-NEGOTIATED-ONLY, SERVER-MODE-DECLARED: only what the client declared, read as
        # the negotiated revision reads it (declared_modes).
        problem = request_problem(params, declared_modes(session.capability, session.revision))
        if problem:
            raise ToolError(f"not sending this elicitation: {problem}")
    mode = params.get("mode", "form") if isinstance(params, dict) else "form"
    if mode == "url":
        # Remember the ids we issued: a completion may only name one of them (COMPLETE-ELICITATION-ID).
        session.issued.add(params.get("elicitationId"))
    response = ask_client("elicitation/create", params)
    if "error" in response:
        raise ToolError(f"the client answered with an error: {response['error'].get('message')}")
    result = response.get("result")
    action = result.get("action") if isinstance(result, dict) else None
    if action not in ("accept", "decline", "cancel"):
        raise ToolError(f"the client's answer has no valid action: {json.dumps(result)}")
    # SERVER-HANDLE-ACTIONS and RESULT-CONTENT: content exists only for an accepted form. A decline
    # or cancel that carries content anyway is still a decline or cancel, and its content is
    # dropped, never passed on as if the user had submitted it.
    if action != "accept" or mode == "url":
        return {"action": action}
    # SERVER-VALIDATE-CONTENT: "Servers SHOULD validate received data matches the requested schema".
    problem = content_problem(params["requestedSchema"], result.get("content"))
    if problem:
        raise ToolError(f"the client's content does not match the requested schema: {problem}")
    return {"action": "accept", "content": result["content"]}


def require_url(elicitations):
    # URL-REQUIRED-ERROR-URL-MODE: "Any elicitations returned in the error MUST be URL mode
    # elicitations and have an elicitationId property": refuse to build any other -32042.
    if not isinstance(elicitations, list) or not elicitations:
        raise ToolError("elicitations must be a non-empty list")  # URL-REQUIRED-ERROR-LIST
    for entry in elicitations:
        if not (isinstance(entry, dict) and entry.get("mode") == "url" and isinstance(entry.get("elicitationId"), str)
                and isinstance(entry.get("message"), str) and is_valid_url(entry.get("url"))):
            raise ToolError("every entry of a -32042 error must be a URL-mode elicitation with an elicitationId")
    # -32042 asks the client for URL-mode elicitations: only for a client that negotiated them.
    if "url" not in declared_modes(session.capability, session.revision):
        raise ToolError("the client did not declare URL-mode elicitation")
    session.issued.update(entry["elicitationId"] for entry in elicitations)
    raise RpcError(URL_ELICITATION_REQUIRED, "This request requires more information.", {"elicitations": elicitations})


def complete(elicitation_id):
    # COMPLETE-ELICITATION-ID, COMPLETE-ONLY-INITIATOR: the notification names an id this session
    # issued; over stdio the only client is the one that initiated it.
    if elicitation_id not in session.issued:
        raise ToolError(f"no elicitation {elicitation_id!r} was issued in this session")
    send_line(OUT, {"jsonrpc": "2.0", "method": "notifications/elicitation/complete",
                    "params": {"elicitationId": elicitation_id}})
    return "completion sent"


# The official conformance suite's fixture tools, with the schemas its scenarios describe.
OFFICIAL = {
    "test_elicitation_sep1034_defaults": {
        "message": "Please review the pre-filled values",
        "requestedSchema": {"type": "object", "properties": {
            "name": {"type": "string", "default": "John Doe"},
            "age": {"type": "integer", "default": 30},
            "score": {"type": "number", "default": 95.5},
            "status": {"type": "string", "enum": ["active", "inactive", "pending"], "default": "active"},
            "verified": {"type": "boolean", "default": True}}}},
    "test_elicitation_sep1330_enums": {
        "message": "Please pick your options",
        "requestedSchema": {"type": "object", "properties": {
            "untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
            "titledSingle": {"type": "string", "oneOf": [
                {"const": "value1", "title": "First Option"}, {"const": "value2", "title": "Second Option"},
                {"const": "value3", "title": "Third Option"}]},
            "legacyEnum": {"type": "string", "enum": ["opt1", "opt2", "opt3"],
                           "enumNames": ["Option One", "Option Two", "Option Three"]},
            "untitledMulti": {"type": "array", "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
            "titledMulti": {"type": "array", "items": {"anyOf": [
                {"const": "value1", "title": "First Choice"}, {"const": "value2", "title": "Second Choice"},
                {"const": "value3", "title": "Third Choice"}]}}}}},
}


def call_tool(name, arguments):
    """The text of a tool's result; raises ToolError or RpcError."""
    if name == "elicit":
        return json.dumps(elicit(arguments.get("params")))
    if name == "require_url":
        require_url(arguments.get("elicitations"))
    if name == "complete":
        return complete(arguments.get("elicitationId"))
    if name == "test_elicitation":
        result = elicit({"message": arguments.get("message", "Please provide your information"), "requestedSchema": {
            "type": "object", "required": ["username", "email"], "properties": {
                "username": {"type": "string", "description": "User's response"},
                "email": {"type": "string", "description": "User's email address"}}}})
        return f"User response: action={result['action']}, content={json.dumps(result.get('content', {}))}"
    if name in OFFICIAL:
        result = elicit(OFFICIAL[name])
        return f"Elicitation completed: action={result['action']}, content={json.dumps(result.get('content', {}))}"
    raise RpcError(INVALID_PARAMS, f"Unknown tool: {name}")


def get_prompt(name, arguments):
    """The GetPromptResult of the contract's prompt; raises RpcError (a prompt has no isError)."""
    if name != "elicit_prompt":
        raise RpcError(INVALID_PARAMS, f"Unknown prompt: {name}")
    try:
        params = json.loads(arguments.get("params", ""))
    except (TypeError, ValueError):
        params = None
    if not isinstance(params, dict):
        raise RpcError(INVALID_PARAMS, "elicit_prompt needs the argument params, the JSON text of elicitation params")
    try:
        result = elicit(params)
    except ToolError as e:
        raise RpcError(INTERNAL_ERROR, f"elicit_prompt could not elicit: {e}")
    return {"messages": [{"role": "user", "content": {"type": "text", "text": json.dumps(result)}}]}


PROMPTS = [{"name": "elicit_prompt", "description": "Asks with the given elicitation params, then returns the answer.",
            "arguments": [{"name": "params", "description": "The JSON text of elicitation/create params.",
                           "required": True}]}]

TOOLS = [
    ("elicit", "Sends elicitation/create with the given params and returns the result as JSON text.", "params"),
    ("require_url", "Fails with -32042 listing the given URL-mode elicitations.", "elicitations"),
    ("complete", "Sends notifications/elicitation/complete for an elicitationId.", "elicitationId"),
    ("test_elicitation", "Asks for a username and an email address.", "message"),
    ("test_elicitation_sep1034_defaults", "A form with a default for every primitive type.", None),
    ("test_elicitation_sep1330_enums", "A form with the five SEP-1330 enum variants.", None),
]


def answer(request):
    """The result of a request from the client; raises RpcError for an error response."""
    method, params = request.get("method"), request.get("params") or {}
    if not isinstance(params, dict):
        raise RpcError(INVALID_PARAMS, "params must be an object")
    if method == "initialize":
        asked = params.get("protocolVersion")
        # LIFECYCLE-SERVER-VERSION: the asked version when supported, else another one we
        # support, which SHOULD be the latest (LIFECYCLE-SERVER-VERSION-LATEST).
        session.revision = asked if asked in ELICITATION_REVISIONS + OLDER_REVISIONS else ELICITATION_REVISIONS[0]
        session.capability = (params.get("capabilities") or {}).get("elicitation")
        return {"protocolVersion": session.revision, "capabilities": {"tools": {}, "prompts": {}},
                "serverInfo": {"name": "elicit-conform-python-template", "version": "0.1.0"}}
    if method == "ping":
        return {}
    if method == "tools/list":
        return {"tools": [{"name": name, "description": text, "inputSchema": {
            "type": "object", "properties": {arg: {}} if arg else {}}} for name, text, arg in TOOLS]}
    if method == "prompts/list":
        return {"prompts": PROMPTS}
    if method == "prompts/get":
        arguments = params.get("arguments") or {}
        if not isinstance(arguments, dict):
            raise RpcError(INVALID_PARAMS, "arguments must be an object")
        return get_prompt(params.get("name"), arguments)
    if method == "tools/call":
        try:
            arguments = params.get("arguments") or {}
            if not isinstance(arguments, dict):
                raise RpcError(INVALID_PARAMS, "arguments must be an object")
            text = call_tool(params.get("name"), arguments)
            return {"content": [{"type": "text", "text": text}]}
        except ToolError as e:
            return {"content": [{"type": "text", "text": str(e)}], "isError": True}
    raise RpcError(METHOD_NOT_FOUND, f"Method not found: {method}")


def handle(message):
    # JSON-RPC-NO-RESPONSE-TO-NOTIFICATION: a message without an id is a notification and gets
    # no answer at all, not even an error for a method we do not know. A stray response (no
    # method) is dropped the same way.
    if "id" not in message or "method" not in message:
        return
    try:
        reply = {"jsonrpc": "2.0", "id": message["id"], "result": answer(message)}
    except RpcError as e:
        error = {"code": e.code, "message": e.message}
        if e.data is not None:
            error["data"] = e.data
        reply = {"jsonrpc": "2.0", "id": message["id"], "error": error}
    except Exception as e:  # input we did not foresee (params of the wrong type...): an error, not a dead server
        reply = {"jsonrpc": "2.0", "id": message["id"], "error": {"code": INTERNAL_ERROR, "message": f"Internal error: {e!r}"}}
    send_line(OUT, reply)


def main():
    while (message := read_message()) is not None:
        handle(message)


if __name__ == "__main__":
    main()
