#!/usr/bin/env python3
"""Extracts the JSON examples of the spec pages and SEPs into harness/tests/data/spec-examples/.

Each fenced json/jsonc/json5 block becomes one file: JSON-RPC messages under messages/<revision>/,
property schemas (a "type" at top level) under properties/<revision>/, requestedSchemas under
schemas/<revision>/. From 2026-07-28 on, elicitation travels inside multi round-trip requests and
the pages show it bare: an `elicitation/create` without `jsonrpc`/`id` (an InputRequest), or a map
of them (InputRequests), goes under input-requests/<revision>/; an ElicitResult, or a map of
results (InputResponses), under input-responses/<revision>/. `//` comments are stripped (the spec
annotates some examples, e.g. "type": "number", // or "integer"). Blocks that are not a whole JSON
value (fragments such as '"requestedSchema": {...}') are wrapped or skipped, and the run prints
what it skipped. SEP-2322's persistent (Tasks) workflow is left out: 2026-07-28 moved tasks to an
extension and its MRTR page does not carry that workflow. Run by hand when the spec copy changes;
the output is committed.
"""
import json, pathlib, re, sys

root = pathlib.Path(__file__).resolve().parent.parent
# The spec texts are not in the repository: EC_SPEC_DIR names them, else a checkout beside it.
import os
spec = pathlib.Path(os.environ["EC_SPEC_DIR"]) if os.environ.get("EC_SPEC_DIR") else root.parent / "shared" / "spec"
if not spec.exists():
    sys.exit(f"extract-spec-examples: no spec texts in {spec} (set EC_SPEC_DIR to the folder of the "
             "published pages: 2025-06-18/, 2025-11-25/, 2026-07-28/, seps/)")
out = root / "harness" / "tests" / "data" / "spec-examples"

sources = {
    "2025-06-18": [spec / "2025-06-18" / "elicitation.mdx"],
    "2025-11-25": [spec / "2025-11-25" / "elicitation.mdx",
                   spec / "seps" / "1330-elicitation-enum-schema-improvements-and-standards.md",
                   spec / "seps" / "1034--support-default-values-for-all-primitive-types-in.md"],
    "2026-07-28": [spec / "2026-07-28" / page for page in
                   ("elicitation.mdx", "mrtr.mdx", "discover.mdx", "basic.mdx", "versioning.mdx",
                    "transport-stdio.mdx", "transport-streamable-http.mdx")]
                  + [spec / "seps" / "2322-MRTR.md"],
}

TASKS = re.compile(r'"(task|taskId|io\.modelcontextprotocol/related-task)"|"tasks/')


def strip_comments(text):
    lines = []
    for line in text.splitlines():
        # drop // comments outside strings (the examples never put // inside a string before a comment)
        in_str, esc, cut = False, False, None
        for i, c in enumerate(line):
            if esc: esc = False; continue
            if c == "\\": esc = True; continue
            if c == '"': in_str = not in_str; continue
            if not in_str and line[i:i+2] == "//": cut = i; break
        lines.append(line if cut is None else line[:cut])
    text = "\n".join(lines)
    text = text.replace("\u201c", '"').replace("\u201d", '"')  # SEP-1330 has typographic quotes
    return re.sub(r",(\s*[}\]])", r"\1", text)  # jsonc trailing commas


def is_input_request(v):
    return isinstance(v, dict) and "method" in v and "jsonrpc" not in v


def is_input_response(v):
    return isinstance(v, dict) and "jsonrpc" not in v and ("action" in v or {"role", "model"} <= v.keys())


def classify(value):
    """(kind, value to write), or None for blocks that are not examples of a message."""
    if set(value) in ({"inputRequests"}, {"inputResponses"}):  # SEP-2322's json5 fragments
        value = next(iter(value.values()))
    if "jsonrpc" in value:
        return "messages", value
    if "requestedSchema" in value:
        return "schemas", value["requestedSchema"]
    if value.get("type") in ("string", "number", "integer", "boolean", "array"):
        return "properties", value
    if is_input_request(value) or (value and all(is_input_request(v) for v in value.values())):
        return "input-requests", value
    if is_input_response(value) or (value and all(isinstance(v, dict) for v in value.values())
                                    and all(is_input_response(v) for v in value.values())):
        return "input-responses", value
    return None  # SEP-1330's metaschema, capability and _meta fragments: hand-written tests cover them


def main():
    skipped = 0
    for revision, files in sources.items():
        for f in files:
            blocks = re.findall(r"```(?:json|jsonc|json5)\n(.*?)```", f.read_text(), re.S)
            for n, block in enumerate(blocks):
                text = strip_comments(block)
                try:
                    value = json.loads(text)
                except json.JSONDecodeError:
                    try:
                        value = json.loads("{" + text + "}")
                    except json.JSONDecodeError:
                        print(f"skipped {f.name} block {n}: not JSON", file=sys.stderr)
                        skipped += 1
                        continue
                if not isinstance(value, dict):
                    continue
                if TASKS.search(json.dumps(value)):
                    print(f"skipped {f.name} block {n}: the Tasks workflow (an extension in {revision})", file=sys.stderr)
                    continue
                found = classify(value)
                if found is None:
                    continue
                kind, value = found
                stem = f.stem.split("-")[0] if f.parent.name == "seps" else f.stem
                d = out / kind / revision
                d.mkdir(parents=True, exist_ok=True)
                (d / f"{stem}-{n:02d}.json").write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote examples under {out.relative_to(root)}; skipped {skipped}")

main()
