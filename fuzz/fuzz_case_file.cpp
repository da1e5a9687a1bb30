// Fuzzes the case-file loader (cases/case_file.h): load_case on arbitrary bytes. Case files are
// written by people, so the loader's promise is a precise error for every mistake and a fully
// checked Case otherwise. Invariants beyond "no crash":
//  - a refusal names the file, a valid JSON pointer and a message;
//  - a loaded case is consistent: an id of its role, revisions, requirements and steps present,
//    every step pointer under /steps with a body, step names unique, references to names that
//    exist, replies that say what they answer;
//  - round trip: the loaded document written back (to_json) loads to the same case.
#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

#include "cases/case_file.h"
#include "core/json.h"
#include "core/json_pointer.h"
#include "fuzz_support.h"

namespace {

using ec::fuzz::require;

constexpr const char* kFile = "fuzz-case.json";

std::string show(const ec::Case& c) {
  std::string out = c.id + "|" + c.title + "|" + std::string(ec::to_string(c.role)) + "|" +
                    std::string(ec::to_string(c.level)) + (c.manual_lifecycle ? "|manual" : "|auto");
  for (ec::Revision r : c.revisions) out += "|" + std::string(ec::to_string(r));
  for (ec::Transport t : c.transports) out += "|" + std::string(ec::to_string(t));
  for (const std::string& r : c.requirements) out += "|" + r;
  out += "|sut:";
  if (c.sut.capabilities) out += *c.sut.capabilities ? ec::to_json(**c.sut.capabilities) : "none";
  out += "|" + (c.sut.user ? ec::to_json(*c.sut.user) : std::string("-")) + "|" + c.sut.tool;
  for (const std::string& t : c.sut.needs_tools) out += "," + t;
  for (const ec::Step& s : c.steps) {
    out += "\nstep " + std::to_string(static_cast<int>(s.kind)) + " " + s.pointer + " as=" + s.name +
           " target=" + s.target + " text=" + s.text + " within=" + std::to_string(s.within.count()) +
           (s.prerequisite ? " prerequisite" : "") + " body=" + (s.body ? ec::to_json(*s.body) : "-");
  }
  return out;
}

void check_case(const ec::Case& c) {
  require(c.file == kFile && c.document != nullptr, "a case knows its file and owns its document");
  const std::string role(ec::to_string(c.role));
  require(c.id.starts_with(role + ".") && c.title.size() >= 10, "a case has an id of its role and a title",
          c.id);
  require(!c.revisions.empty() && !c.transports.empty() && !c.requirements.empty() && !c.steps.empty(),
          "a case has revisions, transports, requirements and steps", c.id);
  std::set<std::string> names;
  for (const ec::Step& s : c.steps) {
    require(
        ec::is_valid_pointer(s.pointer) && ec::fuzz::pointer_under(s.pointer, "/steps") && s.body != nullptr,
        "a step knows where it is and has a body", s.pointer);
    if (!s.target.empty()) require(names.contains(s.target), "a step refers to an earlier name", s.pointer);
    if (s.kind == ec::Step::Kind::Reply)
      require(!s.target.empty(), "a reply says what it answers", s.pointer);
    if (!s.name.empty()) require(names.insert(s.name).second, "step names are unique", s.name);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ec::CaseLoadError error;
  const std::optional<ec::Case> loaded = ec::load_case(ec::fuzz::as_text(data, size), kFile, error);
  if (!loaded) {
    require(error.file == kFile && !error.message.empty() && ec::is_valid_pointer(error.pointer),
            "a refused case says which file, where and what", error.display());
    return 0;
  }
  check_case(*loaded);

  // Written back compactly, a case must load the same. Numbers can grow when written (1E2 is
  // written 100.0), so a document near the 1 MiB limit may no longer fit: skipped.
  const std::string text = ec::to_json(*loaded->document);
  if (text.size() > (std::size_t{1} << 20)) return 0;
  ec::CaseLoadError again_error;
  const std::optional<ec::Case> again = ec::load_case(text, kFile, again_error);
  require(again.has_value(), "a loaded case written back loads again", [&] { return again_error.display(); });
  require(show(*again) == show(*loaded), "case round trip",
          [&] { return show(*loaded) + "\n---\n" + show(*again); });
  return 0;
}
