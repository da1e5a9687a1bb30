"""Every fault name the reference peers compare is in the one fault table (harness/reference/
faults.cpp) under the role of the peer that compares it. A misspelt or renamed name in the code
would be a behaviour that no `--fault` can switch on, and the kill matrices, which run the
table's names, would never notice: the rule it was meant to break would go unproven."""
import re

import pytest

from conftest import ROOT

REFERENCE = ROOT / "harness" / "reference"
# Which peer's faults a source file reads (form_fill.cpp is the client's form filler).
ROLE_OF = {"server.cpp": "server", "client.cpp": "client", "form_fill.cpp": "client"}
# `fault_ == "name"`, `reference.fault != "name"`, `fault == "name"`: any comparison with a fault.
COMPARED = re.compile(r'\bfault_?\b\s*[!=]=\s*"([^"]+)"|"([^"]+)"\s*[!=]=\s*\w*\.?fault_?\b')
# The sets of names a peer reads, e.g. `const std::set<std::string> kInitializeWireFaults = {...};`
NAME_SET = re.compile(r"\bk\w*Faults\s*=\s*\{([^}]*)\}", re.S)
# A row of the table, however clang-format breaks it: `Fault{"name", "role", ...` or `Fault{` then the rest.
TABLE_ROW = re.compile(r'Fault\{\s*"([^"]+)",\s*"(server|client)"')


def table():
    return dict(TABLE_ROW.findall((REFERENCE / "faults.cpp").read_text()))


def names_in(source):
    text = source.read_text()
    names = {a or b for a, b in COMPARED.findall(text)}
    for body in NAME_SET.findall(text):
        names |= set(re.findall(r'"([^"]+)"', body))
    return names


def test_the_table_is_what_list_faults_prints(cli):
    printed = cli.run("reference", "--list-faults").stdout.decode().splitlines()
    listed = dict(re.match(r"(\S+)\s+\((server|client),", line).groups() for line in printed)
    assert listed == table()


@pytest.mark.parametrize("source", sorted(ROLE_OF))
def test_every_fault_the_code_compares_is_in_the_table_for_its_peer(source):
    names = names_in(REFERENCE / source)
    assert names, f"no fault comparison found in {source}: has the pattern of the code changed?"
    rows = table()
    unknown = sorted(n for n in names if n not in rows)
    assert not unknown, f"{source} compares fault names that are not in faults.cpp: {unknown}"
    wrong_peer = sorted(n for n in names if rows[n] != ROLE_OF[source])
    assert not wrong_peer, f"{source} ({ROLE_OF[source]}) compares faults of the other peer: {wrong_peer}"


def test_a_misspelt_name_is_caught(tmp_path):
    """The check itself can fail: a comparison with a name the table lacks is found."""
    source = tmp_path / "server.cpp"
    source.write_text('if (fault_ == "drop-mesage") return;\nconst std::set<std::string> kXFaults = {"nest-schema"};\n')
    assert names_in(source) == {"drop-mesage", "nest-schema"}
    assert "drop-mesage" not in table() and "nest-schema" in table()
