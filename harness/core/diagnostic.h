// A diagnostic is one finding about one place in one message: which check found it, which
// requirement of the spec it traces to, how binding that requirement is, where (a JSON pointer
// into the checked document) and a sentence a person can act on.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace ec {

// The RFC 2119 level of the requirement a finding breaks. Info is not a requirement: it marks
// what the checker could not judge (an unsupported pattern) or a hazard that no rule forbids.
enum class Level { Must, Should, May, Info };

std::string_view to_string(Level level);

struct Diagnostic {
  std::string check;        // stable check id, e.g. "schema.bounds.minimum-above-maximum"
  std::string requirement;  // requirement key, e.g. "FORM-SCHEMA-BOUNDS"; see spec/requirements.h
  Level level = Level::Must;
  std::string pointer;  // RFC 6901 pointer into the checked document; "" is the whole document
  std::string message;  // what is wrong and what to do, in one or two sentences
  std::string basis;    // which text the rule follows when sources disagree; empty otherwise
};

using Diagnostics = std::vector<Diagnostic>;

// True when any diagnostic is at `level`.
bool has_level(const Diagnostics& diagnostics, Level level);

// Number of diagnostics at `level`.
std::size_t count_level(const Diagnostics& diagnostics, Level level);

// True when `diagnostics` holds a finding with this check id (used heavily by tests).
bool has_check(const Diagnostics& diagnostics, std::string_view check);

// A diagnostic as a JSON object, the one form every JSON output gives it (results.json's
// sut_findings, check-message --json's diagnostics): check, requirement, level, pointer, message,
// then what the caller asks for. `requirement` is the key as the output names it
// (spec/requirements.h's requirement_id() of the revision). Every string is made valid UTF-8 first
// (core/utf8.h), since a message may quote a SUT's bytes.
struct DiagnosticJson {
  std::string_view requirement;
  const std::string* rule = nullptr;     // the rule's words, from the catalog: "rule"
  const std::string* section = nullptr;  // where the spec says it: "section"
  bool basis = false;                    // "basis", when the diagnostic has one
};
void write_diagnostic_json(rapidjson::Writer<rapidjson::StringBuffer>& writer, const Diagnostic& diagnostic,
                           const DiagnosticJson& with);

}  // namespace ec
