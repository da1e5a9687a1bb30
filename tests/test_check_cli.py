"""`elicit-conform check-schema` and `check-message`, driven end to end."""
import json

import pytest

from conftest import EXAMPLES

# Every test here meets bad or unusual input, or writes reports: also under the asan build.
pytestmark = pytest.mark.sanitized


KNOWN = json.loads((EXAMPLES / "known-findings.json").read_text())["examples"]


def spec_messages():
    for rev_dir in sorted((EXAMPLES / "messages").iterdir()):
        for f in sorted(rev_dir.glob("*.json")):
            yield pytest.param(rev_dir.name, f, id=f"{rev_dir.name}/{f.name}")


@pytest.mark.parametrize("revision,path", spec_messages())
def test_spec_examples_conform(cli, revision, path):
    # An example that breaks a rule of its own revision (known-findings.json says which and why)
    # gets exactly those findings; every other example none at MUST or SHOULD level.
    code, out = cli.json("check-message", path, "--revision", revision)
    known = KNOWN.get(path.relative_to(EXAMPLES).as_posix())
    if known is None:
        assert code == 0, out
        assert out["conforms"] is True
        assert out["counts"]["MUST"] == 0 and out["counts"]["SHOULD"] == 0, out["diagnostics"]
    else:
        findings = sorted(d["check"] for d in out["diagnostics"] if d["level"] != "INFO")
        assert findings == known["checks"], out["diagnostics"]
        assert code == (1 if out["counts"]["MUST"] else 0)


HOSTILE = [
    ("million-brackets", b"[" * 1_000_000, "json.too-deep", 1),
    ("64-MiB-line", b'{"jsonrpc":"2.0","method":"' + b"a" * (64 << 20) + b'"}\n', "json.too-large", 1),
    ("invalid-utf8", b'{"jsonrpc":"2.0","method":"\xff\xfe"}', "json.invalid-utf8", 1),
    ("nul-byte", b'{"jsonrpc":"2.0",\x00"method":"m"}', "json.nul-byte", 1),
    ("huge-number", b'{"jsonrpc":"2.0","id":1e400,"method":"m"}', "json.number-too-large", 1),
    ("negative-zero", b'{"jsonrpc":"2.0","id":-0,"method":"ping"}', "json.negative-zero", 0),
    ("lone-surrogate", b'{"jsonrpc":"2.0","method":"\\udc00"}', "json.invalid-utf8", 1),
    ("terminal-escape", b"\x1b]0;pwned\x07", "json.syntax", 1),
    ("empty", b"", "json.empty", 1),
]


@pytest.mark.parametrize("name,data,check,exit_code", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_input_gets_a_diagnostic(cli, name, data, check, exit_code):
    code, out = cli.json("check-message", "-", stdin=data)
    assert code == exit_code, out
    assert check in [d["check"] for d in out["diagnostics"]], out


def test_hostile_text_output_is_escaped(cli):
    proc = cli.run("check-message", "-", stdin=b'{"jsonrpc":"2.0","id":1,"method":"elicitation/create",'
                                              b'"params":{"mode":"\\u001b[2Jx"}}')
    assert proc.returncode == 1
    assert b"\x1b" not in proc.stdout
    assert b"\\x1b" in proc.stdout


@pytest.mark.parametrize("args", [
    [],
    ["nonsense"],
    ["check-message"],
    ["check-message", "/nonexistent/file.json"],
    ["check-message", "-", "--revision", "1999-01-01"],
    ["check-schema", "-", "--max-depth", "0"],
    ["check-schema", "-", "--no-such-flag"],
])
def test_usage_errors_exit_2(cli, args):
    proc = cli.run(*args, stdin=b"{}")
    assert proc.returncode == 2, proc
    assert proc.stderr, "a usage error must say what is wrong"


def test_check_schema_names_rule_pointer_and_quote(cli):
    proc = cli.run("check-schema", "-", stdin=json.dumps(
        {"type": "object", "properties": {"address": {"type": "object", "properties": {}}}}).encode())
    assert proc.returncode == 1
    text = proc.stdout.decode()
    assert "schema.property-nested-object" in text
    assert "/properties/address/type" in text
    assert "EL-2025-11-25-FORM-SCHEMA-RESTRICTED" in text
    assert "flat objects with primitive properties only" in text


def test_check_schema_revision_matters(cli):
    multi = json.dumps({"type": "object", "properties": {
        "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}}}).encode()
    assert cli.run("check-schema", "-", stdin=multi).returncode == 0
    old = cli.run("check-schema", "-", "--revision", "2025-06-18", stdin=multi)
    assert old.returncode == 1
    assert b"schema.property-array-not-in-revision" in old.stdout


def test_result_checked_against_request(cli, tmp_path):
    request = tmp_path / "request.json"
    request.write_text(json.dumps({"jsonrpc": "2.0", "id": 5, "method": "elicitation/create", "params": {
        "message": "Pick", "requestedSchema": {"type": "object", "properties": {
            "color": {"type": "string", "oneOf": [{"const": "#f00", "title": "Red"}]}}, "required": ["color"]}}}))
    answer = json.dumps({"jsonrpc": "2.0", "id": 5, "result": {"action": "accept", "content": {"color": "Red"}}})
    code, out = cli.json("check-message", "-", "--request", request, stdin=answer.encode())
    assert code == 0  # content findings are SHOULD level
    [finding] = [d for d in out["diagnostics"] if d["check"] == "content.enum"]
    assert finding["pointer"] == "/result/content/color"
    assert finding["level"] == "SHOULD"
    assert finding["requirement"] == "EL-2025-11-25-CLIENT-VALIDATE-CONTENT"


MODERN_META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
               "io.modelcontextprotocol/clientInfo": {"name": "c", "version": "1"},
               "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}}}}
ASK = {"method": "elicitation/create", "params": {"message": "Your name?", "requestedSchema": {
    "type": "object", "properties": {"name": {"type": "string", "minLength": 2}}, "required": ["name"]}}}


def test_modern_round_trip(cli, tmp_path):
    # 2026-07-28: the client's tools/call, the server's InputRequiredResult (checked against the
    # call: modes it declared), the retry (checked against the InputRequiredResult: new id, every
    # key answered, content against its schema, requestState echoed).
    call = tmp_path / "call.json"
    call.write_text(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                "params": {"name": "elicit", "arguments": {}, "_meta": MODERN_META}}))
    irr = tmp_path / "irr.json"
    irr.write_text(json.dumps({"jsonrpc": "2.0", "id": 1, "result": {
        "resultType": "input_required", "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "s", "version": "1"}},
        "inputRequests": {"ask": ASK, "go": {"method": "elicitation/create", "params": {
            "mode": "url", "message": "Connect", "url": "https://a.example/connect"}}},
        "requestState": "opaque=="}}))
    code, out = cli.json("check-message", call, "--revision", "2026-07-28")
    assert code == 0 and out["diagnostics"] == [], out
    code, out = cli.json("check-message", irr, "--revision", "2026-07-28", "--request", call)
    assert code == 1
    [undeclared] = out["diagnostics"]
    assert undeclared["check"] == "mrtr.elicitation-mode-undeclared"
    assert undeclared["pointer"] == "/result/inputRequests/go/params/mode"
    assert undeclared["requirement"] == "EL-2026-07-28-SERVER-MODE-DECLARED"
    assert "Servers MUST NOT send elicitation requests with modes that are not supported by the client." in undeclared["rule"]

    retry = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "elicit", "arguments": {}, "_meta": MODERN_META,
        "inputResponses": {"ask": {"action": "accept", "content": {"name": "A"}}}, "requestState": "opaque="}})
    code, out = cli.json("check-message", "-", "--revision", "2026-07-28", "--retry-of", irr, stdin=retry.encode())
    assert code == 1
    found = {d["check"]: d for d in out["diagnostics"]}
    assert set(found) == {"mrtr.retry-same-id", "mrtr.input-response-missing", "mrtr.retry-state-modified",
                          "content.min-length"}, out["diagnostics"]
    assert found["mrtr.input-response-missing"]["requirement"] == "EL-2026-07-28-MRTR-CLIENT-CONSTRUCT-INPUTS"
    assert found["content.min-length"]["pointer"] == "/params/inputResponses/ask/content/name"


def test_modern_flags_need_the_modern_revision(cli, tmp_path):
    irr = tmp_path / "irr.json"
    irr.write_text(json.dumps({"jsonrpc": "2.0", "id": 1, "result": {"resultType": "input_required", "requestState": "s"}}))
    message = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {}}).encode()
    proc = cli.run("check-message", "-", "--retry-of", irr, stdin=message)
    assert proc.returncode == 2 and b"--retry-of" in proc.stderr
    params_only = tmp_path / "params.json"
    params_only.write_text(json.dumps({"name": "elicit"}))
    proc = cli.run("check-message", irr, "--revision", "2026-07-28", "--request", params_only)
    assert proc.returncode == 2 and b"whole" in proc.stderr
    proc = cli.run("check-message", "-", "--revision", "2026-07-28", "--retry-of", params_only, stdin=message)
    assert proc.returncode == 2 and b"InputRequiredResult" in proc.stderr


def test_a_legacy_create_is_a_finding_in_2026(cli):
    create = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "elicitation/create",
                         "params": {"message": "m", "requestedSchema": {"type": "object", "properties": {}}}}).encode()
    assert cli.run("check-message", "-", stdin=create).returncode == 0  # the default revision: 2025-11-25
    code, out = cli.json("check-message", "-", "--revision", "2026-07-28", stdin=create)
    assert code == 1
    assert [d["check"] for d in out["diagnostics"]] == ["mrtr.server-request"]
