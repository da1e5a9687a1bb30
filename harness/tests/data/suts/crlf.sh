#!/bin/sh
# Windows line endings, a blank CRLF line, a line with two CRs (only one is framing), and a
# last line without any newline.
printf '{"a":1}\r\n\r\n{"b":2}\r\r\n{"c":3}\n{"d":4}'
