#!/usr/bin/env python3
"""A stdlib-only MCP client that follows elicit-conform's adapter contract over stdio
(docs/adapter-contract.md). A starting point for an SDK author in any language: replace the
connection and the handlers with your SDK's, keep the scripted user.

Usage: client.py [--fault open-declined-urls] SERVER
  SERVER is the executable the harness appends: spawn it and speak MCP on its stdin/stdout.
  The environment says what to do: ELICIT_CONFORM_PROTOCOL_VERSION (the revision to ask for),
  ELICIT_CONFORM_CAPABILITIES (the elicitation capability to declare, or `none`),
  ELICIT_CONFORM_TOOL (the tool to call once) and ELICIT_CONFORM_USER (the scripted answers).
  The fault breaks one rule on purpose (a declined or cancelled URL is opened anyway), to show an
  SDK author what a failing report looks like; tests/test_python_template.py uses it.
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

from common import (ELICITATION_REVISIONS, INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, URL_ELICITATION_REQUIRED,
                    content_problem, declared_modes, request_problem, send_line, skip, skip_unless_supported)

args = sys.argv[1:]
FAULT = args[args.index("--fault") + 1] if "--fault" in args else None
TARGET = args[-1] if args else ""
REVISION = os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSION") or ELICITATION_REVISIONS[0]
TOOL = os.environ.get("ELICIT_CONFORM_TOOL", "elicitation_case")

if FAULT not in (None, "open-declined-urls"):
    sys.stderr.write(f"unknown --fault {FAULT} (the one fault is open-declined-urls)\n")
    sys.exit(2)
skip_unless_supported(REVISION)
if REVISION not in ELICITATION_REVISIONS:
    skip(f"the python template has no elicitation in protocol revision {REVISION}")
if TARGET.startswith(("http://", "https://")):
    # `elicit-conform client --transport http` appends a URL instead of a server to spawn.
    skip("the python template speaks stdio only, not Streamable HTTP")


def log(text):
    sys.stderr.write(f"python-template client: {text}\n")
    sys.stderr.flush()


def json_env(name, default):
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        return json.loads(raw)
    except ValueError:
        log(f"{name} is not JSON")
        sys.exit(2)


# CAPABILITY-DECLARE: declare exactly the capability we are told to, or none. Declaring more or
# less than asked makes the harness call the case not testable.
CAPABILITY = None if os.environ.get("ELICIT_CONFORM_CAPABILITIES", "none") == "none" \
    else json_env("ELICIT_CONFORM_CAPABILITIES", {})
SCRIPT = json_env("ELICIT_CONFORM_USER", [])


class User:
    """The scripted user: one answer per elicitation actually shown, in order; once the script
    is used up the user dismisses everything (cancel). An answer with a "message" is for the
    elicitation showing that message (an SDK that shows several at once, concurrently, gives each
    its own answer whatever the order)."""

    def __init__(self, script):
        self.script = [a for a in script if isinstance(a, dict)] if isinstance(script, list) else []

    def answer(self, message=None):
        for wanted in (lambda a: a.get("message") == message, lambda a: "message" not in a):
            for i, answer in enumerate(self.script):
                if wanted(answer):
                    return self.script.pop(i)
        return {"action": "cancel"}


user = User(SCRIPT)


class RpcError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code, self.message = code, message


class Connection:
    """The stdio transport: the server is our child; a thread turns its stdout into messages so
    the main thread can wait for one with a timeout."""

    def __init__(self, command):
        self.proc = subprocess.Popen([command], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.inbox = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            try:
                message = json.loads(line)
            except ValueError:
                log("the server wrote a line that is not JSON; ignored")
                continue
            if isinstance(message, dict):
                self.inbox.put(message)
        self.inbox.put(None)  # end of input

    def send(self, message):
        send_line(self.proc.stdin, message)

    def request(self, method, params):
        # JSON-RPC-ID-UNIQUE: a new id for every request, retries included.
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


class Client:
    def __init__(self, connection):
        self.conn = connection
        self.modes = set()       # what the session lets the server ask for (set after initialize)
        self.pending = set()     # URL elicitations the user accepted, not completed yet
        self.completed = set()

    # --- Incoming messages -------------------------------------------------------------------
    def pump(self, timeout=None):
        """Handle one incoming message; return it if it is a response, else None. Raises EOFError
        when the server is gone and queue.Empty when nothing came within `timeout` seconds."""
        message = self.conn.inbox.get(timeout=timeout)
        if message is None:
            raise EOFError
        if "method" not in message:
            return message
        if "id" not in message:
            self.on_notification(message)  # JSON-RPC-NO-RESPONSE-TO-NOTIFICATION: never answered
            return None
        try:
            reply = {"jsonrpc": "2.0", "id": message["id"], "result": self.on_request(message)}
        except RpcError as e:
            reply = {"jsonrpc": "2.0", "id": message["id"], "error": {"code": e.code, "message": e.message}}
        except Exception as e:  # input we did not foresee: an error answer, not a dead client
            reply = {"jsonrpc": "2.0", "id": message["id"], "error": {"code": INTERNAL_ERROR, "message": f"Internal error: {e!r}"}}
        self.conn.send(reply)
        return None

    def wait_for(self, request_id, timeout=None):
        while True:
            message = self.pump(timeout)
            if message is not None and message.get("id") == request_id:
                return message

    def on_request(self, message):
        if message["method"] == "ping":
            return {}
        if message["method"] == "elicitation/create":
            return self.on_elicitation(message.get("params"))
        raise RpcError(METHOD_NOT_FOUND, f"Method not found: {message['method']}")

    def on_notification(self, message):
        params = message.get("params")
        if message["method"] != "notifications/elicitation/complete":
            return
        eid = params.get("elicitationId") if isinstance(params, dict) else None
        # CLIENT-IGNORE-UNKNOWN-COMPLETE: "MUST ignore notifications referencing unknown or
        # already-completed IDs" (and malformed ones): no answer, no error, no state change.
        if isinstance(eid, str) and eid in self.pending:
            self.pending.discard(eid)
            self.completed.add(eid)
            log(f"elicitation {eid} completed")
        else:
            log(f"ignored a completion for an unknown or completed elicitation: {json.dumps(params)}")

    # --- The user interface --------------------------------------------------------------------
    def on_elicitation(self, params):
        # CLIENT-ERR-UNSUPPORTED-MODE and CLIENT-ERR-STANDARD: a request we cannot show (a mode we
        # did not declare, an unknown mode, missing or malformed members, a schema outside the
        # restricted subset) is refused with -32602 before the user sees anything.
        problem = request_problem(params, self.modes)
        if problem:
            raise RpcError(INVALID_PARAMS, f"Invalid params: {problem}")
        answer = user.answer(params.get("message"))
        action = answer.get("action")
        if params.get("mode", "form") == "url":
            # CLIENT-URL-CONSENT: the URL is opened only after the user said yes, and never
            # fetched before (CLIENT-URL-NO-PREFETCH). URL mode has no content (RESULT-CONTENT).
            if action == "accept" or FAULT == "open-declined-urls":
                open_url(params["url"])
            if action == "accept":
                self.pending.add(params["elicitationId"])
                return {"action": "accept"}
            return {"action": action if action == "decline" else "cancel"}
        if action != "accept":
            # RESULT-ACTION: decline and cancel carry no content.
            return {"action": action if action == "decline" else "cancel"}
        schema = params["requestedSchema"]
        content = answer.get("content")
        if content is None:
            # An accept without content is the form submitted as it was shown, pre-filled with
            # the schema's defaults (CLIENT-DEFAULTS-PREFILL, SEP-1034); fields without one stay empty.
            content = {name: prop["default"] for name, prop in schema["properties"].items()
                       if isinstance(prop, dict) and "default" in prop}
        # CLIENT-VALIDATE-CONTENT: a form that does not validate cannot be submitted, so the user
        # is left with cancel. Content that breaks the schema never goes back as an accept.
        if content_problem(schema, content):
            log(f"the scripted answer does not fit the form ({content_problem(schema, content)}): cancelled")
            return {"action": "cancel"}
        return {"action": "accept", "content": content}

    # --- The session ------------------------------------------------------------------------------
    def initialize(self):
        # LIFECYCLE-INITIALIZE-FIRST: initialize is the first message we send.
        capabilities = {} if CAPABILITY is None else {"elicitation": CAPABILITY}
        rid = self.conn.request("initialize", {"protocolVersion": REVISION, "capabilities": capabilities,
                                               "clientInfo": {"name": "elicit-conform-python-template",
                                                              "version": "0.1.0"}})
        response = self.wait_for(rid)
        version = (response.get("result") or {}).get("protocolVersion")
        # LIFECYCLE-RESPECT-VERSION: go on only in a revision we speak, and read the capability
        # as that revision does (2025-06-18 has no URL mode).
        if version not in ELICITATION_REVISIONS:
            log(f"the server answered initialize with {json.dumps(response)[:200]}: disconnecting")
            sys.exit(1)
        self.modes = declared_modes(CAPABILITY, version)
        self.conn.send({"jsonrpc": "2.0", "method": "notifications/initialized"})  # LIFECYCLE-INITIALIZED

    def call_tool(self):
        for attempt in (1, 2):
            response = self.wait_for(self.conn.request("tools/call", {"name": TOOL, "arguments": {}}))
            error = response.get("error")
            if not isinstance(error, dict) or error.get("code") != URL_ELICITATION_REQUIRED:
                return response
            # A -32042: each listed URL elicitation is shown to the user like an elicitation/create,
            # and opened only with consent (CLIENT-URL-CONSENT, one decision per URL).
            entries = (error.get("data") or {}).get("elicitations")
            accepted = []
            for entry in entries if isinstance(entries, list) else []:
                if request_problem(entry, self.modes) or (isinstance(entry, dict) and entry.get("mode") != "url"):
                    continue  # not a URL elicitation we can show: nothing to consent to
                if user.answer(entry.get("message")).get("action") == "accept":
                    open_url(entry["url"])
                    self.pending.add(entry["elicitationId"])
                    accepted.append(entry["elicitationId"])
            # CLIENT-MAY-RETRY: "MAY wait for this notification to automatically retry". Only when
            # the user accepted everything, and only once; the retry is a new request (new id).
            if attempt == 2 or not accepted or len(accepted) != len(entries) or not self.wait_completed(accepted):
                return response
        return response

    def wait_completed(self, ids, seconds=3.0):
        """True once every id has completed; False after `seconds` without."""
        deadline = time.monotonic() + seconds
        while not all(i in self.completed for i in ids):
            if time.monotonic() >= deadline:
                return False
            try:
                self.pump(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                pass
        return True


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None  # never follow a redirect off the URL the user agreed to


def open_url(url):
    """"Opening" a URL the user agreed to: one GET, and only on loopback, since this template
    never leaves the machine. A real client hands the URL to the user's browser instead
    (CLIENT-URL-SECURE-OPEN: the client must not see what the user types there)."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http" or parts.hostname not in ("127.0.0.1", "localhost", "::1"):
        log(f"would open {url} in the browser")
        return
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoRedirect)
    try:
        opener.open(url, timeout=2).close()
    except OSError:
        pass  # whatever the page answers, the user has seen it


def main():
    if not TARGET:
        log("usage: client.py [--fault NAME] SERVER")
        return 2
    client = Client(Connection(TARGET))
    try:
        client.initialize()
        response = client.call_tool()
        log(f"tool result: {json.dumps(response)[:300]}")
    except EOFError:
        log("the server closed the connection")
        return 1
    finally:
        client.conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
