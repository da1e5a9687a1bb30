#!/usr/bin/env python3
"""Writes reports/typescript-sdk/matrix.md (cases x SDK versions, verdicts in the cells, and the
verdict changes between consecutive versions) and the CI baseline sut/typescript/expected-failures.yml
(every FAIL and WARN of the pinned version, as case-id:check-id), from the results.json files that
scripts/typescript-sdk-report.sh wrote. Everything here is derived from those files: run it again
after any of them changes."""
import argparse
import json
import pathlib
import re
import sys

ROLES = ("server", "client")
MARK = {"PASS": "PASS", "FAIL": "**FAIL**", "WARN": "*WARN*", "NOTE": "NOTE", "SKIP": "SKIP", "ERROR": "**ERROR**"}


def load(reports, versions, pinned):
    """{version: {role: results.json}} of the versions that have both roles; the pinned one must."""
    out = {}
    for v in versions:
        paths = [reports / v / role / "results.json" for role in ROLES]
        missing = [str(p) for p in paths if not p.exists()]
        if missing:
            print(f"typescript_matrix: left out {v}: no {', '.join(missing)} "
                  f"(scripts/typescript-sdk-report.sh {v})", file=sys.stderr)
            if v == pinned:
                sys.exit(2)
            continue
        out[v] = {role: json.loads(p.read_text()) for role, p in zip(ROLES, paths)}
    return out


def rows(results, versions):
    """[(role, case id, revision, level)] in the harness's order, across all versions."""
    seen, order = set(), []
    for role in ROLES:
        for v in versions:
            for c in results[v][role]["cases"]:
                key = (role, c["id"], c["revision"], c["level"])
                if key not in seen:
                    seen.add(key)
                    order.append(key)
    return sorted(order, key=lambda r: (ROLES.index(r[0]), r[1], r[2]))


def verdicts(results, versions):
    """{(role, id, revision): {version: case}}"""
    out = {}
    for v in versions:
        for role in ROLES:
            for c in results[v][role]["cases"]:
                out.setdefault((role, c["id"], c["revision"]), {})[v] = c
    return out


def skip_reason(case):
    reason = case.get("reason", "")
    return reason.split("the SUT cannot run this case: ", 1)[-1]


def changes(cells, keys, versions):
    """One line per pair of consecutive versions: runs that started to run (SKIP before) are
    counted by their new verdict; every other change of verdict is listed by case."""
    lines = []
    for a, b in zip(versions, versions[1:]):
        started, stopped, moved = {}, {}, {}
        for key in keys:
            va, vb = cells[key].get(a), cells[key].get(b)
            sa = va["status"] if va else "absent"
            sb = vb["status"] if vb else "absent"
            if sa == sb:
                continue
            if sa in ("SKIP", "absent"):
                started[sb] = started.get(sb, 0) + 1
            elif sb in ("SKIP", "absent"):
                stopped.setdefault(sb, []).append(f"`{key[1]}` ({key[2]})")
            else:
                moved.setdefault((sa, sb), []).append(f"`{key[1]}` ({key[2]})")
        parts = []
        if started:
            total = sum(started.values())
            parts.append(f"{total} run{'s' if total != 1 else ''} that {a} skipped now run"
                         f" ({', '.join(f'{n} {v}' for v, n in sorted(started.items()))})")
        parts += [f"{sa} → {sb}: {', '.join(cases)}" for (sa, sb), cases in sorted(moved.items())]
        parts += [f"now {sb}: {', '.join(cases)}" for sb, cases in sorted(stopped.items())]
        lines.append(f"- **{a} → {b}**: " + ("; ".join(parts) if parts else "no verdict changed") + ".")
    return lines


def notes(path, keys):
    """The hand-written explanation of the changes (matrix-notes.md), checked against the rows:
    a case id it names that no row has is reported, so that a note cannot outlive its case."""
    if not path.exists():
        return []
    text = path.read_text().strip()
    known = {k[1] for k in keys}
    for name in re.findall(r"`((?:server|client)\.[a-z0-9.-]+)`", text):
        if name not in known:
            print(f"typescript_matrix: {path} names {name}, which no row has", file=sys.stderr)
    return [text, ""]


def skip_summary(cells, keys, versions):
    """Why cases were skipped, per version: the SUT's own reason, counted."""
    lines = []
    for v in versions:
        reasons = {}
        for key in keys:
            c = cells[key].get(v)
            if c and c["status"] == "SKIP":
                reasons[skip_reason(c)] = reasons.get(skip_reason(c), 0) + 1
        if reasons:
            lines.append(f"- **{v}**: " + "; ".join(f"{n} × {r}" for r, n in sorted(reasons.items())))
    return lines


def counts_table(results, versions):
    head = "| role | verdict | " + " | ".join(versions) + " |"
    lines = [head, "|" + "---|" * (len(versions) + 2)]
    for role in ROLES:
        for verdict in ("PASS", "FAIL", "WARN", "NOTE", "SKIP", "ERROR"):
            lines.append(f"| {role} | {verdict} | " +
                         " | ".join(str(results[v][role]["counts"].get(verdict, 0)) for v in versions) + " |")
    return lines


def write_matrix(path, results, versions, pinned):
    keys = [(r[0], r[1], r[2]) for r in rows(results, versions)]
    levels = {(r[0], r[1], r[2]): r[3] for r in rows(results, versions)}
    cells = verdicts(results, versions)
    out = [
        "# MCP TypeScript SDK: elicitation conformance by version",
        "",
        "Generated by `scripts/typescript-sdk-report.sh` (this file by `scripts/typescript_matrix.py`) from",
        "`reports/typescript-sdk/<version>/{server,client}/results.json`; do not edit by hand.",
        f"Each version ran the same adapters (`sut/typescript/`) over stdio; {pinned} is the pinned version,",
        "whose findings are explained in `FINDINGS.md`. A SKIP means the SDK has no API for what the case",
        "needs (the adapter says which, see below), never that the SDK failed.",
        "",
        "## Totals (runs: a case runs once per revision it applies to)",
        "",
        *counts_table(results, versions),
        "",
        "## Changes between versions",
        "",
        *changes(cells, keys, versions),
        "",
        *notes(path.parent / "matrix-notes.md", keys),
        "## Why cases were skipped",
        "",
        *(skip_summary(cells, keys, versions) or ["- none"]),
        "",
        "## Every case",
        "",
        "| role | case | revision | level | " + " | ".join(versions) + " |",
        "|" + "---|" * (len(versions) + 4),
    ]
    for key in keys:
        row = []
        for v in versions:
            c = cells[key].get(v)
            row.append(MARK.get(c["status"], c["status"]) if c else "–")
        out.append(f"| {key[0]} | `{key[1]}` | {key[2]} | {levels[key]} | " + " | ".join(row) + " |")
    out.append("")
    path.write_text("\n".join(out))


def write_baseline(path, results, pinned):
    """Every FAIL and WARN of the pinned version, by case and failing check: a verdict that changes
    either way (fixed, or failing at another check) makes the CI run fail."""
    lines = [
        "# What @modelcontextprotocol/sdk " + pinned + " fails today (FAIL and WARN), as case-id:check-id.",
        "# Generated by scripts/typescript-sdk-report.sh from reports/typescript-sdk/" + pinned + "/*/results.json;",
        "# every entry is explained in reports/typescript-sdk/" + pinned + "/FINDINGS.md. Do not edit by hand.",
    ]
    for role in ROLES:
        entries = sorted({f"{c['id']}:{c['check']}" for c in results[pinned][role]["cases"]
                          if c["status"] in ("FAIL", "WARN")})
        lines.append(f"{role}:" + ("" if entries else " []"))
        lines.extend(f"  - {e}" for e in entries)
    path.write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("versions", nargs="+")
    ap.add_argument("--reports", type=pathlib.Path, required=True)
    ap.add_argument("--pinned", required=True)
    ap.add_argument("--baseline", type=pathlib.Path, required=True)
    a = ap.parse_args()
    results = load(a.reports, a.versions, a.pinned)
    versions = [v for v in a.versions if v in results]
    write_matrix(a.reports / "matrix.md", results, versions, a.pinned)
    write_baseline(a.baseline, results, a.pinned)
    print(f"typescript_matrix: wrote {a.reports / 'matrix.md'} and {a.baseline}")


if __name__ == "__main__":
    main()
