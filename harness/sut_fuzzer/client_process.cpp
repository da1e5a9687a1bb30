#include "sut_fuzzer/client_process.h"

#include <algorithm>

namespace ec {

void FuzzClientProcess::shutdown() {
  if (auto* relay = dynamic_cast<RelayChannel*>(channel.get())) relay->shutdown();
  if (server) server->stop();
}

bool start_fuzz_client(const FuzzSessionOptions& options, const std::string& user, const std::string& tool,
                       FuzzClientProcess& out, std::string& error) {
  out = FuzzClientProcess{};
  std::string address;
  if (options.client_http) {
    HttpServerOptions http;
    http.max_message_bytes = options.max_message_bytes;
    http.request_timeout = std::max(options.timeout, std::chrono::milliseconds(1000));
    // A server of the campaign's revision only, which delivers a mismatched header to be judged.
    http.modern = features(options.revision).modern_wire;
    http.legacy = !http.modern;
    out.server = HttpServer::start(http, error);
    if (!out.server) return false;
    address = out.server->url();
  } else {
    out.listener = RelayListener::create(options.relay_program, error);
    if (!out.listener) return false;
    address = out.listener->script_path();
  }
  const std::string revision(to_string(options.revision));
  ChildOptions c;
  c.argv = options.command;
  c.argv.push_back(address);
  c.environment = {{"ELICIT_CONFORM_CASE", "fuzz"},
                   {"MCP_CONFORMANCE_SCENARIO", "fuzz"},
                   {"MCP_CONFORMANCE_CONTEXT", R"({"name":"fuzz"})"},
                   {"ELICIT_CONFORM_PROTOCOL_VERSION", revision},
                   {"MCP_CONFORMANCE_PROTOCOL_VERSION", revision},
                   {"ELICIT_CONFORM_CAPABILITIES", options.capabilities},
                   {"ELICIT_CONFORM_USER", user},
                   {"ELICIT_CONFORM_TOOL", tool}};
  out.child = ChildProcess::spawn(c, error);
  if (!out.child) return false;
  bool exited = false;
  ChildProcess* child = out.child.get();
  if (out.server) {
    const Deadline until = Deadline::after(options.startup_timeout);
    while (!until.expired() && !exited) {
      if ((out.channel = out.server->accept(Deadline::after(std::chrono::milliseconds(50))))) return true;
      exited = child->poll_exit().has_value();
    }
    error = exited ? "the client exited before it sent a request to " + address
                   : "the client sent no request to " + address + " within the startup timeout";
    return false;
  }
  out.channel = out.listener->accept(Deadline::after(options.startup_timeout), options.max_message_bytes,
                                     [&] { return !(exited = child->poll_exit().has_value()); });
  if (out.channel) return true;
  error = exited ? "the client exited before it started its stdio server"
                 : "the client did not start the stdio server it was given";
  return false;
}

}  // namespace ec
