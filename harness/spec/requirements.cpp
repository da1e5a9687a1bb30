#include "spec/requirements.h"

#include <array>

namespace ec {
namespace {

constexpr std::array kRequirements{
    Requirement{"JSONRPC-MESSAGE-FORMAT", Level::Must, Binds::Both, true, true},
    Requirement{"JSONRPC-ID-TYPE", Level::Must, Binds::Both, true, true},
    Requirement{"JSONRPC-RESULT-XOR-ERROR", Level::Must, Binds::Both, true, true},
    Requirement{"CAPABILITY-DECLARE", Level::Must, Binds::Client, true, true},
    Requirement{"CAPABILITY-AT-LEAST-ONE-MODE", Level::Must, Binds::Client, false, true},
    Requirement{"CAPABILITY-NEGOTIATION", Level::Must, Binds::Both, false, true},
    Requirement{"SERVER-MODE-DECLARED", Level::Must, Binds::Server, false, true},
    Requirement{"REQUEST-MESSAGE", Level::Must, Binds::Server, true, true},
    Requirement{"REQUEST-MODE", Level::Must, Binds::Server, false, true},
    Requirement{"CLIENT-MODE-DEFAULT", Level::Must, Binds::Client, false, true},
    Requirement{"FORM-REQUESTED-SCHEMA", Level::Must, Binds::Server, true, true},
    Requirement{"FORM-SCHEMA-RESTRICTED", Level::Must, Binds::Server, true, true},
    Requirement{"FORM-SCHEMA-FORMAT", Level::Must, Binds::Server, true, true},
    Requirement{"FORM-SCHEMA-CONSISTENT", Level::Should, Binds::Server, true, true},
    Requirement{"FORM-SCHEMA-ENUM", Level::Must, Binds::Server, true, true},
    Requirement{"FORM-SCHEMA-DEFAULT", Level::Must, Binds::Server, true, true},
    Requirement{"URL-PARAMS", Level::Must, Binds::Server, false, true},
    Requirement{"URL-VALID", Level::Must, Binds::Server, false, true},
    Requirement{"COMPLETE-ELICITATION-ID", Level::Must, Binds::Server, false, true},
    Requirement{"CLIENT-IGNORE-UNKNOWN-COMPLETE", Level::Must, Binds::Client, false, true},
    Requirement{"URL-REQUIRED-ERROR-LIST", Level::Must, Binds::Server, false, true},
    Requirement{"URL-REQUIRED-ERROR-URL-MODE", Level::Must, Binds::Server, false, true},
    Requirement{"CLIENT-ERR-STANDARD", Level::Must, Binds::Client, false, true},
    Requirement{"CLIENT-ERR-UNSUPPORTED-MODE", Level::Must, Binds::Client, false, true},
    Requirement{"CLIENT-URL-NO-PREFETCH", Level::Must, Binds::Client, false, true},
    Requirement{"CLIENT-URL-CONSENT", Level::Must, Binds::Client, false, true},
    Requirement{"RESULT-ACTION", Level::Must, Binds::Client, true, true},
    Requirement{"RESULT-CONTENT", Level::Must, Binds::Client, true, true},
    Requirement{"CLIENT-VALIDATE-CONTENT", Level::Should, Binds::Client, false, true},
    Requirement{"SERVER-VALIDATE-CONTENT", Level::Should, Binds::Server, false, true},
    // 2025-06-18 words the validation rule once, for both sides.
    Requirement{"CLIENT-VALIDATE-CONTENT", Level::Should, Binds::Client, true, false},
    Requirement{"SERVER-VALIDATE-CONTENT", Level::Should, Binds::Server, true, false},
};

}  // namespace

std::span<const Requirement> requirements() { return kRequirements; }

const Requirement* find_requirement(std::string_view key, Revision revision) {
  // A key may have one row per wording: the row of this revision wins.
  for (const Requirement& r : kRequirements) {
    const bool present = revision == Revision::V2025_06_18 ? r.in_2025_06_18 : r.in_2025_11_25;
    if (r.key == key && present) return &r;
  }
  return nullptr;
}

}  // namespace ec
