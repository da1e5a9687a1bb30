"""The settle before a whole-transcript check: a ping round trip, not a fixed wait. The pong is
the settle's own (no check counts it, no step takes it); a SUT that never answers ping is not
failed for that, and a late message is still caught by the fixed wait it falls back to."""
import json

import pytest

from test_http import Listening
from test_server_role import SUTS

SYNC = "elicit-conform-sync-"


def run_case(cli, tmp_path, role, sut, case, *extra, revision="2025-11-25"):
    report = tmp_path / "r"
    proc = cli.run(role, "--command", sut, "--case", case, "--revision", revision, "--timeout", "3000",
                   "--report-dir", report, *extra)
    # The case's own row; a malformed message (an error answering a notification has id null)
    # also makes a row server.wire.messages-well-formed, judged in tests/test_hostile.py.
    [result] = [c for c in json.loads((report / "results.json").read_text())["cases"]
                if not c["id"].endswith(".wire.messages-well-formed")]
    return proc, result


def entries(result, source):
    return [t["text"] for t in result["transcript"] if t["from"] == source]


@pytest.mark.parametrize("role,case,transport", [
    ("server", "server.jsonrpc.no-response-to-notification", "stdio"),
    ("client", "client.completion.unknown-id-ignored", "stdio"),
    ("client", "client.completion.unknown-id-ignored", "http"),
])
def test_a_check_settles_with_a_ping(cli, tmp_path, role, case, transport):
    _, result = run_case(cli, tmp_path, role, f"{cli.peer} reference {role}", case, "--transport", transport)
    assert result["status"] == "PASS", result
    pings = [t for t in entries(result, "harness") if SYNC in t]
    pongs = [t for t in entries(result, "sut") if SYNC in t]
    # Two rounds before the first check; checks with nothing sent in between need none.
    assert len(pings) == 2 and len(pongs) == 2, (pings, pongs)
    assert not [n for n in entries(result, "note") if "did not answer ping" in n]


def test_a_check_settles_with_a_ping_over_http(cli, tmp_path):
    with Listening([str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0"], env=cli.env) as server:
        report = tmp_path / "r"
        cli.run("server", "--url", server.url, "--case", "server.jsonrpc.no-response-to-notification",
                "--revision", "2025-11-25", "--report-dir", report)
    [result] = json.loads((report / "results.json").read_text())["cases"]
    assert result["status"] == "PASS", result
    assert len([t for t in entries(result, "sut") if SYNC in t]) == 2


@pytest.mark.parametrize("role,case", [
    ("server", "server.jsonrpc.no-response-to-notification"),
    ("client", "client.completion.unknown-id-ignored"),
])
def test_a_sut_that_never_answers_ping_is_not_failed_for_it(cli, tmp_path, role, case):
    if role == "server":
        sut = f"{SUTS / 'ping_deaf_proxy.py'} in {cli.peer} reference server"
    else:
        sut = f"{cli.peer} reference client {SUTS / 'ping_deaf_proxy.py'} out"
    _, result = run_case(cli, tmp_path, role, sut, case)
    assert result["status"] == "PASS", result
    assert [n for n in entries(result, "note") if "did not answer ping" in n]


def test_a_late_message_is_caught_when_ping_goes_unanswered(cli, tmp_path):
    """The fixed wait a ping-deaf SUT falls back to still sees the error it sends to a notification."""
    sut = f"{SUTS / 'ping_deaf_proxy.py'} in {cli.peer} reference server --fault error-on-notification"
    _, result = run_case(cli, tmp_path, "server", sut, "server.jsonrpc.no-response-to-notification")
    assert result["status"] == "FAIL" and result["check"] == "check.no-response-to-notification", result
