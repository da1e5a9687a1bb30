"""Streamable HTTP in both roles: the corpus gives the same verdicts over HTTP as over stdio
(clean reference peers and a handful of faults; the full kill matrix runs over stdio, and over HTTP
for the faults of Streamable HTTP rules: test_server_role.py, test_client_role.py), a
client command written for the official suite runs unchanged, and hostile HTTP servers get a
verdict within the timeout without leaving a process or a listening socket behind."""
import json
import os
import select
import socket
import subprocess
import sys
import time

import pytest

from conftest import ROOT
from test_server_role import SUTS, leftovers

SERVER_FAULTS = ["send-undeclared-mode", "result-and-error", "mangle-url", "trust-content"]
CLIENT_FAULTS = ["prefetch-url", "accept-undeclared-mode", "swap-decline-cancel", "answer-notification"]


class Listening:
    """A server process that prints its URL as the first line of stdout; killed on exit."""

    def __init__(self, argv, env=None):
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        ready, _, _ = select.select([self.proc.stdout], [], [], 10)
        assert ready, "the server printed no URL within 10 s"
        self.url = self.proc.stdout.readline().decode().strip()
        assert self.url.startswith("http://127.0.0.1:"), self.url

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.proc.kill()
        self.proc.communicate(timeout=10)


def verdicts(cli, tmp_path, *args, timeout=300):
    report = tmp_path / "report"
    proc = cli.run(*args, "--report-dir", report, "-j", "4", timeout=timeout)
    results = json.loads((report / "results.json").read_text())
    return proc, results, [(c["id"], c["revision"], c["status"]) for c in results["cases"]]


def two_session_cases():
    """The cases with steps on a second session ("session": "B"), which only Streamable HTTP has."""
    return {json.loads(f.read_text())["id"] for f in (ROOT / "cases").glob("*/server/*.json")
            if any(s.get("session") == "B" for s in json.loads(f.read_text())["steps"])}


def assert_same_verdicts(over_stdio, over_http):
    """Every case that runs on both transports gets the same verdict on each. Only 2026-07-28 cases
    and the two-session cases run on one: those of a Streamable HTTP rule (".http-" in the id) and
    those with a second session over HTTP, those of a stdio rule or of client notifications (which
    2026-07-28 has only on stdio) over stdio."""
    both = {v[:2] for v in over_http} & {v[:2] for v in over_stdio}
    assert [v for v in over_http if v[:2] in both] == [v for v in over_stdio if v[:2] in both]
    only_http = [v for v in over_http if v[:2] not in both]
    only_stdio = [v for v in over_stdio if v[:2] not in both]
    two_sessions = two_session_cases()
    assert only_http and all((rev == "2026-07-28" and ".http-" in case) or case in two_sessions
                             for case, rev, _ in only_http), only_http
    assert all(rev == "2026-07-28" and ".http-" not in case for case, rev, _ in only_stdio), only_stdio
    # ... and each of them says so in its file (a stdio rule, client notifications, the era cases).
    stdio_only = {c["id"] for c in map(lambda f: json.loads(f.read_text()), (ROOT / "cases").glob("2026-07-28/*/*.json"))
                  if c.get("transports") == ["stdio"]}
    assert {case for case, _, _ in only_stdio} <= stdio_only, only_stdio
    assert sum(rev == "2026-07-28" for _, rev in both) >= 15, "the modern cases run over HTTP too"


def listening_ports():
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            for line in f.readlines()[1:]:
                fields = line.split()
                if fields[3] == "0A":  # LISTEN
                    ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


@pytest.mark.sanitized(params={"fault": ""})
@pytest.mark.parametrize("fault", [""] + SERVER_FAULTS)
def test_server_corpus_over_http_matches_stdio(cli, tmp_path, fault):
    extra = ["--fault", fault] if fault else []
    _, _, over_stdio = verdicts(cli, tmp_path / "stdio", "server", "--command",
                                " ".join([str(cli.peer), "reference", "server", *extra]))
    with Listening([str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0", *extra], env=cli.env) as server:
        proc, results, over_http = verdicts(cli, tmp_path / "http", "server", "--url", server.url)
    assert_same_verdicts(over_stdio, over_http)
    assert proc.returncode == (1 if any(s == "FAIL" for _, _, s in over_http) else 0), proc.stderr.decode()
    if not fault:
        assert all(s == "PASS" for _, _, s in over_http) and len(over_http) >= 5
        case = results["cases"][0]
        assert case["transport"] == "http"
        notes = [t["text"] for t in case["transcript"] if t["from"] == "note"]
        assert any(n.startswith("session ") for n in notes), notes  # Mcp-Session-Id taken from initialize
        assert "DELETE of the session: HTTP 200 OK" in notes, notes  # and the session ended with DELETE


@pytest.mark.sanitized(params={"fault": ""})
@pytest.mark.parametrize("fault", [""] + CLIENT_FAULTS)
def test_client_corpus_over_http_matches_stdio(cli, tmp_path, fault):
    command = " ".join([str(cli.peer), "reference", "client"] + (["--fault", fault] if fault else []))
    _, _, over_stdio = verdicts(cli, tmp_path / "stdio", "client", "--command", command)
    proc, results, over_http = verdicts(cli, tmp_path / "http", "client", "--command", command, "--transport", "http")
    assert_same_verdicts(over_stdio, over_http)
    assert proc.returncode == (1 if any(s == "FAIL" for _, _, s in over_http) else 0), proc.stderr.decode()
    if fault == "prefetch-url":
        # The URL trap is the endpoint's own listener: the fetch is seen over HTTP too.
        fetched = [c for c in results["cases"] if "fetched http://127.0.0.1:" in c.get("reason", "")]
        assert fetched, [c["reason"] for c in results["cases"]]


def test_official_suite_client_command_runs_unchanged(cli, tmp_path):
    log = tmp_path / "urls.txt"
    cli.env["EC_TEST_URL_LOG"] = str(log)
    proc, results, over_http = verdicts(cli, tmp_path, "client", "--command",
                                        f"{SUTS / 'official_style_client.sh'} {cli.peer}", "--transport", "http")
    assert proc.returncode == 0, [c["reason"] for c in results["cases"]]
    assert all(s == "PASS" for _, _, s in over_http)
    urls = log.read_text().split()
    assert len(urls) == len(over_http)  # one endpoint per case, given as the last argument
    # Every endpoint is gone once the run is over, and so is every client.
    assert not {int(u.split(":")[2].split("/")[0]) for u in urls} & listening_ports()
    assert not leftovers("official_style_client")


# A server whose initialize fails never came up: ERROR (exit 3). One that fails later, FAIL.
@pytest.mark.sanitized
@pytest.mark.parametrize("mode,reason,status", [
    ("endless-stream", "tools/list got no result (no answer in time)", "FAIL"),
    ("huge-event", None, "FAIL"),
    ("drop-mid-event", "in the middle of an event", "FAIL"),
    ("error-500", "HTTP 500 Internal Server Error (text/html)", "FAIL"),
    ("html", "Content-Type \"text/html\"", "ERROR"),
])
def test_hostile_http_server_gets_a_verdict(cli, tmp_path, mode, reason, status):
    # The huge event takes the Python server some 0.4 s to write on an idle machine, and the
    # response comes after it: 1 s is too short a wait for it on a loaded one.
    timeout_ms = "5000" if mode == "huge-event" else "1000"
    with Listening([sys.executable, str(SUTS / "http_server_hostile.py"), mode]) as server:
        started = time.monotonic()
        proc, results, over_http = verdicts(cli, tmp_path, "server", "--url", server.url, "--timeout", timeout_ms,
                                            "--startup-timeout", "5000",
                                            "--case", "server.jsonrpc.messages-well-formed", timeout=120)
        took = time.monotonic() - started
    assert proc.returncode == (3 if status == "ERROR" else 1), proc.stderr.decode()
    assert {s for _, _, s in over_http} == {status}
    assert took < 20 + 2 * int(timeout_ms) / 1000, f"{mode}: {took:.1f} s"  # no hang: bounded by the waits asked for
    for case in results["cases"]:
        if reason:
            assert reason in case["reason"], case["reason"]
        else:  # the oversized event is a finding; the stream goes on to the real response
            assert "json.too-large" in {f["check"] for f in case["sut_findings"]}, case["sut_findings"]


@pytest.mark.parametrize("case,method", [("server.jsonrpc.messages-well-formed", "initialize"),
                                         ("server.modern.asks-again", "server/discover")])
def test_nothing_listening_at_the_url_is_unavailable_at_once(cli, tmp_path, case, method):
    """A refused POST has no response to wait for: the SUT never came up, and the reason says the
    request could not be sent (it used to wait out the startup timeout for an answer, and a fuzz
    campaign's case input against a server that had died held the campaign that long)."""
    with socket.socket() as probe:  # a port nothing listens on: bound here, never listening
        probe.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{probe.getsockname()[1]}/mcp"
        proc, results, over_http = verdicts(cli, tmp_path, "server", "--url", url, "--startup-timeout", "600000",
                                            "--case", case, timeout=120)
    assert proc.returncode == 3, proc.stderr.decode()
    assert results["cases"] and {s for _, _, s in over_http} == {"ERROR"}, over_http
    for result in results["cases"]:
        assert f"the POST of {method} could not be sent" in result["reason"], result["reason"]


@pytest.mark.sanitized
def test_streaming_server_does_not_hold_the_harness_after_the_run(cli, tmp_path):
    """The endless stream is still being written when the harness exits: it must exit anyway,
    promptly, with its report written."""
    with Listening([sys.executable, str(SUTS / "http_server_hostile.py"), "endless-stream"]) as server:
        started = time.monotonic()
        proc = subprocess.run([str(cli.path), "server", "--url", server.url, "--timeout", "300", "--case", "server.form.*",
                               "--report-dir", str(tmp_path / "r")], capture_output=True, env=cli.env, timeout=120)
        took = time.monotonic() - started
        assert server.proc.poll() is None  # the server is still streaming: the harness left anyway
    assert proc.returncode == 1 and (tmp_path / "r" / "results.json").exists()
    assert took < 60


@pytest.mark.sanitized
def test_non_loopback_url_is_refused(cli):
    for url in ("http://example.com/mcp", "http://192.168.1.1:8080/mcp", "https://127.0.0.1:1/mcp"):
        proc = cli.run("server", "--url", url)
        assert proc.returncode == 2 and b"--url" in proc.stderr, (url, proc.stderr)


def test_transport_field_limits_a_case_to_one_transport(cli, tmp_path):
    cases = tmp_path / "cases" / "2025-11-25" / "server"
    cases.mkdir(parents=True)
    base = json.loads((ROOT / "cases" / "2025-11-25" / "server" / "server.jsonrpc.messages-well-formed.json").read_text())
    for transport in ("stdio", "http"):
        case = dict(base, id=f"server.transport.only-{transport}", title=f"only over {transport}", transports=[transport],
                    revisions=["2025-11-25"], requirements=["REQUEST-MESSAGE"])
        (cases / f"{transport}.json").write_text(json.dumps(case))
    _, _, over_stdio = verdicts(cli, tmp_path / "s", "server", "--cases", tmp_path / "cases", "--command",
                                f"{cli.peer} reference server")
    with Listening([str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0"], env=cli.env) as server:
        _, _, over_http = verdicts(cli, tmp_path / "h", "server", "--cases", tmp_path / "cases", "--url", server.url)
    assert [c for c, _, _ in over_stdio] == ["server.transport.only-stdio"]
    assert [c for c, _, _ in over_http] == ["server.transport.only-http"]


@pytest.mark.sanitized
def test_harness_threads_do_not_pile_up_over_http_cases(cli, tmp_path):
    """Each client case over HTTP has its own endpoint (a listener thread and a pool): they must
    all be joined when the case ends, so the harness's thread count stays flat over a run."""
    proc = subprocess.Popen([str(cli.path), "client", "--command", f"{cli.peer} reference client", "--transport", "http",
                             "--report-dir", str(tmp_path / "r")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=cli.env)
    most = 0
    while proc.poll() is None:
        try:
            most = max(most, len(os.listdir(f"/proc/{proc.pid}/task")))
        except FileNotFoundError:
            break
        time.sleep(0.01)
    proc.communicate(timeout=60)
    assert proc.returncode == 0
    # main, the endpoint's listener and pool (8), the SUT's stderr drain, sanitizer helpers: never a pile
    assert 3 <= most <= 24, most


@pytest.mark.sanitized
def test_sse_priming_events_are_read_as_nothing(cli, tmp_path):
    """SEP-1699 (2025-11-25 transports): a server SHOULD start every SSE stream with an event that
    has an id and empty data; the client keeps the id and reads no message. The TypeScript SDK's
    server sends one on every stream once resumability is on: it is no malformed message."""
    argv = [str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0", "--prime-sse"]
    with Listening(argv, env=cli.env) as server:
        proc, results, over_http = verdicts(cli, tmp_path / "corpus", "server", "--url", server.url)
        assert proc.returncode == 0, [(c["id"], c["reason"]) for c in results["cases"] if c["status"] != "PASS"]
        notes = [t["text"] for c in results["cases"] for t in c["transcript"] if t["from"] == "note"]
        assert any("SSE priming event (id " in n for n in notes), notes[:20]
        assert not any(f["check"].startswith("json.") for c in results["cases"] for f in c["sut_findings"])
        proc, results, _ = verdicts(cli, tmp_path / "observe", "server", "--url", server.url,
                                    "--observe-tool", "test_elicitation_sep1330_enums")
        assert proc.returncode == 0 and {c["status"] for c in results["cases"]} == {"PASS"}, results["cases"]


@pytest.mark.sanitized(params={"probe": "respawn"})
@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("probe", ["discover", "respawn"])
def test_a_client_that_probes_before_initialize_is_served(cli, tmp_path, probe, transport):
    """A client that also speaks 2026-07-28 sends server/discover before initialize (on stdio it
    SHOULD: transport-stdio.mdx, Backward Compatibility), some from a server process of its own
    that it ends before spawning the session's. The probe is answered at once (-32601: a 2025
    server knows no such method; over HTTP the endpoint's 400 for a POST without a session), every
    connection is accepted, and the transcript says what happened."""
    proc, results, runs = verdicts(cli, tmp_path, "client", "--command",
                                   f"{cli.peer} reference client --probe {probe}", "--transport", transport,
                                   "--case", "client.actions.*", "--timeout", "30000", timeout=300)
    assert proc.returncode == 0 and runs and {s for _, _, s in runs} == {"PASS"}, \
        [(c["id"], c["reason"]) for c in results["cases"]]
    notes = [t["text"] for t in results["cases"][0]["transcript"] if t["from"] == "note"]
    if transport == "http":
        assert any("a POST of server/discover without Mcp-Session-Id: answered HTTP 400" in n for n in notes), notes
        assert any("opened the GET stream" in n for n in notes), notes
    else:
        assert any("server/discover before initialize; answered at once with -32601" in n for n in notes), notes
    if probe == "respawn" and transport == "stdio":
        assert any("closed stdio server connection 1 before sending initialize (a probe)" in n for n in notes), notes
        assert any("stdio server connection 2 sent initialize: it is the session" in n for n in notes), notes
    # The probe consumed no step's timeout (30 s here): it was answered, not waited out. This
    # compares with the run's own timeout, not with a speed: an ASan build on a loaded machine
    # takes seconds to spawn two server processes.
    assert all(c["duration_ms"] < 30000 for c in results["cases"]), [c["duration_ms"] for c in results["cases"]]


@pytest.mark.parametrize("fault,status", [(None, "PASS"), ("serve-without-version", "FAIL"),
                                          ("meta-missing-http-200", "FAIL")])
def test_a_request_without_its_meta_version_is_refused_with_400(cli, tmp_path, fault, status):
    """G12 over HTTP (docs/catalog-audit.md): the header names 2026-07-28, the _meta names no version.
    The clean server refuses it with 400; one that takes the header for the version, or answers the
    -32602 with 200, fails. The stdio twin (meta-version-missing-rejected) is in the kill matrix; the
    serve-without-version fault runs there over stdio only, so its HTTP failure is shown here."""
    argv = [str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0"] + (["--fault", fault] if fault else [])
    with Listening(argv, env=cli.env) as server:
        _, results, _ = verdicts(cli, tmp_path, "server", "--url", server.url, "--revision", "2026-07-28",
                                 "--case", "server.modern.http-meta-version-missing-400", timeout=120)
    [case] = results["cases"]
    assert case["status"] == status, case
    if fault == "meta-missing-http-200":
        assert case["check"] == "check.http-error-status", case
    elif fault:
        assert case["check"] == "response.call" and '"error" is missing' in case["reason"], case
