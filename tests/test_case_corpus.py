"""The case corpus against its own JSON Schema (cases/case.schema.json), independently of the
C++ loader: the schema is the documentation case authors read, so it must accept every case,
and ids and titles must be unique (the loader checks the same; two implementations agreeing is
the point)."""
import json
import pathlib

import jsonschema
import pytest

from conftest import ROOT

CASES = ROOT / "cases"
SCHEMA = json.loads((CASES / "case.schema.json").read_text())
FILES = sorted(p for p in CASES.rglob("*.json") if p.name != "case.schema.json" and "requirements" not in p.parts)


def test_the_schema_is_a_valid_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(CASES)) for p in FILES])
def test_case_matches_the_schema(path):
    jsonschema.Draft202012Validator(SCHEMA).validate(json.loads(path.read_text()))


def test_ids_and_titles_are_unique():
    cases = [json.loads(p.read_text()) for p in FILES]
    ids = [c["id"] for c in cases]
    titles = [c["title"] for c in cases]
    assert len(ids) == len(set(ids)), sorted(ids)
    assert len(titles) == len(set(titles))


def test_case_file_is_named_after_its_id():
    # A report, a baseline and a failing test name the case by its id; the file that holds it has
    # to be found from that id alone.
    misnamed = [str(p.relative_to(CASES)) for p in FILES if p.name != json.loads(p.read_text())["id"] + ".json"]
    assert not misnamed, f"rename each to <id>.json (git mv): {misnamed}"


def test_case_folders_follow_revision_and_role():
    for path in FILES:
        case = json.loads(path.read_text())
        revision, role = path.relative_to(CASES).parts[:2]
        assert revision in case["revisions"], path
        assert role == case["role"], path
