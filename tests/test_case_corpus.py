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


def test_case_files_share_one_layout():
    """One layout, so that a diff of a case shows what changed and nothing else: two-space indent,
    non-ASCII as itself, a final newline (what json.dumps(case, indent=2, ensure_ascii=False)
    writes). 25 files were written otherwise until the rule came."""
    odd = [str(p.relative_to(CASES)) for p in FILES
           if p.read_text() != json.dumps(json.loads(p.read_text()), indent=2, ensure_ascii=False) + "\n"]
    assert not odd, ("not in the corpus layout (rewrite each with json.dumps(case, indent=2, "
                     f"ensure_ascii=False) plus a newline): {odd}")


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


# The keywords 2026-07-28's restricted form schema gives a property (schema.json: StringSchema,
# NumberSchema, BooleanSchema and the five enum schemas of PrimitiveSchemaDefinition). 2025-11-25's
# elicitation.mdx still showed `pattern`; 2026-07-28's does not, and its schema never had it.
MODERN_PROPERTY_KEYWORDS = {
    "type", "title", "description", "default", "format", "minLength", "maxLength", "minimum", "maximum",
    "enum", "enumNames", "oneOf", "items", "minItems", "maxItems",
}


def asked_schemas(node):
    """Every requestedSchema a case's send steps ask a tool to elicit."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "requestedSchema" and isinstance(value, dict):
                yield value
            else:
                yield from asked_schemas(value)
    elif isinstance(node, list):
        for value in node:
            yield from asked_schemas(value)


def test_modern_server_cases_ask_only_for_keywords_of_their_revision():
    # schema-as-asked fails a server whose input request lacks a keyword the tool was asked to send.
    # A keyword 2026-07-28's restricted subset does not define may be left out by a conformant server
    # (tmcp 1.20.0 drops `pattern`, parsing the params with its own schema), so no case asks for one:
    # the verdict would be on the case, not on the server.
    outside = []
    for path in sorted((CASES / "2026-07-28" / "server").glob("*.json")):
        case = json.loads(path.read_text())
        for step in case["steps"]:
            for schema in asked_schemas(step.get("send", {})):
                for name, prop in schema.get("properties", {}).items():
                    if isinstance(prop, dict):
                        outside += [f"{case['id']}: {name}.{k}" for k in prop if k not in MODERN_PROPERTY_KEYWORDS]
    assert not outside, outside
