"""The harness obeys every rule it sends under (issue 31, item 3; docs/harness-conformance.md): the
corpus runs against the reference peers behind tests/suts/recording_proxy.py, which records every
byte both ways, and each rule of the revision, transport and role is judged over what each side
wrote: the harness (the client of a server SUT, the server of a client SUT) and the reference peer
on the other side. The rule ids are those of docs/harness-conformance.md. A case that breaks a
rule on purpose (a step that sends what the rule forbids, to see the SUT's answer) is exempt from
that rule only, with its reason in EXEMPT; over Streamable HTTP in the server role, where the
recorder cannot tell the cases apart, those cases are left out of that run instead."""
import base64
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys

import pytest

from conftest import ROOT
from test_server_role import SUTS

PROXY = SUTS / "recording_proxy.py"
REVISIONS = ["2025-06-18", "2025-11-25", "2026-07-28"]
META_VERSION = "io.modelcontextprotocol/protocolVersion"
META_CAPS = "io.modelcontextprotocol/clientCapabilities"
META_INFO = "io.modelcontextprotocol/clientInfo"
MCP_RANGE_DEFINED = {-32020, -32021, -32022}  # 2026-07-28 basic: the codes of -32020..-32099 it defines
RETIRED = {-32002, -32042}                    # 2026-07-28 basic: "MUST NOT emit these codes"

# Cases whose own steps break a rule on purpose (the rule is what the SUT is tested against).
EXEMPT = {
    "server.modern.ignores-unknown-responses": {
        "stdio.client-no-responses": "sends a response to no request, to see the server ignore it",
        "basic.response-id": "the same response: its id answers no request of the server's",
        "http.client-no-responses": "the same over HTTP"},
    "server.modern.meta-missing-rejected": {
        "meta.required": "_meta without clientCapabilities, which the server must reject with -32602"},
    "server.modern.meta-version-missing-rejected": {
        "meta.required": "_meta without protocolVersion, which the server must reject with -32602"},
    "server.modern.http-meta-version-missing-400": {
        "meta.required": "_meta without protocolVersion, which the server must answer with 400",
        "http.version-header-match": "the header names 2026-07-28 while _meta names no version"},
    "server.modern.http-meta-missing-400": {
        "meta.required": "_meta without clientCapabilities, which the server must answer with 400"},
    "server.modern.state-untrusted": {
        "mrtr.state-echoed": "a retry with a requestState the server never issued, to see it refused or ignored"},
    "server.session.answer-bound-to-session": {
        "basic.response-id": "answers, on a second session, a request the server sent on the first"},
    "server.modern.tampered-state-rejected": {
        "mrtr.state-echoed": "a retry whose requestState was altered, to see the server refuse it"},
    "server.modern.http-version-mismatch-rejected": {
        "http.version-header-match": "a header that differs from _meta, which the server must reject with 400"},
}


def exempt(case, rule):
    return rule in EXEMPT.get(case, {})


# --- reading what was recorded ------------------------------------------------------------------

def logs(folder):
    """Each recorder's log: (header, [(conn, from, bytes)...]) in order."""
    out = []
    for path in sorted(pathlib.Path(folder).glob("*.jsonl")):
        lines = path.read_text().splitlines()
        header = json.loads(lines[0])
        chunks = [json.loads(line) for line in lines[1:]]
        header["events"] = [c["event"] for c in chunks if "event" in c]
        out.append((header, [(c["conn"], c["from"], base64.b64decode(c["data"])) for c in chunks
                             if "event" not in c]))
    return out


def kind(msg):
    """request, notification, response, or None for what is no JSON-RPC message."""
    if not isinstance(msg, dict) or msg.get("jsonrpc") != "2.0":
        return None
    if "method" in msg:
        if not isinstance(msg["method"], str):
            return None
        return "request" if "id" in msg else "notification"
    if ("id" in msg or "error" in msg) and (("result" in msg) != ("error" in msg)):
        return "response"  # an error may lack the id it could not read (a refused HTTP POST)
    return None


def parse_message(raw, findings, rule_where, rule="stdio.only-mcp"):
    """A message as JSON, or None with a finding (UTF-8, JSON, JSON-RPC shape)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        findings.append(("transport.utf8",) + rule_where + (raw[:80],))
        return None
    try:
        msg = json.loads(text)
    except ValueError:
        findings.append((rule,) + rule_where + (text[:80],))
        return None
    if kind(msg) is None:
        findings.append((rule,) + rule_where + (text[:80],))
        return None
    return msg


class Session:
    """The rules that hold over one conversation, whatever carries it: ids, responses, lifecycle,
    the 2026-07-28 per-request _meta, error codes and retries. feed() takes each message in the
    order it was written, with the side that wrote it."""

    def __init__(self, revision, case, findings):
        self.revision, self.case, self.findings = revision, case, findings
        self.modern = revision == "2026-07-28"
        self.used = {"client": set(), "server": set()}          # request ids each side used
        self.open = {"client": set(), "server": set()}          # ... and not yet answered
        self.asked = {"client": {}, "server": {}}               # id -> request, by the side that asked
        self.first = True
        self.init_id = None
        self.init_answered = False
        self.initialized = False
        self.states = set()                                     # requestState values the server sent

    def finding(self, rule, side, what):
        if not exempt(self.case, rule):
            self.findings.append((rule, side, self.case, what))

    def feed(self, side, msg):
        other = "server" if side == "client" else "client"
        k = kind(msg)
        if self.modern and side == "client" and k == "request" and msg["method"] == "initialize":
            # Between the eras (a 2026-07-28 run whose client falls back, or a legacy client's
            # first contact): from its initialize on, the conversation is the 2025 wire's.
            self.modern, self.first = False, True
        text = json.dumps(msg)[:160]
        if k == "request":
            rid = msg["id"]
            if isinstance(rid, bool) or not isinstance(rid, (str, int)):
                self.finding("basic.request-id", side, text)
            key = json.dumps(rid)
            if self.modern:
                if key in self.open[side]:
                    self.finding("basic.id-unique", side, text)
            elif key in self.used[side]:
                self.finding("basic.id-unique", side, text)
            params = msg.get("params") if isinstance(msg.get("params"), dict) else {}
            if self.modern and side == "client" and ("inputResponses" in params or "requestState" in params):
                if key in self.used[side]:
                    self.finding("mrtr.retry-new-id", side, text)
                if "requestState" in params and params["requestState"] not in self.states:
                    self.finding("mrtr.state-echoed", side, text)
            self.used[side].add(key)
            self.open[side].add(key)
            self.asked[side][key] = msg
        if k == "response" and isinstance(msg.get("error"), dict) and self.modern:
            code = msg["error"].get("code")
            if code in RETIRED or (isinstance(code, int) and -32099 <= code <= -32020
                                   and code not in MCP_RANGE_DEFINED):
                self.finding("errors.defined-codes", side, text)
        if k == "response" and "id" not in msg:
            return  # an HTTP refusal's body: "a JSON-RPC error response that has no id"
        if k == "response":
            key = json.dumps(msg["id"])
            if key not in self.open[other]:
                self.finding("basic.response-id", side, text)
            self.open[other].discard(key)
            result = msg.get("result")
            if isinstance(result, dict) and result.get("resultType") == "input_required" \
                    and isinstance(result.get("requestState"), str):
                self.states.add(result["requestState"])
        if self.modern:
            if side == "client" and k == "response":
                self.finding("stdio.client-no-responses", side, text)
            if side == "server" and k == "request":
                self.finding("stdio.server-no-requests", side, text)
            if side == "client" and k == "request" and msg["method"] != "initialize":
                meta = (msg.get("params") or {}).get("_meta") if isinstance(msg.get("params"), dict) else None
                if not isinstance(meta, dict) or not isinstance(meta.get(META_VERSION), str) \
                        or not isinstance(meta.get(META_CAPS), dict):
                    self.finding("meta.required", side, text)
                elif META_INFO not in meta:
                    self.finding("meta.client-info", side, text)
            return
        # The 2025 lifecycle.
        if side == "client" and self.first:
            self.first = False
            if k != "request" or msg["method"] != "initialize":
                self.finding("lifecycle.initialize-first", side, text)
            else:
                self.init_id = json.dumps(msg["id"])
        elif side == "client" and k == "request" and msg["method"] != "ping" and not self.init_answered:
            self.finding("lifecycle.client-waits", side, text)
        elif side == "client" and k == "notification" and msg["method"] == "notifications/initialized":
            if not self.init_answered:
                self.finding("lifecycle.initialized-after", side, text)
            self.initialized = True
        elif side == "client" and k == "request" and self.init_answered and not self.initialized:
            self.finding("lifecycle.initialized-after", side, text)
        if side == "server" and k == "request" and msg["method"] != "ping" and not self.initialized:
            self.finding("lifecycle.server-waits", side, text)
        if side == "server" and k == "response" and json.dumps(msg["id"]) == self.init_id:
            if "result" not in msg:
                # A modern-only server refused the legacy handshake: the conversation stays modern.
                self.modern, self.first, self.init_id = self.revision == "2026-07-28", True, None
                return
            self.init_answered = True
            asked = self.asked["client"][self.init_id]["params"].get("protocolVersion")
            result = msg.get("result")
            if isinstance(result, dict) and asked == self.revision and result.get("protocolVersion") != asked:
                self.finding("lifecycle.version-same", side, text)


def judge_stdio(folder, revision, shutdown=False):
    """Every finding over the stdio recordings: (rule, side, case, what). With `shutdown`, how the
    client ended each session too (the server role: the harness starts the server)."""
    findings = []
    for header, chunks in logs(folder):
        if header["mode"] != "stdio":
            continue
        # stdio.shutdown: stdin closed first, SIGTERM only for a server that does not exit on it
        # (the recorder exits at once on end-of-file).
        if shutdown and (header["events"][:1] != ["eof"] or "sigterm" in header["events"]):
            findings.append(("stdio.shutdown", "client", header["case"], header["events"]))
        session = Session(revision, header["case"], findings)
        for _, side, raw in chunks:
            where = (side, header["case"])
            if not raw.endswith(b"\n") or b"\n" in raw[:-1]:
                findings.append(("stdio.newline",) + where + (raw[:80],))
                continue
            msg = parse_message(raw[:-1], findings, where)
            if msg is not None:
                session.feed(side, msg)
    return findings


# --- HTTP -----------------------------------------------------------------------------------------

def split_head(data):
    head, sep, body = data.partition(b"\r\n\r\n")
    if not sep:
        return None, {}, b""
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), []).append(value.strip())
    return lines[0], headers, body


def dechunk(body):
    out, rest = b"", body
    while rest:
        size_line, sep, rest = rest.partition(b"\r\n")
        if not sep:
            break
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out, rest = out + rest[:size], rest[size + 2:]
    return out


def sse_events(body):
    """The data of each event ("" for an event without data, as a priming event)."""
    events = []
    for block in re.split(rb"\r\n\r\n|\n\n|\r\r", body):
        if not block.strip():
            continue
        data = [line[5:].lstrip(b" ") if line.startswith(b"data:") else None
                for line in re.split(rb"\r\n|\n|\r", block)]
        data = [d for d in data if d is not None]
        events.append(b"\n".join(data))
    return events


class Exchange:
    def __init__(self, conn, request, response):
        self.conn = conn
        line, self.req_headers, self.req_body = split_head(request)
        self.method, self.target = (line.split(" ")[:2] if line else ("", ""))
        self.status_line, self.res_headers, body = split_head(response)
        self.status = int(self.status_line.split(" ")[1]) if self.status_line else 0
        if "chunked" in ",".join(self.res_headers.get("transfer-encoding", [])).lower():
            body = dechunk(body)
        self.res_body = body

    def req(self, name):
        values = self.req_headers.get(name.lower())
        return values[0] if values else None

    def res(self, name):
        values = self.res_headers.get(name.lower())
        return values[0] if values else None


def exchanges(chunks):
    by_conn = {}
    for conn, side, raw in chunks:
        by_conn.setdefault(conn, {"client": b"", "server": b""})[side] += raw
    return [Exchange(n, d["client"], d["server"]) for n, d in sorted(by_conn.items())]


def header_value(v):
    """2026-07-28 "Value Encoding", as the harness writes it (http_client_channel.cpp)."""
    plain = v and v[0] != " " and v[-1] != " " and all(c == " " or 0x21 <= ord(c) <= 0x7E for c in v) \
        and not (v.startswith("=?base64?") and v.endswith("?="))
    return v if plain else "=?base64?" + base64.b64encode(v.encode()).decode() + "?="


def judge_http(folder, revision, path="/mcp"):
    """Every finding over the HTTP recordings: (rule, side, case, what)."""
    findings = []
    for header, chunks in logs(folder):
        if header["mode"] not in ("http-server", "http-client"):
            continue
        case = header["case"]
        modern = revision == "2026-07-28"
        sessions = {}   # Mcp-Session-Id -> (Session, negotiated version)
        implicit = Session(revision, case, findings)

        def finding(rule, side, what):
            if not exempt(case, rule):
                findings.append((rule, side, case, what))
        for x in exchanges(chunks):
            label = f"{x.method} {x.target} -> {x.status_line}"
            # What the client wrote.
            if x.target.split("?")[0] != path:
                continue  # the URL trap (client role), not the MCP endpoint
            if x.method == "POST":
                accept = x.req("Accept") or ""
                if "application/json" not in accept or "text/event-stream" not in accept:
                    finding("http.accept", "client", label + f" Accept: {accept}")
            elif x.method == "GET":
                if modern:
                    finding("http.modern-no-get-delete", "client", label)
                if "text/event-stream" not in (x.req("Accept") or ""):
                    finding("http.get-accept", "client", label)
            elif x.method == "DELETE":
                if modern:
                    finding("http.modern-no-get-delete", "client", label)
            else:
                finding("http.post", "client", label)
            sid = x.req("Mcp-Session-Id")
            if modern and sid is not None:
                finding("http.modern-no-session", "client", label)
            msg = None
            if x.method == "POST":
                msg = parse_message(x.req_body, findings, ("client", case), "http.single-message")
            if msg is not None:
                k = kind(msg)
                name = msg.get("method")
                if modern and k == "request" and name == "server/discover" and header["mode"] == "http-server":
                    # One listener serves every case (run with -j 1): each case of the modern wire
                    # begins with server/discover (ServerRun's lifecycle), its own conversation.
                    implicit = Session(revision, case, findings)
                if modern and k == "response":
                    finding("http.client-no-responses", "client", label + " " + json.dumps(msg)[:120])
                if not modern and name != "initialize":
                    if sid not in sessions:
                        finding("http.session-id", "client", label + f" Mcp-Session-Id: {sid}")
                    elif x.req("MCP-Protocol-Version") != sessions[sid][1]:
                        finding("http.version-header", "client",
                                label + f" MCP-Protocol-Version: {x.req('MCP-Protocol-Version')}")
                if modern and k == "request" and name != "initialize":
                    meta = (msg.get("params") or {}).get("_meta") or {}
                    if x.req("MCP-Protocol-Version") is None:
                        finding("http.version-header", "client", label)
                    elif isinstance(meta, dict) and x.req("MCP-Protocol-Version") != meta.get(META_VERSION):
                        finding("http.version-header-match", "client",
                                label + f" MCP-Protocol-Version: {x.req('MCP-Protocol-Version')}")
                    if x.req("Mcp-Method") != header_value(name):
                        finding("http.mcp-method", "client", label + f" Mcp-Method: {x.req('Mcp-Method')}")
                    source = (msg.get("params") or {}).get("uri" if name == "resources/read" else "name")
                    if name in ("tools/call", "prompts/get", "resources/read") and isinstance(source, str) \
                            and x.req("Mcp-Name") != header_value(source):
                        finding("http.mcp-name", "client", label + f" Mcp-Name: {x.req('Mcp-Name')}")
            # What the server wrote.
            if not x.status_line:
                continue  # no answer recorded (the run ended it)
            new_sid = x.res("Mcp-Session-Id")
            legacy_handshake = msg is not None and msg.get("method") == "initialize"
            if new_sid is not None:
                if modern and not legacy_handshake:
                    finding("http.modern-no-session", "server", label)
                if not new_sid or any(not 0x21 <= ord(c) <= 0x7E for c in new_sid):
                    finding("http.session-id-ascii", "server", label + f" Mcp-Session-Id: {new_sid!r}")
            ctype = (x.res("Content-Type") or "").split(";")[0].strip()
            replies = []
            if ctype == "text/event-stream":
                if modern and not legacy_handshake and (x.res("X-Accel-Buffering") or "").lower() != "no":
                    finding("http.sse-no-buffering", "server", label)
                events = sse_events(x.res_body)
                for i, data in enumerate(events):
                    if not data:
                        continue  # a priming event
                    m = parse_message(data, findings, ("server", case), "http.sse-framing")
                    if m is None:
                        continue
                    replies.append(m)
                    if modern and kind(m) == "request":
                        finding("http.sse-no-requests", "server", label + " " + data[:120].decode())
                    if msg is not None and kind(m) == "response" and m.get("id") == msg.get("id") \
                            and any(events[i + 1:]):
                        finding("http.sse-ends-after-response", "server", label)
            elif x.res_body and ctype == "application/json":
                m = parse_message(x.res_body, findings, ("server", case), "http.single-message")
                if m is not None:
                    replies.append(m)
            if msg is not None and kind(msg) in ("notification", "response") and 200 <= x.status < 300:
                if x.status != 202 or x.res_body:
                    finding("http.accepted-202", "server", label + f" body {x.res_body[:60]!r}")
            if msg is not None and kind(msg) == "request" and 200 <= x.status < 300 \
                    and ctype not in ("application/json", "text/event-stream"):
                finding("http.request-content-type", "server", label + f" Content-Type: {ctype}")
            # The conversation: the session the request named, or the one initialize opened; a
            # GET stream carries the server's messages of the session it names.
            if msg is None and x.method == "GET" and sid in sessions:
                for m in replies:
                    sessions[sid][0].feed("server", m)
            if msg is not None:
                if modern:
                    session = implicit
                else:
                    key = new_sid if msg.get("method") == "initialize" else sid
                    if key is None and msg.get("method") != "initialize":
                        key = ("no session", x.conn)  # refused (400): a conversation of its own
                    if key not in sessions:
                        sessions[key] = (Session(revision, case, findings), None)
                    session = sessions[key][0]
                if 200 <= x.status < 300 or kind(msg) == "request":
                    session.feed("client", msg)
                for m in replies:
                    session.feed("server", m)
                    if msg.get("method") == "initialize" and kind(m) == "response" and "result" in m:
                        version = (m.get("result") or {}).get("protocolVersion")
                        if modern:
                            # Between the eras: the client fell back to the 2025 wire, whose
                            # session this initialize opens; the rest of the log is judged so.
                            modern = False
                            session = Session(revision, case, findings)
                            session.feed("client", msg)
                            session.feed("server", m)
                        sessions[new_sid if new_sid is not None else sid] = (session, version)
    return findings


# --- the runs -------------------------------------------------------------------------------------

def run(cli, tmp_path, *args, jobs=4):
    report = tmp_path / "report"
    proc = cli.run(*args, "--report-dir", report, "-j", str(jobs), timeout=600)
    results = json.loads((report / "results.json").read_text())
    return proc, results


def assert_clean(proc, results, findings):
    assert not findings, "\n".join(map(str, findings[:40]))
    assert proc.returncode == 0, [(c["id"], c["status"], c.get("reason")) for c in results["cases"]
                                  if c["status"] != "PASS"]
    assert len(results["cases"]) >= 5


def proxy(mode, log):
    return f"{sys.executable} {PROXY} {mode} {log}"


@pytest.mark.parametrize("role", ["server", "client"])
@pytest.mark.parametrize("revision", REVISIONS)
def test_stdio_wire_obeys_the_rules(cli, tmp_path, revision, role):
    log = tmp_path / "log"
    log.mkdir()
    mode = "stdio" if role == "server" else "stdio-client"
    proc, results = run(cli, tmp_path, role, "--command", f"{proxy(mode, log)} {cli.peer} reference {role}",
                        "--revision", revision)
    assert list(log.glob("*.jsonl")), "the recorder saw nothing"
    assert_clean(proc, results, judge_stdio(log, revision, shutdown=role == "server"))


def corpus_without(tmp_path, rule_prefix):
    """A copy of the corpus without the cases exempt from a rule starting with rule_prefix."""
    copy = tmp_path / "cases"
    shutil.copytree(ROOT / "cases", copy)
    for case, rules in EXEMPT.items():
        if any(r.startswith(rule_prefix) for r in rules):
            for f in copy.glob(f"*/*/{case}.json"):
                f.unlink()
    return copy


@pytest.mark.parametrize("role", ["server", "client"])
@pytest.mark.parametrize("revision", REVISIONS)
def test_http_wire_obeys_the_rules(cli, tmp_path, revision, role):
    log = tmp_path / "log"
    log.mkdir()
    if role == "client":
        proc, results = run(cli, tmp_path, "client", "--command",
                            f"{proxy('http-client', log)} {cli.peer} reference client",
                            "--transport", "http", "--revision", revision)
    else:
        # One listener serves every case: the cases that break a rule on purpose are left out.
        server = subprocess.Popen([sys.executable, str(PROXY), "http-server", str(log), str(cli.peer),
                                   "reference", "server", "--listen", "127.0.0.1:0"],
                                  stdout=subprocess.PIPE, env=cli.env, start_new_session=True)
        try:
            url = server.stdout.readline().decode().strip()
            assert url.startswith("http://127.0.0.1:"), url
            proc, results = run(cli, tmp_path, "server", "--url", url, "--revision", revision,
                                "--cases", corpus_without(tmp_path, ""), jobs=1)
        finally:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)
    assert list(log.glob("*.jsonl")), "the recorder saw nothing"
    assert_clean(proc, results, judge_http(log, revision))


# --- what an HTTP endpoint answers a client it must refuse ----------------------------------------

def probe_answers(cli, tmp_path, revision, target):
    """The probes of tests/suts/probing_http_client.py against the harness's endpoint (the server
    of a client SUT) or the reference server's --listen endpoint."""
    log = tmp_path / "probes.json"
    probe = f"{sys.executable} {SUTS / 'probing_http_client.py'} {log}"
    if target == "harness":
        case = "client.modern.client-info" if revision == "2026-07-28" else "client.lifecycle.initialize-first"
        cli.run("client", "--command", probe, "--transport", "http", "--revision", revision, "--case", case,
                "--startup-timeout", "3000", "--report-dir", tmp_path / "report", timeout=120)
    else:
        server = subprocess.Popen([str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0"],
                                  stdout=subprocess.PIPE, env=cli.env)
        try:
            url = server.stdout.readline().decode().strip()
            subprocess.run([*probe.split(), url], env={**cli.env, "ELICIT_CONFORM_PROTOCOL_VERSION": revision},
                           timeout=60, check=True)
        finally:
            server.kill()
            server.wait(10)
    return json.loads(log.read_text())


@pytest.mark.parametrize("target", ["harness", "reference"])
@pytest.mark.parametrize("revision", REVISIONS)
def test_http_endpoint_refuses_as_a_server_must(cli, tmp_path, revision, target):
    answers = probe_answers(cli, tmp_path, revision, target)
    # http.loopback: "When running locally, servers SHOULD bind only to localhost (127.0.0.1)".
    assert answers.pop("bound")["addresses"] == ["0100007F"], answers
    # http.origin: "If the Origin header is present and invalid, servers MUST respond with HTTP 403
    # Forbidden" (and a loopback origin is no reason to refuse).
    for probe in ("origin-foreign", "origin-foreign-get", "origin-null"):
        assert answers[probe]["status"] == 403, (probe, answers[probe])
    assert answers["origin-loopback"]["status"] == 200, answers["origin-loopback"]
    if revision == "2026-07-28" and target == "reference":
        pass  # a dual-era server (both wires on one endpoint): GET and DELETE belong to its 2025 wire
    elif revision == "2026-07-28":
        # http.modern-405 (the harness serves this revision only): "HTTP GET or DELETE to the MCP endpoint: respond with 405 Method Not Allowed."
        assert answers["get"]["status"] == 405 and answers["delete"]["status"] == 405, answers
        assert "Mcp-Session-Id" not in answers["origin-loopback"]["headers"]  # http.modern-no-session
    else:
        # http.session-required (SHOULD 400) and http.session-404 (MUST 404 for an ended/unknown one).
        assert answers["no-session"]["status"] == 400, answers["no-session"]
        assert answers["unknown-session"]["status"] == 404, answers["unknown-session"]
        assert answers["not-json"]["status"] == 400, answers["not-json"]
    # http.refusal-no-id: a refusal's body "MAY comprise a JSON-RPC error response that has no id":
    # no "id" member (null is no RequestId in any revision's schema.json).
    for probe, answer in answers.items():
        if answer["status"] >= 400 and answer["body"]:
            body = json.loads(answer["body"])
            assert kind(body) == "response" and "error" in body and "id" not in body, (probe, answer)


# --- every rule's check fires on its breach -------------------------------------------------------
# The runs above pass when the harness obeys; these recordings break one rule each, so that no
# check above is one that cannot fail (a clean recording of the same shape draws nothing).

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "c", "version": "1"}}}
INIT_OK = {"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "2025-11-25", "capabilities": {},
                                                 "serverInfo": {"name": "s", "version": "1"}}}
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
LEGACY = [("client", INIT), ("server", INIT_OK), ("client", INITIALIZED)]
META_OK = {META_VERSION: "2026-07-28", META_CAPS: {}, META_INFO: {"name": "c", "version": "1"}}


def call(rid, **params):
    return {"jsonrpc": "2.0", "id": rid, "method": "tools/call",
            "params": {"name": "t", "arguments": {}, "_meta": META_OK, **params}}


def answer(rid, **result):
    return {"jsonrpc": "2.0", "id": rid, "result": {"resultType": "complete", "content": [], **result}}


def write_log(folder, mode, chunks, case="case", events=()):
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{len(list(folder.iterdir()))}.jsonl", "w") as f:
        f.write(json.dumps({"case": case, "revision": "", "mode": mode}) + "\n")
        for e in events:
            f.write(json.dumps({"event": e}) + "\n")
        for conn, side, data in chunks:
            f.write(json.dumps({"conn": conn, "from": side, "data": base64.b64encode(data).decode()}) + "\n")


def line(msg):
    return msg if isinstance(msg, bytes) else json.dumps(msg).encode() + b"\n"


STDIO_BREACHES = {
    # rule: (revision, [(side, message or raw line)])
    "stdio.newline": ("2025-11-25", LEGACY + [("client", b'{"jsonrpc":"2.0","id":2,"method":"ping"}')]),
    "stdio.only-mcp": ("2025-11-25", LEGACY + [("client", b"starting up\n")]),
    "transport.utf8": ("2025-11-25", LEGACY + [("client", b'{"jsonrpc":"2.0","method":"x\xff"}\n')]),
    "basic.request-id": ("2025-11-25", LEGACY + [("client", {"jsonrpc": "2.0", "id": None, "method": "ping"})]),
    "basic.id-unique": ("2025-11-25", LEGACY + [("client", {"jsonrpc": "2.0", "id": 1, "method": "ping"})]),
    "basic.response-id": ("2025-11-25", LEGACY + [("server", {"jsonrpc": "2.0", "id": 7, "result": {}})]),
    "lifecycle.initialize-first": ("2025-11-25", [("client", {"jsonrpc": "2.0", "id": 1, "method": "tools/list"})]),
    "lifecycle.client-waits": ("2025-11-25", [("client", INIT), ("client", {"jsonrpc": "2.0", "id": 2,
                                                                            "method": "tools/list"})]),
    "lifecycle.initialized-after": ("2025-11-25", [("client", INIT), ("server", INIT_OK),
                                                   ("client", {"jsonrpc": "2.0", "id": 2, "method": "tools/list"})]),
    "lifecycle.server-waits": ("2025-11-25", [("client", INIT), ("server", INIT_OK),
                                              ("server", {"jsonrpc": "2.0", "id": 1, "method": "roots/list"})]),
    "lifecycle.version-same": ("2025-11-25", [("client", INIT), ("server", {**INIT_OK, "result": {
        **INIT_OK["result"], "protocolVersion": "2025-06-18"}})]),
    "stdio.client-no-responses": ("2026-07-28", [("client", call(1)), ("client", {"jsonrpc": "2.0", "id": 1,
                                                                                   "result": {}})]),
    "stdio.server-no-requests": ("2026-07-28", [("server", {"jsonrpc": "2.0", "id": 1, "method": "ping"})]),
    "meta.required": ("2026-07-28", [("client", {"jsonrpc": "2.0", "id": 1, "method": "tools/list",
                                                 "params": {"_meta": {META_VERSION: "2026-07-28"}}})]),
    "meta.client-info": ("2026-07-28", [("client", {"jsonrpc": "2.0", "id": 1, "method": "tools/list",
                                                    "params": {"_meta": {META_VERSION: "2026-07-28", META_CAPS: {}}}})]),
    "errors.defined-codes": ("2026-07-28", [("client", call(1)), ("server", {
        "jsonrpc": "2.0", "id": 1, "error": {"code": -32042, "message": "URL required"}})]),
    "mrtr.retry-new-id": ("2026-07-28", [("client", call(1)), ("server", answer(1, resultType="input_required",
                                                                                 requestState="s")),
                                         ("client", call(1, requestState="s"))]),
    "mrtr.state-echoed": ("2026-07-28", [("client", call(1)), ("server", answer(1, resultType="input_required",
                                                                                 requestState="s")),
                                         ("client", call(2, requestState="s2"))]),
}


@pytest.mark.parametrize("rule", sorted(STDIO_BREACHES) + ["basic.id-unique-modern", "clean-2025", "clean-2026"])
def test_each_stdio_rule_fires_on_its_breach(tmp_path, rule):
    if rule == "basic.id-unique-modern":  # 2026-07-28: the same id while the first is unanswered
        revision, msgs, rule = "2026-07-28", [("client", call(1)), ("client", call(1))], "basic.id-unique"
    elif rule.startswith("clean"):
        revision = "2025-11-25" if rule == "clean-2025" else "2026-07-28"
        msgs = LEGACY + [("client", {"jsonrpc": "2.0", "id": 2, "method": "ping"}), ("server", {
            "jsonrpc": "2.0", "id": 2, "result": {}})] if rule == "clean-2025" else [
            ("client", call(1)), ("server", answer(1, resultType="input_required", requestState="s")),
            ("client", call(2, requestState="s")), ("server", answer(2))]
    else:
        revision, msgs = STDIO_BREACHES[rule]
    write_log(tmp_path, "stdio", [(0, side, line(m)) for side, m in msgs])
    found = {f[0] for f in judge_stdio(tmp_path, revision)}
    assert found == set() if rule.startswith("clean") else rule in found, found


def http_request(body=None, method="POST", **headers):
    h = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json", **headers}
    data = json.dumps(body).encode() if body is not None else b""
    head = f"{method} /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n" + "".join(
        f"{k.replace('_', '-')}: {v}\r\n" for k, v in h.items() if v is not None)
    return head.encode() + f"Content-Length: {len(data)}\r\n\r\n".encode() + data


def http_response(status=200, body=None, sse=None, **headers):
    if sse is not None:
        data = b"".join(b"data: " + (json.dumps(m).encode() if not isinstance(m, bytes) else m) + b"\n\n" for m in sse)
        headers = {"Content_Type": "text/event-stream", "X_Accel_Buffering": "no", **headers}
    else:
        data = json.dumps(body).encode() if body is not None else b""
        if body is not None:
            headers = {"Content_Type": "application/json", **headers}
    head = f"HTTP/1.1 {status} X\r\n" + "".join(f"{k.replace('_', '-')}: {v}\r\n" for k, v in headers.items()
                                                 if v is not None)
    return head.encode() + f"Content-Length: {len(data)}\r\n\r\n".encode() + data


V25 = {"MCP_Protocol_Version": "2025-11-25", "Mcp_Session_Id": "sid"}
V26 = {"MCP_Protocol_Version": "2026-07-28", "Mcp_Method": "tools/call", "Mcp_Name": "t"}
HTTP_LEGACY = [(http_request(INIT), http_response(sse=[INIT_OK], Mcp_Session_Id="sid")),
               (http_request(INITIALIZED, **V25), http_response(202))]
LIST = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
LISTED = {"jsonrpc": "2.0", "id": 2, "result": {"tools": []}}

HTTP_BREACHES = {
    "http.accept": ("2025-11-25", HTTP_LEGACY + [(http_request(LIST, Accept="application/json", **V25),
                                                  http_response(body=LISTED))]),
    "http.get-accept": ("2025-11-25", HTTP_LEGACY + [(http_request(method="GET", Accept="*/*", **V25),
                                                      http_response(405))]),
    "http.post": ("2025-11-25", HTTP_LEGACY + [(http_request(LIST, method="PUT", **V25), http_response(405))]),
    "http.session-id": ("2025-11-25", HTTP_LEGACY + [(http_request(LIST, MCP_Protocol_Version="2025-11-25"),
                                                      http_response(body=LISTED))]),
    "http.version-header": ("2025-11-25", HTTP_LEGACY + [(http_request(LIST, **{**V25, "MCP_Protocol_Version": None}),
                                                          http_response(body=LISTED))]),
    "http.session-id-ascii": ("2025-11-25", [(http_request(INIT), http_response(sse=[INIT_OK],
                                                                                Mcp_Session_Id="a\x7fb"))]),
    "http.accepted-202": ("2025-11-25", [(http_request(INIT), http_response(sse=[INIT_OK], Mcp_Session_Id="sid")),
                                         (http_request(INITIALIZED, **V25), http_response(200, body={"ok": 1}))]),
    "http.request-content-type": ("2025-11-25", HTTP_LEGACY + [(http_request(LIST, **V25), http_response(
        200, Content_Type="text/plain"))]),
    "http.sse-ends-after-response": ("2025-11-25", HTTP_LEGACY + [(http_request(LIST, **V25), http_response(
        sse=[LISTED, {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": 1}}]))]),
    "http.single-message": ("2025-11-25", HTTP_LEGACY + [(http_request([LIST], **V25), http_response(400))]),
    "http.sse-framing": ("2025-11-25", HTTP_LEGACY + [(http_request(LIST, **V25), http_response(
        sse=[b'{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}\ndata: trailing'] ))]),
    "http.modern-no-get-delete": ("2026-07-28", [(http_request(method="DELETE", **V26), http_response(405))]),
    "http.modern-no-session": ("2026-07-28", [(http_request(call(1), Mcp_Session_Id="sid", **V26),
                                               http_response(body=answer(1)))]),
    "http.client-no-responses": ("2026-07-28", [(http_request({"jsonrpc": "2.0", "id": 9, "result": {}}, **V26),
                                                 http_response(202))]),
    "http.version-header-match": ("2026-07-28", [(http_request(call(1), **{**V26, "MCP_Protocol_Version": "2025-11-25"}),
                                                  http_response(body=answer(1)))]),
    "http.mcp-method": ("2026-07-28", [(http_request(call(1), **{**V26, "Mcp_Method": None}),
                                        http_response(body=answer(1)))]),
    "http.mcp-name": ("2026-07-28", [(http_request(call(1), **{**V26, "Mcp_Name": "other"}),
                                      http_response(body=answer(1)))]),
    "http.sse-no-buffering": ("2026-07-28", [(http_request(call(1), **V26), http_response(
        sse=[answer(1)], X_Accel_Buffering=None))]),
    "http.sse-no-requests": ("2026-07-28", [(http_request(call(1), **V26), http_response(
        sse=[{"jsonrpc": "2.0", "id": 5, "method": "elicitation/create", "params": {}}, answer(1)]))]),
}


@pytest.mark.parametrize("rule", sorted(HTTP_BREACHES) + ["http.version-header-modern", "clean-2025", "clean-2026"])
@pytest.mark.parametrize("mode", ["http-server", "http-client"])
def test_each_http_rule_fires_on_its_breach(tmp_path, rule, mode):
    if rule == "http.version-header-modern":
        revision, exchanges_ = "2026-07-28", [(http_request(call(1), **{**V26, "MCP_Protocol_Version": None}),
                                               http_response(body=answer(1)))]
        rule = "http.version-header"
    elif rule == "clean-2025":
        revision, exchanges_ = "2025-11-25", HTTP_LEGACY + [(http_request(LIST, **V25), http_response(sse=[LISTED])),
                                                           (http_request(method="DELETE", **V25), http_response(200))]
    elif rule == "clean-2026":
        revision, exchanges_ = "2026-07-28", [(http_request(call(1), **V26), http_response(body=answer(1))),
                                              (http_request(call(2), **V26), http_response(sse=[answer(2)]))]
    else:
        revision, exchanges_ = HTTP_BREACHES[rule]
    chunks = []
    for n, (req, res) in enumerate(exchanges_, 1):
        chunks += [(n, "client", req), (n, "server", res)]
    write_log(tmp_path, mode, chunks)
    found = {f[0] for f in judge_http(tmp_path, revision)}
    assert found == set() if rule.startswith("clean") else rule in found, found


@pytest.mark.parametrize("events, fires", [(["eof"], False), (["sigterm", "eof"], True), (["eof", "sigterm"], True),
                                           ([], True)])
def test_the_shutdown_rule_fires_on_its_breach(tmp_path, events, fires):
    write_log(tmp_path, "stdio", [(0, side, line(m)) for side, m in LEGACY], events=events)
    found = {f[0] for f in judge_stdio(tmp_path, "2025-11-25", shutdown=True)}
    assert ("stdio.shutdown" in found) == fires, found
