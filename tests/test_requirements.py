"""The requirement catalog: generated from verbatim spec quotes, current with the cases, and
reported by `list --coverage` with the same numbers the catalog files give."""
import json
import subprocess

from conftest import ROOT


def test_catalog_is_current_and_every_quote_is_verbatim():
    proc = subprocess.run(["/usr/bin/python3", str(ROOT / "scripts" / "gen-requirements.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_every_entry_is_complete():
    for path in sorted((ROOT / "cases" / "requirements").glob("*.json")):
        for e in json.loads(path.read_text())["requirements"]:
            assert e["id"] == f"EL-{path.stem}-{e['key']}"
            assert e["level"] in ("MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "MAY")
            assert e["binds"] in ("client", "server", "both")
            assert e["quote"] and e["source"]


def test_list_coverage_matches_the_catalog(cli):
    out = cli.run("list", "--coverage").stdout.decode()
    for path in sorted((ROOT / "cases" / "requirements").glob("*.json")):
        entries = json.loads(path.read_text())["requirements"]
        covered = sum(1 for e in entries if e["cases"])
        excluded = sum(1 for e in entries if not e["cases"] and "excluded" in e)
        uncovered = len(entries) - covered - excluded
        assert (f"{path.stem}: {len(entries)} requirements: {covered} covered, {excluded} excluded with a reason, "
                f"{uncovered} uncovered") in out
