#include "spec/requirements.h"

#include <array>
#include <map>

#include "core/json.h"
#include "spec/catalog_text.h"

namespace ec {
namespace {

std::string_view catalog_text(Revision revision) {
  switch (revision) {
    case Revision::V2025_06_18: return kCatalog20250618;
    case Revision::V2025_11_25: return kCatalog20251125;
    case Revision::V2026_07_28: return kCatalog20260728;
  }
  return {};
}

std::string_view text_of(const rapidjson::Value& entry, const char* name) {
  const rapidjson::Value* v = find_member(entry, name);
  return v != nullptr && v->IsString() ? std::string_view(v->GetString(), v->GetStringLength())
                                       : std::string_view();
}

struct Revisions {
  std::array<std::vector<Requirement>, 3> rows;
  std::array<std::map<std::string, std::size_t, std::less<>>, 3> by_key;
};

std::size_t index_of(Revision revision) {
  switch (revision) {
    case Revision::V2025_06_18: return 0;
    case Revision::V2025_11_25: return 1;
    case Revision::V2026_07_28: return 2;
  }
  return 0;
}

// Parsed once, on first use. The text is the build's own (not a SUT's): a catalog that does not
// parse leaves its revision without requirements, which catalog_test.cpp reports.
const Revisions& revisions() {
  static const Revisions parsed = [] {
    Revisions out;
    for (Revision revision : all_revisions()) {
      const std::size_t i = index_of(revision);
      ParsedJson json = parse_json(catalog_text(revision));
      const rapidjson::Value* list = json.ok() ? find_member(json.document, "requirements") : nullptr;
      if (list == nullptr || !list->IsArray()) continue;
      for (const rapidjson::Value& entry : list->GetArray()) {
        Requirement r;
        r.key = text_of(entry, "key");
        const std::string_view level = text_of(entry, "level");
        r.level = level.starts_with("MUST")     ? Level::Must
                  : level.starts_with("SHOULD") ? Level::Should
                                                : Level::May;
        const std::string_view binds = text_of(entry, "binds");
        r.binds = binds == "client" ? Binds::Client : binds == "server" ? Binds::Server : Binds::Both;
        out.by_key[i].emplace(r.key, out.rows[i].size());
        out.rows[i].push_back(std::move(r));
      }
    }
    return out;
  }();
  return parsed;
}

}  // namespace

const std::vector<Requirement>& requirements(Revision revision) {
  return revisions().rows[index_of(revision)];
}

const Requirement* find_requirement(std::string_view key, Revision revision) {
  const Revisions& all = revisions();
  const std::size_t i = index_of(revision);
  const auto it = all.by_key[i].find(key);
  return it == all.by_key[i].end() ? nullptr : &all.rows[i][it->second];
}

}  // namespace ec
