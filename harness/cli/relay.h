// `elicit-conform relay SOCKET`: what a client under test spawns as its stdio server. It copies
// its stdin to the harness's Unix socket and the socket to its stdout, until either side ends.
// Not for users: the harness writes a one-line script that runs it (docs/adapter-contract.md, client SUTs).
#pragma once

#include <string>

namespace ec {

int run_relay(const std::string& socket_path);

}  // namespace ec
