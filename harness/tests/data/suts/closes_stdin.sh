#!/bin/sh
# Closes its stdin, says so, then stays alive: a write to it finds no reader.
exec 0<&-
printf 'stdin closed\n'
exec sleep 600
