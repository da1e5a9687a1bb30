#!/bin/sh
# Starts a process that leaves the process group (setsid) and writes to the stderr it shares,
# without end; it prints its pid first. The group's signals do not reach it (terminate() finds it
# in /proc), and it must not make terminate() wait for the end of stderr.
setsid sh -c 'printf "escaped %s\n" "$$"; exec yes "escaped noise" >&2' &
exec sleep 600
