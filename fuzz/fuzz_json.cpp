// Fuzzes the bounded JSON parser (core/json.h) against its own writer: what every SUT byte meets
// first. Input: the bytes of one message. Invariants beyond "no crash":
//  - a refused input has an error offset inside the input and a message, and a Null document;
//  - notes (duplicate keys, -0, integers past 2^53) have offsets inside the input and are well formed;
//  - round trip: a document that parses re-parses after to_json, and to_json of the re-parsed
//    document is the same text, so the writer and the parser agree on every value (a member, a
//    type, a number's digits). The classification fuzz_jsonrpc checks reads values only, so it
//    classifies a re-parsed message as the original.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/json.h"
#include "fuzz_support.h"

namespace {

using ec::fuzz::require;

constexpr ec::ParseLimits kLimits{std::size_t{1} << 20, 64};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = ec::fuzz::as_text(data, size);
  const ec::ParsedJson parsed = ec::parse_json(bytes, kLimits);
  if (!parsed.ok()) {
    const ec::JsonError& e = *parsed.error;
    require(e.offset <= bytes.size(), "parse error offset is inside the input", e.message);
    require(!e.message.empty(), "parse error has a message");
    require(parsed.document.IsNull(), "a refused document is Null", e.message);
    ec::fuzz::require_well_formed({ec::to_diagnostic(e)}, "");
    return 0;
  }
  for (const ec::JsonNote& note : parsed.notes) {
    require(note.offset <= bytes.size(), "note offset is inside the input", note.detail);
    ec::fuzz::require_well_formed({ec::to_diagnostic(note)}, "");
  }
  // The re-parse may need more bytes than the input (1e2 is written 100.0).
  const std::string text = ec::to_json(parsed.document);
  const ec::ParsedJson again =
      ec::parse_json(text, ec::ParseLimits{std::size_t{64} << 20, kLimits.max_depth});
  require(again.ok(), "to_json output parses again", text);
  require(ec::to_json(again.document) == text, "to_json(parse(to_json(doc))) == to_json(doc)", text);
  return 0;
}
