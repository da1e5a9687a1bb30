"""The Go SDKs of the matrix against their baselines on a few cases each: the official
github.com/modelcontextprotocol/go-sdk (sut/go-sdk) and github.com/mark3labs/mcp-go (sut/mcp-go),
both roles. Each run must exit as the SDK's expected-failures.yml says, and each case must have the
verdict its baseline and reports/<name>/<version>/FINDINGS.md imply. Skipped, with the reason, when
the adapters are not built (sut/<name>/setup.sh builds them). The full runs are sut/<name>/report.sh.

The harness is the default build through the `cli` fixture of conftest.py; on a machine without
one, ELICIT_CONFORM_BIN names a harness binary to use instead."""
import os
import pathlib
import shutil

import pytest

import conftest
from test_sdk_matrix_runs import HttpServer, run

ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.fixture(params=conftest.BUILDS or ["ELICIT_CONFORM_BIN"])
def cli(request):
    """conftest's `cli`, or, when there is no build, the harness ELICIT_CONFORM_BIN names."""
    if request.param == "ELICIT_CONFORM_BIN":
        path = os.environ.get("ELICIT_CONFORM_BIN")
        if not path or not os.access(path, os.X_OK):
            pytest.fail("no build found: run scripts/setup.sh (or set ELICIT_CONFORM_BIN)")
        harness = conftest.Cli("default")
        harness.path = harness.peer = pathlib.Path(path)
    else:
        harness = conftest.Cli(request.param)
    yield harness
    shutil.rmtree(harness.tmpdir, ignore_errors=True)


def adapters(name):
    """The paths of sut/<name>/bin/server and bin/client, or skip when they are not built."""
    bin_dir = ROOT / "sut" / name / "bin"
    if not ((bin_dir / "server").exists() and (bin_dir / "client").exists()):
        pytest.skip(f"sut/{name}/bin is not built: run sut/{name}/setup.sh")
    return bin_dir / "server", bin_dir / "client"


def test_go_sdk_server(cli, tmp_path):
    server, _ = adapters("go-sdk")
    push = ("--command", f"{server} --api push")
    mrtr = ("--command", f"{server} --api input-required")
    # ServerSession.Elicit sends URL mode on a 2025-06-18 session (FINDINGS G2).
    [c] = run(cli, tmp_path, "go-sdk", "server", "server.lifecycle.no-url-mode-in-2025-06-18", "2025-06-18", *push)
    assert c["status"] == "FAIL", c["reason"]
    # The SDK refuses a form entry of -32042 (a panic the adapter reports as the tool's error).
    [c] = run(cli, tmp_path, "go-sdk", "server", "server.url-required.refuses-form-entry", "2025-11-25", *push)
    assert c["status"] == "PASS", c["reason"]
    # The push API has no form on 2026-07-28: SKIP with the SDK's words (a run that tested nothing exits 1).
    [c] = run(cli, tmp_path, "go-sdk", "server", "server.modern.form-input-required", "2026-07-28", *push,
              expect_exit=1)
    assert c["status"] == "SKIP" and "ServerSession.Elicit" in c["reason"], c["reason"]
    [c] = run(cli, tmp_path, "go-sdk", "server", "server.modern.form-input-required", "2026-07-28", *mrtr)
    assert c["status"] == "PASS", c["reason"]
    # InputRequests go out whatever the request's clientCapabilities say: no -32021 (FINDINGS G6).
    [c] = run(cli, tmp_path, "go-sdk", "server", "server.modern.capability-missing-error", "2026-07-28", *mrtr)
    assert c["status"] == "FAIL", c["reason"]
    # elicit_sequence: one round per params, the answers so far in RequestState; two calls interleaved.
    [c] = run(cli, tmp_path, "go-sdk", "server", "server.modern.multi-round-interleaved", "2026-07-28", *mrtr)
    assert c["status"] == "PASS", c["reason"]
    # The contract's prompt (Server.AddPrompt): a GetPromptResult carries InputRequests like a tool's.
    [c] = run(cli, tmp_path, "go-sdk", "server", "server.modern.prompt-input-required", "2026-07-28", *mrtr)
    assert c["status"] == "PASS", c["reason"]
    # Its RequestState is plain JSON, declared nothing: the tampered-state rule is not claimed (SKIP).
    [c] = run(cli, tmp_path, "go-sdk", "server", "server.modern.tampered-state-rejected", "2026-07-28", *mrtr,
              expect_exit=1)
    assert c["status"] == "SKIP" and "io.elicit-conform/state-protected" in c["reason"], c["reason"]
    # A 2026-07-28 tools/call whose _meta lacks protocolVersion is served as the session's version, not
    # refused with -32602 (FINDINGS G11; case new with harness bc72bb73, regenerated with 0da9d182).
    [c] = run(cli, tmp_path, "go-sdk", "server", "server.modern.meta-version-missing-rejected", "2026-07-28", *mrtr)
    assert c["status"] == "FAIL" and c["check"] == "response.call", c["reason"]
    # The push API serves it too: FAIL, not the tool's SKIP (suite defect S5, fixed by harness 94ecea2f).
    [c] = run(cli, tmp_path, "go-sdk", "server", "server.modern.meta-version-missing-rejected", "2026-07-28", *push)
    assert c["status"] == "FAIL" and c["check"] == "response.call", c["reason"]


def test_go_sdk_server_http(cli, tmp_path):
    server, _ = adapters("go-sdk")
    http = HttpServer(server, "--api", "input-required", "--http", "0")
    try:
        url = ("--url", http.url)
        [c] = run(cli, tmp_path, "go-sdk", "server", "server.modern.http-version-mismatch-rejected", "2026-07-28",
                  *url)
        assert c["status"] == "PASS", c["reason"]
        [c] = run(cli, tmp_path, "go-sdk", "server", "server.url-required.refuses-entry-without-id", "2025-11-25",
                  *url)
        assert c["status"] == "FAIL", c["reason"]
        # The SDK answers the POST of an unknown notification with HTTP 400, as the transport allows:
        # since harness 268f6de1 that is no broken session and the case PASSes (suite defect S1, fixed).
        [c] = run(cli, tmp_path, "go-sdk", "server", "server.jsonrpc.no-response-to-notification", "2025-11-25",
                  *url)
        assert c["status"] == "PASS", c["reason"]
        assert any("HTTP 400" in t["text"] for t in c["transcript"] if t["from"] == "note"), c["transcript"]
    finally:
        http.close()


def test_go_sdk_client(cli, tmp_path):
    _, client = adapters("go-sdk")
    cmd = ("--command", str(client))
    [c] = run(cli, tmp_path, "go-sdk", "client", "client.form.accept-with-content", "2025-06-18", *cmd)
    assert c["status"] == "PASS", c["reason"]
    [c] = run(cli, tmp_path, "go-sdk", "client", "client.modern.accept-content", "2026-07-28", *cmd)
    assert c["status"] == "PASS", c["reason"]
    # notifications/elicitation/complete without params: a nil dereference ends the client (FINDINGS C2).
    [c] = run(cli, tmp_path, "go-sdk", "client", "client.completion.malformed-ignored", "2025-11-25", *cmd)
    assert c["status"] == "FAIL", c["reason"]
    # An unknown resultType with inputRequests is retried as input_required (FINDINGS C6).
    [c] = run(cli, tmp_path, "go-sdk", "client", "client.modern.result-type-unknown-invalid", "2026-07-28", *cmd)
    assert c["status"] == "FAIL", c["reason"]
    # The client validates content, but jsonschema-go ignores `format`: "nope" for an e-mail goes out (C8).
    [c] = run(cli, tmp_path, "go-sdk", "client", "client.validation.constraints", "2025-11-25", *cmd)
    assert c["status"] == "WARN" and c["check"] == "response.email", c["reason"]
    # The fallback initialize asks for 2025-11-25, the newest initialize-based version (session 29).
    [c] = run(cli, tmp_path, "go-sdk", "client", "client.eras.fallback-offers-latest", "2026-07-28", *cmd)
    assert c["status"] == "PASS", c["reason"]


def test_mcp_go_server(cli, tmp_path):
    server, _ = adapters("mcp-go")
    push = ("--command", f"{server} --api push")
    mrtr = ("--command", f"{server} --api input-required")
    # RequestElicitation sends elicitation/create to a client that declared no elicitation (FINDINGS M1).
    [c] = run(cli, tmp_path, "mcp-go", "server", "server.capability.none-means-no-elicitation", "2025-11-25", *push)
    assert c["status"] == "FAIL", c["reason"]
    [c] = run(cli, tmp_path, "mcp-go", "server", "server.modern.form-input-required", "2026-07-28", *mrtr)
    assert c["status"] == "PASS", c["reason"]
    # The contract's prompt (MCPServer.AddPrompt, InputRequestBuilder.PromptResult).
    [c] = run(cli, tmp_path, "mcp-go", "server", "server.modern.prompt-input-required", "2026-07-28", *mrtr)
    assert c["status"] == "PASS", c["reason"]
    # elicit_together: one InputRequiredResult with every params, asked again for any a retry lacks,
    # the answers of a partial retry kept in the request state (issue 33 item 1).
    cases = run(cli, tmp_path, "mcp-go", "server", "server.modern.several-at-once*", "2026-07-28", *mrtr)
    assert {c["id"]: c["status"] for c in cases} == {
        "server.modern.several-at-once": "PASS", "server.modern.several-at-once-partial": "PASS"}, \
        [(c["id"], c["status"], c["reason"]) for c in cases]
    # A 2026-07-28 tools/call whose _meta lacks protocolVersion is taken for a legacy request: a JSON-RPC
    # elicitation/create goes out instead of -32602 (FINDINGS M15; case new with harness bc72bb73), which
    # the run's server.wire.messages-well-formed row names too (mrtr.server-request).
    cases = run(cli, tmp_path, "mcp-go", "server", "server.modern.meta-version-missing-rejected", "2026-07-28", *mrtr)
    verdicts = {c["id"]: (c["status"], c["check"]) for c in cases}
    assert verdicts == {"server.modern.meta-version-missing-rejected": ("FAIL", "response.call"),
                        "server.wire.messages-well-formed": ("FAIL", "mrtr.server-request")}, verdicts
    # mcp-go turns a handler's URLElicitationRequiredError into -32603 on 2026-07-28, not the retired -32042.
    [c] = run(cli, tmp_path, "mcp-go", "server", "server.modern.no-retired-error-codes", "2026-07-28", *mrtr)
    assert c["status"] == "PASS", c["reason"]
    # Accepted content is not validated against the requested schema (FINDINGS M4): WARN.
    [c] = run(cli, tmp_path, "mcp-go", "server", "server.validation.rejects-missing-required", "2025-06-18", *push)
    assert c["status"] == "WARN", c["reason"]
    # elicit runs as a task (WithTaskCapabilities, TaskSupportOptional), but the task's context ends with
    # the CreateTaskResult and its elicitation/create has no related-task _meta (FINDINGS M17).
    [c] = run(cli, tmp_path, "mcp-go", "server", "server.tasks.elicit-related-task", "2025-11-25", *push)
    assert c["status"] == "FAIL" and c["check"] == "expect.create", c["reason"]


def test_mcp_go_client(cli, tmp_path):
    _, client = adapters("mcp-go")
    cmd = ("--command", str(client))
    [c] = run(cli, tmp_path, "mcp-go", "client", "client.modern.accept-content", "2026-07-28", *cmd)
    assert c["status"] == "PASS", c["reason"]
    # An unknown mode is answered -32603, not -32602 (FINDINGS M7).
    [c] = run(cli, tmp_path, "mcp-go", "client", "client.invalid-params.unknown-mode", "2025-11-25", *cmd)
    assert c["status"] == "FAIL", c["reason"]
    # No API that fills in SEP-1034 defaults: SKIP (a run that tested nothing exits 1).
    [c] = run(cli, tmp_path, "mcp-go", "client", "client.sep1034.defaults-prefilled", "2025-11-25", *cmd,
              expect_exit=1)
    assert c["status"] == "SKIP" and "SEP-1034" in c["reason"], c["reason"]
    # The client validates no content (FINDINGS M12): {"age": 7} against minimum 18 goes out.
    [c] = run(cli, tmp_path, "mcp-go", "client", "client.validation.constraints", "2025-11-25", *cmd)
    assert c["status"] == "WARN" and c["check"] == "response.age", c["reason"]
    # The fallback initialize asks for 2025-11-25, the newest initialize-based version (session 29).
    [c] = run(cli, tmp_path, "mcp-go", "client", "client.eras.fallback-offers-latest", "2026-07-28", *cmd)
    assert c["status"] == "PASS", c["reason"]
