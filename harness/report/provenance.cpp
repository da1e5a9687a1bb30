// What a report says about where it comes from: the SUT's own description of itself (read back
// from the transcripts, so that the runner needs no extra bookkeeping) and paths made fit for a
// published report.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "core/json.h"
#include "core/utf8.h"
#include "report/results.h"
#include "spec/modern.h"
#include "transport/word_split.h"

namespace ec {
namespace {

// A SUT's serverInfo can be anything; a report keeps a few short strings of it.
constexpr std::size_t kMaxInfoMembers = 16, kMaxInfoBytes = 256;

const rapidjson::Value* member_path(const rapidjson::Value& v, std::initializer_list<std::string_view> path) {
  const rapidjson::Value* at = &v;
  for (std::string_view name : path) {
    if (!at->IsObject()) return nullptr;
    at = find_member(*at, name);
    if (at == nullptr) return nullptr;
  }
  return at;
}

// The Implementation object a SUT message carries about its sender, if any.
const rapidjson::Value* info_in(const rapidjson::Value& message, bool server) {
  if (!message.IsObject()) return nullptr;
  const std::initializer_list<std::string_view> legacy = {"result", "serverInfo"};
  const std::initializer_list<std::string_view> legacy_client = {"params", "clientInfo"};
  const rapidjson::Value* info = member_path(message, server ? legacy : legacy_client);
  if (info == nullptr) {
    info = server ? member_path(message, {"result", "_meta", kMetaServerInfo})
                  : member_path(message, {"params", "_meta", kMetaClientInfo});
  }
  return info != nullptr && info->IsObject() ? info : nullptr;
}

std::vector<std::pair<std::string, std::string>> string_members(const rapidjson::Value& info) {
  std::vector<std::pair<std::string, std::string>> out;
  for (auto it = info.MemberBegin(); it != info.MemberEnd() && out.size() < kMaxInfoMembers; ++it) {
    if (!it->value.IsString()) continue;
    out.emplace_back(
        abbreviate_utf8(std::string_view(it->name.GetString(), it->name.GetStringLength()), 64),
        abbreviate_utf8(std::string_view(it->value.GetString(), it->value.GetStringLength()), kMaxInfoBytes));
  }
  return out;
}

std::string current_dir() {
  std::error_code error;
  const std::filesystem::path p = std::filesystem::current_path(error);
  return error ? std::string() : p.string();
}

}  // namespace

PeerInfo peer_info(const std::vector<CaseResult>& results, const std::string& role) {
  PeerInfo out;
  const bool server = role == "server";
  for (const CaseResult& r : results) {
    if (!r.record.negotiated.empty() && std::find(out.negotiated.begin(), out.negotiated.end(),
                                                  r.record.negotiated) == out.negotiated.end()) {
      out.negotiated.push_back(r.record.negotiated);
    }
    for (const TranscriptEntry& t : r.record.transcript) {
      if (t.from != "sut" || t.text.find("Info") == std::string::npos) continue;
      const ParsedJson parsed = parse_json(t.text);
      if (!parsed.ok()) continue;
      const rapidjson::Value* info = info_in(parsed.document, server);
      if (info == nullptr) continue;
      auto members = string_members(*info);
      if (out.members.empty())
        out.members = std::move(members);
      else if (members != out.members)
        out.varied = true;
      break;  // one per run: the first message that says who the SUT is
    }
  }
  std::sort(out.negotiated.begin(), out.negotiated.end());
  return out;
}

std::string without_local_paths(std::string_view text) {
  std::string out(text);
  const auto replace_all = [&out](const std::string& from, const std::string& to) {
    if (from.size() < 2) return;  // "/" itself is no machine's path
    for (std::size_t at = out.find(from); at != std::string::npos; at = out.find(from, at + to.size())) {
      out.replace(at, from.size(), to);
    }
  };
  // The working directory first: it is usually inside $HOME and the longer match wins.
  replace_all(current_dir() + "/", "./");
  if (const char* home = std::getenv("HOME"); home != nullptr) replace_all(std::string(home) + "/", "~/");
  return out;
}

std::string display_command(const std::string& command) {
  const SplitResult split = split_command(command);
  if (!split.ok()) return without_local_paths(command);
  const std::string cwd = current_dir();
  std::string out;
  for (const std::string& word : split.words) {
    std::string shown = word;
    if (word.starts_with("/")) {
      if (!cwd.empty() && word.starts_with(cwd + "/")) {
        shown = word.substr(cwd.size() + 1);
      } else {
        const std::size_t slash = word.find_last_of('/');
        shown = word.size() > 1 && slash != std::string::npos ? "…" + word.substr(slash) : word;
      }
    } else {
      shown = without_local_paths(word);
    }
    // Quoted again only where a reader would otherwise split it differently.
    const bool plain = !shown.empty() && shown.find_first_of(" \t\n'\"\\$`") == std::string::npos;
    std::string quoted = "'";
    for (char c : shown) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += (out.empty() ? "" : " ") + (plain ? shown : quoted + "'");
  }
  return out;
}

}  // namespace ec
