"""elicit-conform server adapter for the official MCP Python SDK 2.x (`mcp` on PyPI).

A low-level `mcp.server.Server` (handlers as constructor parameters, `on_list_tools` and
`on_call_tool`) with the tools of the adapter contract (docs/adapter-contract.md):

  elicit       {params}         form mode: `ctx.session.elicit_form(message, requested_schema)`;
                                URL mode: `ctx.session.elicit_url(message, url, elicitation_id)`;
                                on a 2026-07-28 request: returns an `InputRequiredResult` whose
                                `input_requests` holds the `ElicitRequest`, and on the retry answers
                                with the `ElicitResult` found under the same key in
                                `params.input_responses` (the SDK's documented manual form,
                                docs/handlers/multi-round-trip.md)
  require_url  {elicitations}   `raise UrlElicitationRequiredError([...])`
  complete     {elicitationId}  `ctx.session.send_elicit_complete(elicitation_id)`
  elicit_sequence {params: [...]}
                                on a 2026-07-28 request: one `InputRequiredResult` per params, one
                                round each (key `step-N`), the answers so far carried as JSON in its
                                `request_state`, which the retry echoes: where the call stands is
                                read from the retry alone; on a 2025 revision: one `elicit_form` /
                                `elicit_url` after another
  elicit_together {params: [...]}
                                on a 2026-07-28 request: one `InputRequiredResult` with an input
                                request per params (keys `input-1`..`input-N`), asking again for
                                those a retry lacks and keeping the answers it gave as JSON in
                                `request_state`; on a 2025 revision: the elicitations at once
                                (an anyio task group)
  test_elicitation, test_elicitation_sep1034_defaults, test_elicitation_sep1330_enums
                                the official conformance suite's fixture tools, the same way

and the contract's prompt (`on_list_prompts`, `on_get_prompt`, whose handler may return an
`InputRequiredResult` as a tool's may):

  elicit_prompt {params: "<JSON text>"}
                                asks with these params as `elicit` does, then returns one user
                                message whose text is the `ElicitResult` as JSON

The low-level Server is the SDK's tier for "an exact schema (loaded from a file, generated from a
database), not one derived from a Python signature" (docs/advanced/low-level-server.md): the
harness hands the adapter a JSON Schema, which `MCPServer`'s `ctx.elicit(message, schema=Model)`
cannot take. What the SDK checks, changes or leaves out on the way is the SDK's doing: the adapter
passes the harness's params through and adds no check of its own.

Usage: server.py                 stdio (`Server.run` over `stdio_server()`)
       server.py --http PORT     Streamable HTTP on 127.0.0.1 (`Server.streamable_http_app()` under
                                 uvicorn); PORT 0 picks a free port; prints http://127.0.0.1:PORT/mcp
"""

from __future__ import annotations

import json
import os
import socket
import sys
from typing import Any

import anyio
from mcp import types
from mcp.server import Server, ServerRequestContext
from mcp.server.request_state import RequestStateBoundary, RequestStateSecurity
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError, UrlElicitationRequiredError
from mcp.types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import ValidationError

SKIP_PREFIX = "elicit-conform: SKIP: "
INPUT_KEY = "elicit"  # the key of the one input request (the server's choice)
# The tools whose `request_state` carries what decides their result (the answers so far); the
# SDK's `RequestStateBoundary` seals it (AES-256-GCM) and rejects an altered one, so their
# tools/list entries say so (docs/adapter-contract.md, "io.elicit-conform/state-protected").
STATE_PROTECTED = {"elicit_sequence", "elicit_together"}

# The official conformance suite's fixture tools, with the schemas its scenarios describe.
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
    ("elicit_sequence", "Asks with each of the given params in turn, one round each; returns the results.", "params"),
    ("elicit_together", "Asks with all of the given params at once; returns the results in order.", "params"),
    ("test_elicitation", "Asks for a username and an email address.", "message"),
    ("test_elicitation_sep1034_defaults", "A form with a default for every primitive type.", None),
    ("test_elicitation_sep1330_enums", "A form with the five SEP-1330 enum variants.", None),
]


class ToolError(Exception):
    """Becomes a tool result with is_error: the tool ran and could not do what was asked."""


def text_result(text: str, is_error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=is_error)


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
                message=params.get("message"), url=params.get("url"), elicitation_id=params.get("elicitationId")
            )
        if mode == "form":
            return types.ElicitRequestFormParams(
                message=params.get("message"), requested_schema=params.get("requestedSchema")
            )
    except ValidationError as e:
        raise ToolError(f"the SDK refused these params: {e}") from e
    raise ToolError(f"the SDK has no elicitation API for mode {mode!r}")


async def ask(ctx: ServerRequestContext, call: types.CallToolRequestParams | types.GetPromptRequestParams, params: Any):
    """The user's answer (an ElicitResult), or an InputRequiredResult on a 2026-07-28 request."""
    typed = request_params(params)
    if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
        answer = (call.input_responses or {}).get(INPUT_KEY)
        if isinstance(answer, types.ElicitResult):
            return answer
        # The first round, or a retry without an answer for our key: ask (again).
        return types.InputRequiredResult(input_requests={INPUT_KEY: types.ElicitRequest(params=typed)})
    try:
        if isinstance(typed, types.ElicitRequestURLParams):
            return await ctx.session.elicit_url(
                typed.message, typed.url, typed.elicitation_id, related_request_id=ctx.request_id
            )
        return await ctx.session.elicit_form(typed.message, typed.requested_schema, related_request_id=ctx.request_id)
    except MCPError as e:
        raise ToolError(f"the elicitation failed: {e.error.message}") from e


async def ask_many(
    ctx: ServerRequestContext, call: types.CallToolRequestParams, params: Any, together: bool
) -> list[Any] | types.InputRequiredResult:
    """The ElicitResults of every params (as wire JSON), or the InputRequiredResult of the next round.

    On 2026-07-28 nothing is kept between rounds: `elicit_sequence` carries the answers so far as
    JSON in `request_state` (the retry echoes it); `elicit_together` reads the retry's
    `input_responses` for every key, asks again for those it lacks, and carries the answers a
    partial retry gave as JSON in `request_state` (a JSON array, null where one is missing).
    """
    if not isinstance(params, list) or not params:
        raise ToolError("params must be a non-empty array")
    typed = [request_params(p) for p in params]
    responses = call.input_responses or {}
    if ctx.protocol_version in MODERN_PROTOCOL_VERSIONS:
        if together:
            keys = [f"input-{i + 1}" for i in range(len(typed))]
            try:
                kept = json.loads(call.request_state) if call.request_state is not None else [None] * len(typed)
            except ValueError:
                kept = None
            if not isinstance(kept, list) or len(kept) != len(typed) or any(
                a is not None and not isinstance(a, dict) for a in kept
            ):
                raise ToolError("the requestState is not one this call sent")
            answers = [
                wire(responses[key]) if isinstance(responses.get(key), types.ElicitResult) else kept[i]
                for i, key in enumerate(keys)
            ]
            missing = [i for i, answer in enumerate(answers) if answer is None]
            if not missing:
                return answers
            # Ask again for the missing ones alone; the answers a partial retry gave ride in
            # `request_state` (null where one is missing), which the next retry echoes.
            return types.InputRequiredResult(
                input_requests={keys[i]: types.ElicitRequest(params=typed[i]) for i in missing},
                request_state=json.dumps(answers) if len(missing) < len(answers) else None,
            )
        try:
            answers = json.loads(call.request_state) if call.request_state is not None else []
        except ValueError:
            answers = None
        if not isinstance(answers, list) or len(answers) >= len(typed):
            raise ToolError("the requestState is not one this call sent")
        answer = responses.get(f"step-{len(answers) + 1}")
        if isinstance(answer, types.ElicitResult):
            answers.append(wire(answer))
            if len(answers) == len(typed):
                return answers
        return types.InputRequiredResult(
            input_requests={f"step-{len(answers) + 1}": types.ElicitRequest(params=typed[len(answers)])},
            request_state=json.dumps(answers),
        )
    if not together:
        return [wire(await ask(ctx, call, p)) for p in params]
    results: list[Any] = [None] * len(params)
    failures: list[ToolError] = []

    async def one(i: int) -> None:
        try:
            results[i] = wire(await ask(ctx, call, params[i]))
        except ToolError as e:
            failures.append(e)

    async with anyio.create_task_group() as group:
        for i in range(len(params)):
            group.start_soon(one, i)
    if failures:
        raise failures[0]
    return results


async def list_tools(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
    return types.ListToolsResult(
        tools=[
            types.Tool(
                name=name,
                description=text,
                input_schema={"type": "object", "properties": {arg: {}} if arg else {}},
                meta={"io.elicit-conform/state-protected": True} if name in STATE_PROTECTED else None,
            )
            for name, text, arg in TOOLS
        ]
    )


async def call_tool(
    ctx: ServerRequestContext, params: types.CallToolRequestParams
) -> types.CallToolResult | types.InputRequiredResult:
    name, arguments = params.name, params.arguments or {}
    try:
        if name == "elicit":
            answer = await ask(ctx, params, arguments.get("params"))
            if isinstance(answer, types.InputRequiredResult):
                return answer
            return text_result(json.dumps(wire(answer)))
        if name in ("elicit_sequence", "elicit_together"):
            answers = await ask_many(ctx, params, arguments.get("params"), name == "elicit_together")
            if isinstance(answers, types.InputRequiredResult):
                return answers
            return text_result(json.dumps(answers))
        if name == "require_url":
            entries = arguments.get("elicitations")
            try:
                elicitations = [
                    types.ElicitRequestURLParams(
                        message=e.get("message"), url=e.get("url"), elicitation_id=e.get("elicitationId")
                    )
                    for e in entries
                ]
            except (TypeError, AttributeError, ValidationError) as e:
                raise ToolError(f"the SDK refused these elicitations: {e}") from e
            raise UrlElicitationRequiredError(elicitations)
        if name == "complete":
            await ctx.session.send_elicit_complete(arguments.get("elicitationId"), related_request_id=ctx.request_id)
            return text_result("completion sent")
        if name in OFFICIAL:
            fixture = dict(OFFICIAL[name])
            if name == "test_elicitation" and isinstance(arguments.get("message"), str):
                fixture["message"] = arguments["message"]
            answer = await ask(ctx, params, fixture)
            if isinstance(answer, types.InputRequiredResult):
                return answer
            content = json.dumps(answer.content or {})
            if name == "test_elicitation":
                return text_result(f"User response: action={answer.action}, content={content}")
            return text_result(f"Elicitation completed: action={answer.action}, content={content}")
    except ToolError as e:
        return text_result(str(e), True)
    raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown tool: {name}")


async def list_prompts(ctx: ServerRequestContext, params: types.PaginatedRequestParams | None) -> types.ListPromptsResult:
    return types.ListPromptsResult(
        prompts=[
            types.Prompt(
                name="elicit_prompt",
                description="Asks the user with the given elicitation params, then returns the answer as its message.",
                arguments=[
                    types.PromptArgument(
                        name="params", description="The JSON text of elicitation/create params.", required=True
                    )
                ],
            )
        ]
    )


async def get_prompt(
    ctx: ServerRequestContext, params: types.GetPromptRequestParams
) -> types.GetPromptResult | types.InputRequiredResult:
    """The contract's prompt: a prompt has no isError, so what fails is a JSON-RPC error."""
    if params.name != "elicit_prompt":
        raise MCPError(code=types.INVALID_PARAMS, message=f"Unknown prompt: {params.name}")
    try:
        asked = json.loads((params.arguments or {}).get("params", ""))
    except ValueError:
        asked = None
    if not isinstance(asked, dict):
        raise MCPError(
            code=types.INVALID_PARAMS, message="elicit_prompt needs params, the JSON text of elicitation params"
        )
    try:
        answer = await ask(ctx, params, asked)
    except ToolError as e:
        raise MCPError(code=types.INTERNAL_ERROR, message=str(e)) from e
    if isinstance(answer, types.InputRequiredResult):
        return answer
    text = types.TextContent(type="text", text=json.dumps(wire(answer)))
    return types.GetPromptResult(messages=[types.PromptMessage(role="user", content=text)])


server = Server(
    "elicit-conform-python-sdk",
    version="0.1.0",
    on_list_tools=list_tools,
    on_call_tool=call_tool,
    on_list_prompts=list_prompts,
    on_get_prompt=get_prompt,
)
# The low-level tier's documented way to protect `requestState` (mcp/server/request_state.py,
# `RequestStateBoundary`: "lowlevel `Server` users append one to `server.middleware`"), under the
# policy `MCPServer` installs by default: a key generated by this process.
server.middleware.append(
    RequestStateBoundary(RequestStateSecurity.ephemeral(), default_audience="elicit-conform-python-sdk")
)


async def serve_stdio() -> None:
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def serve_http(port: int) -> None:
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    # Listen before the URL goes out: a client that connects between bind() and uvicorn's own
    # listen() would be refused.
    sock.listen(128)
    app = server.streamable_http_app()
    print(f"http://127.0.0.1:{sock.getsockname()[1]}/mcp", flush=True)
    config = uvicorn.Config(app, log_level="warning")
    uvicorn.Server(config).run(sockets=[sock])


def main() -> int:
    args = sys.argv[1:]
    if "--http" in args:
        serve_http(int(args[args.index("--http") + 1]))
        return 0
    versions = [v for v in os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSIONS", "").split(",") if v]
    if versions:
        sys.stderr.write(
            SKIP_PREFIX + f"the SDK's Server has no option to support exactly {', '.join(versions)}"
            " (Server.run serves every version it knows, serve_dual_era_loop)\n"
        )
        return 77
    anyio.run(serve_stdio)
    return 0


if __name__ == "__main__":
    sys.exit(main())
