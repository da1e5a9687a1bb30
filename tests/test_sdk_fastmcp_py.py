"""FastMCP for Python (sut/fastmcp-py, `fastmcp` 4.2.3) against its baseline, on a few cases per role
and transport, so that CI notices when the adapter, the pinned packages or the harness changes a
verdict. Skipped, with the reason, when sut/fastmcp-py/.venv is absent (sut/fastmcp-py/setup.sh
makes it). ELICIT_CONFORM_BIN, when set, names the harness to run instead of the cli fixture's
build. The full runs are sut/fastmcp-py/report.sh; every verdict asserted here is explained in
reports/fastmcp-py/4.2.3/FINDINGS.md."""
import os
import pathlib

import pytest
from test_sdk_matrix_runs import HttpServer, run

ROOT = pathlib.Path(__file__).resolve().parent.parent
NAME = "fastmcp-py"
SUT = ROOT / "sut" / NAME
PYTHON = SUT / ".venv" / "bin" / "python"


@pytest.fixture
def fastmcp(cli):
    if not PYTHON.exists():
        pytest.skip("sut/fastmcp-py/.venv is absent: run sut/fastmcp-py/setup.sh")
    if os.environ.get("ELICIT_CONFORM_BIN"):
        cli.path = pathlib.Path(os.environ["ELICIT_CONFORM_BIN"])
    return cli


def test_server_stdio(fastmcp, tmp_path):
    server = ("--command", f"{PYTHON} {SUT}/server.py")
    # ctx.elicit() validates the accepted content with pydantic: a missing required field is refused.
    [c] = run(fastmcp, tmp_path, NAME, "server", "server.validation.rejects-missing-required", "2025-06-18", *server)
    assert c["status"] == "PASS", c["reason"]
    # F1: ctx.elicit() sends elicitation/create to a client that declared no elicitation at all.
    [c] = run(fastmcp, tmp_path, NAME, "server", "server.capability.none-means-no-elicitation", "2025-11-25",
              *server, expect_exit=0)
    assert c["status"] == "FAIL" and "sent elicitation/create" in c["reason"], c["reason"]


def test_server_http(fastmcp, tmp_path):
    server = HttpServer(PYTHON, SUT / "server.py", "--http", "0")
    try:
        url = ("--url", server.url)
        # F3: FastMCP turns the tool's UrlElicitationRequiredError into an isError result, no -32042.
        [c] = run(fastmcp, tmp_path, NAME, "server", "server.url-required.error-shape", "2025-11-25", *url)
        assert c["status"] == "FAIL", c["reason"]
        # F3 again (harness 268f6de1): the case first needs a -32042 for a valid URL entry, which
        # FastMCP cannot send: FAIL (not testable), no longer a vacuous PASS; a run that tested
        # nothing exits 1.
        [c] = run(fastmcp, tmp_path, NAME, "server", "server.url-required.refuses-form-entry", "2025-11-25", *url,
                  expect_exit=1)
        assert c["status"] == "FAIL" and c.get("untestable") and c["check"] == "response.can_refuse", c["reason"]
        # The guard pattern on 2026-07-28: an InputRequiredResult, then the final result on the retry.
        [c] = run(fastmcp, tmp_path, NAME, "server", "server.modern.form-input-required", "2026-07-28", *url)
        assert c["status"] == "PASS", c["reason"]
    finally:
        server.close()


def test_client(fastmcp, tmp_path):
    client = ("--command", f"{PYTHON} {SUT}/client.py")
    [c] = run(fastmcp, tmp_path, NAME, "client", "client.capability.both-modes-answered", "2025-11-25", *client)
    assert c["status"] == "PASS", c["reason"]
    # F7 (harness 68a491cc): fastmcp.Client declares {"form": {}, "url": {}} where a case asks for
    # {"form": {}}; a case that sends no URL elicitation now runs (it was SKIP, said by the adapter).
    [c] = run(fastmcp, tmp_path, NAME, "client", "client.actions.decline", "2025-11-25", *client)
    assert c["status"] == "PASS", c["reason"]
    # F7: a case about a mode the client must not have declared stays SKIP, now said by the harness
    # (and a run that tested nothing exits 1).
    [c] = run(fastmcp, tmp_path, NAME, "client", "client.capability.url-to-form-only", "2025-11-25", *client,
              expect_exit=1)
    assert c["status"] == "SKIP" and "a mode the client must not have declared" in c["reason"], c["reason"]
