// Rendering findings for people (a terminal) and for machines (--json). Every string that may
// come from a SUT is escaped: control characters never reach the terminal raw (no escape
// sequence injection), and the JSON writer escapes per RFC 8259.
#pragma once

#include <ostream>
#include <string>

#include "cases/catalog.h"
#include "core/diagnostic.h"
#include "spec/revision.h"

namespace ec {

struct CheckOutcome {
  std::string input;    // the file name, or "-" for stdin
  std::string subject;  // "requestedSchema", "elicitation/create request, form mode", ...
  Revision revision = default_revision();
  Diagnostics diagnostics;
  const Catalog* catalog = nullptr;  // where the rule's words come from (the verified catalog)
};

// Terminal text: one block per finding with level, check id, pointer, message, the rule
// (requirement id and quote), and the basis when sources disagree; then a count line.
void write_text(std::ostream& out, const CheckOutcome& outcome);

// One JSON object: input, revision, subject, conforms, counts, diagnostics[].
void write_json(std::ostream& out, const CheckOutcome& outcome);

// For the terminal: invalid UTF-8 and every control (C0, DEL, C1, bidirectional controls) as
// visible escapes (report/escape.h), so no SUT byte can start an escape sequence.
std::string printable(std::string_view text);

}  // namespace ec
