"""The whole corpus against a real SUT: the MCP TypeScript SDK (@modelcontextprotocol/sdk, pinned in
sut/typescript/package-lock.json), through the adapters in sut/typescript/, in both roles, judged
against sut/typescript/expected-failures.yml. The run must pass (every verdict as the baseline
says: a fixed failure or a new one fails it) and leave a complete report: one entry per case and
revision, each with a verdict. Runs with the default build only (the asan build adds minutes, not
coverage: the SUT is node). Needs `scripts/setup-typescript.sh` (CI runs it through setup.sh)."""
import json
import select
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT, Cli

SUT = ROOT / "sut" / "typescript"
BASELINE = SUT / "expected-failures.yml"
VERDICTS = {"PASS", "FAIL", "WARN", "NOTE", "SKIP", "ERROR"}


@pytest.fixture(scope="module")
def default_cli():
    if not (ROOT / "build" / "default" / "elicit-conform").exists():
        pytest.fail("no default build: run scripts/setup.sh")
    return Cli("default")


def expected_runs(role, transport="stdio"):
    """(case id, revision) for every case of the role that runs over `transport`."""
    runs = set()
    for path in (ROOT / "cases").glob("*/*/*.json"):
        case = json.loads(path.read_text())
        if case["role"] == role and transport in case.get("transports", ["stdio", "http"]):
            runs |= {(case["id"], revision) for revision in case["revisions"]}
    return runs


def baseline_entries(role):
    entries, current = set(), None
    for line in BASELINE.read_text().splitlines():
        if line.startswith(("server:", "client:")):
            current = line.split(":")[0]
        elif line.strip().startswith("- ") and current == role:
            entries.add(line.strip()[2:])
    return entries


def test_the_adapters_are_installed():
    # Not a skip: CI installs them (scripts/setup.sh runs scripts/setup-typescript.sh), and a
    # conformance run that silently did not happen is worse than a red one.
    assert shutil.which("node"), "node is not installed: run scripts/setup-typescript.sh"
    sdk = SUT / "node_modules" / "@modelcontextprotocol" / "sdk" / "package.json"
    assert sdk.exists(), "sut/typescript/node_modules is missing: run scripts/setup-typescript.sh"
    lock = json.loads((SUT / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/@modelcontextprotocol/sdk"]["version"]
    assert json.loads(sdk.read_text())["version"] == pinned, "node_modules does not match package-lock.json"


def run_corpus(cli, role, transport, report):
    common = ["--report-dir", report, "--expected-failures", BASELINE, "-j", "4"]
    if transport == "stdio":
        return cli.run(role, "--command", f"node {SUT / (role + '.mjs')}", *common, timeout=600)
    if role == "client":
        return cli.run(role, "--command", f"node {SUT / 'client.mjs'}", "--transport", "http", *common, timeout=600)
    # The server adapter serves every case's session from one process, as a deployed server does.
    server = subprocess.Popen(["node", str(SUT / "server.mjs"), "--http", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    try:
        ready, _, _ = select.select([server.stdout], [], [], 30)
        assert ready, "the server adapter printed no URL"
        url = server.stdout.readline().decode().strip()
        return cli.run(role, "--url", url, *common, timeout=600)
    finally:
        server.kill()
        server.communicate(timeout=10)


# Over HTTP the same baseline holds: the verdicts do not depend on the transport.
@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("role", ["server", "client"])
def test_corpus_against_the_sdk(default_cli, tmp_path, role, transport):
    test_the_adapters_are_installed()
    report = tmp_path / role
    proc = run_corpus(default_cli, role, transport, report)
    out = proc.stderr.decode(errors="replace") + proc.stdout.decode(errors="replace")
    # 0: every verdict as the baseline says. A failure that is new, or one the baseline lists
    # that no longer happens, is exit 1: regenerate with scripts/typescript-sdk-report.sh and
    # explain the change in reports/typescript-sdk/<version>/FINDINGS.md.
    assert proc.returncode == 0, out[-6000:]

    results = json.loads((report / "results.json").read_text())
    seen = [(c["id"], c["revision"]) for c in results["cases"]]
    assert len(seen) == len(set(seen)), "a case ran twice"
    assert set(seen) == expected_runs(role, transport), "the report does not cover the corpus"
    for c in results["cases"]:
        assert c["status"] in VERDICTS and c["role"] == role and c["transcript"], c["id"]
        # The pinned SDK (v1) has every API of the corpus up to 2025-11-25: a SKIP there would
        # hide a case. It speaks no 2026-07-28, and its adapter says so on the wire (the SUT's
        # explicit skip, docs/adapter-contract.md); nothing else may be skipped. Over Streamable
        # HTTP a server cannot skip one case: it refuses the sessionless 2026-07-28 POST (400), and
        # the harness's probe says the revision is not spoken.
        if c["status"] == "SKIP":
            assert c["revision"] == "2026-07-28", (c["id"], c["reason"])
            said = ("the SUT does not support revision 2026-07-28: server/discover got no result"
                    if role == "server" and transport == "http" else "no API for protocol revision 2026-07-28")
            assert said in c["reason"], (c["id"], c["reason"])
        assert c["status"] != "ERROR", (c["id"], c["reason"])
    counts = {v: sum(c["status"] == v for c in results["cases"]) for v in VERDICTS}
    assert {k: v for k, v in results["counts"].items() if k in VERDICTS} == counts

    # Every FAIL and WARN is in the baseline by its check, and nothing else is.
    failing = {f"{c['id']}:{c['check']}" for c in results["cases"] if c["status"] in ("FAIL", "WARN")}
    assert failing == baseline_entries(role)

    suite = ET.parse(report / "junit.xml").getroot().find("testsuite")
    assert int(suite.get("tests")) == len(results["cases"])
    assert (report / "report.md").read_text().count("| " + role + ".") >= len(set(i for i, _ in seen))


REPORTS = ROOT / "reports" / "typescript-sdk"


def pinned_version():
    lock = json.loads((SUT / "package-lock.json").read_text())
    return lock["packages"]["node_modules/@modelcontextprotocol/sdk"]["version"]


def test_published_report_agrees_with_its_results():
    """The numbers a person reads in FINDINGS.md and matrix.md are the generated results.json's,
    and every FAIL and WARN there has its explanation in FINDINGS.md."""
    version = pinned_version()
    findings = (REPORTS / version / "FINDINGS.md").read_text()
    matrix = (REPORTS / "matrix.md").read_text()
    for role in ("server", "client"):
        results = json.loads((REPORTS / version / role / "results.json").read_text())
        for name in ("junit.xml", "report.md"):
            assert (REPORTS / version / role / name).exists(), name
        counts = [results["counts"].get(v, 0) for v in ("PASS", "FAIL", "WARN", "NOTE", "SKIP", "ERROR")]
        assert f"| {role} | " + " | ".join(map(str, counts)) + " |" in findings, f"FINDINGS.md counts ({role})"
        for verdict, n in zip(("PASS", "FAIL", "WARN", "NOTE", "SKIP", "ERROR"), counts):
            row = next(line for line in matrix.splitlines() if line.startswith(f"| {role} | {verdict} |"))
            assert row.rstrip(" |").split(" | ")[-1] == str(n), f"matrix.md {role} {verdict}"
        for c in results["cases"]:
            if c["status"] in ("FAIL", "WARN"):
                assert f"`{c['id']}` (" in findings and c["revision"] in findings, f"{c['id']} is not explained"
    # Each finding has a judgement, and it is one of the three the project knows.
    judgements = [line for line in findings.splitlines() if line.startswith("**Judgement:")]
    assert judgements, "FINDINGS.md has no judgement"
    for line in judgements:
        assert line.startswith(("**Judgement: SDK defect", "**Judgement: spec ambiguity",
                                "**Judgement: harness defect")), line


def test_resumable_server_primes_every_stream_and_passes(default_cli, tmp_path):
    """With resumability on, the SDK starts each SSE stream of a 2025-11-25 client with a priming
    event (an id, empty data: SEP-1699). The harness reads it as nothing: the JSON-RPC cases pass,
    and the transcript says a priming event came."""
    test_the_adapters_are_installed()
    server = subprocess.Popen(["node", str(SUT / "server.mjs"), "--http", "0", "--resumable"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    try:
        ready, _, _ = select.select([server.stdout], [], [], 30)
        assert ready, "the server adapter printed no URL"
        url = server.stdout.readline().decode().strip()
        proc = default_cli.run("server", "--url", url, "--case", "server.jsonrpc.*", "--report-dir", tmp_path,
                               "-j", "2", timeout=300)
    finally:
        server.kill()
        server.communicate(timeout=10)
    results = json.loads((tmp_path / "results.json").read_text())
    assert proc.returncode == 0, [(c["id"], c["reason"]) for c in results["cases"] if c["status"] != "PASS"]
    notes = [t["text"] for c in results["cases"] if c["revision"] == "2025-11-25" for t in c["transcript"]
             if t["from"] == "note"]
    assert any("SSE priming event (id " in n for n in notes), notes[:10]
