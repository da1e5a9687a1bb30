// The seeds of a fuzzing campaign: the elicitation params the corpus already sends. A server
// SUT's come from `tools/call` of the contract tool `elicit` (arguments.params), a client SUT's
// from `elicitation/create` requests; both from the `send` steps of cases/<revision>/<role>/.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "spec/revision.h"

namespace ec {

// `role` is "server" or "client" (the SUT's). Empty with `error` set when nothing could be read.
std::vector<std::shared_ptr<rapidjson::Document>> load_fuzz_seeds(const std::string& cases_dir,
                                                                  Revision revision, const std::string& role,
                                                                  std::string& error);

}  // namespace ec
