"""elicit-conform client adapter for the official MCP Python SDK 2.x (`mcp` on PyPI).

A `mcp.Client` (the SDK's documented high-level client, which owns a `ClientSession`) with an
`elicitation_callback`: it connects to the server named by its last argument, calls
ELICIT_CONFORM_TOOL once and exits 0 after the result. The callback is the "user interface": it
answers with the scripted user of ELICIT_CONFORM_USER, one answer per elicitation shown, and
cancels once the script is used up (docs/adapter-contract.md).

Last argument: an http:// URL (`Client(url)`, Streamable HTTP) or the path of an executable to
spawn as the stdio server (`Client(StdioServerParameters(command=...))`).

The revision (ELICIT_CONFORM_PROTOCOL_VERSION, ELICIT_CONFORM_PROTOCOL_VERSIONS):
  a 2025 revision: `mode="legacy"` (the initialize handshake; the SDK always offers its newest
    handshake version, 2025-11-25, and takes the server's counter-offer);
  2026-07-28 (alone, or first of the versions of a case about eras): `mode="auto"`, the SDK's
    default (a `server/discover` probe, falling back to initialize when the server is older), and
    the SDK's own multi-round-trip loop: `call_tool` feeds every `input_requests` entry to the same
    `elicitation_callback` and retries with `input_responses` and the echoed `request_state`.

Capabilities (ELICIT_CONFORM_CAPABILITIES): the SDK declares elicitation as exactly
`{"form": {}, "url": {}}` whenever an `elicitation_callback` is given, and not at all without one
(mcp/client/session.py, `ClientSession._build_capabilities`); it has no option for a subset. So the
adapter declares what the SDK declares: nothing for `none`, both modes for any other object (`{}`,
`{"form": {}}`, `{"url": {}}`), through the public API only. The harness runs every case that sends
no elicitation in a mode it did not ask for and says SKIP for the cases about a mode the client
must not have declared (docs/adapter-contract.md, "A client under test"). The callback answers
every elicitation as the SDK's user code would. Everything else is the SDK's.
"""

from __future__ import annotations

import json
import os
import sys
import urllib.parse
import urllib.request
from typing import Any

import anyio
from mcp import Client, StdioServerParameters, types
from mcp.client import ClientRequestContext
from mcp.types.version import HANDSHAKE_PROTOCOL_VERSIONS, LATEST_HANDSHAKE_VERSION, MODERN_PROTOCOL_VERSIONS
from mcp.shared.exceptions import MCPError

SKIP_STATUS = 77


def log(text: str) -> None:
    sys.stderr.write(f"python-sdk client: {text}\n")
    sys.stderr.flush()


def skip(reason: str) -> None:
    sys.stderr.write(f"elicit-conform: SKIP: {reason}\n")
    sys.stderr.flush()
    sys.exit(SKIP_STATUS)


def json_env(name: str, default: Any) -> Any:
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        return json.loads(raw)
    except ValueError:
        log(f"{name} is not JSON")
        sys.exit(2)


TARGET = sys.argv[-1] if len(sys.argv) > 1 else ""
REVISION = os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSION") or "2025-11-25"
VERSIONS = [v for v in os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSIONS", "").split(",") if v]
TOOL = os.environ.get("ELICIT_CONFORM_TOOL", "elicitation_case")
DECLARED_RAW = os.environ.get("ELICIT_CONFORM_CAPABILITIES", "none")
# The SDK declares {"form": {}, "url": {}} whenever it has an elicitation_callback and nothing
# without one (mcp/client/session.py, ClientSession._build_capabilities): the adapter declares that.
DECLARE = DECLARED_RAW != "none"
SCRIPT = json_env("ELICIT_CONFORM_USER", [])


def connect_mode() -> str:
    told = VERSIONS or [REVISION]
    modern = [v for v in told if v in MODERN_PROTOCOL_VERSIONS]
    legacy = [v for v in told if v in HANDSHAKE_PROTOCOL_VERSIONS]
    if len(modern) + len(legacy) != len(told):
        skip(f"the SDK does not speak {', '.join(v for v in told if v not in modern + legacy)}")
    if modern:
        # `mode="auto"`: the probe, then the modern wire, or the handshake when the server is older.
        # The SDK's handshake offers 2025-11-25 (LATEST_HANDSHAKE_VERSION) and takes a counter-offer
        # of any HANDSHAKE_PROTOCOL_VERSIONS: it supports a told fallback list when that list's
        # newest version is the one it offers (e.g. 2025-11-25, 2025-06-18), not when it is older.
        if legacy and max(legacy) != LATEST_HANDSHAKE_VERSION:
            skip(f"the SDK's fallback offers {LATEST_HANDSHAKE_VERSION}, newer than {', '.join(legacy)}")
        return "auto"
    return "legacy"


MODE = connect_mode()


# --- The user interface -------------------------------------------------------------------------
class User:
    """One scripted answer per elicitation shown, in order; cancel once the script is used up."""

    def __init__(self, script: Any) -> None:
        self.script = list(script) if isinstance(script, list) else []

    def answer(self) -> dict[str, Any]:
        answer = self.script.pop(0) if self.script else None
        return answer if isinstance(answer, dict) else {"action": "cancel"}


user = User(SCRIPT)
completed: set[str] = set()
completion_seen = anyio.Event()


def open_url(url: str) -> None:
    """"Opening" a URL the user agreed to: one GET, loopback only (this adapter never leaves the
    machine). The application's job, not the SDK's: the SDK hands the URL over."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "http" or parts.hostname not in ("127.0.0.1", "localhost"):
        log(f"would open {url} in the browser")
        return
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        opener.open(url, timeout=1).close()
    except OSError:
        pass


def prefilled(schema: Any) -> dict[str, Any]:
    """The form as shown before the user typed anything: each field's default, if it has one."""
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(properties, dict):
        return {}
    return {k: p["default"] for k, p in properties.items() if isinstance(p, dict) and "default" in p}


async def on_elicitation(
    context: ClientRequestContext, params: types.ElicitRequestParams
) -> types.ElicitResult:
    is_url = isinstance(params, types.ElicitRequestURLParams)
    answer = user.answer()
    action = answer.get("action")
    if action not in ("accept", "decline", "cancel"):
        action = "cancel"
    if action != "accept":
        return types.ElicitResult(action=action)
    if is_url:
        await anyio.to_thread.run_sync(open_url, params.url)
        return types.ElicitResult(action="accept")
    content = answer.get("content")
    if content is None:
        content = prefilled(params.requested_schema)
    return types.ElicitResult(action="accept", content=content)


async def on_message(message: Any) -> None:
    # notifications/elicitation/complete (2025-11-25): the application updates its UI; here a line
    # on stderr, and the -32042 retry below waits for it.
    if isinstance(message, types.ElicitCompleteNotification):
        log(f"elicitation {message.params.elicitation_id} completed")
        completed.add(message.params.elicitation_id)
        completion_seen.set()


async def wait_completed(ids: list[str], seconds: float) -> bool:
    global completion_seen
    with anyio.move_on_after(seconds):
        while not all(i in completed for i in ids):
            await completion_seen.wait()
            completion_seen = anyio.Event()
        return True
    return False


# --- Run -----------------------------------------------------------------------------------------
async def main() -> int:
    if not TARGET:
        log("usage: client.py SERVER-EXECUTABLE-OR-URL")
        return 2
    server: Any = TARGET if TARGET.startswith(("http://", "https://")) else StdioServerParameters(command=TARGET)
    client = Client(
        server,
        mode=MODE,
        client_info=types.Implementation(name="elicit-conform-python-sdk-adapter", version="0.1.0"),
        elicitation_callback=on_elicitation if DECLARE else None,
        message_handler=on_message,
    )
    async with client:
        log(f"connected at {client.protocol_version}")
        for attempt in (1, 2):
            try:
                result = await client.call_tool(TOOL, {})
                log(f"tool result: {result.model_dump_json(by_alias=True, exclude_none=True)[:300]}")
                break
            except MCPError as e:
                entries = (e.error.data or {}).get("elicitations") if isinstance(e.error.data, dict) else None
                if e.error.code != types.URL_ELICITATION_REQUIRED or not isinstance(entries, list):
                    log(f"tool call failed: {e.error.code} {e.error.message}")
                    break
                # A -32042 (2025-11-25): each URL is shown to the user and opened only if the user
                # accepts; when the user accepted them all, retry once they have completed (MAY).
                accepted = []
                for entry in entries:
                    if user.answer().get("action") != "accept" or not isinstance(entry, dict):
                        continue
                    await anyio.to_thread.run_sync(open_url, str(entry.get("url")))
                    accepted.append(entry.get("elicitationId"))
                if attempt == 2 or len(accepted) != len(entries) or not await wait_completed(accepted, 3.0):
                    break
            except Exception as e:  # the SDK refused the result, the round limit, a closed connection
                log(f"tool call failed: {type(e).__name__}: {e}")
                break
    return 0


if __name__ == "__main__":
    sys.exit(anyio.run(main))
