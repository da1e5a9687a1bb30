#!/bin/sh
# A SUT whose SDK has no API for what any case needs: it says so and exits 77 (the skip status).
echo "elicit-conform: SKIP: SDK has no API for anything" >&2
exit 77
