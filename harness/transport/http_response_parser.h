// An HTTP/1.1 response as it arrives on a socket (RFC 9112): the status line and header fields,
// then the body framed by Transfer-Encoding: chunked, Content-Length, or the end of the
// connection. Incremental and pure: feed() takes bytes split anywhere and returns the body bytes
// they complete, so a text/event-stream body can be parsed while it is still coming.
//
// The server is untrusted: the head may not pass max_head_bytes, a chunk-size line may not be
// absurd, and anything that is not HTTP/1.x gives Error with a sentence that says what was
// wrong. Interim 1xx responses are skipped. The body is not limited here: the caller decides
// how much of it to keep (an SSE stream has no end by design).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ec {

struct HttpHead {
  int status = 0;
  std::string reason;
  std::vector<std::pair<std::string, std::string>> headers;  // names lower-cased, values trimmed

  // The first value of a header (name in lower case), if present.
  std::optional<std::string> header(std::string_view name) const;
  // The media type of Content-Type without parameters, lower-cased ("" if absent).
  std::string media_type() const;
};

class HttpResponseParser {
 public:
  enum class State { Head, Body, Done, Error };
  static constexpr std::size_t kDefaultMaxHeadBytes = std::size_t{64} * 1024;

  explicit HttpResponseParser(bool head_request = false, std::size_t max_head_bytes = kDefaultMaxHeadBytes)
      : head_request_(head_request), max_head_bytes_(max_head_bytes) {}

  // Appends the body bytes that `bytes` completes to `body`. Bytes after the end of the
  // response are ignored (we send Connection: close).
  void feed(std::string_view bytes, std::string& body);
  // The connection ended: a body delimited by the close is done; anything else is cut short.
  void finish();

  State state() const { return state_; }
  const std::string& error() const { return error_; }
  const HttpHead& head() const { return head_; }  // valid from State::Body on

 private:
  bool parse_head(std::string_view text);
  void feed_chunked(std::string_view& bytes, std::string& body);
  void fail(std::string why);

  enum class Framing { Length, Chunked, UntilClose };
  enum class ChunkState { Size, Data, DataEnd, Trailer };

  bool head_request_;
  std::size_t max_head_bytes_;
  State state_ = State::Head;
  std::string error_;
  std::string buffer_;  // head bytes, or a chunk-size / trailer line being read
  HttpHead head_;
  Framing framing_ = Framing::UntilClose;
  unsigned long long remaining_ = 0;  // Length: body bytes left; Chunked/Data: chunk bytes left
  ChunkState chunk_ = ChunkState::Size;
};

}  // namespace ec
