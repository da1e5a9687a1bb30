#!/bin/sh
# Never reads, never answers.
exec sleep "${EC_TEST_SLEEP:-6172}"
