#!/usr/bin/python3
"""The verdict of every run of the corpus against the reference peers, clean and with each fault,
in both roles and over both transports: a snapshot to compare two builds of the harness with.

    scripts/verdicts.py snapshot [--cli PATH] [--out FILE] [--only ROLE/TRANSPORT ...]
    scripts/verdicts.py compare BEFORE.json AFTER.json

A snapshot maps "role/transport/fault" to each run's case, revision, status, failing check and
untestable flag (the reason sentence too, shown but not compared: it may quote a timeout). Both
builds drive the reference peers of the same binary they are (`--cli`), so a change of the harness
shows up as a changed verdict, not as a changed peer. `compare` prints every difference and exits
1 when there is one, 0 when every verdict is the same. A snapshot also records how long each
corpus run took (wall seconds), which `compare` sums per role and transport.

Runs use -j 4 and --timeout 2500, as the kill matrices do; two runs go at a time.
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import select
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
KINDS = ["server/stdio", "server/http", "client/stdio", "client/http"]


def faults(cli, role):
    out = subprocess.run([cli, "reference", "--list-faults"], capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in out.splitlines() if f"({role}," in line]


def run_corpus(cli, kind, fault, folder):
    role, transport = kind.split("/")
    extra = ["--fault", fault] if fault else []
    args = ["-j", "4", "--timeout", "2500", "--report-dir", str(folder)]
    server = None
    start = time.monotonic()
    try:
        if role == "server" and transport == "http":
            server = subprocess.Popen([cli, "reference", "server", "--listen", "127.0.0.1:0", *extra],
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            ready, _, _ = select.select([server.stdout], [], [], 10)
            if not ready:
                raise RuntimeError(f"{kind} {fault}: the reference server printed no URL")
            url = server.stdout.readline().decode().strip()
            argv = [cli, "server", "--url", url, *args]
        elif role == "server":
            argv = [cli, "server", "--command", " ".join([cli, "reference", "server", *extra]), *args]
        else:
            argv = [cli, "client", "--command", " ".join([cli, "reference", "client", *extra]),
                    "--transport", transport, *args]
        proc = subprocess.run(argv, capture_output=True, timeout=900)
    finally:
        if server:
            server.kill()
            server.wait()
    seconds = time.monotonic() - start
    results = json.loads((folder / "results.json").read_text())
    cases = {f"{c['id']}@{c['revision']}": {"status": c["status"], "check": c.get("check", ""),
                                             "untestable": bool(c.get("untestable")), "reason": c.get("reason", "")}
             for c in results["cases"]}
    return {"exit": proc.returncode, "seconds": round(seconds, 2), "cases": cases}


def snapshot(args):
    cli = str(pathlib.Path(args.cli).resolve())
    kinds = args.only or KINDS
    jobs = [(kind, fault) for kind in kinds for fault in [""] + faults(cli, kind.split("/")[0])]
    out = {"cli": cli, "runs": {}}
    with tempfile.TemporaryDirectory(prefix="verdicts-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(args.parallel) as pool:
        futures = {pool.submit(run_corpus, cli, kind, fault, pathlib.Path(tmp) / f"{i}"): (kind, fault)
                   for i, (kind, fault) in enumerate(jobs)}
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            kind, fault = futures[future]
            out["runs"][f"{kind}/{fault or 'clean'}"] = future.result()
            print(f"[{done}/{len(jobs)}] {kind} {fault or 'clean'}: {future.result()['seconds']} s", file=sys.stderr)
    out["runs"] = dict(sorted(out["runs"].items()))
    pathlib.Path(args.out).write_text(json.dumps(out, indent=1) + "\n")
    print(f"{len(jobs)} corpus runs written to {args.out}")


def compare(args):
    before = json.loads(pathlib.Path(args.before).read_text())["runs"]
    after = json.loads(pathlib.Path(args.after).read_text())["runs"]
    differences = 0
    reasons = 0
    runs = 0
    for key in sorted(set(before) | set(after)):
        if key not in before or key not in after:
            print(f"{key}: only in {'after' if key in after else 'before'}")
            differences += 1
            continue
        b, a = before[key], after[key]
        if b["exit"] != a["exit"]:
            print(f"{key}: exit {b['exit']} -> {a['exit']}")
            differences += 1
        for case in sorted(set(b["cases"]) | set(a["cases"])):
            runs += 1
            vb, va = b["cases"].get(case), a["cases"].get(case)
            strip = lambda v: v and {k: v[k] for k in ("status", "check", "untestable")}
            if strip(vb) != strip(va):
                print(f"{key} {case}: {strip(vb)} -> {strip(va)}")
                if vb and va:
                    print(f"    before: {vb['reason'][:300]}\n    after:  {va['reason'][:300]}")
                differences += 1
            elif vb["reason"] != va["reason"]:
                reasons += 1
                if args.reasons:
                    print(f"{key} {case}: same verdict, reason\n    before: {vb['reason'][:300]}\n"
                          f"    after:  {va['reason'][:300]}")
    print(f"{runs} case runs in {len(before)} corpus runs compared: {differences} verdicts differ, "
          f"{reasons} reasons differ with the same verdict")
    for kind in KINDS:
        tb = sum(r["seconds"] for k, r in before.items() if k.startswith(kind + "/"))
        ta = sum(r["seconds"] for k, r in after.items() if k.startswith(kind + "/"))
        cb = before.get(f"{kind}/clean", {}).get("seconds")
        ca = after.get(f"{kind}/clean", {}).get("seconds")
        if tb and ta:
            print(f"  {kind:13} all runs {tb:7.1f} s -> {ta:7.1f} s ({tb / ta:4.1f}x); "
                  f"clean peer {cb} s -> {ca} s")
    return 1 if differences else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("snapshot")
    s.add_argument("--cli", default=str(ROOT / "build" / "default" / "elicit-conform"))
    s.add_argument("--out", default="verdicts.json")
    s.add_argument("--only", action="append", choices=KINDS)
    s.add_argument("--parallel", type=int, default=2, help="corpus runs at a time (each uses -j 4)")
    c = sub.add_parser("compare")
    c.add_argument("before")
    c.add_argument("after")
    c.add_argument("--reasons", action="store_true", help="also print reasons that changed")
    args = parser.parse_args()
    if args.command == "snapshot":
        snapshot(args)
        return 0
    return compare(args)


if __name__ == "__main__":
    sys.exit(main())
