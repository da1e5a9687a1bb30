#include "cli/run_commands.h"

#include <algorithm>
#include <filesystem>
#include <ostream>
#include <set>

#include "cases/catalog.h"
#include "cases/official_suite.h"
#include "cli/output.h"
#include "cli/version.h"
#include "reference/client.h"
#include "reference/faults.h"
#include "reference/server.h"
#include "run/plan.h"
#include "run/suite.h"

namespace ec {

int run_suite_command(const std::string& role, const RunCommandOptions& o, std::ostream& out,
                      std::ostream& err) {
  return run_suite(role, o, {tool_version(), tool_commit(), tool_dirty()}, out, err);
}

int run_list_command(const std::string& cases_dir, const std::string& revision, const std::string& role,
                     bool coverage, bool checks, std::ostream& out, std::ostream& err) {
  std::optional<Revision> only;
  if (!revision.empty() && !(only = parse_revision(revision))) {
    err << "elicit-conform: unknown --revision \"" << printable(revision) << "\"\n";
    return kExitUsage;
  }
  if (!role.empty() && role != "client" && role != "server") {
    err << "elicit-conform: --role is client or server\n";
    return kExitUsage;
  }
  bool ok = true;
  const std::vector<Case> cases = load_corpus(cases_dir, err, ok);
  if (!ok) return kExitUsage;
  if (coverage) {
    std::vector<std::string> errors;
    const Catalog catalog =
        Catalog::load((std::filesystem::path(cases_dir) / "requirements").string(), errors);
    for (const std::string& e : errors) err << "elicit-conform: " << printable(e) << "\n";
    for (const Coverage& c : compute_coverage(catalog, cases)) {
      if (only && *only != c.revision) continue;
      for (const CoverageLine& line : c.lines) {
        const CatalogEntry& e = *line.entry;
        if (!role.empty() && e.binds != role && e.binds != "both") continue;
        std::string what;
        for (const std::string& id : line.cases) what += (what.empty() ? "" : ", ") + id;
        const char* status = !line.cases.empty()   ? "covered "
                             : !e.excluded.empty() ? "excluded"
                                                   : "UNCOVERED";
        if (line.cases.empty() && !e.excluded.empty()) what = e.excluded;
        out << status << "  " << e.id << " [" << e.level << ", " << e.binds << "]"
            << (what.empty() ? "" : ": " + what) << "\n";
      }
      out << to_string(c.revision) << ": " << c.lines.size() << " requirements: " << c.covered << " covered, "
          << c.excluded << " excluded with a reason, " << c.uncovered << " uncovered\n";
    }
    return kExitOk;
  }
  for (const Case& c : cases) {
    if (!role.empty() && to_string(c.role) != role) continue;
    if (only && std::find(c.revisions.begin(), c.revisions.end(), *only) == c.revisions.end()) continue;
    if (checks) {
      for (const std::string& id : case_checks(c)) out << c.id << ":" << id << "\n";
      continue;
    }
    std::string revisions;
    for (Revision r : c.revisions) revisions += (revisions.empty() ? "" : ",") + std::string(to_string(r));
    out << c.id << "  [" << (c.robustness ? "robustness" : to_string(c.level)) << "] " << revisions << "  "
        << c.title << "\n";
  }
  return kExitOk;
}

int run_reference_command(const ReferenceCommandOptions& o, std::ostream& out, std::ostream& err) {
  const std::string& role = o.role;
  const std::string& listen = o.listen;
  if (o.list_faults) {
    for (const Fault& f : faults()) {
      out << f.name << "  (" << f.role << ", breaks " << f.requirement << "): " << f.effect << "\n";
    }
    return kExitOk;
  }
  if (role != "server" && role != "client") {
    err << "elicit-conform: reference " << printable(role) << ": the role is server or client\n";
    return kExitUsage;
  }
  FaultId fault = FaultId::None;
  if (!o.fault.empty()) {
    const Fault* f = find_fault(o.fault);
    if (f == nullptr || f->role != role) {
      err << "elicit-conform: unknown fault \"" << printable(o.fault) << "\" for the reference " << role
          << "; see --list-faults\n";
      return kExitUsage;
    }
    fault = f->id;
  }
  if (!listen.empty() && role != "server") {
    err << "elicit-conform: --listen is for the reference server; the reference client takes a URL as its "
           "argument\n";
    return kExitUsage;
  }
  if (o.prime_sse && (role != "server" || listen.empty())) {
    err << "elicit-conform: --prime-sse is for the reference server over Streamable HTTP (--listen)\n";
    return kExitUsage;
  }
  if (!o.probe.empty() && (role != "client" || (o.probe != "discover" && o.probe != "respawn"))) {
    err << "elicit-conform: --probe is for the reference client: discover or respawn\n";
    return kExitUsage;
  }
  std::vector<std::string> versions;
  for (std::size_t start = 0; !o.versions.empty() && start <= o.versions.size();) {
    const std::size_t comma = std::min(o.versions.find(',', start), o.versions.size());
    const std::string v = o.versions.substr(start, comma - start);
    if (v.empty()) {
      err << "elicit-conform: --versions is a comma-separated list of protocol versions, latest first\n";
      return kExitUsage;
    }
    versions.push_back(v);
    start = comma + 1;
  }
  if (role == "client") {
    if (o.server_command.empty()) {
      err << "elicit-conform: reference client needs the command of its stdio server as arguments\n";
      return kExitUsage;
    }
    ReferenceClientOptions client;
    client.fault = fault;
    client.probe = o.probe;
    if (!o.modes.empty() && o.modes != "form" && o.modes != "url") {
      err << "elicit-conform: --modes is form or url (a client with that mode only)\n";
      return kExitUsage;
    }
    client.modes = o.modes;
    if (!versions.empty()) client.versions = versions;
    return run_reference_client(o.server_command, client);
  }
  ReferenceServerOptions server;
  server.fault = fault;
  server.prime_sse = o.prime_sse;
  if (!versions.empty()) server.versions = versions;
  if (!listen.empty()) {
    // Loopback only: "127.0.0.1:PORT", PORT 0 for an ephemeral one.
    const std::string prefix = "127.0.0.1:";
    const std::string port = listen.starts_with(prefix) ? listen.substr(prefix.size()) : "";
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos ||
        std::stoi(port) > 65535) {
      err << "elicit-conform: --listen takes 127.0.0.1:PORT (PORT 0: any free port)\n";
      return kExitUsage;
    }
    return run_reference_server_http(std::stoi(port), server);
  }
  return run_reference_server(0, 1, server);
}

}  // namespace ec

namespace ec {

int run_list_official_sides(const std::string& cases_dir, bool server, bool client,
                            const std::string& revision, std::ostream& out, std::ostream& err) {
  std::optional<Revision> only;
  if (!revision.empty() && !(only = parse_revision(revision))) {
    err << "elicit-conform: unknown --revision \"" << printable(revision) << "\"\n";
    return kExitUsage;
  }
  bool ok = true;
  const std::vector<Case> cases = load_corpus(cases_dir, err, ok);
  if (!ok) return kExitUsage;
  bool first = true;
  for (const auto& [role, heading] : {std::pair{Role::Server, "Server scenarios (test against a server):"},
                                      std::pair{Role::Client, "Client scenarios (test against a client):"}}) {
    if (!(role == Role::Server ? server : client)) continue;
    out << (first ? "" : "\n") << heading << "\n";
    first = false;
    for (const OfficialScenario& s : official_scenarios()) {
      if (s.role != role) continue;
      std::set<Revision> revisions;
      for (const Case& c : cases) {
        if (std::find(s.cases.begin(), s.cases.end(), c.id) == s.cases.end()) continue;
        for (Revision r : c.revisions) {
          if (!only || *only == r) revisions.insert(r);
        }
      }
      if (revisions.empty()) continue;  // no case here (at that revision)
      std::string list;
      for (Revision r : revisions) list += (list.empty() ? "" : ",") + std::string(to_string(r));
      out << "  - " << s.name << " [" << list << "]\n";
    }
  }
  return kExitOk;
}

int run_list_official(std::ostream& out) {
  for (const OfficialScenario& s : official_scenarios()) {
    std::string cases;
    for (std::string_view id : s.cases) cases += (cases.empty() ? "" : ", ") + std::string(id);
    out << to_string(s.role) << "  " << s.name << "  -> " << (cases.empty() ? "(none)" : cases) << "  ("
        << s.note << ")\n";
  }
  return 0;
}

}  // namespace ec
