#!/usr/bin/python3
"""Generates the seed corpora of the fuzz targets: corpus/<target>/seed-*.

Seeds come from three places: the JSON examples of the spec pages and SEPs
(harness/tests/data/spec-examples/), the case files (cases/), and the hand-written edge cases
below. The output is deterministic: the same sources give the same files, byte for byte.
This script owns the files named seed-*: it deletes them all and writes them again. Inputs a
campaign added (named by their SHA-1, as libFuzzer names them) and crash-* reproducers are
left alone.

    /usr/bin/python3 scripts/gen-fuzz-corpus.py [--minimize] [target ...]

--minimize then runs scripts/fuzz.sh --minimize on the same targets (libFuzzer -merge=1 into
a fresh folder; only inputs that add coverage stay; needs the `fuzz` preset built).
"""
import argparse
import base64
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "harness" / "tests" / "data" / "spec-examples"
CASES = ROOT / "cases"
CORPUS = ROOT / "corpus"
REVISIONS = ["2025-06-18", "2025-11-25"]


def dumps(value):
    """Compact, stable JSON (key order as written, UTF-8 kept)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def rpc(body, ident=1):
    """A JSON-RPC 2.0 message around a case's send/reply body (the harness adds these)."""
    message = {"jsonrpc": "2.0"}
    if ident is not None:
        message["id"] = ident
    message.update(body)
    return message


def create(params, ident=1):
    return rpc({"method": "elicitation/create", "params": params}, ident)


# ---------------------------------------------------------------- sources

def spec_files(kind):
    """(revision, stem, bytes) of every spec example of a kind: messages, schemas, properties."""
    out = []
    for revision in REVISIONS:
        folder = SPEC / kind / revision
        if folder.is_dir():
            for path in sorted(folder.glob("*.json")):
                out.append((revision, path.stem, path.read_bytes()))
    return out


def case_files():
    out = []
    for path in sorted(CASES.rglob("*.json")):
        rel = path.relative_to(CASES)
        if rel.parts[0] == "requirements" or path.name == "case.schema.json":
            continue
        out.append((str(rel.with_suffix("")).replace(os.sep, "-"), path.read_bytes()))
    return out


def walk(value):
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from walk(v)


def case_documents():
    docs = []
    for name, data in case_files():
        try:
            docs.append((name, json.loads(data)))
        except ValueError:
            pass  # a case being edited: the loader target still gets its bytes
    return docs


def case_elicit_params():
    """Every elicitation/create params object the cases contain (sent, expected, in tool args)."""
    out = []
    for name, doc in case_documents():
        n = 0
        for v in walk(doc):
            if isinstance(v, dict) and ("requestedSchema" in v or "elicitationId" in v and "url" in v):
                if not any(isinstance(x, dict) and "$capture" in x for x in v.values()):
                    out.append((f"{name}-{n}", v))
                    n += 1
    return out


def case_messages():
    """Every send and reply body of the cases, as the JSON-RPC message that goes on the wire."""
    out = []
    for name, doc in case_documents():
        for i, step in enumerate(doc.get("steps", []) if isinstance(doc, dict) else []):
            if not isinstance(step, dict):
                continue
            if isinstance(step.get("send"), dict):
                out.append((f"{name}-{i}", rpc(step["send"], i + 1)))
            if isinstance(step.get("reply"), dict):
                out.append((f"{name}-{i}", rpc(step["reply"], i + 1)))
    return out


def spec_schemas():
    """requestedSchema examples: whole schemas, single properties wrapped, and from messages."""
    out = []
    for revision, stem, data in spec_files("schemas"):
        out.append((f"spec-{revision}-{stem}", json.loads(data)))
    for revision, stem, data in spec_files("properties"):
        out.append((f"spec-{revision}-{stem}", {"type": "object", "properties": {"p": json.loads(data)}}))
    for revision, stem, data in spec_files("messages"):
        for v in walk(json.loads(data)):
            if isinstance(v, dict) and isinstance(v.get("requestedSchema"), dict):
                out.append((f"spec-{revision}-{stem}", v["requestedSchema"]))
    for name, params in case_elicit_params():
        if isinstance(params.get("requestedSchema"), dict):
            out.append((f"case-{name}", params["requestedSchema"]))
    return out


def spec_contents():
    """ElicitResult.content examples of the spec."""
    out = []
    for revision, stem, data in spec_files("messages"):
        for v in walk(json.loads(data)):
            if isinstance(v, dict) and v.get("action") == "accept" and isinstance(v.get("content"), dict):
                out.append((f"spec-{revision}-{stem}", v["content"]))
    return out


# ---------------------------------------------------------------- hand-written edge cases

def S(**properties):
    return {"type": "object", "properties": properties}


EDGE_SCHEMAS = {
    "all-types": {"type": "object", "properties": {
        "s": {"type": "string", "title": "S", "description": "d", "minLength": 1, "maxLength": 5, "default": "abc"},
        "n": {"type": "number", "minimum": -1.5, "maximum": 2.5, "default": 0.5},
        "i": {"type": "integer", "minimum": 1, "maximum": 10, "default": 3},
        "b": {"type": "boolean", "default": True}}, "required": ["s", "i"]},
    "formats": S(e={"type": "string", "format": "email"}, u={"type": "string", "format": "uri"},
                 d={"type": "string", "format": "date"}, t={"type": "string", "format": "date-time"}),
    "format-unknown": S(h={"type": "string", "format": "hostname"}),
    "pattern": S(p={"type": "string", "pattern": "^[A-Za-z]+$", "default": "abc"}),
    "pattern-lookahead": S(p={"type": "string", "pattern": "(?=a)a"}),
    "pattern-invalid": S(p={"type": "string", "pattern": "(a"}),
    "enum-untitled": S(c={"type": "string", "enum": ["red", "green"], "default": "red"}),
    "enum-legacy": S(c={"type": "string", "enum": ["r", "g"], "enumNames": ["Red", "Green"]}),
    "enum-titled": S(c={"type": "string", "oneOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"}]}),
    "enum-titled-anyof": S(c={"type": "string", "anyOf": [{"const": "r", "title": "Red"}]}),
    "multi-untitled": S(m={"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]},
                           "minItems": 1, "maxItems": 2, "default": ["a"]}),
    "multi-titled": S(m={"type": "array", "items": {"anyOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]}}),
    "multi-oneof": S(m={"type": "array", "items": {"oneOf": [{"const": "a", "title": "A"}]}}),
    "enum-empty": S(c={"type": "string", "enum": []}),
    "enum-duplicate": S(c={"type": "string", "enum": ["a", "a"]}),
    "default-invalid": S(i={"type": "integer", "minimum": 5, "default": 1}),
    "bounds-empty": S(i={"type": "integer", "minimum": 1.5, "maximum": 1.7}),
    "length-float": S(s={"type": "string", "minLength": 2.0, "maxLength": -1}),
    "required-unknown": {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a", "a", "zz", 3]},
    "nested-object": S(o={"type": "object", "properties": {}}),
    "type-list": S(x={"type": ["string", "null"]}),
    "dialect": {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {}},
    "unknown-keywords": {"type": "object", "properties": {"a": {"type": "string", "const": "x", "x-ui": 1}},
                         "additionalProperties": False, "allOf": []},
    "not-object": [],
    "no-properties": {"type": "object"},
}

EDGE_CONTENT_PAIRS = {
    "valid": (EDGE_SCHEMAS["all-types"], {"s": "héllo", "n": 1, "i": 4, "b": False}),
    "wrong-types": (EDGE_SCHEMAS["all-types"], {"s": 1, "n": "1", "i": 1.5, "b": "true"}),
    "integer-as-double": (EDGE_SCHEMAS["all-types"], {"s": "a", "i": 3.0}),
    "lengths-emoji": (S(s={"type": "string", "minLength": 2, "maxLength": 2}), {"s": "😀😀"}),
    "big-integer": (S(i={"type": "integer", "minimum": 9007199254740993}), {"i": 9007199254740992}),
    "negative-zero": (S(n={"type": "number", "minimum": 0}), {"n": -0.0}),
    "unknown-field": (S(a={"type": "string"}), {"a": "x", "b": 1}),
    "not-object": (S(a={"type": "string"}), [1, 2]),
    "formats-good": (EDGE_SCHEMAS["formats"], {"e": "a@example.com", "u": "https://example.com:443/x?y#z",
                                               "d": "2024-02-29", "t": "1990-12-31T23:59:60Z"}),
    "formats-bad": (EDGE_SCHEMAS["formats"], {"e": "a@", "u": "example.com", "d": "2023-02-29",
                                              "t": "2024-01-01T25:00:00Z"}),
    "pattern": (EDGE_SCHEMAS["pattern"], {"p": "abc1"}),
    "pattern-unsupported": (EDGE_SCHEMAS["pattern-lookahead"], {"p": "a"}),
    "enum-titled": (EDGE_SCHEMAS["enum-titled"], {"c": "Red"}),
    "multi": (EDGE_SCHEMAS["multi-untitled"], {"m": ["a", "a", "z", 1]}),
    "enum-strings": (S(c={"type": "string", "enum": ["", "\u0000", "é"]}, n={"type": "number", "maximum": 1e308}),
                     {"c": "\u0000", "n": 1e308}),
    "required": ({"type": "object", "properties": {"a": {"type": "boolean"}}, "required": ["a"]}, {}),
}

PATTERNS = [
    ("^[A-Za-z]+$", "Hello"), ("^[A-Za-z]+$", "user@example.com"), ("a.c", "a\u2028c"), (".", "😀"),
    ("^.$", "😀"), ("\\s+", "\u00a0"), ("\\S", "\u3000"), ("[\\S]", " "), ("\\d{2,3}", "12345"),
    ("\\w+\\b", "abc def"), ("[\\b]", "\b"), ("\\u00e9", "é"), ("\\u{1F600}", "😀"), ("\\cJ", "\n"),
    ("(?<year>\\d{4})-\\k<year>", "2024-2024"), ("(a)\\1", "aa"), ("(?=a)", "a"), ("(?<!a)b", "cb"),
    ("[^]", "x"), ("[]", "x"), ("a{", "a{"), ("a{2}", "aa"), ("a{,2}", "a{,2}"), ("x{2,1}", "xx"),
    ("\\a\\z\\Q", "azQ"), ("[a-\\d]", "-"), ("[\\1]", "\u0001"), ("\\0", "\u0000"), ("\\x41", "A"),
    ("\\p{L}+", "é"), ("\\P{L}", "1"), ("^(?:a|b)*$", "abab"), ("a|", ""), ("(", ""), (")", ")"),
    ("[z-a]", "a"), ("*", "*"), ("a**", "a"), ("\\", "\\"), ("[\\u0041-\\u005A]", "Q"), ("$^", ""),
    ("\\/", "/"), ("\\-", "-"), ("(?:)", ""), ("[\\s\\S]", "\n"), ("\\B", "ab"), ("\\k", "k"),
    ("a+?b*?c??", "abc"), ("\\ud83d\\ude00", "😀"), ("\\ud83d", "x"), ("[\\ud83d\\ude00]", "😀"),
    ("(?i)a", "A"), ("(?P<n>a)", "a"), ("\\e", "e"), ("[[:alpha:]]", "a"), ("^\\$\\d+(\\.\\d{2})?$", "$5.00"),
]

BASELINES = {
    "empty": "",
    "comment": "# nothing is expected to fail\n",
    "both": "client:\n  - client.capability.url-to-form-only\n  - client.sep1034.defaults:content.enum\n"
            "server:\n  - server.url-required.form-entry\n",
    "null-sections": "client:\nserver: ~\n",
    "flow": "{client: [client.a.b, 'client.c.d:x.y'], server: []}\n",
    "quoted": "client:\n  - \"client.a.b:check:with:colons\"\n  - 'client.x.y'\n",
    "unknown-key": "clients:\n  - client.a.b\n",
    "not-a-list": "client: client.a.b\n",
    "not-a-map": "- client.a.b\n",
    "empty-entry": "client:\n  - ''\n  - ':x'\n  - 'a:'\n",
    "nested": "client:\n  - [client.a.b]\n  - {x: 1}\n",
    "anchors": "client: &list\n  - client.a.b\nserver: *list\n",
    "tags": "client: !!seq\n  - !!str client.a.b\n",
    "documents": "client: [client.a.b]\n---\nserver: [server.c.d]\n",
    "duplicate-key": "client: [client.a.b]\nclient: [client.c.d]\n",
    "bad-yaml": "client: [\n",
    "tab-indent": "client:\n\t- client.a.b\n",
    "unicode": "client:\n  - \"client.\\u00e9.b\"\n  - client.😀.x\n",
    "deep": "client: " + "[" * 300 + "]" * 300 + "\n",
    "scalar-root": "just text\n",
    "null-entry": "client:\n  - ~\n  - null\n",
    "block-scalar": "client:\n  - |\n    client.a.b\n",
    "merge-key": "<<: {client: [client.a.b]}\n",
}


def jsonrpc_edges():
    return {
        "batch": b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]',
        "not-object": b'"hello"',
        "id-null": b'{"jsonrpc":"2.0","id":null,"method":"ping"}',
        "id-fraction": b'{"jsonrpc":"2.0","id":1.5,"method":"ping"}',
        "id-exponent": b'{"jsonrpc":"2.0","id":1e3,"result":{}}',
        "id-big": b'{"jsonrpc":"2.0","id":18446744073709551616,"result":{}}',
        "id-negative": b'{"jsonrpc":"2.0","id":-9223372036854775808,"result":{}}',
        "number-too-large": b'{"jsonrpc":"2.0","id":1,"result":{"x":1e400}}',
        "negative-zero": b'{"jsonrpc":"2.0","id":-0,"result":{"x":-0.0}}',
        "duplicate-key": b'{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}',
        "deep": b'{"jsonrpc":"2.0","id":1,"result":' + b'[' * 70 + b']' * 70 + b'}',
        "lone-surrogate": b'{"jsonrpc":"2.0","id":"\\udc00","method":"ping"}',
        "surrogate-pair": b'{"jsonrpc":"2.0","id":"\\ud83d\\ude00","method":"ping"}',
        "invalid-utf8": b'{"jsonrpc":"2.0","id":"\xc3\x28","method":"ping"}',
        "overlong-utf8": b'{"jsonrpc":"2.0","id":"\xc0\xaf","method":"ping"}',
        "nul-byte": b'{"jsonrpc":"2.0","id":1,"method":"ping"}\x00garbage',
        "nul-escape": b'{"jsonrpc":"2.0","id":"a\\u0000b","method":"ping"}',
        "empty": b'',
        "whitespace": b' \t\r\n',
        "bom": b'\xef\xbb\xbf{"jsonrpc":"2.0","id":1,"method":"ping"}',
        "trailing": b'{"jsonrpc":"2.0","id":1,"method":"ping"} x',
        "error-no-id": b'{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}',
        "error-code-float": b'{"jsonrpc":"2.0","id":1,"error":{"code":-32042.0,"message":1}}',
        "result-and-error": b'{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}',
        "method-and-result": b'{"jsonrpc":"2.0","id":1,"method":"x","result":{}}',
        "method-not-string": b'{"jsonrpc":"2.0","id":1,"method":7,"params":[1]}',
        "version-wrong": b'{"jsonrpc":2.0,"method":"notifications/x"}',
        "no-method-no-result": b'{"jsonrpc":"2.0","id":1}',
        "result-not-object": b'{"jsonrpc":"2.0","id":"a","result":[]}',
        "numbers": b'{"jsonrpc":"2.0","id":1,"result":{"a":[0,-1,1.5,1E2,1e-400,9007199254740993,4.9e-324]}}',
    }


def elicitation_edges():
    url = {"mode": "url", "elicitationId": "e-1", "url": "https://example.com/c?e=1", "message": "Connect"}
    return {
        "url": create(url),
        "url-bad": create({"mode": "url", "elicitationId": "", "url": "not a url", "message": " "}),
        "url-with-schema": create(dict(url, requestedSchema={"type": "object", "properties": {}})),
        "mode-unknown": create({"mode": "popup", "message": "m"}),
        "mode-number": create({"mode": 1, "message": "m"}),
        "mode-form-explicit": create({"mode": "form", "message": "m", "requestedSchema": S()}),
        "no-schema": create({"message": "m"}),
        "schema-string": create({"message": 1, "requestedSchema": "{}"}),
        "params-array": create([]),
        "create-notification": rpc({"method": "elicitation/create", "params": url}, None),
        "result-accept": rpc({"result": {"action": "accept", "content": {"a": "x", "n": 1.5, "m": ["a", "b"]}}}),
        "result-decline-content": rpc({"result": {"action": "decline", "content": {"a": 1}}}),
        "result-cancel": rpc({"result": {"action": "cancel"}}),
        "result-bad-action": rpc({"result": {"action": "ACCEPT"}}),
        "result-action-number": rpc({"result": {"action": 1, "content": []}}),
        "result-content-nested": rpc({"result": {"action": "accept", "content": {"o": {}, "n": None, "l": [1]}}}),
        "complete": rpc({"method": "notifications/elicitation/complete", "params": {"elicitationId": "e-1"}}, None),
        "complete-no-params": rpc({"method": "notifications/elicitation/complete"}, None),
        "complete-id-number": rpc({"method": "notifications/elicitation/complete", "params": {"elicitationId": 1}}, None),
        "url-required": rpc({"error": {"code": -32042, "message": "m", "data": {"elicitations": [url, url]}}}),
        "url-required-empty": rpc({"error": {"code": -32042, "message": "m", "data": {"elicitations": []}}}),
        "url-required-form": rpc({"error": {"code": -32042, "message": "m", "data": {"elicitations": [
            {"message": "m", "requestedSchema": S()}, {"mode": "form"}, 1]}}}),
        "url-required-no-data": rpc({"error": {"code": -32042, "message": "m", "data": []}}),
        "initialize-empty": rpc({"method": "initialize", "params": {"protocolVersion": "2025-11-25",
                                                                    "capabilities": {"elicitation": {}}}}),
        "initialize-both": rpc({"method": "initialize", "params": {"capabilities": {"elicitation": {"form": {}, "url": {}}}}}),
        "initialize-url": rpc({"method": "initialize", "params": {"capabilities": {"elicitation": {"url": {}}}}}),
        "initialize-bad-mode": rpc({"method": "initialize", "params": {"capabilities": {"elicitation": {"form": True, "x": {}}}}}),
        "initialize-not-object": rpc({"method": "initialize", "params": {"capabilities": {"elicitation": "yes"}}}),
        "initialize-none": rpc({"method": "initialize", "params": {"capabilities": {}}}),
        "bare-capability": {"form": {}, "url": {}},
        "bare-params": url,
    }


def transcripts():
    """Seeds of fuzz/fuzz_transcript.cpp: JSON lines, S a message the SUT sent, H a request the
    harness sent (a server SUT's view: H is the client side)."""
    url = {"mode": "url", "elicitationId": "e-1", "url": "https://example.com/c", "message": "m"}

    def lines(*items):
        return "\n".join({"s": "S", "c": "H"}[side] + dumps(message) for side, message in items).encode()

    init = rpc({"method": "initialize", "params": {"capabilities": {"elicitation": {"form": {}, "url": {}}}}}, 0)
    call = rpc({"method": "tools/call", "params": {"name": "elicit", "arguments": {}}}, 1)
    return {
        "url-roundtrip": lines(("c", init), ("s", rpc({"result": {}}, 0)), ("c", call), ("s", create(url, 7)),
                               ("c", rpc({"result": {"action": "accept"}}, 7)), ("s", rpc({"result": {}}, 1)),
                               ("s", rpc({"method": "notifications/elicitation/complete",
                                          "params": {"elicitationId": "e-1"}}, None)),
                               ("s", rpc({"method": "notifications/elicitation/complete",
                                          "params": {"elicitationId": "e-1"}}, None))),
        "id-reuse": lines(("c", call), ("c", call), ("s", rpc({"result": {}}, 1)), ("s", rpc({"result": {}}, 1)),
                          ("s", rpc({"result": {}}, "1")), ("s", rpc({"error": {"code": 1, "message": "m"}}, 2))),
        "url-required": lines(("c", call), ("s", rpc({"error": {"code": -32042, "message": "m",
                                                               "data": {"elicitations": [url]}}}, 1)),
                              ("s", rpc({"method": "notifications/elicitation/complete",
                                         "params": {"elicitationId": "e-1"}}, None))),
        "complete-unknown": lines(("s", rpc({"method": "notifications/elicitation/complete",
                                             "params": {"elicitationId": "nope"}}, None))),
        "capability-changes": lines(("c", rpc({"method": "initialize", "params": {"capabilities": {}}}, 0)),
                                    ("c", init),
                                    ("c", rpc({"method": "initialize",
                                               "params": {"capabilities": {"elicitation": {}}}}, 0))),
        "garbage-lines": b"\n\nnot json\nS\nH{}\nS[1]\nA7\n" + lines(("s", create(url, "x"))),
    }


# ---------------------------------------------------------------- step_engine, sut_fuzz_oracles

def step_engine_list():
    """The fixed list of fuzz/fuzz_step_engine.cpp, in its order: (revision, role, case) of every
    case file of cases/<revision>/<role>/, sorted by path, that runs over stdio and has no
    latest-version check (a script cannot open its second session)."""
    out = []
    for path in sorted(CASES.glob("20*/*/*.json"), key=lambda p: str(p.relative_to(ROOT))):
        if path.parent.name not in ("server", "client"):
            continue
        case = json.loads(path.read_bytes())
        if "stdio" not in case.get("transports", ["stdio", "http"]):
            continue
        if any(isinstance(s, dict) and s.get("check") == "latest-version" for s in case.get("steps", [])):
            continue
        out.append((path.parent.parent.name, path.parent.name, case))
    return out


# How many cases of each (revision, role) give a step_engine seed: a few dozen seeds in all.
STEP_ENGINE_CASES_EACH = 5


def reference_scripts(harness):
    """step_engine seeds: what the built-in reference peers wrote in a run of a spread of the listed
    cases (the SUT lines of the run's transcript), each after the byte that picks its case. The
    peers are run by `harness` (build/default/elicit-conform); their lines answer the harness's
    ids, which a run of the same case repeats, so each seed runs its case deep from the start."""
    listed = step_engine_list()
    out = {}
    for revision in sorted({r for r, _, _ in listed}):
        for role in ("server", "client"):
            indices = [i for i, (r, o, _) in enumerate(listed) if r == revision and o == role]
            if not indices:
                continue
            step = max(1, len(indices) // STEP_ENGINE_CASES_EACH)
            chosen = indices[::step][:STEP_ENGINE_CASES_EACH]
            with tempfile.TemporaryDirectory() as report:
                subprocess.run([harness, role, "--command", f"{harness} reference {role}", "--revision", revision,
                                "--case", "*", "-o", report, "--format", "json", "-j", "2"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
                results = json.loads((Path(report) / "results.json").read_bytes())
            runs = {(c["id"], c["revision"]): c for c in results["cases"] if c.get("transport") == "stdio"}
            for i in chosen:
                case = listed[i][2]
                run = runs.get((case["id"], revision))
                if run is None:
                    sys.exit(f"gen-fuzz-corpus: the reference run has no {case['id']} at {revision}")
                lines = [e["text"] for e in run["transcript"] if e["from"] == "sut"]
                out[f"ref-{i:03d}-{case['id']}"] = bytes([i]) + "\n".join(lines).encode() + b"\n"
    return out


def step_engine_edges():
    """Scripts no reference peer writes, each for the first server case and the first client
    case of the list: bare JSON values, a line over the target's 4 KiB limit, invalid UTF-8, huge
    numbers, blank and CRLF lines, a flood of small lines."""
    listed = step_engine_list()
    server = next(i for i, (_, role, _) in enumerate(listed) if role == "server")
    client = next(i for i, (_, role, _) in enumerate(listed) if role == "client")
    init = dumps(rpc({"result": {"protocolVersion": listed[server][0], "capabilities": {"tools": {}},
                                 "serverInfo": {"name": "s", "version": "1"}}}, 1)).encode()
    edges = {
        "bare-2": b"2\n",
        "bare-string": b'"x"\n',
        "bare-null": b"null\n",
        "bare-array": b"[]\n",
        "array-of-object": b"[{}]\n",
        "bare-values-after-init": init + b"\n2\n\"x\"\nnull\n[]\n[{}]\n",
        "huge-line": b'{"jsonrpc":"2.0","id":1,"result":{"pad":"' + b"a" * 5000 + b'"}}\n',
        "invalid-utf8": b'{"jsonrpc":"2.0","id":1,"result":{"s":"\xff\xfe\xc3"}}\n\xc3\x28\n',
        "huge-numbers": b'{"jsonrpc":"2.0","id":1e400,"result":{"n":-1e400,"m":123456789012345678901234567890}}\n',
        "blank-and-crlf": b"\n \t\r\n" + init + b"\r\n\r\n",
        "flood": b"{}\n" * 200,
    }
    out = {}
    for name, script in edges.items():
        out[f"edge-server-{name}"] = bytes([server]) + script
        out[f"edge-client-{name}"] = bytes([client]) + script
    return out


def oracle_inputs():
    """sut_fuzz_oracles seeds: oracle byte, flags byte, NUL-separated documents (fuzz_sut_fuzz_oracles.cpp).
    Flags: revision index (0 2025-06-18, 1 2025-11-25, 2 2026-07-28) + 3 * (capability + 5 * (the
    boolean + 2 * the kind)); capability: 0 none, 1 {}, 2 form, 3 url, 4 form and url."""
    def flags(revision, capability=4, boolean=0, kind=0):
        return revision + 3 * (capability + 5 * (boolean + 2 * kind))

    def doc(*parts):
        return b"\0".join(p if isinstance(p, bytes) else dumps(p).encode() for p in parts)

    form = {"mode": "form", "message": "Name?", "requestedSchema": {
        "type": "object", "properties": {"name": {"type": "string", "default": "x"},
                                         "age": {"type": "integer", "minimum": 0}}, "required": ["name"]}}
    url = {"mode": "url", "elicitationId": "e-1", "url": "https://example.com/c", "message": "Open"}
    accept = {"action": "accept", "content": {"name": "a", "age": 3}}
    modern_meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                   "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}},
                   "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"}}
    call = rpc({"method": "tools/call", "params": {"name": "elicit", "arguments": {}, "_meta": modern_meta}}, 1)
    irr = rpc({"result": {"resultType": "input_required", "inputRequests": {
        "k": {"method": "elicitation/create", "params": form}}, "requestState": "s"}}, 1)
    retry = rpc({"method": "tools/call", "params": {"name": "elicit", "arguments": {}, "_meta": modern_meta,
                                                    "inputResponses": {"k": accept}, "requestState": "s"}}, 2)
    tool_result = rpc({"result": {"content": [{"type": "text", "text": dumps(accept)}]}}, 1)
    both = flags(1)  # 2025-11-25, form and url declared
    seeds = {
        "elicit-result": (0, both, doc(accept, form)),
        "jsonrpc-bare-2": (1, both, b"2"),
        "jsonrpc-invalid-utf8": (1, both, b'{"jsonrpc":"2.0","id":1,"result":"\xff"}'),
        "request": (2, both, doc(form)),
        "server-result": (3, both, doc(tool_result, form, form, accept)),
        "server-request": (4, both, doc(form, create(form))),
        "server-request-url-undeclared": (4, flags(1, capability=2), doc(url, create(url))),
        "client-answer": (5, both, doc(form, rpc({"result": accept}))),
        "client-answer-error": (5, both, doc(url, rpc({"error": {"code": -32601, "message": "no"}}))),
        "client-user": (6, both, doc(form, {"action": "decline"}, {"action": "accept", "content": {}})),
        "url-required": (7, both, doc([url], rpc({"error": {"code": -32042, "message": "m",
                                                            "data": {"elicitations": [url]}}}))),
        "completion": (8, both, doc(url, rpc({"result": {}}), ['"e-1"', '"e-2"'])),
        "client-handshake": (9, both, doc([rpc({"method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}}}}),
            rpc({"method": "notifications/initialized"}, None)], {"form": {}})),
        "server-handshake": (10, both, doc({"protocolVersion": "1999"})),
        "modern-response": (11, flags(2), doc(call, irr)),
        "server-request-one": (12, flags(2, boolean=1), doc("elicitation/create")),
        "http-status": (13, flags(2), doc(rpc({"error": {"code": -32022, "message": "m"}}), 200)),
        "server-meta": (14, flags(2, kind=1), doc(rpc({"result": {"resultType": "complete"}}))),
        "server-retry": (15, flags(2, kind=2), doc(accept, form, rpc({"error": {"code": -32602, "message": "m"}}))),
        "modern-round": (16, flags(2), doc([call, retry], [[call, irr, retry]], {"form": {}})),
        "modern-setup": (17, flags(2), doc([rpc({"method": "initialize", "params": {}}), call], [], None)),
        "normalise": (18, flags(0), b"/params/requestedSchema/properties/a~1b/enum/0"),
        "bare-values": (5, both, doc(2, "x", None, [])),
        "array-of-object": (0, both, doc([{}], [{}])),
    }
    return {name: bytes([o, f]) + data for name, (o, f, data) in seeds.items()}


def state_tampers():
    """Seeds of fuzz/fuzz_state_tamper.cpp: `replace` and `with` on the first two lines, then a
    requestState as a server could send it (cases/state_tamper.h tells the three ways it is altered)."""
    def b64(data, url=False, pad=True):
        text = (base64.urlsafe_b64encode if url else base64.b64encode)(data)
        return text if pad else text.rstrip(b"=")

    answers = dumps({"answers": [{"action": "accept", "content": {"name": "Ann"}}]}).encode()
    # Bytes whose base64 shows the characters the two alphabets differ in (0xfb 0xff -> "+/" "-_").
    binary = answers + b"\xfb\xff\xbf"
    states = {
        "plain-json": dumps({"seq": 1, "answers": [{"name": "Ann"}]}).encode(),
        "plain-prefixed": b'ref.seq.01.[{"action":"accept","content":{"name":"Ann"}}]',
        "plain-twice": b"Ann and Ann, AnnAnn",
        "base64-padded": b64(answers[:-1]),
        "base64-unpadded": b64(answers[:-1], pad=False),
        "base64-alphabet": b64(binary),
        "base64url-padded": b64(binary, url=True),
        "base64url-unpadded": b64(binary, url=True, pad=False),
        "jwt": b64(b'{"alg":"HS256","typ":"JWT"}', url=True, pad=False) + b"."
               + b64(answers, url=True, pad=False) + b"." + b64(bytes(range(200, 232)), url=True, pad=False),
        "jwt-empty-parts": b".." + b64(answers, url=True, pad=False) + b".",
        "opaque": b"q83vASNFZ4mrze8BI0VniQ",
        "opaque-hex": bytes(range(256)).hex().encode(),
        "no-letters": b"{}[]:,.-+=/_ ",
        "no-letters-utf8": "¿«»—€😀".encode(),
        "one-character": b"Z",
        "empty": b"",
        "huge": b64(answers * 60),
        "invalid-utf8": b"\xff\xfe" + b64(answers) + b"\xc3",
        "json-string": dumps(b64(answers).decode()).encode(),
        "json-string-escaped": b'"\\u0041nn \\u00e9"',
    }
    out = {}
    for name, state in states.items():
        out[name] = b"Ann\nEve\n" + state
    out["bare-opaque"] = b"q83vASNFZ4mrze8BI0VniQ"  # no two lines: Ann and Eve
    out["longer-replacement"] = b"Ann\nAnnabel\n" + b64(answers)
    out["empty-replace"] = b"\nEve\n" + states["plain-json"]
    out["same-replacement"] = b"Ann\nAnn\n" + states["plain-json"]
    out["utf8-replacement"] = "Ann\nÉva\n".encode() + b64(answers)
    return out


# ---------------------------------------------------------------- writing

def seeds():
    """target -> {name: bytes}."""
    out = {t: {} for t in ["jsonrpc", "elicitation", "requested_schema", "content_validator",
                           "content_vs_rapidjson", "pattern", "case_file", "baseline", "transcript",
                           "check_message", "state_tamper", "step_engine", "sut_fuzz_oracles"]}

    def add(targets, name, data):
        if not isinstance(data, bytes):
            data = dumps(data).encode()
        for t in targets:
            out[t][name] = data

    messages = ["jsonrpc", "elicitation", "check_message"]
    for revision, stem, data in spec_files("messages"):
        add(messages, f"spec-{revision}-{stem}", data)
    for name, message in case_messages():
        add(messages, f"case-{name}", message)
    for name, params in case_elicit_params():
        add(["elicitation", "check_message"], f"case-params-{name}", create(params))
    for name, data in jsonrpc_edges().items():
        add(["jsonrpc", "check_message"], f"edge-{name}", data)
    for name, message in elicitation_edges().items():
        add(["elicitation", "check_message", "jsonrpc"], f"edge-{name}", message)

    schemas = spec_schemas() + [(f"edge-{k}", v) for k, v in EDGE_SCHEMAS.items()]
    for name, schema in schemas:
        add(["requested_schema"], name, schema)
        # Each schema with its own defaults as the content (what a client pre-fills).
        props = schema.get("properties", {}) if isinstance(schema, dict) else {}
        defaults = {k: v["default"] for k, v in props.items() if isinstance(v, dict) and "default" in v} \
            if isinstance(props, dict) else {}
        add(["content_validator", "content_vs_rapidjson"], f"{name}-defaults",
            dumps(schema).encode() + b"\0" + dumps(defaults).encode())
    spec_schema_list = [s for _, s in spec_schemas()]
    for i, (name, content) in enumerate(spec_contents()):
        # Spec contents against every spec schema: some fit, most do not.
        for j, schema in enumerate(spec_schema_list[:6]):
            add(["content_validator", "content_vs_rapidjson"], f"{name}-content-{i}-schema-{j}",
                dumps(schema).encode() + b"\0" + dumps(content).encode())
    for name, (schema, content) in EDGE_CONTENT_PAIRS.items():
        add(["content_validator", "content_vs_rapidjson"], f"edge-{name}",
            dumps(schema).encode() + b"\0" + dumps(content).encode())

    for i, (pattern, text) in enumerate(PATTERNS):
        add(["pattern"], f"edge-{i:02d}", pattern.encode() + b"\0" + text.encode())
    for name, schema in schemas:
        for v in walk(schema):
            if isinstance(v, dict) and isinstance(v.get("pattern"), str):
                add(["pattern"], f"{name}", v["pattern"].encode() + b"\0" + str(v.get("default", "")).encode())

    for name, data in case_files():
        add(["case_file"], f"case-{name}", data)
    add(["case_file"], "edge-unknown-step", b'{"id":"client.a.b","title":"A title of ten","role":"client",'
                                            b'"revisions":["2025-11-25"],"requirements":["REQUEST-MESSAGE"],'
                                            b'"level":"MUST","steps":[{"expct":{}}]}')
    add(["case_file"], "edge-reply-without-to", b'{"id":"server.a.b","title":"A title of ten","role":"server",'
                                                b'"revisions":["2025-06-18"],"requirements":["EL-2025-06-18-REQUEST-MESSAGE"],'
                                                b'"level":"SHOULD","lifecycle":"manual","transports":["stdio"],'
                                                b'"sut":{"capabilities":"none","user":[{"action":"cancel"}],"tool":"t","needs_tools":["x"]},'
                                                b'"steps":[{"expect":{"method":"x"},"as":"a","within_ms":5},'
                                                b'{"reply":{"result":{}}},{"expect_silence_ms":10},{"check":"no-id-reuse"}]}')
    add(["case_file"], "edge-duplicate-member", b'{"id":"client.a.b","id":"client.a.c"}')

    for name, text in BASELINES.items():
        add(["baseline"], f"edge-{name}", text.encode())
    for name, data in transcripts().items():
        add(["transcript"], f"edge-{name}", data)
    for revision, stem, data in spec_files("messages"):
        add(["transcript"], f"spec-{revision}-{stem}", b"S" + json.dumps(json.loads(data)).encode())
    for name, data in oracle_inputs().items():
        add(["sut_fuzz_oracles"], name, data)
    for name, data in state_tampers().items():
        add(["state_tamper"], f"edge-{name}", data)
    for name, data in step_engine_edges().items():
        add(["step_engine"], name, data)
    if HARNESS:
        for name, data in reference_scripts(HARNESS).items():
            add(["step_engine"], name, data)
    return out


KEPT_SEED = re.compile(r"seed-[0-9a-f]{16}")
HARNESS = None  # the elicit-conform binary that runs the reference peers (main sets it)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minimize", action="store_true", help="then merge each corpus into a minimal one")
    parser.add_argument("--harness", default=str(ROOT / "build" / "default" / "elicit-conform"),
                        help="the elicit-conform that runs its reference peers for the step_engine seeds "
                             "(default: build/default/elicit-conform)")
    parser.add_argument("targets", nargs="*")
    args = parser.parse_args()
    global HARNESS
    if Path(args.harness).is_file():
        HARNESS = args.harness
    elif not args.targets or "step_engine" in args.targets:
        sys.exit(f"gen-fuzz-corpus: {args.harness} is not built: the step_engine seeds run its reference peers "
                 "(cmake --build --preset default, or --harness PATH)")
    all_seeds = seeds()
    targets = args.targets or sorted(all_seeds)
    for target in targets:
        if target not in all_seeds:
            sys.exit(f"gen-fuzz-corpus: unknown target {target}; known: {', '.join(sorted(all_seeds))}")
        folder = CORPUS / target
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.glob("seed-*"):
            if KEPT_SEED.fullmatch(old.name):
                continue  # seeds taken from reference runs (seed-<16 hex>), not generated here
            old.unlink()
        for name, data in sorted(all_seeds[target].items()):
            (folder / f"seed-{name}").write_bytes(data)
        print(f"gen-fuzz-corpus: {target}: {len(all_seeds[target])} seeds")
    if args.minimize:
        subprocess.run([str(ROOT / "scripts" / "fuzz.sh"), "--minimize", *targets], check=True)


if __name__ == "__main__":
    main()
