#!/usr/bin/env node
// `npx elicit-conform ARGS`: runs the elicit-conform binary of the platform package npm installed
// beside this one (@elicit-conform/<platform>-<arch>, an optional dependency whose os and cpu
// match this machine; it holds scripts/package.sh's tree: bin/, lib/, share/), with the same
// arguments, streams and exit status. A signal sent to this process goes to the binary, which
// ends its SUTs and reports what ran; its own death by a signal is this process's too.
"use strict";
const { spawn } = require("child_process");
const path = require("path");

const platformPackage = `@elicit-conform/${process.platform}-${process.arch}`;
let root;
try {
  root = path.dirname(require.resolve(`${platformPackage}/package.json`));
} catch {
  console.error(
    `elicit-conform: no prebuilt binary for ${process.platform}-${process.arch}: ${platformPackage} is not ` +
      "installed (Linux x64 and arm64 with glibc are packaged; an install with --no-optional skips it)");
  process.exit(3);
}
const binary = path.join(root, "bin", "elicit-conform");
const child = spawn(binary, process.argv.slice(2), { stdio: "inherit" });
const forward = ["SIGINT", "SIGTERM", "SIGHUP"];
for (const signal of forward) process.on(signal, () => child.kill(signal));
child.on("error", (error) => {
  console.error(`elicit-conform: cannot run ${binary}: ${error.message}`);
  process.exit(3);
});
child.on("exit", (code, signal) => {
  if (signal) {
    for (const s of forward) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code);
});
