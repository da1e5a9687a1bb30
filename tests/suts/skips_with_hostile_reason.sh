#!/bin/sh
# A SUT that cannot run the case and says why in words chosen to break reports: the reason is
# the bytes of the file $EC_TEST_REASON_FILE (one line, any bytes but newline).
printf 'elicit-conform: SKIP: ' >&2
cat "$EC_TEST_REASON_FILE" >&2
printf '\n' >&2
exit 77
