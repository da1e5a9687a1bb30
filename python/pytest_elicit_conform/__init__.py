"""pytest plugin: elicit-conform's case runs as pytest items.

    pip install elicit-conform    # the wheel: the plugin is a pytest11 entry point, no -p needed
    pytest --elicit-conform-server "CMD ..."

or from a source checkout, with the elicit-conform binary on PATH (or --elicit-conform-binary):

    PYTHONPATH=path/to/elicit-conform/python \\
        pytest -p pytest_elicit_conform --elicit-conform-server "CMD ..."

runs `elicit-conform server --command CMD` once per session, while pytest collects, reads its
results.json and yields one item per case run, named `<case id>[<revision>]`: PASS passes, FAIL
fails with the reason, the rule, the JSON pointer and the offending message, SKIP skips, a run
named in the expected-failures file xfails, ERROR is a pytest error. One more item,
`elicit-conform.run[<role>]`, fails when the CLI's exit status says the run failed but no case item
shows why (a stale baseline entry, nothing tested, a usage error), so pytest is never green when
the CLI is red. Only the standard library and pytest.
"""
import json
import os
import pathlib
import shlex
import subprocess
import warnings

import pytest

ROLES = ("server", "client")


def pytest_addoption(parser):
    group = parser.getgroup("elicit-conform", "elicit-conform conformance runs as pytest items")
    group.addoption("--elicit-conform-server", metavar="CMD|URL", default=None,
                    help="run the server cases against this server command (or http://127.0.0.1:PORT/mcp URL)")
    group.addoption("--elicit-conform-client", metavar="CMD", default=None,
                    help="run the client cases against this client command")
    group.addoption("--elicit-conform-binary", metavar="PATH", default=None,
                    help="the elicit-conform binary (default: the one bundled with this package when it "
                         "was installed from its wheel, else elicit-conform on PATH)")
    group.addoption("--elicit-conform-args", metavar="ARGS", default="",
                    help="more CLI arguments, split like a shell, given with '=' (a value starting with - "
                         "is otherwise read as an option of pytest's): "
                         "--elicit-conform-args=\"--revision 2025-11-25 --expected-failures expected.yml\"")
    group.addoption("--elicit-conform-report-dir", metavar="DIR", default="elicit-conform-report",
                    help="where the reports are kept (with both roles: DIR/server and DIR/client)")


class RunOutcome:
    """One CLI run: its exit status, its streams and its results.json (None when none was written)."""

    def __init__(self, role, argv, report_dir):
        self.role = role
        self.argv = argv
        self.report_dir = report_dir
        self.strict = "--strict" in argv
        results = report_dir / "results.json"
        # The CLI replaces it; removed first so that one left by an earlier run never stands for this one.
        results.unlink(missing_ok=True)
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, errors="replace")
            self.returncode, self.stdout, self.stderr = proc.returncode, proc.stdout, proc.stderr
        except OSError as error:
            self.returncode, self.stdout, self.stderr = None, "", f"cannot run {argv[0]}: {error}"
        self.results = None
        if results.is_file():
            self.results = json.loads(results.read_text(encoding="utf-8", errors="replace"))


def _default_binary():
    """The binary of the wheel (elicit_conform/_bundle) when installed from it, else the one on PATH."""
    try:
        from elicit_conform import bundled_binary
    except ImportError:  # the plugin alone, on PYTHONPATH
        return "elicit-conform"
    return bundled_binary() or "elicit-conform"


def _run(config, role, target):
    binary = config.getoption("elicit_conform_binary") or _default_binary()
    base = pathlib.Path(config.getoption("elicit_conform_report_dir"))
    if not base.is_absolute():
        base = config.invocation_params.dir / base
    both = all(config.getoption(f"elicit_conform_{r}") for r in ROLES)
    report_dir = base / role if both else base
    report_dir.mkdir(parents=True, exist_ok=True)
    is_url = role == "server" and target.startswith(("http://", "https://"))
    argv = [binary, role, "--url" if is_url else "--command", target, "--report-dir", str(report_dir),
            *shlex.split(config.getoption("elicit_conform_args"))]
    return RunOutcome(role, argv, report_dir)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session, config, items):
    # tryfirst: our items are in the list before -k, -m and --deselect filter it.
    for role in ROLES:
        target = config.getoption(f"elicit_conform_{role}")
        if not target:
            continue
        run = _run(config, role, target)
        config.stash.setdefault(_RUNS, []).append(run)
        # The items live in results.json: pytest's progress line groups them under that file.
        parent = ElicitConformRun.from_parent(session, name=f"elicit-conform-{role}", nodeid=f"elicit-conform-{role}",
                                              path=run.report_dir / "results.json")
        collected = parent.collect_from(run)
        # Reported like any collector's result, so that "collected N items" counts them.
        config.hook.pytest_collectreport(report=pytest.CollectReport(parent.nodeid, "passed", None, collected))
        items.extend(collected)


_RUNS = pytest.StashKey()


class ElicitConformRun(pytest.Collector):
    def collect(self):  # only built by pytest_collection_modifyitems, which calls collect_from
        return []

    def collect_from(self, run):
        out, seen = [], set()
        for case in (run.results or {}).get("cases", []):
            name = f"{case['id']}[{case['revision']}]"
            if name in seen:
                name = f"{case['id']}[{case['revision']}-{case['transport']}]"
            seen.add(name)
            out.append(CaseItem.from_parent(self, name=name, nodeid=name, case=case, run=run))
        name = f"elicit-conform.run[{run.role}]"
        out.append(RunItem.from_parent(self, name=name, nodeid=name, run=run, cases=out[:]))
        return out


class CaseFailure(Exception):
    """A run's verdict, shown as text rather than as a Python traceback."""


def _detail(case):
    lines = [f"{case['status']}{' (not testable)' if case.get('untestable') else ''}: {case.get('reason', '')}"]
    if case.get("ran_at") and case["ran_at"] != case["revision"]:
        lines.append(f"ran at {case['ran_at']} (asked {case['revision']})")
    lines.append(f"rule: {', '.join(case.get('requirements', [])) or '(none)'} ({case.get('level', '?')})")
    for key, label in (("check", "check"), ("step", "case step"), ("pointer", "JSON pointer"),
                       ("offending_message", "message")):
        if case.get(key):
            lines.append(f"{label}: {case[key]}")
    for finding in case.get("sut_findings", []):
        lines.append(f"finding: {finding['level']} {finding['check']} at {finding['pointer'] or '/'}"
                     f" ({finding['requirement']}): {finding['message']}")
    lines.append(f"transport: {case.get('transport')}")
    return "\n".join(lines)


class CaseItem(pytest.Item):
    def __init__(self, *, case, run, **kwargs):
        super().__init__(**kwargs)
        self.case, self.run = case, run
        self.add_marker(pytest.mark.elicit_conform)

    def _expected(self):
        return self.case.get("expected_failure") and self.case["status"] not in ("PASS", "SKIP")

    def setup(self):
        # pytest shows an exception in setup as ERROR: the verdict "the SUT never came up".
        if self.case["status"] == "ERROR" and not self._expected():
            raise CaseFailure(_detail(self.case))

    def runtest(self):
        status = self.case["status"]
        if self._expected():
            pytest.xfail(f"listed in {self.case['expected_failure']}: {status}: {self.case.get('reason', '')}")
        if status == "SKIP":
            pytest.skip(self.case.get("reason") or "skipped by the SUT")
        if status == "FAIL" or (status == "WARN" and self.run.strict):
            raise CaseFailure(_detail(self.case))
        if status == "WARN":
            warnings.warn(pytest.PytestWarning(f"{self.name}: WARN (a SHOULD not met): {self.case.get('reason', '')}"))
        if status == "NOTE":  # a robustness case: never a failure, not under --strict either
            warnings.warn(pytest.PytestWarning(
                f"{self.name}: NOTE (robustness, not a requirement): {self.case.get('reason', '')}"))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CaseFailure):
            return f"{excinfo.value}\nreport: {self.run.report_dir}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.run.report_dir / "results.json", None, f"elicit-conform {self.run.role} {self.name}"


class RunItem(pytest.Item):
    def __init__(self, *, run, cases, **kwargs):
        super().__init__(**kwargs)
        self.run, self.cases = run, cases
        self.add_marker(pytest.mark.elicit_conform)

    def _red_case(self):
        for item in self.cases:
            case = item.case
            if item._expected():
                continue
            if case["status"] in ("FAIL", "ERROR") or (case["status"] == "WARN" and self.run.strict):
                return True
        return False

    def runtest(self):
        run = self.run
        if run.returncode == 0 and run.results is not None:
            return
        problems = list((run.results or {}).get("baseline", {}).get("problems", []))
        # As the CLI: nothing tested is a failure of its own only when no case item is red already.
        if run.results is not None and run.results.get("counts", {}).get("tested") == 0 and not self._red_case():
            problems.append("no run tested its rule (every run was skipped or not testable): not a pass")
        if run.results is not None and not problems and run.returncode in (1, 3) and self._red_case():
            return  # the case items already say why
        lines = [f"elicit-conform exited {run.returncode}: {shlex.join(map(str, run.argv))}"]
        if run.results is None:
            lines.append("no results.json was written")
        lines += problems
        lines.append(run.stderr.strip()[-3000:])
        raise CaseFailure("\n".join(line for line in lines if line))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CaseFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.run.report_dir / "results.json", None, f"elicit-conform {self.run.role} run"


def pytest_configure(config):
    config.addinivalue_line("markers", "elicit_conform: a case run of elicit-conform")


def pytest_terminal_summary(terminalreporter, config):
    for run in config.stash.get(_RUNS, []):
        terminalreporter.write_line(
            f"elicit-conform {run.role}: exit {run.returncode}, reports in {os.fspath(run.report_dir)}")
