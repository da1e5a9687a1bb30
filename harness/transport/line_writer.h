// Writing to a peer that may stop reading or go away at any moment. Two promises:
//  - a deadline: a SUT that never reads its stdin fills the pipe, and a plain write() would then
//    block the harness forever;
//  - no SIGPIPE: writing to a pipe whose reader is gone raises SIGPIPE, whose default action kills
//    the harness. The signal is blocked in the writing thread for the duration of the write and a
//    SIGPIPE that the write itself raised is consumed, so the caller gets Closed instead. The
//    process's signal dispositions are left alone (ignoring SIGPIPE process-wide would change how
//    the CLI behaves when its own stdout is a closed pipe, and children would inherit SIG_IGN).
#pragma once

#include <string_view>

#include "transport/deadline.h"

namespace ec {

enum class WriteStatus {
  Ok,       // every byte was written
  Timeout,  // the deadline passed with bytes left over; a message may be cut in half
  Closed,   // nobody reads the other end any more (EPIPE)
  Error,    // any other failure (bad fd, ...); errno says which
};

std::string_view to_string(WriteStatus status);

// Writes every byte of `bytes` to `fd` by `deadline`. Works on non-blocking fds and, for pipes,
// on blocking ones too: it then writes at most PIPE_BUF bytes after poll() said the pipe had room,
// which the kernel guarantees not to block.
WriteStatus write_all(int fd, std::string_view bytes, Deadline deadline);

// One newline-delimited message (MCP stdio framing): `message` then "\n". `message` must not
// contain a newline itself; write_all() is there for deliberately broken framing.
WriteStatus write_line(int fd, std::string_view message, Deadline deadline);

}  // namespace ec
