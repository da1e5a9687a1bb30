"""The requirement catalog: generated from verbatim spec quotes, current with the cases, and
reported by `list --coverage` with the same numbers the catalog files give."""
import importlib.util
import json
import re
import subprocess

import pytest

from conftest import ROOT

# The spec texts sit beside the repository, not in it. A clone of this repository alone has the
# committed catalogs but nothing to check their quotes against. Where they are looked for is the
# generator's to say (EC_SPEC_DIR, else ../shared/spec), so the test and the script cannot
# disagree about it.
GEN = ROOT / "scripts" / "gen-requirements.py"
_spec = importlib.util.spec_from_file_location("gen_requirements", GEN)
gen_requirements = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_requirements)


def catalogs():
    for path in sorted((ROOT / "cases" / "requirements").glob("*.json")):
        yield path, json.loads(path.read_text())["requirements"]


@pytest.mark.skipif(not gen_requirements.SPEC.is_dir(),
                    reason=f"{gen_requirements.missing_spec_texts()}. Not checked: every quote in "
                           "cases/requirements/*.json verbatim in the spec, each catalog what "
                           "scripts/gen-requirements.py would write")
def test_catalog_is_current_and_every_quote_is_verbatim():
    proc = subprocess.run(["/usr/bin/python3", str(GEN), "--check"], capture_output=True, text=True)
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
    # The harness computes coverage from the loaded cases, the catalog files were generated from
    # them: the case lists agree unless a case changed its requirements and the catalog was not
    # regenerated. This half of "the catalog is current" needs no spec texts, so a clone runs it.
    out = cli.run("list", "--coverage").stdout.decode()
    listed = {m["id"]: set(m["cases"].split(", "))
              for m in re.finditer(r"^covered +(?P<id>\S+) \[[^]]*\]: (?P<cases>.*)$", out, re.M)}
    for path, entries in catalogs():
        for e in entries:
            assert set(e["cases"]) == listed.get(e["id"], set()), (
                f"{path.name}: {e['id']}: the catalog says {e['cases']}, the corpus {sorted(listed.get(e['id'], []))}; "
                "run scripts/gen-requirements.py")
        covered = sum(1 for e in entries if e["cases"])
        excluded = sum(1 for e in entries if not e["cases"] and "excluded" in e)
        uncovered = len(entries) - covered - excluded
        assert (f"{path.stem}: {len(entries)} requirements: {covered} covered, {excluded} excluded with a reason, "
                f"{uncovered} uncovered") in out


# Revisions whose corpus is being written: their first cases exist, the rest of the catalog is
# not covered yet. `list --coverage` shows their uncovered count; they are held to "nothing
# uncovered" once they leave this set.
IN_PROGRESS = set()


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
