"""The wire judged whole (issue 31, item 2): rules no single message shows, judged over every
message of every run and reported as the wire row `server.wire.messages-well-formed`. Each fault
is the reference server behind tests/suts/wire_faults_proxy.py, which breaks one rule; the clean
proxy (no fault) proves the proxy alone draws no finding, so every row below comes from the rule."""
import json

import pytest

from conftest import ROOT

from test_server_role import SUTS

PROXY = SUTS / "wire_faults_proxy.py"
WIRE = "server.wire.messages-well-formed"


def judged(cli, tmp_path, fault, revision, cases="server.*.decline-reaches-tool"):
    report = tmp_path / f"{fault}-{revision}"
    proc = cli.run("server", "--command", f"{PROXY} {fault} {cli.peer} reference server", "--case", cases,
                   "--revision", revision, "--startup-timeout", "3000", "--timeout", "2500",
                   "--report-dir", report, timeout=120)
    results = json.loads((report / "results.json").read_text())
    rows = {c["id"]: c for c in results["cases"]}
    return proc, rows.pop(WIRE, None), rows


@pytest.mark.parametrize("revision", ["2025-11-25", "2026-07-28"])
def test_the_proxy_alone_draws_no_wire_finding(cli, tmp_path, revision):
    proc, wire, rows = judged(cli, tmp_path, "none", revision)
    assert proc.returncode == 0, proc.stderr.decode()
    assert wire is None and [r["status"] for r in rows.values()] == ["PASS"], rows


@pytest.mark.parametrize("revision", ["2025-11-25", "2026-07-28"])
@pytest.mark.parametrize("fault, status, check, requirement", [
    ("duplicate", "FAIL", "jsonrpc.response-duplicate", "JSONRPC-SPEC"),
    ("leak", "WARN", "spec-schema.notification-undefined", "SCHEMA-MESSAGES"),
    ("schema", "FAIL", "spec-schema.ListToolsResult", "SCHEMA-MESSAGES"),
    ("wrong-id-call", "FAIL", "jsonrpc.response-unknown-id", "JSONRPC-RESPONSE-SAME-ID"),
])
def test_a_rule_of_the_whole_wire_is_a_wire_verdict(cli, tmp_path, revision, fault, status, check, requirement):
    """Before issue 31 each of these was at most a finding inside a PASS case, or nothing at all
    (the schema was applied to the harness's own messages only)."""
    proc, wire, rows = judged(cli, tmp_path, fault, revision)
    assert wire is not None, rows
    assert (wire["status"], wire["check"]) == (status, check), wire
    assert f"EL-{revision}-{requirement}" in wire["requirements"]
    assert proc.returncode == (1 if status == "FAIL" else 0), proc.stderr.decode()
    if fault != "wrong-id-call":
        assert [r["status"] for r in rows.values()] == ["PASS"], rows  # the case's own rule held


@pytest.mark.parametrize("revision", ["2025-11-25", "2026-07-28"])
def test_a_wrong_id_is_judged_not_called_a_sut_that_never_came_up(cli, tmp_path, revision):
    """Before: a server answering initialize (server/discover) with a wrong id was ERROR, "the SUT
    never came up". Now the wire row fails it for the id, and the case says its rule was not
    reached and why."""
    proc, wire, rows = judged(cli, tmp_path, "wrong-id", revision)
    assert proc.returncode == 1
    assert (wire["status"], wire["check"]) == ("FAIL", "jsonrpc.response-unknown-id"), wire
    [row] = rows.values()
    assert row["status"] == "FAIL" and row["untestable"] and row["check"] == "jsonrpc.response-unknown-id", row
    assert "with id 2, which is no request of ours" in row["reason"], row["reason"]
    # And a step waiting for an answer says which id came instead.
    _, _, rows = judged(cli, tmp_path, "wrong-id-call", revision)
    [row] = rows.values()
    assert "the SUT sent a response with id 4, which is no request of ours" in row["reason"], row


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_the_url_trap_judges_every_fetch_of_every_client_run(cli, tmp_path, transport):
    """Issue 33, item 5: "MUST NOT automatically pre-fetch the URL or any of its metadata". Before,
    a fetch was judged only in the eight cases whose expect_no_fetch step named its URL. Now every
    client run's trap requests are judged against the URLs its user accepted: the conformant
    reference client (which opens what its user accepts) draws nothing, the prefetching one a
    client wire row, in cases that have no expect_no_fetch step too."""
    def rows(fault):
        report = tmp_path / f"{transport}{fault}"
        cli.run("client", "--command", f"{cli.peer} reference client {fault}", "--transport", transport,
                "--revision", "2025-11-25", "--timeout", "2000", "-j", "2", "--report-dir", report, timeout=300)
        return {c["id"]: c for c in json.loads((report / "results.json").read_text())["cases"]}
    assert "client.wire.messages-well-formed" not in rows("")
    wire = rows("--fault prefetch-url")["client.wire.messages-well-formed"]
    assert (wire["status"], wire["check"]) == ("FAIL", "url-trap.fetch-not-accepted"), wire
    assert "EL-2025-11-25-CLIENT-URL-NO-PREFETCH" in wire["requirements"]
    no_fetch_cases = {p.stem for p in (ROOT / "cases").rglob("*.json") if '"expect_no_fetch"' in p.read_text()}
    judged_in = {f["message"].split(")")[0].removeprefix("(in ") for f in wire["sut_findings"]}
    assert judged_in - no_fetch_cases, judged_in  # runs no step of which names the URL


def test_a_legacy_request_on_the_modern_wire_is_judged_in_every_case(cli, tmp_path):
    """Issue 33: "no JSON-RPC elicitation/create anywhere on the modern wire, checked in every
    modern server case, not in one". The fault writes one beside each InputRequiredResult; a case
    about something else (the decline reaching the tool) still holds its own rule, and the wire row
    fails for the request, citing MRTR-SERVER-USES-MRTR."""
    report = tmp_path / "legacy"
    proc = cli.run("server", "--command", f"{cli.peer} reference server --fault legacy-elicit-on-modern",
                   "--case", "server.modern.decline-reaches-tool", "--revision", "2026-07-28",
                   "--report-dir", report, timeout=120)
    rows = {c["id"]: c for c in json.loads((report / "results.json").read_text())["cases"]}
    wire = rows.pop(WIRE)
    assert [r["status"] for r in rows.values()] == ["PASS"], rows
    assert (wire["status"], wire["check"]) == ("FAIL", "mrtr.server-request"), wire
    assert "EL-2026-07-28-MRTR-SERVER-USES-MRTR" in wire["requirements"]
    assert "wrote no request of its own" in wire["title"]
    assert proc.returncode == 1
