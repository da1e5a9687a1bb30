#include "cases/catalog.h"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "core/json.h"

namespace ec {

Catalog Catalog::load(const std::string& dir, std::vector<std::string>& errors) {
  Catalog out;
  for (Revision r : all_revisions()) {
    const std::filesystem::path path = std::filesystem::path(dir) / (std::string(to_string(r)) + ".json");
    std::ifstream in(path, std::ios::binary);
    if (!in) continue;
    // Read no more than the parse limit and one byte: the parse then says "too large".
    std::string bytes(kMaxCatalogBytes + 1, '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    out.add(r, bytes, path.string(), errors);
  }
  return out;
}

Catalog Catalog::from_texts(const std::vector<std::pair<Revision, std::string_view>>& texts,
                            std::vector<std::string>& errors) {
  Catalog out;
  for (const auto& [revision, bytes] : texts)
    out.add(revision, bytes, std::string(to_string(revision)), errors);
  return out;
}

void Catalog::add(Revision r, std::string_view bytes, const std::string& label,
                  std::vector<std::string>& errors) {
  ParsedJson parsed = parse_json(bytes, ParseLimits{kMaxCatalogBytes, 16});
  const rapidjson::Value* list = parsed.ok() ? find_member(parsed.document, "requirements") : nullptr;
  if (list == nullptr || !list->IsArray()) {
    errors.push_back(label + ": not a requirement catalog (" +
                     (parsed.ok() ? std::string("no \"requirements\" array") : parsed.error->message) + ")");
    return;
  }
  std::vector<CatalogEntry>& entries = entries_[r];
  for (const rapidjson::Value& e : list->GetArray()) {
    CatalogEntry entry;
    const auto text = [&](const char* name) {
      const rapidjson::Value* v = find_member(e, name);
      return v && v->IsString() ? std::string(v->GetString(), v->GetStringLength()) : std::string();
    };
    entry.id = text("id");
    entry.key = text("key");
    entry.level = text("level");
    entry.binds = text("binds");
    entry.section = text("section");
    entry.quote = text("quote");
    entry.excluded = text("excluded");
    const rapidjson::Value* wire = find_member(e, "wire");
    entry.wire = wire != nullptr && wire->IsBool() && wire->GetBool();
    if (entry.key.empty() || entry.level.empty()) {
      errors.push_back(label + ": an entry without key or level");
      continue;
    }
    entries.push_back(std::move(entry));
  }
}

const std::vector<CatalogEntry>& Catalog::entries(Revision revision) const {
  static const std::vector<CatalogEntry> none;
  auto it = entries_.find(revision);
  return it == entries_.end() ? none : it->second;
}

const CatalogEntry* Catalog::find(Revision revision, const std::string& key) const {
  for (const CatalogEntry& e : entries(revision)) {
    if (e.key == key) return &e;
  }
  return nullptr;
}

std::vector<Coverage> compute_coverage(const Catalog& catalog, const std::vector<Case>& cases) {
  std::vector<Coverage> out;
  for (Revision r : all_revisions()) {
    if (!catalog.has(r)) continue;
    Coverage coverage;
    coverage.revision = r;
    for (const CatalogEntry& entry : catalog.entries(r)) {
      CoverageLine line{&entry, {}};
      for (const Case& c : cases) {
        const bool in_revision = std::find(c.revisions.begin(), c.revisions.end(), r) != c.revisions.end();
        if (in_revision &&
            std::find(c.requirements.begin(), c.requirements.end(), entry.key) != c.requirements.end()) {
          line.cases.push_back(c.id);
        }
      }
      if (entry.wire) {
        for (const char* role : {"client", "server"}) {
          if (entry.binds == role || entry.binds == "both")
            line.cases.push_back(role + std::string(kWireCaseSuffix));
        }
      }
      if (!line.cases.empty())
        ++coverage.covered;
      else if (!entry.excluded.empty())
        ++coverage.excluded;
      else
        ++coverage.uncovered;
      coverage.lines.push_back(std::move(line));
    }
    out.push_back(std::move(coverage));
  }
  return out;
}

}  // namespace ec
