#include "core/json.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <unordered_set>
#include <vector>

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "core/json_pointer.h"
#include "core/utf8.h"

namespace ec {
namespace {

// Where the parse is: one frame per open object or array, so a note can name its pointer (built
// from the frames only when a note is made: most documents have none).
struct Frame {
  bool is_object = false;
  std::size_t next_index = 0;  // arrays: index of the next element
  // Objects: where this object's names begin in the handler's `names_` (see Key), and the name
  // of the member being read: the entry of names_ at key_index while the object is small, `key`
  // once it has more than kSmallObject names and a hash set of them, `keys`, finds repeats.
  std::size_t first_name = 0;
  std::size_t key_index = 0;
  std::string key;
  std::unordered_set<std::string> keys;

  static constexpr std::size_t kSmallObject = 16;
  bool small() const { return keys.empty(); }
};

// Sits between RapidJSON's reader and the document: limits depth, tracks the path, converts
// numbers itself (so `-0` and 1e400 are seen, which RapidJSON's own conversion hides).
class BoundedHandler {
 public:
  BoundedHandler(rapidjson::Document& doc, const ParseLimits& limits, std::vector<JsonNote>& notes)
      : doc_(doc), limits_(limits), notes_(notes) {
    // Room for a message's usual nesting and names, so that they grow once or never.
    frames_.reserve(8);
    names_.reserve(32);
  }

  std::optional<JsonError> failure;  // set when the handler, not the syntax, stopped the parse
  // Where the reader is (its stream's Tell()); read only when a failure or a note needs it.
  const rapidjson::MemoryStream* stream = nullptr;
  // Only a \u escape can decode to bytes that are not UTF-8 (the input itself was checked).
  bool has_unicode_escape = true;

  bool Null() { return advance(), doc_.Null(); }
  bool Bool(bool b) { return advance(), doc_.Bool(b); }
  bool Int(int i) { return advance(), doc_.Int(i); }
  bool Uint(unsigned u) { return advance(), doc_.Uint(u); }
  bool Int64(int64_t i) { return advance(), doc_.Int64(i); }
  bool Uint64(uint64_t u) { return advance(), doc_.Uint64(u); }
  bool Double(double d) { return advance(), doc_.Double(d); }
  bool String(const char* s, rapidjson::SizeType n, bool copy) {
    advance();
    return decoded_ok(s, n) && doc_.String(s, n, copy);
  }

  bool RawNumber(const char* s, rapidjson::SizeType n, bool /*copy*/) {
    const std::string text(s, n);
    advance();
    const bool negative = !text.empty() && text[0] == '-';
    const bool integral = text.find_first_of(".eE") == std::string::npos;
    if (integral) {
      if (negative) {
        std::int64_t v = 0;
        auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc() && p == text.data() + text.size()) {
          if (v == 0) note(JsonNote::Kind::NegativeZero, text);
          if (v < -(std::int64_t{1} << 53)) note(JsonNote::Kind::ImpreciseInteger, text);
          return doc_.Int64(v);
        }
      } else {
        std::uint64_t v = 0;
        auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec == std::errc() && p == text.data() + text.size()) {
          if (v > (std::uint64_t{1} << 53)) note(JsonNote::Kind::ImpreciseInteger, text);
          return doc_.Uint64(v);
        }
      }
      // Too large for 64 bits: it becomes a double and loses digits.
      note(JsonNote::Kind::ImpreciseInteger, text);
    }
    errno = 0;
    char* end = nullptr;
    const double d = std::strtod(text.c_str(), &end);  // the program never sets a locale
    if (errno == ERANGE && std::isinf(d)) {
      failure = JsonError{JsonErrorCode::NumberTooLarge, offset(),
                          "number " + abbreviate(text) + " is too large for a double"};
      return false;
    }
    // Underflow (1e-400) rounds to zero or a subnormal, as every JSON peer does; not an error.
    if (d == 0 && negative) note(JsonNote::Kind::NegativeZero, text);
    return doc_.Double(d);
  }

  bool StartObject() {
    advance();
    if (!push(true)) return false;
    return doc_.StartObject();
  }
  bool Key(const char* s, rapidjson::SizeType n, bool copy) {
    if (!decoded_ok(s, n)) return false;
    Frame& top = frames_.back();
    if (!add_key(top, std::string_view(s, n))) note(JsonNote::Kind::DuplicateKey, key_of(top));
    return doc_.Key(s, n, copy);
  }
  bool EndObject(rapidjson::SizeType count) {
    names_.resize(frames_.back().first_name);
    frames_.pop_back();
    return doc_.EndObject(count);
  }
  bool StartArray() {
    advance();
    if (!push(false)) return false;
    return doc_.StartArray();
  }
  bool EndArray(rapidjson::SizeType count) {
    frames_.pop_back();
    return doc_.EndArray(count);
  }

 private:
  // RapidJSON 1.1.0 decodes a lone low-surrogate escape ("\udc00") into bytes that are not
  // UTF-8; such a string would poison every report it reaches, so the message is refused.
  bool decoded_ok(const char* s, rapidjson::SizeType n) {
    if (!has_unicode_escape || !find_invalid_utf8(std::string_view(s, n))) return true;
    failure = JsonError{JsonErrorCode::InvalidUtf8, offset(),
                        "string contains a lone surrogate escape (\\uDC00-\\uDFFF), which has no UTF-8 form"};
    return false;
  }

  std::size_t offset() const { return stream != nullptr ? stream->Tell() : 0; }

  // Called before every value: moves an enclosing array on to the next index.
  void advance() {
    if (!frames_.empty() && !frames_.back().is_object) ++frames_.back().next_index;
  }

  // Pointer of the value just announced by advance() (or of the member whose name was just
  // read): each open container names the member or element it is in. Built only for a note.
  std::string here() const {
    std::string out;
    for (const Frame& f : frames_) {
      if (f.is_object) {
        append_pointer_token(out, key_of(f));
      } else {
        append_pointer_token(out, std::to_string(f.next_index - 1));
      }
    }
    return out;
  }

  // Makes `name` the member `top` is reading; false when the object had that name already. The
  // names of all open objects are one list, each object's a slice from its first_name on, so
  // that a small object (most are) costs no allocation of its own and its names are copied once;
  // a hash set takes over past kSmallObject names.
  bool add_key(Frame& top, std::string_view name) {
    if (top.small()) {
      const auto first = names_.begin() + static_cast<std::ptrdiff_t>(top.first_name);
      const auto seen = std::find(first, names_.end(), name);
      top.key_index = static_cast<std::size_t>(seen - names_.begin());  // the earlier one, if seen
      if (seen != names_.end()) return false;
      if (names_.size() - top.first_name < Frame::kSmallObject) {
        names_.emplace_back(name);
        return true;
      }
      top.keys.insert(first, names_.end());
    }
    top.key.assign(name);
    return top.keys.insert(top.key).second;
  }

  const std::string& key_of(const Frame& f) const { return f.small() ? names_[f.key_index] : f.key; }

  bool push(bool is_object) {
    if (frames_.size() >= limits_.max_depth) {
      failure = JsonError{JsonErrorCode::TooDeep, offset(),
                          "nesting deeper than " + std::to_string(limits_.max_depth) + " levels"};
      return false;
    }
    Frame& f = frames_.emplace_back();
    f.is_object = is_object;
    f.first_name = names_.size();
    return true;
  }

  // A note about the value (or member name) just read, at here().
  void note(JsonNote::Kind kind, const std::string& detail) {
    // A flood of duplicates must cost neither memory nor time: here() walks every open frame.
    if (notes_.size() >= kMaxNotes) return;
    notes_.push_back(JsonNote{kind, here(), offset(), abbreviate(detail)});
  }

  static std::string abbreviate(const std::string& s) { return abbreviate_utf8(s, 40); }

  static constexpr std::size_t kMaxNotes = 100;
  rapidjson::Document& doc_;
  const ParseLimits& limits_;
  std::vector<JsonNote>& notes_;
  std::vector<Frame> frames_;
  std::vector<std::string> names_;  // member names of the open objects (add_key)
};

// No kParseValidateEncodingFlag: parse_json refuses invalid UTF-8 before the reader runs.
constexpr unsigned kParseFlags = rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;

struct Generator {
  std::string_view bytes;
  const ParseLimits& limits;
  ParsedJson& out;

  bool operator()(rapidjson::Document& doc) {
    BoundedHandler handler(doc, limits, out.notes);
    rapidjson::MemoryStream stream(bytes.data(), bytes.size());
    handler.stream = &stream;
    handler.has_unicode_escape = bytes.find("\\u") != std::string_view::npos;
    rapidjson::Reader reader;
    const rapidjson::ParseResult result = reader.Parse<kParseFlags>(stream, handler);
    if (!result.IsError()) return true;
    if (handler.failure) {
      out.error = handler.failure;
    } else if (result.Code() == rapidjson::kParseErrorNumberTooBig) {
      // RapidJSON checks the exponent range itself, even when numbers are handed over as text.
      out.error =
          JsonError{JsonErrorCode::NumberTooLarge, result.Offset(), "number is too large for a double"};
    } else {
      out.error =
          JsonError{JsonErrorCode::Syntax, result.Offset(), rapidjson::GetParseError_En(result.Code())};
    }
    return false;
  }
};

bool only_whitespace(std::string_view bytes) {
  return bytes.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

}  // namespace

ParsedJson parse_json(std::string_view bytes, const ParseLimits& limits) {
  ParsedJson out;
  if (bytes.size() > limits.max_bytes) {
    out.error = JsonError{JsonErrorCode::TooLarge, limits.max_bytes,
                          "message of " + std::to_string(bytes.size()) + " bytes is over the " +
                              std::to_string(limits.max_bytes) + "-byte limit"};
    return out;
  }
  if (only_whitespace(bytes)) {
    out.error = JsonError{JsonErrorCode::Empty, 0, "no JSON value: the input is empty"};
    return out;
  }
  // RapidJSON's streams treat a NUL byte as the end of input, so "{}\0garbage" would pass.
  if (const void* nul = std::memchr(bytes.data(), 0, bytes.size())) {
    const auto at = static_cast<std::size_t>(static_cast<const char*>(nul) - bytes.data());
    out.error = JsonError{JsonErrorCode::NulByte, at, "NUL byte in JSON text"};
    return out;
  }
  if (auto bad = find_invalid_utf8(bytes)) {
    out.error = JsonError{JsonErrorCode::InvalidUtf8, *bad, "invalid UTF-8 byte sequence"};
    return out;
  }
  Generator generate{bytes, limits, out};
  out.document.Populate(generate);
  if (out.error) out.document.SetNull();
  return out;
}

std::string_view check_id(JsonErrorCode code) {
  switch (code) {
    case JsonErrorCode::Empty: return "json.empty";
    case JsonErrorCode::TooLarge: return "json.too-large";
    case JsonErrorCode::NulByte: return "json.nul-byte";
    case JsonErrorCode::InvalidUtf8: return "json.invalid-utf8";
    case JsonErrorCode::TooDeep: return "json.too-deep";
    case JsonErrorCode::Syntax: return "json.syntax";
    case JsonErrorCode::NumberTooLarge: return "json.number-too-large";
  }
  return "json.error";
}

Diagnostic to_diagnostic(const JsonError& error) {
  Diagnostic d;
  d.check = std::string(check_id(error.code));
  d.requirement = "JSONRPC-MESSAGE-FORMAT";
  d.level = Level::Must;
  d.message = "Not a JSON message (RFC 8259): " + error.message + " at byte offset " +
              std::to_string(error.offset) + ".";
  return d;
}

Diagnostic to_diagnostic(const JsonNote& note) {
  Diagnostic d;
  d.pointer = note.pointer;
  d.requirement = "JSONRPC-MESSAGE-FORMAT";
  switch (note.kind) {
    case JsonNote::Kind::DuplicateKey:
      d.check = "json.duplicate-key";
      d.level = Level::Should;
      d.message = "Member \"" + note.detail +
                  "\" appears more than once in the same object; peers disagree on which "
                  "one counts (RFC 8259: names SHOULD be unique).";
      d.basis = "RFC 8259 section 4";
      break;
    case JsonNote::Kind::NegativeZero:
      d.check = "json.negative-zero";
      d.level = Level::Info;
      d.message = "Number " + note.detail + " is a negative zero; some peers keep the sign and some drop it.";
      break;
    case JsonNote::Kind::ImpreciseInteger:
      d.check = "json.imprecise-integer";
      d.level = Level::Info;
      d.message = "Integer " + note.detail +
                  " is beyond 2^53; peers that use doubles (JavaScript) will change its value.";
      break;
  }
  return d;
}

std::string to_json(const rapidjson::Value& value) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  value.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string to_json_string(std::string_view text) {
  return to_json(
      rapidjson::Value(rapidjson::StringRef(text.data(), static_cast<rapidjson::SizeType>(text.size()))));
}

std::string_view json_type_name(const rapidjson::Value& value) {
  if (value.IsObject()) return "object";
  if (value.IsArray()) return "array";
  if (value.IsString()) return "string";
  if (value.IsBool()) return "boolean";
  if (value.IsNull()) return "null";
  if (value.IsInt64() || value.IsUint64()) return "integer";
  return "number";
}

const rapidjson::Value* find_member(const rapidjson::Value& object, std::string_view name) {
  if (!object.IsObject()) return nullptr;
  // The first member of that name, as RapidJSON's FindMember finds it; the checkers look up a
  // dozen keywords in every property schema, so lengths and first bytes are compared before
  // the call to memcmp.
  for (auto it = object.MemberBegin(); it != object.MemberEnd(); ++it) {
    const rapidjson::Value& n = it->name;
    if (n.GetStringLength() == name.size() && (name.empty() || n.GetString()[0] == name[0]) &&
        std::memcmp(n.GetString(), name.data(), name.size()) == 0) {
      return &it->value;
    }
  }
  return nullptr;
}

bool is_integral(const rapidjson::Value& value) {
  if (value.IsInt64() || value.IsUint64()) return true;
  if (!value.IsDouble()) return false;
  const double d = value.GetDouble();
  return std::isfinite(d) && std::trunc(d) == d;
}

}  // namespace ec
