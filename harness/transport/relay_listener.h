// The harness's end of the stdio relay (`elicit-conform relay`, cli/relay.cpp) before a client SUT
// connects: a private folder (mode 0700: only we can reach the socket) under $TMPDIR when its path
// is short enough for a socket address (a sockaddr_un path holds 107 bytes), else under /tmp,
// holding a listening Unix socket and the script the client spawns as its stdio server, which
// execs `<relay_program> relay <socket>`. Used by the case runner (cases/client_run.cpp) and the
// fuzzer (sut_fuzzer/client_session.cpp). The folder is removed with this object.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "transport/deadline.h"
#include "transport/relay_channel.h"

namespace ec {

class RelayListener {
 public:
  // nullptr with `error` set when the folder, socket or script cannot be made.
  static std::unique_ptr<RelayListener> create(const std::string& relay_program, std::string& error);
  ~RelayListener();
  RelayListener(const RelayListener&) = delete;
  RelayListener& operator=(const RelayListener&) = delete;

  // The executable to hand the client as its stdio server.
  const std::string& script_path() const { return script_path_; }

  // The first connection by `deadline`, as a RelayChannel that takes the listening socket along
  // (a client that spawns its server again is the channel's business). nullptr when none came or
  // `keep_waiting` (asked every 50 ms: is the client still alive?) said to stop. Once only.
  std::shared_ptr<RelayChannel> accept(Deadline deadline, std::size_t max_message_bytes,
                                       const std::function<bool()>& keep_waiting);

 private:
  RelayListener() = default;
  std::string dir_;
  std::string script_path_;
  int listen_fd_ = -1;
};

}  // namespace ec
