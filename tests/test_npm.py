"""`npx elicit-conform`: the npm packages of scripts/build-npm.sh (a package per platform,
@elicit-conform/linux-<cpu>, holding scripts/package.sh's tree, and the launcher elicit-conform
that runs it), packed, installed into an empty folder without the network (npm install --offline
of the two tarballs; the other platform's optional package is skipped), and a verdict through
npx. Skipped where npm is not installed (scripts/setup-typescript.sh installs node and npm)."""
import json
import os
import shutil
import signal
import subprocess
import time

import pytest

from conftest import ROOT
from test_package import once, package  # noqa: F401 (a fixture)

BUILD = ROOT / "build" / "default"
CPU = {"x86_64": "x64", "aarch64": "arm64"}.get(os.uname().machine, os.uname().machine)


def npm_env():
    node_dir = os.path.dirname(shutil.which("node"))
    return {"PATH": f"{node_dir}:/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp"),
            "npm_config_update_notifier": "false", "npm_config_fund": "false", "npm_config_audit": "false"}


@pytest.fixture(scope="module")
def project(tmp_path_factory, package):  # noqa: F811
    if shutil.which("npm") is None or shutil.which("node") is None:
        pytest.skip("npm is not installed (scripts/setup-typescript.sh installs node and npm)")

    def make(folder):
        proc = subprocess.run([str(ROOT / "scripts" / "build-npm.sh"), str(package.tarball), "--out",
                               str(folder / "packed")], capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        (folder / "project").mkdir()
        proc = subprocess.run(["npm", "install", "--offline", str(folder / "packed" / f"elicit-conform-linux-{CPU}-"
                                                                  f"{version()}.tgz"),
                               str(folder / "packed" / f"elicit-conform-{version()}.tgz")],
                              capture_output=True, text=True, cwd=folder / "project", env=npm_env(), timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    return once(tmp_path_factory, "npm", make)


def version():
    return json.loads((ROOT / "npm" / "elicit-conform" / "package.json").read_text())["version"]


def npx(project, *args, **kwargs):
    return subprocess.run(["npx", "--offline", "--no-install", "elicit-conform", *map(str, args)], capture_output=True,
                          text=True, cwd=project / "project", env=npm_env(), **kwargs)


def test_packages_are_named_and_declare_their_platform(project):
    packed = project / "packed"
    assert sorted(p.name for p in packed.glob("*.tgz")) == sorted(
        [f"elicit-conform-{version()}.tgz", f"elicit-conform-linux-{CPU}-{version()}.tgz"])
    proc = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], capture_output=True, text=True, cwd=packed)
    assert proc.returncode == 0 and proc.stdout.count(": OK") == 2, proc.stdout + proc.stderr
    installed = project / "project" / "node_modules"
    platform = json.loads((installed / "@elicit-conform" / f"linux-{CPU}" / "package.json").read_text())
    assert (platform["os"], platform["cpu"], platform["libc"]) == (["linux"], [CPU], ["glibc"])
    launcher = json.loads((installed / "elicit-conform" / "package.json").read_text())
    assert launcher["optionalDependencies"][f"@elicit-conform/linux-{CPU}"] == platform["version"] == version()
    tree = installed / "@elicit-conform" / f"linux-{CPU}"
    assert os.access(tree / "bin" / "elicit-conform", os.X_OK)
    assert (tree / "share" / "elicit-conform" / "cases" / "requirements" / "2025-11-25.json").is_file()
    assert not (installed / "@elicit-conform" / ("linux-arm64" if CPU == "x64" else "linux-x64")).exists()


def test_npx_runs_a_verdict(project):
    proc = npx(project, "--version")
    built = subprocess.run([str(BUILD / "elicit-conform"), "--version"], capture_output=True, text=True).stdout
    assert proc.returncode == 0 and proc.stdout == built, proc.stdout + proc.stderr
    sut = project / "project" / "node_modules" / ".bin" / "elicit-conform"
    report = project / "project" / "report"
    proc = npx(project, "server", "--command", f"{sut} reference server", "--case", "server.form.*", "-j", "2",
               "--report-dir", report, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    results = json.loads((report / "results.json").read_text())
    assert len(results["cases"]) >= 4 and all(c["status"] == "PASS" for c in results["cases"])
    # The CLI's exit status is npx's: a usage error is 2.
    proc = npx(project, "sever")
    assert proc.returncode == 2 and "did you mean 'server'" in proc.stderr, proc.stderr


def test_launcher_passes_a_signal_on_and_the_run_reports_it(project, tmp_path):
    """SIGTERM to the launcher reaches the binary, which ends its SUT and writes the report of an
    interrupted run (exit 130); without the forwarding, node would die and leave it running."""
    launcher = project / "project" / "node_modules" / ".bin" / "elicit-conform"
    sut = project / "project" / "node_modules" / "@elicit-conform" / f"linux-{CPU}" / "bin" / "elicit-conform"
    report = tmp_path / "report"
    proc = subprocess.Popen([str(launcher), "server", "--command", f"{sut} reference server --fault drop-message",
                             "--case", "server.form.request-well-formed", "--revision", "2025-11-25",
                             "--timeout", "60000", "--report-dir", str(report)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=npm_env())
    time.sleep(2)
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr[-2000:]
    assert json.loads((report / "results.json").read_text())["interrupted"], stderr[-2000:]


def test_launcher_without_its_platform_package_says_so(tmp_path):
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    shutil.copy(ROOT / "npm" / "elicit-conform" / "bin" / "elicit-conform.js", tmp_path / "launcher.js")
    proc = subprocess.run(["node", str(tmp_path / "launcher.js"), "--version"], capture_output=True, text=True)
    assert proc.returncode == 3 and f"@elicit-conform/linux-{CPU} is not installed" in proc.stderr, proc.stderr
