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
