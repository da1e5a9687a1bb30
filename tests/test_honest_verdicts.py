"""Honest verdicts: nothing green that was not tested, nothing red that conforms. Each test runs a
small SUT that an SDK author could have written and pins the verdict it gets now; the docstring
says what it got before."""
import json
import socket
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT
from test_server_role import SUTS, run


def results_of(report_dir):
    return json.loads((report_dir / "results.json").read_text())


def test_a_server_without_the_contract_tools_is_not_green(cli, tmp_path):
    """Before: 54 SKIP, 0 PASS, exit 0. Now every case that needs a contract tool is FAIL marked
    not testable (a baseline can list it), and the run fails."""
    proc, results, report = run(cli, tmp_path, f"{SUTS / 'contractless_server.py'} no-tools", "-j", "4",
                                "--revision", "2025-11-25")
    assert proc.returncode == 1
    untestable = [c for c in results["cases"] if c.get("untestable")]
    no_tool = [c for c in untestable if c["check"] == "lifecycle.tools"]
    assert no_tool and all(c["status"] == "FAIL" and "has no tool" in c["reason"] for c in no_tool)
    # The one other: this server echoes whatever version it is asked for, so a second session's
    # unsupported 2000-01-01 shows no latest version (unsupported-version-not-echoed FAILs the echo).
    assert [c["id"] for c in untestable if c not in no_tool] == ["server.lifecycle.unsupported-version-gets-the-latest"]
    assert {c["status"] for c in results["cases"] if c["id"] == "server.lifecycle.unsupported-version-not-echoed"} == {"FAIL"}
    assert not [c for c in results["cases"] if c["status"] == "SKIP"]
    assert results["counts"]["untestable"] == len(untestable)
    assert results["counts"]["tested"] == len(results["cases"]) - len(untestable)
    assert f"{results['counts']['tested']} tested their rule" in proc.stdout.decode()
    md = (report / "report.md").read_text()
    assert f"**{results['counts']['tested']} of {len(results['cases'])} runs tested their rule**" in md
    assert "FAIL (not testable)" in md


@pytest.mark.sanitized
@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_a_server_can_decline_a_case_on_any_transport(cli, tmp_path, transport):
    """Before: the only way to say "my SDK cannot do this" was exit 77 over stdio; over --url a
    server had none. Now a tool error whose text is "elicit-conform: SKIP: <reason>" is a SKIP with
    that reason on either transport."""
    sut = [str(SUTS / "contractless_server.py"), "declines"]
    args = ["--case", "server.form.request-well-formed", "--revision", "2025-11-25", "--report-dir", tmp_path]
    if transport == "stdio":
        proc = cli.run("server", "--command", " ".join(sut), *args)
    else:
        server = subprocess.Popen([*sut, "--http"], stdout=subprocess.PIPE, text=True)
        try:
            url = server.stdout.readline().strip()
            proc = cli.run("server", "--url", url, *args)
        finally:
            server.kill()
            server.wait()
    [case] = results_of(tmp_path)["cases"]
    assert case["status"] == "SKIP" and case["reason"].endswith("this SDK has no elicitation API"), case
    assert case["transport"] == transport
    # Nothing was tested: not a pass.
    assert proc.returncode == 1 and b"no run tested its rule" in proc.stderr


@pytest.mark.sanitized
@pytest.mark.parametrize("role,command", [
    ("server", "/nonexistent/sut"),
    ("server", str(SUTS / "silent.sh")),
    ("server", "sh -c 'exit 1'"),
    ("client", "sh -c 'exit 1'"),
    ("client", str(SUTS / "silent.sh")),
])
def test_a_sut_that_never_came_up_is_an_error_not_a_failure(cli, tmp_path, role, command):
    """Before: a FAIL on every case (lifecycle.initialize / lifecycle.connect), exit 1. Now ERROR
    with the cause, exit 3, and after two such runs the rest are not started at all."""
    proc = cli.run(role, "--command", command, "--startup-timeout", "700", "--report-dir", tmp_path, timeout=120)
    assert proc.returncode == 3, proc.stderr.decode()[-2000:]
    results = results_of(tmp_path)
    assert {c["status"] for c in results["cases"]} == {"ERROR"}
    assert b"did not come up" in proc.stderr
    not_started = [c for c in results["cases"] if c["reason"].startswith("not run: the SUT never came up")]
    assert len(not_started) >= len(results["cases"]) - 2


def test_a_slow_start_is_not_a_failure(cli, tmp_path):
    """Before: a server taking longer than --timeout to answer initialize (node on a loaded CI
    machine) FAILed every case. Now startup has its own timeout (--startup-timeout, 30 s)."""
    slow = f"sh -c 'sleep 1.5; exec {cli.peer} reference server'"
    proc, results, _ = run(cli, tmp_path, slow, "--case", "server.form.request-well-formed", "--timeout", "400")
    assert proc.returncode == 0, results and [c["reason"] for c in results["cases"]]
    assert {c["status"] for c in results["cases"]} == {"PASS"}


def test_strict_makes_a_warn_fail_the_run(cli, tmp_path):
    """WARN (a SHOULD not met) does not fail a run; with --strict it does, as h2spec's --strict."""
    sut = f"{cli.peer} reference server --fault trust-content"
    args = ["--case", "server.validation.rejects-below-minimum", "--revision", "2025-11-25"]
    proc, results, _ = run(cli, tmp_path / "a", sut, *args)
    assert [c["status"] for c in results["cases"]] == ["WARN"] and proc.returncode == 0
    assert "<failure" not in (tmp_path / "a" / "report" / "junit.xml").read_text()
    proc, _, _ = run(cli, tmp_path / "b", sut, *args, "--strict")
    assert proc.returncode == 1
    # A CI view of junit.xml agrees with the exit code: the WARN is a failure there too.
    junit = ET.parse(tmp_path / "b" / "report" / "junit.xml").getroot().find("testsuite")
    assert junit.get("failures") == "1", ET.tostring(junit)
    [failure] = junit.iter("failure")
    assert failure.get("message").startswith("WARN under --strict: "), failure.attrib


def test_check_ids_do_not_depend_on_step_positions(cli):
    """Before: baseline entries were `case:step-1.expect`, so inserting a step renamed every later
    check and broke every SDK's baseline. Now each id says what the step checks; the committed
    list changes only on purpose."""
    listed = cli.run("list", "--checks").stdout.decode()
    committed = (ROOT / "cases" / "checks.txt").read_text()
    assert listed == committed, (
        "check ids changed: a baseline naming the old ones breaks. If intended, regenerate with "
        "`build/default/elicit-conform list --checks > cases/checks.txt` and say so in the commit")
    assert "step-" not in listed


def test_invalid_params_outside_the_error_list_are_robustness(cli):
    """The spec's MUST names one failure case (an undeclared mode: -32602). A client accepting an
    array-of-objects schema or a non-URL url breaks no sentence: those cases were SHOULD (WARN), and
    are robustness (NOTE) now."""
    listed = cli.run("list", "--role", "client").stdout.decode().splitlines()
    levels = {line.split()[0]: line.split()[1] for line in listed}
    assert levels["client.invalid-params.unknown-mode"] == "[MUST]"
    for case in ("array-of-objects-schema", "url-not-a-url", "missing-message", "nested-object-schema",
                 "unsupported-property-type"):
        assert levels[f"client.invalid-params.{case}"] == "[robustness]", case


def run_http_sut(cli, sut_args, *args):
    server = subprocess.Popen([str(SUTS / "contractless_server.py"), *sut_args, "--http"], stdout=subprocess.PIPE,
                              text=True)
    try:
        url = server.stdout.readline().strip()
        return cli.run("server", "--url", url, *args)
    finally:
        server.kill()
        server.wait()


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_a_response_to_a_notification_fails_on_both_transports(cli, tmp_path, transport):
    """Before: over HTTP a server answering a notification with a JSON-RPC message in the POST
    body PASSed (the body was ignored), over stdio it FAILed; and a response borrowing an id the
    harness had used (1, initialize's) passed on both. Now both transports read it, and a second
    response to an answered id is a response to no request."""
    args = ["--case", "server.jsonrpc.no-response-to-notification", "--revision", "2025-11-25",
            "--report-dir", tmp_path]
    if transport == "stdio":
        proc = cli.run("server", "--command", f"{SUTS / 'contractless_server.py'} answers-notifications", *args)
    else:
        proc = run_http_sut(cli, ["answers-notifications"], *args)
    rows = {c["id"]: c for c in results_of(tmp_path)["cases"]}
    case = rows.pop("server.jsonrpc.no-response-to-notification")
    assert case["status"] == "FAIL" and "already answered" in case["reason"], case["reason"]
    # The wire judged whole says it too: a second answer to initialize's id (issue 31).
    [wire] = rows.values()
    assert (wire["id"], wire["status"], wire["check"]) == (
        "server.wire.messages-well-formed", "FAIL", "jsonrpc.response-duplicate"), wire
    assert proc.returncode == 1


def test_the_reference_fault_fails_over_http_too(cli, tmp_path):
    """The reference server's error-on-notification fault: 2 FAIL over stdio, and now over HTTP."""
    server = subprocess.Popen([str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0", "--fault",
                               "error-on-notification"], stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        proc = cli.run("server", "--url", url, "--case", "server.jsonrpc.no-response-to-notification",
                       "--report-dir", tmp_path)
    finally:
        server.kill()
        server.wait()
    assert {c["status"] for c in results_of(tmp_path)["cases"]} == {"FAIL"} and proc.returncode == 1


@pytest.mark.parametrize("tool,args", [
    ("complete", '{"elicitationId": "e-1"}'),  # a tool that elicits nothing
    ("elicit", '{"wrong": 1}'),                 # a call the server rejects for its arguments
])
def test_observe_tool_that_saw_nothing_is_not_a_pass(cli, tmp_path, tool, args):
    """Before: a tool that sent no elicitation (or a call rejected for bad --tool-args) PASSed 14
    MUST rules. Now nothing observed is FAIL (not testable)."""
    proc, results, _ = run(cli, tmp_path, f"{cli.peer} reference server", "--observe-tool", tool, "--tool-args", args)
    assert results["cases"] and all(c["status"] == "FAIL" and c.get("untestable") for c in results["cases"])
    assert all(c["check"] == "check.observed-elicitation" for c in results["cases"])
    assert proc.returncode == 1


def test_observe_tool_judges_a_url_required_error(cli, tmp_path):
    """Before: a -32042 error carrying a form-mode entry PASSed --observe-tool. Now its entries are
    judged by the rules of elicitation/create (URL mode, elicitationId)."""
    url_entry = {"mode": "url", "elicitationId": "e-1", "url": "https://example.com/x", "message": "Connect"}
    form_entry = {"mode": "form", "message": "Name?", "requestedSchema": {"type": "object", "properties": {}}}
    sut = f"{cli.peer} reference server"
    _, clean, _ = run(cli, tmp_path / "clean", sut, "--observe-tool", "require_url",
                      "--tool-args", json.dumps({"elicitations": [url_entry]}))
    assert {c["status"] for c in clean["cases"]} == {"PASS"}, [c["reason"] for c in clean["cases"]]
    # The fault lets the tool put what it was given, a form entry, into its -32042 error.
    proc, bad, _ = run(cli, tmp_path / "bad", f"{sut} --fault form-entry-in-url-error", "--observe-tool",
                       "require_url", "--tool-args", json.dumps({"elicitations": [url_entry, form_entry]}))
    [valid] = [c for c in bad["cases"] if c["id"].endswith(".valid")]
    assert valid["status"] == "FAIL" and not valid.get("untestable") and proc.returncode == 1, valid["reason"]
    assert valid["check"] == "check.elicitations-valid"


def test_pass_through_cases_do_not_vouch_for_application_rules(cli, tmp_path):
    """Before: the published report listed FORM-NO-SENSITIVE, URL-NO-USER-DATA and
    URL-NOT-PREAUTHENTICATED as PASS because the SDK forwarded a harmless form. Now a rule that only
    pass-through cases checked reads "PASS (pass-through only)". A form the server writes itself (the
    official suite's tools, server.security.official-*) is the server's own: a PASS there vouches."""
    _, results, report = run(cli, tmp_path, f"{cli.peer} reference server", "--case", "server.security.*")
    rules = {r["id"]: r for section in results["coverage"] for r in section["requirements"]}
    for key in ("URL-NO-USER-DATA", "URL-NOT-PREAUTHENTICATED"):
        rule = rules[f"EL-2025-11-25-{key}"]
        assert rule["status"] == "PASS" and rule.get("pass_through_only") is True, rule
    assert "PASS (pass-through only)" in (report / "report.md").read_text()
    rule = rules["EL-2025-11-25-FORM-NO-SENSITIVE"]
    assert rule["status"] == "PASS" and not rule.get("pass_through_only"), rule
    _, results, _ = run(cli, tmp_path / "dictated", f"{cli.peer} reference server", "--case",
                        "server.security.form-asks-no-secrets")
    rules = {r["id"]: r for section in results["coverage"] for r in section["requirements"]}
    assert rules["EL-2025-11-25-FORM-NO-SENSITIVE"].get("pass_through_only") is True


@pytest.mark.sanitized
def test_a_failure_names_the_message_that_came_closest(cli, tmp_path):
    """Before: an expect that received the right request with the wrong content said "closest:
    "method" is missing" about whatever message came last (the tool result). Now it names the
    message that came closest, the elicitation/create, and where it differed."""
    sut = f"{cli.peer} reference server --fault drop-message"
    run(cli, tmp_path, sut, "--case", "server.form.request-well-formed", "--revision", "2025-11-25")
    [case] = results_of(tmp_path / "report")["cases"]
    assert "closest: the SUT's elicitation/create request" in case["reason"], case["reason"]
    assert "differs at /params/message" in case["reason"]
    assert '"method":"elicitation/create"' in case["offending_message"]


def test_quotes_come_from_the_catalog_of_the_run_revision(cli, tmp_path):
    """Before: reports and check-message quoted a second, unchecked table: 19 of the 49 keys the
    cases cite printed no quote, and check-message --revision 2025-06-18 printed 2025-11-25 words.
    Now every quote is the verified catalog entry of the revision that ran."""
    catalogs = {rev: {e["key"]: e for e in json.loads((ROOT / "cases" / "requirements" / f"{rev}.json").read_text())["requirements"]}
                for rev in ("2025-06-18", "2025-11-25")}
    schema = tmp_path / "s.json"
    schema.write_text('{"type":"object","properties":{"a":{"type":"object"}}}')
    for rev, catalog in catalogs.items():
        code, out = cli.json("check-schema", schema, "--revision", rev)
        [finding] = [d for d in out["diagnostics"] if d["level"] == "MUST"]
        key = finding["requirement"].removeprefix(f"EL-{rev}-")
        assert finding["rule"] == catalog[key]["quote"], (rev, finding)
    # A report quotes every rule a failing case cites.
    run(cli, tmp_path, f"{cli.peer} reference server --fault drop-message", "--case", "server.form.*")
    md = (tmp_path / "report" / "report.md").read_text()
    assert "no quote" not in md
    assert str(ROOT) + "/cases" not in md  # case files are named relative to the corpus


def test_a_client_taking_a_malformed_request_is_noted_not_warned(cli, tmp_path):
    """Before: a client that answered a nested requestedSchema, or an elicitation/create without a
    message, with a result got WARN citing CLIENT-ERR-STANDARD, whose MUST list names an undeclared
    mode only; no sentence says what a client does with a request the schema forbids. Now those
    cases are "scope": "robustness": NOTE, which fails no run, not even under --strict, and every
    report says it is not a requirement. The one listed failure case (an undeclared mode) stays
    FAIL: the clean peer passes all of them, the faulty one fails only unknown-mode hard."""
    report = tmp_path / "report"
    proc = cli.run("client", "--command", f"{cli.peer} reference client --fault trust-request",
                   "--case", "client.invalid-params.*", "--revision", "2025-11-25", "--strict",
                   "--report-dir", report, timeout=120)
    results = results_of(report)
    statuses = {c["id"]: c["status"] for c in results["cases"]}
    noted = {i for i, s in statuses.items() if s == "NOTE"}
    assert {"client.invalid-params.nested-object-schema", "client.invalid-params.missing-message"} <= noted
    assert all(c["scope"] == "robustness" for c in results["cases"] if c["id"] in noted)
    assert "WARN" not in statuses.values() and "FAIL" not in statuses.values(), statuses
    assert proc.returncode == 0, proc.stdout.decode()
    assert results["counts"]["NOTE"] == len(noted)
    assert f"{len(noted)} NOTE" in proc.stdout.decode()
    md = (report / "report.md").read_text()
    assert "NOTE (robustness, not a requirement)" in md and "| robustness | NOTE |" in md
    assert "NOTE (robustness, not a requirement)" in (report / "report.html").read_text()
    junit = ET.parse(report / "junit.xml").getroot()
    for case in junit.iter("testcase"):
        if case.get("name") in noted:
            assert case.find("failure") is None and case.find("skipped") is None
            assert case.findtext("system-out").startswith("verdict: NOTE\n")

    clean = cli.run("client", "--command", f"{cli.peer} reference client", "--case", "client.invalid-params.*",
                    "--revision", "2025-11-25", "--report-dir", tmp_path / "clean", timeout=120)
    assert clean.returncode == 0
    assert {c["status"] for c in results_of(tmp_path / "clean")["cases"]} == {"PASS"}

    # An undeclared mode is the list's one case: a client that takes it still FAILs.
    undeclared = cli.run("client", "--command", f"{cli.peer} reference client --fault unknown-mode-as-form",
                         "--case", "client.invalid-params.unknown-mode", "--revision", "2025-11-25",
                         "--report-dir", tmp_path / "undeclared", timeout=120)
    assert undeclared.returncode == 1
    assert [c["status"] for c in results_of(tmp_path / "undeclared")["cases"]] == ["FAIL"]


def test_a_robustness_case_cannot_claim_a_must(cli, tmp_path):
    cases = tmp_path / "cases" / "2025-11-25" / "client"
    cases.mkdir(parents=True)
    source = json.loads((ROOT / "cases/2025-11-25/client/client.invalid-params.missing-message.json").read_text())
    source["level"] = "MUST"
    (cases / "bad.json").write_text(json.dumps(source))
    proc = cli.run("client", "--cases", tmp_path / "cases", "--command", "true", "--report-dir", tmp_path / "r")
    assert proc.returncode == 2
    assert b"/scope" in proc.stderr and b"cannot be MUST" in proc.stderr


def test_a_server_that_cannot_send_32042_does_not_pass_refusing_bad_entries(cli, tmp_path):
    """Before (issue 31): a server framework that turns every tool error into an isError result
    (it cannot send -32042 at all) PASSed server.url-required.refuses-form-entry and
    refuses-entry-without-id: it "refused" the bad entry only because it refuses every entry. Now
    each case first asks for a valid URL entry, which must come back as -32042: such a server is
    FAIL (not testable) there, and the conformant peer still passes all three."""
    _, faulty, _ = run(cli, tmp_path / "faulty", f"{cli.peer} reference server --fault url-required-as-result",
                       "--case", "server.url-required.*")
    by_id = {c["id"]: c for c in faulty["cases"]}
    for case in ("server.url-required.refuses-form-entry", "server.url-required.refuses-entry-without-id"):
        c = by_id[case]
        assert c["status"] == "FAIL" and c.get("untestable") and c["check"] == "response.can_refuse", c
    assert by_id["server.url-required.error-shape"]["status"] == "FAIL"
    _, clean, _ = run(cli, tmp_path / "clean", f"{cli.peer} reference server", "--case", "server.url-required.*")
    assert [c["status"] for c in clean["cases"]] == ["PASS"] * 3


def test_a_client_that_declares_both_modes_runs_every_case_that_does_not_need_less(cli, tmp_path):
    """Before (issue 31): a client library that always declares form and url (the Python SDKs,
    FastMCP) got FAIL (not testable) on every client case that asked for less, or its adapter
    said SKIP: 2 of 46 cases ran at 2025-11-25 and the SKIPs hid its defects. Now a case whose
    elicitations are all in modes it asked for runs (the extra mode is never exercised, and the
    capability checks hold the client to what it declared); only the cases about a mode the
    client must not have declared, or about the none or empty declaration, are SKIP, saying why."""
    wrapper = SUTS / "declares_both_modes_client.sh"
    proc, results, _ = run_client_cases(cli, tmp_path / "clean", f"{wrapper} {cli.peer} reference client")
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]
    skipped = {c["id"] for c in results["cases"] if c["status"] == "SKIP"}
    assert skipped == {"client.capability.form-to-empty-capability", "client.capability.form-to-url-only",
                       "client.capability.none-declared", "client.capability.url-to-empty-capability",
                       "client.capability.url-to-form-only", "client.capability.url-with-schema-to-form-only"}
    assert all("must not have declared" in c["reason"] for c in results["cases"] if c["status"] == "SKIP")
    assert all(c["status"] == "PASS" for c in results["cases"] if c["id"] not in skipped)
    # The same client with a defect: found, where every case used to be not testable.
    proc, results, _ = run_client_cases(cli, tmp_path / "faulty",
                                        f"{wrapper} {cli.peer} reference client --fault swap-decline-cancel")
    assert proc.returncode == 1
    assert {c["id"] for c in results["cases"] if c["status"] == "FAIL" and not c.get("untestable")}


def run_client_cases(cli, report, command):
    proc = cli.run("client", "--command", command, "--revision", "2025-11-25", "--report-dir", report, "-j", "2",
                   timeout=300)
    return proc, json.loads((report / "results.json").read_text()), report


ARRIVAL_CASES = ["server.form.schema-2025-06-18", "server.completion.issued-id", "server.form.request-well-formed",
                 "server.form.sep1330-enums-and-sep1034-defaults", "server.url.request-well-formed"]


def test_content_rules_of_a_message_never_sent_are_not_testable(cli, tmp_path):
    """Issue 31: these cases judge the content of the elicitation/create the tool was asked to send.
    Before, a server that never sent one FAILed them (MUST) for content it never sent, while their
    siblings said not testable. Their expect step now says `"prerequisite": "arrival"`."""
    for case in ARRIVAL_CASES:
        report = tmp_path / case
        proc = cli.run("server", "--command", f"{SUTS / 'contractless_server.py'} never-elicits", "--case", case,
                       "--timeout", "1000", "--report-dir", report)
        rows = results_of(report)["cases"]
        assert rows and {r["id"] for r in rows} == {case}, rows
        for row in rows:
            assert row["status"] == "FAIL" and row["untestable"], row
            assert "the SUT sent no elicitation/create at all" in row["reason"], row["reason"]
        assert proc.returncode == 1


def test_content_that_arrived_and_breaks_the_rule_still_fails(cli, tmp_path):
    """The other half: the reference server with drop-message sends elicitation/create without a
    message; server.form.request-well-formed FAILs on its rule, not as not testable."""
    cli.run("server", "--command", f"{cli.peer} reference server --fault drop-message", "--case",
            "server.form.request-well-formed", "--revision", "2025-11-25", "--timeout", "1000", "--report-dir", tmp_path)
    [row] = results_of(tmp_path)["cases"]
    assert row["status"] == "FAIL" and not row.get("untestable"), row


@pytest.mark.parametrize("fault,status", [(None, "PASS"), ("unchecked-state-mac", "FAIL")])
def test_a_first_round_without_state_still_gets_the_tampering_verdict(cli, tmp_path, fault, status):
    """Before: a server whose first InputRequiredResult carries no requestState (the spec's MAY) got
    FAIL (not testable) from server.modern.tampered-state-rejected, which demanded one there. Now the
    case tampers with round 2's state, which holds the first answer: the protected server passes, the
    one that does not check its seal fails (found with tmcp before its adapter set a round-1 state)."""
    proxy = SUTS / "stateless_first_round_proxy.py"
    peer = f"{cli.peer} reference server" + (f" --fault {fault}" if fault else "")
    _, results, _ = run(cli, tmp_path, f"{proxy} {peer}", "--revision", "2026-07-28",
                        "--case", "server.modern.tampered-state-rejected")
    [case] = results["cases"]
    assert case["status"] == status and not case.get("untestable"), case
    transcript = json.dumps(case.get("transcript", ""))
    assert "Step 1" in transcript and "requestState" in transcript
