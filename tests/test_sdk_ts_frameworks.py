"""Two TypeScript frameworks of the SDK matrix through their adapters, on a bounded subset of cases
each (server role: neither has a client): fastmcp (npm, sut/fastmcp-ts/) and Effect's McpServer
(effect 4.x, sut/effect-mcp/), over stdio and Streamable HTTP. Each run is judged against the
framework's baseline (sut/<name>/expected-failures.yml, helpers of test_sdk_matrix_runs.py): every
FAIL and WARN listed there and nothing else, every case with a verdict, and the verdict each case's
FINDINGS.md explains. A test is skipped, with the reason, when that adapter's node_modules is absent
(sut/<name>/setup.sh). The full runs are sut/<name>/report.sh.

The harness is $ELICIT_CONFORM_BIN when set, else the build conftest.py finds."""
import os
import pathlib
import shutil

import pytest

from conftest import BUILDS, ROOT, Cli
from test_sdk_matrix_runs import HttpServer, run


@pytest.fixture
def cli():
    """conftest's Cli, on $ELICIT_CONFORM_BIN when that is set (a snapshot build), else the default build."""
    env = os.environ.get("ELICIT_CONFORM_BIN")
    if env:
        harness = Cli("default")
        harness.path = pathlib.Path(env)
    elif BUILDS:
        harness = Cli(BUILDS[0])
    else:
        pytest.fail("no build found: run scripts/setup.sh or set ELICIT_CONFORM_BIN")
    assert harness.path.exists(), f"no harness at {harness.path}"
    yield harness
    shutil.rmtree(harness.tmpdir, ignore_errors=True)


def installed(name, package):
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    if not (ROOT / "sut" / name / "node_modules" / package / "package.json").exists():
        pytest.skip(f"sut/{name}/node_modules is absent: run sut/{name}/setup.sh")


def sut_said(case, text):
    return any(t["from"] == "sut" and text in t["text"] for t in case["transcript"])


def test_fastmcp_stdio(cli, tmp_path):
    installed("fastmcp-ts", "fastmcp")
    server = ("--command", f"node {ROOT}/sut/fastmcp-ts/server.mjs")
    # F2 (the TypeScript SDK 1.32.2 beneath): elicits in a session negotiated without elicitation.
    cases = run(cli, tmp_path, "fastmcp-ts", "server", "server.lifecycle.no-elicitation-in-*", "2025-11-25", *server)
    assert [c["status"] for c in cases] == ["FAIL", "FAIL"]
    # F1: the tool's UrlElicitationRequiredError becomes an isError result, no -32042.
    [c] = run(cli, tmp_path, "fastmcp-ts", "server", "server.url-required.error-shape", "2025-11-25", *server)
    assert c["status"] == "FAIL" and sut_said(c, "execution failed: MCP error -32042"), c["reason"]
    [c] = run(cli, tmp_path, "fastmcp-ts", "server", "server.validation.rejects-missing-required", "2025-06-18", *server)
    assert c["status"] == "PASS", c["reason"]
    # F3 (new with issue 31's wire row): the default logger (console) writes a debug line to stdout.
    cases = run(cli, tmp_path, "fastmcp-ts", "server", "server.jsonrpc.no-response-to-notification", "2025-11-25",
                *server)
    verdicts = {c["id"]: c["status"] for c in cases}
    assert verdicts == {"server.jsonrpc.no-response-to-notification": "PASS",
                        "server.wire.messages-well-formed": "FAIL"}, verdicts
    [wire] = [c for c in cases if c["id"] == "server.wire.messages-well-formed"]
    assert wire["check"] == "json.syntax" and "Not a JSON message" in wire["reason"], wire["reason"]
    # complete: through FastMCPSession.server (the SDK's createElicitationCompletionNotifier).
    [c] = run(cli, tmp_path, "fastmcp-ts", "server", "server.completion.issued-id", "2025-11-25", *server)
    assert c["status"] == "PASS", c["reason"]
    # S1: no 2026-07-28 (SKIP-REVISION); a run that tested nothing exits 1.
    [c] = run(cli, tmp_path, "fastmcp-ts", "server", "server.modern.form-input-required", "2026-07-28", *server,
              expect_exit=1)
    assert c["status"] == "SKIP" and "has no API for protocol revision 2026-07-28" in c["reason"], c["reason"]


def test_fastmcp_http(cli, tmp_path):
    installed("fastmcp-ts", "fastmcp")
    server = HttpServer("node", ROOT / "sut" / "fastmcp-ts" / "server.mjs", "--http", "0")
    try:
        url = ("--url", server.url)
        [c] = run(cli, tmp_path, "fastmcp-ts", "server", "server.url-required.error-shape", "2025-11-25", *url)
        assert c["status"] == "FAIL", c["reason"]
        # F1 again (harness 268f6de1): the case first needs a -32042 for a valid URL entry, which
        # fastmcp cannot send: FAIL (not testable), no longer a vacuous PASS; a run that tested
        # nothing exits 1.
        [c] = run(cli, tmp_path, "fastmcp-ts", "server", "server.url-required.refuses-form-entry", "2025-11-25", *url,
                  expect_exit=1)
        assert c["status"] == "FAIL" and c.get("untestable") and c["check"] == "response.can_refuse", c["reason"]
        [c] = run(cli, tmp_path, "fastmcp-ts", "server", "server.actions.decline-reaches-tool", "2025-06-18", *url)
        assert c["status"] == "PASS", c["reason"]
        # S1 over HTTP: mcp-proxy's own -32000 to server/discover.
        [c] = run(cli, tmp_path, "fastmcp-ts", "server", "server.modern.discover", "2026-07-28", *url, expect_exit=1)
        assert c["status"] == "SKIP" and "server_missing_modern_protocol_support" in c["reason"], c["reason"]
    finally:
        server.close()


def test_effect_stdio(cli, tmp_path):
    installed("effect-mcp", "effect")
    server = ("--command", f"node {ROOT}/sut/effect-mcp/server.mjs")
    # McpServer.elicit with the Effect Schema imported from the JSON Schema (SchemaRepresentation).
    [c] = run(cli, tmp_path, "effect-mcp", "server", "server.validation.rejects-missing-required", "2025-06-18", *server)
    assert c["status"] == "PASS", c["reason"]
    # -32042 from the adapter's global middleware, the list as given.
    [c] = run(cli, tmp_path, "effect-mcp", "server", "server.url-required.error-shape", "2025-11-25", *server)
    assert c["status"] == "PASS" and sut_said(c, '"code":-32042'), c["reason"]
    [c] = run(cli, tmp_path, "effect-mcp", "server", "server.url-required.refuses-form-entry", "2025-11-25", *server)
    assert c["status"] == "FAIL", c["reason"]
    # 2026-07-28: InputRequired, and Effect's own -32021 and -32602.
    [c] = run(cli, tmp_path, "effect-mcp", "server", "server.modern.form-input-required", "2026-07-28", *server)
    assert c["status"] == "PASS", c["reason"]
    [c] = run(cli, tmp_path, "effect-mcp", "server", "server.modern.capability-missing-error", "2026-07-28", *server)
    assert c["status"] == "PASS" and sut_said(c, '"code":-32021'), c["reason"]
    [c] = run(cli, tmp_path, "effect-mcp", "server", "server.modern.no-retired-error-codes", "2026-07-28", *server,
              expect_exit=1)
    assert c["status"] == "SKIP" and "no API for the URL-elicitation-required error" in c["reason"], c["reason"]


def test_effect_http(cli, tmp_path):
    installed("effect-mcp", "effect")
    server = HttpServer("node", ROOT / "sut" / "effect-mcp" / "server.mjs", "--http", "0")
    try:
        url = ("--url", server.url)
        [c] = run(cli, tmp_path, "effect-mcp", "server", "server.actions.decline-reaches-tool", "2025-06-18", *url)
        assert c["status"] == "PASS", c["reason"]
        [c] = run(cli, tmp_path, "effect-mcp", "server", "server.completion.issued-id", "2025-11-25", *url)
        assert c["status"] == "PASS", c["reason"]
    finally:
        server.close()
