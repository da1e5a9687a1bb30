"""rmcp (the official Rust MCP SDK, sut/rmcp/) against its baseline on a few cases per role, revision
and transport, so that CI notices when the adapters, the pinned crate or the harness change a
verdict. Skipped, with the reason, when the adapters are not built (`sut/rmcp/setup.sh` builds them).
Each run must end as sut/rmcp/expected-failures.yml says (tests/test_sdk_matrix_runs.py `run`).
The harness is the first build conftest finds, or ELICIT_CONFORM_BIN when that is set (a snapshot
build). The full reports are sut/rmcp/report.sh."""
import os
import pathlib
import shutil

import pytest

from conftest import BUILDS, Cli
from test_sdk_matrix_runs import HttpServer, run

ROOT = pathlib.Path(__file__).resolve().parent.parent
RELEASE = ROOT / "sut" / "rmcp" / "target" / "release"
SERVER = RELEASE / "server"
CLIENT = RELEASE / "client"


@pytest.fixture
def harness():
    """The harness to run: ELICIT_CONFORM_BIN when set, else the first build conftest finds."""
    if os.environ.get("ELICIT_CONFORM_BIN"):
        cli = Cli("default")
        cli.path = pathlib.Path(os.environ["ELICIT_CONFORM_BIN"])
    elif BUILDS:
        cli = Cli(BUILDS[0])
    else:
        pytest.skip("no harness build (scripts/setup.sh) and no ELICIT_CONFORM_BIN")
    yield cli
    shutil.rmtree(cli.tmpdir, ignore_errors=True)


def built():
    for binary in (SERVER, CLIENT):
        if not os.access(binary, os.X_OK):
            pytest.skip(f"{binary.relative_to(ROOT)} is not built: run sut/rmcp/setup.sh")


def test_rmcp_server_stdio(harness, tmp_path):
    built()
    server = ("--command", str(SERVER))
    # Peer::create_elicitation checks no declared capability (F1).
    [c] = run(harness, tmp_path, "rmcp", "server", "server.capability.none-means-no-elicitation", "2025-11-25",
              *server)
    assert c["status"] == "FAIL", c["reason"]
    # The accepted content reaches the tool unvalidated (F4): a SHOULD, WARN.
    [c] = run(harness, tmp_path, "rmcp", "server", "server.validation.rejects-missing-required", "2025-06-18",
              *server)
    assert c["status"] == "WARN", c["reason"]
    [c] = run(harness, tmp_path, "rmcp", "server", "server.modern.form-input-required", "2026-07-28", *server)
    assert c["status"] == "PASS", c["reason"]
    # elicit_sequence: one InputRequiredResult per round, the answers so far in requestState.
    [c] = run(harness, tmp_path, "rmcp", "server", "server.modern.multi-round", "2026-07-28", *server)
    assert c["status"] == "PASS", c["reason"]
    # elicit_together: the answers of a partial retry kept in requestState (issue 33 item 1).
    [c] = run(harness, tmp_path, "rmcp", "server", "server.modern.several-at-once-partial", "2026-07-28", *server)
    assert c["status"] == "PASS", c["reason"]
    # The contract prompt (ServerHandler::get_prompt, a GetPromptResponse::InputRequired on 2026-07-28).
    [c] = run(harness, tmp_path, "rmcp", "server", "server.modern.prompt-input-required", "2026-07-28", *server)
    assert c["status"] == "PASS", c["reason"]
    # requestState sealed with rmcp's RequestStateCodec (declared state-protected): an altered state is -32602.
    [c] = run(harness, tmp_path, "rmcp", "server", "server.modern.tampered-state-rejected", "2026-07-28", *server)
    assert c["status"] == "PASS", c["reason"]
    # (F6, a notification after server/discover ends rmcp's stdio server, is left to report.sh: which
    # step sees the closed pipe first, and so the check id the baseline names, depends on timing on
    # a loaded machine, about one run in five: an open suite defect in rmcp's FINDINGS.md.)
    # No API for -32042: the adapter says SKIP (a run that tested nothing exits 1).
    [c] = run(harness, tmp_path, "rmcp", "server", "server.url-required.error-shape", "2025-11-25", *server,
              expect_exit=1)
    assert c["status"] == "SKIP" and "no API for the URL-elicitation-required error" in c["reason"], c["reason"]


def test_rmcp_server_http(harness, tmp_path):
    built()
    server = HttpServer(SERVER, "--http", "0")
    try:
        url = ("--url", server.url)
        [c] = run(harness, tmp_path, "rmcp", "server", "server.form.request-well-formed", "2025-06-18", *url)
        assert c["status"] == "PASS", c["reason"]
        # No -32021 for a request whose clientCapabilities lack elicitation (F2).
        [c] = run(harness, tmp_path, "rmcp", "server", "server.modern.capability-missing-error", "2026-07-28", *url)
        assert c["status"] == "FAIL", c["reason"]
    finally:
        server.close()


def test_rmcp_client(harness, tmp_path):
    built()
    client = ("--command", str(CLIENT))
    [c] = run(harness, tmp_path, "rmcp", "client", "client.form.accept-with-content", "2025-06-18", *client)
    assert c["status"] == "PASS", c["reason"]
    # An unknown mode with a requestedSchema parses as a form (F8).
    [c] = run(harness, tmp_path, "rmcp", "client", "client.invalid-params.unknown-mode", "2025-11-25", *client)
    assert c["status"] == "FAIL", c["reason"]
    [c] = run(harness, tmp_path, "rmcp", "client", "client.modern.accept-content", "2026-07-28", *client)
    assert c["status"] == "PASS", c["reason"]
    [c] = run(harness, tmp_path, "rmcp", "client", "client.modern.http-version-header", "2026-07-28", *client,
              "--transport", "http")
    assert c["status"] == "PASS", c["reason"]
    # rmcp hands the input requests of one InputRequiredResult over sorted by key, not in the
    # server's order: the adapter gives each the scripted answer addressed to its message (the
    # adapter contract), so the user accepts the files page and declines the contacts page.
    [c] = run(harness, tmp_path, "rmcp", "client", "client.modern.url-consent-per-request", "2026-07-28", *client)
    assert c["status"] == "PASS", c["reason"]
    # No client-side validation (F9): {"age": 7} against minimum 18 is sent.
    [c] = run(harness, tmp_path, "rmcp", "client", "client.validation.constraints", "2025-11-25", *client)
    assert c["status"] == "WARN" and c["check"] == "response.age", c["reason"]
