// Starting a client SUT for a fuzzing campaign, as the adapter contract says
// (docs/adapter-contract.md): a relay folder and socket (transport/relay_listener.h), the client
// with the ELICIT_CONFORM_* environment and the relay script as its last argument, and the
// connection it opens to that script; or over Streamable HTTP (options.client_http) an endpoint of
// ours on loopback, its URL as the last argument, and the session its first POST opens. Shared by
// the sessions of both wires.
#pragma once

#include <memory>
#include <string>

#include "sut_fuzzer/session.h"
#include "transport/child_process.h"
#include "transport/http_server.h"
#include "transport/relay_channel.h"
#include "transport/relay_listener.h"

namespace ec {

struct FuzzClientProcess {
  std::unique_ptr<RelayListener> listener;  // owns the relay's folder: keep it while the client runs
  std::unique_ptr<HttpServer> server;       // over HTTP instead: our endpoint
  std::unique_ptr<ChildProcess> child;
  std::shared_ptr<MessageChannel> channel;

  // The client's end of the conversation closes (its EOF): the relay shuts down, the endpoint
  // stops and ends its streams.
  void shutdown();
};

// `user`: ELICIT_CONFORM_USER; `tool`: ELICIT_CONFORM_TOOL. False with `error` set (and nothing
// left running) when the folder, the process or its connection did not come.
bool start_fuzz_client(const FuzzSessionOptions& options, const std::string& user, const std::string& tool,
                       FuzzClientProcess& out, std::string& error);

}  // namespace ec
