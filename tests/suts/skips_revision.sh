#!/bin/sh
# A server adapter whose SDK cannot speak 2026-07-28 at all: it says so for the whole revision
# (SKIP-REVISION, exit 77) and counts its starts at that revision in $SKIP_REVISION_STARTS; at
# every other revision it is the reference server (the harness's own binary, $EC_CLI).
if [ "$ELICIT_CONFORM_PROTOCOL_VERSION" = "2026-07-28" ]; then
  echo start >> "$SKIP_REVISION_STARTS"
  echo "elicit-conform: SKIP-REVISION: SDK has no API for protocol revision 2026-07-28" >&2
  exit 77
fi
exec "$EC_CLI" reference server
