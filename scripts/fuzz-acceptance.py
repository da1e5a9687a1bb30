#!/usr/bin/env python3
"""Issue 19's acceptance, measured: `elicit-conform fuzz` against the reference peers.

"Against the reference peers with each reference fault, the fuzzer finds the fault within 60 s and
the written case reproduces it; against the clean peers, no findings in 5 minutes."

For every fault of `BIN reference --list-faults` (or --only), one campaign of the fault's role
against `BIN reference ROLE --fault F` for --fault-seconds. When it finds something, every written
case (at most --max-replays, the first finding first) is replayed with --strict against the faulty
peer (must exit 1) and against the clean peer (must exit 0). Then the clean server and the clean
client are fuzzed for --clean-seconds each. Campaigns run one at a time (the machine is shared).

Time to the first finding: the campaign runs its whole duration (the fuzzer has no stop-at-first
option), so it is estimated as (input_index + 1) / (runs per second), where runs are the inputs
plus the minimiser's re-runs (summary.json's inputs_per_second counts inputs only, while the
minimiser's re-runs take their share of the time; before the first finding nothing was minimised).
The wall-clock second at which the first case file appeared is recorded too: an upper bound, as
the case is written after the finding is minimised.

Capabilities and revision come from the fault's own text (the --list-faults line): a client that
"declares URL mode" gets {"form":{},"url":{}}, "an empty elicitation capability" gets {}, a server
that sends "a mode the client's elicitation capability leaves out" meets a client that declares
form only, "a 2025-06-18 session" runs at 2025-06-18. A client fault that is about URL-mode
requests is tried with form and URL declared and, if that finds nothing, with the default (form).

Writes OUT/acceptance.json and OUT/ACCEPTANCE.md; the campaigns' own output goes to --work
(default /tmp/fuzz-acceptance-work).
--merge PREVIOUS.json keeps the faults (and, with --clean-seconds 0, the clean runs) of an earlier
run that this one did not rerun: a rerun of a fault with more time replaces its entry and keeps
the earlier attempt in it.

Usage: /usr/bin/python3 scripts/fuzz-acceptance.py --bin /tmp/ec-acc/bin/elicit-conform \
           --out reports/reference-fuzz [--fault-seconds 60] [--clean-seconds 300] [--seed 1] \
           [--only FAULT ...] [--merge reports/reference-fuzz/acceptance.json]
"""
import argparse
import datetime
import json
import os
import pathlib
import platform
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
FAULT_LINE = re.compile(r"^(\S+)\s+\((server|client), breaks ([A-Z0-9-]+)\): (.*)$")
FORM_URL = '{"form":{},"url":{}}'
FORM = '{"form":{}}'

# Why a fault the fuzzer did not find was not found, read from the oracles
# (harness/sut_fuzzer/oracles.cpp) and the sessions (sut_fuzzer/server_session.cpp,
# sut_fuzzer/client_session.cpp), and checked against the reference peers (harness/reference/). Three
# classes:
#   design: the fuzzer never produces the situation (a tool, a notification, a transport, a
#           revision, a handshake it does not fuzz): out of its reach by design;
#   gap:    the situation is on the fuzzer's wire, but no oracle's definition covers the rule
#           (the fuzzer as a whole misses it; no oracle misfired);
#   missed: an oracle's own definition covers it and it did not fire: MISSED.
# A fault not found and not listed here falls to reason_for()'s catalog and text rules, else MISSED.
REASONS = {
    # server SUT
    "link-in-form": ("gap", "SHOULD NOT, and check_message makes no finding for a link in a description; "
                     "broke-valid-request takes MUST only"),
    "http-url": ("gap", "SHOULD, and check_message makes no finding for an http:// URL; "
                 "broke-valid-request takes MUST only"),
    # client SUT
    "utf16-lengths": ("missed", "accepted-invalid-content covers it, and the mutator writes the string that shows it "
                      "(one astral character short of minLength), but at seed 1 the first such input comes about "
                      "9,400 inputs in (about 15 s): past a 10-s budget, within 60 s"),
}


# Faults found, but not through the effect their rule is about (read from the written cases).
FOUND_NOTES = {}

# What a replay that did not hold shows, by fault, when it is known (read from the case and the
# replay's report). Empty since the harness fixed the four of the first run (reports/reference-fuzz/README.md).
REPLAY_NOTES = {}


def catalog_revisions(cases):
    out = {}
    for path in sorted(pathlib.Path(cases, "requirements").glob("*.json")):
        doc = json.loads(path.read_text())
        out[doc.get("revision", path.stem)] = {r["key"] for r in doc["requirements"]}
    return out


def reason_for(fault, catalog):
    """(class, sentence) for a fault that was not found."""
    if fault["name"] in REASONS:
        return REASONS[fault["name"]]
    return ("missed", "an oracle should see this: MISSED")


def modern_only(fault, catalog):
    """A fault of the 2026-07-28 wire: its rule is in no 2025 catalog, or its text says so."""
    legacy = {r for r in catalog if r in ("2025-06-18", "2025-11-25")}
    text = re.match(r"(over Streamable HTTP )?on the 2026-07-28 wire|told (to speak|it supports) 2026-07-28",
                    fault["text"])
    return bool(text) or not any(fault["rule"] in catalog[r] for r in legacy)


def list_faults(binary):
    out = subprocess.run([binary, "reference", "--list-faults"], check=True, capture_output=True, text=True).stdout
    faults = []
    for line in out.splitlines():
        m = FAULT_LINE.match(line.strip())
        if not m:
            raise SystemExit(f"cannot read fault line: {line!r}")
        faults.append({"name": m[1], "role": m[2], "rule": m[3], "text": m[4]})
    return faults


def variants(fault, catalog):
    """(capabilities or None for the fuzzer's default, revision) to try, in order."""
    text, role = fault["text"], fault["role"]
    revision = "2025-06-18" if "2025-06-18 session" in text else "2025-11-25"
    if modern_only(fault, catalog):
        revision = "2026-07-28"
    if role == "client" and revision == "2026-07-28" and re.search(r"URL-mode", text):
        return [(FORM_URL, revision)]
    if role == "server" and "declared no elicitation capability" in text:
        return [("none", revision)]
    if "empty elicitation capability" in text:
        return [("{}", revision)]
    if role == "server" and "capability leaves out" in text:
        return [(FORM, revision)]
    if role == "client":
        if re.search(r"declares URL mode|declared url", text, re.I):
            return [(FORM_URL, revision)]
        # A repeated completion needs an id the client was given, which only URL mode issues.
        if re.search(r"\burl\b|URL-mode|completion notification for a completed id", text, re.I):
            return [(FORM_URL, revision), (None, revision)]
    return [(None, revision)]


def uptime():
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


HTTP_CLIENT = "http-client:"  # a client SUT's command, to be served over Streamable HTTP


def sut_args(sut):
    """A SUT is a command, a client command to serve over Streamable HTTP (HTTP_CLIENT), or the URL
    of a server already listening (Streamable HTTP)."""
    if sut.startswith(HTTP_CLIENT):
        return ["--transport", "http", "--command", sut[len(HTTP_CLIENT):]]
    return ["--url", sut] if sut.startswith("http://") else ["--command", sut]


class Listening:
    """A reference server over Streamable HTTP on a loopback port of its own; killed on exit."""

    def __init__(self, binary, fault=None):
        argv = [binary, "reference", "server", "--listen", "127.0.0.1:0"] + (["--fault", fault] if fault else [])
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.url = self.proc.stdout.readline().decode().strip()
        if not self.url.startswith("http://127.0.0.1:"):
            self.proc.kill()
            raise SystemExit(f"reference server --listen printed {self.url!r}, no URL")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.proc.kill()
        self.proc.wait()


def over_http(fault, catalog):
    """A server fault of the 2026-07-28 Streamable HTTP rules: fuzzed with `fuzz server --url`."""
    return fault["role"] == "server" and "Streamable HTTP" in fault["text"] and modern_only(fault, catalog)


def campaign(args, role, sut, out_dir, seconds, capabilities, revision, timeout_ms):
    if out_dir.exists():
        shutil.rmtree(out_dir)
    # --progress 0: stderr is read after the campaign, and is the error it reports when there is one.
    cmd = [args.bin, "fuzz", role, *sut_args(sut), "--duration", str(seconds), "--seed", str(args.seed),
           "--out", str(out_dir), "--cases", str(args.cases), "--revision", revision, "--progress", "0"]
    if timeout_ms:
        cmd += ["--timeout", str(timeout_ms)]
    if capabilities is not None:
        cmd += ["--capabilities", capabilities]
    case_dir = out_dir / "cases" / revision / role
    started = time.monotonic()
    first_file = None
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    # Minimising a silence costs a timeout per try: allow for it, then end the campaign (its own
    # process group, started here).
    cap = seconds + 60 + 60 * (timeout_ms or 5000) / 1000
    killed = False
    while proc.poll() is None:
        if first_file is None and case_dir.is_dir() and any(p.suffix == ".json" for p in case_dir.iterdir()):
            first_file = time.monotonic() - started
        if time.monotonic() - started > cap:
            os.killpg(proc.pid, signal.SIGTERM)
            killed = True
            proc.wait()
            break
        time.sleep(0.05)
    stdout, stderr = proc.communicate()
    wall = time.monotonic() - started
    summary_path = out_dir / "summary.json"
    summary = json.loads(summary_path.read_text()) if summary_path.exists() else None
    return {
        "command": cmd, "exit": proc.returncode, "killed": killed, "wall_seconds": round(wall, 2),
        "first_case_file_seconds": None if first_file is None else round(first_file, 2),
        "stderr": stderr.decode(errors="replace")[-1000:], "summary": summary,
        "stdout": stdout.decode(errors="replace")[-300:],
    }


def replay(args, role, cases, sut, case_id, revision, report_dir):
    cmd = [args.bin, role, "--cases", str(cases), *sut_args(sut), "--case", case_id, "--revision", revision,
           "--strict", "--timeout", "1500", "--report-dir", str(report_dir)]
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, None
    try:
        cases = json.loads((pathlib.Path(report_dir) / "results.json").read_text())["cases"]
        status = cases[0]["status"] if len(cases) == 1 else None
    except (OSError, ValueError, KeyError, IndexError):
        status = None
    return p.returncode, status


def run_fault(args, fault, work):
    if over_http(fault, args.catalog):
        with Listening(args.bin, fault["name"]) as faulty, Listening(args.bin) as clean:
            record = run_fault_on(args, fault, work, faulty.url, clean.url)
        record["transport"] = "http"
        return record
    role = fault["role"]
    if role == "client" and "Streamable HTTP" in fault["text"]:
        record = run_fault_on(args, fault, work, f"{HTTP_CLIENT}{args.bin} reference client --fault {fault['name']}",
                              f"{HTTP_CLIENT}{args.bin} reference client")
        record["transport"] = "http"
        return record
    return run_fault_on(args, fault, work, f"{args.bin} reference {role} --fault {fault['name']}",
                        f"{args.bin} reference {role}")


def run_fault_on(args, fault, work, faulty, clean):
    name, role = fault["name"], fault["role"]
    attempts = []
    record = dict(fault, found=False, oracle=None, signature=None, requirement=None, seconds_to_find=None,
                  first_case_file_seconds=None, replay_faulty_ok=None, replay_clean_ok=None,
                  fault_seconds=args.fault_seconds, attempts=attempts)
    for i, (caps, revision) in enumerate(variants(fault, args.catalog)):
        out_dir = work / "faults" / f"{name}.{i}"
        c = campaign(args, role, faulty, out_dir, args.fault_seconds, caps, revision, args.sut_timeout)
        s = c["summary"] or {}
        timing = s.get("timing", {})
        runs = s.get("inputs", 0) + s.get("minimise_runs", 0)
        rate = runs / timing["seconds"] if timing.get("seconds") else 0
        findings = s.get("findings", [])
        attempt = {"capabilities": caps, "revision": revision, "exit": c["exit"], "killed": c["killed"],
                   "wall_seconds": c["wall_seconds"], "inputs": s.get("inputs"),
                   "minimise_runs": s.get("minimise_runs"), "restarts": s.get("restarts"),
                   "inputs_per_second": timing.get("inputs_per_second"), "runs_per_second": rate,
                   "findings_by_oracle": s.get("findings_by_oracle"), "findings": findings,
                   "first_case_file_seconds": c["first_case_file_seconds"], "work": str(out_dir)}
        if c["exit"] not in (0, 1) or not s:
            attempt["error"] = (c["stderr"] or c["stdout"]).strip()
        attempts.append(attempt)
        if not findings:
            continue
        first = findings[0]
        record.update(found=True, oracle=first["oracle"], signature=first["signature"],
                      requirement=first["requirement"], capabilities=caps, revision=revision,
                      requirements=first.get("requirements") or [first["requirement"]],
                      # A case input's time is measured (it runs on a share of the wall time, not
                      # at the rate of the session's inputs).
                      seconds_to_find=(round(timing.get("found_at_seconds", {}).get(first["case"], 0), 3)
                                       if first.get("input") == "case" else
                                       round((first["input_index"] + 1) / rate, 3) if rate else None),
                      first_case_file_seconds=c["first_case_file_seconds"])
        replays = []
        for n, f in enumerate(findings[: args.max_replays]):
            case_file = out_dir / "cases" / revision / role / f["case"]
            case_id = json.loads(case_file.read_text())["id"]
            rf, faulty_status = replay(args, role, out_dir / "cases", faulty, case_id, revision,
                                       work / "replays" / name / f"{n}-faulty")
            rc, _ = replay(args, role, out_dir / "cases", clean, case_id, revision, work / "replays" / name / f"{n}-clean")
            # A robustness finding replays as NOTE, which fails no run (not under --strict either).
            robust = f.get("scope") == "robustness"
            faulty_ok = (rf == 0 and faulty_status == "NOTE") if robust else rf == 1
            replays.append({"case": f["case"], "oracle": f["oracle"], "faulty_exit": rf, "faulty_status": faulty_status,
                            "clean_exit": rc, "faulty_ok": faulty_ok, "clean_ok": rc == 0})
        record["replays"] = replays
        record["replay_faulty_ok"] = replays[0]["faulty_ok"]
        record["replay_clean_ok"] = replays[0]["clean_ok"]
        break
    return normalise(record, args.catalog)


def run_clean(args, role, revision, work):
    # A modern client declares URL mode too: its URL-mode accepts are judged (altered-action).
    caps = FORM_URL if role == "client" and revision == "2026-07-28" else None
    c = campaign(args, role, f"{args.bin} reference {role}", work / "clean" / f"{role}-{revision}",
                 args.clean_seconds, caps, revision, None)
    s = c["summary"] or {}
    return {"role": role, "revision": revision, "seconds": s.get("timing", {}).get("seconds"), "inputs": s.get("inputs"),
            "inputs_per_second": s.get("timing", {}).get("inputs_per_second"), "restarts": s.get("restarts"),
            "findings": len(s.get("findings", [])), "findings_detail": s.get("findings", []),
            "exit": c["exit"], "exercised": s.get("exercised"), "command": c["command"],
            "case_inputs": s.get("timing", {}).get("case_inputs"),
            "error": None if c["exit"] in (0, 1) else c["stderr"].strip()}


def headline(doc):
    faults = doc["faults"]
    found = [f for f in faults if f["found"]]
    within = [f for f in found if f["seconds_to_find"] is not None and f["seconds_to_find"] <= 60]
    replays_ok = [f for f in found if f["replay_faulty_ok"] and f["replay_clean_ok"]]
    design = [f for f in faults if not f["found"] and f["class"] == "design"]
    gap = [f for f in faults if not f["found"] and f["class"] == "gap"]
    missed = [f for f in faults if not f["found"] and f["class"] == "missed"]
    return {"faults": len(faults), "found": len(found), "found_within_60s": len(within),
            "found_by_an_oracle_citing_the_faults_rule": sum(1 for f in found if f["oracle_cites_rule"]),
            "found_not_through_the_faults_own_effect": [f["name"] for f in found if f.get("found_note")],
            "first_replay_reproduces_and_passes_clean": len(replays_ok),
            "not_reachable_by_design": len(design), "oracle_gap": len(gap), "missed": len(missed),
            "missed_faults": [f["name"] for f in missed],
            "replays_not_ok": [f["name"] for f in found if not (f["replay_faulty_ok"] and f["replay_clean_ok"])]}


def fmt(x, digits=1):
    return "-" if x is None else (f"{x:.{digits}f}" if isinstance(x, float) else str(x))


def ok(x):
    return "-" if x is None else ("yes" if x else "**NO**")


def write_markdown(doc, path):
    h = doc["headline"]
    lines = ["# The fuzzer against the reference peers (issue 19's acceptance)", "",
             "> Against the reference peers with each reference fault, the fuzzer finds the fault within 60 s "
             "and the written case reproduces it; against the clean peers, no findings in 5 minutes.", "",
             f"Generated by `scripts/fuzz-acceptance.py` on {doc['generated']}; seed {doc['seed']}; "
             f"{doc['machine']}; fault campaigns with `--timeout {doc['sut_timeout_ms']}`.", "",
             f"- load at start: `{doc['uptime_start']}`", f"- load at end: `{doc['uptime_end']}`"]
    if doc.get("uptime_reruns"):
        lines.append(f"- reruns: load at start `{doc['uptime_reruns']['start']}`, at end `{doc['uptime_reruns']['end']}`")
    lines += [f"- commands: `{doc['command']}`", "",
              "| | count |", "|---|---:|",
              f"| reference faults | {h['faults']} |",
              f"| found (any oracle) | {h['found']} |",
              f"| found within 60 s (estimated time to the first finding) | {h['found_within_60s']} |",
              f"| ... by an oracle citing the fault's own rule | {h['found_by_an_oracle_citing_the_faults_rule']} |",
              f"| first finding's case replays: exit 1 against the faulty peer and 0 against the clean one | "
              f"{h['first_replay_reproduces_and_passes_clean']} |",
              f"| not found: out of the fuzzer's reach by design | {h['not_reachable_by_design']} |",
              f"| not found: on the fuzzer's wire, but no oracle covers the rule (oracle gap) | {h['oracle_gap']} |",
              f"| not found: an oracle covers it (**MISSED**) | {h['missed']} |", ""]
    if h["found_not_through_the_faults_own_effect"]:
        lines += [f"Found, but not through the fault's own effect: {', '.join(h['found_not_through_the_faults_own_effect'])} "
                  "(below).", ""]
    if h["missed_faults"]:
        lines += [f"MISSED: {', '.join(h['missed_faults'])}.", ""]
    if h["replays_not_ok"]:
        lines += [f"Replays that did not hold: {', '.join(h['replays_not_ok'])} (see below).", ""]
    lines += ["## Clean peers", "", "Case inputs: mutated corpus cases, each against a fresh SUT, run (judged).", "",
              "| role | revision | seconds | inputs | inputs/s | restarts | case inputs | findings |",
              "|---|---|---:|---:|---:|---:|---:|---:|"]
    for c in doc["clean"]:
        ci = c.get("case_inputs")
        cases = f"{ci['runs']} ({ci['judged']})" if ci else "-"
        lines.append(f"| {c['role']} | {c.get('revision', '2025-11-25')} | {fmt(c['seconds'])} | {fmt(c['inputs'])} | {fmt(c['inputs_per_second'])} | "
                     f"{fmt(c['restarts'])} | {cases} | {c['findings']} |")
    lines += ["", "## Faults found", "",
              "Find s: the estimated time to the first finding, (input_index + 1) / (inputs + minimiser re-runs "
              "per second), or for a case input (oracle case-check) the campaign second it was found, as "
              "measured; case at s: the wall-clock second the first case file was written, after minimising, "
              "an upper bound. Replays: the first finding's case with `--strict` against the faulty peer "
              "(should exit 1; a robustness finding should replay as NOTE and exit 0) and the clean one (should "
              "exit 0); \"all\": every written case (up to 20). "
              "Rule?: whether the first finding cites the fault's own rule.", "",
              "| fault | role | rule | first finding | rule? | findings | budget s | find s | case at s | "
              "replay faulty | replay clean | all ok | capabilities |",
              "|---|---|---|---|---|---:|---:|---:|---:|---|---|---|---|"]
    for f in doc["faults"]:
        if not f["found"]:
            continue
        a = f["attempts"][-1]
        reps = f.get("replays", [])
        good = sum(1 for r in reps if r["faulty_ok"] and r["clean_ok"])
        lines.append(f"| {f['name']} | {f['role']} | {f['rule']} | {f['oracle']} `{f['signature']}` ({f['requirement']}) | "
                     f"{'yes' if f['oracle_cites_rule'] else 'no'} | {len(a['findings'])} | {fmt(f['fault_seconds'])} | "
                     f"{fmt(f['seconds_to_find'], 2)} | {fmt(f['first_case_file_seconds'])} | "
                     f"{ok(f['replay_faulty_ok'])} | {ok(f['replay_clean_ok'])} | {good}/{len(reps)} | "
                     f"{f.get('capabilities') or 'default'}{' at ' + f['revision'] if f.get('revision') != '2025-11-25' else ''}"
                     f"{' over HTTP' if f.get('transport') == 'http' else ''} |")
    noted = [f for f in doc["faults"] if f["found"] and f.get("found_note")]
    if noted:
        lines += ["", "### Found, but not through the fault's own effect", ""]
        for f in noted:
            lines.append(f"- **{f['name']}**: {f['found_note']}")
    bad = [f for f in doc["faults"] if f["found"] and not (f["replay_faulty_ok"] and f["replay_clean_ok"])]
    if bad:
        lines += ["", "### Replays that did not hold", ""]
        for f in bad:
            lines.append(f"- **{f['name']}**: {f.get('replay_note') or 'see acceptance.json'}")
    lines += ["", "## Faults not found", "",
              "Classes: *design*, the fuzzer never produces the situation; *gap*, the situation is on its wire "
              "but no oracle's definition covers the rule; **MISSED**, an oracle's definition covers it.", "",
              "| fault | role | rule | budget s | inputs | class | why not |", "|---|---|---|---:|---:|---|---|"]
    order = {"missed": 0, "gap": 1, "design": 2}
    for f in sorted((f for f in doc["faults"] if not f["found"]), key=lambda f: order[f["class"]]):
        inputs = "+".join(fmt(a["inputs"]) for a in f["attempts"])
        budget = "+".join([fmt(e["fault_seconds"]) for e in f.get("earlier_attempts", [])] + [fmt(f["fault_seconds"])])
        cls = "**MISSED**" if f["class"] == "missed" else f["class"]
        lines.append(f"| {f['name']} | {f['role']} | {f['rule']} | {budget} | {inputs} | {cls} | {f['reason']} |")
    lines.append("")
    path.write_text("\n".join(lines))


def normalise(record, catalog):
    """Class and reason (not found) or oracle_cites_rule (found) as this script reads them now."""
    for key in ("by_design", "class", "reason", "oracle_cites_rule"):
        record.pop(key, None)
    if record["found"]:
        record["oracle_cites_rule"] = record["rule"] in (record.get("requirements") or [record["requirement"]])
        for key, notes in (("replay_note", REPLAY_NOTES), ("found_note", FOUND_NOTES)):
            record.pop(key, None)
            if record["name"] in notes:
                record[key] = notes[record["name"]]
    else:
        record["class"], record["reason"] = reason_for(record, catalog)
    return record


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True, help="elicit-conform (a copy nobody rebuilds under you)")
    ap.add_argument("--out", required=True, help="acceptance.json and ACCEPTANCE.md go here")
    ap.add_argument("--work", default="/tmp/fuzz-acceptance-work",
                    help="campaign outputs and replay reports (kept out of reports/: they hold results.json)")
    ap.add_argument("--cases", default=str(ROOT / "cases"), help="the corpus the fuzzer seeds from")
    ap.add_argument("--fault-seconds", type=float, default=60)
    ap.add_argument("--clean-seconds", type=float, default=300, help="0: no clean runs")
    ap.add_argument("--only", nargs="+", metavar="FAULT", help="these faults only (the clean runs still run unless --clean-seconds 0)")
    ap.add_argument("--no-faults", action="store_true", help="the clean runs only")
    ap.add_argument("--clean", nargs="+", metavar="ROLE@REVISION",
                    default=["server@2025-11-25", "client@2025-11-25", "server@2026-07-28", "client@2026-07-28"],
                    help="the clean runs (with --merge, the earlier run's others are kept)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sut-timeout", type=int, default=1000,
                    help="fuzz --timeout (ms) of the fault campaigns; the clean runs keep the fuzzer's default")
    ap.add_argument("--max-replays", type=int, default=20, help="cases replayed per fault, the first one first")
    ap.add_argument("--merge", help="an earlier acceptance.json whose entries this run did not redo are kept")
    ap.add_argument("--regenerate", action="store_true",
                    help="run nothing: rewrite OUT/acceptance.json's classes, notes, headline and ACCEPTANCE.md")
    args = ap.parse_args()
    args.bin = str(pathlib.Path(args.bin).resolve())
    args.catalog = catalog_revisions(args.cases)
    out = pathlib.Path(args.out)
    work = pathlib.Path(args.work)
    out.mkdir(parents=True, exist_ok=True)
    work.mkdir(parents=True, exist_ok=True)

    if args.regenerate:
        doc = json.loads((out / "acceptance.json").read_text())
        doc["faults"] = [normalise(r, args.catalog) for r in doc["faults"]]
        doc["headline"] = headline(doc)
        (out / "acceptance.json").write_text(json.dumps(doc, indent=2) + "\n")
        write_markdown(doc, out / "ACCEPTANCE.md")
        print(json.dumps(doc["headline"]))
        return
    start_load = uptime()
    faults = list_faults(args.bin)
    names = {f["name"] for f in faults}
    if args.only:
        unknown = set(args.only) - names
        if unknown:
            raise SystemExit(f"unknown faults: {sorted(unknown)}")
        faults = [f for f in faults if f["name"] in args.only]
    if args.no_faults:
        faults = []
    results = []
    for i, fault in enumerate(faults, 1):
        t0 = time.monotonic()
        r = run_fault(args, fault, work)
        results.append(r)
        what = (f"found {r['oracle']} in ~{fmt(r['seconds_to_find'], 2)} s, replay faulty={ok(r['replay_faulty_ok'])} "
                f"clean={ok(r['replay_clean_ok'])}") if r["found"] else f"not found ({r['class']}: {r['reason']})"
        print(f"[{i}/{len(faults)}] {fault['name']} ({fault['role']}): {what} [{time.monotonic() - t0:.0f} s]",
              flush=True)
    clean = []
    if args.clean_seconds > 0:
        for role, revision in (c.split("@", 1) for c in args.clean):
            c = run_clean(args, role, revision, work)
            clean.append(c)
            print(f"clean {role} at {revision}: {c['inputs']} inputs, {fmt(c['inputs_per_second'])} inputs/s, "
                  f"{c['findings']} findings, exit {c['exit']}", flush=True)

    previous = json.loads(pathlib.Path(args.merge).read_text()) if args.merge else None
    if previous:
        mine = {r["name"]: r for r in results}
        merged = []
        for old in previous["faults"]:
            new = mine.pop(old["name"], None)
            if new is None:
                merged.append(old)
            else:
                new["earlier_attempts"] = old.get("earlier_attempts", []) + [
                    {"fault_seconds": old["fault_seconds"], "found": old["found"], "attempts": old["attempts"]}]
                merged.append(new)
        merged += mine.values()
        results = merged
        rerun = {(c["role"], c["revision"]) for c in clean}
        clean = [c for c in previous["clean"] if (c["role"], c.get("revision", "2025-11-25")) not in rerun] + clean
    command = " ".join(["/usr/bin/python3", "scripts/fuzz-acceptance.py"] + sys.argv[1:])
    doc = {"generated": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "seed": args.seed, "machine": f"{platform.node()} {platform.machine()}, {os.cpu_count()} cores",
           "uptime_start": start_load if not previous else previous["uptime_start"],
           "uptime_end": uptime(), "command": command if not previous else previous["command"] + " ; " + command,
           "binary": args.bin, "cases": args.cases, "sut_timeout_ms": args.sut_timeout,
           "faults": results, "clean": clean}
    if previous:
        doc["uptime_reruns"] = {"start": start_load, "end": doc["uptime_end"]}
    doc["faults"] = [normalise(r, args.catalog) for r in doc["faults"]]
    doc["headline"] = headline(doc)
    (out / "acceptance.json").write_text(json.dumps(doc, indent=2) + "\n")
    write_markdown(doc, out / "ACCEPTANCE.md")
    print(json.dumps(doc["headline"]))


if __name__ == "__main__":
    main()
