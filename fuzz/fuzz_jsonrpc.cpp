// Fuzzes the JSON-RPC classification (core/jsonrpc.h) of what the bounded parser (core/json.h)
// accepts, under the rules of both revisions. Input: the bytes of one message. Invariants beyond
// "no crash":
//  - the classification is consistent with itself: the pointers it returns match its kind, a
//    message without findings is one of the four valid kinds, integer ids are integers;
//  - findings are well formed (check id, requirement of the table, valid pointer).
// The writer/parser round trip is fuzz_json's. That a re-parsed message classifies the same
// follows from it (to_json(parse(to_json(doc))) == to_json(doc): the same values, and the
// classification reads values only), so this target does not pay for a second parse per input.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/json.h"
#include "core/json_pointer.h"
#include "core/jsonrpc.h"
#include "fuzz_support.h"

namespace {

using ec::fuzz::require;

constexpr ec::ParseLimits kLimits{std::size_t{1} << 20, 64};

std::string summary(const ec::ClassifiedMessage& m) {
  std::string out(ec::to_string(m.kind));
  out += " id=" + (m.id ? m.id->display() : std::string("-"));
  out += " method=" + m.method;
  out += " code=" + (m.error_code ? std::to_string(*m.error_code) : std::string("-"));
  out += " params=" + std::string(m.params ? "yes" : "no") + " result=" + (m.result ? "yes" : "no") +
         " error=" + (m.error ? "yes" : "no");
  return out + "\n" + ec::fuzz::fingerprint(m.diagnostics);
}

void check_consistent(const ec::ClassifiedMessage& m, const rapidjson::Value& message) {
  ec::fuzz::require_well_formed(m.diagnostics, "");
  const bool has_method = ec::find_member(message, "method") != nullptr;
  switch (m.kind) {
    case ec::MessageKind::Request:
    case ec::MessageKind::Notification:
      require(message.IsObject() && has_method, "requests and notifications have a method",
              [&] { return summary(m); });
      require(m.result == nullptr && m.error == nullptr, "requests carry no result or error pointer",
              [&] { return summary(m); });
      require((m.kind == ec::MessageKind::Request) == (ec::find_member(message, "id") != nullptr),
              "a request has an id member and a notification has none", [&] { return summary(m); });
      break;
    case ec::MessageKind::ResultResponse:
      require(m.result != nullptr && m.error == nullptr && m.params == nullptr,
              "a result response points at its result only", [&] { return summary(m); });
      break;
    case ec::MessageKind::ErrorResponse:
      require(m.error != nullptr && m.result == nullptr && m.params == nullptr,
              "an error response points at its error only", [&] { return summary(m); });
      break;
    case ec::MessageKind::Invalid:
      require(!m.diagnostics.empty(), "an invalid message says why", [&] { return summary(m); });
      break;
  }
  if (m.params != nullptr)
    require(m.params->IsObject(), "params pointer is an object", [&] { return summary(m); });
  if (m.error_code)
    require(m.kind == ec::MessageKind::ErrorResponse, "only errors have codes", [&] { return summary(m); });
  if (m.id && m.id->type == ec::RequestId::Type::Integer) {
    const std::string& t = m.id->text;
    const std::size_t digits = t.starts_with('-') ? 1 : 0;
    require(t.size() > digits && t.find_first_not_of("0123456789", digits) == std::string::npos,
            "an integer id is written as an integer", [&] { return summary(m); });
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = ec::fuzz::as_text(data, size);
  const ec::ParsedJson parsed = ec::parse_json(bytes, kLimits);
  if (!parsed.ok()) return 0;  // the parser's refusals and notes are fuzz_json's

  for (const bool optional_error_id : {false, true}) {
    ec::JsonRpcRules rules;
    rules.error_response_id_optional = optional_error_id;
    check_consistent(ec::classify_message(parsed.document, rules), parsed.document);
  }
  return 0;
}
