// elicit-conform: conformance and fuzz test suite for MCP elicitation. The subcommands are
// those of ../../shared/DESIGN.md; this build has the pure checkers (check-schema,
// check-message); the case runner, reports and reference peer build on them.
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/check_commands.h"

int main(int argc, char** argv) {
  CLI::App app{"elicit-conform: conformance checks for MCP elicitation"};
  app.require_subcommand(1);
  ec::CheckCommandOptions options;

  const auto add_common = [&](CLI::App* sub) {
    sub->add_option("--revision", options.revision, "protocol revision (2025-06-18, 2025-11-25; default: latest)");
    sub->add_flag("--json", options.json, "print one JSON object instead of text");
    sub->add_option("--max-bytes", options.max_bytes, "largest input accepted, in bytes")
        ->check(CLI::Range(std::size_t{2}, std::size_t{1} << 30));
    sub->add_option("--max-depth", options.max_depth, "deepest JSON nesting accepted")
        ->check(CLI::Range(std::size_t{1}, std::size_t{10000}));
  };

  CLI::App* schema = app.add_subcommand("check-schema", "check a requestedSchema against the restricted subset");
  schema->add_option("input", options.input, "FILE, or - for stdin")->required();
  add_common(schema);

  CLI::App* message = app.add_subcommand("check-message", "check one JSON-RPC elicitation message");
  message->add_option("input", options.input, "FILE, or - for stdin")->required();
  message->add_option("--request", options.request,
                      "the elicitation/create (message or params) that a result answers");
  add_common(message);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : ec::kExitUsage;
  }
  try {
    if (schema->parsed()) return ec::run_check_schema(options, std::cout, std::cerr);
    return ec::run_check_message(options, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "elicit-conform: internal error: " << e.what() << "\n";
    return 3;
  }
}
