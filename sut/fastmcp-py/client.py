#!/usr/bin/env python3
"""elicit-conform's client adapter for FastMCP (`fastmcp.Client`), docs/adapter-contract.md.

Usage: client.py SERVER
  SERVER is what the harness appends: an executable to spawn as the stdio server
  (`StdioTransport`), or the URL http://127.0.0.1:PORT/mcp (`StreamableHttpTransport`).
  The environment says what to do: ELICIT_CONFORM_PROTOCOL_VERSION (the revision),
  ELICIT_CONFORM_PROTOCOL_VERSIONS (the versions to support exactly, in the cases about eras),
  ELICIT_CONFORM_CAPABILITIES (the elicitation capability to declare, or `none`),
  ELICIT_CONFORM_TOOL (the tool to call once) and ELICIT_CONFORM_USER (the scripted answers).

The Client is given an `elicitation_handler` (FastMCP's one handler for both eras: a pushed
`elicitation/create` on 2025 revisions, each input request of an InputRequiredResult on
2026-07-28, which `call_tool` retries by itself) that answers as the scripted user.
"""
from __future__ import annotations

import asyncio
import json
import os
import sys
import urllib.parse
import urllib.request
from typing import Any

MODERN = "2026-07-28"
URL_ELICITATION_REQUIRED = -32042


def skip(reason: str) -> None:
    sys.stderr.write(f"elicit-conform: SKIP: {reason}\n")
    sys.stderr.flush()
    sys.exit(77)


def log(text: str) -> None:
    sys.stderr.write(f"fastmcp-py client: {text}\n")
    sys.stderr.flush()


TARGET = sys.argv[-1] if len(sys.argv) > 1 else ""
REVISION = os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSION") or "2025-11-25"
VERSIONS = [v for v in os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSIONS", "").split(",") if v]
TOOL = os.environ.get("ELICIT_CONFORM_TOOL", "elicit")
CAPABILITIES = os.environ.get("ELICIT_CONFORM_CAPABILITIES", "none")
SCRIPT = json.loads(os.environ.get("ELICIT_CONFORM_USER") or "[]")

# The capability: mcp's ClientSession._build_capabilities declares {"form": {}, "url": {}} whenever
# an elicitation callback is set and nothing when none is (mcp/client/session.py:634-638); FastMCP
# passes its elicitation_handler through as that callback and has no setting for the modes. So the
# adapter declares what FastMCP declares: nothing for `none`, else both modes. The harness runs
# every case that does not depend on a narrower declaration and says SKIP for those that do
# (docs/adapter-contract.md, "A client under test").
DECLARE = CAPABILITIES != "none"

# The connection mode: Client(mode=...) is "legacy" (initialize at the SDK's latest handshake
# version, 2025-11-25), "auto" (server/discover, falling back to initialize) or a modern version.
if VERSIONS:
    if VERSIONS == [MODERN]:
        MODE = MODERN
    elif VERSIONS[0] == MODERN and all(v != MODERN for v in VERSIONS[1:]):
        MODE = "auto"
    else:
        skip(f"fastmcp.Client cannot be told to support exactly {','.join(VERSIONS)}")
else:
    MODE = MODERN if REVISION == MODERN else "legacy"


# Imported after the SKIP decisions above: importing fastmcp takes a second or more.
from fastmcp import Client
from fastmcp.client.elicitation import ElicitResult
from fastmcp.client.transports import StdioTransport, StreamableHttpTransport
from mcp.shared.exceptions import MCPError


class User:
    """The scripted user: one answer per elicitation shown, in order; then cancel."""

    def __init__(self, script: Any) -> None:
        self.script = list(script) if isinstance(script, list) else []

    def answer(self) -> dict[str, Any]:
        answer = self.script.pop(0) if self.script else None
        return answer if isinstance(answer, dict) else {"action": "cancel"}


user = User(SCRIPT)


def open_url(url: str) -> None:
    """"Opening" a URL the user agreed to: one GET, only on loopback (a real client hands it to
    the browser). The SDK leaves opening a URL to the application."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or parts.hostname not in ("127.0.0.1", "localhost"):
        log(f"would open {url} in the browser")
        return
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        opener.open(url, timeout=2).close()
    except OSError as e:
        log(f"opening {url}: {e}")


async def elicitation_handler(message: str, response_type: type | None, params: Any, context: Any) -> ElicitResult:
    answer = user.answer()
    action = answer.get("action", "cancel")
    if getattr(params, "mode", "form") == "url":
        if action == "accept":
            await asyncio.to_thread(open_url, params.url)
        return ElicitResult(action=action)
    if action != "accept":
        return ElicitResult(action=action)
    if "content" in answer:
        return ElicitResult(action="accept", content=answer["content"])
    # Accepted as pre-filled: the dataclass FastMCP built from the schema, with its defaults.
    return ElicitResult(action="accept", content=response_type() if response_type is not None else None)


completed: set[str] = set()


async def message_handler(message: Any) -> None:
    """Notes notifications/elicitation/complete (for the retry after -32042)."""
    root = getattr(message, "root", message)
    if getattr(root, "method", None) == "notifications/elicitation/complete":
        completed.add(root.params.elicitation_id)


async def url_required(error: MCPError) -> bool:
    """A -32042: each listed URL elicitation is shown to the user, opened only with consent.
    True when every one was accepted (then the call is worth retrying)."""
    entries = (error.error.data or {}).get("elicitations") if isinstance(error.error.data, dict) else None
    all_accepted = bool(entries)
    for entry in entries or []:
        answer = user.answer()
        if answer.get("action") == "accept" and isinstance(entry, dict) and isinstance(entry.get("url"), str):
            await asyncio.to_thread(open_url, entry["url"])
        else:
            all_accepted = False
    if all_accepted:
        ids = {e.get("elicitationId") for e in entries if isinstance(e, dict)}
        for _ in range(30):  # the spec lets a client wait for the completions before retrying
            if ids <= completed:
                break
            await asyncio.sleep(0.1)
    return all_accepted


async def main() -> int:
    if TARGET.startswith(("http://", "https://")):
        transport: Any = StreamableHttpTransport(TARGET)
    else:
        transport = StdioTransport(command=TARGET, args=[])
    client = Client(transport, mode=MODE, elicitation_handler=elicitation_handler if DECLARE else None,
                    message_handler=message_handler)
    async with client:
        for attempt in range(2):
            try:
                result = await client.call_tool(TOOL, {}, raise_on_error=False)
            except MCPError as e:
                if e.error.code == URL_ELICITATION_REQUIRED and attempt == 0 and await url_required(e):
                    continue
                log(f"tools/call {TOOL}: {e.error.code} {e.error.message}")
                return 0
            log(f"tools/call {TOOL}: {'isError ' if result.is_error else ''}{result.content!r}"[:400])
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
