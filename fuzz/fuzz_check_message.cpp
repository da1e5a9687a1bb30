// Fuzzes the whole-message checker: bounded parse, JSON-RPC classification, the typed
// elicitation parsers, the requestedSchema checker and the content validator, in both
// revisions. Beyond "no crash": every diagnostic carries a check id, a requirement key and a
// valid JSON pointer, and a message that parsed is judged the same way twice (no hidden state).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/json_pointer.h"
#include "schema/message_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  for (ec::Revision revision : ec::all_revisions()) {
    ec::MessageCheckOptions options;
    options.revision = revision;
    options.limits.max_bytes = 1 << 20;
    const ec::MessageReport first = ec::check_message_bytes(bytes, options);
    for (const ec::Diagnostic& d : first.diagnostics) {
      if (d.check.empty() || d.requirement.empty() || !ec::is_valid_pointer(d.pointer)) std::abort();
    }
    const ec::MessageReport second = ec::check_message_bytes(bytes, options);
    if (first.diagnostics.size() != second.diagnostics.size() || first.summary != second.summary)
      std::abort();
  }
  return 0;
}
