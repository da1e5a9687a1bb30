"""action.yml, the composite GitHub Action: every input reaches the CLI as the flag it names, the
command line it composes is one the CLI accepts and runs, and its outputs and step summary are
written whatever the verdict. The run step is executed as GitHub executes it (bash -eo pipefail,
GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_ACTION_PATH), with the inputs in its environment."""
import json
import re
import subprocess

import pytest

from conftest import ROOT

yaml = pytest.importorskip("yaml", reason="python3-yaml (Debian) reads action.yml; scripts/install-deps.sh installs it")

ACTION = yaml.safe_load((ROOT / "action.yml").read_text())
INPUTS = {"mode", "command", "url", "transport", "expected-failures", "revision", "scenario", "suite", "timeout",
          "verbose", "strict", "report-dir", "extra-args"}


def step(name_part):
    [s] = [s for s in ACTION["runs"]["steps"] if name_part in s["name"]]
    return s


def run_action(tmp_path, action_path, **inputs):
    """Runs the run step with these inputs (the others take their defaults); returns the exit
    status, the step's outputs and its summary."""
    run = step("Run elicit-conform")
    values = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}
    values.update({k.replace("_", "-"): v for k, v in inputs.items()})
    env = {"PATH": "/usr/bin:/bin", "GITHUB_ACTION_PATH": str(action_path)}
    for var, expr in run["env"].items():
        env[var] = str(values[re.fullmatch(r"\$\{\{ inputs\.([a-z-]+) \}\}", expr).group(1)])
    workspace = tmp_path / "workspace"
    workspace.mkdir(exist_ok=True)
    env["GITHUB_OUTPUT"] = str(tmp_path / "output")
    env["GITHUB_STEP_SUMMARY"] = str(tmp_path / "summary")
    for f in ("output", "summary"):
        (tmp_path / f).write_text("")
    script = tmp_path / "step.sh"
    script.write_text(run["run"])
    proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)], env=env,
                          cwd=workspace, capture_output=True, text=True, timeout=120)
    outputs = dict(line.split("=", 1) for line in (tmp_path / "output").read_text().splitlines())
    return proc, outputs, (tmp_path / "summary").read_text()


def test_action_inputs_outputs_and_steps():
    assert ACTION["runs"]["using"] == "composite"
    assert set(ACTION["inputs"]) == INPUTS
    run = step("Run elicit-conform")
    # Every input goes through the environment and the script reads it; none is spliced into the
    # script's text, where a quote in an input would be code.
    used = {re.fullmatch(r"\$\{\{ inputs\.([a-z-]+) \}\}", expr).group(1): var for var, expr in run["env"].items()}
    assert set(used) == INPUTS
    for name, var in used.items():
        assert f"${var}" in run["run"] or f"${{{var}" in run["run"], f"input {name} ({var}) is not used"
    assert "${{" not in run["run"]
    assert {k: v["value"] for k, v in ACTION["outputs"].items()} == {
        "exit-code": "${{ steps.run.outputs.exit-code }}", "report-dir": "${{ steps.run.outputs.report-dir }}"}
    assert run["id"] == "run"
    assert "scripts/install-deps.sh" in step("Install")["run"]
    build = step("Build")["run"]
    assert "cmake --preset default" in build and "cmake --build --preset default" in build
    assert "upload" not in json.dumps(ACTION["runs"]).lower(), "the action uploads nothing itself"


def test_action_composes_each_input_as_its_flag(tmp_path):
    """A stand-in binary records the arguments: each input is the flag it names, extra-args split
    like a shell."""
    fake = tmp_path / "action" / "build" / "default"
    fake.mkdir(parents=True)
    (fake / "elicit-conform").write_text(
        "#!/bin/sh\nfor a; do printf '%s\\0' \"$a\"; done > \"$GITHUB_OUTPUT.argv\"\n"
        "mkdir -p elicit-conform-report && echo '# fake report' > elicit-conform-report/report.md\nexit 4\n")
    (fake / "elicit-conform").chmod(0o755)
    proc, outputs, summary = run_action(
        tmp_path, tmp_path / "action", mode="client", command="my client --flag", url="http://127.0.0.1:9/mcp",
        transport="http", expected_failures="ef.yml", revision="2025-06-18", scenario="sep-2322 client",
        suite="draft", timeout="1500", verbose="true", strict="true",
        extra_args="--case 'client.a b' -j 2 --tool-args '{\"x\": 1}' --timeout\\ 9")
    argv = (tmp_path / "output.argv").read_text().split("\0")[:-1]
    report = str(tmp_path / "workspace" / "elicit-conform-report")
    assert argv == ["client", "--command", "my client --flag", "--url", "http://127.0.0.1:9/mcp",
                    "--transport", "http", "--expected-failures", "ef.yml", "--revision", "2025-06-18",
                    "--scenario", "sep-2322 client", "--suite", "draft", "--timeout", "1500", "--verbose",
                    "--strict", "--report-dir", report, "--case", "client.a b", "-j", "2", "--tool-args",
                    '{"x": 1}', "--timeout 9"], argv
    # The CLI's status is the step's and an output; the summary is the report.
    assert proc.returncode == 4 and outputs == {"exit-code": "4", "report-dir": report}
    assert summary == "# fake report\n"

    # Defaults add nothing; a bad mode, strict or quote is refused before anything runs.
    (tmp_path / "output.argv").unlink()
    proc, outputs, _ = run_action(tmp_path, tmp_path / "action", command="srv")
    assert (tmp_path / "output.argv").read_text().split("\0")[:-1] == ["server", "--command", "srv",
                                                                        "--report-dir", report]
    for bad in ({"mode": "both"}, {"strict": "yes"}, {"verbose": "1"}, {"extra_args": "--case 'unclosed"}):
        (tmp_path / "output.argv").unlink(missing_ok=True)
        proc, outputs, _ = run_action(tmp_path, tmp_path / "action", command="srv", **bad)
        assert proc.returncode == 2 and "::error::" in proc.stdout, (bad, proc.stdout, proc.stderr)
        assert not (tmp_path / "output.argv").exists(), bad


def test_action_runs_the_real_cli(cli, tmp_path):
    faulty = f"{cli.peer} reference server --fault drop-message"
    baseline = tmp_path / "expected.yml"
    baseline.write_text("server:\n  - server.form.request-well-formed\n")
    common = dict(mode="server", command=faulty, revision="2025-11-25", strict="true",
                  # A fault's FAIL waits the whole expect timeout: 1 s, not the default 5 s.
                  extra_args="--case 'server.form.request-well-formed' -j 2 --timeout 1000")
    proc, outputs, summary = run_action(tmp_path, ROOT, expected_failures=str(baseline), report_dir="rep", **common)
    assert proc.returncode == 0 and outputs["exit-code"] == "0", proc.stderr[-3000:]
    report = tmp_path / "workspace" / "rep"
    assert outputs["report-dir"] == str(report)
    results = json.loads((report / "results.json").read_text())
    assert [(c["id"], c["revision"], c["status"], bool(c.get("expected_failure"))) for c in results["cases"]] == [
        ("server.form.request-well-formed", "2025-11-25", "FAIL", True)]
    assert results["provenance"]["sut"]["command"] == faulty
    assert summary == (report / "report.md").read_text() and "server.form.request-well-formed" in summary

    # Without the baseline the run is red: the step fails with the CLI's status, outputs and summary still written.
    proc, outputs, summary = run_action(tmp_path, ROOT, report_dir="red", **common)
    assert proc.returncode == 1 and outputs["exit-code"] == "1", proc.stderr[-3000:]
    assert summary == (tmp_path / "workspace" / "red" / "report.md").read_text() != ""

    # Client mode over the transport asked for.
    proc, outputs, _ = run_action(tmp_path, ROOT, mode="client", command=f"{cli.peer} reference client",
                                  transport="http", extra_args="--case client.sep1034.defaults-prefilled")
    assert proc.returncode == 0, proc.stderr[-3000:]
    runs = json.loads((tmp_path / "workspace" / "elicit-conform-report" / "results.json").read_text())["cases"]
    assert runs and {(c["transport"], c["status"]) for c in runs} == {("http", "PASS")}

    # The official suite's words as inputs: an official scenario (its cases, checks.json), its
    # suite, the expect timeout and --verbose reach the real CLI.
    proc, outputs, _ = run_action(tmp_path, ROOT, mode="server", command=f"{cli.peer} reference server",
                                  scenario="tools-call-elicitation", suite="active", timeout="1000", verbose="true",
                                  report_dir="official")
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = tmp_path / "workspace" / "official"
    runs = json.loads((report / "results.json").read_text())["cases"]
    assert {(c["id"], c["revision"]) for c in runs if c["id"].startswith("server.official")} == {
        ("server.official.test-elicitation", "2025-11-25"), ("server.official.test-elicitation", "2025-06-18")}
    assert json.loads((report / "checks.json").read_text())[0]["name"] == "tools-call-elicitation"
    proc, outputs, _ = run_action(tmp_path, ROOT, mode="server", command=f"{cli.peer} reference server",
                                  scenario="server-initialize", report_dir="skipped")
    assert proc.returncode == 0 and "SKIP  server-initialize" in proc.stderr, proc.stderr[-3000:]
