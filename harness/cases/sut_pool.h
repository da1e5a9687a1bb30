// Server SUT processes kept between cases (`elicit-conform server --reuse-sut`, stdio only).
//
// Over stdio one process is one MCP session, so by default every case starts its own server and
// initializes it (per-case isolation). Starting a node or Python server costs 0.3-0.7 s, most of
// a case's time. With --reuse-sut a case that needs nothing of the session but an ordinary
// initialize (the 2025 wire) may be run in a session that an earlier case opened with the same
// handshake (revision asked, elicitation capability). Nothing of one case is seen by the next:
//  - a session is kept only after a case that ended quiescent (every request of either side
//    answered, the SUT alive, every message it sent kept) and a ping round trip after the case
//    on which the SUT sent nothing else;
//  - it is handed to the next case only after another such round trip, just before;
//  - request ids go on counting in the session (no id is reused: JSON-RPC ids are unique per
//    session), and the next case's transcript says whose session it joined.
// Anything else, and every case about the handshake itself, gets a process of its own, which
// the pool may start a little ahead (start_ahead) so that its start overlaps earlier cases.
// The adapter contract's side (docs/adapter-contract.md): the environment of a reused process is
// that of the case that started it.
#pragma once

#include <cstddef>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include "transport/child_process.h"
#include "transport/message_channel.h"

namespace ec {

// One initialized server session between cases.
struct WarmSut {
  std::unique_ptr<ChildProcess> child;
  std::shared_ptr<MessageChannel> channel;
  std::string started_by;      // the case whose run started the process
  std::string server_version;  // the protocolVersion of its answer to initialize
  int next_id = 1;             // the session's next numeric request id of ours
  std::size_t syncs = 0;       // the settle pings sent in the session so far
  std::size_t pool_pings = 0;  // the pool's own pings so far
  std::size_t cases = 1;       // cases it has served
};

class SutPool {
 public:
  // At most this many idle sessions: the oldest is ended to make room.
  static constexpr std::size_t kMaxIdle = 8;

  SutPool() = default;
  ~SutPool();  // ends every idle session's process and every process started ahead
  SutPool(const SutPool&) = delete;
  SutPool& operator=(const SutPool&) = delete;

  // An idle session of `key` that answered a ping and sent nothing else, or nullopt.
  std::optional<WarmSut> take(const std::string& key);
  // Keeps `sut` under `key` when it answers a ping and sends nothing else; else ends it.
  // False when it was ended (`why` says why).
  bool put(const std::string& key, WarmSut sut, std::string& why);

  // How many sessions were handed to a later case, over the pool's life.
  std::size_t reused() const;
  // Whether a session of `key` was ever kept: a later case of that key will probably join one.
  bool has_kept(const std::string& key) const;

  // Fresh processes started ahead of the case that will use them (its place in the plan), so
  // that a server's start (node: 0.3-0.7 s) overlaps the cases before it. Each is started with
  // that case's own command and environment and is never spoken to before the case takes it:
  // the case gets the process it would have started itself, only sooner. At most kMaxAhead.
  static constexpr std::size_t kMaxAhead = 3;
  void start_ahead(std::size_t index, const ChildOptions& options);
  // The process started ahead for `index`, or null; a later call for the same index gets null.
  std::unique_ptr<ChildProcess> take_started(std::size_t index);

 private:
  struct Idle {
    std::string key;
    WarmSut sut;
  };
  mutable std::mutex m_;
  std::list<Idle> idle_;  // oldest first
  std::size_t reused_ = 0;
  std::set<std::string> kept_keys_;
  std::map<std::size_t, std::unique_ptr<ChildProcess>> ahead_;
  std::set<std::size_t> claimed_;  // indices whose case has asked for its process
};

}  // namespace ec
