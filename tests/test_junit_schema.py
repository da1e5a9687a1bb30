"""junit.xml as the JUnit schema CI servers use defines it (issue 34 item 8).

Jenkins' xUnit plugin validates a JUnit report against its `junit-10.xsd` (MIT licence) and
rejects a file that breaks it. Its rules are checked here by a structural test of our own rather
than the XSD vendored (so no XML schema tool is needed either): the root is
<testsuites> (or one <testsuite>) and holds only <testsuite>; a <testsuite> must have name, tests,
failures and errors, holds only <testsuite>, <properties>, <testcase>, <system-out> and
<system-err>; <properties> holds only <property> with name and value; a <testcase> must have a
name and holds only <skipped>, <error>, <failure>, the rerun/flaky elements, <system-out> and
<system-err> (no <properties>); <failure>, <error> and <skipped> are text with at most type and
message; no element carries an attribute the schema does not declare (it has no wildcard), and
time is digits with an optional fraction. Besides the schema, what every consumer reads: the
suite's counts are those of its test cases.

Before: a test case of an expected failure, a WARN or a NOTE carried <properties>, which no JUnit
schema allows there (tests that relied on them read <system-out> now)."""
import re
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT

pytestmark = pytest.mark.sanitized

TIME = re.compile(r"^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?$")
COUNT = re.compile(r"^[0-9]+$")
RERUN = {"rerunFailure", "rerunError", "flakyFailure", "flakyError"}
ELEMENTS = {
    # element: (attributes allowed, attributes required, children allowed or None for text only)
    "testsuites": ({"name", "time", "tests", "failures", "errors"}, set(), {"testsuite"}),
    "testsuite": ({"name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp", "hostname",
                   "id", "package", "file", "log", "url"}, {"name", "tests", "failures", "errors"},
                  {"testsuite", "properties", "testcase", "system-out", "system-err"}),
    "properties": (set(), set(), {"property"}),
    "property": ({"name", "value"}, {"name", "value"}, set()),
    "testcase": ({"name", "time", "classname", "group"}, {"name"},
                 {"skipped", "error", "failure", "system-out", "system-err"} | RERUN),
    "failure": ({"type", "message"}, set(), None),
    "error": ({"type", "message"}, set(), None),
    "skipped": ({"type", "message"}, set(), None),
    "system-out": (set(), set(), None),
    "system-err": (set(), set(), None),
}


def junit_problems(path):
    """What in the file at `path` the JUnit schema rejects, and counts that disagree; [] if none."""
    problems = []
    root = ET.parse(path).getroot()
    if root.tag not in ("testsuites", "testsuite"):
        return [f"root <{root.tag}>: must be <testsuites> or <testsuite>"]

    def check(element, where):
        if element.tag not in ELEMENTS:
            problems.append(f"{where}: <{element.tag}> is no element of the schema")
            return
        allowed, required, children = ELEMENTS[element.tag]
        for name in sorted(set(element.attrib) - allowed):
            problems.append(f"{where}: attribute {name} is not declared for <{element.tag}>")
        for name in sorted(required - set(element.attrib)):
            problems.append(f"{where}: <{element.tag}> lacks the required attribute {name}")
        if "time" in element.attrib and not TIME.match(element.get("time")):
            problems.append(f"{where}: time {element.get('time')!r} is not a duration in seconds")
        for name in ("tests", "failures", "errors", "skipped"):
            if element.tag.startswith("testsuite") and name in element.attrib and not COUNT.match(element.get(name)):
                problems.append(f"{where}: {name} {element.get(name)!r} is not a count")
        if children is None:
            for child in element:
                problems.append(f"{where}: <{element.tag}> is text only, it holds <{child.tag}>")
            return
        if (element.text or "").strip():
            problems.append(f"{where}: <{element.tag}> holds elements only, not text")
        for i, child in enumerate(element):
            if child.tag not in children:
                problems.append(f"{where}: <{child.tag}> is not allowed in <{element.tag}>")
            if (child.tail or "").strip():
                problems.append(f"{where}: text after <{child.tag}> in <{element.tag}>")
            check(child, f"{where}/{child.tag}[{i}]")

    check(root, root.tag)
    for suite in root.iter("testsuite"):
        cases = suite.findall("testcase")
        for attribute, tag in (("failures", "failure"), ("errors", "error"), ("skipped", "skipped")):
            counted = sum(1 for case in cases if case.find(tag) is not None)
            if suite.get(attribute, "0") != str(counted):
                problems.append(f"testsuite {suite.get('name')}: {attribute}={suite.get(attribute)} but "
                                f"{counted} test cases have <{tag}>")
        if suite.get("tests") != str(len(cases)):
            problems.append(f"testsuite {suite.get('name')}: tests={suite.get('tests')} but {len(cases)} test cases")
    return problems


def test_the_checker_rejects_what_the_schema_rejects(tmp_path):
    """The checker itself: a valid file passes, and each rule of the schema catches its breach."""
    good = ('<testsuites name="x"><testsuite name="s" tests="2" failures="1" errors="0" skipped="0" time="1.5">'
            '<properties><property name="a" value="b"/></properties>'
            '<testcase name="t" classname="c" time="0.100"><failure message="m">text</failure>'
            '<system-out>out</system-out></testcase><testcase name="u"/></testsuite></testsuites>')
    path = tmp_path / "j.xml"
    path.write_text(good)
    assert junit_problems(path) == []
    for broken, words in [
        (good.replace('<testcase name="u"/>', '<testcase name="u"><properties/></testcase>'), "not allowed in <testcase>"),
        (good.replace(' errors="0"', ""), "lacks the required attribute errors"),
        (good.replace('name="u"', 'label="u"'), "attribute label is not declared"),
        (good.replace('time="1.5"', 'time="1.5s"'), "is not a duration"),
        (good.replace('message="m">text', 'message="m"><b/>'), "text only"),
        (good.replace('failures="1"', 'failures="2"'), "failures=2 but 1 test cases"),
        (good.replace('tests="2"', 'tests="3"'), "tests=3 but 2 test cases"),
        (good.replace('<property name="a" value="b"/>', '<property name="a"/>'), "lacks the required attribute value"),
    ]:
        path.write_text(broken)
        assert any(words in p for p in junit_problems(path)), (words, junit_problems(path))


def test_junit_xml_of_a_run_with_every_outcome_is_valid(cli, tmp_path):
    """One run with PASS, FAIL, an expected FAIL, WARN, SKIP and ERROR test cases, and one that
    fails as a whole (a stale entry): both junit.xml files are valid."""
    # The reference server, with a fault per case family, skipping one case and failing to start
    # for another (ELICIT_CONFORM_CASE names the case a process is started for).
    sut = ("sh -c 'case \"$ELICIT_CONFORM_CASE\" in "
           "server.capability.empty-means-form-only) echo \"elicit-conform: SKIP: not here\" >&2; exit 77;; "
           "server.capability.no-form-to-url-only-client) echo boom >&2; exit 3;; "
           f"server.capability.none-means-no-elicitation) exec {cli.peer} reference server "
           "--fault elicit-without-capability;; "
           f"server.completion.*) exec {cli.peer} reference server --fault complete-wrong-id;; "
           f"server.validation.*) exec {cli.peer} reference server --fault trust-content;; "
           f"esac; exec {cli.peer} reference server'")
    expected = tmp_path / "expected.yml"
    expected.write_text("server:\n  - server.completion.issued-id\n")
    proc = cli.run("server", "--command", sut, "--revision", "2025-11-25", "--case", "server.[cv]*",
                   "--report-dir", tmp_path / "a", "--expected-failures", expected, "-j", "2", timeout=300)
    junit = tmp_path / "a" / "junit.xml"
    assert junit_problems(junit) == []
    root = ET.parse(junit).getroot()
    verdicts = {case.findtext("system-out", "").split("\n", 1)[0] for case in root.iter("testcase")}
    assert {"verdict: FAIL", "verdict: WARN", "verdict: SKIP", "verdict: ERROR"} <= verdicts, (
        verdicts, proc.stderr[-3000:])
    [skip] = root.findall(".//skipped[@type='expected-failure']")
    assert skip.get("message").startswith("expected failure: FAIL"), skip.attrib

    # A stale entry: the run fails as a whole, one failing test case of its own.
    proc = cli.run("server", "--command", f"{cli.peer} reference server", "--revision", "2025-11-25", "--case",
                   "server.completion.*", "--report-dir", tmp_path / "b", "--expected-failures", expected)
    assert proc.returncode == 1 and b"stale" in proc.stderr
    assert junit_problems(tmp_path / "b" / "junit.xml") == []
