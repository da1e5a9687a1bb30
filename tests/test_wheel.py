"""The wheel of `pip install elicit-conform` (scripts/build-wheel.sh over scripts/package.sh's
tarball): a manylinux platform wheel holding the packaged tree, the `elicit-conform` console script
and the pytest plugin as a pytest11 entry point. Installed into a fresh virtual environment (with
--system-site-packages, so its one dependency, pytest, is Debian's and nothing is fetched), it must
run the suite from an empty folder with no -p, no PYTHONPATH, no elicit-conform on PATH and no
--elicit-conform-binary: the plugin's default binary is the bundled one."""
import json
import os
import pathlib
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT
from test_package import once, package  # noqa: F401 (a fixture)

BUILD = ROOT / "build" / "default"
PATH = "/usr/bin:/bin"  # no elicit-conform here: a run that works did not find one on PATH


class Installed:
    def __init__(self, folder, package):
        [self.wheel] = (folder / "wheel").glob("*.whl")
        self.venv = folder / "venv"
        self.glibc = re.search(r"needs glibc >= 2\.(\d+)", package.stdout).group(1)
        self.python = self.venv / "bin" / "python"
        self.script = self.venv / "bin" / "elicit-conform"


def make_installed(package):
    def make(folder):
        proc = subprocess.run([str(ROOT / "scripts" / "build-wheel.sh"), str(package.tarball), "--out",
                               str(folder / "wheel")], capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        [wheel] = (folder / "wheel").glob("*.whl")
        # As a user would, but with Debian's pytest (no network) and without a pip of its own in
        # the venv (ensurepip alone took 4 s): the machine's pip installs into the venv's python.
        venv = folder / "venv"
        subprocess.run(["/usr/bin/python3", "-m", "venv", "--system-site-packages", "--without-pip", str(venv)],
                       check=True)
        proc = subprocess.run(["/usr/bin/python3", "-m", "pip", "--python", str(venv / "bin" / "python"), "install",
                               "--no-index", "--disable-pip-version-check", "-q", str(wheel)],
                              capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    return make


@pytest.fixture(scope="module")
def installed(tmp_path_factory, package):
    assert shutil.which("elicit-conform", path=PATH) is None, "an elicit-conform on /usr/bin:/bin spoils the test"
    return Installed(once(tmp_path_factory, "wheel", make_installed(package)), package)


def inner_pytest(installed, folder, *options):
    """pytest of the virtual environment in an empty folder, with an empty environment but PATH;
    returns its exit status, its output and {item name: outcome} from its junit.xml."""
    folder.mkdir()
    out = folder.parent / f"{folder.name}.xml"
    proc = subprocess.run(["env", "-i", f"PATH={PATH}", f"HOME={folder}", str(installed.python), "-m", "pytest",
                           "-p", "no:cacheprovider", "--junitxml", str(out), "-rA", *options],
                          capture_output=True, text=True, cwd=folder, timeout=300)
    outcomes = {}
    for case in ET.parse(out).getroot().iter("testcase"):
        kinds = {child.tag for child in case}
        outcomes[case.get("name")] = next((k for k in ("failure", "error", "skipped") if k in kinds), "passed")
    return proc, outcomes


def test_wheel_is_a_manylinux_platform_wheel_with_the_package(installed):
    version = re.search(r"project\(elicit_conform VERSION (\S+)", (ROOT / "CMakeLists.txt").read_text()).group(1)
    arch = subprocess.run(["uname", "-m"], capture_output=True, text=True).stdout.strip()
    assert installed.wheel.name == f"elicit_conform-{version}-py3-none-manylinux_2_{installed.glibc}_{arch}.whl"
    assert f"  {installed.wheel.name}\n" in (installed.wheel.parent / "SHA256SUMS").read_text()
    proc = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], capture_output=True, text=True, cwd=installed.wheel.parent)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    names = set(subprocess.run(["/usr/bin/python3", "-m", "zipfile", "-l", str(installed.wheel)], capture_output=True,
                               text=True, check=True).stdout.split())
    for member in ("elicit_conform/_bundle/bin/elicit-conform", "elicit_conform/_bundle/lib/libstdc++.so.6",
                   "elicit_conform/_bundle/share/elicit-conform/cases/requirements/2025-11-25.json",
                   "pytest_elicit_conform/__init__.py"):
        assert member in names, member
    entry_points = (installed.venv / "lib").glob("python3*/site-packages/elicit_conform-*.dist-info/entry_points.txt")
    text = next(entry_points).read_text()
    assert "[pytest11]\npytest_elicit_conform = pytest_elicit_conform" in text, text
    assert "[console_scripts]\nelicit-conform = elicit_conform:main" in text, text


def test_console_script_is_the_bundled_binary(installed, tmp_path):
    proc = subprocess.run(["env", "-i", f"PATH={PATH}", str(installed.script), "--version"], capture_output=True,
                          text=True, cwd=tmp_path)
    built = subprocess.run([str(BUILD / "elicit-conform"), "--version"], capture_output=True, text=True).stdout
    assert proc.returncode == 0 and proc.stdout == built, proc.stdout + proc.stderr
    listed = subprocess.run(["env", "-i", f"PATH={PATH}", str(installed.script), "list"], capture_output=True,
                            text=True, cwd=tmp_path)
    source = subprocess.run([str(BUILD / "elicit-conform"), "list", "--cases", str(ROOT / "cases")],
                            capture_output=True, text=True)
    assert listed.returncode == 0 and listed.stdout == source.stdout != ""
    module = subprocess.run(["env", "-i", f"PATH={PATH}", str(installed.python), "-m", "elicit_conform", "--version"],
                            capture_output=True, text=True, cwd=tmp_path)
    assert module.returncode == 0 and module.stdout == built, module.stdout + module.stderr


def test_installed_plugin_runs_the_bundled_binary_without_options(installed, tmp_path):
    proc, outcomes = inner_pytest(installed, tmp_path / "empty", "--elicit-conform-server",
                                  f"{installed.script} reference server",
                                  "--elicit-conform-args=--case server.form.* --revision 2025-11-25 -j 2")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    results = json.loads((tmp_path / "empty" / "elicit-conform-report" / "results.json").read_text())
    expected = {f"{c['id']}[{c['revision']}]": "passed" for c in results["cases"]}
    assert len(expected) >= 4 and outcomes == {**expected, "elicit-conform.run[server]": "passed"}, outcomes
    # No elicit-conform on PATH (the fixture checks), the venv's bin/ not on it either, no option: the
    # plugin ran the bundled binary.


def test_installed_plugin_still_takes_an_explicit_binary(installed, tmp_path):
    missing = tmp_path / "no-such-binary"
    proc, outcomes = inner_pytest(installed, tmp_path / "empty", "--elicit-conform-server",
                                  f"{installed.script} reference server", "--elicit-conform-binary", str(missing))
    assert proc.returncode == 1 and outcomes == {"elicit-conform.run[server]": "failure"}, outcomes
    assert f"cannot run {missing}" in proc.stdout, proc.stdout[-2000:]


def test_installed_plugin_against_the_python_sdk(installed, tmp_path):
    python = ROOT / "sut" / "python-sdk" / ".venv" / "bin" / "python"
    if not python.exists():
        pytest.skip("sut/python-sdk/.venv is absent: run sut/python-sdk/setup.sh")
    server = f"{python} {ROOT}/sut/python-sdk/server.py"
    proc, outcomes = inner_pytest(installed, tmp_path / "empty", "--elicit-conform-server", server,
                                  "--elicit-conform-args=--case server.form.* --revision 2025-11-25 -j 2")
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    results = json.loads((tmp_path / "empty" / "elicit-conform-report" / "results.json").read_text())
    expected = {f"{c['id']}[{c['revision']}]": "passed" for c in results["cases"]}
    assert len(expected) >= 4 and outcomes == {**expected, "elicit-conform.run[server]": "passed"}, outcomes
