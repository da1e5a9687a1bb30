#!/bin/sh
# A "client" that ignores the stdio server it is given and just waits.
exec sleep "${EC_TEST_SLEEP:-6175}"
