#include "sut_fuzzer/corpus.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

#include "core/json.h"

namespace ec {

std::vector<std::shared_ptr<rapidjson::Document>> load_fuzz_seeds(const std::string& cases_dir,
                                                                  Revision revision, const std::string& role,
                                                                  std::string& error) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(cases_dir) / std::string(to_string(revision)) / role;
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; it != end && !ec; it.increment(ec))
    if (it->path().extension() == ".json") files.push_back(it->path());
  std::sort(files.begin(), files.end());  // the seed order is part of what a seed reproduces
  std::vector<std::shared_ptr<rapidjson::Document>> seeds;
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    ParsedJson c = parse_json(bytes.str());
    if (!c.ok() || !c.document.IsObject()) continue;
    const rapidjson::Value* steps = find_member(c.document, "steps");
    if (!steps || !steps->IsArray()) continue;
    const auto keep = [&](const rapidjson::Value& seed) {
      auto d = std::make_shared<rapidjson::Document>();
      d->CopyFrom(seed, d->GetAllocator());
      seeds.push_back(std::move(d));
    };
    for (const rapidjson::Value& s : steps->GetArray()) {
      // A client on the modern wire gets its elicitations inside the InputRequiredResult of a
      // reply step (2026-07-28): each elicitation/create there is a seed.
      const rapidjson::Value* reply = s.IsObject() ? find_member(s, "reply") : nullptr;
      const rapidjson::Value* result = reply && reply->IsObject() ? find_member(*reply, "result") : nullptr;
      const rapidjson::Value* asked =
          result && result->IsObject() ? find_member(*result, "inputRequests") : nullptr;
      if (role == "client" && asked && asked->IsObject()) {
        for (auto it = asked->MemberBegin(); it != asked->MemberEnd(); ++it) {
          const rapidjson::Value* m = it->value.IsObject() ? find_member(it->value, "method") : nullptr;
          const rapidjson::Value* p = m ? find_member(it->value, "params") : nullptr;
          if (m && m->IsString() && std::string_view(m->GetString()) == "elicitation/create" && p &&
              p->IsObject())
            keep(*p);
        }
      }
      const rapidjson::Value* send = s.IsObject() ? find_member(s, "send") : nullptr;
      const rapidjson::Value* method = send && send->IsObject() ? find_member(*send, "method") : nullptr;
      const rapidjson::Value* params = send ? find_member(*send, "params") : nullptr;
      if (!method || !method->IsString() || !params || !params->IsObject()) continue;
      const std::string_view m = method->GetString();
      const rapidjson::Value* seed = nullptr;
      if (role == "client" && m == "elicitation/create") seed = params;
      if (role == "server" && m == "tools/call") {
        const rapidjson::Value* name = find_member(*params, "name");
        const rapidjson::Value* args = find_member(*params, "arguments");
        if (name && name->IsString() && std::string_view(name->GetString()) == "elicit" && args &&
            args->IsObject())
          seed = find_member(*args, "params");
      }
      if (seed && seed->IsObject()) keep(*seed);
    }
  }
  if (seeds.empty())
    error = "no elicitation params to start from in the send and reply steps under " + dir.string();
  return seeds;
}

}  // namespace ec
