"""Elicitation inside 2025-11-25 tasks (issue 33, item 6; docs/catalog-audit.md, "Tasks and
elicitation"): the server.tasks.* and client.tasks.* cases pass against the reference peers, each
task fault fails exactly the task cases that cite its rule, the `poll` step asks again until the
status comes, and a peer without task support is SKIP, saying why (or, for a client that declares
none, answers the plain way)."""
import json

import pytest

from conftest import ROOT
from test_client_role import run_client
from test_server_role import SUTS, run

SERVER_CASES = {"server.tasks.elicit-related-task", "server.tasks.input-required-status"}
CLIENT_CASES = {"client.tasks.elicitation-as-task", "client.tasks.undeclared-answers-plainly"}


def statuses(results):
    return {c["id"]: c["status"] for c in results["cases"] if not c["id"].endswith(".wire.messages-well-formed")}


def test_the_task_cases_are_in_the_corpus_and_cite_task_rules():
    found = {p.stem for p in (ROOT / "cases" / "2025-11-25").glob("*/*.tasks.*.json")}
    assert found == SERVER_CASES | CLIENT_CASES
    catalog = json.loads((ROOT / "cases" / "requirements" / "2025-11-25.json").read_text())["requirements"]
    cited = {e["key"] for e in catalog if e["key"].startswith("TASK-") and e["cases"]}
    assert {"TASK-ELICIT-RELATED", "TASK-CREATE-RESULT", "TASK-RESULT-EXACT", "TASK-INPUT-REQUIRED"} <= cited


@pytest.mark.parametrize("transport", ["stdio", "http"])
def test_the_reference_client_runs_elicitation_as_a_task(cli, tmp_path, transport):
    proc, results = run_client(cli, tmp_path, f"{cli.peer} reference client", "--case", "client.tasks.*",
                               "--transport", transport)
    assert proc.returncode == 0, proc.stderr.decode()
    assert statuses(results) == {case: "PASS" for case in CLIENT_CASES}
    [as_task] = [c for c in results["cases"] if c["id"] == "client.tasks.elicitation-as-task"]
    sent = [json.loads(t["text"]) for t in as_task["transcript"] if t["from"] == "sut"]
    init = next(m for m in sent if m.get("method") == "initialize")
    assert init["params"]["capabilities"]["tasks"] == {"requests": {"elicitation": {"create": {}}}}
    assert any("task" in m.get("result", {}) for m in sent)  # the CreateTaskResult


def test_the_reference_server_runs_elicit_as_a_task(cli, tmp_path):
    proc, results, _ = run(cli, tmp_path, f"{cli.peer} reference server", "--case", "server.tasks.*")
    assert proc.returncode == 0, proc.stderr.decode()
    assert statuses(results) == {case: "PASS" for case in SERVER_CASES}
    [case] = [c for c in results["cases"] if c["id"] == "server.tasks.elicit-related-task"]
    asked = [json.loads(t["text"]) for t in case["transcript"] if t["from"] == "sut" and '"elicitation/create"' in t["text"]]
    [task] = [json.loads(t["text"])["result"]["task"]["taskId"] for t in case["transcript"]
              if t["from"] == "sut" and '"task":{' in t["text"]]
    assert asked[0]["params"]["_meta"]["io.modelcontextprotocol/related-task"] == {"taskId": task}


# Each task fault, and the task cases it fails (FAIL or WARN, the rule reached); the other task
# cases pass or are not testable (a prerequisite the fault broke).
SERVER_FAULTS = {
    "task-elicit-unrelated": {"server.tasks.elicit-related-task"},
    "task-elicit-meta-misplaced": {"server.tasks.elicit-related-task"},
    "task-elicit-other-task": {"server.tasks.elicit-related-task"},
    "task-created-input-required": {"server.tasks.elicit-related-task"},
    "task-result-without-meta": {"server.tasks.elicit-related-task"},
    "task-never-input-required": {"server.tasks.input-required-status"},
    "task-stays-input-required": {"server.tasks.input-required-status"},
}
CLIENT_FAULTS = {
    "task-elicit-answered-plainly": {"client.tasks.elicitation-as-task"},
    "task-result-not-exact": {"client.tasks.elicitation-as-task"},
    "task-when-undeclared": {"client.tasks.undeclared-answers-plainly"},
}


def failed(results):
    return {c["id"] for c in results["cases"] if c["status"] in ("FAIL", "WARN") and not c.get("untestable")
            and not c["id"].endswith(".wire.messages-well-formed")}


def test_every_task_fault_is_listed_here(cli):
    out = [line.split()[0] for line in cli.run("reference", "--list-faults").stdout.decode().splitlines()]
    assert {f for f in out if f.startswith("task-")} == set(SERVER_FAULTS) | set(CLIENT_FAULTS)


@pytest.mark.parametrize("fault", sorted(SERVER_FAULTS))
def test_a_server_task_fault_fails_the_cases_citing_its_rule(cli, tmp_path, fault):
    _, results, _ = run(cli, tmp_path, f"{cli.peer} reference server --fault {fault}", "--case", "server.tasks.*")
    assert failed(results) == SERVER_FAULTS[fault], statuses(results)


@pytest.mark.parametrize("fault", sorted(CLIENT_FAULTS))
def test_a_client_task_fault_fails_the_cases_citing_its_rule(cli, tmp_path, fault):
    _, results = run_client(cli, tmp_path, f"{cli.peer} reference client --fault {fault}", "--case", "client.tasks.*")
    assert failed(results) == CLIENT_FAULTS[fault], statuses(results)


def tasks_gets(case):
    return sum(1 for t in case["transcript"] if t["from"] == "harness" and '"method":"tasks/get"' in t["text"])


def test_polling_asks_again_until_the_status_comes(cli, tmp_path):
    """The first three tasks/get answers say working (tests/suts/slow_task_proxy.py): the poll step
    asks again, with a new id each time, and the case passes; a task that stays working beyond the
    step's 30 attempts leaves the rule unreached (the MUST case) or broken (the SHOULD case)."""
    sut = f"/usr/bin/python3 {SUTS / 'slow_task_proxy.py'} 3 {cli.peer} reference server"
    proc, results, _ = run(cli, tmp_path / "slow", sut, "--case", "server.tasks.*")
    assert proc.returncode == 0, proc.stderr.decode()
    assert statuses(results) == {case: "PASS" for case in SERVER_CASES}
    for case in results["cases"]:
        if case["id"] in SERVER_CASES:
            assert tasks_gets(case) >= 4, case["id"]
    sut = f"/usr/bin/python3 {SUTS / 'slow_task_proxy.py'} 100 {cli.peer} reference server"
    _, results, _ = run(cli, tmp_path / "never", sut, "--case", "server.tasks.*")
    by_id = {c["id"]: c for c in results["cases"]}
    must = by_id["server.tasks.elicit-related-task"]
    assert must["status"] == "FAIL" and must.get("untestable"), must["reason"]
    assert "(the last of 30 polls)" in must["reason"] and tasks_gets(must) == 30
    assert by_id["server.tasks.input-required-status"]["status"] == "WARN"


def test_a_server_without_task_support_is_skip(cli, tmp_path):
    """The Python template server declares no tasks capability: a client MUST NOT call its tools as
    tasks, so the task cases cannot run; SKIP says why."""
    proc, results, _ = run(cli, tmp_path, f"/usr/bin/python3 {ROOT / 'sut' / 'python-template' / 'server.py'}",
                           "--case", "server.tasks.*")
    assert {c["status"] for c in results["cases"]} == {"SKIP"}
    assert all("declares no tasks.requests.tools.call" in c["reason"] for c in results["cases"])


def test_a_client_without_task_support_answers_plainly_or_is_skip(cli, tmp_path):
    """The Python template client declares no tasks: the case about a client that does is SKIP,
    saying so; the one about a client that does not holds it to answering the plain way."""
    proc, results = run_client(cli, tmp_path, f"/usr/bin/python3 {ROOT / 'sut' / 'python-template' / 'client.py'}",
                               "--case", "client.tasks.*")
    by_id = {c["id"]: c for c in results["cases"]}
    assert by_id["client.tasks.elicitation-as-task"]["status"] == "SKIP"
    assert "did not declare tasks.requests.elicitation.create" in by_id["client.tasks.elicitation-as-task"]["reason"]
    assert by_id["client.tasks.undeclared-answers-plainly"]["status"] == "PASS"
