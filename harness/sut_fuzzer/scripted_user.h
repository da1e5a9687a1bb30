// The scripted user of a fuzzed client SUT (ELICIT_CONFORM_USER), shared by the sessions of both
// wires: which script each fresh client gets (the campaign's sequence of script kinds, or one
// answer pinned while the minimiser re-runs an input), whether every answer of it is the same (then
// the user oracles know what the user said, whatever entry the client took), and the kinds an
// adapter said SKIP to, which are not handed out again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

#include <rapidjson/document.h>

#include "sut_fuzzer/mutator.h"

namespace ec {

class ScriptedUser {
 public:
  ScriptedUser(const FuzzMutator& mutator, std::uint64_t seed, std::size_t answers)
      : mutator_(mutator), seed_(seed), answers_(answers) {}

  // From the next client on, every answer is `answer` (nullptr: the campaign's scripts again).
  // True when that changes the user: the running client must be replaced.
  bool pin(const rapidjson::Value* answer);

  // The ELICIT_CONFORM_USER of the next client, the `index`-th of the campaign (a pinned user
  // leaves the campaign's sequence as it is); counted in `coverage`.
  std::string next(std::size_t index, FuzzCoverage& coverage);

  // The adapter exited with the contract's SKIP for this client's script: true when that kind is
  // now skipped (a pinned or mixed script is never skipped: the adapter said it cannot run at all).
  bool skip_current(FuzzCoverage& coverage);

  const rapidjson::Value& script() const { return script_; }
  bool uniform() const { return uniform_; }
  bool pinned() const { return !pinned_.empty(); }

 private:
  const FuzzMutator& mutator_;
  std::uint64_t seed_;
  std::size_t answers_;
  std::string pinned_;                                 // ELICIT_CONFORM_USER while pinned, else empty
  rapidjson::Document script_{rapidjson::kArrayType};  // the running client's script
  FuzzMutator::UserScript kind_ = FuzzMutator::UserScript::Mixed;  // ... and its kind
  std::set<FuzzMutator::UserScript> skipped_;
  bool uniform_ = false;
};

}  // namespace ec
