"""Errors a person can act on (issue 34 item 8): a mistyped subcommand or option gets the name it
likely meant; an expected-failures entry that names nothing is found before any SUT starts, with
its file, line and the id likely meant; a SUT that cannot start shows its stderr once, not once per
case. (junit.xml against the JUnit schema: tests/test_junit_schema.py.)"""
import json
import re

import pytest

from conftest import ROOT

pytestmark = pytest.mark.sanitized


@pytest.mark.parametrize("args,message", [
    (["sever", "--command", "x"], "elicit-conform: unknown command 'sever'; did you mean 'server'?"),
    (["cleint"], "elicit-conform: unknown command 'cleint'; did you mean 'client'?"),
    (["server", "--revison", "2025-11-25", "--command", "x"],
     "elicit-conform: unknown option '--revison' for 'server'; did you mean '--revision'?"),
    (["server", "--command", "x", "--reprot-dir=out"],
     "elicit-conform: unknown option '--reprot-dir' for 'server'; did you mean '--report-dir'?"),
    (["list", "--rol", "client"], "elicit-conform: unknown option '--rol' for 'list'; did you mean '--role'?"),
    (["fuzz", "server", "--duratoin", "5"],
     "elicit-conform: unknown option '--duratoin' for 'fuzz'; did you mean '--duration'?"),
    (["--verison"], "elicit-conform: unknown option '--verison'; did you mean '--version'?"),
    (["deploy"], "elicit-conform: unknown command 'deploy'; the commands are check-schema, check-message, "
                 "server, client, list, reference, fuzz"),
    (["\x1b[2Jdeploy"], "elicit-conform: unknown command '\\x1b[2Jdeploy'; the commands are check-schema, "
                        "check-message, server, client, list, reference, fuzz"),  # no control reaches the terminal
    (["list", "--command", "x"],
     "elicit-conform: unknown option '--command' for 'list'; it is an option of server, client, fuzz "
     "(elicit-conform list --help lists the options)"),
])
def test_a_mistyped_name_gets_the_name_it_likely_meant(cli, args, message):
    """Before: "A subcommand is required" for `sever`, and "The following arguments were not
    expected: 2025-11-25 --revison" for a mistyped option. Exit 2 (usage) as before."""
    proc = cli.run(*args)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.decode().splitlines() == [message]


def test_other_usage_errors_keep_their_words(cli):
    proc = cli.run("server", "--case")  # a missing value is no unknown name
    assert proc.returncode == 2 and b"--case: 1 required TEXT missing" in proc.stderr
    proc = cli.run("server", "--command", "x", "stray")  # nor a stray positional
    assert proc.returncode == 2 and b"not expected: stray" in proc.stderr
    assert cli.run("--help").returncode == 0 and cli.run("server", "--help").returncode == 0


def test_an_unknown_baseline_entry_stops_the_run_before_any_sut_starts(cli, tmp_path):
    """Before: the whole run ran, then "unknown baseline entry" and exit 1. Now exit 2 at once,
    naming the file, the line, the entry and the id likely meant; no SUT process was started."""
    started = tmp_path / "started"
    sut = f"sh -c 'touch {started}; exec {cli.peer} reference server'"
    expected = tmp_path / "expected.yml"
    expected.write_text("server:\n"
                        "  - server.completion.issued-id\n"
                        "  - server.form.request-wellformed\n"  # a typo
                        "  - server.completion.issued-id:expect.response\n"  # a check of no such name here
                        "  - server.wire.versions-consistent:version.same-answer-every-session\n"  # built in: known
                        "  - server.wire.messages-well-formed:json.syntax\n"  # built in: known
                        "client:\n"
                        "  - client.actions.cancel\n")  # another role: fine, one file serves both
    proc = cli.run("server", "--command", sut, "--case", "server.completion.*", "--expected-failures", expected,
                   "--report-dir", tmp_path / "report")
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert not started.exists(), "a SUT was started before the baseline was checked"
    assert not (tmp_path / "report" / "results.json").exists()
    assert (f"{expected}:3: server: server.form.request-wellformed: no case has this id; did you mean "
            "server.form.request-well-formed?") in err, err
    assert f"{expected}:4: server: server.completion.issued-id:expect.response: no check of " in err, err
    assert "entries the corpus" in err and "no case was run" in err
    assert "versions-consistent" not in err and "messages-well-formed" not in err, err

    # --case narrows what runs, not what the file may name: an entry for a case of the corpus that
    # this run does not select is no error (and a check it has is known).
    expected.write_text("server:\n  - server.completion.issued-id\n  - server.form.request-well-formed\n"
                        "  - server.form.request-well-formed:lifecycle.tools\n")
    proc = cli.run("server", "--command", f"{cli.peer} reference server --fault complete-wrong-id", "--case",
                   "server.completion.*", "--timeout", "1500", "--expected-failures", expected, "--report-dir",
                   tmp_path / "narrow")
    assert proc.returncode == 0, proc.stderr.decode()[-2000:]


def test_a_sut_that_cannot_start_shows_its_stderr_once(cli, tmp_path):
    """Before: the stderr of a SUT that exits at once was on no line of the terminal, and every
    run printed its own ERROR line with the same cause, then a "harness error" line each. Now the
    first run that found it says the cause with the end of its stderr; a later run with the same
    cause names that run, and the summary gives one line per cause."""
    sut = "sh -c 'echo boom >&2; echo second line >&2; exit 3'"
    proc = cli.run("server", "--command", sut, "--report-dir", tmp_path, timeout=120)
    err = proc.stderr.decode()
    assert proc.returncode == 3, err[-2000:]
    assert err.count("boom") == 1, err[-3000:]
    lines = err.splitlines()
    first = next(i for i, line in enumerate(lines) if "the SUT never came up" in line)
    # ", stopped by the harness" when its stop raced the SUT's own exit (which the grouping ignores).
    assert re.search(r"exited with status 3(, stopped by the harness)?; the end of its stderr:$", lines[first]), lines[first]
    assert lines[first + 1:first + 3] == ["    | boom", "    | second line"]
    label = lines[first].split("] ERROR  ", 1)[1].split(": ", 1)[0]
    assert f"same start failure as {label}" in err, err[:3000]
    harness_errors = [line for line in lines if line.startswith("harness error: ")]
    assert len(harness_errors) == 2, harness_errors  # the runs that found it, and those not run
    results = json.loads((tmp_path / "results.json").read_text())["cases"]
    # results.json keeps each run's own reason and stderr: only the terminal says it once.
    ran = [c for c in results if not c["reason"].startswith("not run:")]
    assert len(ran) >= 2 and all(c["sut_stderr"] == "boom\nsecond line\n" for c in ran), ran[:2]
    assert all(c["revision"] == c["ran_at"] for c in results), "a run not started ran at no other revision"
    # report.md (the Action's step summary) too: the stderr once, with the first run; the runs not
    # started as one block instead of a section each.
    md = (tmp_path / "report.md").read_text()
    assert md.count("\nboom\n") == 1 and "- the end of its stderr:\n\n```\nboom\nsecond line\n```" in md, md[:3000]
    assert md.count("- same start failure as ") == len(ran) - 1
    not_started = len(results) - len(ran)
    assert f"### ERROR: {not_started} runs not started" in md and md.count("### ERROR") == len(ran) + 1


def test_a_different_start_failure_is_said_in_full(cli, tmp_path):
    """A cause that differs (here each process's stderr names the case it was started for) is
    never folded into "same start failure"."""
    sut = "sh -c 'echo \"no config for $ELICIT_CONFORM_CASE\" >&2; exit 3'"
    proc = cli.run("server", "--command", sut, "--case", "server.capability.*", "--report-dir", tmp_path)
    err = proc.stderr.decode()
    assert proc.returncode == 3
    assert "same start failure" not in err, err
    assert err.count("    | no config for server.capability.") == 2, err


@pytest.mark.parametrize("baseline", sorted(p.relative_to(ROOT) for p in ROOT.glob("sut/*/expected-failures.yml")),
                         ids=str)
def test_every_committed_baseline_names_only_what_the_corpus_has(cli, tmp_path, baseline):
    """The SDKs' baselines name per-case checks of their own cases (checked against the whole
    corpus before a run now): a --case that matches nothing gets that far without starting a SUT."""
    for role in ("server", "client"):
        proc = cli.run(role, "--command", "false", "--case", "no-such-case", "--expected-failures", ROOT / baseline,
                       "--report-dir", tmp_path)
        assert proc.returncode == 2 and f"no {role} case matches".encode() in proc.stderr, proc.stderr.decode()
