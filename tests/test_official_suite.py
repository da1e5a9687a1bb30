"""The official conformance suite's command lines and expected-failures files run here unchanged
(docs/official-suite.md): its words (--scenario, --suite, -o/--output-dir, --spec-version,
--verbose), its scenario names mapped to our cases, the client reached over HTTP with the URL as
its last argument, and every name that maps to nothing reported rather than ignored."""
import json
import re
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT
from test_http import Listening

# Every test here meets bad or unusual input, or writes reports: also under the asan build.
pytestmark = pytest.mark.sanitized

SUTS = ROOT / "tests" / "suts"


def official(cli, *args, cwd):
    """An official-suite command line, with our binary in place of `npx @modelcontextprotocol/conformance`."""
    proc = subprocess.run([str(cli.path), *map(str, args)], capture_output=True, timeout=300, env=cli.env, cwd=cwd)
    assert proc.returncode >= 0 and b"Sanitizer" not in proc.stderr, proc.stderr[-3000:]
    return proc


def test_server_command_line_of_the_official_suite(cli, tmp_path):
    baseline = tmp_path / "conformance-baseline.yml"
    # An SDK's official file: scenarios of other features, and a per-check entry.
    baseline.write_text("server:\n  - tools-call-with-progress\n  - resources-subscribe\n"
                        "  - elicitation-sep1330-enums:ElicitationSEP1330TitledMulti\n")
    with Listening([str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0"]) as server:
        proc = official(cli, "server", "--url", server.url, "--scenario", "elicitation-sep1034-defaults",
                        "--spec-version", "2025-11-25", "--expected-failures", baseline, "-o", "results",
                        "--verbose", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr[-3000:]
        results = json.loads((tmp_path / "results" / "results.json").read_text())
        assert [(c["id"], c["status"]) for c in results["cases"]] == [("server.official.sep1034-defaults", "PASS")]
        notes = results["baseline"]["notes"]
        assert len(notes) == 3 and all("not applied" in n for n in notes), notes
        assert proc.stderr.count(b"expected-failures entry not applied") == 3
        assert b"not applied" in (tmp_path / "results" / "report.md").read_bytes()

        proc = official(cli, "server", "--url", server.url, "--suite", "active", "--output-dir", "all",
                        "--scenario", "tools-call-elicitation", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr[-3000:]
        runs = json.loads((tmp_path / "all" / "results.json").read_text())["cases"]
        assert {(c["id"], c["revision"]) for c in runs} == {("server.official.test-elicitation", "2025-11-25"),
                                                            ("server.official.test-elicitation", "2025-06-18")}

        # A suite with no counterpart: said, exit 2, nothing run (official scenario names: below).
        proc = official(cli, "server", "--url", server.url, "--suite", "auth", "-o", "none", cwd=tmp_path)
        assert proc.returncode == 2 and b"no counterpart" in proc.stderr, proc.stderr
    proc = official(cli, "server", "--command", f"{cli.peer} reference server", "--suite", "draft",
                    "--spec-version", "draft", "-o", "draft", cwd=tmp_path)
    runs = json.loads((tmp_path / "draft" / "results.json").read_text())["cases"]
    assert runs and all(c["revision"] == "2026-07-28" for c in runs)


def test_client_command_line_of_the_official_suite(cli, tmp_path):
    """The client is given our endpoint's URL as its last argument and MCP_CONFORMANCE_SCENARIO,
    as the official suite does (tests/suts/official_style_client.sh refuses anything else)."""
    baseline = tmp_path / "conformance-baseline.yml"
    baseline.write_text("client:\n  - elicitation-sep1034-client-defaults\n  - sse-retry\n")
    command = f"sh {SUTS / 'official_style_client.sh'} {cli.peer}"
    proc = official(cli, "client", "--command", command, "--scenario", "elicitation-sep1034-client-defaults",
                    "-o", "ok", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads((tmp_path / "ok" / "results.json").read_text())
    assert {c["id"] for c in results["cases"]} == {"client.sep1034.defaults-prefilled",
                                                   "client.sep1034.defaults-enum-values"}
    assert {c["transport"] for c in results["cases"]} == {"http"}
    assert all(c["status"] == "PASS" for c in results["cases"])

    # The same official file against a client that breaks the rule: honoured, not stale, and shown
    # as expected in junit.xml; the unmapped entry (sse-retry) is reported.
    proc = official(cli, "client", "--command", f"{cli.peer} reference client --fault ignore-defaults",
                    "--scenario", "elicitation-sep1034-client-defaults", "--expected-failures", baseline,
                    "-o", "broken", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert b"stale" not in proc.stderr and b"sse-retry" in proc.stderr
    suite = ET.parse(tmp_path / "broken" / "junit.xml").getroot().find("testsuite")
    for case in suite.iter("testcase"):
        out = case.findtext("system-out")
        assert "\nexpected-failure: " in out and "elicitation-sep1034-client-defaults -> " in out, out[:500]
    # And against the clean client: the mapped entry is stale, exit 1.
    proc = official(cli, "client", "--command", command, "--scenario", "elicitation-sep1034-client-defaults",
                    "--expected-failures", baseline, "-o", "stale", cwd=tmp_path)
    assert proc.returncode == 1 and b"stale baseline entry" in proc.stderr, proc.stderr[-2000:]


def test_client_gets_the_official_context(cli, tmp_path):
    """MCP_CONFORMANCE_CONTEXT is the official suite's JSON object whose `name` is the scenario
    MCP_CONFORMANCE_SCENARIO names, on both transports; the client shows it on stderr."""
    command = f"sh {SUTS / 'context_echo_client.sh'} {cli.peer}"
    case = "client.sep1034.defaults-prefilled"
    for transport in ("stdio", "http"):
        out = tmp_path / transport
        proc = official(cli, "client", "--command", command, "--case", case, "--revision", "2025-11-25",
                        "--transport", transport, "-o", out, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr[-3000:]
        [run] = json.loads((out / "results.json").read_text())["cases"]
        assert run["status"] == "PASS" and run["transport"] == transport
        lines = dict(line.split("=", 1) for line in run["sut_stderr"].splitlines() if line.startswith("MCP_"))
        # The case maps to an official scenario: the client is given the official name.
        assert lines["MCP_CONFORMANCE_SCENARIO"] == "elicitation-sep1034-client-defaults"
        assert json.loads(lines["MCP_CONFORMANCE_CONTEXT"]) == {"name": "elicitation-sep1034-client-defaults"}, lines
    # A case that maps to none: our case id, in both.
    case = "client.actions.cancel"
    proc = official(cli, "client", "--command", command, "--case", case, "--revision", "2025-11-25",
                    "-o", tmp_path / "ours", cwd=tmp_path)
    [run] = json.loads((tmp_path / "ours" / "results.json").read_text())["cases"]
    lines = dict(line.split("=", 1) for line in run["sut_stderr"].splitlines() if line.startswith("MCP_"))
    assert lines["MCP_CONFORMANCE_SCENARIO"] == case
    assert json.loads(lines["MCP_CONFORMANCE_CONTEXT"]) == {"name": case}, lines


def test_official_fixture_client_runs_unchanged(cli, tmp_path):
    """A client that knows only the official scenario names (tests/suts/official_fixture_client.sh,
    like an SDK's everything-client: "Unknown scenario" for any other) runs every case that maps to
    one: the harness gives it the official name, over HTTP with the URL last."""
    command = f"sh {SUTS / 'official_fixture_client.sh'} {cli.peer}"
    for scenario, ids in (("elicitation-sep1034-client-defaults", {"client.sep1034.defaults-prefilled",
                                                                   "client.sep1034.defaults-enum-values"}),
                          ("sep-2322-client-request-state", {"client.modern.state-echoed-exactly",
                                                             "client.modern.no-state-invented",
                                                             "client.modern.retry-new-id",
                                                             "client.modern.retry-new-id-every-round",
                                                             "client.modern.state-scoped"})):
        out = tmp_path / scenario
        proc = official(cli, "client", "--command", command, "--scenario", scenario, "-o", out, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr[-3000:]
        runs = json.loads((out / "results.json").read_text())["cases"]
        assert {c["id"] for c in runs} == ids
        assert all(c["status"] == "PASS" for c in runs), [(c["id"], c["status"], c.get("reason")) for c in runs]
    # A case with no official counterpart keeps our id, which such a client refuses: it says so.
    proc = official(cli, "client", "--command", command, "--case", "client.actions.cancel", "--revision",
                    "2025-11-25", "--transport", "http", "-o", tmp_path / "ours", cwd=tmp_path)
    [run] = json.loads((tmp_path / "ours" / "results.json").read_text())["cases"]
    assert proc.returncode != 0 and run["status"] != "PASS"
    assert "Unknown scenario: client.actions.cancel" in run["sut_stderr"]


def test_version_names_the_commit(cli):
    proc = official(cli, "--version", cwd=ROOT)
    assert proc.returncode == 0
    assert re.fullmatch(rb"elicit-conform \d+\.\d+\.\d+ \(commit ([0-9a-f]{40} of \d{4}-\d\d-\d\d|unknown)"
                        rb"(, with uncommitted changes)?\)\n", proc.stdout), proc.stdout


def test_list_official_matches_the_docs(cli):
    listed = official(cli, "list", "--official", cwd=ROOT).stdout.decode()
    doc = (ROOT / "docs" / "official-suite.md").read_text()
    rows = re.findall(r"^\| (server|client) \| `([^`]+)` \| (.+) \|$", doc, re.M)
    assert rows
    expected = []
    for side, name, cases in rows:
        ids = re.findall(r"`([a-z0-9.\-]+)`", cases)
        expected.append((side, name, ", ".join(ids) if ids else "(none)"))
    got = [tuple(re.match(r"(\S+)  (\S+)  -> (.+?)  \(", line).groups()) for line in listed.splitlines()]
    assert got == expected
    # Every case an official name maps to exists.
    corpus = official(cli, "list", cwd=ROOT).stdout.decode()
    ids = {line.split()[0] for line in corpus.splitlines() if line.strip()}
    for _, _, cases in got:
        for case in cases.split(", "):
            assert case == "(none)" or case in ids, case


def test_server_gets_the_official_scenario_name(cli, tmp_path):
    """A server started for a case that maps to an official scenario gets its name in
    MCP_CONFORMANCE_SCENARIO; one that maps to none gets our case id."""
    command = f"sh -c 'echo MCP_CONFORMANCE_SCENARIO=$MCP_CONFORMANCE_SCENARIO >&2; exec {cli.peer} reference server'"
    for case, name in (("server.official.sep1034-defaults", "elicitation-sep1034-defaults"),
                       ("server.modern.multi-round", "input-required-result-request-state"),
                       ("server.actions.decline-reaches-tool", "server.actions.decline-reaches-tool")):
        out = tmp_path / case
        proc = official(cli, "server", "--command", command, "--case", case, "-o", out, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr[-3000:]
        runs = json.loads((out / "results.json").read_text())["cases"]
        assert runs and all(f"MCP_CONFORMANCE_SCENARIO={name}\n" in r["sut_stderr"] for r in runs), runs[0]


CHECK_KEYS = {"id", "name", "description", "status", "timestamp", "specReferences", "details", "metadata",
              "errorMessage", "logs", "source"}
CHECK_STATUS = {"SUCCESS", "FAILURE", "WARNING", "SKIPPED", "INFO"}


def official_format(checks):
    """checks.json as the official suite writes it (ConformanceCheck, src/types.ts of
    modelcontextprotocol/conformance): an array of objects with its members only."""
    assert isinstance(checks, list) and checks
    for c in checks:
        assert set(c) <= CHECK_KEYS, set(c) - CHECK_KEYS
        assert {"id", "name", "description", "status", "timestamp"} <= set(c), c
        assert c["status"] in CHECK_STATUS
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z", c["timestamp"]), c["timestamp"]
        for ref in c.get("specReferences", []):
            assert set(ref) <= {"id", "url"} and isinstance(ref["id"], str)
        assert isinstance(c.get("details", {}), dict)
    return checks


def test_official_scenario_without_counterpart_is_skip(cli, tmp_path):
    """An official scenario with no elicitation case here is SKIP with a note, exit 0, and a
    checks.json that says SKIPPED; a name that is no official scenario (nor ours) stays exit 2,
    with the name likely meant; an official name of the other side is exit 2 and says which."""
    server = f"{cli.peer} reference server"
    for name, why in (("server-initialize", b"not about elicitation"), ("tasks-mrtr-input", b"tasks are out")):
        out = tmp_path / name
        proc = official(cli, "server", "--command", server, "--scenario", name, "-o", out, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr.startswith(b"SKIP  " + name.encode()) and why in proc.stderr, proc.stderr
        [check] = official_format(json.loads((out / "checks.json").read_text()))
        assert check["id"] == name and check["status"] == "SKIPPED"
    proc = official(cli, "client", "--command", f"{cli.peer} reference client", "--scenario", "auth/basic-cimd",
                    "-o", tmp_path / "auth", cwd=tmp_path)
    assert proc.returncode == 0 and b"SKIP  auth/basic-cimd" in proc.stderr, proc.stderr
    proc = official(cli, "server", "--command", server, "--scenario", "tools-call-elicitaton", "-o",
                    tmp_path / "typo", cwd=tmp_path)
    assert proc.returncode == 2 and b"did you mean tools-call-elicitation?" in proc.stderr, proc.stderr
    assert not (tmp_path / "typo").exists()
    proc = official(cli, "client", "--command", f"{cli.peer} reference client", "--scenario",
                    "tools-call-elicitation", "-o", tmp_path / "side", cwd=tmp_path)
    assert proc.returncode == 2 and b"tests a server with it" in proc.stderr, proc.stderr
    # An official scenario at a spec version none of its cases runs at: SKIP, as the official suite
    # skips a scenario that does not apply there (--force changes nothing here, and says so); one of
    # our ids there is still a usage error.
    proc = official(cli, "server", "--command", server, "--scenario", "tools-call-elicitation", "--spec-version",
                    "draft", "--force", "-o", tmp_path / "draft", cwd=tmp_path)
    assert proc.returncode == 0 and b"SKIP  tools-call-elicitation: no case of the official scenario" in proc.stderr
    assert b"--force cannot change that" in proc.stderr, proc.stderr
    [check] = official_format(json.loads((tmp_path / "draft" / "checks.json").read_text()))
    assert check["status"] == "SKIPPED" and "2026-07-28" in check["details"]["reason"]
    proc = official(cli, "server", "--command", server, "--scenario", "server.official.test-elicitation",
                    "--spec-version", "draft", "-o", tmp_path / "draft-ours", cwd=tmp_path)
    assert proc.returncode == 2 and b"no server case matches" in proc.stderr, proc.stderr
    # One of our ids, mistyped: exit 2 and the id meant.
    proc = official(cli, "server", "--command", server, "--scenario", "server.official.test-elicitaton", "-o",
                    tmp_path / "ours", cwd=tmp_path)
    assert proc.returncode == 2 and b"did you mean server.official.test-elicitation?" in proc.stderr


def test_list_server_and_client_print_the_official_names(cli):
    """`list --server` / `--client` print the official scenarios of that side that have cases here,
    under the official CLI's headings, "  - NAME [REVISIONS]" each; those of --official with cases."""
    table = [line.split("  ") for line in official(cli, "list", "--official", cwd=ROOT).stdout.decode().splitlines()]
    mapped = {side: [name for s, name, cases, *_ in table if s == side and cases != "-> (none)"]
              for side in ("server", "client")}
    for side, heading in (("server", "Server scenarios (test against a server):"),
                          ("client", "Client scenarios (test against a client):")):
        lines = official(cli, "list", f"--{side}", cwd=ROOT).stdout.decode().splitlines()
        assert lines[0] == heading
        names = [re.fullmatch(r"  - (\S+) \[(\d{4}-\d\d-\d\d(?:,\d{4}-\d\d-\d\d)*)\]", line).group(1)
                 for line in lines[1:]]
        assert names == mapped[side] and names
    both = official(cli, "list", "--server", "--client", cwd=ROOT).stdout.decode()
    assert "\n\nClient scenarios" in both
    draft = official(cli, "list", "--client", "--spec-version", "draft", cwd=ROOT).stdout.decode().splitlines()
    assert draft == ["Client scenarios (test against a client):", "  - sep-2322-client-request-state [2026-07-28]"]


def test_requirements_force_and_checks_json(cli, tmp_path):
    """--requirements REV runs the cases of the official scenarios REV's set requires, at REV, and
    nothing else; it cannot be combined with a selection; --force is accepted and noted; checks.json
    is written in the official format with one check per run, only when official words were used."""
    server = f"{cli.peer} reference server"
    proc = official(cli, "server", "--command", server, "--requirements", "2025-11-25", "--force", "-o", "req",
                    cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert b"--force: accepted, nothing to force" in proc.stderr
    runs = json.loads((tmp_path / "req" / "results.json").read_text())["cases"]
    cases = [c for c in runs if ".wire." not in c["id"] and not c["id"].endswith("versions")]
    assert {(c["id"], c["revision"]) for c in cases} == {("server.official.test-elicitation", "2025-11-25"),
                                                         ("server.official.sep1034-defaults", "2025-11-25"),
                                                         ("server.official.sep1330-enums", "2025-11-25")}
    checks = official_format(json.loads((tmp_path / "req" / "checks.json").read_text()))
    assert [(c["id"], c["details"]["revision"]) for c in checks] == [(c["id"], c["revision"]) for c in runs]
    by_id = {c["id"]: c for c in checks}
    assert by_id["server.official.sep1034-defaults"]["name"] == "elicitation-sep1034-defaults"
    assert by_id["server.official.sep1034-defaults"]["status"] == "SUCCESS"
    assert {"id": "EL-2025-11-25-FORM-SCHEMA-DEFAULT"} in by_id["server.official.sep1034-defaults"]["specReferences"]

    proc = official(cli, "server", "--command", server, "--requirements", "2026-07-28", "-o", "req26", cwd=tmp_path)
    runs = json.loads((tmp_path / "req26" / "results.json").read_text())["cases"]
    assert runs and {c["revision"] for c in runs} == {"2026-07-28"}
    assert "server.modern.retry-completes" in {c["id"] for c in runs}

    # A failing run: FAILURE with its reason as errorMessage.
    proc = official(cli, "server", "--command", f"{cli.peer} reference server --fault bad-default",
                    "--scenario", "elicitation-sep1034-defaults", "-o", "bad", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr[-2000:]
    [check] = [c for c in official_format(json.loads((tmp_path / "bad" / "checks.json").read_text()))
               if c["id"] == "server.official.sep1034-defaults"]
    assert check["status"] == "FAILURE" and check["errorMessage"] and check["details"]["verdict"].startswith("FAIL")

    for args in (["--scenario", "tools-call-elicitation"], ["--suite", "all"], ["--spec-version", "2025-11-25"],
                 ["--case", "server.official.*"]):
        proc = official(cli, "server", "--command", server, "--requirements", "2025-11-25", *args, "-o", "x",
                        cwd=tmp_path)
        assert proc.returncode == 2 and b"cannot be combined" in proc.stderr, (args, proc.stderr)
    proc = official(cli, "server", "--command", server, "--requirements", "2024-01-01", "-o", "x", cwd=tmp_path)
    assert proc.returncode == 2 and b"no such requirement set" in proc.stderr
    # Our own words: no checks.json.
    proc = official(cli, "server", "--command", server, "--case", "server.official.test-elicitation", "-o", "ours",
                    cwd=tmp_path)
    assert proc.returncode == 0 and not (tmp_path / "ours" / "checks.json").exists()


def test_official_fixture_server_skips_what_it_cannot_express(cli, tmp_path):
    """A server with the official fixture tools and none of the contract's (an SDK's everything-
    server): every case its tools can express runs (and passes, for the reference behind it), every
    case that needs a contract tool is SKIP with that reason, not FAIL (not testable), and the run
    exits 0. A server that lists neither stays FAIL (not testable): a broken adapter."""
    command = f"{SUTS / 'fixture_only_server.py'} {cli.peer}"
    proc = official(cli, "server", "--command", command, "-j", "2", "-o", "fixture", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    runs = json.loads((tmp_path / "fixture" / "results.json").read_text())["cases"]
    by_status = {}
    for r in runs:
        by_status.setdefault(r["status"], []).append(r)
    assert set(by_status) == {"PASS", "SKIP"}, {s: [r["id"] for r in rs][:5] for s, rs in by_status.items()}
    passed = {r["id"] for r in by_status["PASS"]}
    assert {"server.official.test-elicitation", "server.official.sep1034-defaults",
            "server.official.sep1330-enums"} <= passed
    for r in by_status["SKIP"]:
        assert re.fullmatch(r"needs the contract tool (elicit|require_url|complete|elicit_sequence|elicit_together); "
                            r"the SUT lists only the official fixture tools \(test_elicitation, "
                            r"test_elicitation_sep1034_defaults, test_elicitation_sep1330_enums\)", r["reason"]), r
        assert not r.get("untestable")
    assert b"needs the contract tool elicit; the SUT lists only the official fixture tools" in (
        tmp_path / "fixture" / "report.md").read_bytes()

    proc = official(cli, "server", "--command", f"{SUTS / 'contractless_server.py'} no-tools", "--case",
                    "server.actions.decline-reaches-tool", "--revision", "2025-11-25", "-o", "neither", cwd=tmp_path)
    assert proc.returncode == 1
    [run] = json.loads((tmp_path / "neither" / "results.json").read_text())["cases"]
    assert run["status"] == "FAIL" and run["reason"].startswith("not testable: the SUT has no tool \"elicit\"")


# A token shaped like one of our case ids (role.group.name): the cases column of docs/official-suite.md's
# "Checks" table names no other such token, so a misspelt id cannot pass for prose.
CASE_ID_SHAPE = re.compile(r"[a-z0-9]+\.[a-z0-9\-]+\.[a-z0-9.\-]+")


def checks_table(doc):
    """The rows of the "Checks" section of docs/official-suite.md, each a list of its five cells."""
    assert "\n## Checks\n" in doc
    section = doc.split("\n## Checks\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    assert lines[0] == "| id in 0.1.x | id in 0.2.x | scenario | asserts | our cases |", lines[0]
    assert set(lines[1]) <= {"|", "-"}, lines[1]
    return [[cell.strip() for cell in line.strip().strip("|").split(" | ")] for line in lines[2:]]


def check_rows(rows, cases_dir):
    """Every row is complete, every official id appears once, and every case id it names is a case file."""
    assert rows
    seen = set()
    for row in rows:
        assert len(row) == 5 and all(row), row
        old, new, scenario, asserts, cases = row
        assert re.fullmatch(r"`[a-z0-9\-]+`", new), row
        assert new not in seen, new
        seen.add(new)
        assert re.fullmatch(r"`[a-z0-9\-]+`|— .*|—", old), row
        assert scenario.startswith("`") and len(asserts) > 20, row
        named = [t for t in re.findall(r"`([^`]+)`", cases) if CASE_ID_SHAPE.fullmatch(t)]
        if cases.startswith("none: "):
            assert not named and len(cases) > len("none: ") + 20, row
            continue
        assert named, row
        for case in named:
            role = case.split(".", 1)[0]
            assert role in ("server", "client") and list(cases_dir.glob(f"*/{role}/{case}.json")), \
                f"{new}: no case {case}"


def test_official_checks_map_to_cases_that_exist():
    """docs/official-suite.md's "Checks" table: one full row per official check, each answered by case
    files that exist, or by a reason; a renamed or misspelt case id fails here, not silently."""
    doc = (ROOT / "docs" / "official-suite.md").read_text()
    rows = checks_table(doc)
    check_rows(rows, ROOT / "cases")
    # The rows the check refuses, so the test above can fail.
    good = next(r for r in rows if not r[4].startswith("none: "))
    for broken in ([*good[:4], good[4].replace("`server.", "`server.x", 1).replace("`client.", "`client.x", 1)],
                   [*good[:4], good[4].replace("`server.", "`sever.", 1).replace("`client.", "`clent.", 1)],
                   [*good[:3], "", good[4]],
                   [*good[:4], "none: "]):
        with pytest.raises(AssertionError):
            check_rows([broken], ROOT / "cases")
    with pytest.raises(AssertionError):
        check_rows(rows + [rows[0]], ROOT / "cases")
