// Fuzzes the oracles of the SUT fuzzer, `elicit-conform fuzz` (sut_fuzzer/oracles.h,
// sut_fuzzer/modern_oracles.h): the pure functions that judge what a SUT answered to a mutated
// message. Named sut_fuzz_oracles so that nobody takes it for libFuzzer's own machinery.
// Input: a byte choosing the oracle (modulo their number), a byte of flags (the revision, the
// capability the client declared, a boolean, the meta fault or retry kind; each oracle runs at
// the revisions whose sessions call it: those of the modern wire at 2026-07-28, those only the
// 2025 sessions call at a 2025 revision), then up to four JSON
// documents separated by NUL bytes: the SUT's message and what it answers, in the order of each
// oracle's parameters (below). A part that is not JSON ends the input (the sessions hand the
// oracles parsed messages only), except for the oracles that read bytes: jsonrpc_findings
// takes the first part as the SUT's line, normalise_pointer as a pointer.
// Invariants beyond "no crash":
//  - every finding is well formed: an oracle name of [a-z-] (it is part of a file name), a
//    signature, a requirement of the table, a MUST or SHOULD level, a detail; where the signature
//    is "<check> <pointer>", the pointer is a valid JSON pointer;
//  - diagnostics (elicit_result_diagnostics, request_diagnostics) are well formed as every
//    target's are (fuzz_support.h);
//  - every oracle is a function of its arguments: called twice, the same findings;
//  - normalise_pointer keeps a pointer valid, keeps its depth, and is idempotent.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/json_pointer.h"
#include "embedded_catalog.h"
#include "fuzz_support.h"
#include "spec/capability.h"
#include "spec/revision.h"
#include "sut_fuzzer/modern_oracles.h"
#include "sut_fuzzer/oracles.h"

namespace {

using ec::FuzzFinding;
using ec::fuzz::require;
using rapidjson::Value;

constexpr ec::ParseLimits kLimits{std::size_t{1} << 16, 32};
constexpr std::size_t kParts = 4;
// The oracles of the modern wire (sut_fuzzer/modern_oracles.h) run at this revision only, as the
// sessions call them; those of sut_fuzzer/oracles.h at every revision the flags pick.
constexpr ec::Revision kModern = ec::Revision::V2026_07_28;

enum Oracle : std::uint8_t {
  kElicitResult,      // elicit_result_diagnostics(reply, params)
  kJsonrpc,           // jsonrpc_findings(line)
  kRequest,           // request_diagnostics(params)
  kServerResult,      // server_result_findings(tool_response, sent_params, asked_params, reply)
  kServerRequest,     // server_request_findings(asked_params, sent_request, declared)
  kClientAnswer,      // client_answer_findings(params, response, declared)
  kClientUser,        // client_user_findings(params, result, [user...], declared)
  kUrlRequired,       // server_url_required_findings(asked, response)
  kCompletion,        // server_completion_findings(issued, response, [sent ids])
  kClientHandshake,   // client_handshake_findings([messages], told)
  kServerHandshake,   // server_handshake_findings(result)
  kModernResponse,    // modern_response_findings(request, response, extensions: flag)
  kServerRequestOne,  // server_request_finding(method, http: flag)
  kHttpStatus,        // http_status_findings(response, status: an integer part or 400)
  kServerMeta,        // server_meta_findings(fault, response)
  kServerRetry,       // server_retry_findings(kind, reply, sent_params, response)
  kModernRound,       // modern_client_round_findings(transcript)
  kModernSetup,       // modern_client_setup_findings(transcript)
  kNormalise,         // normalise_pointer(pointer)
  kOracleCount
};

struct Flags {
  ec::Revision revision;  // any revision
  ec::Revision legacy;    // the same choice folded onto the 2025 wire
  int capability = 0;     // what the client declared: kCapabilities[capability]
  bool flag = false;
  int kind = 0;  // 0..3: a MetaFault beyond None (0 is None), a Responses kind
};

// The elicitation capability a client declared, as JSON ("" for none): the oracles get it as the
// sessions do, parsed at the oracle's revision (at 2025-06-18 any declaration is form, say).
constexpr const char* kCapabilities[] = {"", "{}", R"({"form":{}})", R"({"url":{}})",
                                         R"({"form":{},"url":{}})"};

ec::ElicitationCapability declared_at(const Flags& f, ec::Revision revision) {
  const std::string_view json = kCapabilities[f.capability];
  if (json.empty()) return ec::parse_elicitation_capability(nullptr, revision, "").capability;
  const ec::ParsedJson parsed = ec::parse_json(json);
  return ec::parse_elicitation_capability(&parsed.document, revision, "").capability;
}

// The flags byte: revision index (0 2025-06-18, 1 2025-11-25, 2 2026-07-28) + 3 * (capability
// index + 5 * (flag + 2 * kind)).
Flags flags_of(std::uint8_t b) {
  Flags f;
  const auto revisions = ec::all_revisions();
  f.revision = revisions[b % revisions.size()];
  b = static_cast<std::uint8_t>(b / revisions.size());
  // The oracles only the sessions of the 2025 wire call (sut_fuzzer/client_session.cpp,
  // sut_fuzzer/server_session.cpp) run at its revisions only.
  f.legacy = ec::features(f.revision).modern_wire ? revisions[0] : f.revision;
  f.capability = b % std::size(kCapabilities);
  b = static_cast<std::uint8_t>(b / std::size(kCapabilities));
  f.flag = (b & 1) != 0;
  f.kind = (b >> 1) & 3;
  return f;
}

std::string describe(const FuzzFinding& f) {
  return f.oracle + " | " + f.signature + " | " + f.requirement + " | " +
         std::string(ec::to_string(f.level)) + " | " + f.detail + " | " + (f.robustness ? "robustness" : "") +
         " | " + std::to_string(static_cast<int>(f.stage));
}

std::string describe(const std::vector<FuzzFinding>& findings) {
  std::string out;
  for (const FuzzFinding& f : findings) out += describe(f) + "\n";
  return out;
}

// A requirement key of the catalog of `revision` (of any revision when the oracle has none): the
// replay case a finding becomes cites it, and a case citing a key its revisions lack does not load.
bool in_catalog(const std::string& key, std::optional<ec::Revision> revision) {
  const ec::Catalog& catalog = ec::fuzz::embedded_catalog();
  if (revision) return catalog.find(*revision, key) != nullptr;
  const auto revisions = ec::all_revisions();
  return std::any_of(revisions.begin(), revisions.end(),
                     [&](ec::Revision r) { return catalog.find(r, key) != nullptr; });
}

void require_well_formed(const std::vector<FuzzFinding>& findings, std::optional<ec::Revision> revision) {
  for (const FuzzFinding& f : findings) {
    require(
        !f.oracle.empty() && f.oracle.find_first_not_of("abcdefghijklmnopqrstuvwxyz-") == std::string::npos,
        "a finding's oracle is a name of [a-z-]", [&] { return describe(f); });
    require(!f.signature.empty(), "a finding has a signature", [&] { return describe(f); });
    require(in_catalog(f.requirement, revision), "a finding's requirement is in the catalog of its revision",
            [&] {
              return describe(f) + " (" + (revision ? std::string(ec::to_string(*revision)) : "any") + ")";
            });
    require(f.level == ec::Level::Must || f.level == ec::Level::Should, "a finding is MUST or SHOULD",
            [&] { return describe(f); });
    require(!f.detail.empty(), "a finding says what was found", [&] { return describe(f); });
    const std::size_t space = f.signature.find(' ');
    const std::string rest = space == std::string::npos ? "" : f.signature.substr(space + 1);
    if (space != std::string::npos && (rest.empty() || rest[0] == '/'))
      require(ec::is_valid_pointer(rest), "a finding's signature points with a valid pointer",
              [&] { return describe(f); });
  }
}

// Runs `oracle` twice: well formed (requirements of `revision`'s catalog), and the same both times.
template <typename Call>
void check_findings(std::optional<ec::Revision> revision, Call&& oracle) {
  const std::vector<FuzzFinding> first = oracle();
  require_well_formed(first, revision);
  require(describe(first) == describe(oracle()), "an oracle is a function of its arguments",
          [&] { return describe(first); });
}

template <typename Call>
void check_diagnostics(Call&& oracle) {
  const ec::Diagnostics first = oracle();
  ec::fuzz::require_well_formed(first, "", true);
  require(ec::fuzz::fingerprint(first) == ec::fuzz::fingerprint(oracle()),
          "an oracle is a function of its arguments", [&] { return ec::fuzz::fingerprint(first); });
}

std::vector<const Value*> items(const Value& v) {
  std::vector<const Value*> out;
  if (v.IsArray()) {
    for (const Value& item : v.GetArray()) out.push_back(&item);
  }
  return out;
}

void check_pointer(const std::string& pointer) {
  if (!ec::is_valid_pointer(pointer)) return;
  const std::string once = ec::normalise_pointer(pointer);
  require(ec::is_valid_pointer(once), "a normalised pointer is valid", pointer);
  require(std::count(once.begin(), once.end(), '/') == std::count(pointer.begin(), pointer.end(), '/'),
          "normalising keeps a pointer's depth", pointer + " -> " + once);
  require(ec::normalise_pointer(once) == once, "normalising is idempotent", pointer + " -> " + once);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const auto oracle = static_cast<Oracle>(data[0] % kOracleCount);
  const Flags f = flags_of(data[1]);
  std::string_view rest = ec::fuzz::as_text(data + 2, size - 2);
  std::vector<std::string_view> raw;
  while (raw.size() < kParts) {
    const ec::fuzz::Split s = ec::fuzz::split_at_nul(rest);
    raw.push_back(s.first);
    if (!s.found) break;
    rest = s.second;
  }
  if (oracle == kJsonrpc) {
    check_findings(f.revision, [&] { return ec::jsonrpc_findings(std::string(raw[0]), f.revision); });
    return 0;
  }
  if (oracle == kNormalise) {
    check_pointer(std::string(raw[0]));
    return 0;
  }
  std::vector<rapidjson::Document> docs(kParts);  // parts not given stay null
  for (std::size_t i = 0; i < raw.size(); ++i) {
    ec::ParsedJson parsed = ec::parse_json(raw[i], kLimits);
    if (!parsed.ok()) return 0;
    docs[i] = std::move(parsed.document);
  }
  const Value& a = docs[0];
  const Value& b = docs[1];
  const Value& c = docs[2];
  const Value& d = docs[3];
  switch (oracle) {
    case kElicitResult:
      check_diagnostics([&] { return ec::elicit_result_diagnostics(a, b, f.revision); });
      break;
    case kRequest: check_diagnostics([&] { return ec::request_diagnostics(a, f.revision); }); break;
    case kServerResult:
      check_findings(f.revision, [&] { return ec::server_result_findings(a, b, c, d, f.revision); });
      break;
    case kServerRequest:
      check_findings(f.revision, [&] {
        return ec::server_request_findings(a, b, declared_at(f, f.revision), f.revision);
      });
      break;
    case kClientAnswer:
      check_findings(f.legacy,
                     [&] { return ec::client_answer_findings(a, b, declared_at(f, f.legacy), f.legacy); });
      break;
    case kClientUser: {
      std::vector<const Value*> user;
      for (const Value* v : {&c, &d}) {
        if (!v->IsNull()) user.push_back(v);
      }
      check_findings(f.revision, [&] {
        return ec::client_user_findings(a, b, user, declared_at(f, f.revision), f.revision);
      });
      break;
    }
    case kUrlRequired:
      check_findings(f.legacy, [&] { return ec::server_url_required_findings(a, b, f.legacy); });
      break;
    case kCompletion: {
      std::vector<std::string> sent;
      for (const Value* v : items(c)) sent.push_back(ec::to_json(*v));
      check_findings(f.legacy, [&] { return ec::server_completion_findings(a, b, sent, f.legacy); });
      break;
    }
    case kClientHandshake: {
      // told: "none" or the JSON object the client was given, as the session passes it.
      const std::string told = b.IsObject() ? ec::to_json(b) : "none";
      check_findings(f.legacy, [&] { return ec::client_handshake_findings(items(a), told, f.legacy); });
      break;
    }
    case kServerHandshake:
      check_findings(std::nullopt, [&] { return ec::server_handshake_findings(a); });
      break;
    case kModernResponse:
      check_findings(kModern, [&] { return ec::modern_response_findings(a, b, kModern, f.flag); });
      break;
    case kServerRequestOne:
      check_findings(kModern, [&] { return std::vector{ec::server_request_finding(a, f.flag)}; });
      break;
    case kHttpStatus: {
      const int status = b.IsInt() ? b.GetInt() : 400;
      check_findings(kModern, [&] { return ec::http_status_findings(a, status); });
      break;
    }
    case kServerMeta: {
      const auto fault = static_cast<ec::FuzzMutator::MetaFault>(1 + f.kind % 4);
      check_findings(kModern, [&] { return ec::server_meta_findings(fault, a); });
      break;
    }
    case kServerRetry: {
      const auto kind = static_cast<ec::FuzzMutator::Responses>(f.kind % 4);
      check_findings(kModern, [&] { return ec::server_retry_findings(kind, a, b, c, kModern); });
      break;
    }
    case kModernRound:
    case kModernSetup: {
      // The client's messages, the exchanges as [original, InputRequiredResult, retry] triples
      // (a retry that is null: none came), and the capability the case asked for (absent: none
      // asked; null: "none").
      ec::ModernClientTranscript t;
      t.revision = kModern;
      t.sut_messages = items(a);
      for (const Value* e : items(b)) {
        const std::vector<const Value*> triple = items(*e);
        if (triple.size() < 2) continue;
        t.exchanges.push_back(
            {triple[0], triple[1], triple.size() > 2 && !triple[2]->IsNull() ? triple[2] : nullptr});
      }
      if (raw.size() > 2) t.asked_capability = c.IsNull() ? nullptr : &c;
      check_findings(kModern, [&] {
        return oracle == kModernRound ? ec::modern_client_round_findings(t)
                                      : ec::modern_client_setup_findings(t);
      });
      break;
    }
    case kJsonrpc:
    case kNormalise:
    case kOracleCount: break;
  }
  return 0;
}
