#include "cli/output.h"

#include <cstdio>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "report/escape.h"

namespace ec {

std::string printable(std::string_view text) { return terminal_text(text); }

void write_text(std::ostream& out, const CheckOutcome& o) {
  out << printable(o.input) << ": " << printable(o.subject) << " (revision " << to_string(o.revision)
      << ")\n";
  for (const Diagnostic& d : o.diagnostics) {
    out << "  " << to_string(d.level) << "  " << d.check << "  at "
        << (d.pointer.empty() ? "(document)" : printable(d.pointer)) << "\n";
    out << "      " << printable(d.message) << "\n";
    out << "      rule " << requirement_id(o.revision, d.requirement);
    if (const CatalogEntry* e = o.catalog ? o.catalog->find(o.revision, d.requirement) : nullptr) {
      out << " (" << e->level << ", " << e->section << "): " << e->quote;
    }
    out << "\n";
    if (!d.basis.empty()) out << "      follows " << d.basis << "\n";
  }
  out << printable(o.input) << ": " << count_level(o.diagnostics, Level::Must) << " MUST, "
      << count_level(o.diagnostics, Level::Should) << " SHOULD, " << count_level(o.diagnostics, Level::May)
      << " MAY, " << count_level(o.diagnostics, Level::Info) << " INFO; "
      << (has_level(o.diagnostics, Level::Must) ? "does not conform" : "conforms") << "\n";
}

void write_json(std::ostream& out, const CheckOutcome& o) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  const auto str = [&](std::string_view s) {
    w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
  };
  w.StartObject();
  str("input");
  str(o.input);
  str("revision");
  str(to_string(o.revision));
  str("subject");
  str(o.subject);
  str("conforms");
  w.Bool(!has_level(o.diagnostics, Level::Must));
  str("counts");
  w.StartObject();
  for (Level l : {Level::Must, Level::Should, Level::May, Level::Info}) {
    str(to_string(l));
    w.Uint64(count_level(o.diagnostics, l));
  }
  w.EndObject();
  str("diagnostics");
  w.StartArray();
  for (const Diagnostic& d : o.diagnostics) {
    const std::string requirement = requirement_id(o.revision, d.requirement);
    DiagnosticJson with{.requirement = requirement, .basis = true};
    if (const CatalogEntry* e = o.catalog ? o.catalog->find(o.revision, d.requirement) : nullptr) {
      with.rule = &e->quote;
      with.section = &e->section;
    }
    write_diagnostic_json(w, d, with);
  }
  w.EndArray();
  w.EndObject();
  out << buffer.GetString() << "\n";
}

}  // namespace ec
