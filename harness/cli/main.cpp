// elicit-conform: conformance and fuzz test suite for MCP elicitation. The subcommands
// (docs/cli.md): the pure checkers (check-schema, check-message), the case
// runner (server, client), list, and the reference peer.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/check_commands.h"
#include "cli/fuzz_command.h"
#include "cli/output.h"
#include "cli/relay.h"
#include "cli/run_commands.h"
#include "cli/version.h"
#include "core/suggest.h"

#ifndef EC_CASES_DIR
#define EC_CASES_DIR "cases"
#endif

namespace {

// The case folder: next to the binary when it is installed (<prefix>/bin/elicit-conform finds
// <prefix>/share/elicit-conform/cases), else the source tree it was built from, so that an
// installed copy works from any folder and without the sources.
std::string default_cases_dir() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const std::filesystem::path installed =
        self.parent_path().parent_path() / "share" / "elicit-conform" / "cases";
    if (std::filesystem::is_directory(installed, error)) return installed.string();
  }
  return EC_CASES_DIR;
}

// The names an option answers to: "--revision", "--spec-version", "-j".
std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::Option* o : app.get_options()) {
    for (const std::string& n : o->get_lnames()) out.push_back("--" + n);
    for (const std::string& n : o->get_snames()) out.push_back("-" + n);
  }
  return out;
}

// The one place an unknown name is reported: a parse that failed on a word no subcommand or
// option has ("sever", "--revison") gets the name it likely meant. Nothing for other parse errors
// (a missing value, a value out of range), which CLI11 words well itself.
std::optional<std::string> unknown_name_message(const CLI::App& app, const CLI::ParseError& e) {
  // By type: CLI11 names an ExtrasError after the subcommand that threw it.
  if (dynamic_cast<const CLI::ExtrasError*>(&e) == nullptr &&
      dynamic_cast<const CLI::RequiredError*>(&e) == nullptr)
    return std::nullopt;
  const std::vector<CLI::App*> chosen = app.get_subcommands();
  const CLI::App* sub = chosen.empty() ? nullptr : chosen.front();
  const std::vector<std::string> rest = app.remaining(/*recurse=*/true);
  const auto word = std::find_if(rest.begin(), rest.end(), [&](const std::string& w) {
    return sub == nullptr || (w.size() > 1 && w[0] == '-');  // a subcommand's positionals are its own
  });
  if (word == rest.end()) return std::nullopt;
  const std::string shown = ec::printable(*word);  // the user's bytes, but no control reaches the terminal
  const std::vector<const CLI::App*> visible =
      app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); });
  if (sub == nullptr && (*word)[0] != '-') {
    std::vector<std::string> commands(visible.size());
    std::transform(visible.begin(), visible.end(), commands.begin(),
                   [](const CLI::App* s) { return s->get_name(); });
    if (const auto guess = ec::closest_name(*word, commands))
      return "unknown command '" + shown + "'; did you mean '" + *guess + "'?";
    std::string all;
    for (const std::string& c : commands) all += (all.empty() ? "" : ", ") + c;
    return "unknown command '" + shown + "'; the commands are " + all;
  }
  const std::string name = word->substr(0, word->find('='));  // --revison=2025-11-25
  const std::string shown_name = ec::printable(name);
  const CLI::App& owner = sub != nullptr ? *sub : app;
  const std::string where = sub != nullptr ? " for '" + sub->get_name() + "'" : "";
  if (const auto guess = ec::closest_name(name, option_names(owner)))
    return "unknown option '" + shown_name + "'" + where + "; did you mean '" + *guess + "'?";
  // A right name in the wrong place: "list --command".
  std::string elsewhere;
  for (const CLI::App* s : visible) {
    const std::vector<std::string> names = option_names(*s);
    if (s != sub && std::find(names.begin(), names.end(), name) != names.end())
      elsewhere += (elsewhere.empty() ? "" : ", ") + s->get_name();
  }
  return "unknown option '" + shown_name + "'" + where +
         (elsewhere.empty() ? "" : "; it is an option of " + elsewhere) + " (elicit-conform " +
         (sub != nullptr ? sub->get_name() + " " : "") + "--help lists the options)";
}

// What the command line is parsed into, and the subcommands (CLI11 keeps pointers to the members:
// one object, alive for the whole of run_main()).
struct CommandLine {
  ec::CheckCommandOptions options;
  ec::RunCommandOptions run;
  std::vector<CLI::Option*> transport_options;
  std::string list_revision, list_role;
  bool coverage = false, checks = false, official = false, list_server = false, list_client = false;
  ec::ReferenceCommandOptions ref;
  ec::FuzzCommandOptions fuzz;
  std::string relay_socket;
  CLI::App *schema = nullptr, *message = nullptr, *server = nullptr, *client = nullptr, *list = nullptr,
           *reference = nullptr, *fuzz_app = nullptr, *relay = nullptr;
};

void add_check_commands(CLI::App& app, CommandLine& c) {
  ec::CheckCommandOptions& options = c.options;
  const auto add_common = [&](CLI::App* sub) {
    sub->add_option("--revision", options.revision,
                    "protocol revision (2025-06-18, 2025-11-25, 2026-07-28; default: 2025-11-25)");
    sub->add_flag("--json", options.json, "print one JSON object instead of text");
    sub->add_option("--max-bytes", options.max_bytes, "largest input accepted, in bytes")
        ->check(CLI::Range(std::size_t{2}, std::size_t{1} << 30));
    sub->add_option("--max-depth", options.max_depth, "deepest JSON nesting accepted")
        ->check(CLI::Range(std::size_t{1}, std::size_t{10000}));
  };

  CLI::App* schema =
      app.add_subcommand("check-schema", "check a requestedSchema against the restricted subset");
  schema->add_option("input", options.input, "FILE, or - for stdin")->required();
  add_common(schema);

  CLI::App* message = app.add_subcommand("check-message", "check one JSON-RPC elicitation message");
  message->add_option("input", options.input, "FILE, or - for stdin")->required();
  message->add_option("--request", options.request,
                      "the request a result answers: the elicitation/create (message or params); from "
                      "2026-07-28 the client request (message) an InputRequiredResult answers");
  message->add_option("--retry-of", options.retry_of,
                      "2026-07-28 on: the InputRequiredResult response (message) a retried request follows");
  add_common(message);
  c.schema = schema;
  c.message = message;
}

// `server` or `client`: the options both suite commands take.
CLI::App* add_suite(CLI::App& app, CommandLine& c, const char* name, const char* help) {
  ec::RunCommandOptions& run = c.run;
  CLI::App* sub = app.add_subcommand(name, help);
  sub->add_option("--command", run.command, "the SUT's command line (split like a shell, no shell runs)");
  sub->add_option("--url", run.url,
                  "server only: a Streamable HTTP endpoint on loopback (http://127.0.0.1:PORT/mcp)");
  c.transport_options.push_back(
      sub->add_option("--transport", run.transport,
                      "client only: how the client reaches the harness (stdio, http; default stdio, "
                      "http when the cases are chosen by an official-suite name)")
          ->capture_default_str());
  // --spec-version, -o/--output-dir, --scenario and --suite are the official suite's words
  // (docs/official-suite.md), so its command lines run here unchanged.
  sub->add_option("--revision,--spec-version", run.revision,
                  "only this revision (default: every revision a case lists; draft: 2026-07-28)");
  sub->add_option("--case", run.case_glob, "case id or glob (default: *)");
  sub->add_option("--scenario", run.scenario,
                  "a case id, or an official-suite scenario name (list --official shows those that map)");
  sub->add_option("--suite", run.suite,
                  "official-suite suites: all, active (no draft revision), core (same), draft (2026-07-28)");
  sub->add_option("--requirements", run.requirements,
                  "official-suite requirement set: the cases of the official scenarios this revision "
                  "requires (2025-11-25, 2026-07-28), at that revision");
  sub->add_flag("--force", run.force,
                "official-suite word, accepted: here a case runs only at the revisions it lists (noted on "
                "stderr)");
  sub->add_option("--cases", run.cases_dir, "the case folder")->capture_default_str();
  sub->add_option("--report-dir,-o,--output-dir", run.report_dir, "where the reports go")
      ->capture_default_str();
  sub->add_option("--format", run.formats, "json,junit,md,html (any of them)")->capture_default_str();
  sub->add_option("--expected-failures", run.expected_failures,
                  "expected-failures YAML (official suite form)");
  sub->add_option("--timeout", run.timeout_ms, "ms an expect step waits")
      ->check(CLI::Range(10, 600000))
      ->capture_default_str();
  sub->add_option("-j,--jobs", run.jobs, "cases run at once")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  sub->add_option("--startup-timeout", run.startup_timeout_ms,
                  "ms the SUT has to come up (start, connect, initialize); not part of --timeout")
      ->check(CLI::Range(100, 600000))
      ->capture_default_str();
  sub->add_flag("--strict", run.strict, "a WARN (a SHOULD not met) fails the run like a FAIL (exit 1)");
  sub->add_flag("--verbose", run.verbose, "print the reason of every non-passing case");
  return sub;
}

void add_suite_commands(CLI::App& app, CommandLine& c) {
  ec::RunCommandOptions& run = c.run;
  run.cases_dir = c.options.cases_dir;
  CLI::App* server = add_suite(app, c, "server", "run the server cases against a server under test");
  server->add_option(
      "--observe-tool", run.observe_tool,
      "instead of the corpus: call this tool, cancel every elicitation it sends, and check each one");
  server->add_flag(
      "--reuse-sut", run.reuse_sut,
      "stdio: run cases that need only an ordinary initialize in a server process that an earlier "
      "case with the same initialize started and left idle (default: a process per case)");
  server->add_option("--tool-args", run.tool_args,
                     "the --observe-tool's arguments, a JSON object (default {})");
  CLI::App* client = add_suite(app, c, "client", "run the client cases against a client under test");

  c.server = server;
  c.client = client;
}

void add_list_command(CLI::App& app, CommandLine& c) {
  CLI::App* list = app.add_subcommand("list", "list the cases");
  list->add_option("--revision,--spec-version", c.list_revision, "only cases of this revision");
  list->add_option("--role", c.list_role, "client or server");
  list->add_option("--cases", c.run.cases_dir, "the case folder")->capture_default_str();
  list->add_flag("--server", c.list_server,
                 "official-suite word: the official server scenarios that have cases here, one per line");
  list->add_flag("--client", c.list_client,
                 "official-suite word: the official client scenarios that have cases here, one per line");
  list->add_flag("--official", c.official,
                 "the official suite's scenario names and the cases of ours they map to");
  list->add_flag("--coverage", c.coverage,
                 "per requirement of the catalog: the cases that check it, or why it is excluded");
  list->add_flag("--checks", c.checks,
                 "every check id a run can report, as a baseline names it (case-id:check-id)");

  c.list = list;
}

void add_reference_command(CLI::App& app, CommandLine& c) {
  ec::ReferenceCommandOptions& ref = c.ref;
  CLI::App* reference = app.add_subcommand("reference", "the built-in reference peer (a conformant SUT)");
  reference->add_option("role", ref.role, "server or client");
  reference->add_option("server", ref.server_command, "client only: the command of its stdio server");
  reference->add_option("--fault", ref.fault, "break one named rule");
  reference->add_flag("--list-faults", ref.list_faults, "print the faults and the rule each breaks");
  reference->add_option(
      "--listen", ref.listen,
      "server only: serve Streamable HTTP on 127.0.0.1:PORT (0: any free port); prints the URL first");
  reference->add_flag(
      "--prime-sse", ref.prime_sse,
      "server over HTTP only: start every SSE stream with a priming event (id, empty data; SEP-1699)");
  reference->add_option(
      "--probe", ref.probe,
      "client only: discover (send server/discover before initialize) or respawn (spawn the "
      "stdio server once for that probe, then again for the session)");
  reference->add_option("--modes", ref.modes,
                        "client only: form or url, a client with that elicitation mode only (cases that "
                        "declare the other are SKIP)");
  reference->add_option("--versions", ref.versions,
                        "the protocol versions it supports, comma-separated, latest first");

  c.reference = reference;
}

void add_fuzz_command(CLI::App& app, CommandLine& c) {
  ec::FuzzCommandOptions& fuzz = c.fuzz;
  fuzz.cases_dir = c.options.cases_dir;
  CLI::App* fuzz_app =
      app.add_subcommand("fuzz", "fuzz a SUT: mutated elicitations in one session, findings as cases");
  fuzz_app->add_option("role", fuzz.role, "server or client: the role of the SUT")
      ->required()
      ->check(CLI::IsMember({"server", "client"}));
  CLI::Option* fuzz_command = fuzz_app->add_option(
      "--command", fuzz.command, "the SUT's command line (split like a shell, no shell runs)");
  fuzz_app
      ->add_option(
          "--url", fuzz.url,
          "server only: the SUT's Streamable HTTP endpoint on loopback (it runs on its own; a new session "
          "per restart)")
      ->excludes(fuzz_command);
  fuzz_app
      ->add_option("--transport", fuzz.transport,
                   "client only: stdio, or http (the harness serves the client on loopback; 2026-07-28)")
      ->check(CLI::IsMember({"stdio", "http"}))
      ->capture_default_str();
  fuzz_app->add_option("--duration", fuzz.duration, "seconds of fuzzing")->capture_default_str();
  fuzz_app->add_option("--seed", fuzz.seed, "same seed and same SUT behaviour: same inputs")
      ->capture_default_str();
  fuzz_app->add_option("--max-inputs", fuzz.max_inputs, "stop after this many inputs (0: no limit)");
  fuzz_app->add_flag("--stop-on-finding", fuzz.stop_on_finding,
                     "stop once the first finding is minimised and its case written (a CI gate)");
  fuzz_app->add_option("--out", fuzz.out, "summary.json and cases/ go here")->capture_default_str();
  fuzz_app->add_option("--shard", fuzz.shard, "i/n: run the i-th of n disjoint parts of the seed's inputs")
      ->capture_default_str();
  fuzz_app->add_option("--revision", fuzz.revision, "2025-06-18, 2025-11-25 or 2026-07-28")
      ->capture_default_str();
  fuzz_app->add_option("--timeout", fuzz.timeout_ms, "ms the SUT has for each message it owes")
      ->check(CLI::Range(10, 600000))
      ->capture_default_str();
  fuzz_app->add_option(
      "--capabilities", fuzz.capabilities,
      "the elicitation capability (server SUT: the harness declares it, default form+url, none: no "
      "elicitation capability; client SUT: ELICIT_CONFORM_CAPABILITIES, default form)");
  fuzz_app->add_option("--cases", fuzz.cases_dir, "the corpus the seeds come from")->capture_default_str();
  fuzz_app
      ->add_option("--case-share", fuzz.case_share,
                   "share of the wall time for case inputs: mutated corpus cases of what one session cannot "
                   "stage (first contact, URL traps, -32042, legacy versions), a fresh SUT each; 0: none")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  fuzz_app
      ->add_option("--progress", fuzz.progress,
                   "seconds between progress lines on stderr (inputs, findings, time); 0: none")
      ->check(CLI::Range(0.0, 86400.0))
      ->capture_default_str();

  c.fuzz_app = fuzz_app;
}

// The parse, and what CLI11 cannot say itself; the exit status when the command line is refused
// (or was --help, --version).
std::optional<int> parse(CLI::App& app, CommandLine& c, int argc, char** argv) {
  ec::RunCommandOptions& run = c.run;
  try {
    app.parse(argc, argv);
    for (CLI::Option* t : c.transport_options) run.transport_given = run.transport_given || t->count() > 0;
    if (run.revision == "draft") run.revision = "2026-07-28";  // the official suite's alias
    if (c.list_revision == "draft") c.list_revision = "2026-07-28";
    if ((c.server->parsed() || c.client->parsed()) && run.command.empty() && run.url.empty()) {
      // RequiredError(name) appends " is required" itself.
      throw CLI::RequiredError("--command (or, for servers, --url)");
    }
    if (c.reference->parsed() && c.ref.role.empty() && !c.ref.list_faults) {
      throw CLI::RequiredError("reference needs a role (server or client) or --list-faults",
                               CLI::ExitCodes::RequiredError);
    }
  } catch (const CLI::ParseError& e) {
    if (const std::optional<std::string> unknown = unknown_name_message(std::as_const(app), e)) {
      std::cerr << "elicit-conform: " << *unknown << "\n";
      return ec::kExitUsage;
    }
    const int code = app.exit(e);
    return code == 0 ? 0 : ec::kExitUsage;
  }
  return std::nullopt;
}

// The subcommand that was parsed, run.
int dispatch(const CommandLine& c) {
  try {
    if (c.schema->parsed()) return ec::run_check_schema(c.options, std::cout, std::cerr);
    if (c.server->parsed()) return ec::run_suite_command("server", c.run, std::cout, std::cerr);
    if (c.client->parsed()) return ec::run_suite_command("client", c.run, std::cout, std::cerr);
    if (c.relay->parsed()) return ec::run_relay(c.relay_socket);
    if (c.fuzz_app->parsed()) return ec::run_fuzz_command(c.fuzz, std::cout, std::cerr);
    if (c.list->parsed() && c.official) return ec::run_list_official(std::cout);
    if (c.list->parsed() && (c.list_server || c.list_client))
      return ec::run_list_official_sides(c.run.cases_dir, c.list_server, c.list_client, c.list_revision,
                                         std::cout, std::cerr);
    if (c.list->parsed())
      return ec::run_list_command(c.run.cases_dir, c.list_revision, c.list_role, c.coverage, c.checks,
                                  std::cout, std::cerr);
    if (c.reference->parsed()) {
      return ec::run_reference_command(c.ref, std::cout, std::cerr);
    }
    return ec::run_check_message(c.options, std::cout, std::cerr);
  } catch (const std::exception& e) {
    std::cerr << "elicit-conform: internal error: " << e.what() << "\n";
    return 3;
  }
}

}  // namespace

// main() below: what is outside its parse and run (building the command line) may throw too.
static int run_main(int argc, char** argv) {
  CLI::App app{"elicit-conform: conformance checks for MCP elicitation"};
  app.require_subcommand(1);
  const std::string commit = ec::tool_commit();
  const std::string date = ec::tool_commit_date();
  app.set_version_flag("--version", "elicit-conform " + ec::tool_version() + " (commit " + commit +
                                        (date.empty() ? "" : " of " + date) +
                                        (ec::tool_dirty() ? ", with uncommitted changes" : "") + ")");
  CommandLine c;
  c.options.cases_dir = default_cases_dir();
  add_check_commands(app, c);
  add_suite_commands(app, c);
  add_list_command(app, c);
  add_reference_command(app, c);
  add_fuzz_command(app, c);
  c.relay = app.add_subcommand("relay", "");  // hidden: the stdio server a client SUT spawns
  c.relay->group("");
  c.relay->add_option("socket", c.relay_socket)->required();
  if (std::optional<int> refused = parse(app, c, argc, argv)) return *refused;
  return dispatch(c);
}

int main(int argc, char** argv) {
  try {
    return run_main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "elicit-conform: internal error: " << e.what() << "\n";
  } catch (...) {
    std::cerr << "elicit-conform: internal error\n";
  }
  return 3;
}
