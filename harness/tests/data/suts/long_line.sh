#!/bin/sh
# One line of 10 MiB (no newline inside it), then a normal message.
head -c 10485760 /dev/zero | tr '\0' 'a'
printf '\n{"jsonrpc":"2.0","id":1,"result":{}}\n'
