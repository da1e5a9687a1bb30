"""End-to-end tests drive the built `elicit-conform` binary. Each test that takes `cli` runs
once per build that exists (default, and asan when built), so hostile inputs are also checked
under AddressSanitizer and UndefinedBehaviorSanitizer."""
import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "harness" / "tests" / "data" / "spec-examples"
BUILDS = [b for b in ("default", "asan") if (ROOT / "build" / b / "elicit-conform").exists()]

# Whether a case can fail is a property of the case files and the reference faults, not of the
# build; the asan build runs the clean corpus, hostile SUTs and interrupts, and the fault
# matrices (every fault against every case, 80+ runs each) would add ten minutes of CI for
# nothing new. The fault paths of the harness still run under ASan in the baseline, report and
# parallel-run tests.
KILL_MATRIX_ON_DEFAULT_ONLY = "the kill matrix runs with the default build (case honesty does not depend on the build)"


class Cli:
    def __init__(self, build):
        self.build = build
        self.path = ROOT / "build" / build / "elicit-conform"
        self.env = dict(os.environ)
        self.env["UBSAN_OPTIONS"] = f"suppressions={ROOT}/scripts/ubsan.supp:print_stacktrace=1:halt_on_error=1"
        self.env["ASAN_OPTIONS"] = "detect_leaks=1"
        # Hostile SUT scripts sleep for this many seconds; a number unique to this test run lets
        # the leftover-process checks tell our processes from those of another run on the machine.
        self.env["EC_TEST_SLEEP"] = str(600000 + (os.getpid() * 7919 + hash(build)) % 300000)
        self.sleep_marker = "sleep " + self.env["EC_TEST_SLEEP"]

    def run(self, *args, stdin=None, timeout=120):
        proc = subprocess.run([str(self.path), *map(str, args)], input=stdin, capture_output=True,
                              timeout=timeout, env=self.env)
        # A sanitizer report or a signal is a harness crash whatever the exit code says.
        assert proc.returncode >= 0, f"killed by signal {-proc.returncode}: {proc.stderr[-2000:]!r}"
        assert b"Sanitizer" not in proc.stderr and b"runtime error" not in proc.stderr, proc.stderr[-4000:]
        return proc

    def json(self, *args, stdin=None):
        proc = self.run(*args, "--json", stdin=stdin)
        return proc.returncode, json.loads(proc.stdout)


@pytest.fixture(params=BUILDS)
def cli(request):
    if not BUILDS:
        pytest.fail("no build found: run scripts/setup.sh")
    return Cli(request.param)
