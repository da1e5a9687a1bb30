"""Differential test: our content validator against python3-jsonschema (Draft 2020-12) on the
part of JSON Schema both implement the same way: type, minimum, maximum, minLength, maxLength
(both count code points), enum, required. Hypothesis draws a schema and a content object; the
two validators must agree on whether the content is valid. A disagreement is a bug in one of
them, and the shrunk example says which input shows it."""
import json

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import BUILDS, Cli

text = st.text(alphabet=st.sampled_from(["a", "Z", "0", " ", "é", "€", "😀"]), max_size=6)


@st.composite
def property_schema(draw):
    kind = draw(st.sampled_from(["string", "number", "integer", "boolean", "enum"]))
    if kind == "string":
        s = {"type": "string"}
        if draw(st.booleans()):
            s["minLength"] = draw(st.integers(0, 4))
        if draw(st.booleans()):
            s["maxLength"] = draw(st.integers(0, 6))
        return s
    if kind in ("number", "integer"):
        s = {"type": kind}
        if draw(st.booleans()):
            s["minimum"] = draw(st.integers(-5, 5))
        if draw(st.booleans()):
            s["maximum"] = draw(st.integers(-5, 5))
        return s
    if kind == "boolean":
        return {"type": "boolean"}
    return {"type": "string", "enum": draw(st.lists(text, min_size=1, max_size=4, unique=True))}


value = st.one_of(text, st.integers(-8, 8), st.floats(-8, 8, allow_nan=False).map(lambda f: round(f, 2)),
                  st.booleans())


@st.composite
def case(draw):
    names = draw(st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=1, max_size=4, unique=True))
    properties = {n: draw(property_schema()) for n in names}
    required = draw(st.lists(st.sampled_from(names), unique=True))
    content = {n: draw(value) for n in draw(st.lists(st.sampled_from(names), unique=True))}
    return {"type": "object", "properties": properties, "required": required}, content


@pytest.mark.skipif("default" not in BUILDS, reason="needs the default build")
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case())
def test_content_validator_agrees_with_jsonschema(tmp_path_factory, sample):
    schema, content = sample
    cli = Cli("default")
    request = tmp_path_factory.mktemp("d") / "request.json"
    request.write_text(json.dumps({"message": "m", "requestedSchema": schema}))
    answer = {"jsonrpc": "2.0", "id": 1, "result": {"action": "accept", "content": content}}
    code, out = cli.json("check-message", "-", "--request", request, stdin=json.dumps(answer).encode())
    assert code == 0, out
    ours = [d for d in out["diagnostics"] if d["check"].startswith("content.")]
    theirs = list(jsonschema.Draft202012Validator(schema).iter_errors(content))
    assert bool(ours) == bool(theirs), (schema, content, ours, [e.message for e in theirs])
