#include "report/official_checks.h"

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include "cases/official_suite.h"
#include "core/utf8.h"

namespace ec {
namespace {

std::string_view official_status(Verdict v) {
  switch (v) {
    case Verdict::Pass: return "SUCCESS";
    case Verdict::Fail:
    case Verdict::Error: return "FAILURE";
    case Verdict::Warn: return "WARNING";
    case Verdict::Skip: return "SKIPPED";
    case Verdict::Note: return "INFO";
  }
  return "FAILURE";
}

}  // namespace

std::vector<OfficialCheck> official_checks(const RunSummary& run) {
  std::vector<OfficialCheck> out;
  for (const CaseResult& r : run.results) {
    OfficialCheck c;
    c.id = r.c != nullptr ? r.c->id : r.record.case_id;
    c.name = conformance_scenario_name(c.id);
    c.description = r.c != nullptr ? r.c->title : "";
    c.status = official_status(r.verdict);
    c.timestamp = run.provenance.finished_at;
    if (r.c != nullptr) {
      for (const std::string& key : r.c->requirements) {
        const CatalogEntry* e = run.catalog ? run.catalog->find(r.record.revision, key) : nullptr;
        c.spec_references.push_back(e ? e->id : key);
      }
    }
    c.details.emplace_back("verdict",
                           std::string(to_string(r.verdict)) + (r.untestable ? " (not testable)" : ""));
    c.details.emplace_back("revision", std::string(to_string(r.record.planned)));
    c.details.emplace_back("ran_at", std::string(to_string(r.record.revision)));
    c.details.emplace_back("transport", std::string(to_string(r.record.transport)));
    if (r.record.failure) c.details.emplace_back("check", r.record.failure->check);
    if (!r.expected_failure.empty()) c.details.emplace_back("expected_failure", r.expected_failure);
    if (r.verdict != Verdict::Pass) c.error_message = r.reason;
    out.push_back(std::move(c));
  }
  return out;
}

void write_official_checks(std::ostream& out, const std::vector<OfficialCheck>& checks) {
  rapidjson::StringBuffer buffer;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> w(buffer);
  w.SetIndent(' ', 2);
  // Every string may carry SUT bytes (a reason quotes them): made valid UTF-8, then escaped.
  const auto str = [&](std::string_view s) {
    const std::string v = to_valid_utf8(s);
    w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
  };
  w.StartArray();
  for (const OfficialCheck& c : checks) {
    w.StartObject();
    str("id");
    str(c.id);
    str("name");
    str(c.name);
    str("description");
    str(c.description);
    str("status");
    str(c.status);
    str("timestamp");
    str(c.timestamp);
    if (!c.spec_references.empty()) {
      str("specReferences");
      w.StartArray();
      for (const std::string& id : c.spec_references) {
        w.StartObject();
        str("id");
        str(id);
        w.EndObject();
      }
      w.EndArray();
    }
    if (!c.details.empty()) {
      str("details");
      w.StartObject();
      for (const auto& [k, v] : c.details) {
        str(k);
        str(v);
      }
      w.EndObject();
    }
    if (!c.error_message.empty()) {
      str("errorMessage");
      str(c.error_message);
    }
    w.EndObject();
  }
  w.EndArray();
  out << buffer.GetString() << "\n";
}

}  // namespace ec
