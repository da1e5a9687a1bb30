#include "report/json_highlight.h"

#include <vector>

#include "core/json.h"
#include "report/escape.h"

namespace ec {
namespace {

// The reference tokens of an RFC 6901 pointer, unescaped ("~1" is "/", "~0" is "~"); nullopt for
// "" (the caller's "no pointer") and for text that is no pointer.
std::optional<std::vector<std::string>> pointer_tokens(std::string_view pointer) {
  if (pointer.empty() || pointer.front() != '/') return std::nullopt;
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < pointer.size(); ++i) {
    if (pointer[i] == '/') {
      tokens.emplace_back();
      continue;
    }
    if (pointer[i] != '~') {
      tokens.back() += pointer[i];
      continue;
    }
    if (i + 1 >= pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) return std::nullopt;
    tokens.back() += pointer[++i] == '0' ? '~' : '/';
  }
  return tokens;
}

// The value the tokens name, or nullptr. An array index is decimal digits without a leading zero.
const rapidjson::Value* resolve(const rapidjson::Value& root, const std::vector<std::string>& tokens) {
  const rapidjson::Value* at = &root;
  for (const std::string& token : tokens) {
    if (at->IsObject()) {
      at = find_member(*at, token);
    } else if (at->IsArray()) {
      if (token.empty() || token.size() > 9 || (token.size() > 1 && token.front() == '0') ||
          token.find_first_not_of("0123456789") != std::string::npos)
        return nullptr;
      const std::size_t index = std::stoul(token);
      at = index < at->Size() ? &(*at)[static_cast<rapidjson::SizeType>(index)] : nullptr;
    } else {
      return nullptr;
    }
    if (at == nullptr) return nullptr;
  }
  return at;
}

// Recursion is bounded by parse_json()'s depth limit (64).
void print(const rapidjson::Value& value, int indent, const rapidjson::Value* target, PrettyJson& out) {
  const std::size_t begin = out.text.size();
  const auto newline = [&](int level) {
    out.text += '\n';
    out.text.append(static_cast<std::size_t>(level) * 2, ' ');
  };
  if (value.IsObject() && value.MemberCount() > 0) {
    out.text += '{';
    bool first = true;
    for (const auto& member : value.GetObject()) {
      out.text += first ? "" : ",";
      first = false;
      newline(indent + 1);
      out.text += to_json_string(std::string_view(member.name.GetString(), member.name.GetStringLength()));
      out.text += ": ";
      print(member.value, indent + 1, target, out);
    }
    newline(indent);
    out.text += '}';
  } else if (value.IsArray() && !value.Empty()) {
    out.text += '[';
    bool first = true;
    for (const rapidjson::Value& element : value.GetArray()) {
      out.text += first ? "" : ",";
      first = false;
      newline(indent + 1);
      print(element, indent + 1, target, out);
    }
    newline(indent);
    out.text += ']';
  } else {
    out.text += to_json(value);  // a scalar, {} or []
  }
  if (&value == target) {
    out.mark_begin = begin;
    out.mark_end = out.text.size();
  }
}

}  // namespace

std::optional<PrettyJson> pretty_json(std::string_view message, std::string_view pointer) {
  const ParsedJson parsed = parse_json(message);
  if (!parsed.ok()) return std::nullopt;
  const std::optional<std::vector<std::string>> tokens = pointer_tokens(pointer);
  const rapidjson::Value* target = tokens ? resolve(parsed.document, *tokens) : nullptr;
  PrettyJson out;
  print(parsed.document, 0, target, out);
  return out;
}

std::optional<std::string> pretty_json_html(std::string_view message, std::string_view pointer) {
  const std::optional<PrettyJson> pretty = pretty_json(message, pointer);
  if (!pretty) return std::nullopt;
  const std::string_view text = pretty->text;
  if (pretty->mark_begin == pretty->mark_end) return html_text(text);
  return html_text(text.substr(0, pretty->mark_begin)) + "<mark>" +
         html_text(text.substr(pretty->mark_begin, pretty->mark_end - pretty->mark_begin)) + "</mark>" +
         html_text(text.substr(pretty->mark_end));
}

}  // namespace ec
