#!/bin/sh
# Answers initialize, then exits while the case is still running.
IFS= read -r line
printf '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"x","version":"0"}}}\n'
exit 0
