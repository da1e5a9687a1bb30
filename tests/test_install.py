"""`cmake --install` to a prefix gives a tool that works from any folder without the source tree:
the binary finds the cases and the requirement catalogs under <prefix>/share/elicit-conform,
relative to itself (cli/main.cpp), not at the source path compiled in."""
import json
import shutil
import subprocess

import pytest

from conftest import ROOT


def test_installed_binary_runs_from_another_folder(tmp_path):
    build = ROOT / "build" / "default"
    if not (build / "elicit-conform").exists():
        pytest.fail("no build: run scripts/setup.sh")
    prefix = tmp_path / "prefix"
    proc = subprocess.run(["cmake", "--install", str(build), "--prefix", str(prefix)], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    binary = prefix / "bin" / "elicit-conform"
    share = prefix / "share" / "elicit-conform" / "cases"
    assert binary.exists() and (share / "requirements" / "2025-11-25.json").exists()
    assert (share / "2025-11-25" / "server").is_dir()

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    help_text = subprocess.run([str(binary), "server", "--help"], capture_output=True, text=True, cwd=elsewhere).stdout
    assert f"--cases TEXT={share}" in help_text, help_text
    assert str(ROOT) not in help_text

    installed = subprocess.run([str(binary), "list"], capture_output=True, text=True, cwd=elsewhere)
    source = subprocess.run([str(build / "elicit-conform"), "list", "--cases", str(ROOT / "cases")],
                            capture_output=True, text=True)
    assert installed.returncode == 0 and installed.stdout == source.stdout

    # A whole run with the installed binary as harness and as SUT, its catalog quoted in the report.
    proc = subprocess.run([str(binary), "server", "--command", f"{binary} reference server", "--case",
                           "server.form.*", "-j", "4", "-o", "report"], capture_output=True, text=True,
                          cwd=elsewhere, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads((elsewhere / "report" / "results.json").read_text())
    assert results["cases"] and all(c["status"] == "PASS" for c in results["cases"])
    assert results["coverage"], "the requirement catalog was found"
    assert "## Requirements of 2025-11-25 binding the server" in (elsewhere / "report" / "report.md").read_text()
    shutil.rmtree(prefix)
