"""The README's first screen and the links of the documentation (issue 34, item 6).

The README stays a first screen: at most 150 lines, its first lines the two commands a new machine
needs (CI and users run them as written, and .ci/run runs the test command), no path outside the
clone. Every relative link in README.md and docs/*.md names a file that exists, and a link with a
#fragment into a Markdown file names one of its headings, slugged as GitHub slugs them. And
docs/cli.md names every subcommand and option the built binary's --help prints (the one test here
that needs the build).
"""
import pathlib
import re
import urllib.parse

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

MAX_LINES = 150
FIRST_LINES = 15  # the two commands are within these
SETUP_COMMAND = ('scripts/setup.sh && build/default/elicit-conform server --command '
                 '"build/default/elicit-conform reference server"')
TEST_COMMAND = "scripts/test.sh"


def documents():
    return [README] + sorted((ROOT / "docs").glob("*.md"))


def prose(text, spans=False):
    """The text with code blocks blanked, and code spans unless `spans`: a link inside code is no link."""
    out, fence = [], None
    for line in text.split("\n"):
        stripped = line.lstrip()
        marker = re.match(r"(`{3,}|~{3,})", stripped)
        if fence is None and marker:
            fence = marker.group(1)[0] * 3
            out.append("")
            continue
        if fence is not None:
            if stripped.startswith(fence):
                fence = None
            out.append("")
            continue
        if line.startswith("    ") and (not out or out[-1] == "" or out[-1].startswith("    ")):
            out.append("")  # an indented code block
            continue
        out.append(line if spans else re.sub(r"(`+)(?:(?!\1).)+?\1", "", line))
    return "\n".join(out)


LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def links(path):
    """(line number, target) of every inline Markdown link and image of the file."""
    found = []
    for number, line in enumerate(prose(path.read_text(encoding="utf-8")).split("\n"), start=1):
        for m in LINK.finditer(line):
            found.append((number, m.group(1)))
    return found


def github_slug(heading):
    """GitHub's anchor for a heading: its text as rendered (code spans, links and emphasis reduced to
    their text), lower-cased, everything but letters, digits, spaces, hyphens and underscores
    dropped, each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # [text](url) -> text
    text = text.replace("`", "")
    text = re.sub(r"(\*\*|__|\*|_)(?=\S)(.+?)(?<=\S)\1", r"\2", text)  # emphasis
    text = re.sub(r"<[^>]+>", "", text)
    text = text.strip().lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def anchors(path):
    """Every anchor of a Markdown file: its headings' slugs, a repeated one with -1, -2, ..."""
    seen, result = {}, set()
    for line in prose(path.read_text(encoding="utf-8"), spans=True).split("\n"):
        m = re.match(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        slug = github_slug(m.group(2))
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        result.add(slug if count == 0 else f"{slug}-{count}")
    return result


def broken_links(path):
    problems = []
    for number, target in links(path):
        parsed = urllib.parse.urlsplit(target)
        if parsed.scheme or target.startswith("//"):
            continue  # http(s), mailto: not checked here (no network)
        file_part = urllib.parse.unquote(parsed.path)
        where = f"{path.relative_to(ROOT)}:{number}: {target}"
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.exists():
            problems.append(f"{where}: no such file")
            continue
        if ROOT not in linked.parents and linked != ROOT:
            problems.append(f"{where}: outside the repository")
            continue
        fragment = urllib.parse.unquote(parsed.fragment)
        if fragment and linked.suffix == ".md" and fragment not in anchors(linked):
            problems.append(f"{where}: {linked.name} has no heading with the anchor #{fragment}")
    return problems


def test_readme_is_a_first_screen():
    lines = README.read_text(encoding="utf-8").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    assert len(lines) <= MAX_LINES, f"README.md has {len(lines)} lines; at most {MAX_LINES}: move the detail to docs/"


def test_readme_starts_with_the_two_commands():
    first = [line.strip() for line in README.read_text(encoding="utf-8").split("\n")[:FIRST_LINES]]
    assert SETUP_COMMAND in first, f"the first {FIRST_LINES} lines of README.md lost the command: {SETUP_COMMAND}"
    assert TEST_COMMAND in first, f"the first {FIRST_LINES} lines of README.md lost the command: {TEST_COMMAND}"


def test_ci_runs_the_readme_test_command():
    commands = [line.split(" #")[0].strip()  # a trailing comment is no part of the command
                for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").split("\n")
                if not line.lstrip().startswith("#")]
    assert TEST_COMMAND in commands, ".ci/run no longer runs the README's test command, scripts/test.sh"


@pytest.mark.parametrize("path", documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(path):
    assert broken_links(path) == []


def test_readme_names_nothing_outside_the_clone():
    text = README.read_text(encoding="utf-8")
    for outside in ("../shared", "/work/shared"):
        assert outside not in text, f"README.md names {outside}: the product stands alone"


# The checker itself, on inputs whose answer is known.

def test_github_slugs():
    assert github_slug("Verdicts and exit codes") == "verdicts-and-exit-codes"
    assert github_slug("`--reuse-sut`: one process for many cases (stdio, opt-in)") == \
        "--reuse-sut-one-process-for-many-cases-stdio-opt-in"
    assert github_slug("Saying \"my SDK cannot do this\": SKIP") == "saying-my-sdk-cannot-do-this-skip"
    assert github_slug("Running with the official suite's words") == "running-with-the-official-suites-words"
    assert github_slug("The `elicit` contract tool") == "the-elicit-contract-tool"
    assert github_slug("Playing the modern wire (2026-07-28)") == "playing-the-modern-wire-2026-07-28"


def test_broken_links_are_found(tmp_path, monkeypatch):
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "b.md").write_text("# Title\n\n## A heading\n\n## A heading\n")
    page = tmp_path / "docs" / "a.md"
    page.write_text("# A\n\n"
                    "[ok](b.md) [ok](b.md#a-heading) [ok](b.md#a-heading-1) [ok](#a) [web](https://x.invalid/y)\n"
                    "`[in code](missing.md)`\n\n```\n[in a fence](missing.md)\n```\n\n"
                    "[gone](missing.md) [no anchor](b.md#nowhere) [self](#nowhere)\n")
    assert [p.split(": ", 2)[1] for p in broken_links(page)] == ["missing.md", "b.md#nowhere", "#nowhere"]


# docs/cli.md against the binary: every subcommand and every option its --help prints is named.

def help_options(text):
    """The long options of a CLI11 --help text (its Options section), --help itself left out."""
    section = text.split("Options:", 1)[1] if "Options:" in text else ""
    return sorted({m for m in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", section)} - {"--help"})


def help_subcommands(text):
    section = text.split("Subcommands:", 1)[1] if "Subcommands:" in text else ""
    return [m.group(1) for m in re.finditer(r"^\s+([a-z][a-z-]*)\s{2,}", section, re.M)]


def test_cli_md_names_every_subcommand_and_option(cli):
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    top = cli.run("--help").stdout.decode()
    subcommands = help_subcommands(top)
    assert {"server", "client", "list", "reference", "fuzz", "check-schema", "check-message"} <= set(subcommands)
    missing = []
    for option in help_options(top):
        if not re.search(re.escape(option) + r"(?![\w-])", doc):
            missing.append(option)
    for sub in subcommands:
        if not re.search(r"^#+ .*`" + re.escape(sub) + "`", doc, re.M):
            missing.append(f"a heading for {sub}")
        for option in help_options(cli.run(sub, "--help").stdout.decode()):
            if not re.search(re.escape(option) + r"(?![\w-])", doc):
                missing.append(f"{sub} {option}")
    assert missing == [], f"docs/cli.md does not name: {', '.join(missing)}"
