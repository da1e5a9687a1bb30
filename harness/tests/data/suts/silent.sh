#!/bin/sh
# Never reads, never answers. The sleep is a second process in the group.
sleep 600
