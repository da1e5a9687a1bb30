#include "spec/requirements.h"

#include <array>

namespace ec {
namespace {

constexpr std::array kRequirements{
    Requirement{"JSONRPC-MESSAGE-FORMAT", Level::Must, Binds::Both, true, true, true},
    Requirement{"JSONRPC-ID-TYPE", Level::Must, Binds::Both, true, true, true},
    Requirement{"JSONRPC-RESULT-XOR-ERROR", Level::Must, Binds::Both, true, true, true},
    // The wire as a whole (cases/wire_ledger.h): the ids of a run's requests and responses, and
    // every message against its revision's schema.json.
    Requirement{"JSONRPC-RESPONSE-SAME-ID", Level::Must, Binds::Both, true, true, true},
    Requirement{"JSONRPC-ID-UNIQUE", Level::Must, Binds::Both, true, true, true},
    Requirement{"JSONRPC-SPEC", Level::Must, Binds::Both, true, true, true},
    Requirement{"SCHEMA-MESSAGES", Level::Must, Binds::Both, true, true, true},
    Requirement{"CAPABILITY-DECLARE", Level::Must, Binds::Client, true, true, true},
    Requirement{"CAPABILITY-AT-LEAST-ONE-MODE", Level::Must, Binds::Client, false, true, true},
    Requirement{"CAPABILITY-NEGOTIATION", Level::Must, Binds::Both, false, true},
    Requirement{"SERVER-MODE-DECLARED", Level::Must, Binds::Server, false, true, true},
    Requirement{"REQUEST-MESSAGE", Level::Must, Binds::Server, true, true, true},
    Requirement{"REQUEST-MODE", Level::Must, Binds::Server, false, true, true},
    Requirement{"CLIENT-MODE-DEFAULT", Level::Must, Binds::Client, false, true, true},
    Requirement{"FORM-REQUESTED-SCHEMA", Level::Must, Binds::Server, true, true, true},
    Requirement{"FORM-SCHEMA-RESTRICTED", Level::Must, Binds::Server, true, true, true},
    Requirement{"FORM-SCHEMA-FORMAT", Level::Must, Binds::Server, true, true, true},
    Requirement{"FORM-SCHEMA-CONSISTENT", Level::Should, Binds::Server, true, true, true},
    Requirement{"FORM-SCHEMA-ENUM", Level::Must, Binds::Server, true, true, true},
    Requirement{"FORM-SCHEMA-DEFAULT", Level::Must, Binds::Server, true, true, true},
    Requirement{"URL-PARAMS", Level::Must, Binds::Server, false, true, true},
    Requirement{"URL-VALID", Level::Must, Binds::Server, false, true, true},
    Requirement{"COMPLETE-ELICITATION-ID", Level::Must, Binds::Server, false, true},
    Requirement{"CLIENT-IGNORE-UNKNOWN-COMPLETE", Level::Must, Binds::Client, false, true},
    Requirement{"URL-REQUIRED-ERROR-LIST", Level::Must, Binds::Server, false, true},
    Requirement{"URL-REQUIRED-ERROR-URL-MODE", Level::Must, Binds::Server, false, true},
    Requirement{"CLIENT-ERR-STANDARD", Level::Must, Binds::Client, false, true},
    Requirement{"CLIENT-ERR-UNSUPPORTED-MODE", Level::Must, Binds::Client, false, true},
    Requirement{"CLIENT-URL-NO-PREFETCH", Level::Must, Binds::Client, false, true, true},
    Requirement{"CLIENT-URL-CONSENT", Level::Must, Binds::Client, false, true, true},
    Requirement{"RESULT-ACTION", Level::Must, Binds::Client, true, true, true},
    Requirement{"RESULT-CONTENT", Level::Must, Binds::Client, true, true, true},
    Requirement{"CLIENT-VALIDATE-CONTENT", Level::Should, Binds::Client, false, true, true},
    Requirement{"SERVER-VALIDATE-CONTENT", Level::Should, Binds::Server, false, true, true},
    Requirement{"CLIENT-MANUAL-RETRY", Level::Should, Binds::Client, false, true, true},
    // 2026-07-28 (the modern wire): multi round-trip requests, the per-request _meta, resultType,
    // discovery and the error codes the checkers enforce.
    Requirement{"META-REQUIRED-FIELDS", Level::Must, Binds::Client, false, false, true},
    Requirement{"META-CLIENT-INFO", Level::Should, Binds::Client, false, false, true},
    Requirement{"META-SERVER-INFO", Level::Should, Binds::Server, false, false, true},
    Requirement{"RESULT-TYPE-REQUIRED", Level::Must, Binds::Server, false, false, true},
    Requirement{"RESULT-TYPE-SET", Level::Must, Binds::Both, false, false, true},
    Requirement{"ERROR-CODE-RETIRED", Level::Must, Binds::Both, false, false, true},
    Requirement{"ERROR-CODE-RESERVED-RANGE", Level::Must, Binds::Both, false, false, true},
    Requirement{"VERSION-UNSUPPORTED-ERROR", Level::Must, Binds::Server, false, false, true},
    Requirement{"CAPABILITY-MISSING-ERROR", Level::Must, Binds::Server, false, false, true},
    Requirement{"DISCOVER-MUST", Level::Must, Binds::Server, false, false, true},
    Requirement{"DISCOVER-SERVER-INFO", Level::Should, Binds::Server, false, false, true},
    Requirement{"MODERN-ONLY-INITIALIZE-ERROR", Level::Should, Binds::Server, false, false, true},
    Requirement{"MRTR-SERVER-USES-MRTR", Level::Must, Binds::Server, false, false, true},
    Requirement{"MRTR-SUPPORTED-REQUESTS-ONLY", Level::Must, Binds::Server, false, false, true},
    Requirement{"MRTR-INPUT-KEYS-UNIQUE", Level::Must, Binds::Server, false, false, true},
    Requirement{"MRTR-INPUT-REQUEST-TYPES", Level::Must, Binds::Server, false, false, true},
    Requirement{"MRTR-MAY-REQUEST-STATE", Level::May, Binds::Server, false, false, true},
    Requirement{"MRTR-IRR-NOT-EMPTY", Level::Must, Binds::Server, false, false, true},
    Requirement{"MRTR-DECLARED-ONLY", Level::Must, Binds::Server, false, false, true},
    Requirement{"MRTR-NO-UNDECLARED-ELICITATION", Level::Must, Binds::Server, false, false, true},
    Requirement{"MRTR-CLIENT-CONSTRUCT-INPUTS", Level::Must, Binds::Client, false, false, true},
    Requirement{"MRTR-CLIENT-ECHO-STATE", Level::Must, Binds::Client, false, false, true},
    Requirement{"MRTR-CLIENT-NO-INVENTED-STATE", Level::Must, Binds::Client, false, false, true},
    Requirement{"MRTR-RETRY-NEW-ID", Level::Must, Binds::Client, false, false, true},
    Requirement{"MRTR-IGNORE-UNKNOWN-RESPONSES", Level::Should, Binds::Server, false, false, true},
    // 2025-06-18 words the validation rule once, for both sides.
    Requirement{"CLIENT-VALIDATE-CONTENT", Level::Should, Binds::Client, true, false},
    Requirement{"SERVER-VALIDATE-CONTENT", Level::Should, Binds::Server, true, false},
};

}  // namespace

std::span<const Requirement> requirements() { return kRequirements; }

const Requirement* find_requirement(std::string_view key, Revision revision) {
  // A key may have one row per wording: the row of this revision wins.
  for (const Requirement& r : kRequirements) {
    bool present = false;
    switch (revision) {
      case Revision::V2025_06_18: present = r.in_2025_06_18; break;
      case Revision::V2025_11_25: present = r.in_2025_11_25; break;
      case Revision::V2026_07_28: present = r.in_2026_07_28; break;
    }
    if (r.key == key && present) return &r;
  }
  return nullptr;
}

}  // namespace ec
