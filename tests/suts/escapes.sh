#!/bin/sh
# A conformant SUT ($@, the reference server or client) that first leaves three processes
# outside its process group, each ignoring SIGTERM and SIGHUP:
#  - setsid, then a double fork: the sleep's parent exits at once, so it is an orphan from the
#    start (reparented to the nearest subreaper) and shares nothing with the SUT but the
#    environment;
#  - the same with the environment cleared (env -i): nothing at all leads back to the SUT;
#  - setsid with the intermediate shell kept alive: linked to the SUT by parentage only.
# $EC_TEST_SLEEP is expanded here, before env -i clears it, so the leftover checks see it.
setsid sh -c 'sh -c "trap \"\" TERM HUP; exec sleep $EC_TEST_SLEEP" &'
setsid env -i /bin/sh -c "(trap '' TERM HUP; exec sleep ${EC_TEST_SLEEP:-6176}) &"
setsid env -i /bin/sh -c "trap '' TERM HUP; sleep ${EC_TEST_SLEEP:-6176} & wait" &
exec "$@"
