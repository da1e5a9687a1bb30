"""`server --reuse-sut`: over stdio, a case that needs only the ordinary handshake may run in a
server process an earlier case started and left idle (cases/sut_pool.h). It is a speed option and
must never be a verdict option: every case gets the verdict it gets in a process of its own, on a
conformant server and on servers that break rules, and a server that talks between cases gets a
process per case."""
import json
import re

import pytest

from test_server_role import SUTS, faults, run


def verdicts(results):
    # A reason may name a request id (ours, or the server's own), which in a kept session goes on
    # counting.
    return {(c["id"], c["revision"]): (c["status"], c.get("check"), re.sub(r'\bid "?[A-Za-z-]*\d+"?', "id N", c["reason"]))
            for c in results["cases"]}


def both_ways(cli, tmp_path, sut, *extra):
    _, alone, _ = run(cli, tmp_path / "alone", sut, *extra)
    proc, shared, _ = run(cli, tmp_path / "shared", sut, "--reuse-sut", *extra)
    return alone, shared, proc


def test_cases_join_kept_sessions_and_the_reports_say_so(cli, tmp_path):
    alone, shared, proc = both_ways(cli, tmp_path, f"{cli.peer} reference server")
    assert verdicts(shared) == verdicts(alone)
    assert "reused_sessions" not in alone["provenance"]["sut"]
    joined = shared["provenance"]["sut"]["reused_sessions"]["runs_that_joined_one"]
    # Most of the runs that may join one do (a 2026-07-28 run never does: that wire keeps no state
    # between requests, below).
    may_join = [c for c in shared["cases"] if c["revision"] != "2026-07-28"]
    assert joined > len(may_join) // 2, (joined, len(may_join))
    assert f"--reuse-sut: {joined} of {len(shared['cases'])} runs joined" in proc.stderr.decode()
    joiners = [c for c in shared["cases"]
               if any("--reuse-sut: this case runs in" in t["text"] for t in c["transcript"] if t["from"] == "note")]
    assert len(joiners) == joined
    for c in joiners:
        sent = [json.loads(t["text"]) for t in c["transcript"] if t["from"] == "harness"]
        # No handshake of its own, and ids that go on counting in the session: never 1 again.
        assert all(m.get("method") not in ("initialize", "notifications/initialized") for m in sent), c["id"]
        assert all(m.get("id") != 1 for m in sent if "id" in m), c["id"]
    # The cases that need a process of their own mostly get one started while an earlier case ran.
    ahead = [c for c in shared["cases"] if any("the server was started (with this case's command" in t["text"]
                                                for t in c["transcript"] if t["from"] == "note")]
    assert ahead and not set(c["id"] + c["revision"] for c in ahead) & set(c["id"] + c["revision"] for c in joiners)
    # No 2026-07-28 case joins (that wire keeps no state between requests: its cases test that).
    assert not [c for c in joiners if c["revision"] == "2026-07-28"]
    # A case about the handshake has a process of its own.
    lifecycle = [c for c in shared["cases"] if c["id"] == "server.lifecycle.protocol-version-is-a-version"]
    assert lifecycle and all(c not in joiners for c in lifecycle)


# Faults whose damage could outlast a case (ids, notifications, content handling, what the
# server does after an answer), and faults of the handshake the reused sessions skip.
@pytest.mark.parametrize("fault", [
    "reuse-request-id", "bad-id-type", "complete-wrong-id", "trust-content", "mix-up-decline-cancel",
    "error-on-notification", "result-and-error", "elicit-without-capability", "negotiate-oldest",
    "empty-capability-as-all",
    # 2026-07-28: a server that carries capabilities from one request into the next. Its cases
    # would see another case's requests in a shared process (they did, before that wire was left
    # out of --reuse-sut), so every case of that wire has a process of its own.
    "remember-capabilities",
])
def test_a_faulty_server_gets_the_same_verdicts(cli, tmp_path, fault):
    assert fault in dict(faults(cli))
    alone, shared, _ = both_ways(cli, tmp_path, f"{cli.peer} reference server --fault {fault}", "-j", "2",
                                 "--timeout", "2500")
    assert verdicts(shared) == verdicts(alone)
    assert any(c["status"] in ("FAIL", "WARN") for c in shared["cases"]), "the fault broke nothing"


def test_a_server_that_talks_between_cases_gets_a_process_per_case(cli, tmp_path):
    sut = f"{SUTS / 'chatty_proxy.py'} {cli.peer} reference server"
    alone, shared, _ = both_ways(cli, tmp_path, sut, "--revision", "2025-11-25", "--case", "server.form.*")
    assert verdicts(shared) == verdicts(alone)
    assert shared["provenance"]["sut"]["reused_sessions"]["runs_that_joined_one"] == 0
    notes = [t["text"] for c in shared["cases"] for t in c["transcript"] if t["from"] == "note"]
    assert any("the session was not kept (the SUT sent a message of its own between cases)" in n for n in notes)


def test_reuse_is_for_a_started_server(cli):
    proc = cli.run("server", "--url", "http://127.0.0.1:9/mcp", "--reuse-sut")
    assert proc.returncode == 2
    assert "--reuse-sut is for a server started with --command" in proc.stderr.decode()
