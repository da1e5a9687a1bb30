"""scripts/sdk_matrix.py, the SDK matrix table (reports/README.md), on synthetic results.json files:
one row per implementation x version x role x transport x revision with the verdict counts, the
links to every report.md and to FINDINGS.md, sorted, and byte-identical when run again. Fast: no
harness, no node."""
import json
import re
import pathlib
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "sdk_matrix.py"


def case(cid, status, revision, ran_at=None, untestable=False):
    c = {"id": cid, "status": status, "revision": revision, "ran_at": ran_at or revision, "role": "x"}
    if untestable:
        c["untestable"] = True
    return c


def write_run(reports, rel, role, transport, cases, md=True):
    folder = reports / rel
    folder.mkdir(parents=True)
    for c in cases:
        c["role"] = role
    doc = {"tool": {"name": "elicit-conform"}, "role": role,
           "provenance": {"started_at": "2026-01-01T00:00:00Z", "sut": {"role": role, "transport": transport}},
           "cases": cases}
    (folder / "results.json").write_text(json.dumps(doc))
    if md:
        (folder / "report.md").write_text("# report\n")


def run(reports, *extra):
    return subprocess.run([sys.executable, SCRIPT, "--reports", reports, *extra], capture_output=True, text=True)


def rows(text):
    return [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| implementation")]


def fixture(reports):
    write_run(reports, "libb/1.10.0/server-http", "server", "http", [
        case("a", "PASS", "2025-11-25"), case("b", "FAIL", "2025-11-25"), case("c", "WARN", "2025-06-18"),
        case("d", "SKIP", "2025-11-25"), case("e", "ERROR", "2025-11-25"),
        case("f", "FAIL", "2025-11-25", untestable=True)])
    write_run(reports, "libb/1.10.0/server-stdio", "server", "stdio", [
        case("a", "PASS", "2025-11-25"), case("m", "PASS", "2026-07-28")])
    write_run(reports, "libb/1.9.0/client-stdio", "client", "stdio", [case("a", "PASS", "2025-06-18")])
    # Two runs of one implementation, role and transport (e.g. one per observed tool) make one row.
    write_run(reports, "alib/2.0.0/server-stdio/tool-a", "server", "stdio", [case("x", "PASS", "2025-11-25")])
    write_run(reports, "alib/2.0.0/server-stdio/tool-b", "server", "stdio", [case("x", "FAIL", "2025-11-25")])
    # A case that ran at another revision than planned counts at the revision that judged it.
    write_run(reports, "alib/2.0.0/client-http", "client", "http",
              [case("y", "PASS", "2025-11-25", ran_at="2025-06-18")])
    (reports / "libb" / "1.10.0" / "FINDINGS.md").write_text("# findings\n")


def test_one_row_per_implementation_role_transport_revision(tmp_path):
    reports = tmp_path / "reports"
    fixture(reports)
    proc = run(reports)
    assert proc.returncode == 0, proc.stderr
    table = rows((reports / "README.md").read_text())
    assert table == [
        "| alib | – | 2.0.0 | 2026-01-01 | server | stdio | 2025-11-25 | 1 | 1 | 0 | 0 | 0 | 0 | "
        "[server-stdio/tool-a](alib/2.0.0/server-stdio/tool-a/report.md), "
        "[server-stdio/tool-b](alib/2.0.0/server-stdio/tool-b/report.md) | – |",
        "| alib | – | 2.0.0 | 2026-01-01 | client | http | 2025-06-18 | 1 | 0 | 0 | 0 | 0 | 0 | "
        "[client-http](alib/2.0.0/client-http/report.md) | – |",
        "| libb | – | 1.9.0 | 2026-01-01 | client | stdio | 2025-06-18 | 1 | 0 | 0 | 0 | 0 | 0 | "
        "[client-stdio](libb/1.9.0/client-stdio/report.md) | – |",
        "| libb | – | 1.10.0 | 2026-01-01 | server | stdio | 2025-11-25 | 1 | 0 | 0 | 0 | 0 | 0 | "
        "[server-stdio](libb/1.10.0/server-stdio/report.md) | [FINDINGS.md](libb/1.10.0/FINDINGS.md) |",
        "| libb | – | 1.10.0 | 2026-01-01 | server | stdio | 2026-07-28 | 1 | 0 | 0 | 0 | 0 | 0 | "
        "[server-stdio](libb/1.10.0/server-stdio/report.md) | [FINDINGS.md](libb/1.10.0/FINDINGS.md) |",
        "| libb | – | 1.10.0 | 2026-01-01 | server | http | 2025-06-18 | 0 | 0 | 1 | 0 | 0 | 0 | "
        "[server-http](libb/1.10.0/server-http/report.md) | [FINDINGS.md](libb/1.10.0/FINDINGS.md) |",
        "| libb | – | 1.10.0 | 2026-01-01 | server | http | 2025-11-25 | 1 | 2 (1 not testable) | 0 | 0 | 1 | 1 | "
        "[server-http](libb/1.10.0/server-http/report.md) | [FINDINGS.md](libb/1.10.0/FINDINGS.md) |",
    ]


def test_a_rerun_changes_nothing(tmp_path):
    reports = tmp_path / "reports"
    fixture(reports)
    assert run(reports).returncode == 0
    first = (reports / "README.md").read_bytes()
    mtime = (reports / "README.md").stat().st_mtime_ns
    assert run(reports).returncode == 0
    assert (reports / "README.md").read_bytes() == first
    assert (reports / "README.md").stat().st_mtime_ns == mtime  # not even rewritten
    # The "tested" day is the reports' own (provenance.started_at), never this machine's today.
    assert str(tmp_path) not in first.decode() and "| 2026-01-01 |" in first.decode()
    assert time.strftime("%Y-%m-%d", time.gmtime()) not in first.decode()


def test_the_order_files_are_found_in_does_not_matter(tmp_path):
    a, b = tmp_path / "a" / "reports", tmp_path / "b" / "reports"
    fixture(a)
    # The same runs written in the opposite order.
    for rel in sorted((p.parent.relative_to(a) for p in a.glob("**/results.json")), reverse=True):
        (b / rel).mkdir(parents=True)
        for f in ("results.json", "report.md"):
            (b / rel / f).write_bytes((a / rel / f).read_bytes())
    (b / "libb" / "1.10.0" / "FINDINGS.md").write_text("# findings\n")
    assert run(a).returncode == 0 and run(b).returncode == 0
    assert (a / "README.md").read_text() == (b / "README.md").read_text()


def test_a_malformed_results_file_is_an_error_not_a_row(tmp_path):
    reports = tmp_path / "reports"
    fixture(reports)
    (reports / "libb" / "1.10.0" / "server-http" / "results.json").write_text("{not json")
    proc = run(reports)
    assert proc.returncode == 1 and "server-http/results.json" in proc.stderr
    assert not (reports / "README.md").exists()


def test_an_unknown_status_is_an_error(tmp_path):
    reports = tmp_path / "reports"
    write_run(reports, "x/1.0.0/server-stdio", "server", "stdio", [case("a", "MAYBE", "2025-11-25")])
    proc = run(reports)
    assert proc.returncode == 1 and "MAYBE" in proc.stderr


def test_the_published_table_is_up_to_date(tmp_path):
    """reports/README.md is what the generator makes of the published reports."""
    out = tmp_path / "README.md"
    proc = run(ROOT / "reports", "--out", out)
    assert proc.returncode == 0, proc.stderr
    assert out.read_text() == (ROOT / "reports" / "README.md").read_text()


def published_findings():
    """The FINDINGS.md of the implementations of the matrix (the v1 SDK's has its own test)."""
    return [f for f in sorted((ROOT / "reports").glob("*/*/FINDINGS.md")) if f.parts[-3] != "typescript-sdk"]


def test_findings_quote_the_wire_of_the_published_reports():
    """Every `sut ←` / `harness →` line of a FINDINGS.md is in a transcript of the results.json
    files beside it ("..." marks what an excerpt leaves out): a reader who checks a verdict
    against the wire finds the same bytes."""
    checked = 0
    for findings in published_findings():
        blob = "\n".join(t["text"] for r in findings.parent.glob("**/results.json")
                         for c in json.loads(r.read_text())["cases"] for t in c["transcript"])
        for line in findings.read_text().splitlines():
            m = re.match(r"^(?:sut     ←|harness →) (.*)$", line)
            if not m:
                continue
            for part in (p.strip(" ,{}") for p in m.group(1).split("...")):
                if len(part) > 12:
                    assert part in blob, f"{findings.relative_to(ROOT)}: not on the wire: {part[:200]}"
                    checked += 1
    assert checked > 10


def baseline_of(name):
    """sut/<sut>/expected-failures.yml of the implementation whose reports are reports/<name>/: the
    sut folder of that name, else the one whose report.sh writes reports/<name>/ (sut/typescript-v2
    writes reports/typescript-sdk-v2/)."""
    if (ROOT / "sut" / name).is_dir():
        return ROOT / "sut" / name / "expected-failures.yml"
    writers = [s.parent for s in (ROOT / "sut").glob("*/report.sh") if f"reports/{name}/" in s.read_text()]
    assert len(writers) == 1, f"{name}: no single sut/*/report.sh writes reports/{name}/ ({writers})"
    return writers[0] / "expected-failures.yml"


def test_findings_explain_every_baseline_entry():
    """Every FAIL and WARN in an implementation's baseline is named in its FINDINGS.md."""
    for findings in published_findings():
        name = findings.parts[-3]
        text = findings.read_text()
        baseline = baseline_of(name)
        if not baseline.exists():  # nothing fails (the Python template)
            assert "No FAIL and no WARN" in text, f"{name}: no baseline, but FINDINGS.md does not say why"
            continue
        for line in baseline.read_text().splitlines():
            if m := re.match(r"^\s+-\s+([^:\s]+):(\S+)", line):
                case_id, check = m.groups()
                assert case_id in text or case_id.split(".")[-1] in text, f"{name}: {case_id} not explained"
                assert check in text, f"{name}: check {check} of {case_id} not named"
