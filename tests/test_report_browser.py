"""report.html as a reader sees it (issue 34, item 7): rendered by headless Chromium from Debian
(/usr/bin/chromium, which scripts/install-deps.sh installs), scripts run, and the DOM it ends with
checked, from real runs of the reference server with a fault:

- the banner says the run's outcome and why, with the exit code the CLI returned;
- the verdict filter is shown, has a NOTE box among a box for every kind of run, and hides
  nothing when the page opens;
- a FAIL quotes its broken rule (id, level, the spec's sentence) before its reason, and marks the
  value at the failing JSON pointer in the pretty-printed offending message;
- a SUT that cannot start has its stderr said once, not once per run.

Skipped only when /usr/bin/chromium is missing and CI is unset; under CI a missing chromium fails."""
import html.parser
import json
import os
import pathlib
import re
import subprocess

import pytest

CHROMIUM = pathlib.Path("/usr/bin/chromium")
BROKEN = "EL-2025-11-25-FORM-SCHEMA-RESTRICTED"


@pytest.fixture
def chromium():
    if CHROMIUM.exists():
        return CHROMIUM
    if os.environ.get("CI"):
        pytest.fail("CI is set and /usr/bin/chromium is missing: "
                    "scripts/install-deps.sh --browser installs Debian's chromium")
    pytest.skip("no /usr/bin/chromium (scripts/install-deps.sh --browser installs it); with CI set this fails instead")


def render(chromium, page, tmp_path):
    """The DOM after the page's script ran (a virtual-time budget lets it run before the dump)."""
    proc = subprocess.run([str(chromium), "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
                           f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=3000",
                           "--dump-dom", page.resolve().as_uri()], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "<html" in proc.stdout, proc.stdout[:500]
    return proc.stdout


class Dom(html.parser.HTMLParser):
    """Elements with their attributes and text, as the serialised DOM holds them."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.elements = []
        self.open = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        # [tag, attributes, text, where it starts in the text of each element it is in]
        element = [tag, dict(attrs), "", {id(e): len(e[2]) for e in self.open}]
        self.elements.append(element)
        if tag not in ("input", "meta", "br", "img", "link"):
            self.open.append(element)

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data):
        for element in self.open:
            element[2] += data

    def find(self, tag, **attrs):
        return [e for e in self.elements if e[0] == tag and all(e[1].get(k) == v for k, v in attrs.items())]


def test_banner_filter_rule_quote_and_marked_pointer(cli, chromium, tmp_path):
    """nest-schema wraps every requestedSchema property in an object: server.form.request-well-formed
    FAILs at /params/requestedSchema/properties/nested/type in both revisions, and the
    expected-failures file lists it, so the run exits 0 with two expected FAILs."""
    expected = tmp_path / "expected.yml"
    expected.write_text("server:\n  - server.form.request-well-formed\n")
    report = tmp_path / "r"
    proc = cli.run("server", "--command", f"{cli.peer} reference server --fault nest-schema", "--case",
                   "server.form.request-well-formed",
                   "--expected-failures", expected, "--timeout", "2000", "--report-dir", report)
    results = json.loads((report / "results.json").read_text())["cases"]
    assert [c["status"] for c in results] == ["FAIL", "FAIL"], proc.stderr.decode()[-2000:]
    dom = Dom(render(chromium, report / "report.html", tmp_path))

    # The banner: the outcome and the exit code the CLI really returned, and why.
    [banner] = dom.find("div", id="outcome")
    assert banner[2].strip().startswith(f"2 FAIL, both expected: exit {proc.returncode}"), banner[2][:500]
    assert proc.returncode == 0
    assert "2 runs fail as the expected-failures file says: not a failure of the run." in banner[2]

    # The filter: shown (the script ran), a NOTE box, every kind of run ticked, nothing hidden.
    [fieldset] = dom.find("fieldset", id="filter")
    assert "hidden" not in fieldset[1]
    boxes = {e[1]["value"]: "checked" in e[1] for e in dom.find("input", type="checkbox")}
    assert boxes == {k: True for k in ("PASS", "FAIL", "UNTESTABLE", "EXPECTED", "WARN", "NOTE", "SKIP", "ERROR")}
    filtered = [e for e in dom.elements if "data-filter" in e[1]]
    assert filtered and all("hidden" not in e[1] for e in filtered)
    assert {e[1]["data-filter"] for e in filtered} == {"EXPECTED"}

    # A FAIL: its broken rule quoted first (id, level, the spec's sentence), then the reason, then
    # the offending message with the value at the pointer marked.
    run = next(e for e in dom.find("details") if e[1].get("id", "").endswith("-2025-11-25"))
    text = run[2]
    quote = text.index(f"broken: {BROKEN} (MUST, ")
    reason = text.index('expected vs observed: schema.property-nested-object: Property "nested" is an object')
    message = text.index("Offending message, the value at /params/requestedSchema/properties/nested/type marked")
    assert quote < reason < message, (quote, reason, message)
    after = dom.elements[dom.elements.index(run):]
    mark = next(e for e in after if e[0] == "mark")
    pre = next(e for e in after if e[0] == "pre" and e[1].get("class") == "offending")
    assert mark[2] == '"object"', mark
    assert sum(e[0] == "mark" for e in after if id(run) in e[3]) == 1  # one mark in this run
    before = pre[2][:mark[3][id(pre)]]
    assert before.endswith('"nested": {\n          "type": '), before[-200:]


def test_a_start_failure_is_said_once(cli, chromium, tmp_path):
    """A SUT that exits at once with its reason on stderr: every run is ERROR, and the page says the
    stderr once, with the runs it stopped, not once per run."""
    report = tmp_path / "r"
    sut = tmp_path / "cannot_start.sh"  # a file: the command the page shows holds no stderr text
    sut.write_text("#!/bin/sh\necho cannot-start-3f9 missing config >&2\nexit 3\n")
    sut.chmod(0o755)
    proc = cli.run("server", "--command", sut, "--case", "server.capability.*", "--report-dir", report)
    results = json.loads((report / "results.json").read_text())["cases"]
    ran = [c for c in results if "cannot-start-3f9" in c["sut_stderr"]]
    assert len(ran) >= 2 and len(results) > len(ran), [c["reason"] for c in results]
    page = render(chromium, report / "report.html", tmp_path)
    dom = Dom(page)
    assert page.count("cannot-start-3f9") == 1, page[:4000]
    [banner] = dom.find("div", id="outcome")
    assert re.match(rf"\s*{len(results)} ERROR \(unexpected\): exit {proc.returncode}", banner[2]), banner[2][:300]
    assert proc.returncode == 3
    [block] = dom.find("div", id="start-failure-0")
    assert "cannot-start-3f9 missing config" in block[2] and "exited with status 3" in block[2]
    assert f"{len(ran)} runs stopped by it" in block[2]
    assert f"{len(results) - len(ran)} runs not started" in page
