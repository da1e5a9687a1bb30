"""`elicit-conform server` against the built-in reference server: the corpus passes against the
clean peer, every fault fails the cases that check its rule (and every case is failed by some
fault), the reports agree with each other, the baseline exit codes hold, and hostile SUTs get a
verdict within their timeout and leave no process behind."""
import concurrent.futures
import json
import pathlib
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT

SUTS = pathlib.Path(__file__).resolve().parent / "suts"


def run(cli, tmp_path, sut, *extra, timeout=300):
    report = tmp_path / "report"
    proc = cli.run("server", "--command", sut, "--report-dir", report, *extra, timeout=timeout)
    results = json.loads((report / "results.json").read_text()) if (report / "results.json").exists() else None
    return proc, results, report


def faults(cli):
    out = cli.run("reference", "--list-faults").stdout.decode().splitlines()
    return [(line.split()[0], line.split("breaks ")[1].split(")")[0]) for line in out if "(server," in line]


@pytest.mark.sanitized
def test_clean_reference_passes_everything(cli, tmp_path):
    proc, results, _ = run(cli, tmp_path, f"{cli.peer} reference server")
    assert proc.returncode == 0, proc.stderr.decode()
    assert results["counts"]["PASS"] == len(results["cases"]) >= 5
    for case in results["cases"]:
        assert case["requirements"] and case["transcript"], case["id"]


def run_over_http(cli, tmp_path, *fault, extra=()):
    """The corpus against the reference server's Streamable HTTP listener (test_http.Listening)."""
    from test_http import Listening  # test_http imports this module: not at the top
    report = tmp_path / "report"
    argv = [str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0", *fault]
    with Listening(argv, env=cli.env) as server:
        proc = cli.run("server", "--url", server.url, "--report-dir", report, *extra, timeout=300)
    return proc, json.loads((report / "results.json").read_text()), report


def http_only(requirement):
    """A rule of Streamable HTTP alone: its faults act over HTTP only, so they are run there."""
    return "HTTP" in requirement


# The rules whose cases need two sessions of one server (steps with "session": "B"), which only
# Streamable HTTP has: their faults cross sessions (broadcast-complete, answers-any-session) and
# run over HTTP at 2025-11-25, one case at a time, since a broadcast reaches the sessions of every
# case running at once.
TWO_SESSION_RULES = {"COMPLETE-ONLY-INITIATOR", "SERVER-BIND-IDENTITY"}


# Faults whose cases were written for them (issue 33 item 7, docs/catalog-audit.md G2, G5, G6, G8,
# G16, G17): each fails exactly these cases and nothing else. The validation faults' WARNs are the
# SHOULD of SERVER-VALIDATE-CONTENT.
MODERN_VALIDATION = {f"server.modern.rejects-{x}" for x in (
    "wrong-type", "wrong-type-boolean", "value-outside-enum", "missing-required", "fraction-for-integer",
    "bad-format", "below-minimum", "above-maximum", "too-many-items", "too-few-items",
    "multi-select-item-outside-options", "title-instead-of-value")}
EXACT = {
    "require-all": {"server.form.schema-2025-06-18", "server.form.sep1330-enums-and-sep1034-defaults",
                    "server.modern.sep1330-enums-and-sep1034-defaults"},
    "modern-lengths-only": MODERN_VALIDATION,
    "skip-maximum": {"server.validation.rejects-above-maximum", "server.modern.rejects-above-maximum"},
    "email-format-only": {"server.validation.rejects-bad-date"},
    "content-means-accept": {f"server.{era}.{action}-with-content-is-not-accept"
                             for era in ("actions", "modern") for action in ("decline", "cancel")},
    "url-error-without-message": {"server.url-required.error-shape"},
    "result-type-on-calls-only": {"server.modern.discover", "server.modern.result-type-on-every-result"},
    "meta-missing-http-200": {"server.modern.http-meta-missing-400", "server.modern.http-meta-version-missing-400"},
    "broadcast-complete": {"server.url.complete-only-to-initiator"},
    "answers-any-session": {"server.session.answer-bound-to-session"},
    "official-form-asks-password": {"server.security.official-test-elicitation-asks-no-secrets",
                                    "server.security.official-test-elicitation-asks-no-secrets-2025-06-18"},
}


def test_every_fault_is_caught_and_every_case_can_fail(cli, tmp_path):
    # A broken rule often means a message that never comes, so the runs mostly wait: three faults
    # at a time, 2.5 s per expectation (the reference peer answers in milliseconds). The faults of
    # a Streamable HTTP rule act on the 2026-07-28 wire over HTTP only: they run there.
    requirements = dict(faults(cli))

    def run_fault(name):
        if requirements[name] in TWO_SESSION_RULES:
            return run_over_http(cli, tmp_path / name, "--fault", name,
                                 extra=("--revision", "2025-11-25", "-j", "1", "--timeout", "2500"))
        if http_only(requirements[name]):
            return run_over_http(cli, tmp_path / name, "--fault", name,
                                 extra=("--revision", "2026-07-28", "-j", "4", "--timeout", "2500"))
        return run(cli, tmp_path / name, f"{cli.peer} reference server --fault {name}", "-j", "4", "--timeout", "2500")
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        runs = dict(zip([n for n, _ in faults(cli)], pool.map(run_fault, [n for n, _ in faults(cli)])))
    matrix = {}
    for name, requirement in faults(cli):
        proc, results, _ = runs[name]
        # WARN (a SHOULD broken) is reported but does not fail the run.
        expected_exit = 1 if any(c["status"] == "FAIL" for c in results["cases"]) else 0
        assert proc.returncode == expected_exit, (name, proc.stderr.decode())
        # A failed lifecycle (the fault broke initialize itself) is a prerequisite, not a verdict on
        # the case's own rule: it counts as a failure of the run, not against precision.
        # The wire row (every run's messages judged whole) catches any fault that malforms a
        # message, whatever rule the fault is about: it is not held to the fault's rule.
        failed = {c["id"]: c for c in results["cases"]
                  if c["status"] in ("FAIL", "WARN") and not c.get("check", "").startswith("lifecycle.")
                  and not c.get("untestable")  # a prerequisite the fault broke: no verdict on the rule
                  and not c["id"].endswith(".wire.messages-well-formed")}
        matrix[name] = sorted(failed)
        checking = {c["id"] for c in results["cases"] if any(r.endswith("-" + requirement) for r in c["requirements"])}
        # Precision: only cases that check the broken rule fail (nothing else is collateral damage).
        # Detection: at least one does. A case listing several rules need not see every way to break each.
        assert failed and set(failed) <= checking, (
            f"fault {name} breaks {requirement}: failed {sorted(failed)}, cases checking it {sorted(checking)}")
        assert name not in EXACT or set(failed) == EXACT[name], (name, sorted(failed))
    cases = {c["id"] for c in run(cli, tmp_path / "clean", f"{cli.peer} reference server")[1]["cases"]}
    cases |= {c["id"] for c in run_over_http(cli, tmp_path / "clean-http", extra=("--revision", "2026-07-28"))[1]["cases"]}
    cases |= {c["id"] for c in run_over_http(cli, tmp_path / "clean-http-2025", extra=("--revision", "2025-11-25", "-j", "4"))[1]["cases"]}
    print("\nkill matrix (fault -> failing cases):")
    for name, failed in matrix.items():
        print(f"  {name:28} {', '.join(failed)}")
    never = cases - {c for failed in matrix.values() for c in failed}
    assert not never, f"cases no fault can fail (they assert nothing): {sorted(never)}"


@pytest.mark.sanitized
def test_parallel_run_gives_the_same_verdicts(cli, tmp_path):
    sut = f"{cli.peer} reference server --fault send-undeclared-mode"
    _, serial, _ = run(cli, tmp_path / "serial", sut)
    _, parallel, _ = run(cli, tmp_path / "parallel", sut, "-j", "4")
    assert [(c["id"], c["status"]) for c in serial["cases"]] == [(c["id"], c["status"]) for c in parallel["cases"]]


@pytest.mark.sanitized
def test_reports_agree(cli, tmp_path):
    _, results, report = run(cli, tmp_path, f"{cli.peer} reference server --fault complete-wrong-id")
    suite = ET.parse(report / "junit.xml").getroot().find("testsuite")
    assert int(suite.get("tests")) == len(results["cases"])
    assert int(suite.get("failures")) == results["counts"]["FAIL"]
    assert int(suite.get("skipped")) == results["counts"]["SKIP"]
    assert int(suite.get("errors")) == results["counts"]["ERROR"]
    md = (report / "report.md").read_text()
    assert "server.completion.issued-id" in md and "EL-2025-11-25-COMPLETE-ELICITATION-ID" in md
    [failed] = [c for c in results["cases"] if c["status"] == "FAIL"]
    assert failed["check"] == "expect.notifications/elicitation/complete" and failed["reason"]
    # The requirement view: the broken rule reads FAIL, every other rule its cases' worst verdict,
    # and the totals agree with `list --coverage` restricted to rules that bind a server.
    props = {p.get("name"): int(p.get("value")) for p in suite.iter("property") if p.get("name").startswith("coverage.")}
    for section in results["coverage"]:
        rev = section["revision"]
        assert section["uncovered"] == 0, section
        assert props[f"coverage.{rev}.covered"] == section["covered"]
        for req in section["requirements"]:
            statuses = {c["status"] for c in results["cases"] if c["revision"] == rev and req["id"] in c["requirements"]}
            if req["id"] == "EL-2025-11-25-COMPLETE-ELICITATION-ID":
                assert req["status"] == "FAIL"
            elif statuses:
                assert req["status"] == ("FAIL" if "FAIL" in statuses else "PASS"), req
        listed = cli.run("list", "--coverage", "--revision", rev).stdout.decode()
        server_side = [line for line in listed.splitlines() if line.startswith(("covered", "excluded", "UNCOVERED"))
                       and ("server]" in line or "both]" in line)]
        assert len(server_side) == len(section["requirements"])
    assert "## Requirements of 2025-11-25 binding the server" in md


@pytest.mark.sanitized
def test_baseline_exit_codes(cli, tmp_path):
    sut = f"{cli.peer} reference server --fault complete-wrong-id"

    def run(cli, tmp_path, sut, *extra):  # the completion cases are enough to judge a baseline
        return globals()["run"](cli, tmp_path, sut, "--case", "server.completion.*", "--timeout", "1500", *extra)
    expected = tmp_path / "expected.yml"
    expected.write_text("server:\n  - server.completion.issued-id\n")
    assert run(cli, tmp_path / "a", sut, "--expected-failures", expected)[0].returncode == 0
    expected.write_text("server:\n  - server.completion.issued-id:expect.notifications/elicitation/complete\n")
    assert run(cli, tmp_path / "b", sut, "--expected-failures", expected)[0].returncode == 0
    expected.write_text("server: []\n")
    assert run(cli, tmp_path / "c", sut, "--expected-failures", expected)[0].returncode == 1  # unexpected
    expected.write_text("server:\n  - server.completion.issued-id\n")
    proc = run(cli, tmp_path / "d", f"{cli.peer} reference server", "--expected-failures", expected)[0]
    assert proc.returncode == 1 and b"stale baseline entry" in proc.stderr
    expected.write_text("server:\n  - server.completion.issued-id\n  - server.no-such-case\n")
    proc = run(cli, tmp_path / "e", sut, "--expected-failures", expected)[0]
    # An entry that names no case is a configuration error found before any case runs (it was a
    # finding after the whole run): tests/test_cli_errors.py.
    assert proc.returncode == 2 and b"unknown expected-failures entry" in proc.stderr
    expected.write_text("servers: [x]\n")
    assert run(cli, tmp_path / "f", sut, "--expected-failures", expected)[0].returncode == 2


def leftovers(marker):
    out = subprocess.run(["ps", "-eo", "pid,args"], capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if marker in line and "ps -eo" not in line]


# A SUT that never answers initialize never came up: ERROR (exit 3), not a verdict on any rule.
# One that comes up and then dies fails: the cases it left not testable, or those it broke.
# On 2026-07-28 the probe is server/discover: exits_midway.sh answers it with its initialize
# result, which lists no supported versions, so those cases are SKIP (it does not speak 2026-07-28).
@pytest.mark.sanitized
@pytest.mark.parametrize("script,marker,verdicts,modern_verdicts,exit_code", [
    # garbage.sh never comes up (ERROR), but what it printed is a wire FAIL of its own: exit 1.
    ("garbage.sh", "SLEEP", {"ERROR"}, {"ERROR"}, 1),
    ("silent.sh", "SLEEP", {"ERROR"}, {"ERROR"}, 3),
    ("exits_midway.sh", "exits_midway", {"FAIL", "WARN"}, {"SKIP"}, 1),
])
def test_hostile_sut_gets_a_verdict(cli, tmp_path, script, marker, verdicts, modern_verdicts, exit_code):
    proc, results, _ = run(cli, tmp_path, f"{SUTS / script}", "--timeout", "1000", "--startup-timeout", "1500",
                           "-j", "4", timeout=120)
    assert proc.returncode == exit_code
    # A SUT that answers initialize (with 2025-11-25, whatever it was asked) before it dies has
    # negotiated: the runs that do not apply to what it said are SKIP with that reason, and the
    # case that judges only the initialize answer passes.
    judged = [c for c in results["cases"] if not c["reason"].startswith("negotiated 2025-11-25 (asked ")
              and c["id"] != "server.lifecycle.protocol-version-is-a-version" and c["revision"] != "2026-07-28"
              and c["id"] != "server.wire.messages-well-formed"]
    # What garbage.sh prints on stdout before it goes silent is a wire defect of its own: a row
    # judged over every run (issue 31), not only a note inside an ERROR.
    wire = [c for c in results["cases"] if c["id"] == "server.wire.messages-well-formed"]
    if script == "garbage.sh":
        assert wire and all(c["status"] == "FAIL" for c in wire), results["counts"]
        assert "json.syntax" in wire[0]["reason"], wire[0]["reason"]
    elif script == "silent.sh":
        assert not wire
    assert judged and {c["status"] for c in judged} <= verdicts, results["counts"]
    assert {c["status"] for c in results["cases"] if c["revision"] == "2026-07-28"} <= modern_verdicts, results["counts"]
    assert not leftovers(cli.sleep_marker if marker == "SLEEP" else marker)


@pytest.mark.sanitized
def test_garbage_is_a_finding_not_a_crash(cli, tmp_path):
    _, results, _ = run(cli, tmp_path, f"{SUTS / 'garbage.sh'}", "--timeout", "500", "--startup-timeout", "500",
                        "--case", "server.form.request-well-formed", "--revision", "2025-11-25")
    [case, wire] = results["cases"]
    checks = {f["check"] for f in case["sut_findings"]}
    assert {"json.syntax", "json.invalid-utf8"} <= checks, checks
    # The same lines judged on the wire as a whole: a FAIL row of its own, naming the rule.
    assert wire["id"] == "server.wire.messages-well-formed" and wire["status"] == "FAIL", wire
    assert {"json.syntax", "json.invalid-utf8"} <= {f["check"] for f in wire["sut_findings"]}
    assert "EL-2025-11-25-JSONRPC-MESSAGE-FORMAT" in wire["requirements"]


@pytest.mark.sanitized
@pytest.mark.parametrize("script,marker", [("stderr_flood.sh", "stderr noise"), ("grandchild.sh", "SLEEP")])
def test_noisy_but_conformant_sut_passes_and_leaves_nothing(cli, tmp_path, script, marker):
    # One revision's cases: what this checks holds per case, and the whole corpus with a 50 MB
    # stderr per SUT took the ASan harness past two minutes on a loaded CI machine.
    proc, results, _ = run(cli, tmp_path, f"{SUTS / script} {cli.peer} reference server",
                           "--revision", "2025-11-25", timeout=120)
    assert proc.returncode == 0, results and [c["reason"] for c in results["cases"]]
    assert results["cases"]
    assert not leftovers(cli.sleep_marker if marker == "SLEEP" else marker)
    assert all(len(c["sut_stderr"]) <= 1_100_000 for c in results["cases"])


@pytest.mark.sanitized
@pytest.mark.parametrize("args", [
    ["server"],
    ["server", "--command", "x 'unterminated"],
    ["server", "--command", "a | b"],
    ["server", "--command", "true", "--format", "pdf"],
    ["server", "--command", "true", "--case", "no.such.case"],
    ["server", "--url", "http://example.com:8080/mcp"],
    ["server", "--url", "https://127.0.0.1:1/mcp"],
    ["server", "--url", "http://127.0.0.1:1/mcp", "--command", "true"],
    ["client", "--url", "http://127.0.0.1:1/mcp"],
    ["client", "--command", "true", "--transport", "carrier-pigeon"],
    ["server", "--command", "true", "--transport", "http"],
    ["reference", "server", "--listen", "0.0.0.0:0"],
    ["reference", "client", "--listen", "127.0.0.1:0", "x"],
    ["reference", "server", "--fault", "no-such-fault"],
    ["list", "--role", "browser"],
])
def test_run_usage_errors_exit_2(cli, args):
    proc = cli.run(*args)
    assert proc.returncode == 2 and proc.stderr


@pytest.mark.sanitized
def test_missing_program_is_a_harness_error(cli, tmp_path):
    proc, results, _ = run(cli, tmp_path, "/nonexistent/sut", "--case", "server.form.request-well-formed",
                           "--revision", "2025-11-25")
    assert proc.returncode == 3
    assert results["cases"][0]["status"] == "ERROR" and "could not be started" in results["cases"][0]["reason"]


def test_a_case_can_take_over_the_lifecycle(cli, tmp_path):
    cases = tmp_path / "cases" / "2025-11-25" / "server"
    cases.mkdir(parents=True)
    case = {
        "id": "server.lifecycle.manual-initialize",
        "title": "A server answers initialize with the protocol version it was asked for",
        "role": "server", "revisions": ["2025-11-25"], "requirements": ["REQUEST-MESSAGE"], "level": "MUST",
        "lifecycle": "manual",
        "steps": [
            {"send": {"method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {},
                                                         "clientInfo": {"name": "t", "version": "1"}}}, "as": "init"},
            {"expect": {"result": {"protocolVersion": "2025-11-25"}}, "response_to": "init"},
        ],
    }
    (cases / "manual.json").write_text(json.dumps(case))
    proc, results, _ = run(cli, tmp_path, f"{cli.peer} reference server", "--cases", tmp_path / "cases")
    assert proc.returncode == 0, results
    first = results["cases"][0]["transcript"][0]
    assert first["from"] == "harness" and '"method":"initialize"' in first["text"] and '"id":1' in first["text"]
    # The same steps against the harness's own lifecycle would send initialize twice: manual means none.
    assert sum('"initialize"' in t["text"] for t in results["cases"][0]["transcript"] if t["from"] == "harness") == 1


def test_every_requirement_a_case_checks_has_a_fault(cli):
    from test_case_corpus import FILES
    faulted = {requirement for _, requirement in faults(cli)}
    faulted |= {line.split("breaks ")[1].split(")")[0] for line in cli.run("reference", "--list-faults").stdout.decode().splitlines()}
    # A MAY is a permission: nothing can break it; a case exercising one is proven by its other rules.
    levels = {}
    for catalog in (ROOT / "cases" / "requirements").glob("*.json"):
        for e in json.loads(catalog.read_text())["requirements"]:
            levels.setdefault(e["key"], set()).add(e["level"])
    for path in FILES:
        for requirement in json.loads(path.read_text())["requirements"]:
            key = requirement.split("-", 4)[-1] if requirement.startswith("EL-") else requirement
            if levels.get(key) == {"MAY"}:
                continue
            assert key in faulted, f"{path.name}: no reference fault breaks {key}, so nothing proves the case can fail"


@pytest.mark.sanitized
@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_interrupted_harness_leaves_no_process(cli, tmp_path, signal_name):
    import signal
    import time
    sut = SUTS / "grandchild.sh"
    proc = subprocess.Popen([str(cli.path), "server", "--command", f"{sut} {SUTS / 'silent.sh'}", "--timeout", "30000",
                             "--report-dir", str(tmp_path / "r")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=cli.env)
    try:
        # Waits for the grandchild, however long a loaded machine takes to start an ASan harness
        # and its SUT; the signal must come mid-case, after the harness installed its handlers.
        deadline = time.time() + 60
        while not leftovers(cli.sleep_marker) and time.time() < deadline:
            time.sleep(0.05)
        assert leftovers(cli.sleep_marker), "the SUT's grandchild should be running mid-case"
        proc.send_signal(getattr(signal, signal_name))
        proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:  # a failed test must not leave its harness (and grandchild) to the next
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130  # interrupted: cleaned up, and reported what finished (docs/reports.md)
    time.sleep(0.2)
    assert not leftovers(cli.sleep_marker)


@pytest.mark.parametrize("tool,args,fault,verdicts", [
    ("test_elicitation_sep1330_enums", "{}", None, {"PASS"}),
    ("test_elicitation_sep1330_enums", "{}", "bad-enum", {"FAIL", "PASS"}),
    ("test_elicitation", '{"message": "Who are you?"}', "ask-password", {"PASS", "WARN"}),
    ("test_elicitation", '{"message": "Who are you?"}', "drop-message", {"FAIL", "PASS"}),
])
def test_observe_tool_lints_what_any_tool_elicits(cli, tmp_path, tool, args, fault, verdicts):
    sut = f"{cli.peer} reference server" + (f" --fault {fault}" if fault else "")
    proc, results, _ = run(cli, tmp_path, sut, "--observe-tool", tool, "--tool-args", args)
    assert {c["status"] for c in results["cases"]} == verdicts, results["cases"]
    assert proc.returncode == (1 if "FAIL" in verdicts else 0)
    # The cautious user cancels: nothing is submitted to the observed server.
    replies = [t for c in results["cases"] for t in c["transcript"] if t["from"] == "harness" and '"action"' in t["text"]]
    assert replies and all('"cancel"' in t["text"] for t in replies)


def test_one_baseline_serves_corpus_runs_and_observations_of_every_tool(cli, tmp_path):
    """A SUT's expected-failures file lists what its corpus runs and its --observe-tool runs of
    each tool fail. Each run applies its own entries and notes the others as not applied; before,
    an observation's entry in a corpus run, or another tool's in an observation, was "unknown" and
    failed the run (found with server-everything, whose two elicitation tools share one file)."""
    baseline = tmp_path / "expected-failures.yml"
    baseline.write_text("server:\n"
                        "  - server.observe.test-elicitation.valid:check.elicitations-valid\n"
                        "  - server.observe.test-elicitation-sep1330-enums.valid:check.elicitations-valid\n"
                        "  - server.form.request-well-formed\n")
    sut = f"{cli.peer} reference server --fault drop-message"
    proc, results, _ = run(cli, tmp_path / "observe", sut, "--observe-tool", "test_elicitation",
                           "--tool-args", '{"message": "Who are you?"}', "--expected-failures", baseline)
    assert proc.returncode == 0, proc.stderr.decode()
    assert {c["status"] for c in results["cases"]} == {"FAIL", "PASS"}
    notes = proc.stderr.decode()
    assert "server.observe.test-elicitation-sep1330-enums.valid: another tool's observation" in notes, notes
    assert "server.form.request-well-formed: a corpus case" in notes, notes
    # A corpus run of the same SUT: the observations' entries do not apply, the corpus entry does.
    proc, results, _ = run(cli, tmp_path / "corpus", sut, "--case", "server.form.request-well-formed",
                           "--revision", "2025-11-25", "--expected-failures", baseline)
    assert proc.returncode == 0, proc.stderr.decode()
    assert "an --observe-tool run's entry" in proc.stderr.decode()
    # The entry of the observed tool is still judged: one that no longer fails is stale.
    proc, _, _ = run(cli, tmp_path / "clean", f"{cli.peer} reference server", "--observe-tool", "test_elicitation",
                     "--tool-args", '{"message": "Who are you?"}', "--expected-failures", baseline)
    assert proc.returncode == 1 and b"stale baseline entry" in proc.stderr, proc.stderr.decode()


@pytest.mark.sanitized
@pytest.mark.parametrize("args,words", [
    (["--observe-tool", "test_elicitation", "--tool-args", "[1"], "--tool-args must be a JSON object"),
    (["--observe-tool", "test_elicitation", "--tool-args", "3"], "--tool-args must be a JSON object"),
])
def test_observe_tool_usage_errors(cli, tmp_path, args, words):
    proc = cli.run("server", "--command", f"{cli.peer} reference server", "--report-dir", tmp_path, *args)
    assert proc.returncode == 2 and words in proc.stderr.decode()


def test_a_server_that_negotiates_an_older_revision_is_judged_at_it(cli, tmp_path):
    """Asked for 2025-11-25, a server that supports only 2025-06-18 answers 2025-06-18. Every case
    that also applies to 2025-06-18 runs there ("ran at 2025-06-18 (asked 2025-11-25)"); the rest
    are SKIP with the negotiated version as the reason, never a silent pass."""
    proc, results, report = run(cli, tmp_path, f"{cli.peer} reference server --versions 2025-06-18",
                                "--revision", "2025-11-25", "-j", "4")
    assert proc.returncode == 0, proc.stderr.decode()
    ran_older = [c for c in results["cases"] if c["ran_at"] == "2025-06-18"]
    assert ran_older and all(c["status"] == "PASS" and c["revision"] == "2025-11-25" for c in ran_older)
    assert all(r.startswith("EL-2025-06-18-") for c in ran_older for r in c["requirements"])
    skipped = [c for c in results["cases"] if c["status"] == "SKIP"]
    assert skipped and all(c["reason"].startswith("negotiated 2025-06-18 (asked ") for c in skipped), skipped
    assert {c["status"] for c in results["cases"]} == {"PASS", "SKIP"}
    assert "ran at 2025-06-18 (asked 2025-11-25)" in (report / "report.md").read_text()
    # Without --revision the 2025-06-18 runs are in the plan already: no case runs twice there.
    proc, results, _ = run(cli, tmp_path / "all", f"{cli.peer} reference server --versions 2025-06-18", "-j", "4")
    assert proc.returncode == 0
    # --versions lists the initialize-based versions the server negotiates; its 2026-07-28 wire
    # (server/discover, per-request _meta) is served whatever the list says.
    ran = [(c["id"], c["ran_at"]) for c in results["cases"] if c["status"] != "SKIP" and c["revision"] != "2026-07-28"]
    assert len(ran) == len(set(ran)) and all(r == "2025-06-18" for _, r in ran)
    assert any("in its own run" in c["reason"] for c in results["cases"])


@pytest.mark.sanitized
def test_an_answer_that_is_no_protocol_version_fails_every_case(cli, tmp_path):
    proc, results, _ = run(cli, tmp_path, f"{cli.peer} reference server --fault version-not-a-revision", "-j", "4",
                           "--timeout", "1500")
    assert proc.returncode == 1
    # 2026-07-28 has no initialize, so nothing there carries the broken answer.
    judged = [c for c in results["cases"] if c["revision"] != "2026-07-28"]
    assert {c["status"] for c in judged} <= {"FAIL", "WARN"}, results["counts"]
    named = [c for c in results["cases"] if c["id"] == "server.lifecycle.protocol-version-is-a-version"]
    assert named and all(c["check"].endswith("check.protocol-version") for c in named)
