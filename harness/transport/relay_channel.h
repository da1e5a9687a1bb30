// The harness end of the stdio relay when the SUT is a client: a Unix socket that every copy of
// the relay script connects to, one connection per time the client spawns its stdio server. A
// client may spawn it more than once in a case: a probe (2026-07-28-aware clients send
// `server/discover` first, and some spawn a throwaway server for it), then the session. So every
// connection is accepted and read; the session is the connection that sends `initialize`.
//
// receive() delivers the messages of every connection until one of them sends initialize, and of
// the session after that; messages of other connections after that are noted, not delivered. A
// response the harness sends goes back to the connection whose request it answers (a probe's
// request is answered on the probe); everything else goes to the session. A connection other
// than the session that closes is noted ("the client closed stdio server connection 1 (a
// probe)"), not an end: Eof comes when the session ends. Notes say when a connection opens and
// which one became the session.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "transport/message_channel.h"

namespace ec {

class RelayChannel final : public MessageChannel {
 public:
  // Takes `listen_fd` (a listening Unix socket) and `first_fd` (its first accepted connection);
  // closes both.
  RelayChannel(int listen_fd, int first_fd, std::size_t max_message_bytes);
  ~RelayChannel() override;
  RelayChannel(const RelayChannel&) = delete;
  RelayChannel& operator=(const RelayChannel&) = delete;

  bool send(const std::string& json, Deadline deadline) override;
  ReadResult receive(Deadline deadline) override;
  std::vector<std::string> take_notes() override { return std::exchange(notes_, {}); }

  // Ends every connection (the relays then exit).
  void shutdown();
  std::size_t connections() const { return connections_.size(); }

 private:
  struct Connection;
  void accept_new();
  void read_from(std::size_t index);
  std::string label(std::size_t index) const;

  int listen_fd_ = -1;
  std::size_t max_message_bytes_;
  std::vector<std::unique_ptr<Connection>> connections_;
  long session_ = -1;  // index of the connection that sent initialize
  std::vector<ReadResult> ready_;
  std::size_t ready_head_ = 0;
  std::map<std::string, std::size_t>
      pending_;  // request id (JSON) -> connection, for requests not of the session
  std::vector<std::string> notes_;
};

}  // namespace ec
