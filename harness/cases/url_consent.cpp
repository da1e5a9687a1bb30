#include "cases/url_consent.h"

#include "core/json.h"
#include "core/utf8.h"

namespace ec {
namespace {

using Value = rapidjson::Value;

// The url of a URL-mode elicitation/create (a request, or an input request), "" otherwise.
std::string url_of(const Value& request) {
  const Value* method = find_member(request, "method");
  const Value* params = find_member(request, "params");
  if (method == nullptr || !method->IsString() ||
      std::string_view(method->GetString()) != "elicitation/create" || params == nullptr)
    return {};
  const Value* mode = find_member(*params, "mode");
  const Value* url = find_member(*params, "url");
  if (mode == nullptr || !mode->IsString() || std::string_view(mode->GetString()) != "url" ||
      url == nullptr || !url->IsString())
    return {};
  return url_path(std::string(url->GetString(), url->GetStringLength()));
}

bool accepts(const Value* result) {
  const Value* action = result != nullptr ? find_member(*result, "action") : nullptr;
  return action != nullptr && action->IsString() && std::string_view(action->GetString()) == "accept";
}

}  // namespace

std::string url_path(const std::string& url_or_target) {
  std::string s = url_or_target;
  if (const std::size_t scheme = s.find("://"); scheme != std::string::npos) {
    const std::size_t path = s.find('/', scheme + 3);
    s = path == std::string::npos ? "/" : s.substr(path);
  }
  return s.substr(0, s.find_first_of("?#"));
}

void UrlConsent::harness_sent(const Value& message) {
  if (!message.IsObject()) return;
  if (const Value* id = find_member(message, "id"); id != nullptr && has_member(message, "method")) {
    if (std::string path = url_of(message); !path.empty()) {
      url_by_id_[to_json(*id)] = path;
      handed_out_.insert(path);
    }
    return;
  }
  const Value* error = find_member(message, "error");
  const Value* data = error != nullptr ? find_member(*error, "data") : nullptr;
  const Value* listed = data != nullptr ? find_member(*data, "elicitations") : nullptr;
  if (listed != nullptr && listed->IsArray()) {
    for (const Value& e : listed->GetArray()) {
      const Value* url = find_member(e, "url");
      if (url != nullptr && url->IsString()) consent_unseen_.insert(url_path(url->GetString()));
    }
  }
  const Value* result = find_member(message, "result");
  const Value* requests = result != nullptr ? find_member(*result, "inputRequests") : nullptr;
  if (requests == nullptr || !requests->IsObject()) return;
  for (auto it = requests->MemberBegin(); it != requests->MemberEnd(); ++it) {
    if (std::string path = url_of(it->value); !path.empty()) {
      url_by_key_[std::string(it->name.GetString(), it->name.GetStringLength())] = path;
      handed_out_.insert(path);
    }
  }
}

void UrlConsent::sut_sent(const Value& message) {
  if (!message.IsObject()) return;
  const Value* id = find_member(message, "id");
  if (id != nullptr && !has_member(message, "method")) {  // 2025: the answer to our request
    const auto it = url_by_id_.find(to_json(*id));
    if (it == url_by_id_.end()) return;
    answered_.insert(it->second);
    if (accepts(find_member(message, "result"))) accepted_.insert(it->second);
    return;
  }
  const Value* params = find_member(message, "params");
  const Value* responses = params != nullptr ? find_member(*params, "inputResponses") : nullptr;
  if (responses == nullptr || !responses->IsObject()) return;  // 2026-07-28: a retry's answers
  for (auto it = responses->MemberBegin(); it != responses->MemberEnd(); ++it) {
    const auto url = url_by_key_.find(std::string(it->name.GetString(), it->name.GetStringLength()));
    if (url == url_by_key_.end()) continue;
    answered_.insert(url->second);
    if (accepts(&it->value)) accepted_.insert(url->second);
  }
}

Diagnostics UrlConsent::judge(const std::vector<std::string>& trap_requests) const {
  Diagnostics out;
  for (const std::string& target : trap_requests) {
    const std::string path = url_path(target);
    if (accepted_.contains(path) || consent_unseen_.contains(path)) continue;
    const bool handed_out = handed_out_.contains(path);
    // Never answered: the user's decision is not on the wire.
    if (handed_out && !answered_.contains(path)) continue;
    // The metadata of a page the user opened (or may have: a -32042 list's consent is unseen, and
    // so is that of a URL never answered).
    bool unanswered = false;
    for (const std::string& p : handed_out_) unanswered = unanswered || !answered_.contains(p);
    if (!handed_out && (!accepted_.empty() || !consent_unseen_.empty() || unanswered)) continue;
    out.push_back({"url-trap.fetch-not-accepted", "CLIENT-URL-NO-PREFETCH", Level::Must, "",
                   "The client fetched " + abbreviate_utf8(target, 200) + " on the URL trap, " +
                       (handed_out ? std::string("the URL of an elicitation the user did not accept")
                                   : std::string("though the user accepted no URL (the metadata of a URL "
                                                 "not opened)")) +
                       ": clients MUST NOT automatically pre-fetch the URL or any of its metadata.",
                   ""});
  }
  return out;
}

}  // namespace ec
