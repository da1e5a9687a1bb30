#!/usr/bin/env python3
"""elicit-conform's server adapter for FastMCP (the `fastmcp` package), docs/adapter-contract.md.

A `FastMCP` server with the contract's tools, written as FastMCP's documentation tells a user to:

  elicit       {params}         ask the user with these params: on a handshake-era connection
                                (2025-06-18, 2025-11-25) `await ctx.elicit(message, response_type)`
                                for a form and `ctx.session.elicit_url(...)` for a URL (FastMCP's
                                Context has no URL-mode method); on a 2026-07-28 request the guard
                                pattern: return an `InputRequiredResult` and read
                                `ctx.input_responses` when the client retries
  require_url  {elicitations}   raise `UrlElicitationRequiredError` (JSON-RPC -32042)
  complete     {elicitationId}  `ctx.session.send_elicit_complete(id)`
  elicit_sequence {params: [...]}
                                2026-07-28: the guard pattern one params per round (key `step-N`),
                                the answers so far as JSON in `InputRequiredResult.request_state`,
                                read back from `ctx.request_state`; 2025: one ask after another
  elicit_together {params: [...]}
                                2026-07-28: one InputRequiredResult with a key per params
                                (`input-N`), asking again for those the retry lacks, the answers it
                                gave kept as JSON in `request_state`; 2025: the asks at once
                                (asyncio.gather)
  test_elicitation, test_elicitation_sep1034_defaults, test_elicitation_sep1330_enums

`ctx.elicit()` takes a Python type, never a JSON Schema: see `schema_model()` and README.md.

Usage: server.py                 stdio (mcp.run())
       server.py --http PORT     Streamable HTTP on 127.0.0.1:PORT (0: any free port); prints the
                                 URL http://127.0.0.1:PORT/mcp on a line of its own
"""
from __future__ import annotations

import asyncio
import json
import os
import socket
import sys
from datetime import date, datetime
from typing import Annotated, Any, Literal

from fastmcp import Context, FastMCP
from fastmcp.exceptions import PromptError, ToolError
from fastmcp.server.elicitation import handle_elicit_accept, parse_elicit_response_type
from mcp.shared.exceptions import UrlElicitationRequiredError
from mcp.types import (
    ElicitRequest,
    ElicitRequestFormParams,
    ElicitRequestURLParams,
    ElicitResult,
    InputRequiredResult,
)
from pydantic import (
    AfterValidator,
    AnyUrl,
    ConfigDict,
    EmailStr,
    Field,
    TypeAdapter,
    ValidationError,
    create_model,
)

MODERN = "2026-07-28"
KEY = "elicit"  # the adapter's key in InputRequiredResult.input_requests

versions = [v for v in os.environ.get("ELICIT_CONFORM_PROTOCOL_VERSIONS", "").split(",") if v]
if versions:
    # FastMCP serves every revision it knows from one server and has no setting that narrows them.
    sys.stderr.write("elicit-conform: SKIP: FastMCP has no setting for the protocol versions a server "
                     f"supports (asked to support exactly {','.join(versions)})\n")
    sys.exit(77)

mcp = FastMCP("elicit-conform-fastmcp-py")

# ---------------------------------------------------------------------------------------------
# A JSON Schema as the Python type ctx.elicit() takes.

# The annotations a FastMCP user writes (pydantic's default, lax mode). "number" is `int | float`
# rather than `float` only so that an integer answer is returned as the integer it was (`float` would
# report 3 as 3.0); both accept the same inputs.
_SCALARS = {"string": str, "integer": int, "number": int | float, "boolean": bool}


def _check_format(kind: Any) -> Any:
    """A validator for a string `format`: the pydantic type a user writes for it (EmailStr,
    AnyUrl, date, datetime) judges the string, which is kept as the client sent it."""
    checker = TypeAdapter(kind)

    def check(value: str) -> str:
        checker.validate_python(value)
        return value
    return AfterValidator(check)


_FORMATS = {"email": EmailStr, "uri": AnyUrl, "date": date, "date-time": datetime}


def _field_type(prop: Any) -> Any:
    """The Python type of one property of a requestedSchema (Any when there is none)."""
    if not isinstance(prop, dict):
        return Any
    if isinstance(prop.get("enum"), list) and prop["enum"]:
        return Literal[tuple(prop["enum"])]
    choices = prop.get("oneOf") or prop.get("anyOf")
    if isinstance(choices, list) and choices and all(isinstance(c, dict) and "const" in c for c in choices):
        return Literal[tuple(c["const"] for c in choices)]
    if prop.get("type") == "array":
        return list[_field_type(prop.get("items"))]
    if prop.get("type") == "string" and prop.get("format") in _FORMATS:
        return Annotated[str, _check_format(_FORMATS[prop["format"]])]
    return _SCALARS.get(prop.get("type"), Any)


def _constraints(prop: Any) -> dict[str, Any]:
    """pydantic Field constraints for the JSON Schema keywords that have one."""
    if not isinstance(prop, dict):
        return {}
    names = {"minLength": "min_length", "maxLength": "max_length", "minItems": "min_length",
             "maxItems": "max_length", "minimum": "ge", "maximum": "le", "pattern": "pattern"}
    return {py: prop[js] for js, py in names.items() if js in prop and not isinstance(prop[js], bool)}


def schema_model(schema: Any) -> type:
    """A pydantic model for a requestedSchema, as a FastMCP user writes one for `response_type`:
    a field per property, of the property's type (Literal for enums, list[...] for arrays),
    required as `required` says, with its default and constraints. Its JSON Schema is the
    requested schema itself (pydantic's `json_schema_extra` hook), so what reaches the wire is
    what FastMCP makes of that schema (`get_elicitation_schema`: `compress_schema`, then
    `validate_elicitation_json_schema`), not pydantic's regeneration of it."""
    schema = schema if isinstance(schema, dict) else {}
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    required = schema.get("required") if isinstance(schema.get("required"), list) else []
    fields: dict[str, Any] = {}
    for name, prop in props.items():
        kind = _field_type(prop)
        if name in required:
            default = ...
        elif isinstance(prop, dict) and "default" in prop:
            default = prop["default"]
        else:
            kind, default = kind | None, None
        fields[name] = (Annotated[kind, Field(**_constraints(prop))], default)

    def as_requested(js: dict[str, Any], _cls: type) -> None:
        js.clear()
        js.update(json.loads(json.dumps(schema)))

    config = ConfigDict(json_schema_extra=as_requested)
    return create_model("RequestedSchema", __config__=config, **_aliased(fields))


def _aliased(fields: dict[str, Any]) -> dict[str, Any]:
    """Property names as pydantic field names; one that pydantic cannot take as an attribute
    gets a placeholder name with the property name as its alias."""
    out: dict[str, Any] = {}
    for i, (name, (kind, default)) in enumerate(fields.items()):
        if name.isidentifier() and not name.startswith("_") and name not in ("model_config", "schema"):
            out[name] = (kind, default)
        else:
            out[f"field_{i}"] = (kind, Field(default, alias=name))
    return out


def _dump(data: Any) -> Any:
    """The accepted content as JSON (by the property names the client used)."""
    if hasattr(data, "model_dump"):
        return data.model_dump(mode="json", by_alias=True, exclude_unset=True)
    return data


# ---------------------------------------------------------------------------------------------
# elicit


def _modern(ctx: Context) -> bool:
    rc = ctx.request_context
    return rc is not None and rc.protocol_version == MODERN


async def ask(ctx: Context, params: Any) -> dict[str, Any] | InputRequiredResult:
    """The ElicitResult the user gave for `params` (as JSON), or on 2026-07-28 the
    InputRequiredResult that asks for it."""
    if not isinstance(params, dict):
        raise ToolError("params must be an object")
    mode = params.get("mode", "form")
    if _modern(ctx):
        return await ask_modern(ctx, params, mode)
    if mode == "url":
        result = await ctx.session.elicit_url(message=params.get("message"), url=params.get("url"),
                                              elicitation_id=params.get("elicitationId"),
                                              related_request_id=ctx.request_id)
        return result.model_dump(mode="json", by_alias=True, exclude_none=True)
    model = schema_model(params.get("requestedSchema"))
    try:
        result = await ctx.elicit(params.get("message"), response_type=model)
    except ValidationError as e:
        raise ToolError(f"the client's content does not match the requested schema: {e}") from e
    if result.action == "accept":
        return {"action": "accept", "content": _dump(result.data)}
    return {"action": result.action}


async def ask_modern(ctx: Context, params: dict[str, Any], mode: str) -> dict[str, Any] | InputRequiredResult:
    """The guard pattern of FastMCP's documentation ("Elicitation on the modern protocol")."""
    responses = ctx.input_responses
    answer = responses.get(KEY) if responses else None
    if answer is None:
        return InputRequiredResult(result_type="input_required", input_requests={KEY: _request(params, mode)})
    return _checked(params, mode, answer)


def _request(params: dict[str, Any], mode: str) -> ElicitRequest:
    """The input request that asks with `params`."""
    if mode == "url":
        request_params = ElicitRequestURLParams.model_validate(params)
    else:
        request_params = ElicitRequestFormParams.model_validate(params)
    return ElicitRequest(method="elicitation/create", params=request_params)


def _checked(params: dict[str, Any], mode: str, answer: Any) -> dict[str, Any]:
    """The client's answer to `params` as JSON, an accepted form validated as ctx.elicit() would."""
    result = answer.model_dump(mode="json", by_alias=True, exclude_none=True)
    if mode != "url" and result.get("action") == "accept":
        # FastMCP validates nothing a guard reads; its own validation of ctx.elicit() is
        # handle_elicit_accept(parse_elicit_response_type(model), content), which a guard can call.
        config = parse_elicit_response_type(schema_model(params.get("requestedSchema")))
        try:
            handle_elicit_accept(config, result.get("content"))
        except (ValidationError, ValueError) as e:
            raise ToolError(f"the client's content does not match the requested schema: {e}") from e
    return result


def _is_elicit_result(answer: Any) -> bool:
    return isinstance(answer, ElicitResult)


async def ask_many(ctx: Context, params: Any, together: bool) -> list[dict[str, Any]] | InputRequiredResult:
    """The ElicitResults for every params in order, or on 2026-07-28 the InputRequiredResult of the
    next round: the guard pattern with several keys, the answers a partial retry gave kept in
    `request_state` (elicit_together), or one key per round and the answers so far in
    `request_state` (elicit_sequence); both read back from `ctx.request_state`."""
    if not isinstance(params, list) or not params or not all(isinstance(p, dict) for p in params):
        raise ToolError("params must be a non-empty array of objects")
    modes = [p.get("mode", "form") for p in params]
    if not _modern(ctx):
        if together:
            return list(await asyncio.gather(*(ask(ctx, p) for p in params)))
        return [await ask(ctx, p) for p in params]
    responses = ctx.input_responses or {}
    if together:
        keys = [f"input-{i + 1}" for i in range(len(params))]
        try:
            kept = json.loads(ctx.request_state) if ctx.request_state is not None else [None] * len(params)
        except ValueError:
            kept = None
        if (not isinstance(kept, list) or len(kept) != len(params)
                or any(a is not None and not isinstance(a, dict) for a in kept)):
            raise ToolError("the requestState is not one this call sent")
        answers = [_checked(p, m, responses[k]) if _is_elicit_result(responses.get(k)) else a
                   for p, m, k, a in zip(params, modes, keys, kept)]
        missing = [i for i, answer in enumerate(answers) if answer is None]
        if missing:
            # Ask again for the missing ones alone; the answers given so far ride in
            # `request_state` (null where one is missing), which the next retry echoes.
            return InputRequiredResult(result_type="input_required",
                                       input_requests={keys[i]: _request(params[i], modes[i]) for i in missing},
                                       request_state=json.dumps(answers) if len(missing) < len(answers) else None)
        return answers
    try:
        answers = json.loads(ctx.request_state) if ctx.request_state is not None else []
    except ValueError:
        answers = None
    if not isinstance(answers, list) or len(answers) >= len(params):
        raise ToolError("the requestState is not one this call sent")
    step = len(answers)
    answer = responses.get(f"step-{step + 1}")
    if _is_elicit_result(answer):
        answers.append(_checked(params[step], modes[step], answer))
        if len(answers) == len(params):
            return answers
    return InputRequiredResult(result_type="input_required",
                               input_requests={f"step-{len(answers) + 1}": _request(params[len(answers)],
                                                                                    modes[len(answers)])},
                               request_state=json.dumps(answers))


@mcp.tool
async def elicit(params: dict[str, Any], ctx: Context) -> str | InputRequiredResult:
    """Sends elicitation/create with the given params and returns the result as JSON text."""
    result = await ask(ctx, params)
    if isinstance(result, InputRequiredResult):
        return result
    return json.dumps(result)


# FastMCP seals every `request_state` (its `RequestStateBoundary`, AES-256-GCM under an ephemeral
# key unless `request_state_security=` names one: fastmcp/server/low_level.py:509-521) and rejects an
# altered one; the two tools whose state carries the answers so far say so in their tools/list
# entry (docs/adapter-contract.md, "io.elicit-conform/state-protected").
STATE_PROTECTED = {"io.elicit-conform/state-protected": True}


@mcp.tool(meta=STATE_PROTECTED)
async def elicit_sequence(params: list[dict[str, Any]], ctx: Context) -> str | InputRequiredResult:
    """Asks with each of the given params in turn, one round each; returns the results."""
    results = await ask_many(ctx, params, together=False)
    return results if isinstance(results, InputRequiredResult) else json.dumps(results)


@mcp.tool(meta=STATE_PROTECTED)
async def elicit_together(params: list[dict[str, Any]], ctx: Context) -> str | InputRequiredResult:
    """Asks with all of the given params at once; returns the results in order."""
    results = await ask_many(ctx, params, together=True)
    return results if isinstance(results, InputRequiredResult) else json.dumps(results)


@mcp.prompt
async def elicit_prompt(params: str, ctx: Context) -> str | InputRequiredResult:
    """Asks the user with the given elicitation params (their JSON text), then returns the answer as
    its message: the contract's prompt, a prompt body returning an InputRequiredResult on 2026-07-28
    as a tool's does (FastMCP wraps it, fastmcp/prompts/base.py `InputRequiredPromptResult`)."""
    try:
        asked = json.loads(params)
    except ValueError:
        asked = None
    if not isinstance(asked, dict):
        raise PromptError("elicit_prompt needs params, the JSON text of elicitation params")
    try:
        result = await ask(ctx, asked)
    except ToolError as e:
        raise PromptError(str(e)) from e
    return result if isinstance(result, InputRequiredResult) else json.dumps(result)


@mcp.tool
async def require_url(elicitations: list[dict[str, Any]], ctx: Context) -> str:
    """Fails with -32042 listing the given URL-mode elicitations."""
    if _modern(ctx):
        raise ToolError("elicit-conform: SKIP: -32042 does not exist in 2026-07-28")
    raise UrlElicitationRequiredError([ElicitRequestURLParams.model_validate(e) for e in elicitations])


@mcp.tool
async def complete(elicitationId: str, ctx: Context) -> str:
    """Sends notifications/elicitation/complete for an elicitationId."""
    await ctx.session.send_elicit_complete(elicitationId, related_request_id=ctx.request_id)
    return "completion sent"


# The official conformance suite's fixture tools, with the schemas its scenarios describe.
FIXTURES = {
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


def _summary(prefix: str, result: dict[str, Any]) -> str:
    return f"{prefix}: action={result['action']}, content={json.dumps(result.get('content', {}))}"


@mcp.tool
async def test_elicitation(ctx: Context, message: str = "Please provide your information") -> str | InputRequiredResult:
    """Asks for a username and an email address."""
    result = await ask(ctx, {"message": message, "requestedSchema": {
        "type": "object", "required": ["username", "email"], "properties": {
            "username": {"type": "string", "description": "User's response"},
            "email": {"type": "string", "description": "User's email address"}}}})
    return result if isinstance(result, InputRequiredResult) else _summary("User response", result)


@mcp.tool
async def test_elicitation_sep1034_defaults(ctx: Context) -> str | InputRequiredResult:
    """A form with a default for every primitive type."""
    result = await ask(ctx, FIXTURES["test_elicitation_sep1034_defaults"])
    return result if isinstance(result, InputRequiredResult) else _summary("Elicitation completed", result)


@mcp.tool
async def test_elicitation_sep1330_enums(ctx: Context) -> str | InputRequiredResult:
    """A form with the five SEP-1330 enum variants."""
    result = await ask(ctx, FIXTURES["test_elicitation_sep1330_enums"])
    return result if isinstance(result, InputRequiredResult) else _summary("Elicitation completed", result)


def serve_http(port: int) -> None:
    """Streamable HTTP: FastMCP's ASGI app (mcp.http_app()) under uvicorn on a socket bound here,
    so that port 0 works and the URL can be printed before the first request."""
    import uvicorn
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    # Listen before the URL goes out: a client that connects between bind() and uvicorn's own
    # listen() would be refused.
    sock.listen(128)
    print(f"http://127.0.0.1:{sock.getsockname()[1]}/mcp", flush=True)
    server = uvicorn.Server(uvicorn.Config(mcp.http_app(path="/mcp"), log_level="warning"))
    server.run(sockets=[sock])


def main() -> None:
    if "--http" in sys.argv:
        serve_http(int(sys.argv[sys.argv.index("--http") + 1]))
    else:
        mcp.run(show_banner=False, log_level="WARNING")


if __name__ == "__main__":
    main()
