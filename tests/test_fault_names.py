"""The fault table (harness/reference/faults.def) is the one definition of the reference peers'
faults: it makes both `FaultId`, the ids the peers compare, so a misspelt fault does not compile,
and the table `--list-faults` prints and `--fault` reads. What the compiler cannot see is checked
here: that the CLI prints the table as written, that a peer reads only faults of its own role
(`--fault` gives a peer its own role's faults only, so another role's id there never fires), and
that every fault is read by some peer (a fault no code reads breaks nothing; the kill matrices
would say so too, after minutes of runs, where this says it by reading the sources)."""
import re

import pytest

from conftest import ROOT

REFERENCE = ROOT / "harness" / "reference"
# Which peer's faults a source file reads (form_fill.cpp is the client's form filler).
ROLE_OF = {"server.cpp": "server", "multi_round.cpp": "server", "client.cpp": "client", "form_fill.cpp": "client"}
# A row, however it is broken over lines: EC_FAULT(Id, "name", "role", "REQUIREMENT", "effect" "...").
ROW = re.compile(r"^EC_FAULT\((\w+),(.*?)\)$", re.S | re.M)
USED = re.compile(r"\bFaultId::(\w+)")


def unescape(text):
    return re.sub(r"\\(.)", r"\1", text)


def rows():
    """The table as the compiler reads it: adjacent literals joined, escapes resolved."""
    table = []
    for ident, args in ROW.findall((REFERENCE / "faults.def").read_text()):
        fields = [[]]
        for token in re.findall(r'"(?:[^"\\\n]|\\.)*"|,|\S', args):
            if token == ",":
                fields.append([])
            else:
                assert token.startswith('"'), (ident, token)
                fields[-1].append(token[1:-1])
        assert len(fields) == 4 and all(fields), (ident, fields)
        table.append((ident, *(unescape("".join(parts)) for parts in fields)))
    return table


def roles():
    return {ident: role for ident, _, role, _, _ in rows()}


def ids_in(source):
    return set(USED.findall(source.read_text())) - {"None"}


def test_list_faults_prints_the_table(cli):
    printed = cli.run("reference", "--list-faults").stdout.decode().splitlines()
    expected = [f"{name}  ({role}, breaks {requirement}): {effect}"
                for _, name, role, requirement, effect in rows()]
    assert len(expected) > 100
    assert printed == expected


@pytest.mark.parametrize("source", sorted(ROLE_OF))
def test_every_fault_a_peer_reads_is_of_its_role(source):
    used = ids_in(REFERENCE / source)
    assert used, f"no FaultId read in {source}: has the code changed its form?"
    table = roles()
    unknown = sorted(i for i in used if i not in table)
    assert not unknown, f"{source} reads ids that are not rows of faults.def: {unknown}"
    wrong_peer = sorted(i for i in used if table[i] != ROLE_OF[source])
    assert not wrong_peer, f"{source} ({ROLE_OF[source]}) reads faults of the other peer: {wrong_peer}"


def test_every_fault_is_read_by_a_peer():
    read = set().union(*(ids_in(REFERENCE / source) for source in ROLE_OF))
    unread = [ident for ident in roles() if ident not in read]
    assert not unread, f"faults no peer reads (--fault would change nothing): {unread}"


def test_the_checks_can_fail(tmp_path):
    """The checks themselves see what they look for: a fault of the other peer, and one never read."""
    source = tmp_path / "server.cpp"
    source.write_text("if (fault_ == FaultId::DropMessage || fault_ == FaultId::PrefetchUrl) return;\n"
                      "fault_ = FaultId::None;\n")
    assert ids_in(source) == {"DropMessage", "PrefetchUrl"}
    assert roles()["DropMessage"] == "server" and roles()["PrefetchUrl"] == "client"
    assert "NestSchema" not in ids_in(source) and "NestSchema" in roles()
