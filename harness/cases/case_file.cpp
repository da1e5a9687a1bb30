#include "cases/case_file.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "cases/case_schema.h"
#include "cases/catalog.h"
#include "cases/check_registry.h"
#include "cases/matcher.h"
#include "cases/transcript_checks.h"
#include "core/json.h"
#include "core/json_pointer.h"
#include "spec/modern.h"
#include "spec/requirements.h"

namespace ec {
namespace {

constexpr std::size_t kMaxCaseBytes = 1 << 20;
const std::set<std::string_view> kCaseMembers = {"$comment",   "id",           "title",  "role", "revisions",
                                                 "transports", "requirements", "level",  "sut",  "lifecycle",
                                                 "steps",      "scope",        "harness"};
const std::set<std::string_view> kStepKeywords = {
    "send", "expect", "reply", "expect_silence_ms", "expect_no_fetch", "check"};
const std::set<std::string_view> kStepModifiers = {
    "$comment",      "as",           "response_to", "to",
    "within_ms",     "prerequisite", "id",          "http_version_header",
    "nonconformant", "absent_ok",    "poll",        "session"};

// Case ids and step names are short ASCII: checked by hand, no regex engine needed.
bool is_case_id(std::string_view id) {
  const auto dot = id.find('.');
  if (dot == std::string_view::npos) return false;
  const std::string_view role = id.substr(0, dot);
  if (role != "client" && role != "server") return false;
  std::size_t segments = 0;
  std::size_t length = 0;
  for (std::size_t i = dot; i <= id.size(); ++i) {
    if (i == id.size() || id[i] == '.') {
      if (i != dot && length == 0) return false;
      if (i != dot) ++segments;
      length = 0;
      continue;
    }
    const char c = id[i];
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    ++length;
  }
  return segments >= 2;
}

bool is_name(std::string_view name) {
  if (name.empty() || name[0] < 'a' || name[0] > 'z') return false;
  return std::all_of(name.begin(), name.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

// A check id says what the step checks, never where it is (see Step::check_id).
std::string derive_check_id(const Step& step) {
  const auto method_of = [](const rapidjson::Value* body) -> std::string {
    const rapidjson::Value* m = body && body->IsObject() ? find_member(*body, "method") : nullptr;
    if (m == nullptr || !m->IsString() || m->GetString()[0] == '$') return "message";
    return m->GetString();
  };
  switch (step.kind) {
    case Step::Kind::Send: return "send." + (step.name.empty() ? method_of(step.body) : step.name);
    case Step::Kind::Expect:
      if (!step.target.empty()) return "response." + step.target;
      return "expect." + (step.name.empty() ? method_of(step.body) : step.name);
    case Step::Kind::Reply: return "reply." + step.target;
    case Step::Kind::ExpectSilence: return "silence";
    case Step::Kind::ExpectNoFetch: return "no-fetch";
    case Step::Kind::Check: return "check." + step.text;
  }
  return "step";
}

// Check ids are what a baseline file names: short ASCII, no ':' (the case:check separator).
bool is_check_id(std::string_view id) {
  return !id.empty() && id.size() <= 80 && std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '/';
  });
}

class Loader {
 public:
  Loader(const std::string& file, CaseLoadError& error, const Catalog* catalog)
      : file_(file), error_(error), catalog_(catalog) {}

  std::optional<Case> load(std::string_view bytes) {
    if (bytes.size() > kMaxCaseBytes) return fail("", "the file is over 1 MiB; a case is one rule");
    auto doc = std::make_shared<rapidjson::Document>();
    ParsedJson parsed = parse_json(bytes, ParseLimits{kMaxCaseBytes, 32});
    if (!parsed.ok()) {
      return fail("",
                  "not JSON: " + parsed.error->message + " at byte " + std::to_string(parsed.error->offset));
    }
    for (const JsonNote& note : parsed.notes) {
      if (note.kind == JsonNote::Kind::DuplicateKey) return fail(note.pointer, "member appears twice");
    }
    doc->Swap(parsed.document);
    Case c;
    c.file = file_;
    c.document = doc;
    const rapidjson::Value& root = *doc;
    if (!root.IsObject()) return fail("", "a case is a JSON object");
    for (auto it = root.MemberBegin(); it != root.MemberEnd(); ++it) {
      const std::string_view key(it->name.GetString(), it->name.GetStringLength());
      if (!kCaseMembers.contains(key)) {
        return fail(pointer_append("", key),
                    "unknown member; a case has id, title, role, revisions, "
                    "transports, requirements, level, scope, sut, lifecycle, steps");
      }
    }
    if (!string_member(root, "id", "", c.id)) return std::nullopt;
    if (!is_case_id(c.id)) return fail("/id", "\"" + c.id + "\" is not <role>.<area>.<slug> in lower case");
    if (!string_member(root, "title", "", c.title)) return std::nullopt;
    if (c.title.size() < 10) return fail("/title", "say in a sentence what a conformant SUT does");
    std::string role;
    if (!string_member(root, "role", "", role)) return std::nullopt;
    const std::optional<Role> parsed_role = parse_role(role);
    if (!parsed_role) return fail("/role", "role is \"client\" or \"server\" (the SUT's role)");
    c.role = *parsed_role;
    if (!c.id.starts_with(role + "."))
      return fail("/id", "the id of a " + role + " case starts with \"" + role + ".\"");
    if (!revisions(root, c)) return std::nullopt;
    if (!transports(root, c)) return std::nullopt;
    if (!requirements(root, c)) return std::nullopt;
    std::string level;
    if (!string_member(root, "level", "", level)) return std::nullopt;
    if (level == "MUST")
      c.level = Level::Must;
    else if (level == "SHOULD")
      c.level = Level::Should;
    else if (level == "MAY")
      c.level = Level::May;
    else
      return fail("/level", "level is MUST, SHOULD or MAY");
    if (const rapidjson::Value* lifecycle = find_member(root, "lifecycle")) {
      const std::string mode = lifecycle->IsString() ? lifecycle->GetString() : "";
      if (mode != "auto" && mode != "manual")
        return fail("/lifecycle", "lifecycle is \"auto\" (default) or \"manual\"");
      c.manual_lifecycle = mode == "manual";
    }
    if (const rapidjson::Value* scope = find_member(root, "scope")) {
      const std::string v = scope->IsString() ? scope->GetString() : "";
      if (v != "rule" && v != "pass-through" && v != "robustness")
        return fail("/scope", "scope is \"rule\" (default), \"pass-through\" or \"robustness\"");
      c.pass_through = v == "pass-through";
      c.robustness = v == "robustness";
      if (c.robustness && c.level == Level::Must)
        return fail("/scope", "a robustness case binds nothing, so its level cannot be MUST");
    }
    if (const rapidjson::Value* sut = find_member(root, "sut"); sut && !load_sut(*sut, c))
      return std::nullopt;
    if (const rapidjson::Value* harness = find_member(root, "harness"); harness && !load_harness(*harness, c))
      return std::nullopt;
    if (!steps(root, c)) return std::nullopt;
    // What the checks above let through must also be a case by the schema's reading.
    if (auto violation = check_against_case_schema(root))
      return fail(violation->pointer, "against cases/case.schema.json: " + violation->message);
    return c;
  }

 private:
  // Records the error; the two spellings serve functions returning optional and bool.
  bool bad(std::string pointer, std::string message) {
    error_ = CaseLoadError{file_, std::move(pointer), std::move(message)};
    return false;
  }
  std::nullopt_t fail(std::string pointer, std::string message) {
    bad(std::move(pointer), std::move(message));
    return std::nullopt;
  }

  bool string_member(const rapidjson::Value& object, const char* key, const std::string& at,
                     std::string& out) {
    const rapidjson::Value* v = find_member(object, key);
    if (v == nullptr) return bad(pointer_append(at, key), std::string("\"") + key + "\" is required");
    if (!v->IsString()) return bad(pointer_append(at, key), std::string("\"") + key + "\" must be a string");
    out.assign(v->GetString(), v->GetStringLength());
    return true;
  }

  const rapidjson::Value* nonempty_array(const rapidjson::Value& root, const char* key, bool required) {
    const rapidjson::Value* v = find_member(root, key);
    if (v == nullptr) {
      if (required) bad(pointer_append("", key), std::string("\"") + key + "\" is required");
      return nullptr;
    }
    if (!v->IsArray() || v->Empty()) {
      bad(pointer_append("", key), std::string("\"") + key + "\" must be a non-empty array");
      return nullptr;
    }
    return v;
  }

  bool revisions(const rapidjson::Value& root, Case& c) {
    const rapidjson::Value* list = nonempty_array(root, "revisions", true);
    if (list == nullptr) return false;
    for (rapidjson::SizeType i = 0; i < list->Size(); ++i) {
      const auto& v = (*list)[i];
      auto r = v.IsString() ? parse_revision(v.GetString()) : std::nullopt;
      if (!r) return bad(pointer_append("/revisions", i), "unknown revision; known: 2025-06-18, 2025-11-25");
      if (std::find(c.revisions.begin(), c.revisions.end(), *r) != c.revisions.end()) {
        return bad(pointer_append("/revisions", i), "listed twice");
      }
      c.revisions.push_back(*r);
    }
    return true;
  }

  bool transports(const rapidjson::Value& root, Case& c) {
    if (find_member(root, "transports") == nullptr) {
      c.transports = {Transport::Stdio, Transport::Http};
      return true;
    }
    const rapidjson::Value* list = nonempty_array(root, "transports", false);
    if (list == nullptr) return false;
    for (rapidjson::SizeType i = 0; i < list->Size(); ++i) {
      const auto& v = (*list)[i];
      const std::string t = v.IsString() ? v.GetString() : "";
      if (t != "stdio" && t != "http")
        return bad(pointer_append("/transports", i), "a transport is \"stdio\" or \"http\"");
      c.transports.push_back(t == "stdio" ? Transport::Stdio : Transport::Http);
    }
    return true;
  }

  bool requirements(const rapidjson::Value& root, Case& c) {
    const rapidjson::Value* list = nonempty_array(root, "requirements", true);
    if (list == nullptr) return false;
    for (rapidjson::SizeType i = 0; i < list->Size(); ++i) {
      const std::string at = pointer_append("/requirements", i);
      const auto& v = (*list)[i];
      if (!v.IsString()) return bad(at, "a requirement is a string");
      std::string key = v.GetString();
      // A full id names its revision: "EL-2025-11-25-KEY". It must be one the case lists.
      if (key.starts_with("EL-") && key.size() > 14 && key[13] == '-') {
        auto r = parse_revision(std::string_view(key).substr(3, 10));
        if (!r || std::find(c.revisions.begin(), c.revisions.end(), *r) == c.revisions.end()) {
          return bad(at, "\"" + key + "\" names a revision the case does not list");
        }
        key = key.substr(14);
      }
      for (Revision r : c.revisions) {
        const bool known = catalog_ != nullptr && catalog_->has(r) ? catalog_->find(r, key) != nullptr
                                                                   : find_requirement(key, r) != nullptr;
        if (!known) {
          return bad(at, "no requirement \"" + key + "\" in " + std::string(to_string(r)));
        }
      }
      c.requirements.push_back(key);
    }
    return true;
  }

  bool load_sut(const rapidjson::Value& sut, Case& c) {
    if (!sut.IsObject()) return bad("/sut", "\"sut\" is an object");
    for (auto it = sut.MemberBegin(); it != sut.MemberEnd(); ++it) {
      const std::string_view key(it->name.GetString(), it->name.GetStringLength());
      const std::string at = pointer_append("/sut", key);
      const rapidjson::Value& v = it->value;
      if (key == "capabilities") {
        if (v.IsString() && std::string_view(v.GetString()) == "none")
          c.sut.capabilities = nullptr;
        else if (v.IsObject())
          c.sut.capabilities = &v;
        else
          return bad(at, "capabilities is an elicitation capability object or \"none\"");
      } else if (key == "user") {
        if (!v.IsArray()) return bad(at, "user is an array of answers");
        for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
          const rapidjson::Value* action = find_member(v[i], "action");
          const std::string a = action && action->IsString() ? action->GetString() : "";
          if (a != "accept" && a != "decline" && a != "cancel") {
            return bad(pointer_append(at, i), "each answer has \"action\": accept, decline or cancel");
          }
        }
        c.sut.user = &v;
      } else if (key == "tool") {
        if (!v.IsString()) return bad(at, "tool is a string");
        c.sut.tool = v.GetString();
      } else if (key == "protocol_version") {
        if (!v.IsString() || !is_protocol_version(v.GetString()))
          return bad(at, "protocol_version is a protocol version, YYYY-MM-DD");
        if (c.role != Role::Server)
          return bad(at, "protocol_version is for server cases (what the harness asks)");
        c.sut.protocol_version = v.GetString();
      } else if (key == "needs_tools") {
        if (!v.IsArray()) return bad(at, "needs_tools is an array of tool names");
        for (const auto& t : v.GetArray()) {
          if (!t.IsString()) return bad(at, "needs_tools is an array of tool names");
          c.sut.needs_tools.emplace_back(t.GetString());
        }
      } else if (key == "needs_prompts") {
        if (!v.IsArray() || c.role != Role::Server)
          return bad(at, "needs_prompts is an array of prompt names (server cases)");
        for (const auto& t : v.GetArray()) {
          if (!t.IsString()) return bad(at, "needs_prompts is an array of prompt names");
          c.sut.needs_prompts.emplace_back(t.GetString());
        }
      } else if (key == "needs_tool_meta") {
        if (!v.IsObject() || c.role != Role::Server)
          return bad(
              at, "needs_tool_meta maps a tool name to the _meta member it must set to true (server cases)");
        for (auto m = v.MemberBegin(); m != v.MemberEnd(); ++m) {
          if (!m->value.IsString() || m->value.GetStringLength() == 0)
            return bad(pointer_append(at, m->name.GetString()), "the _meta member name, a non-empty string");
          c.sut.needs_tool_meta.emplace_back(m->name.GetString(), m->value.GetString());
        }
      } else if (key == "tasks") {
        if (!v.IsObject() && !(v.IsString() && std::string_view(v.GetString()) == "none"))
          return bad(at, "tasks is the tasks capability object the client is to declare, or \"none\"");
        if (c.role != Role::Client) return bad(at, "tasks is for client cases (what the client declares)");
        c.sut.tasks = &v;
      } else if (key == "task_tools") {
        if (!v.IsArray() || v.Empty()) return bad(at, "task_tools is a non-empty array of tool names");
        if (c.role != Role::Server) return bad(at, "task_tools is for server cases (tools called as tasks)");
        for (const auto& t : v.GetArray()) {
          if (!t.IsString()) return bad(at, "task_tools is a non-empty array of tool names");
          c.sut.task_tools.emplace_back(t.GetString());
        }
      } else if (key == "versions") {
        if (!v.IsArray() || v.Empty()) return bad(at, "versions is a non-empty array of protocol versions");
        for (const auto& t : v.GetArray()) {
          if (!t.IsString() || !is_protocol_version(t.GetString()))
            return bad(at, "versions is a non-empty array of protocol versions, YYYY-MM-DD");
          c.sut.versions.emplace_back(t.GetString());
        }
      } else {
        return bad(at,
                   "unknown member; sut has capabilities, user, tool, needs_tools, needs_prompts, "
                   "needs_tool_meta, protocol_version, versions, tasks, task_tools");
      }
    }
    return true;
  }

  // "harness": {"revision": "2025-11-25", "discover_error": {"code": -32000, "message": "..."}}, or
  // "harness": {"first_request_error": {"code": -32022, "message": "..."}} (a modern server)
  bool load_harness(const rapidjson::Value& h, Case& c) {
    if (!h.IsObject()) return bad("/harness", "\"harness\" is an object");
    if (c.role != Role::Client)
      return bad("/harness", "harness is for client cases (the server the harness plays)");
    for (auto it = h.MemberBegin(); it != h.MemberEnd(); ++it) {
      const std::string_view key(it->name.GetString(), it->name.GetStringLength());
      const std::string at = pointer_append("/harness", key);
      const rapidjson::Value& v = it->value;
      if (key == "revision") {
        const std::optional<Revision> r = v.IsString() ? parse_revision(v.GetString()) : std::nullopt;
        if (!r || features(*r).modern_wire)
          return bad(at, "revision is an initialize-based revision the harness knows");
        c.harness.revision = *r;
      } else if (key == "discover_error") {
        const rapidjson::Value* code = v.IsObject() ? find_member(v, "code") : nullptr;
        const rapidjson::Value* message = v.IsObject() ? find_member(v, "message") : nullptr;
        if (!code || !code->IsInt() || !message || !message->IsString() || v.MemberCount() != 2)
          return bad(at, "discover_error is {\"code\": <integer>, \"message\": <string>}");
        c.harness.discover_error_code = code->GetInt();
        c.harness.discover_error_message = message->GetString();
      } else if (key == "first_request_error") {
        const rapidjson::Value* code = v.IsObject() ? find_member(v, "code") : nullptr;
        const rapidjson::Value* message = v.IsObject() ? find_member(v, "message") : nullptr;
        if (!code || !code->IsInt() || !message || !message->IsString() || v.MemberCount() != 2)
          return bad(at, "first_request_error is {\"code\": -32022, \"message\": <string>}");
        // The harness writes the error's data, which only -32022's is known to it (supported,
        // requested); another modern error would need its own.
        if (code->GetInt() != kUnsupportedProtocolVersion)
          return bad(pointer_append(at, "code"),
                     "first_request_error's code is -32022 (the only one the harness can play)");
        if (std::any_of(c.revisions.begin(), c.revisions.end(),
                        [](Revision r) { return !features(r).modern_wire; }))
          return bad(
              at, "first_request_error is an error of the modern wire: the case's revisions are 2026-07-28");
        c.harness.first_request_error_code = code->GetInt();
        c.harness.first_request_error_message = message->GetString();
      } else {
        return bad(at, "unknown member; harness has revision, discover_error, first_request_error");
      }
    }
    if (c.harness.first_request_error_code) {
      if (c.harness.revision || c.harness.discover_error_code)
        return bad("/harness",
                   "first_request_error is played by a server of the case's revision: no revision, "
                   "no discover_error beside it");
      return true;
    }
    if (!c.harness.revision) return bad("/harness", "harness needs revision (or first_request_error)");
    return true;
  }

  bool steps(const rapidjson::Value& root, Case& c) {
    const rapidjson::Value* list = nonempty_array(root, "steps", true);
    if (list == nullptr) return false;
    std::set<std::string> names;
    std::map<std::string, std::string> check_ids;  // id -> the step that has it
    for (rapidjson::SizeType i = 0; i < list->Size(); ++i) {
      const std::string at = pointer_append("/steps", i);
      const rapidjson::Value& s = (*list)[i];
      if (!s.IsObject()) return bad(at, "a step is an object");
      Step step;
      step.pointer = at;
      std::string keyword;
      for (auto it = s.MemberBegin(); it != s.MemberEnd(); ++it) {
        const std::string_view key(it->name.GetString(), it->name.GetStringLength());
        if (kStepKeywords.contains(key)) {
          if (!keyword.empty())
            return bad(pointer_append(at, key),
                       "a step does one thing; this one also has \"" + keyword + "\"");
          keyword = key;
        } else if (!kStepModifiers.contains(key)) {
          return bad(pointer_append(at, key),
                     "unknown step member; a step is one of send, expect, reply, "
                     "expect_silence_ms, expect_no_fetch, check");
        }
      }
      if (keyword.empty()) {
        return bad(at,
                   "the step does nothing; use one of send, expect, reply, expect_silence_ms, "
                   "expect_no_fetch, check");
      }
      const rapidjson::Value& body = *find_member(s, keyword);
      const std::string body_at = pointer_append(at, keyword);
      if (keyword == "send") {
        step.kind = Step::Kind::Send;
        const rapidjson::Value* method = find_member(body, "method");
        if (!body.IsObject() || method == nullptr || !method->IsString()) {
          return bad(body_at, "send takes a message with a \"method\"");
        }
      } else if (keyword == "expect") {
        step.kind = Step::Kind::Expect;
        std::string where = body_at;
        if (std::string e = validate_pattern(body, where); !e.empty()) return bad(where, e);
      } else if (keyword == "reply") {
        step.kind = Step::Kind::Reply;
        const bool result = find_member(body, "result") != nullptr,
                   error = find_member(body, "error") != nullptr;
        if (!body.IsObject() || result == error)
          return bad(body_at, "reply takes {\"result\": ...} or {\"error\": ...}");
      } else if (keyword == "expect_silence_ms") {
        step.kind = Step::Kind::ExpectSilence;
        if (!body.IsInt() || body.GetInt() < 1 || body.GetInt() > 60000) {
          return bad(body_at, "expect_silence_ms is a number of milliseconds, 1 to 60000");
        }
        step.within = std::chrono::milliseconds(body.GetInt());
      } else if (keyword == "expect_no_fetch") {
        step.kind = Step::Kind::ExpectNoFetch;
        if (!body.IsString()) return bad(body_at, "expect_no_fetch takes the URL that must not be fetched");
        step.text = body.GetString();
      } else {
        step.kind = Step::Kind::Check;
        const std::vector<std::string>& known = known_check_names();
        if (!body.IsString() ||
            !std::binary_search(known.begin(), known.end(), std::string(body.GetString()))) {
          std::string listed;
          for (const std::string& name : known) listed += (listed.empty() ? "" : ", ") + name;
          return bad(body_at, "known checks: " + listed);
        }
        const CheckEntry& check = *find_check(body.GetString());
        if (check.cases == CheckCases::Server && c.role != Role::Server)
          return bad(body_at, std::string(check.name) + " judges a server (" + std::string(check.summary) +
                                  "): server cases only");
        if (check.cases == CheckCases::Client && c.role != Role::Client)
          return bad(body_at, std::string(check.name) + " judges a client (" + std::string(check.summary) +
                                  "): client cases only");
        // What these two judge is the answer the harness was told to play: without it they would
        // judge nothing and pass.
        if (std::string_view(body.GetString()) == "probe-once" &&
            (c.harness.revision || c.harness.first_request_error_code))
          return bad(body_at,
                     "probe-once judges a client against a modern server that answers every request; an era "
                     "case's refusals may justify a new probe");
        if (std::string_view(body.GetString()) == "fallback-latest-version" &&
            (!c.harness.revision || c.sut.versions.size() < 2))
          return bad(body_at,
                     "fallback-latest-version judges the initialize a client told sut.versions (a modern and "
                     "initialize-based ones) sends to the legacy server of harness.revision");
        if (std::string_view(body.GetString()) == "fallback-on-legacy-400" && !c.harness.revision)
          return bad(body_at,
                     "fallback-on-legacy-400 judges a client against the legacy server of harness.revision");
        if (std::string_view(body.GetString()) == "no-fallback-on-modern-400" &&
            !c.harness.first_request_error_code)
          return bad(body_at, "no-fallback-on-modern-400 judges the answer to harness.first_request_error");
        step.text = body.GetString();
      }
      step.body = &body;
      if (const rapidjson::Value* as = find_member(s, "as")) {
        if (!as->IsString() || !is_name(as->GetString()))
          return bad(pointer_append(at, "as"), "a name is lower case letters, digits and _");
        if (step.kind != Step::Kind::Send && step.kind != Step::Kind::Expect) {
          return bad(pointer_append(at, "as"), "only send and expect steps can be named");
        }
        step.name = as->GetString();
        if (!names.insert(step.name).second)
          return bad(pointer_append(at, "as"), "the name \"" + step.name + "\" is used twice");
      }
      for (const char* ref : {"response_to", "to"}) {
        const rapidjson::Value* v = find_member(s, ref);
        if (v == nullptr) continue;
        const bool fits =
            std::string_view(ref) == "to" ? step.kind == Step::Kind::Reply : step.kind == Step::Kind::Expect;
        if (!fits)
          return bad(pointer_append(at, ref), std::string(ref) + " does not belong to this kind of step");
        if (!v->IsString() || !names.contains(v->GetString())) {
          return bad(pointer_append(at, ref), "names no earlier step (name a send or expect with \"as\")");
        }
        step.target = v->GetString();
      }
      if (step.kind == Step::Kind::Reply && step.target.empty())
        return bad(at, "reply needs \"to\": the expect step of the request it answers");
      if (const rapidjson::Value* w = find_member(s, "within_ms")) {
        if (step.kind != Step::Kind::Expect || !w->IsInt() || w->GetInt() < 1 || w->GetInt() > 120000) {
          return bad(pointer_append(at, "within_ms"), "within_ms belongs to expect steps: 1 to 120000 ms");
        }
        step.within = std::chrono::milliseconds(w->GetInt());
      }
      if (const rapidjson::Value* poll = find_member(s, "poll")) {
        const rapidjson::Value* attempts = poll->IsObject() ? find_member(*poll, "attempts") : nullptr;
        const rapidjson::Value* interval = poll->IsObject() ? find_member(*poll, "interval_ms") : nullptr;
        bool polls_a_send = false;
        for (const Step& earlier : c.steps)
          polls_a_send = polls_a_send || (earlier.kind == Step::Kind::Send && earlier.name == step.target);
        if (step.kind != Step::Kind::Expect || !polls_a_send || attempts == nullptr || !attempts->IsInt() ||
            attempts->GetInt() < 2 || attempts->GetInt() > 50 || interval == nullptr || !interval->IsInt() ||
            interval->GetInt() < 1 || interval->GetInt() > 5000 || poll->MemberCount() != 2) {
          return bad(
              pointer_append(at, "poll"),
              "poll belongs to an expect step whose response_to names a send step: {\"attempts\": 2 to "
              "50, \"interval_ms\": 1 to 5000}");
        }
        step.poll_attempts = attempts->GetInt();
        step.poll_interval = std::chrono::milliseconds(interval->GetInt());
      }
      if (const rapidjson::Value* h = find_member(s, "http_version_header")) {
        if (step.kind != Step::Kind::Send || !h->IsString() || h->GetStringLength() > 100) {
          return bad(pointer_append(at, "http_version_header"),
                     "http_version_header belongs to send steps: a string of at most 100 characters");
        }
        step.http_version_header = std::string(h->GetString(), h->GetStringLength());
      }
      if (const rapidjson::Value* n = find_member(s, "nonconformant")) {
        if ((step.kind != Step::Kind::Send && step.kind != Step::Kind::Reply) || !n->IsString() ||
            n->GetStringLength() == 0 || n->GetStringLength() > 400) {
          return bad(pointer_append(at, "nonconformant"),
                     "nonconformant belongs to send and reply steps: why the message breaks its revision's "
                     "schema on purpose, 1 to 400 characters");
        }
        step.nonconformant = std::string(n->GetString(), n->GetStringLength());
      }
      if (const rapidjson::Value* p = find_member(s, "prerequisite")) {
        const bool arrival = p->IsString() && std::string_view(p->GetString()) == "arrival";
        if (!p->IsBool() && !arrival)
          return bad(pointer_append(at, "prerequisite"), "prerequisite is true, false or \"arrival\"");
        if (arrival &&
            (step.kind != Step::Kind::Expect || !step.target.empty() || !step.body->IsObject() ||
             find_member(*step.body, "method") == nullptr || !find_member(*step.body, "method")->IsString()))
          return bad(pointer_append(at, "prerequisite"),
                     "\"arrival\" belongs to an expect step whose pattern names a method");
        step.prerequisite = p->IsBool() && p->GetBool();
        step.arrival_prerequisite = arrival;
      }
      if (const rapidjson::Value* a = find_member(s, "absent_ok")) {
        if (step.kind != Step::Kind::Expect || !step.target.empty() || step.prerequisite ||
            step.arrival_prerequisite || !a->IsString() || a->GetStringLength() == 0 ||
            a->GetStringLength() > 400) {
          return bad(pointer_append(at, "absent_ok"),
                     "absent_ok belongs to an expect step that is no response and no prerequisite: why "
                     "nothing arriving keeps the rule, 1 to 400 characters");
        }
        step.absent_ok = std::string(a->GetString(), a->GetStringLength());
      }
      if (const rapidjson::Value* session = find_member(s, "session")) {
        const bool known = session->IsString() && (std::string_view(session->GetString()) == "A" ||
                                                   std::string_view(session->GetString()) == "B");
        if (!known || c.role != Role::Server || c.transports != std::vector<Transport>{Transport::Http} ||
            step.kind == Step::Kind::ExpectNoFetch || step.kind == Step::Kind::Check)
          return bad(
              pointer_append(at, "session"),
              "session is \"A\" (the default) or \"B\", the second Streamable HTTP session of a server "
              "case whose transports are [\"http\"]; not for expect_no_fetch or check steps");
        step.second_session = std::string_view(session->GetString()) == "B";
      }
      if (const rapidjson::Value* id = find_member(s, "id")) {
        if (!id->IsString() || !is_check_id(id->GetString()))
          return bad(pointer_append(at, "id"), "a check id is lower case letters, digits and - _ . /");
        step.check_id = id->GetString();
      } else {
        step.check_id = derive_check_id(step);
      }
      if (auto [it, fresh] = check_ids.emplace(step.check_id, at); !fresh) {
        return bad(at, "the check id \"" + step.check_id + "\" is also that of " + it->second +
                           "; name one of the steps (\"as\", or \"id\" for its check id)");
      }
      c.steps.push_back(std::move(step));
    }
    return true;
  }

  std::string file_;
  CaseLoadError& error_;
  const Catalog* catalog_;
};

}  // namespace

std::string_view to_string(Transport transport) { return transport == Transport::Stdio ? "stdio" : "http"; }

std::string CaseLoadError::display() const {
  return file + ": " + (pointer.empty() ? std::string("(document)") : pointer) + ": " + message;
}

std::optional<Case> load_case(std::string_view bytes, const std::string& file, CaseLoadError& error,
                              const Catalog* catalog) {
  return Loader(file, error, catalog).load(bytes);
}

std::vector<Case> load_cases(const std::string& root, std::vector<CaseLoadError>& errors) {
  namespace fs = std::filesystem;
  std::vector<Case> out;
  std::error_code ec;
  std::vector<fs::path> files;
  for (fs::recursive_directory_iterator it(root, ec), end; it != end && !ec; it.increment(ec)) {
    const fs::path& p = it->path();
    if (it->is_directory() && p.filename() == "requirements") {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && p.extension() == ".json" && p.filename() != "case.schema.json")
      files.push_back(p);
  }
  if (ec) errors.push_back({root, "", "cannot read the case folder: " + ec.message()});
  std::sort(files.begin(), files.end());
  std::vector<std::string> catalog_errors;
  const Catalog catalog = Catalog::load((fs::path(root) / "requirements").string(), catalog_errors);
  for (const std::string& e : catalog_errors)
    errors.push_back({e, "", "the requirement catalog cannot be read"});
  std::map<std::string, std::string> ids, titles;
  for (const fs::path& p : files) {
    // The size is known before a byte is read, and never more than the limit and one byte is read:
    // a huge (or growing) file costs neither time nor memory.
    std::error_code size_error;
    const std::uintmax_t size = fs::file_size(p, size_error);
    if (!size_error && size > kMaxCaseBytes) {
      errors.push_back({p.string(), "", "the file is over 1 MiB; a case is one rule"});
      continue;
    }
    std::ifstream in(p, std::ios::binary);
    std::string bytes(kMaxCaseBytes + 1, '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    if (in.bad()) {
      errors.push_back({p.string(), "", "cannot read the file"});
      continue;
    }
    CaseLoadError error;
    auto c = load_case(bytes, p.string(), error, &catalog);
    if (!c) {
      errors.push_back(error);
      continue;
    }
    if (auto [it, fresh] = ids.emplace(c->id, c->file); !fresh) {
      errors.push_back({c->file, "/id", "\"" + c->id + "\" is also the id of " + it->second});
      continue;
    }
    if (auto [it, fresh] = titles.emplace(c->title, c->file); !fresh) {
      errors.push_back({c->file, "/title", "the same title as " + it->second + "; say what differs"});
      continue;
    }
    out.push_back(std::move(*c));
  }
  std::sort(out.begin(), out.end(), [](const Case& a, const Case& b) { return a.id < b.id; });
  return out;
}

}  // namespace ec
