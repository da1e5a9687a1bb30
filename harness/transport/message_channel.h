// A JSON-RPC connection to a peer, whatever carries it: stdio lines (stdio_channel.h), a
// Streamable HTTP client (http_client_channel.h), or one session of our Streamable HTTP server
// (http_server.h). The step engine and the reference peer speak to this and so run the same
// over every transport.
//
// receive() has the statuses of LineReader::read (a message, Timeout, Eof, TooLarge, Error) and
// returns by its deadline whatever the peer does. Error carries a sentence in `detail` (an HTTP
// status, a dropped stream); after it the channel may still deliver messages of other streams.
#pragma once

#include <string>
#include <vector>

#include "transport/deadline.h"
#include "transport/line_reader.h"

namespace ec {

class MessageChannel {
 public:
  virtual ~MessageChannel() = default;

  // One JSON-RPC message, compact JSON without a newline. False: it could not be delivered
  // (take_notes() says why).
  virtual bool send(const std::string& json, Deadline deadline) = 0;
  virtual ReadResult receive(Deadline deadline) = 0;
  // What the transport saw since the last call that a reader of the transcript should know
  // (an HTTP status, a missing header); empty for stdio.
  virtual std::vector<std::string> take_notes() { return {}; }
};

}  // namespace ec
