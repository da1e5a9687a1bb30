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
    def __init__(self, cli, *fault, env=None):
        self.cli = cli
        self.proc = subprocess.Popen([str(cli.peer), "reference", "server", *fault], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, env={**cli.env, **(env or {})})
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


LEGACY_INIT = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "legacy", "version": "1"}}


@pytest.mark.parametrize("fault", [None, "initialize-error-without-versions"])
def test_a_modern_only_server_names_its_versions_to_initialize(cli, fault):
    # Told to support 2026-07-28 only (the adapter contract's ELICIT_CONFORM_PROTOCOL_VERSIONS), the
    # reference server has no initialize: a legacy client gets an error naming what it does
    # support (MODERN-ONLY-INITIALIZE-ERROR); the fault names nothing. The modern wire is unchanged.
    peer = Peer(cli, *(["--fault", fault] if fault else []), env={"ELICIT_CONFORM_PROTOCOL_VERSIONS": "2026-07-28"})
    try:
        _, init = peer.call("initialize", LEGACY_INIT)
        assert "result" not in init
        if fault:
            assert init["error"]["code"] == -32601 and "2026-07-28" not in json.dumps(init["error"])
        else:
            assert init["error"]["code"] == -32022
            assert init["error"]["data"] == {"supported": ["2026-07-28"], "requested": "2025-11-25"}
            assert "2026-07-28" in init["error"]["message"]
        _, modern = peer.call("server/discover", {"_meta": META})
        assert modern["result"]["supportedVersions"] == ["2026-07-28"]
    finally:
        peer.close()


def test_told_both_eras_the_server_still_answers_initialize(cli):
    peer = Peer(cli, "--fault", "initialize-error-without-versions",
                env={"ELICIT_CONFORM_PROTOCOL_VERSIONS": "2026-07-28,2025-11-25"})
    try:
        _, init = peer.call("initialize", LEGACY_INIT)
        assert init["result"]["protocolVersion"] == "2025-11-25"
    finally:
        peer.close()


ERA_FAULTS = {None: {}, "dual-era-skip-probe": {"client.eras.dual-era-probe": "WARN"},
              "probe-names-legacy-version": {"client.eras.dual-era-probe": "WARN"},
              "modern-only-skip-probe": {"client.eras.modern-only-probe": "WARN"},
              "fallback-on-method-not-found-only": {"client.eras.fallback-any-error": "FAIL",
                                                    "client.eras.fallback-on-invalid-params": "FAIL"},
              # -32601 and -32000..-32099 taken for legacy, the spec's -32602 not
              "fallback-on-server-codes-only": {"client.eras.fallback-on-invalid-params": "FAIL"},
              # retries every result without resultType, those carrying inputRequests too
              "absent-result-type-retries": {"client.eras.result-type-absent-complete": "FAIL",
                                             "client.eras.result-type-absent-with-input-requests": "FAIL"},
              "input-requests-without-result-type": {"client.eras.result-type-absent-with-input-requests": "FAIL"},
              "fallback-on-modern-error": {"client.eras.stdio-modern-error-no-fallback": "WARN"},
              "fallback-offers-oldest": {"client.eras.fallback-offers-latest": "WARN"},
              # the modern-only client's omission: it does nothing to a client told both eras
              "skip-discover": {}}


# A verdict matrix: under the asan build only its clean run (conftest.py says why).
@pytest.mark.sanitized(params={"fault": None})
@pytest.mark.parametrize("fault", list(ERA_FAULTS))
def test_a_dual_era_client_against_the_2025_server_the_harness_plays(cli, tmp_path, fault):
    # The reference client told 2026-07-28 and 2025-11-25 probes, falls back on the harness's
    # legacy answer (-32601, or -32000 in the fallback case) and runs a 2025 session; told
    # 2026-07-28 alone it probes a modern server. Each era fault fails exactly the case of its rule.
    sut = f"{cli.peer} reference client" + (f" --fault {fault}" if fault else "")
    report = tmp_path / "report"
    # --timeout 3000: a faulty client costs its case an expect timeout; the reference client
    # answers in milliseconds.
    proc = cli.run("client", "--command", sut, "--case", "client.eras.*", "--report-dir", report,
                   "--timeout", "3000")
    results = json.loads((report / "results.json").read_text())
    wire = [c for c in results["cases"] if c["id"] == "client.wire.messages-well-formed"]
    # The two faults that send initialize to the modern server of stdio-modern-error-no-fallback
    # (falling back, or never probing) get that initialize refused, and a refused initialize opens
    # no session: the client sends no notifications/initialized after it (which 2026-07-28 does
    # not define; until session 29 the reference client did, and the wire row said so).
    assert [(c["status"], c["check"]) for c in wire] == []
    statuses = {c["id"]: c["status"] for c in results["cases"] if c not in wire}
    assert set(statuses) == {"client.eras.dual-era-probe", "client.eras.fallback-any-error",
                             "client.eras.fallback-on-invalid-params",
                             "client.eras.result-type-absent-complete", "client.eras.modern-only-probe",
                             "client.eras.stdio-modern-error-no-fallback",
                             "client.eras.result-type-absent-with-input-requests",
                             "client.eras.fallback-offers-latest"}
    expected = {case: ERA_FAULTS[fault].get(case, "PASS") for case in statuses}
    assert statuses == expected, results
    assert proc.returncode == (1 if "FAIL" in expected.values() else 0), proc.stderr.decode()
    for c in results["cases"]:
        # Judged as 2026-07-28 cases, at a 2025-11-25 session when the harness plays that server
        # (none when the client never fell back; the two modern servers it plays stay modern).
        assert c["revision"] == "2026-07-28", c
        if c["status"] == "PASS" and c["id"] not in ("client.eras.modern-only-probe",
                                                      "client.eras.stdio-modern-error-no-fallback"):
            assert c["negotiated"] == "2025-11-25", c


HTTP_400_CASES = {"client.eras.http-400-legacy-body-falls-back": "check.fallback-on-legacy-400",
                  "client.eras.http-400-modern-error-no-fallback": "check.no-fallback-on-modern-400"}
HTTP_400_FAULTS = {None: {},
                   "fallback-on-any-400": {"client.eras.http-400-modern-error-no-fallback": "WARN"},
                   "never-fallback-on-400": {"client.eras.http-400-legacy-body-falls-back": "WARN"}}


@pytest.mark.parametrize("fault", list(HTTP_400_FAULTS))
def test_a_dual_era_client_reads_the_body_of_a_400(cli, tmp_path, fault):
    # Over Streamable HTTP a legacy server refuses a sessionless modern request with 400, and a
    # modern server sends -32022 with 400 too: the reference client told 2026-07-28 and 2025-11-25
    # reads the body, falls back on the legacy -32600 and probes again after -32022. Each fault
    # fails exactly the case of the answer it misreads (SHOULD: WARN), quoting the rule, with the
    # request as the offending message and the 400's body in the reason.
    sut = f"{cli.peer} reference client" + (f" --fault {fault}" if fault else "")
    report = tmp_path / "report"
    proc = cli.run("client", "--command", sut, "--transport", "http", "--revision", "2026-07-28",
                   "--case", "client.eras.http-400-*", "--timeout", "3000", "--report-dir", report)
    assert proc.returncode == 0, proc.stderr.decode()  # a WARN does not fail the run
    results = json.loads((report / "results.json").read_text())
    cases = {c["id"]: c for c in results["cases"]}
    assert {i: c["status"] for i, c in cases.items()} == {
        i: HTTP_400_FAULTS[fault].get(i, "PASS") for i in HTTP_400_CASES}, results
    for case_id, c in cases.items():
        sut_requests = [json.loads(t["text"]) for t in c["transcript"] if t["from"] == "sut" and '"method"' in t["text"]]
        methods = [m["method"] for m in sut_requests if "id" in m]
        if c["status"] == "PASS":
            assert "check" not in c or not c["check"], c
            if case_id.endswith("legacy-body-falls-back"):
                # The refused probe reached no session; the session began with initialize.
                assert c["negotiated"] == "2025-11-25" and methods[:1] == ["initialize"], c
            else:
                # Probed again with the advertised version, then the call: no initialize.
                assert methods == ["server/discover", "server/discover", "tools/call"], methods
                assert sut_requests[1]["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"] == "2026-07-28"
            continue
        assert c["check"] == HTTP_400_CASES[case_id] and c["level"] == "SHOULD", c
        assert "On 400 Bad Request, the client SHOULD inspect the response body before falling back" in c["reason"]
        assert "HTTP 400" in c["reason"], c["reason"]
        request = json.loads(c["offending_message"])
        assert request["method"] == "server/discover" and request["id"] == "discover-1", request
        assert request["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"] == "2026-07-28"
        if case_id.endswith("legacy-body-falls-back"):
            assert '"code":-32600' in c["reason"] and "never fell back to initialize" in c["reason"], c["reason"]
            # The client never opened a session: the verdict rests on the POST the endpoint refused
            # (in the transcript too), not on a client that "never came up".
            assert methods == ["server/discover"] and c["sut_exit"] == "exited with status 1", c
        else:
            assert '"code":-32022' in c["reason"] and '"supported":["2026-07-28"]' in c["reason"], c["reason"]
            assert "fell back to initialize" in c["reason"] and "initialize" in methods, c


@pytest.mark.parametrize("fault", [None, "unsigned-state"])
def test_what_a_server_does_not_say_is_skip_not_fail(cli, tmp_path, fault):
    # The contract's prompt and the state-protected declaration are the adapter's to offer
    # (docs/adapter-contract.md): behind a proxy that takes both back, the cases that need them are
    # SKIP with the reason, whatever the server does with its state (unsigned-state included).
    import pathlib
    proxy = pathlib.Path(__file__).resolve().parent / "suts" / "undeclared_proxy.py"
    sut = f"{proxy} {cli.peer} reference server" + (f" --fault {fault}" if fault else "")
    statuses = {}
    for case in ("server.modern.prompt-input-required", "server.modern.tampered-state-rejected"):
        report = tmp_path / case
        cli.run("server", "--command", sut, "--case", case, "--revision", "2026-07-28", "--report-dir", report,
                timeout=120)
        [run] = json.loads((report / "results.json").read_text())["cases"]
        statuses[case] = (run["status"], run["reason"])
    assert statuses["server.modern.prompt-input-required"] == (
        "SKIP", "needs the contract prompt elicit_prompt; the SUT's prompts/list names no prompt "
                "(docs/adapter-contract.md)"), statuses
    status, reason = statuses["server.modern.tampered-state-rejected"]
    assert status == "SKIP" and reason.startswith(
        'the SUT does not declare "io.elicit-conform/state-protected": true in the _meta of its tool '
        "elicit_sequence"), reason


@pytest.mark.parametrize("fault", [None, "modern-lengths-only"])
def test_the_modern_path_validates_more_than_lengths(cli, fault):
    # Content against the schema the server asked with, on the retry (SERVER-VALIDATE-CONTENT): a
    # short name and a string for an integer are both refused; modern-lengths-only refuses only the
    # first (issue 33, G6).
    form = {"params": {"message": "Who?", "requestedSchema": {"type": "object", "properties": {
        "name": {"type": "string", "minLength": 2}, "age": {"type": "integer"}}}}}
    peer = Peer(cli, *(["--fault", fault] if fault else []))
    try:
        _, first = peer.call("tools/call", tool("elicit", form))
        state = first["result"]["requestState"]

        def retry(content):
            _, answer = peer.call("tools/call", tool("elicit", form, requestState=state, inputResponses={
                "elicitation": {"action": "accept", "content": content}}))
            return answer["result"]
        assert retry({"name": "A", "age": 3})["isError"] is True
        wrong_type = retry({"name": "Ada", "age": "three"})
        if fault:
            assert "isError" not in wrong_type and json.loads(wrong_type["content"][0]["text"])["content"]["age"] == "three"
        else:
            assert wrong_type["isError"] is True and "/content/age" in wrong_type["content"][0]["text"]
    finally:
        peer.close()
