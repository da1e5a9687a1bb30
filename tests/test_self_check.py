"""The harness is an MCP peer too (issue 31): every message it writes, in both roles, over both
transports, at every revision, and every message of its conformant reference peers, conforms to
the schema.json of the revision it speaks (spec/schema/, judged by schema/spec_schema.cpp). The
test suite runs everything with ELICIT_CONFORM_SELF_CHECK=1 (conftest.py); this file runs the whole
corpus against the reference peers that way, and shows that the self-check can fail."""
import json
import pathlib
import subprocess

import pytest

from test_http import Listening

ROOT = pathlib.Path(__file__).resolve().parent.parent


def assert_conformant(proc, report):
    assert b"self-check:" not in proc.stderr, proc.stderr.decode(errors="replace")[-3000:]
    doc = json.loads((report / "results.json").read_text())
    for c in doc["cases"]:
        assert "self-check:" not in (c.get("sut_stderr") or ""), (c["id"], c["sut_stderr"][-2000:])
        assert c["status"] == "PASS", (c["id"], c["revision"], c["status"], c["reason"])
    return doc


@pytest.mark.parametrize("role", ["server", "client"])
def test_every_message_of_the_corpus_over_stdio_conforms(cli, tmp_path, role):
    proc = cli.run(role, "--cases", ROOT / "cases", "--command", f"{cli.peer} reference {role}",
                   "--report-dir", tmp_path / "r", "-j", "2", timeout=600)
    assert proc.returncode == 0, proc.stderr.decode()[-3000:]
    assert len(assert_conformant(proc, tmp_path / "r")["cases"]) > 80


def test_every_message_of_the_corpus_over_http_conforms(cli, tmp_path):
    with Listening([str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0"], env=cli.env) as server:
        proc = cli.run("server", "--cases", ROOT / "cases", "--url", server.url,
                       "--report-dir", tmp_path / "s", "-j", "2", timeout=600)
    assert proc.returncode == 0, proc.stderr.decode()[-3000:]
    assert_conformant(proc, tmp_path / "s")
    proc = cli.run("client", "--cases", ROOT / "cases", "--transport", "http",
                   "--command", f"{cli.peer} reference client", "--report-dir", tmp_path / "c", "-j", "2",
                   timeout=600)
    assert proc.returncode == 0, proc.stderr.decode()[-3000:]
    assert_conformant(proc, tmp_path / "c")


def test_a_message_that_breaks_the_schema_without_saying_so_is_caught(cli, tmp_path):
    """An invalid elicitation/create whose step has lost its "nonconformant" reason: the harness
    says which case wrote it, which definition it breaks and where."""
    case = json.loads((ROOT / "cases/2025-11-25/client/client.invalid-params.missing-message.json").read_text())
    sends = [step for step in case["steps"] if "send" in step]
    assert sends and all(step.pop("nonconformant", None) for step in sends)
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "case.json").write_text(json.dumps(case))
    proc = subprocess.run([str(cli.path), "client", "--cases", str(folder), "--command",
                           f"{cli.peer} reference client", "--report-dir", str(tmp_path / "r")],
                          capture_output=True, env=cli.env, timeout=120)
    assert (b"elicit-conform: self-check: client.invalid-params.missing-message wrote a message that the "
            b"2025-11-25 schema.json rejects (ElicitRequest") in proc.stderr, proc.stderr.decode()[-2000:]
