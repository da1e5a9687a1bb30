#!/bin/sh
# A "client" that ignores the stdio server it is given and just waits.
exec sleep 6175
