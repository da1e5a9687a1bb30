// One live SUT and one session for many fuzz inputs: the SUT is started and initialized once and
// restarted only when it dies (or, a client SUT, when its scripted user has run out of answers).
// A session sends one input, collects every message the SUT sends in reply, answers what a peer
// must answer, and hands the messages to the oracles (oracles.h). It never waits longer than
// the timeout for a message, and a SUT that goes silent is ended and restarted: the next input
// must not inherit a session that is stuck.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "spec/revision.h"
#include "sut_fuzzer/mutator.h"
#include "sut_fuzzer/oracles.h"

namespace ec {

struct FuzzSessionOptions {
  std::vector<std::string> command;  // argv of the SUT
  std::string url;  // server SUT over Streamable HTTP, running on its own (loopback); then no command
  bool client_http = false;  // client SUT over Streamable HTTP: the harness serves it (2026-07-28)
  Revision revision = default_revision();
  std::chrono::milliseconds timeout{5000};           // for each message the SUT owes us
  std::chrono::milliseconds startup_timeout{30000};  // start, connect, initialize
  std::string capabilities;  // client SUT: ELICIT_CONFORM_CAPABILITIES; server SUT: what the harness declares
  std::string relay_program;  // client SUT over stdio: the harness's own path (`elicit-conform relay`)
  std::size_t max_message_bytes = std::size_t{4} << 20;
  std::uint64_t seed = 1;  // client SUT: the scripted user of each (re)start
};

// What one input did. `input` is the input as it ran: a server input gains the `reply` the
// harness sent to the SUT's elicitation/create, so that a replay (and the minimiser) sends it again.
struct FuzzOutcome {
  rapidjson::Document input;
  std::vector<FuzzFinding> findings;
  bool sut_elicited = false;             // server SUT: it sent an elicitation/create
  rapidjson::Document accepted_content;  // client SUT: the content of its accept (Null when none)
  rapidjson::Document user_answer;       // client SUT: the scripted user answer it was given (Null: none)

  // One finding per key (oracle and signature) per input: the first says it.
  void add(FuzzFinding f) {
    for (const FuzzFinding& have : findings)
      if (have.key() == f.key()) return;
    findings.push_back(std::move(f));
  }
};

class FuzzSession {
 public:
  virtual ~FuzzSession() = default;
  // Runs one input (server: {"params", "reply"?}; client: {"params"}). False when the SUT cannot
  // be started (again): `error()` says why and the campaign ends.
  virtual bool run(const rapidjson::Value& input, FuzzRng& rng, FuzzOutcome& out) = 0;
  virtual std::size_t restarts() const = 0;
  virtual std::string error() const = 0;
  // Ends the SUT as its peer would (a client SUT gets its tool result first).
  virtual void stop() = 0;
  // Client SUT: from the next input until pin_user(nullptr), the client runs with a scripted user
  // who gives `answer` (an ELICIT_CONFORM_USER entry) to every elicitation, so that re-running a
  // smaller input while minimising an invalid-content finding meets the answer that made it, not
  // the next random one. The switch starts a fresh client (not counted as a restart). A server
  // SUT ignores it.
  virtual void pin_user(const rapidjson::Value* answer) { (void)answer; }
  FuzzCoverage coverage;
};

// A server SUT: on the modern wire (2026-07-28) the stateless session of
// modern_server_session.cpp, else the initialized one of server_session.cpp.
std::unique_ptr<FuzzSession> make_server_session(const FuzzSessionOptions& options);
std::unique_ptr<FuzzSession> make_modern_server_session(const FuzzSessionOptions& options);
// A client SUT: on the modern wire the rounds of modern_client_session.cpp, else the held
// call of client_session.cpp.
std::unique_ptr<FuzzSession> make_client_session(const FuzzSessionOptions& options,
                                                 const FuzzMutator& mutator);
std::unique_ptr<FuzzSession> make_modern_client_session(const FuzzSessionOptions& options,
                                                        const FuzzMutator& mutator);

}  // namespace ec
