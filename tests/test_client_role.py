"""`elicit-conform client` against the built-in reference client: the client corpus passes
against the clean peer, every client fault fails the cases that check its rule (and every
client case is failed by some fault), the adapter contract's environment reaches the client,
and broken clients get a verdict, leave no process and no temporary folder behind."""
import concurrent.futures
import glob
import json
import pathlib
import subprocess

import shutil

import pytest

from conftest import ROOT

from test_server_role import SUTS, leftovers, run


def client_faults(cli):
    out = cli.run("reference", "--list-faults").stdout.decode().splitlines()
    return [(line.split()[0], line.split("breaks ")[1].split(")")[0]) for line in out if "(client," in line]


def run_client(cli, tmp_path, sut, *extra, timeout=300):
    report = tmp_path / "report"
    proc = cli.run("client", "--command", sut, "--report-dir", report, *extra, timeout=timeout)
    results = json.loads((report / "results.json").read_text()) if (report / "results.json").exists() else None
    return proc, results


def temp_folders(cli):
    """The harness's private relay folders left in this test's TMPDIR (conftest.Cli), each holding
    a relay script that names the harness binary."""
    def ours(folder):
        try:
            return str(cli.path) in (pathlib.Path(folder) / "stdio-server").read_text()
        except OSError:
            return False
    return {f for f in glob.glob(f"{cli.tmpdir}/elicit-conform-*") if ours(f)}


@pytest.mark.sanitized
def test_clean_reference_client_passes_everything(cli, tmp_path):
    before = temp_folders(cli)
    proc, results = run_client(cli, tmp_path, f"{cli.peer} reference client")
    assert proc.returncode == 0, proc.stderr.decode()
    assert results["counts"]["PASS"] == len(results["cases"]) >= 4
    assert temp_folders(cli) <= before, "the private relay folder must be removed"


@pytest.mark.sanitized
def test_the_relay_folder_is_made_under_tmpdir_and_removed(cli, tmp_path):
    """Over stdio the harness makes a private folder for the relay's socket, under $TMPDIR (here
    the test's own, conftest.Cli) when set, and removes it after the case. The client lists it
    on its stderr, which the report keeps."""
    sut = f"sh -c 'ls -d \"$TMPDIR\"/elicit-conform-* >&2; exec \"$0\" reference client \"$@\"' {cli.peer}"
    proc, results = run_client(cli, tmp_path, sut, "--case", "client.actions.decline", "--revision", "2025-11-25")
    [case] = results["cases"]
    assert case["status"] == "PASS", case["reason"]
    assert f"{cli.tmpdir}/elicit-conform-" in case["sut_stderr"], case["sut_stderr"]
    assert not temp_folders(cli)


# Faults whose one wrong act necessarily breaks a second rule too, and which rule that is.
ALSO_BREAKS = {
    # A JSON-RPC response on the 2026-07-28 wire, where the server sends no request: its id is that
    # of no request, whatever else it is (the wire rules, issue 31).
    "legacy-answer-on-modern": ("JSONRPC-RESPONSE-SAME-ID",),
}


def test_every_client_fault_is_caught_and_every_case_can_fail(cli, tmp_path):
    # --timeout 3000: a fault that silences the client (skip-initialized) costs every case one
    # expect timeout; a clean local peer answers in milliseconds. Three faults run at a time.
    # The faults of a Streamable HTTP rule act on the 2026-07-28 wire over HTTP only: they run there.
    requirements = dict(client_faults(cli))

    def run_fault(name):
        extra = ("--transport", "http", "--revision", "2026-07-28") if "HTTP" in requirements[name] else ()
        return run_client(cli, tmp_path / name, f"{cli.peer} reference client --fault {name}", "-j", "4",
                          "--timeout", "3000", *extra)
    names = [n for n, _ in client_faults(cli)]
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        runs = dict(zip(names, pool.map(run_fault, names)))
    matrix = {}
    for name, requirement in client_faults(cli):
        proc, results = runs[name]
        # WARN (a SHOULD broken) and NOTE (a robustness case) are reported but do not fail the run.
        expected_exit = 1 if any(c["status"] == "FAIL" for c in results["cases"]) else 0
        assert proc.returncode == expected_exit, (name, proc.stderr.decode())
        # A failed lifecycle (the fault broke initialize itself) is a prerequisite, not a verdict on
        # the case's own rule: it counts as a failure of the run, not against precision.
        failed = {c["id"]: c for c in results["cases"]
                  if c["status"] in ("FAIL", "WARN", "NOTE") and not c.get("check", "").startswith("lifecycle.")
                  and not c.get("untestable")  # a prerequisite the fault broke: no verdict on the rule
                  and not c["id"].endswith(".wire.messages-well-formed")}  # the wire row: any malformed message
        matrix[name] = sorted(failed)
        broken = {requirement, *ALSO_BREAKS.get(name, ())}
        checking = {c["id"] for c in results["cases"]
                    if any(r.endswith("-" + rule) for r in c["requirements"] for rule in broken)}
        # Precision: only cases that check the broken rule fail (nothing else is collateral damage).
        # Detection: at least one does. A case listing several rules need not see every way to break each.
        assert failed and set(failed) <= checking, (
            f"fault {name} breaks {requirement}: failed {sorted(failed)}, cases checking it {sorted(checking)}")
    cases = {c["id"] for c in run_client(cli, tmp_path / "clean", f"{cli.peer} reference client")[1]["cases"]}
    cases |= {c["id"] for c in run_client(cli, tmp_path / "clean-http", f"{cli.peer} reference client",
                                          "--transport", "http", "--revision", "2026-07-28")[1]["cases"]}
    print("\nclient kill matrix (fault -> failing cases):")
    for name, failed in matrix.items():
        print(f"  {name:24} {', '.join(failed)}")
    assert not cases - {c for failed in matrix.values() for c in failed}


def test_the_adapter_environment_reaches_the_client(cli, tmp_path):
    probe = tmp_path / "probe.sh"
    dump = tmp_path / "env.txt"
    probe.write_text(f"#!/bin/sh\nenv | grep -E '^(ELICIT_CONFORM|MCP_CONFORMANCE)_' | sort > {dump}\n"
                     f"printf '%s\\n' \"$@\" >> {dump}\nexit 0\n")
    probe.chmod(0o755)
    run_client(cli, tmp_path, str(probe), "--case", "client.mode.omitted-is-form", "--timeout", "500")
    text = dump.read_text()
    assert "ELICIT_CONFORM_CASE=client.mode.omitted-is-form" in text
    assert "MCP_CONFORMANCE_SCENARIO=client.mode.omitted-is-form" in text
    assert 'ELICIT_CONFORM_CAPABILITIES={"form":{}}' in text
    assert 'ELICIT_CONFORM_USER=[{"action":"accept","content":{"name":"octocat"}}]' in text
    assert "ELICIT_CONFORM_PROTOCOL_VERSION=2025-11-25" in text
    assert "ELICIT_CONFORM_TOOL=" in text
    assert text.rstrip().splitlines()[-1].endswith("/stdio-server")  # the relay path is the last argument


@pytest.mark.sanitized
@pytest.mark.parametrize("script,marker", [("client_never_connects.sh", "SLEEP"), ("client_exits.sh", "client_exits")])
def test_broken_client_gets_a_verdict_and_leaves_nothing(cli, tmp_path, script, marker):
    before = temp_folders(cli)
    proc, results = run_client(cli, tmp_path, str(SUTS / script), "--timeout", "500", "--startup-timeout", "1000",
                               "-j", "4", timeout=120)
    # A client that never connects never came up: ERROR (exit 3), not a verdict on any rule.
    assert proc.returncode == 3
    assert {c["status"] for c in results["cases"]} == {"ERROR"}
    assert all("stdio server" in c["reason"] or c["reason"].startswith("not run: the SUT never came up")
               for c in results["cases"]), [c["reason"] for c in results["cases"]]
    assert not leftovers(cli.sleep_marker if marker == "SLEEP" else marker)
    assert temp_folders(cli) <= before


def test_client_cases_run_in_parallel_with_the_same_verdicts(cli, tmp_path):
    sut = f"{cli.peer} reference client --fault prefetch-url"
    _, serial = run_client(cli, tmp_path / "s", sut)
    _, parallel = run_client(cli, tmp_path / "p", sut, "-j", "4")
    assert [(c["id"], c["status"]) for c in serial["cases"]] == [(c["id"], c["status"]) for c in parallel["cases"]]


def test_a_client_that_asks_for_an_older_revision_is_judged_at_it(cli, tmp_path):
    """A client that supports only 2025-06-18 asks for it: each case that applies to 2025-06-18
    runs there (the harness answers 2025-06-18), the rest are SKIP with the reason."""
    proc, results = run_client(cli, tmp_path, f"{cli.peer} reference client --versions 2025-06-18",
                               "--revision", "2025-11-25", "-j", "4")
    assert proc.returncode == 0, proc.stderr.decode()
    ran_older = [c for c in results["cases"] if c["ran_at"] == "2025-06-18"]
    assert ran_older and all(c["status"] == "PASS" for c in ran_older)
    skipped = [c for c in results["cases"] if c["status"] == "SKIP"]
    assert skipped and all(c["reason"].startswith("negotiated 2025-06-18 (asked 2025-11-25)") for c in skipped)


@pytest.mark.sanitized
def test_the_reference_client_speaks_2026_07_28(cli, tmp_path):
    """On 2026-07-28 (stdio) the harness plays a server of that revision only: the reference client
    probes with server/discover, sends _meta on every request and answers the InputRequiredResults
    of every case by retrying; the client cases of that revision all pass and each client exits
    by itself."""
    proc, results = run_client(cli, tmp_path, f"{cli.peer} reference client", "--revision", "2026-07-28", "-j", "4")
    assert proc.returncode == 0, proc.stderr.decode()
    cases = results["cases"]
    assert len(cases) >= 19 and all(c["status"] == "PASS" for c in cases), results["counts"]
    # A result of a resultType the client does not know is invalid: the reference client refuses it
    # and ends with an error, as a client whose tool call failed does; every other client finishes.
    refused = {"client.modern.result-type-unknown-invalid"}
    exits = {c["id"]: c["sut_exit"] for c in cases}
    assert all(exit == "exited with status 0" for case, exit in exits.items() if case not in refused), exits
    assert all(exits[case] == "exited with status 1" for case in refused), exits
    first = [t["text"] for t in cases[0]["transcript"] if t["from"] == "sut"][0]
    assert '"method":"server/discover"' in first and "io.modelcontextprotocol/clientCapabilities" in first
    # Nothing of the initialize handshake on that wire (the cases about eras, whose harness plays a
    # 2025-11-25 server, see the dual-era client fall back to it).
    assert not any('"initialize"' in t["text"] for c in cases for t in c["transcript"]
                   if t["from"] == "sut" and c.get("negotiated") != "2025-11-25")
    assert {c["id"] for c in cases if c.get("negotiated") == "2025-11-25"} == {
        "client.eras.dual-era-probe", "client.eras.fallback-any-error", "client.eras.fallback-on-invalid-params",
        "client.eras.result-type-absent-complete",
        "client.eras.result-type-absent-with-input-requests", "client.eras.fallback-offers-latest"}


@pytest.mark.parametrize("validates,status", [(True, "PASS"), (False, "WARN")])
def test_a_client_may_abandon_a_call_whose_form_it_cannot_submit(cli, tmp_path, validates, status):
    """S3: a 2026-07-28 client that validates the user's content and abandons the call sends no
    retry, which the spec allows ("Servers MUST NOT assume that clients will ... retry"): the
    validation case passes and says why (kept by sending nothing); the same client retrying with
    the invalid content fails it at its check."""
    sut = f"/usr/bin/python3 {SUTS / 'abandoning_modern_client.py'}" + ("" if validates else " --no-validation")
    proc, results = run_client(cli, tmp_path, sut, "--revision", "2026-07-28", "--transport", "stdio",
                               "--case", "client.modern.no-invalid-content", "--timeout", "2000")
    [case] = results["cases"]
    assert case["status"] == status, case
    if validates:
        assert case["reason"].startswith("kept by sending nothing: no SUT message matched"), case["reason"]
        assert "abandon" in case["reason"]
    else:
        assert case["check"] == "check.retry-content-valid", case


@pytest.mark.parametrize("addressed,status", [(True, "PASS"), (False, "FAIL")])
def test_scripted_answers_addressed_to_a_message_reach_that_elicitation(cli, tmp_path, addressed, status):
    """S2: an answer with "message" is for the elicitation showing that message, whatever the order
    the client shows them in (an SDK fulfilling input requests concurrently). The scripted user of
    several-at-once, reversed: addressed, each form still gets its own content; without the
    messages the reference client hands them out in order and the forms get each other's."""
    cases = tmp_path / "cases"
    shutil.copytree(ROOT / "cases", cases)
    path = cases / "2026-07-28" / "client" / "client.modern.several-at-once.json"
    case = json.loads(path.read_text())
    case["sut"]["user"].reverse()
    if not addressed:
        for answer in case["sut"]["user"]:
            del answer["message"]
    path.write_text(json.dumps(case))
    proc, results = run_client(cli, tmp_path, f"{cli.peer} reference client", "--cases", cases,
                               "--revision", "2026-07-28", "--transport", "stdio",
                               "--case", "client.modern.several-at-once", "--timeout", "2000")
    [run] = results["cases"]
    assert run["status"] == status, run


def test_a_client_without_2026_07_28_says_skip(cli, tmp_path):
    """The adapter contract's way out: told to speak a revision it does not, the client exits 77
    with the reason, and the case is SKIP (not FAIL, not PASS)."""
    proc, results = run_client(cli, tmp_path, f"{cli.peer} reference client --versions 2025-11-25,2025-06-18",
                               "--revision", "2026-07-28", "--case", "client.modern.retry-new-id")
    [case] = results["cases"]
    assert case["status"] == "SKIP" and "does not speak 2026-07-28" in case["reason"], case
    assert proc.returncode == 1  # no run tested its rule


def test_the_adapter_environment_names_the_modern_revision(cli, tmp_path):
    probe = tmp_path / "probe.sh"
    dump = tmp_path / "env.txt"
    probe.write_text(f"#!/bin/sh\nenv | grep -E '^ELICIT_CONFORM_' | sort > {dump}\nexit 0\n")
    probe.chmod(0o755)
    run_client(cli, tmp_path, str(probe), "--case", "client.modern.several-at-once", "--timeout", "500",
               "--startup-timeout", "1000")
    text = dump.read_text()
    assert "ELICIT_CONFORM_PROTOCOL_VERSION=2026-07-28" in text
    assert 'ELICIT_CONFORM_CAPABILITIES={"form":{},"url":{}}' in text
