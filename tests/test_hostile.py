"""Hostile SUTs and hostile input (issue 16): whatever a system under test does, the harness
finishes within the case timeout plus a margin, keeps its memory bounded, leaves no process, no
temporary folder and no listening socket behind, and writes reports in which no SUT string is
live. Each test names, in its docstring, what the harness did before the fix.

Every run is measured: wall time, and the harness's peak RSS (VmHWM, read while it runs; the
wait4() figure when the run was too short to read it, which also counts what it reaped and, as
Linux carries it over a fork, pytest's own RSS). Bounds are loose on purpose (the machine is shared and noisy): each is
far from what the defect produced and far above what a sound harness needs."""
import json
import os
import pathlib
import re
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ET

import pytest

from test_client_role import temp_folders
from test_http import Listening, listening_ports
from test_server_role import SUTS, leftovers

# Every test here meets bad or unusual input, or writes reports: also under the asan build.
pytestmark = pytest.mark.sanitized

# Peak RSS a run may reach. ASan keeps freed memory in quarantine (256 MiB by default) and shadows
# every byte, so its bound is wider; both are far below the gigabytes of the defects.
RSS_LIMIT_MB = {"default": 250, "asan": 900}
# Seconds a run may take beyond its case's timeout: process start-up, SUT shutdown, reports.
MARGIN_S = 15


class Measured:
    def __init__(self, returncode, stdout, stderr, seconds, peak_rss_mb):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr
        self.seconds, self.peak_rss_mb = seconds, peak_rss_mb

    def __repr__(self):
        return (f"exit {self.returncode} after {self.seconds:.1f} s, peak RSS {self.peak_rss_mb:.0f} MB; "
                f"stderr: {self.stderr[-1500:]!r}")


def high_water_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def run_measured(cli, *args, timeout=120, env=None):
    """Runs the harness and returns what it did, with its wall time and peak RSS. A run that
    outlives `timeout` is killed and fails the test: that is a hang."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        proc = subprocess.Popen([str(cli.path), *map(str, args)], stdout=out, stderr=err, env=env or cli.env)
        peak = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if (hwm := high_water_mb(proc.pid)) is not None:
                peak = max(peak or 0, hwm)
            if time.monotonic() - started > timeout:
                proc.kill()
                os.wait4(proc.pid, 0)
                proc.returncode = -9
                pytest.fail(f"the harness did not finish within {timeout} s: {' '.join(map(str, args))[:300]}")
            time.sleep(0.01)
        proc.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.monotonic() - started
        out.seek(0)
        err.seek(0)
        run = Measured(proc.returncode, out.read(), err.read(), seconds,
                       peak if peak is not None else usage.ru_maxrss / 1024)
    print(f"measured: {run.seconds:.1f} s, peak RSS {run.peak_rss_mb:.0f} MB, exit {run.returncode}")  # pytest -s
    assert run.returncode >= 0, f"killed by signal {-run.returncode}: {run!r}"
    assert b"Sanitizer" not in run.stderr and b"runtime error" not in run.stderr, run.stderr[-4000:]
    assert b"elicit-conform: self-check:" not in run.stderr, run.stderr[-4000:]
    return run


def bounded(cli, run, seconds):
    assert run.seconds < seconds + MARGIN_S, run
    assert run.peak_rss_mb < RSS_LIMIT_MB[cli.build], run


def results_of(report):
    return json.loads((report / "results.json").read_text())


@pytest.fixture(autouse=True)
def no_strays(cli):
    """Whatever a test leaves behind (it would, before the fixes) is killed afterwards, so one
    failing test does not leave sleeping processes on a shared machine."""
    yield
    for line in leftovers(cli.sleep_marker):
        try:
            os.kill(int(line.split()[0]), signal.SIGKILL)
        except (ProcessLookupError, ValueError):
            pass


def wait_for_line(path, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().strip():
            return path.read_text().splitlines()[0]
        time.sleep(0.02)
    return None


# ---- 1. a connection that trickles bytes into our HTTP endpoint --------------------------------

def test_trickling_connection_does_not_hold_the_http_endpoint(cli, tmp_path):
    """A connection that sends a request head one byte at a time, and never finishes it, is
    given up when its request deadline passes, and stopping the endpoint never waits for it.
    The trickler here is a process the harness cannot reach (this test), as a SUT's escaped
    descendant would be. Before: each byte reset cpp-httplib's 5 s read timeout, so the worker
    reading the head never returned and HttpServer::stop() joined it for as long as the trickler
    lived: 60 s (this trickler's life) on a 1 s case; 120 s with a longer one."""
    url_log = tmp_path / "url"
    connected = tmp_path / "trickler-connected"
    # The client starts once the trickler is connected (official_style_client.sh): a fast case
    # could otherwise close the endpoint before the trickler reached it.
    env = dict(cli.env, EC_TEST_URL_LOG=str(url_log), EC_TEST_WAIT_FOR=str(connected))
    stop = threading.Event()
    sent = []

    def trickle():
        line = wait_for_line(url_log)
        if line is None:
            return
        url = urllib.parse.urlsplit(line)
        with socket.create_connection((url.hostname, url.port)) as sock:
            try:
                sock.sendall(f"POST {url.path} HTTP/1.1\r\nHost: {url.netloc}\r\nX-Slow: ".encode())
                connected.touch()
                deadline = time.monotonic() + 60
                while not stop.is_set() and time.monotonic() < deadline:
                    sock.sendall(b"x")
                    sent.append(1)
                    time.sleep(0.2)
            except OSError:
                pass  # the harness hung up: that is the point

    thread = threading.Thread(target=trickle, daemon=True)
    thread.start()
    try:
        report = tmp_path / "r"
        run = run_measured(cli, "client", "--transport", "http", "--command",
                           f"{SUTS / 'official_style_client.sh'} {cli.peer}", "--case", "client.actions.cancel",
                           "--revision", "2025-11-25", "--timeout", "1000", "--report-dir", report, env=env)
    finally:
        stop.set()
        thread.join(timeout=70)
    assert sent, "the trickler never connected"
    bounded(cli, run, 20)  # the case timeout (20 s at least), not the trickler's life
    assert run.returncode == 0, run
    port = urllib.parse.urlsplit(url_log.read_text().splitlines()[0]).port
    assert port not in listening_ports()


# ---- 2. a client over stdio that stops reading, or sends a burst of pings ----------------------

def test_client_that_stops_reading_cannot_stall_the_case(cli, tmp_path):
    """1,500 pings before notifications/initialized, then the client reads nothing more: every
    answer the harness writes backs up through the relay. Writes are bounded by the case deadline
    and a blocked peer is given up after the first write that times out. Before: each of the
    1,500 answers waited 5 s for room on the relay socket and nothing looked at the case deadline:
    about two hours for one case (the test's 120 s limit killed it)."""
    report = tmp_path / "r"
    run = run_measured(cli, "client", "--command", SUTS / "ping_flood_stalls.py", "--case", "client.actions.cancel",
                       "--revision", "2025-11-25", "--timeout", "1000", "--report-dir", report)
    bounded(cli, run, 20)
    [case] = results_of(report)["cases"]
    assert case["status"] in {"FAIL", "ERROR"}, case["reason"]
    assert not leftovers(cli.sleep_marker)
    assert not temp_folders(cli)


def test_ping_burst_before_initialized_is_answered_in_time(cli, tmp_path):
    """9,000 pings between initialize and notifications/initialized (legal: ping may come at any
    time), from a wrapper around the conformant reference client. The harness answers them all
    and the case passes. Before: every message read made StepEngine::take scan the whole inbox
    again, 40 million pattern matches for this burst, so the initialized notification was not
    reached within the expect timeout: a false FAIL "the client did not send
    notifications/initialized"."""
    report = tmp_path / "r"
    run = run_measured(cli, "client", "--command", f"{cli.peer} reference client {SUTS / 'ping_burst_proxy.py'} 9000",
                       "--case", "client.actions.cancel", "--revision", "2025-11-25", "--timeout", "15000",
                       "--report-dir", report)
    bounded(cli, run, 20)
    [case] = results_of(report)["cases"]
    assert case["status"] == "PASS", case["reason"]
    assert not temp_folders(cli)


# ---- 3. processes that leave the SUT's process group -------------------------------------------

@pytest.mark.parametrize("role,transport", [("server", "stdio"), ("client", "stdio"), ("client", "http")])
def test_escaped_descendants_are_killed(cli, tmp_path, role, transport):
    """A SUT that starts processes in a session of their own (setsid), double-forked so that
    they are orphans from the start, one of them with its environment cleared, all ignoring
    SIGTERM. None outlives the harness. (A server over HTTP is not started by the harness: it
    has no descendants of ours.) Before: terminate() signalled the SUT's process group only, and
    the subreaper only reaped: all three sleeps ran on after the harness exited, in every role."""
    report = tmp_path / "r"
    case = "server.form.request-well-formed" if role == "server" else "client.actions.cancel"
    run = run_measured(cli, role, "--command", f"{SUTS / 'escapes.sh'} {cli.peer} reference {role}",
                       "--transport", transport, "--case", case, "--revision", "2025-11-25", "--timeout", "2000",
                       "--report-dir", report)
    bounded(cli, run, 20)
    assert run.returncode == 0, run
    assert not leftovers(cli.sleep_marker)
    assert not temp_folders(cli)


def test_escaped_descendants_of_parallel_cases_are_killed(cli, tmp_path):
    """The same SUT in several cases at once (-j 3): each case ends the escaped processes that
    carry its tag; the one with a cleared environment, which no case can claim while others run,
    is ended when the run ends. Before: every one of them outlived the harness (4 per case)."""
    report = tmp_path / "r"
    run = run_measured(cli, "server", "--command", f"{SUTS / 'escapes.sh'} {cli.peer} reference server",
                       "--case", "server.form.*", "-j", "3", "--timeout", "2000", "--report-dir", report)
    bounded(cli, run, 30)
    assert run.returncode == 0, run
    assert len(results_of(report)["cases"]) >= 4
    assert not leftovers(cli.sleep_marker)


# ---- 4. memory ---------------------------------------------------------------------------------

def test_message_flood_keeps_memory_bounded(cli, tmp_path):
    """A server that sends 4 MiB notifications as fast as they are read. The case keeps a bounded
    number of bytes of SUT messages (documents and transcript) and says in the transcript what
    it did not keep. Before: every message was kept whole for the whole case (raw line, parsed
    document, transcript entry): 1.6 GB within a 20 s case timeout; here (15 s, on a loaded
    machine) 200 to 700 MB by how fast the harness parsed.
    The asan build parses some 10 MB/s, and a few MB/s on a loaded machine: in 15 s it may not
    read the 32 MiB budget of large messages. It gets a flood of known size, 96 MiB, and then EOF,
    so what it does not keep is certain whatever its speed."""
    report = tmp_path / "r"
    endless = cli.build == "default"
    sut = f"{SUTS / 'flood_server.py'}" + ("" if endless else " 24")
    timeout_s = 15 if endless else 90
    run = run_measured(cli, "server", "--command", sut, "--case", "server.jsonrpc.messages-well-formed",
                       "--revision", "2025-11-25", "--timeout", str(timeout_s * 1000), "--report-dir", report,
                       timeout=timeout_s + 120)
    bounded(cli, run, timeout_s + 5)
    [case] = results_of(report)["cases"]
    assert case["status"] == "FAIL"
    notes = " ".join(t["text"] for t in case["transcript"] if t["from"] == "note")
    assert "not kept" in notes, notes[-2000:]
    assert (report / "results.json").stat().st_size < 16 << 20


def test_endless_chunked_body_is_refused(cli, tmp_path):
    """A client that POSTs a chunked body that never ends (1 MiB chunks, up to 1 GiB). The
    endpoint stops reading at the message limit (4 MiB) and answers 413. Before: cpp-httplib
    ignores the payload limit for chunked bodies and kept reading into memory: the harness grew
    by what the client had sent when the case ended (535 MB in 2 s; up to 1 GB here, 2 GB with a
    longer body)."""
    report = tmp_path / "r"
    run = run_measured(cli, "client", "--transport", "http", "--command", SUTS / "chunked_post_client.py", "--case",
                       "client.actions.cancel", "--revision", "2025-11-25", "--timeout", "5000",
                       "--report-dir", report)
    bounded(cli, run, 20)
    [case] = results_of(report)["cases"]
    assert case["status"] in {"FAIL", "ERROR"}  # the client never came up (it never sent initialize)
    assert "413" in case["sut_stderr"] or "stopped the body" in case["sut_stderr"], case["sut_stderr"]


# ---- 5. reports --------------------------------------------------------------------------------

# One corpus of hostile strings (one line each: they travel as a SKIP reason and as an HTTP reason
# phrase), joined into one; every writer must make every one of them inert.
HOSTILE = [
    b"\x1b[31mred\x1b[0m \x1b]0;pwned\x07 \x1b[2J",                     # ANSI colour, window title, clear
    b"\x1b]8;;http://evil.example/\x07click\x1b]8;;\x07",                # OSC 8 terminal hyperlink
    b"nul:\x00:bel\x07:bs\x08:vt\x0b:ff\x0c:cr\r:del\x7f:tab\t:",        # C0 and DEL
    b"raw C1 CSI \x9b31m and NEL \x85 end",                               # C1 bytes, not UTF-8
    "C1 as UTF-8: \u009b31m \u0085 \u0090 end".encode(),
    "nonchars \ufffe \uffff \U0010ffff end".encode(),                   # XML 1.0 cannot carry U+FFFE/U+FFFF
    "bidi \u202egnp.exe\u202c \u2066x\u2069 lsep\u2028psep\u2029 end".encode(),
    b"![img](http://evil.example/x.png) [link](http://evil.example/) <http://evil.example/a>",
    b"@octocat and @github/security-team",
    b"<img src=x onerror=alert(1)><script>alert(1)</script><!-- c --></testcase>]]>",
    b"| pipe | `tick` ``` fence ~~~ *em* _u_ # h &amp; &lt; &#0; \\ \\x1b",
    b"bad utf-8 \xff\xfe \xc3\x28 \xed\xa0\x80 end",
]
JOINED = b" ;; ".join(HOSTILE)
XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# What a terminal or a Markdown renderer treats as something other than text.
CONTROLS = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def valid_strings():
    out = []
    for s in HOSTILE:
        try:
            out.append(s.decode("utf-8"))
        except UnicodeDecodeError:
            pass
    return out


def live_markdown(md):
    """The parts of a Markdown text that a renderer interprets: everything outside fenced blocks
    and code spans."""
    md = re.sub(r"(?ms)^(`{3,})[^\n]*\n.*?^\1`*[ \t]*$", "", md)  # fenced blocks
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", md)                   # code spans


@pytest.mark.parametrize("path", ["skip-reason", "http-reason-phrase"])
def test_every_writer_makes_sut_strings_inert(cli, tmp_path, path):
    """One corpus of hostile strings (terminal escapes, C0/C1 controls, XML non-characters,
    bidi overrides, Markdown images, links, mentions and HTML, invalid UTF-8) reaches every
    writer as a SUT's SKIP reason or as an HTTP reason phrase. results.json round-trips it,
    junit.xml parses, report.md carries no raw control character and none of it live, the
    terminal gets no C0 or C1 character. Before: junit.xml was not XML (U+FFFE and U+FFFF passed
    through), report.md had raw ESC and NUL and live images, links and @mentions, and C1 controls
    (0x9B, the one-byte CSI) reached the terminal."""
    reason_file = tmp_path / "reason"
    reason_file.write_bytes(JOINED)
    env = dict(cli.env, EC_TEST_REASON_FILE=str(reason_file))
    report = tmp_path / "r"
    common = ["--case", "server.form.request-well-formed", "--revision", "2025-11-25", "--timeout", "1000",
              "--report-dir", report, "--verbose"]
    if path == "skip-reason":
        run = run_measured(cli, "server", "--command", SUTS / "skips_with_hostile_reason.sh", *common, env=env)
        expected = "SKIP"
    else:
        with Listening(["python3", str(SUTS / "http_server_hostile.py"), "hostile-reason"], env=env) as server:
            run = run_measured(cli, "server", "--url", server.url, *common, env=env)
        expected = "FAIL"
    bounded(cli, run, 20)

    [case] = results_of(report)["cases"]  # json.loads is strict: no raw control character in a string
    assert case["status"] == expected, case["reason"]
    for s in valid_strings():
        assert s.strip() in case["reason"], (s, case["reason"])

    junit = ET.parse(report / "junit.xml")
    # A SKIP tests nothing, so the run fails as a whole: junit.xml has its one failing test case
    # "elicit-conform.run" besides the case's own.
    [testcase] = [t for t in junit.getroot().iter("testcase") if t.get("classname") != "elicit-conform.run"]
    text = " ".join(e.get("message", "") + (e.text or "") for e in testcase)
    for s in valid_strings():
        if not XML_ILLEGAL.search(s):
            assert s.strip() in text, (s, text)

    md = (report / "report.md").read_text(encoding="utf-8")  # strict: valid UTF-8
    assert not CONTROLS.search(md.replace("\n", "")), CONTROLS.search(md.replace("\n", ""))
    live = live_markdown(md)
    for payload in ("![img]", "](http", "@octocat", "@github", "<img", "<script", "<http", "</testcase", "<!--"):
        assert payload not in live, (payload, live[-3000:])
    assert "octocat" in md and "evil.example" in md  # still there, as text

    terminal = (run.stdout + run.stderr).decode("utf-8")  # strict: invalid bytes were escaped
    assert not CONTROLS.search(terminal.replace("\n", "")), repr(terminal[-2000:])
    assert "pwned" in terminal


# ---- 6. interrupts and closed pipes ------------------------------------------------------------

@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_interrupt_cleans_up_then_reports_what_finished(cli, tmp_path, signal_name):
    """SIGINT or SIGTERM in the middle of a client run: the running case's SUT is stopped, its
    relay folder removed, and the cases that finished are written, marked interrupted, with exit
    status 130. Before: the harness died of the signal at once: no report at all (52 finished
    cases of 56 thrown away in one run), /tmp/elicit-conform-* folders left behind."""
    report = tmp_path / "r"
    proc = subprocess.Popen([str(cli.path), "client", "--command", f"{cli.peer} reference client",
                             "--report-dir", str(report)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=cli.env)
    lines = []
    started = time.monotonic()
    while len(lines) < 4 and time.monotonic() - started < 60:
        line = proc.stderr.readline()
        if not line:
            break
        lines.append(line)
    assert len(lines) == 4, lines
    sent = time.monotonic()
    proc.send_signal(getattr(signal, signal_name))
    _, err = proc.communicate(timeout=60)
    took = time.monotonic() - sent
    assert proc.returncode == 130, (proc.returncode, err[-2000:])
    assert took < MARGIN_S, took
    results = results_of(report)
    assert results["interrupted"] is True
    assert len(results["cases"]) >= 4, len(results["cases"])
    assert len(results["cases"]) < 40
    assert all(c["status"] == "PASS" for c in results["cases"]), [c["reason"] for c in results["cases"]]
    assert "interrupted" in (report / "report.md").read_text().lower()
    assert b"interrupted" in err
    assert not temp_folders(cli)
    # This test's relays only (they name their socket in this test's TMPDIR): another pytest worker
    # may be running client cases with the same binary.
    assert not leftovers(f"{cli.path} relay {cli.tmpdir}/")


def test_closed_stderr_is_not_an_interrupt(cli, tmp_path):
    """`elicit-conform ... 2>&1 | head -2`: the reader of the progress lines goes away after two.
    The run goes on, writes its report and exits by its verdicts. Before: the next progress line
    raised SIGPIPE, whose handler killed the SUTs and the harness: exit 141, no report."""
    report = tmp_path / "r"
    proc = subprocess.Popen([str(cli.path), "server", "--command", f"{cli.peer} reference server", "--case",
                             "server.form.*", "--report-dir", str(report)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, env=cli.env)
    for _ in range(2):
        proc.stdout.readline()
    proc.stdout.close()
    assert proc.wait(timeout=120) == 0
    assert len(results_of(report)["cases"]) >= 4


# ---- 7. smaller: inputs and report files -------------------------------------------------------

def test_oversized_case_file_is_refused_before_it_is_read(cli, tmp_path):
    """A 3 GiB case file (sparse: it costs no disk) is refused by its size, unread. Before: the
    loader read the whole file and only then checked its size: 72 s and 3.9 GB."""
    cases = tmp_path / "cases"
    cases.mkdir()
    with open(cases / "huge.json", "wb") as f:
        f.truncate(3 << 30)
    run = run_measured(cli, "list", "--cases", cases)
    bounded(cli, run, 0)
    assert run.returncode == 2 and b"over 1 MiB" in run.stderr, run


def test_unusable_report_dir_is_a_usage_error_before_any_case_runs(cli, tmp_path):
    """--report-dir below a regular file cannot be created: exit 2 before a SUT is started.
    Before: every case ran first, and the run then ended with exit 3 and no report."""
    (tmp_path / "file").write_text("")
    ran = tmp_path / "ran"
    run = run_measured(cli, "server", "--command", f"{SUTS / 'grandchild.sh'} touch {ran}", "--case",
                       "server.form.request-well-formed", "--timeout", "500", "--report-dir",
                       tmp_path / "file" / "report")
    assert run.returncode == 2 and b"--report-dir" in run.stderr, run
    assert not ran.exists()


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/mcp\r\nX-Injected: 1", "http://127.0.0.1:9/m cp",
                                 "http://127.0.0.1:9/mcp\x1b[2J", "http://127.0.0.1:9/mcp\tx",
                                 "http://127.0.0.1:9/\u00e9"])
def test_url_with_control_characters_is_refused(cli, url):
    """A --url whose path carries CR/LF, a space, a control or a non-ASCII character is a usage
    error. Before: it was written into the request line as given (header injection)."""
    run = run_measured(cli, "server", "--url", url, "--case", "server.form.request-well-formed", "--timeout", "500")
    assert run.returncode == 2 and b"--url" in run.stderr, run


def test_expected_failures_that_is_a_directory_is_refused(cli, tmp_path):
    """Before: a directory opened as an empty file, an empty baseline: exit 0 or 1 by the run."""
    run = run_measured(cli, "server", "--command", f"{cli.peer} reference server", "--case",
                       "server.form.request-well-formed", "--expected-failures", tmp_path,
                       "--report-dir", tmp_path / "r")
    assert run.returncode == 2 and b"expected-failures" in run.stderr, run


def test_report_files_never_follow_links_or_open_fifos(cli, tmp_path):
    """A symlink planted as results.json and a FIFO as junit.xml: refused before the run, and
    the link's target is untouched. Before: the writer followed the link and overwrote its
    target, and opening the FIFO blocked the harness for as long as nobody read it."""
    report = tmp_path / "r"
    report.mkdir()
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (report / "results.json").symlink_to(victim)
    os.mkfifo(report / "junit.xml")
    run = run_measured(cli, "server", "--command", f"{cli.peer} reference server", "--case",
                       "server.form.request-well-formed", "--revision", "2025-11-25", "--report-dir", report,
                       timeout=60)
    assert run.returncode == 2 and b"not a regular file" in run.stderr, run
    assert victim.read_text() == "precious"


def test_reports_replace_their_files_whole(cli, tmp_path):
    """A report file is written next to its place and renamed over it: a hard link planted as
    results.json (a regular file, so not refused) keeps its content, a reader never sees half a
    report, and no temporary is left. Before: the writer truncated the file in place, and so
    overwrote whatever the link pointed at."""
    report = tmp_path / "r"
    report.mkdir()
    victim = tmp_path / "victim"
    victim.write_text("precious")
    os.link(victim, report / "results.json")
    run = run_measured(cli, "server", "--command", f"{cli.peer} reference server", "--case",
                       "server.form.request-well-formed", "--revision", "2025-11-25", "--report-dir", report)
    assert run.returncode == 0, run
    assert victim.read_text() == "precious"
    assert results_of(report)["cases"]
    assert sorted(p.name for p in report.iterdir()) == ["junit.xml", "report.html", "report.md", "results.json"]


def test_usage_message_says_required_once(cli):
    """Before: "--command (or, for servers, --url) is required is required"."""
    for args in (["server"], ["client"], ["reference"]):
        run = run_measured(cli, *args)
        assert run.returncode == 2, run
        assert b"is required is required" not in run.stderr, run.stderr


# ---- a SUT that writes JSON lines that are no JSON-RPC message (issue 31) ----------------------

def test_bare_json_values_are_a_wire_verdict_not_a_crash(cli, tmp_path):
    """Before: one line `2` from the SUT crashed the release harness (SIGSEGV, no report): the step
    engine called HasMember on a number. Now every read of SUT JSON is checked, and the lines are
    judged on the wire as a whole: the cases PASS (the SUT did what each asked) and the row
    server.wire.messages-well-formed FAILs, naming the rule and the message kinds."""
    report = tmp_path / "r"
    run = run_measured(cli, "server", "--command", f"{SUTS / 'bare_values_proxy.py'} {cli.peer} reference server",
                       "--case", "server.actions.*", "--revision", "2025-11-25", "--report-dir", report)
    assert run.returncode == 1, run
    cases = results_of(report)["cases"]
    wire = [c for c in cases if c["id"] == "server.wire.messages-well-formed"]
    assert [c["status"] for c in cases if c not in wire] == ["PASS"] * 4, [(c["id"], c["reason"]) for c in cases]
    [row] = wire
    assert row["status"] == "FAIL" and row["check"] == "jsonrpc.not-object", row
    assert {"jsonrpc.not-object", "jsonrpc.batch"} <= {f["check"] for f in row["sut_findings"]}
    assert "EL-2025-11-25-JSONRPC-MESSAGE-FORMAT" in row["requirements"]
    assert "(in server.actions." in row["reason"]
