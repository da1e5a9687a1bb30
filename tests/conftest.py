"""End-to-end tests drive the built `elicit-conform` binary. Each test that takes `cli` runs
with the default build; a test marked `sanitized` runs again with the asan build when it exists,
so hostile inputs, the report writers and the harness's threads are also checked under
AddressSanitizer and UndefinedBehaviorSanitizer."""
import json
import os
import pathlib
import shutil
import signal
import subprocess
import tempfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "harness" / "tests" / "data" / "spec-examples"
BUILDS = [b for b in ("default", "asan") if (ROOT / "build" / b / "elicit-conform").exists()]

# A background job (`scripts/test.sh &`, nohup, some CI runners) starts with SIGINT ignored, and an
# ignored signal stays ignored across exec: every harness the tests start would ignore it too (as
# interrupt.h promises), and the interrupt tests could not interrupt. A Python handler is reset to
# the default action in every child, so installing one here gives the harness a normal SIGINT.
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Which tests run under the asan build too. ASan makes every process several times slower, and a
# client-role case starts three of them: running every test twice took CI past half an hour. The
# verdict matrices (every fault against every case) and the protocol behaviours show nothing new
# under a sanitizer; what does is the harness meeting bad input (hostile SUTs, garbage, floods,
# signals, usage errors), its report writers and its threads. Those tests carry the marker
# `sanitized`, or `sanitized(params={...})` to keep the asan run to some parameter values (the
# clean variant of a fault matrix).
def pytest_configure(config):
    config.addinivalue_line("markers", "sanitized(params=None): also run this test with the asan build")


def pytest_collection_modifyitems(config, items):
    keep, drop = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is None or callspec.params.get("cli") != "asan":
            keep.append(item)
            continue
        marker = item.get_closest_marker("sanitized")
        wanted = marker.kwargs.get("params", {}) if marker else None
        if marker and all(callspec.params.get(k) == v for k, v in wanted.items()):
            keep.append(item)
        else:
            drop.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


class Cli:
    instances = 0

    def __init__(self, build):
        self.build = build
        self.path = ROOT / "build" / build / "elicit-conform"
        # The reference peer a test runs as its SUT. Under the asan build it is the default build
        # when there is one: the harness is what meets bad input under the sanitizer, and an ASan
        # SUT only doubled the time of every case.
        default = ROOT / "build" / "default" / "elicit-conform"
        self.peer = default if default.exists() else self.path
        self.env = dict(os.environ)
        self.env["UBSAN_OPTIONS"] = f"suppressions={ROOT}/scripts/ubsan.supp:print_stacktrace=1:halt_on_error=1"
        self.env["ASAN_OPTIONS"] = "detect_leaks=1"
        # Every message the harness writes, and every message of the conformant reference peers,
        # is judged against its revision's schema.json (schema/spec_schema.h): the harness writes
        # a line "elicit-conform: self-check: ..." (run() fails on it), a reference peer aborts.
        # Under the asan build it is left off: the messages are the same as the default build's,
        # which judges them, and validating each one under ASan made a 9,000-ping burst miss its
        # timeout (test_hostile.py).
        if build != "asan":
            self.env["ELICIT_CONFORM_SELF_CHECK"] = "1"
        # Hostile SUT scripts sleep for this many seconds; a number unique to this test lets the
        # leftover-process checks tell its processes from those of another test (an earlier one
        # that failed, another pytest worker, another run on the machine).
        Cli.instances += 1
        self.env["EC_TEST_SLEEP"] = str(600000 + (os.getpid() * 7919 + hash(build) + Cli.instances * 104729) % 300000)
        self.sleep_marker = "sleep " + self.env["EC_TEST_SLEEP"]
        # A temporary folder of this test's own (short: the harness puts its relay socket there),
        # so that the checks for folders left behind see this test's harness only, whatever
        # else runs on the machine (another pytest worker, another checkout).
        self.tmpdir = pathlib.Path(tempfile.mkdtemp(prefix="ec-test-"))
        self.env["TMPDIR"] = str(self.tmpdir)

    # A `run` timeout only stops a harness that hangs; it judges no speed (the tests that judge
    # elapsed time measure it themselves). The ASan harness on a shared CI machine is several
    # times slower than the default build, so its hang guard is longer.
    TIMEOUT_SCALE = {"default": 1, "asan": 3}

    def run(self, *args, stdin=None, timeout=120):
        timeout *= self.TIMEOUT_SCALE.get(self.build, 1)
        proc = subprocess.run([str(self.path), *map(str, args)], input=stdin, capture_output=True,
                              timeout=timeout, env=self.env)
        # A sanitizer report or a signal is a harness crash whatever the exit code says.
        assert proc.returncode >= 0, f"killed by signal {-proc.returncode}: {proc.stderr[-2000:]!r}"
        assert b"Sanitizer" not in proc.stderr and b"runtime error" not in proc.stderr, proc.stderr[-4000:]
        assert b"elicit-conform: self-check:" not in proc.stderr, proc.stderr[-4000:]
        return proc

    def json(self, *args, stdin=None):
        proc = self.run(*args, "--json", stdin=stdin)
        return proc.returncode, json.loads(proc.stdout)


@pytest.fixture(params=BUILDS)
def cli(request):
    if not BUILDS:
        pytest.fail("no build found: run scripts/setup.sh")
    cli = Cli(request.param)
    yield cli
    shutil.rmtree(cli.tmpdir, ignore_errors=True)
