#include "cases/observe_tool.h"

#include <cctype>

#include "cases/catalog.h"
#include "core/json.h"

namespace ec {
namespace {

using rapidjson::Value;

// Case ids are lower-case words joined by dashes; a tool name may be anything.
std::string id_part(std::string_view tool) {
  std::string out;
  for (const unsigned char ch : tool) {
    const bool word = std::isalnum(ch) != 0 && ch < 0x80;
    if (word)
      out += static_cast<char>(std::tolower(ch));
    else if (!out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "tool" : out;
}

// Keys that do not exist in `revision` (URL mode in 2025-06-18) are left out.
Value requirement_list(std::initializer_list<const char*> keys, Revision revision, const Catalog* catalog,
                       rapidjson::Document::AllocatorType& a) {
  Value list(rapidjson::kArrayType);
  for (const char* key : keys) {
    if (catalog != nullptr && catalog->has(revision) && catalog->find(revision, key) == nullptr) continue;
    list.PushBack(Value(key, a), a);
  }
  return list;
}

}  // namespace

std::vector<Case> observe_tool_cases(std::string_view tool, std::string_view arguments_json,
                                     Revision revision, const Catalog* catalog, std::string& error) {
  if (tool.empty()) {
    error = "--observe-tool needs a tool name";
    return {};
  }
  if (features(revision).modern_wire) {
    error = "--observe-tool cannot play " + std::string(to_string(revision)) +
            " yet: its elicitations travel inside InputRequiredResult (multi round-trip requests), "
            "which the harness does not speak as a client yet";
    return {};
  }
  ParsedJson arguments = parse_json(arguments_json.empty() ? std::string_view("{}") : arguments_json);
  if (!arguments.ok() || !arguments.document.IsObject()) {
    error = "--tool-args must be a JSON object" + (arguments.ok()
                                                       ? std::string()
                                                       : " (" + arguments.error->message + " at byte " +
                                                             std::to_string(arguments.error->offset) + ")");
    return {};
  }
  const std::string tool_name(tool);
  const std::string base = "server.observe." + id_part(tool);
  const bool url_mode = features(revision).url_mode;

  struct Variant {
    std::string suffix, title, level;
    std::initializer_list<const char*> requirements;
    std::initializer_list<const char*> checks;
  };
  const Variant variants[] = {
      {"valid",
       "Every elicitation that tool \"" + tool_name + "\" sends is well formed",
       "MUST",
       {"REQUEST-MESSAGE", "REQUEST-MODE", "FORM-REQUESTED-SCHEMA", "FORM-SCHEMA-RESTRICTED",
        "FORM-SCHEMA-FORMAT", "FORM-SCHEMA-ENUM", "FORM-SCHEMA-DEFAULT", "URL-PARAMS", "URL-VALID",
        "SERVER-MODE-DECLARED", "JSONRPC-MESSAGE-FORMAT", "JSONRPC-ID-TYPE", "JSONRPC-ID-UNIQUE",
        "JSONRPC-RESULT-XOR-ERROR"},
       {"jsonrpc-valid", "no-id-reuse", "elicitations-valid"}},
      {"advisable",
       "Every elicitation that tool \"" + tool_name + "\" sends is answerable and safe",
       "SHOULD",
       {"FORM-SCHEMA-CONSISTENT", "FORM-NO-SENSITIVE", "FORM-SECURITY-NO-SENSITIVE", "FORM-NO-CLICKABLE-URLS",
        "URL-HTTPS", "URL-NOT-PREAUTHENTICATED", "URL-NO-USER-DATA"},
       {"schema-consistent", "security-heuristics"}},
  };
  std::vector<Case> out;
  for (const Variant& v : variants) {
    rapidjson::Document d(rapidjson::kObjectType);
    auto& a = d.GetAllocator();
    d.AddMember("id", Value((base + "." + v.suffix).c_str(), a), a);
    d.AddMember("title", Value(v.title.c_str(), a), a);
    d.AddMember("role", "server", a);
    Value revisions(rapidjson::kArrayType);
    revisions.PushBack(Value(std::string(to_string(revision)).c_str(), a), a);
    d.AddMember("revisions", revisions, a);
    d.AddMember("requirements", requirement_list(v.requirements, revision, catalog, a), a);
    d.AddMember("level", Value(v.level.c_str(), a), a);
    Value capabilities(rapidjson::kObjectType);
    capabilities.AddMember("form", Value(rapidjson::kObjectType), a);
    if (url_mode) capabilities.AddMember("url", Value(rapidjson::kObjectType), a);
    Value sut(rapidjson::kObjectType);
    sut.AddMember("capabilities", capabilities, a);
    Value needs(rapidjson::kArrayType);
    needs.PushBack(Value(tool_name.c_str(), a), a);
    sut.AddMember("needs_tools", needs, a);
    d.AddMember("sut", sut, a);

    Value steps(rapidjson::kArrayType);
    Value call_params(rapidjson::kObjectType);
    call_params.AddMember("name", Value(tool_name.c_str(), a), a);
    Value args;
    args.CopyFrom(arguments.document, a);
    call_params.AddMember("arguments", args, a);
    Value send(rapidjson::kObjectType);
    send.AddMember("method", "tools/call", a);
    send.AddMember("params", call_params, a);
    Value call(rapidjson::kObjectType);
    call.AddMember("send", send, a);
    call.AddMember("as", "call", a);
    call.AddMember("prerequisite", true, a);
    steps.PushBack(call, a);
    // Any answer ends the tool call: a result, an error, or isError are all the tool's business.
    // (The pattern names result or error: one that matched any message with an id would also
    // match the server's own requests and keep them from being answered.)
    Value expect(rapidjson::kObjectType);
    const ParsedJson response = parse_json(R"({"$one_of":[{"result":"$any"},{"error":"$any"}]})");
    Value response_pattern;
    response_pattern.CopyFrom(response.document, a);  // a deep copy: `response` dies first
    expect.AddMember("expect", response_pattern, a);
    expect.AddMember("response_to", "call", a);
    expect.AddMember("prerequisite", true, a);
    steps.PushBack(expect, a);
    // Nothing observed is nothing tested: the tool sent no elicitation (or its call was refused,
    // e.g. for bad --tool-args), so the rules below would hold vacuously.
    Value observed(rapidjson::kObjectType);
    observed.AddMember("check", "observed-elicitation", a);
    observed.AddMember("prerequisite", true, a);
    steps.PushBack(observed, a);
    for (const char* check : v.checks) {
      Value step(rapidjson::kObjectType);
      step.AddMember("check", Value(check, a), a);
      steps.PushBack(step, a);
    }
    d.AddMember("steps", steps, a);

    CaseLoadError load_error;
    std::optional<Case> c = load_case(to_json(d), "--observe-tool " + tool_name, load_error, catalog);
    if (!c) {
      error = load_error.display();
      return {};
    }
    out.push_back(std::move(*c));
  }
  return out;
}

}  // namespace ec
