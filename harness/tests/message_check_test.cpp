#include "schema/message_check.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "core/json_pointer.h"
#include "schema/requested_schema.h"
#include "spec/mrtr.h"
#include "spec/requirements.h"

namespace ec {
namespace {

namespace fs = std::filesystem;
const fs::path kExamples = fs::path(EC_TEST_DATA) / "spec-examples";

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

MessageReport check(const std::string& text, Revision r = Revision::V2025_11_25) {
  MessageCheckOptions o;
  o.revision = r;
  return check_message_bytes(text, o);
}

std::string describe(const Diagnostics& ds) {
  std::string out;
  for (const Diagnostic& d : ds)
    out += "  " + std::string(to_string(d.level)) + " " + d.check + " " + d.pointer + ": " + d.message + "\n";
  return out;
}

// The examples that break a rule of their own revision (2026-07-28's pages abridge requests and
// results), with exactly the checks each one gets: spec-examples/known-findings.json.
std::map<std::string, std::set<std::string>> known_findings() {
  std::map<std::string, std::set<std::string>> out;
  ParsedJson known = parse_json(read_file(kExamples / "known-findings.json"));
  const rapidjson::Value* examples = known.ok() ? find_member(known.document, "examples") : nullptr;
  if (examples == nullptr) return out;
  for (auto it = examples->MemberBegin(); it != examples->MemberEnd(); ++it) {
    std::set<std::string>& checks = out[it->name.GetString()];
    for (const auto& c : it->value["checks"].GetArray()) checks.insert(c.GetString());
  }
  return out;
}

std::set<std::string> findings(const Diagnostics& ds) {
  std::set<std::string> out;
  for (const Diagnostic& d : ds) {
    if (d.level != Level::Info) out.insert(d.check);
  }
  return out;
}

// Every JSON-RPC example of the spec pages passes with no MUST or SHOULD finding, except the
// known ones, which get exactly their known findings.
TEST(SpecExamples, EveryMessageConforms) {
  const auto known = known_findings();
  ASSERT_FALSE(known.empty());
  int seen = 0;
  for (Revision r : all_revisions()) {
    const fs::path dir = kExamples / "messages" / std::string(to_string(r));
    ASSERT_TRUE(fs::exists(dir)) << dir;
    for (const auto& entry : fs::directory_iterator(dir)) {
      MessageReport report = check(read_file(entry.path()), r);
      const std::string name =
          "messages/" + std::string(to_string(r)) + "/" + entry.path().filename().string();
      const auto expected = known.find(name);
      EXPECT_EQ(findings(report.diagnostics),
                expected == known.end() ? std::set<std::string>{} : expected->second)
          << name << "\n"
          << describe(report.diagnostics);
      ++seen;
    }
  }
  EXPECT_GE(seen, 34);
}

// Every property schema of the spec pages, SEP-1330 and SEP-1034 passes, with documented
// exceptions where the example contradicts its own rules, so the checker rightly reports it:
//  - 1330-01, 1330-04: SEP-1330 gives a title ("Green") as the default of an enum whose values
//    are "#FF0000"...; SEP-1034: "the default must be one of the valid enum values".
//  - elicitation-02 (2025-11-25 String Schema): "pattern": "^[A-Za-z]+$" with
//    "default": "user@example.com", which the pattern does not match. (2026-07-28's String
//    Schema example dropped the pattern and is accepted.)
TEST(SpecExamples, EveryPropertySchemaIsAccepted) {
  const std::set<std::string> self_contradictory = {"2025-11-25/1330-01.json", "2025-11-25/1330-04.json",
                                                    "2025-11-25/elicitation-02.json"};
  int seen = 0;
  for (Revision r : all_revisions()) {
    for (const char* kind : {"properties", "schemas"}) {
      const fs::path dir = kExamples / kind / std::string(to_string(r));
      if (!fs::exists(dir)) continue;
      for (const auto& entry : fs::directory_iterator(dir)) {
        std::string schema = read_file(entry.path());
        if (std::string(kind) == "properties")
          schema = R"({"type":"object","properties":{"p":)" + schema + "}}";
        const std::string params = R"({"message":"m","requestedSchema":)" + schema + "}";
        // 2026-07-28 carries the elicitation inside an InputRequiredResult.
        const std::string message =
            features(r).modern_wire
                ? R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}},"inputRequests":{"k":{"method":"elicitation/create","params":)" +
                      params + "}}}}"
                : R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":)" + params + "}";
        MessageReport report = check(message, r);
        const std::string name = std::string(to_string(r)) + "/" + entry.path().filename().string();
        if (self_contradictory.contains(name)) {
          ASSERT_EQ(report.diagnostics.size() - count_level(report.diagnostics, Level::Info), 1u)
              << name << "\n"
              << describe(report.diagnostics);
          EXPECT_TRUE(has_check(report.diagnostics, "schema.default-invalid")) << name;
        } else {
          for (const Diagnostic& d : report.diagnostics) {
            EXPECT_EQ(d.level, Level::Info) << entry.path() << "\n" << describe(report.diagnostics);
          }
        }
        ++seen;
      }
    }
  }
  EXPECT_GE(seen, 17);
}

TEST(MessageCheck, UrlMustBeValid) {
  MessageReport r = check(R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{
    "mode":"url","message":"m","elicitationId":"e","url":"not a url"}})");
  EXPECT_FALSE(r.conforms());
  ASSERT_TRUE(has_check(r.diagnostics, "elicit.url-invalid"));
  EXPECT_EQ(r.diagnostics.back().pointer, "/params/url");
  EXPECT_EQ(r.diagnostics.back().requirement, "URL-VALID");
}

// An empty url is present and is no URL (it once passed: "" stood for "absent", whose finding
// is URL-PARAMS' elicit.url-missing; the SUT fuzzer's acceptance run found it).
TEST(MessageCheck, AnEmptyUrlIsNotAValidUrl) {
  MessageReport r = check(R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{
    "mode":"url","message":"m","elicitationId":"e","url":""}})");
  EXPECT_FALSE(r.conforms());
  ASSERT_TRUE(has_check(r.diagnostics, "elicit.url-invalid"));
  EXPECT_FALSE(has_check(r.diagnostics, "elicit.url-missing"));
  MessageReport absent = check(R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{
    "mode":"url","message":"m","elicitationId":"e"}})");
  EXPECT_TRUE(has_check(absent.diagnostics, "elicit.url-missing"));
  EXPECT_FALSE(has_check(absent.diagnostics, "elicit.url-invalid"));
}

TEST(MessageCheck, UrlInsideUrlRequiredErrorMustBeValid) {
  MessageReport r =
      check(R"({"jsonrpc":"2.0","id":1,"error":{"code":-32042,"message":"m","data":{"elicitations":[
    {"mode":"url","message":"m","elicitationId":"a","url":"https://ok.example"},
    {"mode":"url","message":"m","elicitationId":"b","url":"relative/path"}]}}})");
  ASSERT_TRUE(has_check(r.diagnostics, "elicit.url-invalid"));
  EXPECT_EQ(r.diagnostics.back().pointer, "/error/data/elicitations/1/url");
}

TEST(MessageCheck, ResultIsCheckedAgainstItsRequest) {
  ParsedJson request = parse_json(R"({"message":"m","requestedSchema":{"type":"object",
    "properties":{"color":{"type":"string","oneOf":[{"const":"#f00","title":"Red"}]}},"required":["color"]}})");
  MessageCheckOptions o;
  o.answered_request_params = &request.document;
  MessageReport good = check_message_bytes(
      R"({"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"color":"#f00"}}})", o);
  EXPECT_TRUE(good.diagnostics.empty()) << describe(good.diagnostics);
  MessageReport title = check_message_bytes(
      R"({"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"color":"Red"}}})", o);
  ASSERT_TRUE(has_check(title.diagnostics, "content.enum"));
  EXPECT_EQ(title.diagnostics[0].pointer, "/result/content/color");
  EXPECT_EQ(title.diagnostics[0].level, Level::Should);
  EXPECT_TRUE(title.conforms());  // content mismatch is a SHOULD (clients SHOULD validate)
}

TEST(MessageCheck, UrlAcceptWithContentAgainstItsRequest) {
  ParsedJson request =
      parse_json(R"({"mode":"url","message":"m","url":"https://a.example","elicitationId":"e"})");
  MessageCheckOptions o;
  o.answered_request_params = &request.document;
  MessageReport r =
      check_message_bytes(R"({"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"k":"v"}}})", o);
  EXPECT_TRUE(has_check(r.diagnostics, "result.content-in-url-mode"));
  EXPECT_FALSE(r.conforms());
}

TEST(MessageCheck, InitializeCapability) {
  MessageReport r =
      check(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25",
    "capabilities":{"elicitation":{"sampling":{}}},"clientInfo":{"name":"c","version":"1"}}})");
  EXPECT_TRUE(has_check(r.diagnostics, "capability.no-mode"));
  EXPECT_EQ(r.summary, "initialize request, elicitation capability: no mode");
}

TEST(MessageCheck, CreateSentAsNotification) {
  MessageReport r = check(
      R"({"jsonrpc":"2.0","method":"elicitation/create","params":{"message":"m","requestedSchema":{"type":"object","properties":{}}}})");
  EXPECT_TRUE(has_check(r.diagnostics, "elicit.create-without-id"));
}

TEST(MessageCheck, OtherMessagesAreOnlyJsonRpcChecked) {
  MessageReport r = check(R"({"jsonrpc":"2.0","id":3,"method":"tools/list"})");
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(r.kind, MessageKind::Request);
}

// ---- 2026-07-28: the modern wire ---------------------------------------------------------------

constexpr Revision k2607 = Revision::V2026_07_28;

// The bare elicitation examples of the 2026-07-28 pages: each input request (alone or a map) is
// checked like an elicitation/create, each input response like an ElicitResult, and where the page
// shows a request and then the client's result (block N, then N+1), the result's content is
// checked against the request's schema.
TEST(SpecExamples, EveryInputRequestAndResponseOf2026Conforms) {
  int requests = 0, responses = 0, pairs = 0;
  const fs::path dir = kExamples / "input-requests" / "2026-07-28";
  ASSERT_TRUE(fs::exists(dir));
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    ParsedJson doc = parse_json(read_file(entry.path()));
    ASSERT_TRUE(doc.ok()) << name;
    const bool single = find_member(doc.document, "method") != nullptr;
    InputRequiredResult answered;
    Diagnostics ds;
    if (single) {
      InputRequestParse p = parse_input_request(doc.document, "k", k2607, "");
      ds = p.diagnostics;
      ASSERT_TRUE(p.request) << name;
      answered.has_input_requests = true;
      answered.input_requests.push_back(*p.request);
    } else {
      InputRequiredResultParse p = parse_input_requests(doc.document, k2607, "");
      ds = p.diagnostics;
      answered = *p.result;
    }
    for (const InputRequest& r : answered.input_requests) {
      if (!r.elicitation || r.elicitation->requested_schema == nullptr) continue;
      SchemaCheck schema = check_requested_schema(*r.elicitation->requested_schema, k2607, "");
      for (Diagnostic& d : schema.diagnostics) ds.push_back(std::move(d));
    }
    for (const Diagnostic& d : ds) EXPECT_EQ(d.level, Level::Info) << name << "\n" << describe(ds);
    ++requests;

    // The client result the page shows next.
    const std::string stem = name.substr(0, name.rfind('-'));
    const int block = std::stoi(name.substr(name.rfind('-') + 1));
    char next[16];
    std::snprintf(next, sizeof next, "%02d", block + 1);
    const fs::path answer = kExamples / "input-responses" / "2026-07-28" / (stem + "-" + next + ".json");
    if (!fs::exists(answer)) continue;
    ParsedJson response = parse_json(read_file(answer));
    ASSERT_TRUE(response.ok());
    const std::string wrapped =
        single ? "{\"k\":" + to_json(response.document) + "}" : to_json(response.document);
    ParsedJson map = parse_json(wrapped);
    RetryParse retry = parse_input_responses(map.document, k2607, &answered, "");
    Diagnostics rds = retry.diagnostics;
    for (const InputResponse& r : retry.retry.responses) {
      if (!r.elicitation || r.elicitation->content == nullptr || !r.answers || !r.answers->elicitation)
        continue;
      SchemaCheck schema = check_requested_schema(*r.answers->elicitation->requested_schema, k2607, "");
      for (Diagnostic& d : validate_content(schema.schema, *r.elicitation->content, r.pointer))
        rds.push_back(std::move(d));
    }
    EXPECT_TRUE(rds.empty()) << answer << "\n" << describe(rds);
    ++pairs;
  }
  for (const auto& entry : fs::directory_iterator(kExamples / "input-responses" / "2026-07-28")) {
    ParsedJson doc = parse_json(read_file(entry.path()));
    ASSERT_TRUE(doc.ok());
    Diagnostics ds = find_member(doc.document, "action") != nullptr
                         ? parse_elicit_result(doc.document, k2607, std::nullopt, "").diagnostics
                         : parse_input_responses(doc.document, k2607, nullptr, "").diagnostics;
    EXPECT_TRUE(ds.empty()) << entry.path() << "\n" << describe(ds);
    ++responses;
  }
  EXPECT_GE(requests, 5);
  EXPECT_GE(responses, 6);
  EXPECT_GE(pairs, 5);
}

MessageReport check_with(const std::string& message, const std::string& request = "",
                         const std::string& retry_of = "") {
  MessageCheckOptions o;
  o.revision = k2607;
  ParsedJson req = parse_json(request.empty() ? "null" : request);
  ParsedJson irr = parse_json(retry_of.empty() ? "null" : retry_of);
  if (!request.empty()) o.answered_request = &req.document;
  if (!retry_of.empty()) o.retry_of = &irr.document;
  return check_message_bytes(message, o);
}

const Diagnostic* find_check(const Diagnostics& ds, std::string_view check) {
  for (const Diagnostic& d : ds) {
    if (d.check == check) return &d;
  }
  return nullptr;
}

constexpr const char* kMeta = R"("_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
    "io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},
    "io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}})";
constexpr const char* kServerInfo =
    R"("_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"1"}})";

std::string call(int id, const std::string& extra = "") {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) +
         R"(,"method":"tools/call","params":{"name":"elicit","arguments":{},)" + kMeta + extra + "}}";
}

std::string input_required(int id, const std::string& requests, const std::string& state = "") {
  return R"({"jsonrpc":"2.0","id":)" + std::to_string(id) + R"(,"result":{"resultType":"input_required",)" +
         kServerInfo + R"(,"inputRequests":)" + requests +
         (state.empty() ? "" : R"(,"requestState":")" + state + "\"") + "}}";
}

constexpr const char* kFormRequest =
    R"({"ask":{"method":"elicitation/create","params":{"message":"Your name?",
    "requestedSchema":{"type":"object","properties":{"name":{"type":"string","maxLength":5}},"required":["name"]}}}})";

TEST(ModernMessages, AWholeRoundTripConforms) {
  const std::string irr = input_required(1, kFormRequest, "s-1");
  MessageReport request = check_with(call(1));
  EXPECT_TRUE(request.diagnostics.empty()) << describe(request.diagnostics);
  EXPECT_EQ(request.summary, "tools/call request, elicitation capability: form only");
  MessageReport result = check_with(irr, call(1));
  EXPECT_TRUE(result.diagnostics.empty()) << describe(result.diagnostics);
  EXPECT_EQ(result.summary,
            "InputRequiredResult with 1 input request (ask: elicitation/create form mode (mode omitted), 1 "
            "property) "
            "and requestState");
  MessageReport retry =
      check_with(call(2, R"(,"inputResponses":{"ask":{"action":"accept","content":{"name":"Ada"}}},
      "requestState":"s-1")"),
                 "", irr);
  EXPECT_TRUE(retry.diagnostics.empty()) << describe(retry.diagnostics);
  EXPECT_EQ(retry.summary,
            "tools/call request, elicitation capability: form only, retry with 1 input response and "
            "requestState, checked against the InputRequiredResult it follows");
}

TEST(ModernMessages, TheInputRequestsAreCheckedInFull) {
  // A nested object property breaks the restricted subset inside an InputRequiredResult too.
  MessageReport r =
      check_with(input_required(1, R"({"ask":{"method":"elicitation/create","params":{"message":"m",
      "requestedSchema":{"type":"object","properties":{"a":{"type":"object"}}}}}})"));
  const Diagnostic* d = find_check(r.diagnostics, "schema.property-nested-object");
  ASSERT_NE(d, nullptr) << describe(r.diagnostics);
  EXPECT_EQ(d->pointer, "/result/inputRequests/ask/params/requestedSchema/properties/a/type");
  MessageReport url =
      check_with(input_required(1, R"({"u":{"method":"elicitation/create","params":{"mode":"url",
      "message":"m","url":"not a url"}}})"));
  ASSERT_NE(find_check(url.diagnostics, "elicit.url-invalid"), nullptr);
  EXPECT_EQ(find_check(url.diagnostics, "elicit.url-invalid")->pointer, "/result/inputRequests/u/params/url");
}

TEST(ModernMessages, AgainstTheRequestItAnswers) {
  const std::string url_request =
      R"({"u":{"method":"elicitation/create","params":{"mode":"url","message":"m","url":"https://a.example"}}})";
  MessageReport mode = check_with(input_required(1, url_request), call(1));
  ASSERT_NE(find_check(mode.diagnostics, "mrtr.elicitation-mode-undeclared"), nullptr)
      << describe(mode.diagnostics);
  EXPECT_FALSE(mode.conforms());
  const std::string list =
      R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{)" + std::string(kMeta) + "}}";
  MessageReport unsupported = check_with(input_required(1, kFormRequest), list);
  ASSERT_NE(find_check(unsupported.diagnostics, "mrtr.input-required-on-unsupported-request"), nullptr);
  EXPECT_EQ(find_check(unsupported.diagnostics, "mrtr.input-required-on-unsupported-request")->requirement,
            "MRTR-SUPPORTED-REQUESTS-ONLY");
}

TEST(ModernMessages, AgainstTheInputRequiredResultItRetries) {
  const std::string irr = input_required(1, kFormRequest, "s-1");
  MessageReport r = check_with(
      call(1, R"(,"inputResponses":{"ask":{"action":"accept","content":{"name":"Adalovelace"}}})"), "", irr);
  for (const char* check : {"mrtr.retry-same-id", "mrtr.retry-state-missing", "content.max-length"}) {
    EXPECT_NE(find_check(r.diagnostics, check), nullptr) << check << "\n" << describe(r.diagnostics);
  }
  EXPECT_EQ(find_check(r.diagnostics, "content.max-length")->pointer,
            "/params/inputResponses/ask/content/name");
  EXPECT_EQ(find_check(r.diagnostics, "content.max-length")->requirement, "CLIENT-VALIDATE-CONTENT");
}

TEST(ModernMessages, TheLegacyWireInAModernCheck) {
  MessageReport create =
      check(R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m",
      "requestedSchema":{"type":"object","properties":{}}}})",
            k2607);
  ASSERT_NE(find_check(create.diagnostics, "mrtr.server-request"), nullptr);
  EXPECT_EQ(find_check(create.diagnostics, "mrtr.server-request")->requirement, "MRTR-SERVER-USES-MRTR");
  EXPECT_EQ(find_check(create.diagnostics, "meta.missing"), nullptr);  // not a client request
  MessageReport url_required = check(R"({"jsonrpc":"2.0","id":2,"error":{"code":-32042,"message":"m",
      "data":{"elicitations":[{"mode":"url","message":"m","url":"https://a.example","elicitationId":"e"}]}}})",
                                     k2607);
  ASSERT_NE(find_check(url_required.diagnostics, "error.code-retired"), nullptr);
  EXPECT_FALSE(url_required.conforms());
  MessageReport complete = check(R"({"jsonrpc":"2.0","method":"notifications/elicitation/complete",
      "params":{"elicitationId":"e"}})",
                                 k2607);
  ASSERT_EQ(complete.diagnostics.size(), 1u) << describe(complete.diagnostics);
  EXPECT_EQ(complete.diagnostics[0].check, "complete.removed");
  EXPECT_EQ(complete.diagnostics[0].level, Level::Info);
  MessageReport initialize =
      check(R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25",
      "capabilities":{},"clientInfo":{"name":"c","version":"1"}}})",
            k2607);
  ASSERT_EQ(initialize.diagnostics.size(), 1u);
  EXPECT_EQ(initialize.diagnostics[0].check, "modern.legacy-initialize");
  MessageReport answer = check(R"({"jsonrpc":"2.0","id":1,"result":{"action":"decline"}})", k2607);
  ASSERT_NE(find_check(answer.diagnostics, "mrtr.elicit-result-as-response"), nullptr);
  EXPECT_TRUE(answer.conforms());
}

TEST(ModernMessages, ResultTypeSaysWhatTheResultIs) {
  MessageReport complete =
      check(R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"complete",)" + std::string(kServerInfo) +
                R"(,"content":[],"inputRequests":{"k":{"method":"roots/list"}}}})",
            k2607);
  ASSERT_NE(find_check(complete.diagnostics, "result.input-requests-in-complete"), nullptr)
      << describe(complete.diagnostics);
  // No resultType but the members of an InputRequiredResult: both the missing type and the
  // InputRequiredResult's own checks.
  MessageReport untyped = check(R"({"jsonrpc":"2.0","id":1,"result":{"inputRequests":{"k":"x"}}})", k2607);
  EXPECT_NE(find_check(untyped.diagnostics, "result.result-type-missing"), nullptr);
  EXPECT_NE(find_check(untyped.diagnostics, "mrtr.input-request-type"), nullptr)
      << describe(untyped.diagnostics);
}

// Every finding about a 2026-07-28 message names a rule of the 2026-07-28 table, so the text and
// JSON reports always print the words of the spec it breaks.
TEST(ModernMessages, EveryFindingNamesA2026Rule) {
  const std::string irr = input_required(1, kFormRequest, "s");
  const std::vector<std::pair<std::string, std::string>> messages = {
      {R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t","_meta":{"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":1}},"io.modelcontextprotocol/clientInfo":{}}}})",
       ""},
      {R"({"jsonrpc":"2.0","id":1,"method":"tools/call"})", ""},
      {R"({"jsonrpc":"2.0","id":1,"result":{"resultType":7,"_meta":{"io.modelcontextprotocol/serverInfo":3}}})",
       ""},
      {R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","requestState":1,"inputRequests":{"a":1,"b":{},
          "c":{"method":"x"},"d":{"method":"elicitation/create","params":{"mode":"url","elicitationId":"e"}},
          "e":{"method":"elicitation/create","params":{"requestedSchema":{"type":"object","properties":{"p":{"type":"string","format":"phone","pattern":"^a"}}}}},
          "f":{"method":"sampling/createMessage"},"g":{"method":"roots/list","id":1}}}})",
       ""},
      {R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{}}})", ""},
      {R"({"jsonrpc":"2.0","id":1,"result":{"supportedVersions":[1],"capabilities":1,"ttlMs":"x","cacheScope":1}})",
       ""},
      {R"({"jsonrpc":"2.0","id":1,"error":{"code":-32022,"message":"m","data":{"supported":[1]}}})", ""},
      {R"({"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"m","data":{"requiredCapabilities":{}}}})",
       ""},
      {R"({"jsonrpc":"2.0","id":1,"error":{"code":-32077,"message":"m"}})", ""},
      {R"({"jsonrpc":"2.0","method":"sampling/createMessage","params":{}})", ""},
      {call(
           1,
           R"(,"inputResponses":{"ask":{"action":"accept","content":{"name":7,"x":[1]}},"zz":{"q":1},"y":2},"requestState":3)"),
       irr},
      {call(
           2,
           R"(,"inputResponses":{"ask":{"action":"accept","content":{"name":"abcdefg"}}},"requestState":"t")"),
       irr},
      {R"({"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"a":{}}}})", ""},
  };
  for (const auto& [message, retry_of] : messages) {
    MessageReport r = check_with(message, "", retry_of);
    EXPECT_FALSE(r.diagnostics.empty()) << message;
    for (const Diagnostic& d : r.diagnostics) {
      EXPECT_NE(find_requirement(d.requirement, k2607), nullptr)
          << d.check << " names " << d.requirement << ", no 2026-07-28 rule\n"
          << message;
      EXPECT_TRUE(is_valid_pointer(d.pointer)) << d.pointer;
    }
  }
}

// Hostile input: each gets a diagnostic, never a crash (this suite also runs under ASan+UBSan).
TEST(HostileMessages, EachGetsADiagnostic) {
  struct Case {
    std::string name;
    std::string bytes;
    std::string check;
  };
  std::string huge =
      R"({"jsonrpc":"2.0","id":1,"method":"m","params":{"x":")" + std::string(64u << 20, 'a') + "\"}}";
  const std::vector<Case> cases = {
      {"million brackets", std::string(1000000, '['), "json.too-deep"},
      {"64 MiB line", std::move(huge), "json.too-large"},
      {"invalid UTF-8", "{\"jsonrpc\":\"2.0\",\"method\":\"\xFF\"}", "json.invalid-utf8"},
      {"NUL byte", std::string("{\"jsonrpc\":\"2.0\",\0\"method\":\"m\"}", 31), "json.nul-byte"},
      {"1e400", R"({"jsonrpc":"2.0","id":1e400,"method":"m"})", "json.number-too-large"},
      {"-0 id", R"({"jsonrpc":"2.0","id":-0,"method":"m"})", "json.negative-zero"},
      {"garbage", "\x1b[2J hello", "json.syntax"},
      {"empty", "", "json.empty"},
      {"lone high surrogate", R"({"jsonrpc":"2.0","method":"\ud800"})", "json.syntax"},
      {"lone low surrogate", R"({"jsonrpc":"2.0","method":"\udc00"})", "json.invalid-utf8"},
      {"deep params",
       R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":)" + std::string(100, '[') +
           std::string(100, ']') + "}",
       "json.too-deep"},
  };
  for (const Case& c : cases) {
    MessageReport r = check(c.bytes);
    EXPECT_TRUE(has_check(r.diagnostics, c.check)) << c.name << "\n" << describe(r.diagnostics);
    for (const Diagnostic& d : r.diagnostics) EXPECT_TRUE(is_valid_pointer(d.pointer)) << c.name;
  }
}

TEST(HostileMessages, NegativeZeroIdIsStillAnInteger) {
  MessageReport r = check(R"({"jsonrpc":"2.0","id":-0,"method":"ping"})");
  EXPECT_TRUE(r.conforms());
  EXPECT_EQ(r.kind, MessageKind::Request);
}

}  // namespace
}  // namespace ec
