"""The requirement catalog: generated from verbatim spec quotes, current with the cases, and
reported by `list --coverage` with the same numbers the catalog files give."""
import json
import pathlib
import subprocess

import pytest

from conftest import ROOT

# Every test here meets bad or unusual input, or writes reports: also under the asan build.
pytestmark = pytest.mark.sanitized

# The spec texts sit beside the repository, not in it (scripts/gen-requirements.py looks in
# ../shared/spec, then /work/shared/spec). A clone of this repository alone has the committed
# catalogs but nothing to check their quotes against.
SPEC_TEXTS = [ROOT.parent / "shared" / "spec", pathlib.Path("/work/shared/spec")]
NO_SPEC = not any(p.exists() for p in SPEC_TEXTS)


def catalogs():
    for path in sorted((ROOT / "cases" / "requirements").glob("*.json")):
        yield path, json.loads(path.read_text())["requirements"]


@pytest.mark.skipif(NO_SPEC, reason="the spec texts (../shared/spec) are not here: quotes cannot be checked")
def test_catalog_is_current_and_every_quote_is_verbatim():
    proc = subprocess.run(["/usr/bin/python3", str(ROOT / "scripts" / "gen-requirements.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_every_entry_is_complete():
    for path, entries in catalogs():
        keys = [e["key"] for e in entries]
        assert len(keys) == len(set(keys)), f"{path.name}: a key appears twice"
        for e in entries:
            assert e["id"] == f"EL-{path.stem}-{e['key']}"
            assert e["level"] in ("MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "MAY")
            assert e["binds"] in ("client", "server", "both")
            assert e["quote"] and e["source"]
            assert e["source"].endswith(".json") or e["section"], f"{e['id']}: a page quote without its section"


def test_list_coverage_matches_the_catalog(cli):
    out = cli.run("list", "--coverage").stdout.decode()
    for path, entries in catalogs():
        covered = sum(1 for e in entries if e["cases"])
        excluded = sum(1 for e in entries if not e["cases"] and "excluded" in e)
        uncovered = len(entries) - covered - excluded
        assert (f"{path.stem}: {len(entries)} requirements: {covered} covered, {excluded} excluded with a reason, "
                f"{uncovered} uncovered") in out


# Revisions whose corpus is being written: their first cases exist, the rest of the catalog is
# not covered yet. `list --coverage` shows their uncovered count; they are held to "nothing
# uncovered" once they leave this set.
IN_PROGRESS = {"2026-07-28"}


def test_revisions_with_cases_leave_nothing_uncovered():
    # Every requirement of a revision the corpus covers is checked by a case or excluded with a
    # reason. A revision whose catalog exists before its cases (no case yet) or whose corpus is in
    # progress (IN_PROGRESS) is listed by `list --coverage` with its uncovered count and is not
    # held to this yet.
    with_cases = 0
    for path, entries in catalogs():
        if not any(e["cases"] for e in entries) or path.stem in IN_PROGRESS:
            continue
        with_cases += 1
        uncovered = [e["key"] for e in entries if not e["cases"] and "excluded" not in e]
        assert not uncovered, f"{path.name}: uncovered {uncovered}"
    assert with_cases >= 2
