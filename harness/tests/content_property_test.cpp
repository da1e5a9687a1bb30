// Property-style tests: schemas drawn at random from the restricted subset, with content
// generated to satisfy them. Whatever the draw: the checker accepts the schema (with the valid
// value as its default, so SEP-1034 defaults are exercised too), the validator accepts the
// content, and breaking one constraint of one field produces exactly that field's check.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/json.h"
#include "core/json_pointer.h"
#include "schema/content_validator.h"
#include "schema/requested_schema.h"

namespace ec {
namespace {

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

struct Field {
  std::string schema;   // the property schema without default
  std::string valid;    // a JSON value that satisfies it
  std::string invalid;  // a JSON value that breaks one constraint
  std::string check;    // the content check that the invalid value trips
};

class Draw {
 public:
  explicit Draw(unsigned seed) : rng_(seed) {}

  int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

  std::string text(int length) {
    static const std::vector<std::string> alphabet = {
        "a", "b", "Z", "7", " ", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80"};
    std::string out;
    for (int i = 0; i < length; ++i) out += alphabet[between(0, static_cast<int>(alphabet.size()) - 1)];
    return out;
  }

  std::vector<std::string> options() {
    std::vector<std::string> out;
    const int n = between(1, 5);
    for (int i = 0; i < n; ++i) out.push_back("opt" + std::to_string(i) + text(between(0, 2)));
    return out;
  }

  static std::string half_above(int n) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", n + 0.5);
    return buf;
  }

  static std::string list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + quote(items[i]);
    return out + "]";
  }

  Field field() {
    switch (between(0, 8)) {
      case 0: {
        const int lo = between(0, 5), hi = lo + between(0, 10);
        const bool too_long = lo == 0 || between(0, 1) == 1;
        return {R"({"type":"string","minLength":)" + std::to_string(lo) + R"(,"maxLength":)" +
                    std::to_string(hi) + "}",
                quote(text(between(lo, hi))), quote(text(too_long ? hi + 1 : lo - 1)),
                too_long ? "content.max-length" : "content.min-length"};
      }
      case 1: {
        static const std::vector<std::pair<std::string, std::pair<std::string, std::string>>> formats = {
            {"email", {"user.name+tag@mail.example.org", "user@@example.org"}},
            {"uri", {"https://host.example:8080/path?q=1#f", "no scheme here"}},
            {"date", {"2024-02-29", "2023-02-29"}},
            {"date-time", {"2024-02-29T23:59:59.5+01:00", "2024-02-29T24:00:00Z"}}};
        const auto& [name, values] = formats[between(0, 3)];
        return {R"({"type":"string","format":")" + name + "\"}", quote(values.first), quote(values.second),
                "content.format"};
      }
      case 2:
      case 3: {
        const bool integer = between(0, 1) == 1;
        const int lo = between(-100, 100), hi = lo + between(0, 50);
        const bool above = between(0, 1) == 1;
        return {std::string(R"({"type":")") + (integer ? "integer" : "number") + R"(","minimum":)" +
                    std::to_string(lo) + R"(,"maximum":)" + std::to_string(hi) + "}",
                integer ? std::to_string(between(lo, hi)) : (hi > lo ? half_above(lo) : std::to_string(lo)),
                above ? std::to_string(hi + 1) : std::to_string(lo - 1),
                above ? "content.maximum" : "content.minimum"};
      }
      case 4: return {R"({"type":"boolean"})", between(0, 1) ? "true" : "false", "\"true\"", "content.type"};
      case 5: {
        auto o = options();
        return {R"({"type":"string","enum":)" + list(o) + "}",
                quote(o[between(0, static_cast<int>(o.size()) - 1)]), quote("not-an-option"), "content.enum"};
      }
      case 6: {
        auto o = options();
        std::string one_of = "[";
        for (std::size_t i = 0; i < o.size(); ++i) {
          one_of += (i ? "," : "") + std::string(R"({"const":)") + quote(o[i]) + R"(,"title":)" +
                    quote("Title " + o[i]) + "}";
        }
        one_of += "]";
        // Sending the title instead of the const is the classic mistake this catches.
        return {R"({"type":"string","oneOf":)" + one_of + "}", quote(o[0]), quote("Title " + o[0]),
                "content.enum"};
      }
      default: {
        auto o = options();
        const int n = static_cast<int>(o.size());
        const int lo = between(0, n), hi = between(lo, n);
        std::vector<std::string> chosen(o.begin(), o.begin() + between(std::max(lo, 1), std::max(hi, 1)));
        if (static_cast<int>(chosen.size()) > hi) chosen.resize(static_cast<std::size_t>(hi));
        std::vector<std::string> twice = chosen;
        twice.push_back(o[0]);
        if (chosen.empty() || chosen[0] != o[0]) twice.push_back(o[0]);
        const std::string items =
            between(0, 1) ? R"({"type":"string","enum":)" + list(o) + "}" : R"({"anyOf":[)" + [&] {
              std::string s;
              for (int i = 0; i < n; ++i) {
                s += (i ? "," : "") + std::string(R"({"const":)") + quote(o[static_cast<std::size_t>(i)]) +
                     R"(,"title":"T"})";
              }
              return s;
            }() + "]}";
        return {R"({"type":"array","minItems":)" + std::to_string(lo) + R"(,"maxItems":)" +
                    std::to_string(hi) + R"(,"items":)" + items + "}",
                list(chosen), list(twice), "content.duplicate-item"};
      }
    }
  }

 private:
  std::mt19937 rng_;
};

TEST(ContentProperty, GeneratedContentValidatesAndEachBreakIsCaught) {
  for (unsigned seed = 1; seed <= 400; ++seed) {
    Draw draw(seed);
    const int count = draw.between(1, 8);
    std::vector<Field> fields;
    std::string schema = R"({"type":"object","properties":{)";
    std::string content = "{";
    for (int i = 0; i < count; ++i) {
      Field f = draw.field();
      const std::string name = "f" + std::to_string(i);
      std::string with_default = f.schema;
      with_default.insert(with_default.size() - 1, R"(,"default":)" + f.valid);
      schema += (i ? "," : "") + quote(name) + ":" + with_default;
      content += (i ? "," : "") + quote(name) + ":" + f.valid;
      fields.push_back(std::move(f));
    }
    schema += R"(},"required":["f0"]})";
    content += "}";

    ParsedJson schema_doc = parse_json(schema);
    ASSERT_TRUE(schema_doc.ok()) << schema;
    SchemaCheck checked = check_requested_schema(schema_doc.document, Revision::V2025_11_25, "");
    ASSERT_TRUE(checked.diagnostics.empty()) << "seed " << seed << ": " << checked.diagnostics[0].check << " "
                                             << checked.diagnostics[0].message << "\n"
                                             << schema;

    ParsedJson content_doc = parse_json(content);
    ASSERT_TRUE(content_doc.ok()) << content;
    Diagnostics clean = validate_content(checked.schema, content_doc.document, "");
    ASSERT_TRUE(clean.empty()) << "seed " << seed << ": " << clean[0].message << "\n"
                               << schema << "\n"
                               << content;

    // Break one field at a time.
    for (std::size_t k = 0; k < fields.size(); ++k) {
      std::string broken = "{";
      for (std::size_t i = 0; i < fields.size(); ++i) {
        broken += (i ? "," : "") + quote("f" + std::to_string(i)) + ":" +
                  (i == k ? fields[i].invalid : fields[i].valid);
      }
      broken += "}";
      ParsedJson broken_doc = parse_json(broken);
      ASSERT_TRUE(broken_doc.ok()) << broken;
      Diagnostics found = validate_content(checked.schema, broken_doc.document, "");
      ASSERT_FALSE(found.empty()) << "seed " << seed << " field " << k << "\n" << schema << "\n" << broken;
      for (const Diagnostic& d : found) {
        EXPECT_EQ(d.pointer, pointer_append("", "f" + std::to_string(k))) << "seed " << seed;
      }
      EXPECT_TRUE(has_check(found, fields[k].check))
          << "seed " << seed << " expected " << fields[k].check << "\n"
          << schema << "\n"
          << broken;
    }
  }
}

}  // namespace
}  // namespace ec
