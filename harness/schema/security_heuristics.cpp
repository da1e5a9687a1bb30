#include "schema/security_heuristics.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "core/json.h"
#include "core/json_pointer.h"

namespace ec {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// Words that name secrets, matched in lower-cased names with separators removed.
constexpr std::array kSecretWords{"password",    "passwd", "passphrase", "secret",     "apikey",
                                  "accesstoken", "token",  "cardnumber", "creditcard", "cvv",
                                  "cvc",         "pin",    "ssn",        "privatekey"};

std::string squash(std::string_view s) {
  std::string out;
  for (char c : lower(s)) {
    if (std::isalnum(static_cast<unsigned char>(c))) out += c;
  }
  return out;
}

const char* secret_word(std::string_view text) {
  const std::string s = squash(text);
  for (const char* w : kSecretWords) {
    // "pin" only as the whole name: as a substring it matches "spinner", "shipping", ...
    const bool hit =
        std::string_view(w) == "pin" ? (s == "pin" || s == "pincode") : s.find(w) != std::string::npos;
    if (hit) {
      return w;
    }
  }
  return nullptr;
}

bool has_link(std::string_view text) {
  const std::string s = lower(text);
  return s.find("http://") != std::string::npos || s.find("https://") != std::string::npos;
}

void add(Diagnostics& out, const char* check, const char* requirement, std::string pointer,
         std::string message) {
  out.push_back(Diagnostic{check, requirement, Level::Should, std::move(pointer), std::move(message),
                           "heuristic: elicitation.mdx > Safe URL Handling / Form Mode Security"});
}

void check_url(const std::string& url, const std::string& pointer, Diagnostics& out) {
  const std::string u = lower(url);
  const auto scheme_end = u.find("://");
  if (scheme_end == std::string::npos) return;  // not a URL this heuristic understands
  const std::string scheme = u.substr(0, scheme_end);
  const std::size_t host_start = scheme_end + 3;
  const std::size_t host_end = std::min(u.find_first_of("/?#", host_start), u.size());
  std::string authority = u.substr(host_start, host_end - host_start);
  if (const auto at = authority.rfind('@'); at != std::string::npos) {
    add(out, "security.url-credentials", "URL-NOT-PREAUTHENTICATED", pointer,
        "The URL carries user information (user:password@) in its authority.");
    authority = authority.substr(at + 1);
  }
  const std::string host = authority.substr(
      0, authority.rfind(':') == std::string::npos || authority.front() == '[' ? std::string::npos
                                                                               : authority.rfind(':'));
  const bool loopback =
      host == "localhost" || host == "127.0.0.1" || host == "[::1]" || host.starts_with("127.");
  if (scheme != "https" && !loopback) {
    add(out, "security.url-not-https", "URL-HTTPS", pointer,
        "The URL uses " + scheme + " to " + host + "; use HTTPS outside development (loopback).");
  }
  const std::size_t query = u.find('?', host_end);
  if (query != std::string::npos) {
    std::string q = u.substr(query + 1, u.find('#', query) - query - 1);
    for (std::size_t start = 0; start <= q.size();) {
      const std::size_t amp = std::min(q.find('&', start), q.size());
      const std::string pair = q.substr(start, amp - start);
      const std::string name = pair.substr(0, pair.find('='));
      const std::string value = pair.find('=') == std::string::npos ? "" : pair.substr(pair.find('=') + 1);
      const std::string n = squash(name);
      if (n == "token" || n.ends_with("token") || n == "key" || n.ends_with("key") || n == "secret" ||
          n == "password" || n == "sig" || n == "signature" || n == "auth" || n == "session" ||
          n == "sessionid") {
        add(out, "security.url-credentials", "URL-NOT-PREAUTHENTICATED", pointer,
            "Query parameter \"" + name + "\" looks like a credential; a URL must not be pre-authenticated.");
      }
      if (value.find("%40") != std::string::npos || value.find('@') != std::string::npos) {
        add(out, "security.url-user-data", "URL-NO-USER-DATA", pointer,
            "Query parameter \"" + name + "\" carries an e-mail address; user data must not be in the URL.");
      }
      start = amp + 1;
    }
  }
}

}  // namespace

Diagnostics security_findings(const rapidjson::Value& params, const std::string& pointer, Revision revision) {
  Diagnostics out;
  const bool links_are_findings = features(revision).url_mode;
  if (!params.IsObject()) return out;
  if (const rapidjson::Value* url = find_member(params, "url"); url && url->IsString()) {
    check_url(url->GetString(), pointer_append(pointer, "url"), out);
  }
  const rapidjson::Value* schema = find_member(params, "requestedSchema");
  if (schema == nullptr) return out;  // the rules below are about forms
  if (const rapidjson::Value* message = find_member(params, "message");
      links_are_findings && message && message->IsString() && has_link(message->GetString())) {
    add(out, "security.form-clickable-url", "FORM-NO-CLICKABLE-URLS", pointer_append(pointer, "message"),
        "The form's message contains a URL; use URL mode to send the user to a page.");
  }
  const rapidjson::Value* props = find_member(*schema, "properties");
  if (props == nullptr || !props->IsObject()) return out;
  const std::string props_pointer = pointer_append(pointer_append(pointer, "requestedSchema"), "properties");
  for (auto it = props->MemberBegin(); it != props->MemberEnd(); ++it) {
    const std::string name(it->name.GetString(), it->name.GetStringLength());
    const std::string where = pointer_append(props_pointer, name);
    const rapidjson::Value* title = find_member(it->value, "title");
    const char* word = secret_word(name);
    if (word == nullptr && title && title->IsString()) word = secret_word(title->GetString());
    if (word != nullptr) {
      add(out, "security.form-secret-field", "FORM-NO-SENSITIVE", where,
          "Form field \"" + name + "\" looks like a secret (" + word +
              "); sensitive information must go through URL mode, never a form.");
    }
    for (const char* key : {"title", "description"}) {
      const rapidjson::Value* text = find_member(it->value, key);
      if (links_are_findings && text && text->IsString() && has_link(text->GetString())) {
        add(out, "security.form-clickable-url", "FORM-NO-CLICKABLE-URLS", pointer_append(where, key),
            "The " + std::string(key) + " of field \"" + name + "\" contains a URL.");
      }
    }
  }
  return out;
}

}  // namespace ec
