#include "cases/fuzz_client_process.h"

namespace ec {

bool start_fuzz_client(const FuzzSessionOptions& options, const std::string& user, const std::string& tool,
                       FuzzClientProcess& out, std::string& error) {
  out = FuzzClientProcess{};
  out.listener = RelayListener::create(options.relay_program, error);
  if (!out.listener) return false;
  const std::string revision(to_string(options.revision));
  ChildOptions c;
  c.argv = options.command;
  c.argv.push_back(out.listener->script_path());
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
  out.channel = out.listener->accept(Deadline::after(options.startup_timeout), options.max_message_bytes,
                                     [&] { return !(exited = child->poll_exit().has_value()); });
  if (out.channel) return true;
  error = exited ? "the client exited before it started its stdio server"
                 : "the client did not start the stdio server it was given";
  return false;
}

}  // namespace ec
