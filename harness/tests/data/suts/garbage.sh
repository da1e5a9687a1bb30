#!/bin/sh
# What a broken SUT prints instead of JSON-RPC: a log line on stdout, bytes that are not UTF-8,
# a NUL byte, half a JSON object, blank lines. Then one valid message, to show the reader recovers.
printf 'Server listening on stdio...\n'
printf '\377\376 not utf-8 \300\200\n'
printf 'nul:\000:byte\n'
printf '{"jsonrpc": "2.0", "id":\n'
printf '\n \t \n\n'
printf '{"jsonrpc":"2.0","id":1,"result":{}}\n'
