"""A SUT that cannot run a case (its SDK has no API for what the case needs) says so: one stderr
line `elicit-conform: SKIP: <reason>`, then exit status 77. The case is SKIP with that reason in
either role; a run in which nothing was tested is not a pass (exit 1). Any other early exit is a
SUT that never came up (ERROR)."""
import json

import pytest

from test_server_role import SUTS

# Every test here meets bad or unusual input, or writes reports: also under the asan build.
pytestmark = pytest.mark.sanitized


@pytest.mark.parametrize("role,case", [("server", "server.form.request-well-formed"),
                                       ("client", "client.form.accept-with-content")])
def test_a_sut_can_skip_a_case(cli, tmp_path, role, case):
    proc = cli.run(role, "--command", SUTS / "skips.sh", "--case", case, "--report-dir", tmp_path, timeout=120)
    assert proc.returncode == 1 and b"no run tested its rule" in proc.stderr, proc.stderr.decode()
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["cases"] and all(c["status"] == "SKIP" for c in results["cases"])
    assert all(c["reason"].endswith("SDK has no API for anything") for c in results["cases"])


# A SUT that cannot run any case of a transport (a library without stdio, say) says SKIP for every
# one of them: each run is SKIP with the reason, none is ERROR. The harness stops starting a SUT that
# never came up in its first two runs; a SUT that said SKIP did come up far enough to say so.
# (Found putting mcp-lite, an HTTP-only server, under test: every run after the second was ERROR.)
def test_a_sut_that_skips_every_case_is_started_for_every_case(cli, tmp_path):
    proc = cli.run("server", "--command", SUTS / "skips.sh", "--case", "server.validation.*",
                   "--revision", "2025-06-18", "-j", "1", "--report-dir", tmp_path, timeout=180)
    assert proc.returncode == 1 and b"no run tested its rule" in proc.stderr, proc.stderr.decode()
    cases = json.loads((tmp_path / "results.json").read_text())["cases"]
    assert len(cases) > 3
    assert all(c["status"] == "SKIP" and c["reason"].endswith("SDK has no API for anything") for c in cases), \
        [(c["id"], c["status"], c["reason"]) for c in cases if c["status"] != "SKIP"]


def test_a_sut_that_never_comes_up_is_not_started_after_two_runs(cli, tmp_path):
    proc = cli.run("server", "--command", "sh -c 'exit 1'", "--case", "server.validation.*",
                   "--revision", "2025-06-18", "-j", "1", "--report-dir", tmp_path, timeout=180)
    assert proc.returncode == 3
    cases = json.loads((tmp_path / "results.json").read_text())["cases"]
    assert len(cases) > 3 and all(c["status"] == "ERROR" for c in cases)
    assert all("never came up in the first runs" in c["reason"] for c in cases[2:]), [c["reason"] for c in cases]


def test_another_early_exit_is_not_a_skip(cli, tmp_path):
    proc = cli.run("server", "--command", "sh -c 'echo \"elicit-conform: SKIP: no\" >&2; exit 1'",
                   "--case", "server.form.request-well-formed", "--revision", "2025-11-25",
                   "--report-dir", tmp_path, timeout=120)
    assert proc.returncode == 3
    [case] = json.loads((tmp_path / "results.json").read_text())["cases"]
    assert case["status"] == "ERROR" and "never came up" in case["reason"], case["reason"]


# A SUT that does not support the case's revision: the case's rules do not apply to it.
@pytest.mark.parametrize("role,case", [("server", "server.form.request-well-formed"),
                                       ("client", "client.form.accept-with-content")])
def test_a_sut_on_an_older_revision_is_skipped(cli, tmp_path, role, case):
    proc = cli.run(role, "--command", SUTS / f"old_revision_{role}.py", "--case", case, "--revision", "2025-11-25",
                   "--report-dir", tmp_path, timeout=120)
    assert proc.returncode == 1 and b"no run tested its rule" in proc.stderr, proc.stderr.decode()
    [result] = json.loads((tmp_path / "results.json").read_text())["cases"]
    assert result["status"] == "SKIP" and result["reason"].startswith("negotiated 2024-11-05 (asked 2025-11-25)"), \
        result["reason"]


# A SUT that cannot speak a revision at all says so once (SKIP-REVISION): every case at that
# revision is SKIP with its reason, the SUT is started for the first of them only, and the other
# revisions run as usual. A plain SKIP, case by case, starts it for every case (above).
@pytest.mark.parametrize("jobs", ["1", "3"])
def test_a_sut_that_declines_a_revision_is_not_started_for_it_again(cli, tmp_path, monkeypatch, jobs):
    starts = tmp_path / "starts"
    monkeypatch.setitem(cli.env, "EC_CLI", str(cli.peer))
    monkeypatch.setitem(cli.env, "SKIP_REVISION_STARTS", str(starts))
    # server.modern.* (2026-07-28) and server.form.* (the 2025 revisions)
    proc = cli.run("server", "--command", SUTS / "skips_revision.sh", "--case", "server.[fm]o[rd]*",
                   "-j", jobs, "--report-dir", tmp_path / "r", timeout=180)
    cases = json.loads((tmp_path / "r" / "results.json").read_text())["cases"]
    modern = [c for c in cases if c["revision"] == "2026-07-28"]
    assert len(modern) > 3
    assert all(c["status"] == "SKIP" and "cannot run any case at revision 2026-07-28: SDK has no API for "
               "protocol revision 2026-07-28" in c["reason"] for c in modern), [(c["id"], c["reason"]) for c in modern]
    # Started once, or once per job that had begun a case at that revision before the first said so.
    assert 1 <= len(starts.read_text().splitlines()) <= int(jobs), starts.read_text()
    assert sum("not started:" in c["reason"] for c in modern) >= len(modern) - int(jobs)
    others = [c for c in cases if c["revision"] != "2026-07-28"]
    assert others and all(c["status"] == "PASS" for c in others), [(c["id"], c["status"]) for c in others]
    assert proc.returncode == 0, proc.stderr.decode()


# The SUT's reason is repeated in every case of the revision it declines: it is kept bounded.
def test_a_huge_skip_reason_is_kept_bounded(cli, tmp_path):
    sut = tmp_path / "huge_skip.sh"
    sut.write_text("#!/bin/sh\n{ printf 'elicit-conform: SKIP-REVISION: '; head -c 300000 /dev/zero | tr '\\0' x; "
                   "echo; } >&2\nexit 77\n")
    sut.chmod(0o755)
    cli.run("server", "--command", sut, "--revision", "2025-11-25", "--case", "server.form.*",
            "--report-dir", tmp_path / "r", timeout=120)
    cases = json.loads((tmp_path / "r" / "results.json").read_text())["cases"]
    assert len(cases) > 1 and all(c["status"] == "SKIP" for c in cases)
    assert all(len(c["reason"]) < 2000 for c in cases), max(len(c["reason"]) for c in cases)


# A tool's SKIP in the result of a request the SUT should have refused is no SKIP: the request was
# served, which is the rule broken (S5: the go-sdk adapter's push API said SKIP to a tools/call
# without a protocol version, which the SDK should have answered with -32602 before any tool ran).
# Where the case expects a result, the same tool's SKIP stays a SKIP.
@pytest.mark.parametrize("case,status", [("server.modern.meta-version-missing-rejected", "FAIL"),
                                         ("server.modern.form-input-required", "SKIP")])
def test_a_tool_skip_does_not_hide_a_request_that_should_have_been_refused(cli, tmp_path, case, status):
    sut = f"python3 {SUTS / 'skips_every_call_modern_server.py'}"
    cli.run("server", "--command", sut, "--revision", "2026-07-28", "--case", case, "--report-dir", tmp_path,
            timeout=120)
    [run] = [c for c in json.loads((tmp_path / "results.json").read_text())["cases"] if c["id"] == case]
    assert run["status"] == status, run
    if status == "FAIL":
        assert run["check"] == "response.call" and "\"error\" is missing" in run["reason"], run
