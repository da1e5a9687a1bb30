"""The stdlib-only Python pair in sut/python-template/ (the starting point for an SDK author) passes
the corpus at 2025-11-25 in both roles, says SKIP (exit 77, its reason) at 2026-07-28, and each of
its demonstration faults is caught by the case whose rule it breaks: the template is under test,
not only run."""
import json
import sys

import pytest

from conftest import ROOT

TEMPLATE = ROOT / "sut" / "python-template"


def command(role, *extra):
    return " ".join([sys.executable, str(TEMPLATE / f"{role}.py"), *extra])


def runs_at(role, revision):
    """The cases of a role at a revision that run over stdio (the template's transport)."""
    cases = [json.loads(p.read_text()) for p in (ROOT / "cases").glob(f"*/{role}/*.json")]
    return {c["id"] for c in cases if revision in c["revisions"] and "stdio" in c.get("transports", ["stdio"])}


# Tasks (2025-11-25 tasks.mdx) are optional and the template does not run anything as a task: the
# cases that need it are SKIP, saying the peer did not declare it, and nothing else may be.
TASK_SKIPS = ("the client did not declare tasks.requests.elicitation.create",
              "the case calls elicit as a task, and the server declares no tasks.requests.tools.call")


@pytest.mark.parametrize("role", ["server", "client"])
def test_the_corpus_passes(cli, tmp_path, role):
    proc = cli.run(role, "--command", command(role), "--revision", "2025-11-25", "-j", "4",
                   "--report-dir", tmp_path, timeout=300)
    results = json.loads((tmp_path / "results.json").read_text())
    verdicts = {c["id"]: (c["status"], c.get("reason")) for c in results["cases"]}
    assert set(verdicts) == runs_at(role, "2025-11-25"), "the report does not cover the corpus"
    # Every case, SHOULD-level ones included: a WARN or a SKIP here is a regression of the template.
    assert {i: v for i, v in verdicts.items()
            if v[0] != "PASS" and not (v[0] == "SKIP" and ".tasks." in i and v[1].startswith(TASK_SKIPS))} == {}
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")[-3000:]


@pytest.mark.parametrize("role, case", [("server", "server.modern.discover"),
                                        ("client", "client.modern.accept-content")])
def test_the_modern_wire_is_a_skip_with_its_reason(cli, tmp_path, role, case):
    cli.run(role, "--command", command(role), "--case", case, "--revision", "2026-07-28",
            "--report-dir", tmp_path, timeout=120)
    [run] = json.loads((tmp_path / "results.json").read_text())["cases"]
    assert run["status"] == "SKIP", run
    assert "the python template speaks 2025-06-18 and 2025-11-25 only" in run["reason"]


@pytest.mark.parametrize("role, fault, case, check", [
    ("server", "ignore-capabilities", "server.capability.no-url-to-form-only-client", "check.no-elicitation"),
    ("client", "open-declined-urls", "client.url.decline-and-cancel-open-nothing", "no-fetch.declined"),
])
def test_a_demonstration_fault_fails_its_case(cli, tmp_path, role, fault, case, check):
    proc = cli.run(role, "--command", command(role, "--fault", fault), "--case", case, "--revision", "2025-11-25",
                   "--report-dir", tmp_path, timeout=120)
    rows = {r["id"]: r for r in json.loads((tmp_path / "results.json").read_text())["cases"]}
    run = rows.pop(case)
    assert (run["status"], run["check"]) == ("FAIL", check), run
    assert not run.get("untestable"), run
    # A fetch of a declined URL is also judged by the client's wire row (the URL trap judged whole).
    if fault == "open-declined-urls":
        assert rows[f"{role}.wire.messages-well-formed"]["check"] == "url-trap.fetch-not-accepted", rows
        del rows[f"{role}.wire.messages-well-formed"]
    assert not rows, rows
    assert proc.returncode == 1


def test_the_contract_prompt_elicits_then_returns_its_message():
    # elicit_prompt (docs/adapter-contract.md) on the 2025 wire, which the template speaks: listed,
    # and prompts/get sends elicitation/create with the params its argument holds as JSON text,
    # then returns one user message whose text is the answer. No case calls it at 2025-11-25.
    import subprocess
    proc = subprocess.Popen([sys.executable, str(TEMPLATE / "server.py")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True,
                            env={"ELICIT_CONFORM_PROTOCOL_VERSION": "2025-11-25", "PATH": "/usr/bin:/bin"})

    def send(message):
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()

    def read():
        return json.loads(proc.stdout.readline())
    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {"elicitation": {"form": {}}},
            "clientInfo": {"name": "t", "version": "1"}}})
        assert "prompts" in read()["result"]["capabilities"]
        send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        send({"jsonrpc": "2.0", "id": 2, "method": "prompts/list"})
        [prompt] = read()["result"]["prompts"]
        assert prompt["name"] == "elicit_prompt" and prompt["arguments"][0]["name"] == "params"
        asked = {"message": "Context?", "requestedSchema": {"type": "object", "properties": {
            "context": {"type": "string"}}, "required": ["context"]}}
        send({"jsonrpc": "2.0", "id": 3, "method": "prompts/get",
              "params": {"name": "elicit_prompt", "arguments": {"params": json.dumps(asked)}}})
        request = read()
        assert request["method"] == "elicitation/create" and request["params"] == asked
        send({"jsonrpc": "2.0", "id": request["id"], "result": {"action": "accept", "content": {"context": "notes"}}})
        result = read()
        assert result["id"] == 3, result
        [message] = result["result"]["messages"]
        assert message["role"] == "user"
        assert json.loads(message["content"]["text"]) == {"action": "accept", "content": {"context": "notes"}}
    finally:
        proc.stdin.close()
        proc.wait(timeout=10)
