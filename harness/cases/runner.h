// Runs one case against a SUT over stdio or Streamable HTTP. The harness plays the other role:
// for a server case it is the client (initialize with the case's capabilities, then the steps),
// over the stdio of a process it starts or to a server's URL; for a client case it is the
// server: the client is given the path of a relay script to spawn as its stdio server (the
// relay connects back to the harness over a Unix socket), or the URL of our HTTP endpoint.
//
// Step semantics (see cases/case.schema.json):
//   send     writes a request (ids 1, 2, ...) or a notification (notifications/*)
//   expect   takes the first unconsumed SUT message matching the pattern, waiting up to its
//            timeout; while waiting, SUT requests that no remaining step expects are answered
//            as a conformant client would (elicitation/create in an undeclared mode: -32602;
//            otherwise cancel; ping: {}; anything else: -32601)
//   reply    answers the SUT request an earlier expect step matched
//   expect_silence_ms, check   as named
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cases/case_file.h"
#include "cases/run_record.h"
#include "transport/message_channel.h"

namespace ec {

class SutPool;

struct RunOptions {
  std::vector<std::string> command;  // the SUT, already split into words
  // Server cases: a Streamable HTTP endpoint to connect to instead of starting `command`.
  std::string url;
  // Client cases: how the SUT reaches the harness (stdio relay, or our Streamable HTTP endpoint).
  Transport transport = Transport::Stdio;
  std::chrono::milliseconds case_timeout{20000};   // the whole case, SUT start to end
  std::chrono::milliseconds expect_timeout{5000};  // an expect step without within_ms
  // Until the SUT is up (started, connected, initialize answered or sent); not part of the case
  // timeout: a node SUT on a loaded CI machine can take seconds to answer initialize.
  std::chrono::milliseconds startup_timeout{30000};
  std::size_t max_message_bytes = std::size_t{4} << 20;
  // What a case keeps of what the SUT sends (cases/retention.h): parsed messages, and the
  // transcript. A SUT may send gigabytes in a case; the harness's memory stays bounded.
  std::size_t max_kept_bytes = std::size_t{64} << 20;
  std::size_t max_transcript_bytes = std::size_t{4} << 20;
  // Client cases: the program the stdio relay script runs (`<program> relay SOCKET`); the CLI
  // passes its own path.
  std::string relay_program;
  // --revision: the only revision the plan runs. A case whose peer negotiates another revision
  // the case lists runs at that revision, unless the plan runs it there anyway (then SKIP).
  std::optional<Revision> only_revision;
  // Server cases over stdio, --reuse-sut: sessions kept between cases (sut_pool.h); null: a
  // process per case.
  SutPool* sut_pool = nullptr;
  std::size_t plan_index = 0;  // the case's place in the run's plan (SutPool::start_ahead)
  // Tests and fuzz targets: the SUT is this channel (transport/memory_channel.h: a script), not a
  // process, a relay or a URL. Nothing is started, `command`, `url` and `sut_pool` are not read,
  // the run is recorded as over stdio, and what needs a second connection (latest-version's second
  // session, the URL trap's listener) has none: a second session fails the check, the trap sees
  // no request.
  std::shared_ptr<MessageChannel> channel;
  // With `channel`: the scripted second session of a server case whose steps say "session": "B"
  // (null: such a case is SKIP, as it is over stdio).
  std::shared_ptr<MessageChannel> second_channel;
};

RunRecord run_case(const Case& c, Revision revision, const RunOptions& options);

}  // namespace ec
