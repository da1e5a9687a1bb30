// Fuzzes the case-file pattern matcher (cases/matcher.h), which runs on every message a SUT
// sends. Input: a pattern and a message, two JSON documents separated by a NUL byte. A pattern
// reaches match() only when validate_pattern accepts it, as the case loader does.
// Invariants beyond "no crash":
//  - a mismatch names a valid pointer into the message and says why; a match says nothing;
//  - match is a function of its inputs: the same pair matched twice agrees, captures included;
//  - every pattern without operators matches itself (a case reads like the message it expects),
//    unless it repeats a member name: then which of the twins a lookup finds is not defined
//    (RFC 8259: names SHOULD be unique), and the case loader's patterns never do.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

#include "cases/matcher.h"
#include "core/json.h"
#include "core/json_pointer.h"
#include "fuzz_support.h"

namespace {

using ec::fuzz::require;

constexpr ec::ParseLimits kLimits{std::size_t{1} << 16, 32};

bool has_twin_members(const rapidjson::Value& v) {
  if (v.IsArray()) {
    for (const auto& e : v.GetArray())
      if (has_twin_members(e)) return true;
  }
  if (v.IsObject()) {
    std::set<std::string> names;
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
      if (!names.emplace(it->name.GetString(), it->name.GetStringLength()).second) return true;
      if (has_twin_members(it->value)) return true;
    }
  }
  return false;
}

bool has_operator(const rapidjson::Value& v) {
  if (v.IsString()) return v.GetStringLength() > 0 && v.GetString()[0] == '$';
  if (v.IsArray()) {
    for (const auto& e : v.GetArray())
      if (has_operator(e)) return true;
  }
  if (v.IsObject()) {
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
      if (it->name.GetStringLength() > 0 && it->name.GetString()[0] == '$') return true;
      if (has_operator(it->value)) return true;
    }
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ec::fuzz::Split parts = ec::fuzz::split_at_nul(ec::fuzz::as_text(data, size));
  ec::ParsedJson pattern = ec::parse_json(parts.first, kLimits);
  if (!pattern.ok()) return 0;
  std::string where;
  if (!ec::validate_pattern(pattern.document, where).empty()) return 0;
  if (!has_operator(pattern.document) && !has_twin_members(pattern.document)) {
    ec::Captures none;
    const ec::MatchResult self = ec::match(pattern.document, pattern.document, none);
    require(self.matched, "a plain pattern matches itself", self.pointer + ": " + self.reason);
  }
  ec::ParsedJson message = ec::parse_json(parts.found ? parts.second : parts.first, kLimits);
  if (!message.ok()) return 0;
  ec::Captures first_captures, second_captures;
  const ec::MatchResult first = ec::match(pattern.document, message.document, first_captures);
  const ec::MatchResult second = ec::match(pattern.document, message.document, second_captures);
  require(first.matched == second.matched && first.pointer == second.pointer && first.reason == second.reason,
          "match is a function of its inputs");
  if (first.matched) {
    require(first.reason.empty(), "a match gives no reason", first.reason);
  } else {
    require(ec::is_valid_pointer(first.pointer), "a mismatch points with a valid pointer", first.pointer);
    require(!first.reason.empty(), "a mismatch says why");
  }
  return 0;
}
