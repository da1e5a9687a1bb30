"""The implementations of the SDK matrix (sut/*/) against their baselines, on a few cases each (a
handful of seconds per implementation), so that CI notices when an adapter, a pinned package or the
harness changes a verdict. Each test is skipped, with the reason, when that implementation's
node_modules is absent (`scripts/setup-sdk-matrix.sh` installs them all). A run must exit as its
baseline (sut/<name>/expected-failures.yml) says: 0 when every FAIL and WARN is listed there and
every listed one failed, and every run must have a verdict. The full runs are sut/<name>/report.sh."""
import json
import os
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
VERDICTS = {"PASS", "FAIL", "WARN", "SKIP", "ERROR"}


def installed(name):
    if shutil.which("node") is None:
        pytest.skip("node is not installed (scripts/setup-typescript.sh installs it)")
    if not (ROOT / "sut" / name / "node_modules").is_dir():
        pytest.skip(f"sut/{name}/node_modules is absent: run scripts/setup-sdk-matrix.sh {name}")


def baseline(name, role):
    """The entries of sut/<name>/expected-failures.yml for a role, as case-id:check-id."""
    entries, current = set(), None
    for line in (ROOT / "sut" / name / "expected-failures.yml").read_text().splitlines():
        if m := re.match(r"^(server|client):", line):
            current = m.group(1)
        elif (m := re.match(r"^\s+-\s+(\S+)", line)) and current == role:
            entries.add(m.group(1))
    return entries


def run(cli, tmp_path, name, role, case, revision, *target, expect_exit=0):
    report = tmp_path / f"{role}-{re.sub(r'[^a-z0-9.]+', '-', case)}-{revision}"
    proc = cli.run(role, "--cases", ROOT / "cases", *target, "--case", case, "--revision", revision,
                   "--expected-failures", ROOT / "sut" / name / "expected-failures.yml",
                   "--report-dir", report, "--format", "json", timeout=120)
    cases = json.loads((report / "results.json").read_text())["cases"]
    assert cases, proc.stderr.decode()
    assert all(c["status"] in VERDICTS for c in cases)
    listed = baseline(name, role)
    for c in cases:
        failed = c["status"] in ("FAIL", "WARN")
        assert failed == (f"{c['id']}:{c.get('check')}" in listed), (c["id"], c["status"], c["reason"])
    assert proc.returncode == expect_exit, proc.stderr.decode()[-3000:]
    return cases


class HttpServer:
    """A Streamable HTTP server that prints its loopback URL on stdout; ended with its process group."""

    def __init__(self, *command, env=None):
        self.proc = subprocess.Popen(list(map(str, command)), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     cwd=ROOT, env={**os.environ, **(env or {})}, start_new_session=True)
        self.url = None
        for line in self.proc.stdout:
            if m := re.match(rb"^(http://127\.0\.0\.1:\d+/mcp)$", line.strip()):
                self.url = m.group(1).decode()
                break
        assert self.url, "the server printed no URL"

    def close(self):
        os.killpg(self.proc.pid, 15)
        self.proc.wait(timeout=10)


def test_tmcp(cli, tmp_path):
    installed("tmcp")
    server = ("--command", f"node {ROOT}/sut/tmcp/server.mjs")
    cases = run(cli, tmp_path, "tmcp", "server", "server.lifecycle.no-elicitation-in-*", "2025-11-25", *server)
    assert [c["status"] for c in cases] == ["FAIL", "FAIL"]
    [c] = run(cli, tmp_path, "tmcp", "server", "server.validation.rejects-missing-required", "2025-06-18", *server)
    assert c["status"] == "PASS", c["reason"]
    [c] = run(cli, tmp_path, "tmcp", "server", "server.modern.form-input-required", "2026-07-28", *server)
    assert c["status"] == "PASS", c["reason"]
    # On 2026-07-28 tmcp refuses by throwing the request's JSON-RPC error, which the adapter lets
    # through (-32021 with data.requiredCapabilities; -32602 for an inputResponses entry that is no
    # ElicitResult), and -32042 (retired there) would be the adapter's own literal: SKIP, not FAIL.
    [c] = run(cli, tmp_path, "tmcp", "server", "server.modern.capability-missing-error", "2026-07-28", *server)
    assert c["status"] == "PASS", c["reason"]
    assert any('"code":-32021' in t["text"] and t["from"] == "sut" for t in c["transcript"])
    [c] = run(cli, tmp_path, "tmcp", "server", "server.modern.malformed-responses-rejected", "2026-07-28", *server)
    assert c["status"] == "PASS", c["reason"]
    # (A run that tested nothing exits 1.)
    [c] = run(cli, tmp_path, "tmcp", "server", "server.modern.no-retired-error-codes", "2026-07-28", *server,
              expect_exit=1)
    assert c["status"] == "SKIP" and "tmcp has no API for the URL-elicitation-required error" in c["reason"], c["reason"]
    # tmcp parses the form params with its own schema and drops `pattern`, which 2026-07-28's
    # StringSchema lacks; the case asks for no such keyword (tests/test_case_corpus.py).
    [c] = run(cli, tmp_path, "tmcp", "server", "server.modern.sep1330-enums-and-sep1034-defaults", "2026-07-28", *server)
    assert c["status"] == "PASS", c["reason"]


def test_ai_sdk_mcp(cli, tmp_path):
    installed("ai-sdk-mcp")
    client = ("--command", f"node {ROOT}/sut/ai-sdk-mcp/client.mjs")
    [c] = run(cli, tmp_path, "ai-sdk-mcp", "client", "client.invalid-params.unknown-mode", "2025-11-25", *client)
    assert c["status"] == "FAIL"
    [c] = run(cli, tmp_path, "ai-sdk-mcp", "client", "client.form.accept-with-content", "2025-06-18", *client)
    assert c["status"] == "PASS", c["reason"]
    [c] = run(cli, tmp_path, "ai-sdk-mcp", "client", "client.modern.accept-content", "2026-07-28", *client)
    assert c["status"] == "PASS", c["reason"]
    # No URL mode in the package: the adapter says SKIP, and a run that tested nothing exits 1.
    [c] = run(cli, tmp_path, "ai-sdk-mcp", "client", "client.url.accept-without-content", "2025-11-25", *client,
              expect_exit=1)
    assert c["status"] == "SKIP" and "no API for URL-mode elicitation" in c["reason"]


def test_mcp_lite(cli, tmp_path):
    installed("mcp-lite")
    server = HttpServer("node", ROOT / "sut" / "mcp-lite" / "server.mjs", "--http", "0")
    try:
        url = ("--url", server.url)
        [c] = run(cli, tmp_path, "mcp-lite", "server", "server.lifecycle.no-elicitation-in-2025-03-26", "2025-11-25",
                  *url)
        assert c["status"] == "FAIL"
        [c] = run(cli, tmp_path, "mcp-lite", "server", "server.validation.rejects-missing-required", "2025-06-18", *url)
        assert c["status"] == "WARN"
        [c] = run(cli, tmp_path, "mcp-lite", "server", "server.form.request-well-formed", "2025-06-18", *url)
        assert c["status"] == "PASS", c["reason"]
    finally:
        server.close()
    # No stdio transport: every case SKIP with the reason (a run that tested nothing exits 1).
    cases = run(cli, tmp_path, "mcp-lite", "server", "server.validation.rejects-*", "2025-06-18",
                "--command", f"node {ROOT}/sut/mcp-lite/server.mjs", expect_exit=1)
    assert len(cases) > 2 and all(c["status"] == "SKIP" and "no stdio transport" in c["reason"] for c in cases)


def test_server_everything(cli, tmp_path):
    installed("server-everything")
    dist = ROOT / "sut" / "server-everything" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist"
    stdio = ("--command", f"node {dist}/index.js stdio", "--observe-tool", "trigger-elicitation-request")
    cases = run(cli, tmp_path, "server-everything", "server", "*", "2025-06-18", *stdio)
    assert [c["status"] for c in cases] == ["FAIL", "PASS"]
    server = HttpServer("node", "--import", "./sut/server-everything/loopback.mjs", dist / "index.js",
                        "streamableHttp", env={"PORT": "0"})
    try:
        cases = run(cli, tmp_path, "server-everything", "server", "*", "2025-11-25", "--url", server.url,
                    "--observe-tool", "trigger-url-elicitation", "--tool-args", '{"url":"https://example.com/connect"}')
        assert [c["status"] for c in cases] == ["PASS", "PASS"]
    finally:
        server.close()
