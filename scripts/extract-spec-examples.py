#!/usr/bin/env python3
"""Extracts the JSON examples of the spec pages and SEPs into harness/tests/data/spec-examples/.

Each fenced json/jsonc block becomes one file: JSON-RPC messages under messages/<revision>/,
property schemas (a "type" at top level) under schemas/<revision>/. `//` comments are stripped
(the spec annotates some examples, e.g. "type": "number", // or "integer"). Blocks that are not
a whole JSON value (fragments such as '"requestedSchema": {...}') are wrapped or skipped, and
the run prints what it skipped. Run by hand when the spec copy changes; the output is committed.
"""
import json, pathlib, re, sys

root = pathlib.Path(__file__).resolve().parent.parent
spec = root.parent / "shared" / "spec"
if not spec.exists():
    spec = pathlib.Path("/work/shared/spec")
out = root / "harness" / "tests" / "data" / "spec-examples"

sources = {
    "2025-06-18": [spec / "2025-06-18" / "elicitation.mdx"],
    "2025-11-25": [spec / "2025-11-25" / "elicitation.mdx",
                   spec / "seps" / "1330-elicitation-enum-schema-improvements-and-standards.md",
                   spec / "seps" / "1034--support-default-values-for-all-primitive-types-in.md"],
}

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

def main():
    skipped = 0
    for revision, files in sources.items():
        for f in files:
            blocks = re.findall(r"```(?:json|jsonc)\n(.*?)```", f.read_text(), re.S)
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
                stem = f.stem.split("-")[0] if f.parent.name == "seps" else "elicitation"
                if "jsonrpc" in value:
                    kind = "messages"
                elif "requestedSchema" in value:
                    kind, value = "schemas", value["requestedSchema"]
                elif value.get("type") in ("string", "number", "integer", "boolean", "array"):
                    kind = "properties"
                elif "definitions" in value or "$schema" in value:
                    continue  # SEP-1330's metaschema itself
                else:
                    continue  # capability fragments etc. are covered by hand-written tests
                d = out / kind / revision
                d.mkdir(parents=True, exist_ok=True)
                (d / f"{stem}-{n:02d}.json").write_text(json.dumps(value, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote examples under {out.relative_to(root)}; skipped {skipped}")

main()
