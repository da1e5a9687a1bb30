"""elicit-conform server adapter for the official MCP Python SDK 1.x (`mcp` on PyPI, the last 1.x).

A low-level `mcp.server.lowlevel.Server` (handlers registered with `@server.list_tools()` and
`@server.call_tool(validate_input=False)`) with the tools of the adapter contract
(docs/adapter-contract.md):

  elicit       {params}         form mode: `ctx.session.elicit_form(message, requestedSchema)`;
                                URL mode: `ctx.session.elicit_url(message, url, elicitation_id)`
                                (`ctx = server.request_context`)
  require_url  {elicitations}   `raise UrlElicitationRequiredError([...])`, which the SDK answers
                                as a -32042 JSON-RPC error
  complete     {elicitationId}  `ctx.session.send_elicit_complete(elicitation_id)`
  test_elicitation, test_elicitation_sep1034_defaults, test_elicitation_sep1330_enums
                                the official conformance suite's fixture tools, the same way

Tasks (2025-11-25, the SDK's experimental API): in a 2025-11-25 session (ELICIT_CONFORM_PROTOCOL_VERSION,
or over HTTP) the server calls `server.experimental.enable_tasks()` and lists `elicit` with
`execution.taskSupport` "optional"; a task-augmented call runs as `ctx.experimental.run_task(work)`,
whose work asks with `task.elicit(...)` / `task.elicit_url(...)` (the SDK moves the task to
input_required and sends the request with the task's related-task _meta over tasks/result).

The low-level Server is used because the harness hands the adapter a JSON Schema, which FastMCP's
`ctx.elicit(message, schema=Model)` cannot take (it renders a Pydantic model). An exception the
tool function raises is the SDK's `isError` result (`Server._make_error_result`). The adapter
passes the harness's params through and adds no check of its own. 1.x has no 2026-07-28 wire:
the harness's `server/discover` gets the SDK's own answer.

Usage: server.py                 stdio (`Server.run` over `stdio_server()`)
       server.py --http PORT     Streamable HTTP on 127.0.0.1 (`StreamableHTTPSessionManager` in a
                                 Starlette app under uvicorn); PORT 0 picks a free port; prints
                                 http://127.0.0.1:PORT/mcp
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from collections.abc import AsyncIterator
from typing import Any

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.shared.exceptions import McpError, UrlElicitationRequiredError
from pydantic import ValidationError

SKIP_PREFIX = "elicit-conform: SKIP: "

OFFICIAL: dict[str, dict[str, Any]] = {
    "test_elicitation": {
        "message": "Please provide your information",
        "requestedSchema": {
            "type": "object",
            "required": ["username", "email"],
            "properties": {
                "username": {"type": "string", "description": "User's response"},
                "email": {"type": "string", "description": "User's email address"},
            },
        },
    },
    "test_elicitation_sep1034_defaults": {
        "message": "Please review the pre-filled values",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "name": {"type": "string", "default": "John Doe"},
                "age": {"type": "integer", "default": 30},
                "score": {"type": "number", "default": 95.5},
                "status": {"type": "string", "enum": ["active", "inactive", "pending"], "default": "active"},
                "verified": {"type": "boolean", "default": True},
            },
        },
    },
    "test_elicitation_sep1330_enums": {
        "message": "Please pick your options",
        "requestedSchema": {
            "type": "object",
            "properties": {
                "untitledSingle": {"type": "string", "enum": ["option1", "option2", "option3"]},
                "titledSingle": {
                    "type": "string",
                    "oneOf": [
                        {"const": "value1", "title": "First Option"},
                        {"const": "value2", "title": "Second Option"},
                        {"const": "value3", "title": "Third Option"},
                    ],
                },
                "legacyEnum": {
                    "type": "string",
                    "enum": ["opt1", "opt2", "opt3"],
                    "enumNames": ["Option One", "Option Two", "Option Three"],
                },
                "untitledMulti": {"type": "array", "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
                "titledMulti": {
                    "type": "array",
                    "items": {
                        "anyOf": [
                            {"const": "value1", "title": "First Choice"},
                            {"const": "value2", "title": "Second Choice"},
                            {"const": "value3", "title": "Third Choice"},
                        ]
                    },
                },
            },
        },
    },
}

TOOLS = [
    ("elicit", "Sends elicitation/create with the given params and returns the result as JSON text.", "params"),
    ("require_url", "Fails with -32042 listing the given URL-mode elicitations.", "elicitations"),
    ("complete", "Sends notifications/elicitation/complete for an elicitationId.", "elicitationId"),
    ("test_elicitation", "Asks for a username and an email address.", "message"),
    ("test_elicitation_sep1034_defaults", "A form with a default for every primitive type.", None),
    ("test_elicitation_sep1330_enums", "A form with the five SEP-1330 enum variants.", None),
]


class ToolError(Exception):
    """Becomes a tool result with isError: the tool ran and could not do what was asked."""


def wire(model: Any) -> Any:
    return model.model_dump(by_alias=True, mode="json", exclude_none=True)


def request_params(params: Any) -> types.ElicitRequestFormParams | types.ElicitRequestURLParams:
    """The SDK's typed params for the harness's params: what `elicit_form` / `elicit_url` take."""
    if not isinstance(params, dict):
        raise ToolError("params must be an object")
    mode = params.get("mode", "form")
    try:
        if mode == "url":
            return types.ElicitRequestURLParams(
                message=params.get("message"), url=params.get("url"), elicitationId=params.get("elicitationId")
            )
        if mode == "form":
            return types.ElicitRequestFormParams(
                message=params.get("message"), requestedSchema=params.get("requestedSchema")
            )
    except ValidationError as e:
        raise ToolError(f"the SDK refused these params: {e}") from e
    raise ToolError(f"the SDK has no elicitation API for mode {mode!r}")


server: Server = Server("elicit-conform-python-sdk-v1", version="0.1.0")
# Tasks are a 2025-11-25 feature: a session the harness runs at another revision gets a server
# without them, as an application of that revision would be.
TASKS = os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSION", "2025-11-25") == "2025-11-25" and hasattr(
    server, "experimental"
)
if TASKS:
    server.experimental.enable_tasks()


async def ask(params: Any) -> types.ElicitResult:
    typed = request_params(params)
    ctx = server.request_context
    try:
        if isinstance(typed, types.ElicitRequestURLParams):
            return await ctx.session.elicit_url(
                typed.message, typed.url, typed.elicitationId, related_request_id=ctx.request_id
            )
        return await ctx.session.elicit_form(typed.message, typed.requestedSchema, related_request_id=ctx.request_id)
    except McpError as e:
        raise ToolError(f"the elicitation failed: {e.error.message}") from e


async def ask_in_task(task: Any, params: Any) -> types.CallToolResult:
    """The work of a task-augmented elicit: the SDK's task context asks (input_required meanwhile)."""
    typed = request_params(params)
    try:
        if isinstance(typed, types.ElicitRequestURLParams):
            answer = await task.elicit_url(typed.message, typed.url, typed.elicitationId)
        else:
            answer = await task.elicit(typed.message, typed.requestedSchema)
    except McpError as e:
        return types.CallToolResult(content=[types.TextContent(type="text", text=f"the elicitation failed: {e.error.message}")], isError=True)
    return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(wire(answer)))])


@server.list_tools()
async def list_tools() -> list[types.Tool]:
    def execution(name: str) -> dict[str, Any]:
        return {"execution": types.ToolExecution(taskSupport="optional")} if TASKS and name == "elicit" else {}

    return [
        types.Tool(
            name=name,
            description=text,
            inputSchema={"type": "object", "properties": {arg: {}} if arg else {}},
            **execution(name),
        )
        for name, text, arg in TOOLS
    ]


@server.call_tool(validate_input=False)
async def call_tool(name: str, arguments: dict[str, Any]) -> list[types.TextContent]:
    def text(value: str) -> list[types.TextContent]:
        return [types.TextContent(type="text", text=value)]

    if name == "elicit" and TASKS and server.request_context.experimental.is_task:
        params = arguments.get("params")
        return await server.request_context.experimental.run_task(lambda task: ask_in_task(task, params))
    if name == "elicit":
        return text(json.dumps(wire(await ask(arguments.get("params")))))
    if name == "require_url":
        entries = arguments.get("elicitations")
        try:
            elicitations = [
                types.ElicitRequestURLParams(
                    message=e.get("message"), url=e.get("url"), elicitationId=e.get("elicitationId")
                )
                for e in entries
            ]
        except (TypeError, AttributeError, ValidationError) as e:
            raise ToolError(f"the SDK refused these elicitations: {e}") from e
        raise UrlElicitationRequiredError(elicitations)
    if name == "complete":
        ctx = server.request_context
        await ctx.session.send_elicit_complete(arguments.get("elicitationId"), related_request_id=ctx.request_id)
        return text("completion sent")
    if name in OFFICIAL:
        fixture = dict(OFFICIAL[name])
        if name == "test_elicitation" and isinstance(arguments.get("message"), str):
            fixture["message"] = arguments["message"]
        answer = await ask(fixture)
        content = json.dumps(answer.content or {})
        if name == "test_elicitation":
            return text(f"User response: action={answer.action}, content={content}")
        return text(f"Elicitation completed: action={answer.action}, content={content}")
    raise ToolError(f"Unknown tool: {name}")


async def serve_stdio() -> None:
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def serve_http(port: int) -> None:
    import uvicorn
    from starlette.applications import Starlette
    from starlette.routing import Route

    from mcp.server.fastmcp.server import StreamableHTTPASGIApp

    manager = StreamableHTTPSessionManager(app=server)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with manager.run():
            yield

    # A Route, as FastMCP.streamable_http_app() does (mcp/server/fastmcp/server.py:1050): a Mount
    # answers POST /mcp with 307 to /mcp/.
    app = Starlette(routes=[Route("/mcp", endpoint=StreamableHTTPASGIApp(manager))], lifespan=lifespan)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    # Listen before the URL goes out: a client that connects between bind() and uvicorn's own
    # listen() would be refused.
    sock.listen(128)
    print(f"http://127.0.0.1:{sock.getsockname()[1]}/mcp", flush=True)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])


def main() -> int:
    args = sys.argv[1:]
    if "--http" in args:
        serve_http(int(args[args.index("--http") + 1]))
        return 0
    versions = [v for v in os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSIONS", "").split(",") if v]
    if versions:
        sys.stderr.write(SKIP_PREFIX + f"the SDK's Server has no option to support exactly {', '.join(versions)}\n")
        return 77
    anyio.run(serve_stdio)
    return 0


if __name__ == "__main__":
    sys.exit(main())
