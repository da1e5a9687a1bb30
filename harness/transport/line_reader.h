// Newline-delimited framing for stdio JSON-RPC: one message per line. The reader only frames:
// whether a line is JSON, or even UTF-8, is for core/json.h to say, so that a SUT printing
// garbage gets a diagnostic that quotes the garbage instead of a transport error.
//
// Promises, whatever the peer sends:
//  - memory stays below max_line_bytes plus one read chunk: a line that grows past the limit is
//    reported once as TooLarge and the rest of it, up to and including its newline, is read and
//    thrown away without being kept; lines after it come through normally;
//  - read() returns by its deadline (it may first take what is already available), even when the
//    peer keeps sending without ever finishing a line;
//  - partial data stays buffered between calls, so a Timeout loses nothing.
// A line loses its "\n" and one "\r" before it (CRLF peers are common on Windows). Lines that
// are empty or only blanks (space, tab, CR) are skipped: they carry no message, and counting
// them as malformed messages would punish a harmless habit.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "transport/deadline.h"

namespace ec {

struct ReadResult {
  enum Status {
    Line,      // `line` holds the next message
    Timeout,   // no complete line by the deadline
    Eof,       // the writer closed its end and every line was delivered
    TooLarge,  // a line went past max_line_bytes; it is being dropped
    Error,     // poll() or read() failed; `error_number` says why
  };
  Status status = Timeout;
  std::string line;
  std::size_t bytes_discarded = 0;  // TooLarge: bytes of that line dropped so far (the rest follows)
  bool unterminated = false;        // Line: the peer closed the stream in the middle of this line
  int error_number = 0;             // Error: errno
  std::string detail;               // Error: what went wrong, when a channel can say more than errno
  // Error over HTTP: the id (JSON text) of our request whose stream broke, "" when none; the
  // conversation is broken unless that request was one the reader can do without.
  std::string request_id;
  // Line over Streamable HTTP, what the transport carried beside the message, for the checks of
  // the 2026-07-28 transport rules: the HTTP status of the POST this message answered (our
  // client side; 0 when none), and whether the message came in a POST to our endpoint with which
  // MCP-Protocol-Version header (our server side; nullopt: no such header).
  int http_status = 0;
  bool http_post = false;
  std::optional<std::string> http_version_header;
};

class LineReader {
 public:
  static constexpr std::size_t kDefaultMaxLineBytes = std::size_t{4} << 20;  // as core's ParseLimits

  // Does not own `fd`; the fd may be blocking or not.
  explicit LineReader(int fd, std::size_t max_line_bytes = kDefaultMaxLineBytes);

  ReadResult read(Deadline deadline);

  // Bytes thrown away in oversized lines so far, newlines included.
  std::size_t total_discarded() const { return total_discarded_; }

 private:
  std::optional<ReadResult> take_buffered();
  std::optional<ReadResult> take_at_eof();
  void discard(const char* data, std::size_t size);

  int fd_;
  std::size_t max_line_bytes_;
  std::string buffer_;
  std::size_t head_ = 0;     // buffer_[0, head_) is consumed
  std::size_t scanned_ = 0;  // buffer_[head_, scanned_) holds no newline
  bool discarding_ = false;  // inside an oversized line, waiting for its newline
  bool eof_ = false;
  std::size_t total_discarded_ = 0;
  std::unique_ptr<char[]> chunk_;
};

}  // namespace ec
