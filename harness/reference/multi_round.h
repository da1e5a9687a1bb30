// The adapter contract's two multi-round tools on the 2026-07-28 wire, as the reference server
// carries them out (docs/adapter-contract.md, "Multi-round tools"):
//   elicit_sequence {"params": [P1, ..., Pn]}  one round per P. Round k's InputRequiredResult asks
//       P_k under the key "step-k", and its requestState carries the answers so far, so that the
//       retry alone says where the call stands (mrtr.mdx: "the server processing the retry does
//       not need any information beyond what is directly present in the retry request");
//   elicit_together {"params": [P1, ..., Pn]}  one round asking all of them, keys "input-1" ...
//       "input-n"; a retry that lacks some of them is asked for those again (MRTR-ASK-AGAIN).
// After the last answer, a complete result whose one text content is the JSON array of the n
// ElicitResults, in the order of the params. Pure: the server checks the modes against the
// request's capabilities first, and wraps the step in its result.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "reference/faults.h"

namespace ec {

bool is_multi_round_tool(std::string_view tool);

// A digest of a tools/call's tool and arguments (FNV-1a, 16 hex digits), which the reference
// server's requestStates carry so that a state presented on another call is refused. Not
// integrity protection by itself: elicit's state (the digest alone) can do nothing worse than
// fail the request when altered, which the spec lets a server leave unprotected (mrtr.mdx); the
// multi-round tools' states carry the answers so far, which decide the result, so they go out
// sealed with an HMAC under a per-process key (reference/state_mac.h) and are verified on retry.
std::string call_fingerprint(const rapidjson::Value& call_params);

// The params the call asks with (its arguments' "params" array of objects); empty when the
// arguments are not such an array.
std::vector<const rapidjson::Value*> multi_round_params(const rapidjson::Value& arguments);

struct MultiRoundStep {
  enum class Kind { Ask, Complete, InvalidParams };
  Kind kind = Kind::InvalidParams;
  std::string input_requests;  // Ask: the inputRequests object, JSON
  std::string request_state;   // Ask: the requestState ("" for none)
  std::size_t round = 0;       // Ask: which round of the call this is, from 1
  std::string answers;         // Complete: the JSON array of the ElicitResults
  std::string why;             // InvalidParams: what is wrong, for the -32602 message
};

// What a server process remembers between requests: nothing, unless a fault makes it
// (rounds-on-connection keeps a sequence's answers here instead of in the requestState).
struct MultiRoundMemory {
  std::vector<std::string> answers;  // JSON of each ElicitResult so far
};

// One request of a call of `tool` (tools/call params: name, arguments, inputResponses?,
// requestState?).
MultiRoundStep multi_round_step(std::string_view tool, const rapidjson::Value& call_params, FaultId fault,
                                MultiRoundMemory& memory);

}  // namespace ec
