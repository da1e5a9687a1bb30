#!/usr/bin/env bash
# Builds the adapters for the MCP Java SDK into sut/java-sdk/target/: one runnable jar
# (java-sdk-adapter.jar, maven-shade-plugin) with the pinned io.modelcontextprotocol.sdk:mcp of
# pom.xml, and a class-data archive (adapter.jsa) that shortens each JVM start. Does nothing when
# the jar is newer than the POM and every source. Maven runs offline (-o) when its local
# repository already has everything, online (Maven Central) otherwise; one build thread (-T 1).
# Prints one line on success.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
jar=target/java-sdk-adapter.jar

command -v java >/dev/null && command -v mvn >/dev/null \
  || { echo "java-sdk setup: java (17) and mvn are needed" >&2; exit 2; }

if [ -f "$jar" ] && [ -z "$(find pom.xml src -newer "$jar" -print -quit)" ]; then
  echo "java-sdk setup: $jar is current"
  exit 0
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! mvn -B -q -o -T 1 package >"$log" 2>&1; then
  if ! mvn -B -q -T 1 package >"$log" 2>&1; then
    cat "$log" >&2
    echo "java-sdk setup: mvn package failed" >&2
    exit 1
  fi
fi

# The class-data archive: the classes one server session loads (initialize, tools/list, a tool
# call that sends elicitation/create), dumped at exit. A start-up aid only: the adapter runs
# without it.
rm -f target/adapter.jsa
{
  printf '%s\n' \
    '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":{}},"clientInfo":{"name":"setup","version":"0"}}}' \
    '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
    '{"jsonrpc":"2.0","id":2,"method":"tools/list"}' \
    '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"elicit","arguments":{"params":{"message":"m","requestedSchema":{"type":"object","properties":{"a":{"type":"string"}}}}}}}'
  sleep 2
} | java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xss512k -XX:ArchiveClassesAtExit=target/adapter.jsa \
    -jar "$jar" server >/dev/null 2>"$log" || true
[ -f target/adapter.jsa ] || echo "java-sdk setup: no class-data archive (the adapter runs without it)" >&2
echo "java-sdk setup: built $jar (io.modelcontextprotocol.sdk:mcp $(sed -n 's:.*<mcp.version>\(.*\)</mcp.version>.*:\1:p' pom.xml))"
