"""Errors a person can act on (issue 34 item 8): a mistyped subcommand or option gets the name it
likely meant."""

import pytest

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
