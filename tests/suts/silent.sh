#!/bin/sh
# Never reads, never answers.
exec sleep 6172
