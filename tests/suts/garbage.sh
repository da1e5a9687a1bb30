#!/bin/sh
# Prints log lines, bytes that are not UTF-8 and half a JSON object instead of answering.
printf 'Server listening on stdio...\n\377\376 not utf-8\n{"jsonrpc":"2.0","id":\n'
exec sleep "${EC_TEST_SLEEP:-6171}"
