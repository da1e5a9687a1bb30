#include "cli/fuzz_command.h"

#include <cstdio>
#include <ostream>

#include "core/json.h"
#include "run/execute.h"
#include "spec/revision.h"
#include "sut_fuzzer/campaign.h"
#include "transport/loopback_url.h"
#include "transport/word_split.h"

namespace ec {

int run_fuzz_command(const FuzzCommandOptions& c, std::ostream& out, std::ostream& err) {
  FuzzOptions o;
  o.role = c.role;
  const std::optional<Revision> revision = parse_revision(c.revision);
  if (!revision) {
    err << "elicit-conform fuzz: --revision " << c.revision
        << ": one of 2025-06-18, 2025-11-25, 2026-07-28\n";
    return 2;
  }
  o.session.revision = *revision;
  if (c.command.empty() == c.url.empty()) {
    err << "elicit-conform fuzz: give the SUT as --command CMD, or (server only) --url URL\n";
    return 2;
  }
  if (c.transport == "http") {
    // The 2025 wire's client session holds a tool call over the relay's one stream; over HTTP
    // only the modern wire's rounds are fuzzed.
    if (c.role != "client" || *revision != Revision::V2026_07_28) {
      err << "elicit-conform fuzz: --transport http is for a client SUT at --revision 2026-07-28 (a "
             "server over HTTP is fuzzed with --url)\n";
      return 2;
    }
    o.session.client_http = true;
  }
  if (!c.url.empty()) {
    std::string why;
    if (c.role != "server") {
      err << "elicit-conform fuzz: --url fuzzes a server over Streamable HTTP; a client is fuzzed with "
             "--command\n";
      return 2;
    }
    if (!parse_loopback_url(c.url, why)) {
      err << "elicit-conform fuzz: --url " << c.url << ": " << why << "\n";
      return 2;
    }
    o.session.url = c.url;
  } else {
    SplitResult words = split_command(c.command);
    if (!words.ok() || words.words.empty()) {
      err << "elicit-conform fuzz: --command: " << words.error.value_or("empty") << "\n";
      return 2;
    }
    o.session.command = std::move(words.words);
  }
  unsigned long long i = 0, n = 0;
  char slash = 0;
  if (std::sscanf(c.shard.c_str(), "%llu%c%llu", &i, &slash, &n) != 3 || slash != '/' || n == 0 || i >= n) {
    err << "elicit-conform fuzz: --shard " << c.shard << ": i/n with 0 <= i < n\n";
    return 2;
  }
  // "none", as a case file's sut.capabilities says it: the harness declares no elicitation
  // capability to a server SUT (LIFECYCLE-NEGOTIATED-ONLY). A client SUT must declare one to be fuzzed.
  if (c.capabilities == "none" && c.role != "server") {
    err << "elicit-conform fuzz: --capabilities none is for a server SUT (a client without the "
           "elicitation capability has nothing to fuzz)\n";
    return 2;
  }
  if (!c.capabilities.empty() && c.capabilities != "none" && !parse_json(c.capabilities).ok()) {
    err << "elicit-conform fuzz: --capabilities is neither JSON nor none\n";
    return 2;
  }
  o.shard = i;
  o.shards = n;
  o.duration_seconds = c.duration;
  o.seed = c.seed;
  if (c.max_inputs > 0) o.max_inputs = c.max_inputs;
  o.stop_on_finding = c.stop_on_finding;
  o.out_dir = c.out;
  o.cases_dir = c.cases_dir;
  o.case_share = c.case_share;
  o.progress_seconds = c.progress;
  o.session.timeout = std::chrono::milliseconds(c.timeout_ms);
  o.session.capabilities = c.capabilities;
  o.session.relay_program = harness_program();
  // Case inputs run as the cases of `elicit-conform server|client` would (run/execute.h).
  o.case_options =
      case_run_options({o.session.command, o.session.url,
                        !o.session.url.empty() || o.session.client_http ? Transport::Http : Transport::Stdio,
                        o.session.timeout, o.session.startup_timeout, *revision});
  o.case_options.max_message_bytes = o.session.max_message_bytes;
  SutProcesses processes(/*report_interrupts=*/false);
  return run_fuzz_campaign(o, out, err);
}

}  // namespace ec
