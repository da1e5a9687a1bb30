"""python/pytest_elicit_conform: an SDK's pytest runs the suite and shows one item per case run.
Each test runs pytest in a subprocess, as an SDK's CI would (`pytest -p pytest_elicit_conform`),
and reads the outcome of every item from that pytest's own junit.xml."""
import json
import os
import subprocess
import xml.etree.ElementTree as ET

from conftest import ROOT

SUTS = ROOT / "tests" / "suts"


def plugin_pytest(cli, tmp_path, *options, args=""):
    """Runs pytest with the plugin in an empty folder; returns its exit status, its output and
    {item name: outcome} with outcome one of passed, failed, error, skipped, xfailed."""
    env = dict(cli.env, PYTHONPATH=str(ROOT / "python"))
    out = tmp_path / "inner.xml"
    out.unlink(missing_ok=True)
    proc = subprocess.run(["/usr/bin/python3", "-m", "pytest", "-p", "pytest_elicit_conform", "-p", "no:cacheprovider",
                           "--rootdir", str(tmp_path), "--junitxml", str(out), "-rA",
                           "--elicit-conform-binary", str(cli.path), f"--elicit-conform-args={args}", *options],
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    outcomes = {}
    for case in ET.parse(out).getroot().iter("testcase"):
        kinds = {child.tag: child for child in case}
        if "failure" in kinds:
            outcome = "failed"
        elif "error" in kinds:
            outcome = "error"
        elif "skipped" in kinds:
            outcome = "xfailed" if kinds["skipped"].get("type") == "pytest.xfail" else "skipped"
        else:
            outcome = "passed"
        outcomes[case.get("name")] = outcome
    return proc, outcomes


def test_clean_peers_pass_item_by_item(cli, tmp_path):
    proc, outcomes = plugin_pytest(cli, tmp_path, "--elicit-conform-server", f"{cli.peer} reference server",
                                   "--elicit-conform-client", f"{cli.peer} reference client",
                                   "--elicit-conform-report-dir", "reports",
                                   args="--case '*.form.*' --revision 2025-11-25 -j 2")
    assert proc.returncode == 0, proc.stdout[-3000:]
    # One item per run of results.json, named <case id>[<revision>], and one per CLI run.
    expected = {"elicit-conform.run[server]": "passed", "elicit-conform.run[client]": "passed"}
    for role in ("server", "client"):
        results = json.loads((tmp_path / "reports" / role / "results.json").read_text())
        assert results["cases"] and all(c["status"] == "PASS" for c in results["cases"])
        expected.update({f"{c['id']}[{c['revision']}]": "passed" for c in results["cases"]})
        assert all((tmp_path / "reports" / role / f).is_file() for f in ("junit.xml", "report.md", "report.html"))
    assert outcomes == expected
    assert any(n.startswith("client.") for n in outcomes) and any(n.startswith("server.form.") for n in outcomes)


def test_a_fault_fails_its_item_and_a_baseline_makes_it_xfail(cli, tmp_path):
    faulty = f"{cli.peer} reference server --fault drop-message"
    # A fault's FAIL waits the whole expect timeout: 1 s, not the default 5 s.
    args = "--case server.form.request-well-formed --revision 2025-11-25 --timeout 1000"
    proc, outcomes = plugin_pytest(cli, tmp_path, "--elicit-conform-server", faulty, args=args)
    assert proc.returncode == 1
    assert outcomes == {"server.form.request-well-formed[2025-11-25]": "failed",
                        "elicit-conform.run[server]": "passed"}, outcomes
    # The failure says what broke, which rule, where and in which message.
    text = proc.stdout
    assert "FAIL: no SUT message matched" in text and '"message" is missing' in text
    assert "rule: EL-2025-11-25-REQUEST-MESSAGE" in text
    assert "JSON pointer: /params/message" in text
    assert 'message: {"jsonrpc":"2.0","id":"ref-1","method":"elicitation/create"' in text
    assert (tmp_path / "elicit-conform-report" / "report.md").is_file()

    baseline = tmp_path / "expected.yml"
    baseline.write_text("server:\n  - server.form.request-well-formed\n")
    proc, outcomes = plugin_pytest(cli, tmp_path, "--elicit-conform-server", faulty,
                                   args=f"{args} --expected-failures {baseline}")
    assert proc.returncode == 0, proc.stdout[-3000:]
    assert outcomes == {"server.form.request-well-formed[2025-11-25]": "xfailed",
                        "elicit-conform.run[server]": "passed"}, outcomes

    # The same baseline against a clean server is stale: no case is red, the run item is.
    proc, outcomes = plugin_pytest(cli, tmp_path, "--elicit-conform-server", f"{cli.peer} reference server",
                                   args=f"{args} --expected-failures {baseline}")
    assert proc.returncode == 1
    assert outcomes == {"server.form.request-well-formed[2025-11-25]": "passed",
                        "elicit-conform.run[server]": "failed"}, outcomes
    assert "stale baseline entry" in proc.stdout


def test_a_warn_passes_with_a_warning_and_fails_under_strict(cli, tmp_path):
    server = f"{cli.peer} reference server --fault unsatisfiable-schema"
    args = "--case server.form.schema-satisfiable --revision 2025-11-25"
    proc, outcomes = plugin_pytest(cli, tmp_path, "--elicit-conform-server", server, args=args)
    assert proc.returncode == 0 and outcomes == {"server.form.schema-satisfiable[2025-11-25]": "passed",
                                                 "elicit-conform.run[server]": "passed"}, outcomes
    assert "WARN (a SHOULD not met)" in proc.stdout
    proc, outcomes = plugin_pytest(cli, tmp_path, "--elicit-conform-server", server, args=f"{args} --strict")
    assert proc.returncode == 1 and outcomes == {"server.form.schema-satisfiable[2025-11-25]": "failed",
                                                 "elicit-conform.run[server]": "passed"}, outcomes


def test_skip_error_and_a_cli_that_refuses(cli, tmp_path):
    # A form-only client says it cannot run a URL-only case (SKIP); a server that exits at once never came up (ERROR).
    proc, outcomes = plugin_pytest(cli, tmp_path, "--elicit-conform-client",
                                   f"{cli.peer} reference client --modes form",
                                   args="--case client.capability.form-to-url-only --revision 2025-11-25")
    skip = {k: v for k, v in outcomes.items() if k.startswith("client.")}
    assert skip == {"client.capability.form-to-url-only[2025-11-25]": "skipped"}, outcomes
    # Nothing tested is not a pass: the run item says so.
    assert outcomes["elicit-conform.run[client]"] == "failed" and proc.returncode == 1
    assert "no run tested its rule" in proc.stdout

    proc, outcomes = plugin_pytest(cli, tmp_path, "--elicit-conform-server", f"sh {SUTS / 'client_exits.sh'}",
                                   args="--case server.form.request-well-formed --revision 2025-11-25")
    assert outcomes == {"server.form.request-well-formed[2025-11-25]": "error",
                        "elicit-conform.run[server]": "passed"}, outcomes
    assert proc.returncode == 1

    # A usage error writes no results.json: one failing item with the CLI's own words.
    proc, outcomes = plugin_pytest(cli, tmp_path, "--elicit-conform-server", f"{cli.peer} reference server",
                                   args="--no-such-flag")
    assert outcomes == {"elicit-conform.run[server]": "failed"}, outcomes
    assert "elicit-conform exited 2" in proc.stdout and "--no-such-flag" in proc.stdout
    assert os.path.isdir(tmp_path / "elicit-conform-report")
