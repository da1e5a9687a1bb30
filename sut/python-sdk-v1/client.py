"""elicit-conform client adapter for the official MCP Python SDK 1.x (`mcp` on PyPI, the last 1.x).

A `mcp.ClientSession` with an `elicitation_callback` over `stdio_client` or
`streamable_http_client`: it initializes, calls ELICIT_CONFORM_TOOL once and exits 0 after the
result. The callback is the "user interface": it answers with the scripted user of
ELICIT_CONFORM_USER, one answer per elicitation shown, and cancels once the script is used up
(docs/adapter-contract.md).

Last argument: an http:// URL (Streamable HTTP) or the path of an executable to spawn as the stdio
server.

The revision (ELICIT_CONFORM_PROTOCOL_VERSION): a 2025 revision runs the SDK's initialize, which
always offers `types.LATEST_PROTOCOL_VERSION` (2025-11-25) and takes the server's counter-offer;
2026-07-28 is SKIP-REVISION: 1.x has no such wire (SUPPORTED_PROTOCOL_VERSIONS,
mcp/shared/version.py).

Capabilities (ELICIT_CONFORM_CAPABILITIES): `ClientSession.initialize()` declares elicitation as
exactly `{"form": {}, "url": {}}` whenever an `elicitation_callback` is given, and not at all
without one (mcp/client/session.py); it has no option for a subset. So the adapter declares what
the SDK declares: nothing for `none`, both modes for any other object (`{}`, `{"form": {}}`,
`{"url": {}}`), through the public API only (the SDK's own `initialize()`). The harness runs every
case that sends no elicitation in a mode it did not ask for and says SKIP for the cases about a
mode the client must not have declared (docs/adapter-contract.md, "A client under test"). The
callback answers every elicitation as the SDK's user code would. Everything else is the SDK's.

Tasks (2025-11-25): when ELICIT_CONFORM_TASKS names requests.elicitation.create, the session gets the
SDK's `ExperimentalTaskHandlers` with `augmented_elicitation`, `get_task` and `get_task_result`
(the SDK declares the capability from the handlers given). The SDK 1.x keeps no tasks of its own on
the client side, so these handlers are the application's: the callback's answer becomes the result
of a task kept in a dict, tasks/get gives its state and tasks/result the answer with the
related-task _meta.
"""

from __future__ import annotations

import datetime
import json
import os
import secrets
import sys
import urllib.parse
import urllib.request
from typing import Any

import anyio
import mcp.types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.context import RequestContext
from mcp.shared.exceptions import McpError
from mcp.shared.version import SUPPORTED_PROTOCOL_VERSIONS

SKIP_STATUS = 77


def log(text: str) -> None:
    sys.stderr.write(f"python-sdk-v1 client: {text}\n")
    sys.stderr.flush()


def skip(reason: str, revision: bool = False) -> None:
    sys.stderr.write(f"elicit-conform: {'SKIP-REVISION' if revision else 'SKIP'}: {reason}\n")
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
REVISION = os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSION") or types.LATEST_PROTOCOL_VERSION
VERSIONS = [v for v in os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSIONS", "").split(",") if v]
TOOL = os.environ.get("ELICIT_CONFORM_TOOL", "elicitation_case")
DECLARED_RAW = os.environ.get("ELICIT_CONFORM_CAPABILITIES", "none")
# ClientSession.initialize() declares {"form": {}, "url": {}} whenever the session has an
# elicitation_callback and nothing without one (mcp/client/session.py): the adapter declares that.
DECLARE = DECLARED_RAW != "none"
SCRIPT = json_env("ELICIT_CONFORM_USER", [])
TASKS_RAW = os.environ.get("ELICIT_CONFORM_TASKS", "none")
TASKS = json_env("ELICIT_CONFORM_TASKS", {}) if TASKS_RAW != "none" else None
DECLARE_TASKS = isinstance(TASKS, dict) and isinstance(
    TASKS.get("requests", {}).get("elicitation", {}).get("create"), dict
)

if REVISION not in SUPPORTED_PROTOCOL_VERSIONS:
    skip(f"the SDK 1.x speaks {', '.join(SUPPORTED_PROTOCOL_VERSIONS)} only (mcp/shared/version.py)", revision=True)
if VERSIONS and any(v not in SUPPORTED_PROTOCOL_VERSIONS for v in VERSIONS):
    skip(f"the SDK 1.x cannot support exactly {', '.join(VERSIONS)}")


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
    context: RequestContext[ClientSession, Any], params: types.ElicitRequestParams
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
        content = prefilled(params.requestedSchema)
    return types.ElicitResult(action="accept", content=content)


# --- Tasks: task-augmented elicitation/create, run by the application --------------------------
client_tasks: dict[str, tuple[types.Task, types.ElicitResult]] = {}


async def on_task_elicitation(
    context: RequestContext[ClientSession, Any], params: types.ElicitRequestParams, task_metadata: types.TaskMetadata
) -> types.CreateTaskResult:
    now = datetime.datetime.now(datetime.timezone.utc)
    task = types.Task(
        taskId=secrets.token_hex(16), status="working", createdAt=now, lastUpdatedAt=now,
        ttl=task_metadata.ttl if task_metadata.ttl is not None else 60000, pollInterval=100,
    )
    created = task.model_copy()
    answer = await on_elicitation(context, params)
    client_tasks[task.taskId] = (task.model_copy(update={"status": "completed"}), answer)
    return types.CreateTaskResult(task=created)


async def on_get_task(context: Any, params: types.GetTaskRequestParams) -> types.GetTaskResult | types.ErrorData:
    if params.taskId not in client_tasks:
        return types.ErrorData(code=types.INVALID_PARAMS, message="Failed to retrieve task: Task not found")
    task, _ = client_tasks[params.taskId]
    return types.GetTaskResult(**task.model_dump())


async def on_get_task_result(
    context: Any, params: types.GetTaskPayloadRequestParams
) -> types.GetTaskPayloadResult | types.ErrorData:
    if params.taskId not in client_tasks:
        return types.ErrorData(code=types.INVALID_PARAMS, message="Failed to retrieve task: Task not found")
    _, answer = client_tasks[params.taskId]
    return types.GetTaskPayloadResult(
        **wire_answer(answer), _meta={"io.modelcontextprotocol/related-task": {"taskId": params.taskId}}
    )


def wire_answer(answer: types.ElicitResult) -> dict[str, Any]:
    return answer.model_dump(by_alias=True, mode="json", exclude_none=True)


def task_handlers() -> Any:
    if not DECLARE_TASKS:
        return None
    try:
        from mcp.client.experimental.task_handlers import ExperimentalTaskHandlers
    except ImportError:
        skip("the SDK has no experimental task handlers (mcp.client.experimental)")
    return ExperimentalTaskHandlers(
        augmented_elicitation=on_task_elicitation, get_task=on_get_task, get_task_result=on_get_task_result
    )


async def on_message(message: Any) -> None:
    # notifications/elicitation/complete (2025-11-25): the application updates its UI; here a line
    # on stderr, and the -32042 retry below waits for it.
    root = getattr(message, "root", None)
    if isinstance(root, types.ElicitCompleteNotification):
        log(f"elicitation {root.params.elicitationId} completed")
        completed.add(root.params.elicitationId)
        completion_seen.set()


async def wait_completed(ids: list[Any], seconds: float) -> bool:
    global completion_seen
    with anyio.move_on_after(seconds):
        while not all(i in completed for i in ids):
            await completion_seen.wait()
            completion_seen = anyio.Event()
        return True
    return False


async def call_once(session: ClientSession) -> None:
    for attempt in (1, 2):
        try:
            result = await session.call_tool(TOOL, {})
            log(f"tool result: {result.model_dump_json(by_alias=True, exclude_none=True)[:300]}")
            return
        except McpError as e:
            data = e.error.data
            entries = data.get("elicitations") if isinstance(data, dict) else None
            if e.error.code != types.URL_ELICITATION_REQUIRED or not isinstance(entries, list):
                log(f"tool call failed: {e.error.code} {e.error.message}")
                return
            # A -32042 (2025-11-25): each URL is shown to the user and opened only if the user
            # accepts; when the user accepted them all, retry once they have completed (MAY).
            accepted = []
            for entry in entries:
                if user.answer().get("action") != "accept" or not isinstance(entry, dict):
                    continue
                await anyio.to_thread.run_sync(open_url, str(entry.get("url")))
                accepted.append(entry.get("elicitationId"))
            if attempt == 2 or len(accepted) != len(entries) or not await wait_completed(accepted, 3.0):
                return
        except Exception as e:  # the SDK refused the result, a closed connection
            log(f"tool call failed: {type(e).__name__}: {e}")
            return


async def run(read_stream: Any, write_stream: Any) -> None:
    async with ClientSession(
        read_stream,
        write_stream,
        elicitation_callback=on_elicitation if DECLARE else None,
        message_handler=on_message,
        **({"experimental_task_handlers": task_handlers()} if DECLARE_TASKS else {}),
        client_info=types.Implementation(name="elicit-conform-python-sdk-v1-adapter", version="0.1.0"),
    ) as session:
        result = await session.initialize()
        log(f"connected at {result.protocolVersion}")
        await call_once(session)


async def main() -> int:
    if not TARGET:
        log("usage: client.py SERVER-EXECUTABLE-OR-URL")
        return 2
    if TARGET.startswith(("http://", "https://")):
        async with streamable_http_client(TARGET) as (read_stream, write_stream, _):
            await run(read_stream, write_stream)
    else:
        async with stdio_client(StdioServerParameters(command=TARGET)) as (read_stream, write_stream):
            await run(read_stream, write_stream)
    return 0


if __name__ == "__main__":
    sys.exit(anyio.run(main))
