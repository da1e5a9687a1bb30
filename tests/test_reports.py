"""The report files as CI systems and people read them (issue 15):

- results.json follows docs/results.schema.json (checked with Debian's python3-jsonschema) in
  every kind of run, and carries its provenance: the harness's version and commit, start and end
  in UTC, the SUT's command or URL, its serverInfo/clientInfo, the negotiated revisions, the
  transport;
- junit.xml shows an expected failure as <skipped> (the convention GitHub's JUnit report actions
  and GitLab's test report count as not failed) while the run exits 0, shows a run that fails as
  a whole (a stale entry) as one failing test case, and stays XML whatever the SUT sent;
- report.md puts the failures before the tables and carries no absolute path;
- report.html is one self-contained page in which a hostile transcript stays text, rendered by
  headless Chromium when Debian's chromium is installed (skipped with the reason otherwise)."""
import html
import html.parser
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from conftest import ROOT
from test_http import Listening

# Every test here meets bad or unusual input, or writes reports: also under the asan build.
pytestmark = pytest.mark.sanitized

SUTS = ROOT / "tests" / "suts"
SCHEMA = json.loads((ROOT / "docs" / "results.schema.json").read_text())
HOSTILE_SERVER = SUTS / "hostile_strings_server.py"
CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def validate(results):
    jsonschema = pytest.importorskip("jsonschema", reason="python3-jsonschema (scripts/install-deps.sh) is not installed")
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    errors = sorted(jsonschema.Draft202012Validator(SCHEMA).iter_errors(results), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message[:300]}" for e in errors[:10])


def run(cli, report, *args, cwd=None):
    proc = subprocess.run([str(cli.path), *map(str, args), "--report-dir", str(report)], capture_output=True,
                          timeout=300, env=cli.env, cwd=cwd)
    assert proc.returncode >= 0 and b"Sanitizer" not in proc.stderr, proc.stderr[-3000:]
    return proc, json.loads((report / "results.json").read_text())


def test_results_json_follows_its_schema_in_every_kind_of_run(cli, tmp_path):
    ref = f"{cli.peer} reference"
    expected = tmp_path / "expected.yml"
    expected.write_text("server:\n  - server.completion.issued-id\n  - tools-call-with-progress\n")
    runs = {
        "server-stdio-baseline": ("server", "--command", f"{ref} server --fault complete-wrong-id",
                                  "--case", "server.completion.*", "--expected-failures", expected),
        "client-stdio": ("client", "--command", f"{ref} client", "--case", "client.actions.*"),
        "client-http": ("client", "--command", f"{ref} client", "--transport", "http", "--case", "client.actions.*"),
        "skip": ("server", "--command", SUTS / "skips.sh", "--case", "server.form.request-well-formed"),
        "hostile": ("server", "--command", HOSTILE_SERVER, "--case", "server.form.request-well-formed",
                    "--revision", "2025-11-25", "--timeout", "1000"),
    }
    seen = {}
    for name, args in runs.items():
        _, results = run(cli, tmp_path / name, *args, "-j", "4")
        validate(results)
        seen[name] = results
    with Listening([str(cli.peer), "reference", "server", "--listen", "127.0.0.1:0"]) as server:
        _, results = run(cli, tmp_path / "http", "server", "--url", server.url, "--case", "server.form.*", "-j", "4")
    validate(results)
    seen["server-http"] = results

    prov = seen["server-stdio-baseline"]["provenance"]
    version = subprocess.run([str(cli.path), "--version"], capture_output=True, text=True).stdout
    assert prov["tool"]["version"] in version and prov["tool"]["commit"] in version
    git = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True)
    if git.returncode == 0 and prov["tool"]["commit"] != "unknown":
        # Baked at build time: the commit of the tree the binary was built from (a later commit
        # without a rebuild would differ, which is what "dirty"/rebuild is for).
        assert re.fullmatch("[0-9a-f]{40}", prov["tool"]["commit"])
    assert prov["started_at"] <= prov["finished_at"]
    assert prov["sut"]["serverInfo"] == {"name": "elicit-conform-reference", "version": "0.1"}
    assert prov["sut"]["negotiated"] == ["2025-11-25"] and prov["sut"]["transport"] == "stdio"
    assert seen["server-http"]["provenance"]["sut"]["url"].startswith("http://127.0.0.1:")
    assert seen["server-http"]["provenance"]["sut"]["transport"] == "http"
    assert seen["client-http"]["provenance"]["sut"]["clientInfo"]["name"]
    assert seen["client-http"]["provenance"]["sut"]["transport"] == "http"
    assert seen["server-stdio-baseline"]["baseline"]["notes"], "an official name with no counterpart is reported"
    [case] = seen["server-stdio-baseline"]["cases"]
    assert case["status"] == "FAIL" and case["expected_failure"].endswith("server: server.completion.issued-id")


def test_junit_expected_failure_is_skipped_and_a_stale_entry_fails(cli, tmp_path):
    sut = f"{cli.peer} reference server --fault complete-wrong-id"
    expected = tmp_path / "expected.yml"
    expected.write_text("server:\n  - server.completion.issued-id\n")
    proc, _ = run(cli, tmp_path / "a", "server", "--command", sut, "--case", "server.completion.*",
                  "--timeout", "1500", "--expected-failures", expected)
    assert proc.returncode == 0, proc.stderr[-2000:]
    suite = ET.parse(tmp_path / "a" / "junit.xml").getroot().find("testsuite")
    assert suite.get("failures") == "0" and suite.get("errors") == "0"
    [case] = [c for c in suite.iter("testcase") if c.get("name") == "server.completion.issued-id"]
    assert case.find("failure") is None
    skipped = case.find("skipped")
    assert skipped.get("type") == "expected-failure" and skipped.get("message").startswith("expected failure: FAIL")
    # The verdict and the entry open <system-out> (a <testcase> has no <properties> in the JUnit
    # schema: tests/test_junit_schema.py).
    verdict, entry = case.findtext("system-out").splitlines()[:2]
    assert verdict == "verdict: FAIL" and entry.startswith("expected-failure: ") and entry.endswith(
        "server.completion.issued-id"), (verdict, entry)
    suite_props = {p.get("name"): p.get("value") for p in suite.find("properties")}
    assert suite_props["serverInfo.name"] == "elicit-conform-reference" and suite_props["tool.version"]

    # The same entry against a clean server is stale: exit 1, and junit.xml says so in red too.
    proc, _ = run(cli, tmp_path / "b", "server", "--command", f"{cli.peer} reference server", "--case",
                  "server.completion.*", "--expected-failures", expected)
    assert proc.returncode == 1
    suite = ET.parse(tmp_path / "b" / "junit.xml").getroot().find("testsuite")
    [run_case] = [c for c in suite.iter("testcase") if c.get("classname") == "elicit-conform.run"]
    assert "stale baseline entry" in run_case.find("failure").get("message")
    assert suite.get("failures") == "1"


class Elements(html.parser.HTMLParser):
    """The elements and the text of an HTML page, as a browser's tokenizer sees them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.text, self.scripts = [], [], []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        (self.scripts if self._in_script else self.text).append(data)


def hostile_report(cli, tmp_path):
    report = tmp_path / "hostile"
    proc, results = run(cli, report, "server", "--command", HOSTILE_SERVER, "--case",
                        "server.form.request-well-formed", "--revision", "2025-11-25", "--timeout", "1000")
    assert proc.returncode == 1, proc.stderr[-2000:]
    return report, results


def test_every_report_keeps_a_hostile_transcript_as_text(cli, tmp_path):
    """serverInfo, tool descriptions, error messages and raw lines with </script>, ]]>, quotes,
    controls, a bidi override and bytes that are not UTF-8 (tests/suts/hostile_strings_server.py)."""
    report, results = hostile_report(cli, tmp_path)
    assert "</script>" in results["provenance"]["sut"]["serverInfo"]["name"]  # json round-trips it

    junit = (report / "junit.xml").read_text(encoding="utf-8")  # strict UTF-8
    root = ET.fromstring(junit)  # well-formed XML
    assert "]]>" not in junit and "<script" not in junit
    out = "".join(e.text or "" for e in root.iter("system-out"))
    assert "</script>" in out and "]]>" in out and "\\xFF\\xFE" in out  # there, as text

    page = (report / "report.html").read_text(encoding="utf-8")
    parsed = Elements()
    parsed.feed(page)
    tags = [t for t, _ in parsed.tags]
    assert tags.count("script") == 1 and "img" not in tags and "iframe" not in tags, tags
    [(_, attrs)] = [(t, a) for t, a in parsed.tags if t == "script"]
    assert "nonce" in attrs and "pwned" not in "".join(parsed.scripts)
    assert not any(k.startswith("on") for _, a in parsed.tags for k in a), "an event handler attribute"
    text = "".join(parsed.text)
    assert "</script><script>document.title='pwned'</script>" in text  # shown, not run
    assert "<img src=x onerror=alert(1)>" in text and "]]>" in text and '"quoted"' in text
    assert "\\xFF\\xFE" in text and "\\u{202e}" in text
    assert not CONTROLS.search(page.replace("\n", "").replace("\t", ""))
    # Self-contained: nothing is loaded from anywhere (links to anchors on the page only).
    for tag, attrs in parsed.tags:
        for key in ("src", "href"):
            assert not attrs.get(key) or attrs[key].startswith("#"), (tag, attrs)
    assert "default-src 'none'" in page


def test_report_md_puts_failures_first_and_carries_no_absolute_path(cli, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    proc, _ = run(cli, work / "r", "server", "--command", f"{cli.peer} reference server --fault complete-wrong-id",
                  "--case", "server.completion.*", "--timeout", "1500", cwd=work)
    md = (work / "r" / "report.md").read_text()
    assert str(ROOT) not in md and str(tmp_path) not in md, md[:600]
    assert md.index("## Failures") < md.index("## Summary") < md.index("## Runs") < md.index("## Requirements of")
    assert "server.completion.issued-id" in md[md.index("## Failures"):md.index("## Summary")]
    assert "cases/2025-11-25/server/" in md  # the case file, relative to the corpus
    page = (work / "r" / "report.html").read_text()
    assert str(ROOT) not in page.split("<h2>Runs</h2>")[0]  # the summary part of the page too
    # The outcome first, in the words of report.html's banner (both from run_outcome()): the line a
    # CI job's summary shows before anything else.
    headline = re.search(r'<div id="outcome"[^>]*>\s*<p><strong>([^<]+)</strong>', page).group(1)
    assert headline.endswith(f"exit {proc.returncode}") and proc.returncode == 1, headline
    # (Markdown escapes the punctuation it would read as markup; the words are the same.)
    assert re.sub(r"\\(.)", r"\1", md.split("\n")[2]) == f"**{html.unescape(headline)}**", md[:300]


CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-headless-shell", "chromium-browser")
                 if shutil.which(n)), None)


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium: `scripts/install-deps.sh --browser` installs "
                    "Debian's chromium to render report.html")
def test_report_html_renders_in_headless_chromium(cli, tmp_path):
    report, _ = hostile_report(cli, tmp_path)
    page = (report / "report.html").resolve().as_uri()
    common = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
              f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run(common + ["--dump-dom", page], capture_output=True, text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    # The filter script ran (it unhides the filter) and nothing the SUT sent did: no title change,
    # no extra element.
    assert '<fieldset id="filter">' in dom.stdout, dom.stdout[:2000]
    assert "<title>elicit-conform: server conformance</title>" in dom.stdout
    assert "<img" not in dom.stdout and dom.stdout.count("<script") == 1
    assert "&lt;/script&gt;&lt;script&gt;document.title='pwned'&lt;/script&gt;" in dom.stdout
    shot = tmp_path / "report.png"
    subprocess.run(common + [f"--screenshot={shot}", "--window-size=1200,1600", page], capture_output=True,
                   timeout=120)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10000


def test_report_html_filter_has_a_box_for_every_verdict_in_the_run(cli, tmp_path):
    """Before (issue 34): the verdict filter had no NOTE box, and its script hides every run whose
    verdict has no ticked box: with JavaScript, every NOTE run vanished from report.html."""
    report = tmp_path / "r"
    cli.run("client", "--command", f"{cli.peer} reference client --fault no-retry", "--case",
            "client.url-required.retry-after-complete", "--report-dir", report)
    results = json.loads((report / "results.json").read_text())
    assert [c["status"] for c in results["cases"]] == ["NOTE"], results["cases"]
    page = (report / "report.html").read_text()
    boxes = set(re.findall(r'<input type="checkbox" value="([A-Z]+)" checked>', page))
    # A box for every kind of run the page can hold (not testable and expected failures included).
    assert boxes == {"PASS", "FAIL", "UNTESTABLE", "EXPECTED", "WARN", "NOTE", "SKIP", "ERROR"}, boxes
    assert 'data-verdict="NOTE"' in page and 'data-filter="NOTE"' in page
    assert set(re.findall(r'data-filter="([^"]*)"', page)) <= boxes
    # A MAY not taken up says so beside its NOTE (never WARN: issue 31).
    assert "NOTE (a MAY, not a requirement)" in page


def test_a_failure_names_the_rule_it_broke_and_the_reports_quote_it_first(cli, tmp_path):
    """Issue 31, item 7. Before: a failed run quoted every rule of its case, the broken one not
    marked, and the requirement table gave the run's FAIL to every rule the case cites (a nested
    schema marked REQUEST-MESSAGE FAIL). Now the failing check's rule (or, for a step that expected
    other content, the rule check_message finds the closest message breaking) is the run's
    `broken_requirement`, quoted first in report.md and report.html, and alone takes the FAIL."""
    report = tmp_path / "r"
    run(cli, report, "server", "--command", f"{cli.peer} reference server --fault nest-schema", "--case",
        "server.form.request-well-formed", "--revision", "2025-11-25", "--timeout", "1500")
    results = json.loads((report / "results.json").read_text())
    [case] = results["cases"]
    broken = "EL-2025-11-25-FORM-SCHEMA-RESTRICTED"
    assert case["status"] == "FAIL" and case["broken_requirement"] == broken, case
    md = (report / "report.md").read_text()
    quotes = [line for line in md.splitlines() if line.startswith("> ")]
    assert quotes[0].startswith(f"> broken: **{broken}**"), quotes
    assert sum(q.startswith("> broken:") for q in quotes) == 1
    page = (report / "report.html").read_text()
    assert f'<blockquote class="broken">broken: <strong>{broken}</strong>' in page
    [section] = results["coverage"]
    status = {r["id"]: r["status"] for r in section["requirements"]}
    assert status[broken] == "FAIL"
    # The case's other rules were not what broke: the run gives them no FAIL.
    assert status["EL-2025-11-25-REQUEST-MESSAGE"] != "FAIL" and status["EL-2025-11-25-FORM-REQUESTED-SCHEMA"] != "FAIL"
