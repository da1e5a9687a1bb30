#!/bin/sh
# A client library that always declares both elicitation modes, whatever it is told (as the Python
# SDKs and FastMCP do when given an elicitation callback): the reference client (argv) with
# ELICIT_CONFORM_CAPABILITIES overridden. Issue 31: such a client used to get FAIL (not testable)
# or an adapter's SKIP on nearly every client case.
ELICIT_CONFORM_CAPABILITIES='{"form":{},"url":{}}'
export ELICIT_CONFORM_CAPABILITIES
exec "$@"
