// A requestState altered the way a client that means harm would alter it, for the case about a
// server that says its state is integrity-protected (MRTR-STATE-INTEGRITY,
// MRTR-STATE-REJECT-TAMPERED; docs/adapter-contract.md, "io.elicit-conform/state-protected").
// A send step names it as {"$tampered": {"capture": "s2", "replace": "Ann", "with": "Eve"}}.
#pragma once

#include <string>
#include <string_view>

namespace ec {

struct TamperedState {
  std::string state;  // the altered requestState (never equal to the one given)
  std::string how;    // for the transcript: "\"Ann\" replaced by \"Eve\" in ..."
};

// The alteration that best tests a server's verification, in this order:
//  1. `replace` where it shows in the state as plain text (a state of plain JSON keeps the
//     user's answers readable): every occurrence replaced by `with`;
//  2. `replace` inside a base64 or base64url segment of the state (the whole state, or one of its
//     '.'-separated parts, as in "payload.signature"), decoded, replaced and encoded again in the
//     same alphabet and padding, so that the state still parses and only verification can tell;
//  3. otherwise one character near the middle changed to the next letter or digit (a flipped
//     byte: in base64 text every one of its bits counts), so that an opaque, encrypted or signed
//     state is altered where no padding rule can hide it: the first letter or digit at or after
//     the middle byte, else the last one before it; in a state with none, the character at the
//     middle byte becomes "A" (the whole UTF-8 sequence, so that UTF-8 stays UTF-8); an empty
//     state becomes "A".
// A base64 segment has at least four characters before its padding; strict: one alphabet, '='
// only as padding to a multiple of four. Pure; `replace` and `with` should have the same length
// (the state keeps its length in 1 and 2).
TamperedState tamper_state(std::string_view state, std::string_view replace, std::string_view with);

}  // namespace ec
