// JSON patterns for case files: "does this message look like that?". A pattern is plain JSON
// that matches itself, plus a few operators, so a case reads like the message it expects:
//
//   objects      subset match: every member of the pattern must match; extra members are fine
//   arrays       same length, element by element (use $contains for "some element")
//   scalars      equal; numbers by value (1 matches 1.0)
//   "$any"       any value, but the member must be present
//   {"$absent": true}        as a member value: the member must not be present
//   {"$type": "string"}      JSON type: object, array, string, integer, number, boolean, null
//   {"$one_of": [p, ...]}    at least one alternative matches (first match wins for captures)
//   {"$all_of": [p, ...]}    every pattern matches
//   {"$not": p}              p does not match
//   {"$contains": p}         an array with at least one element matching p
//   {"$member": {"key": p, "value": q}}  an object with some member whose name (a string)
//                           matches p and whose value matches q (either may be left out)
//   {"$exact": {...}}        an object with exactly these members, each matching
//   {"$json": p}             a string whose text parses as JSON (bounded) and matches p
//   {"$capture": "name"}     any value; remembered as `name` (with "match": p, only if p matches)
//   {"$same_as": "name"}     equal to the value captured as `name` earlier
//   {"$literal": v}          v itself, operators not interpreted (to match the string "$any")
//
// A failed match reports the first mismatch: the JSON pointer into the actual message and a
// sentence ("expected error.code -32602, got -32603"). Captures are committed only when the
// whole pattern matches. Matching recurses along the pattern, whose depth the case loader
// bounds, never along the (untrusted) message.
#pragma once

#include <map>
#include <memory>
#include <string>

#include <rapidjson/document.h>

namespace ec {

class Captures {
 public:
  // Copies `value`. RapidJSON 1.1.0's CopyFrom does not copy strings made with StringRef (it keeps
  // the pointer), so values built from temporaries must go through set_string.
  void set(const std::string& name, const rapidjson::Value& value);
  void set_string(const std::string& name, const std::string& text);
  const rapidjson::Value* get(const std::string& name) const;
  bool contains(const std::string& name) const { return values_.contains(name); }
  void merge(const Captures& other);

 private:
  std::map<std::string, std::shared_ptr<rapidjson::Document>> values_;
};

struct MatchResult {
  bool matched = true;
  std::string pointer;  // into the actual value, where the first mismatch is
  std::string reason;   // what was expected and what was found
};

MatchResult match(const rapidjson::Value& pattern, const rapidjson::Value& actual, Captures& captures);

// Checks a pattern's own shape (unknown $operators, wrong operand types) before any matching,
// so a case file error is reported when the case is loaded, not when a SUT happens to reach it.
// Returns "" when fine, else a message; `pointer` is set to where in the pattern.
std::string validate_pattern(const rapidjson::Value& pattern, std::string& pointer);

}  // namespace ec
