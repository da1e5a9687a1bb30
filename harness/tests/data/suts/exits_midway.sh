#!/bin/sh
# Answers the first line, then exits with status 3 without reading anything more.
IFS= read -r line
printf '%s\n' "$line"
exit 3
