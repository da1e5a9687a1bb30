// Case inputs: what one live fuzzing session cannot stage, fuzzed by mutating the corpus cases
// that stage it. A session keeps one SUT and one MCP session for many inputs, so it never sees a
// client's first contact between the eras (which versions it probes with, whether it falls back
// to initialize), a URL the client must not open (no fetch is on the MCP wire: the case runner's
// URL trap sees it), a tool call refused with -32042, a server asked for a legacy or unsupported
// protocol version, or a legacy initialize sent to a modern-only server. The corpus has cases for
// each; a case input is one of them, changed by one to three mutations that keep what its checks
// expect, and run by the case runner against a fresh SUT:
//   rename          a token of the case (an elicitationId) becomes another everywhere it appears,
//                   in the URLs that carry it and the URL trap that watches them too;
//   text            a string the SUT only shows or logs (an elicitation's or an error's message, a
//                   tool result's text) becomes other text: Unicode, long, escapes;
//   discover-error  a client of a case whose harness plays a 2025 server gets another error for
//                   its server/discover probe (any code but the modern wire's own: the fallback
//                   must not depend on the code).
// A seed without any of these runs as it is. A check that fails (not a prerequisite: a SUT that
// cannot be tested is no finding) is a finding, deduplicated by seed and check; its case file is
// the mutated case itself, with as few of its mutations as still fail the check.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "cases/case_file.h"
#include "cases/catalog.h"
#include "spec/revision.h"
#include "sut_fuzzer/oracles.h"
#include "sut_fuzzer/rng.h"

namespace ec {

struct RunOptions;

struct CaseMutation {
  enum class Kind { Rename, Text, DiscoverError };
  Kind kind = Kind::Text;
  std::string pointer;           // Text: the string it replaces
  std::string from;              // Rename: the token replaced
  std::string to;                // Rename: its replacement; Text: the new text; DiscoverError: the message
  int code = 0;                  // DiscoverError
  std::string describe() const;  // one line for the case file's $comment
};

struct CaseInput {
  std::size_t seed = 0;  // index into FuzzCaseInputs::seeds()
  std::vector<CaseMutation> mutations;
};

struct CaseInputResult {
  std::optional<FuzzFinding> finding;     // a check failed
  std::vector<std::string> requirements;  // the case's, all of them (the finding names the first)
  bool ran = false;  // the SUT came up and was judged (false: skipped, not testable, error)
  std::string note;  // why it was not judged, when it was not
};

class FuzzCaseInputs {
 public:
  // The cases of `role` at `revision` over `transport` below `cases_dir` that stage one of the
  // situations above. None (and no error) when the corpus has none there.
  static FuzzCaseInputs load(const std::string& cases_dir, Role role, Revision revision, Transport transport,
                             std::string& error);

  bool empty() const { return seeds_.empty(); }
  const std::vector<Case>& seeds() const { return seeds_; }

  // A seed not in `retired` (indexes into seeds()), with mutations; `retired` must leave one.
  CaseInput draw(FuzzRng& rng, const std::set<std::size_t>& retired = {}) const;
  // The seed with the input's mutations applied, as the JSON of a case file whose id is `id`
  // ("" keeps the seed's).
  rapidjson::Document apply(const CaseInput& input, const std::string& id) const;
  // Runs the mutated case at `revision` (the runner's options: the SUT and its transport).
  CaseInputResult run(const CaseInput& input, Revision revision, const RunOptions& options) const;
  // Drops mutations one at a time while `fires` still holds; returns what is left (tries counted).
  CaseInput minimise(const CaseInput& input, const std::function<bool(const CaseInput&)>& fires,
                     std::size_t& tries) const;

 private:
  std::vector<Case> seeds_;
  std::shared_ptr<Catalog> catalog_;
};

// The finding's case-file name: "fuzz.case-check.<seed id>.<check id>" made file-safe.
std::string case_input_name(const FuzzFinding& finding);

}  // namespace ec
