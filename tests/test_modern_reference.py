"""The reference server on the modern wire (2026-07-28), over stdio: discover, a tools/call of
`elicit` answered with an InputRequiredResult, the retry answered with the final result, and the
errors of the modern wire. Each answer is judged by `check-message --revision 2026-07-28` against
the request it answers, so the reference server and the checker keep each other honest. The
cases that will run it through the harness need the harness to play the modern wire
(docs/modern-wire.md)."""
import json
import subprocess

import pytest

# Every test here meets bad or unusual input, or writes reports: also under the asan build.
pytestmark = pytest.mark.sanitized

META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "test", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}}
FORM = {"params": {"message": "Name?", "requestedSchema": {
    "type": "object", "properties": {"name": {"type": "string", "minLength": 2}}, "required": ["name"]}}}


class Peer:
    def __init__(self, cli, *fault):
        self.cli = cli
        self.proc = subprocess.Popen([str(cli.peer), "reference", "server", *fault], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env=cli.env)
        self.next_id = 0

    def call(self, method, params):
        self.next_id += 1
        request = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return request, json.loads(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        assert self.proc.wait(timeout=10) == 0


@pytest.fixture
def peer(cli):
    p = Peer(cli)
    yield p
    p.close()


def judged(cli, tmp_path, request, response):
    (tmp_path / "request.json").write_text(json.dumps(request))
    (tmp_path / "response.json").write_text(json.dumps(response))
    code, out = cli.json("check-message", tmp_path / "response.json", "--revision", "2026-07-28",
                         "--request", tmp_path / "request.json")
    return code, out


def tool(name, arguments, **extra):
    return {"name": name, "arguments": arguments, "_meta": META, **extra}


def test_discover_and_a_round_trip(cli, tmp_path, peer):
    request, response = peer.call("server/discover", {"_meta": META})
    code, out = judged(cli, tmp_path, request, response)
    assert code == 0 and out["diagnostics"] == [], out
    assert out["subject"] == "DiscoverResult, supported versions: 2026-07-28"

    request, response = peer.call("tools/call", tool("elicit", FORM))
    code, out = judged(cli, tmp_path, request, response)
    assert code == 0 and out["diagnostics"] == [], out
    result = response["result"]
    assert result["resultType"] == "input_required"
    [(key, asked)] = result["inputRequests"].items()
    assert asked == {"method": "elicitation/create", "params": FORM["params"]}

    # The retry, judged against the InputRequiredResult; then the server's final answer.
    retry = tool("elicit", FORM, inputResponses={key: {"action": "accept", "content": {"name": "Ada"}}},
                 requestState=result["requestState"])
    (tmp_path / "irr.json").write_text(json.dumps(response))
    (tmp_path / "retry.json").write_text(json.dumps({"jsonrpc": "2.0", "id": peer.next_id + 1, "method": "tools/call",
                                                     "params": retry}))
    code, out = cli.json("check-message", tmp_path / "retry.json", "--revision", "2026-07-28", "--retry-of",
                         tmp_path / "irr.json")
    assert code == 0 and out["diagnostics"] == [], out
    request, response = peer.call("tools/call", retry)
    code, out = judged(cli, tmp_path, request, response)
    assert code == 0 and out["diagnostics"] == [], out
    assert response["result"]["resultType"] == "complete"
    assert json.loads(response["result"]["content"][0]["text"]) == {"action": "accept", "content": {"name": "Ada"}}


def test_what_a_careful_server_refuses(cli, tmp_path, peer):
    _, first = peer.call("tools/call", tool("elicit", FORM))
    state = first["result"]["requestState"]
    # Content that breaks the schema it asked with: a tool error (SERVER-VALIDATE-CONTENT).
    _, bad = peer.call("tools/call", tool("elicit", FORM, inputResponses={"elicitation": {
        "action": "accept", "content": {"name": "A"}}}, requestState=state))
    assert bad["result"]["isError"] is True and "minLength" in bad["result"]["content"][0]["text"]
    # A retry without the answer is asked again, not failed (MRTR-ASK-AGAIN).
    _, again = peer.call("tools/call", tool("elicit", FORM, requestState=state))
    assert again["result"]["resultType"] == "input_required"
    # A state from another request is refused.
    _, other = peer.call("tools/call", tool("elicit", {"params": dict(FORM["params"], message="Other?")},
                                            inputResponses={"elicitation": {"action": "decline"}}, requestState=state))
    assert other["error"]["code"] == -32602
    # A mode the client did not declare: -32021 naming it (CAPABILITY-MISSING-ERROR).
    request, url = peer.call("tools/call", tool("elicit", {"params": {"mode": "url", "message": "Connect",
                                                                      "url": "https://a.example/c"}}))
    code, out = judged(cli, tmp_path, request, url)
    assert code == 0, out
    assert url["error"]["data"] == {"requiredCapabilities": {"elicitation": {"url": {}}}}
    # A request without its required _meta fields: -32602 (META-MISSING-REJECT).
    _, missing = peer.call("tools/call", {"name": "elicit", "arguments": FORM,
                                          "_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}})
    assert missing["error"]["code"] == -32602
    # A version it does not speak: -32022 with the ones it does (VERSION-UNSUPPORTED-ERROR).
    request, version = peer.call("tools/list", {"_meta": dict(META, **{"io.modelcontextprotocol/protocolVersion": "1900-01-01"})})
    code, out = judged(cli, tmp_path, request, version)
    assert code == 0 and out["diagnostics"] == [], out
    assert "2026-07-28" in version["error"]["data"]["supported"]


def test_the_faults_break_the_input_request_too(cli, tmp_path):
    peer = Peer(cli, "--fault", "drop-message")
    try:
        request, response = peer.call("tools/call", tool("elicit", FORM))
        code, out = judged(cli, tmp_path, request, response)
        assert code == 1
        assert [d["check"] for d in out["diagnostics"]] == ["elicit.message-missing"]
        assert out["diagnostics"][0]["pointer"] == "/result/inputRequests/elicitation/params/message"
    finally:
        peer.close()


def test_one_process_serves_both_eras(cli):
    peer = Peer(cli)
    try:
        _, init = peer.call("initialize", {"protocolVersion": "2025-11-25", "capabilities": {"elicitation": {}},
                                           "clientInfo": {"name": "legacy", "version": "1"}})
        assert init["result"]["protocolVersion"] == "2025-11-25"
        _, modern = peer.call("server/discover", {"_meta": META})
        assert modern["result"]["supportedVersions"] == ["2026-07-28"]
        # initialize naming 2026-07-28 is answered with the newest initialize-based revision.
        _, asked_modern = peer.call("initialize", {"protocolVersion": "2026-07-28", "capabilities": {},
                                                   "clientInfo": {"name": "confused", "version": "1"}})
        assert asked_modern["result"]["protocolVersion"] == "2025-11-25"
    finally:
        peer.close()
