// Bounded JSON parsing. Everything a SUT sends goes through here first, so it promises:
//  - a byte limit checked before any work, a nesting-depth limit enforced *during* the parse
//    (a SAX handler in front of the document), and RapidJSON's iterative parser: no input can
//    make the parse recurse. Because every accepted document is at most `max_depth` deep,
//    writing, copying or comparing it later recurses at most that deep too;
//  - input that is not strict UTF-8 JSON (RFC 8259) is rejected with the byte offset of the
//    first problem: NUL bytes, bad UTF-8, syntax, numbers that do not fit a double (1e400);
//  - things that parse but deserve a word become notes with a JSON pointer: duplicate member
//    names (which one wins differs between peers), negative zero, integers a double cannot hold.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidjson/document.h>

#include "core/diagnostic.h"

namespace ec {

struct ParseLimits {
  std::size_t max_bytes = std::size_t{4} << 20;  // 4 MiB, the framing default too
  std::size_t max_depth = 64;                    // objects and arrays; the root counts as 1
};

enum class JsonErrorCode {
  Empty,           // no bytes, or only whitespace
  TooLarge,        // more than max_bytes
  NulByte,         // a raw U+0000 byte; never legal in JSON text
  InvalidUtf8,     // not well-formed UTF-8
  TooDeep,         // nesting deeper than max_depth
  Syntax,          // anything RapidJSON rejects
  NumberTooLarge,  // a number whose magnitude overflows a double, like 1e400
};

struct JsonError {
  JsonErrorCode code = JsonErrorCode::Syntax;
  std::size_t offset = 0;  // byte offset into the input
  std::string message;     // e.g. "nesting deeper than 64 levels"
};

struct JsonNote {
  enum class Kind { DuplicateKey, NegativeZero, ImpreciseInteger };
  Kind kind = Kind::DuplicateKey;
  std::string pointer;  // where in the document
  std::size_t offset = 0;
  std::string detail;  // the key, or the number as written
};

struct ParsedJson {
  rapidjson::Document document;  // Null when `error` is set
  std::optional<JsonError> error;
  std::vector<JsonNote> notes;

  bool ok() const { return !error.has_value(); }
};

ParsedJson parse_json(std::string_view bytes, const ParseLimits& limits = {});

// The stable check id of an error ("json.too-deep", ...) and a diagnostic for it.
std::string_view check_id(JsonErrorCode code);
Diagnostic to_diagnostic(const JsonError& error);
Diagnostic to_diagnostic(const JsonNote& note);

// Compact serialisation of a parsed value (safe: depth is bounded by the parse limits).
std::string to_json(const rapidjson::Value& value);
// A JSON string literal of `text`, quotes and escapes included.
std::string to_json_string(std::string_view text);

// The value's JSON type as a word for messages: "object", "array", "string", "integer",
// "number", "boolean", "null".
std::string_view json_type_name(const rapidjson::Value& value);

// Member lookup that returns nullptr instead of asserting: on a value that is no object (a SUT's
// bare `2` line, an array, a string) as on an object without that member. Every read of a SUT's
// JSON goes through these two, never through RapidJSON's HasMember or operator[], which assert
// (RAPIDJSON_ASSERT aborts in every build: see CMakeLists.txt) on a value of another type.
const rapidjson::Value* find_member(const rapidjson::Value& object, std::string_view name);
inline bool has_member(const rapidjson::Value& object, std::string_view name) {
  return find_member(object, name) != nullptr;
}

// True when the value is a number with no fractional part (5, 5.0, -0 and 1e3 all count, as
// in JSON Schema's "integer").
bool is_integral(const rapidjson::Value& value);

}  // namespace ec
