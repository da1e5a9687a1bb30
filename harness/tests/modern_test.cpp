// spec/modern.h: the per-request _meta, resultType and serverInfo, server/discover and the error
// codes of 2026-07-28. Each conformant example is the spec page's; each broken rule gives the
// diagnostic that names its requirement, and that requirement exists in the 2026-07-28 table.
#include "spec/modern.h"

#include <memory>

#include <gtest/gtest.h>

#include "core/json.h"
#include "spec/requirements.h"

namespace ec {
namespace {

constexpr Revision k2607 = Revision::V2026_07_28;

const rapidjson::Value& json(const char* text) {
  static std::vector<std::unique_ptr<ParsedJson>> keep;
  keep.push_back(std::make_unique<ParsedJson>(parse_json(text)));
  EXPECT_TRUE(keep.back()->ok()) << text;
  return keep.back()->document;
}

std::string describe(const Diagnostics& ds) {
  std::string out;
  for (const Diagnostic& d : ds)
    out += "  " + std::string(to_string(d.level)) + " " + d.check + " " + d.pointer + "\n";
  return out;
}

// The diagnostic with this check id: it names `key`, at `level`, and `key` is a 2026-07-28 rule.
const Diagnostic* expect_rule(const Diagnostics& ds, std::string_view check, std::string_view key,
                              Level level) {
  for (const Diagnostic& d : ds) {
    if (d.check != check) continue;
    EXPECT_EQ(d.requirement, key) << check;
    EXPECT_EQ(d.level, level) << check;
    EXPECT_NE(find_requirement(d.requirement, k2607), nullptr) << d.requirement << " is no 2026-07-28 rule";
    return &d;
  }
  ADD_FAILURE() << "no " << check << "\n" << describe(ds);
  return nullptr;
}

// discover.mdx's request, with elicitation.mdx's capability declaration.
constexpr const char* kParams = R"({
  "name": "elicit", "arguments": {},
  "_meta": {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": {"name": "ExampleClient", "version": "1.0.0"},
    "io.modelcontextprotocol/clientCapabilities": {"elicitation": {"form": {}, "url": {}}}
  }})";

TEST(RequestMeta, TheSpecExamplePasses) {
  RequestMetaParse p = parse_request_meta(&json(kParams), k2607, "/params");
  EXPECT_TRUE(p.diagnostics.empty()) << describe(p.diagnostics);
  EXPECT_EQ(p.meta.protocol_version, "2026-07-28");
  ASSERT_TRUE(p.meta.client_info);
  EXPECT_EQ(p.meta.client_info->name, "ExampleClient");
  EXPECT_EQ(p.meta.client_info->version, "1.0.0");
  EXPECT_NE(p.meta.client_capabilities, nullptr);
  EXPECT_TRUE(p.meta.elicitation.form);
  EXPECT_TRUE(p.meta.elicitation.url);
}

TEST(RequestMeta, EmptyElicitationIsFormOnlyAndNoCapabilityIsNone) {
  RequestMetaParse empty =
      parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
    "io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},
    "io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}})"),
                         k2607, "/params");
  EXPECT_TRUE(empty.diagnostics.empty()) << describe(empty.diagnostics);
  EXPECT_EQ(empty.meta.elicitation.describe(), "form only");
  RequestMetaParse none =
      parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
    "io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},
    "io.modelcontextprotocol/clientCapabilities":{}}})"),
                         k2607, "/params");
  EXPECT_TRUE(none.diagnostics.empty());
  EXPECT_FALSE(none.meta.elicitation.declared);
}

TEST(RequestMeta, NoParamsOrNoMetaBreaksTheRequiredFields) {
  expect_rule(parse_request_meta(nullptr, k2607, "/params").diagnostics, "meta.params-missing",
              "META-REQUIRED-FIELDS", Level::Must);
  expect_rule(parse_request_meta(&json("[]"), k2607, "/params").diagnostics, "meta.params-type",
              "META-REQUIRED-FIELDS", Level::Must);
  const Diagnostics ds = parse_request_meta(&json(R"({"name":"t"})"), k2607, "/params").diagnostics;
  const Diagnostic* d = expect_rule(ds, "meta.missing", "META-REQUIRED-FIELDS", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/params/_meta");
  EXPECT_EQ(ds.size(), 1u);  // nothing else to say about a request without _meta
}

TEST(RequestMeta, EachRequiredFieldIsRequired) {
  const Diagnostics no_version = parse_request_meta(&json(R"({"_meta":{
    "io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},
    "io.modelcontextprotocol/clientCapabilities":{}}})"),
                                                    k2607, "/params")
                                     .diagnostics;
  const Diagnostic* d =
      expect_rule(no_version, "meta.protocol-version-missing", "META-REQUIRED-FIELDS", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/params/_meta/io.modelcontextprotocol~1protocolVersion");  // RFC 6901: "/" is ~1
  expect_rule(parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":20260728,
    "io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},
    "io.modelcontextprotocol/clientCapabilities":{}}})"),
                                 k2607, "/params")
                  .diagnostics,
              "meta.protocol-version-type", "META-REQUIRED-FIELDS", Level::Must);
  expect_rule(parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
    "io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"}}})"),
                                 k2607, "/params")
                  .diagnostics,
              "meta.client-capabilities-missing", "META-REQUIRED-FIELDS", Level::Must);
  expect_rule(parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
    "io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},
    "io.modelcontextprotocol/clientCapabilities":["elicitation"]}})"),
                                 k2607, "/params")
                  .diagnostics,
              "meta.client-capabilities-type", "META-REQUIRED-FIELDS", Level::Must);
}

TEST(RequestMeta, ClientInfoIsASHOULDAndAnImplementationWhenPresent) {
  const Diagnostics missing =
      parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
    "io.modelcontextprotocol/clientCapabilities":{}}})"),
                         k2607, "/params")
          .diagnostics;
  expect_rule(missing, "meta.client-info-missing", "META-CLIENT-INFO", Level::Should);
  EXPECT_EQ(missing.size(), 1u);
  const Diagnostics no_version =
      parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
    "io.modelcontextprotocol/clientInfo":{"name":"c"},
    "io.modelcontextprotocol/clientCapabilities":{}}})"),
                         k2607, "/params")
          .diagnostics;
  expect_rule(no_version, "meta.client-info-version", "META-CLIENT-INFO", Level::Must);
  expect_rule(parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
    "io.modelcontextprotocol/clientInfo":"c 1.0",
    "io.modelcontextprotocol/clientCapabilities":{}}})"),
                                 k2607, "/params")
                  .diagnostics,
              "meta.client-info-type", "META-CLIENT-INFO", Level::Must);
}

TEST(RequestMeta, TheElicitationCapabilityIsReadFromMeta) {
  const Diagnostics ds =
      parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
    "io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},
    "io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":true}}}})"),
                         k2607, "/params")
          .diagnostics;
  const Diagnostic* d =
      expect_rule(ds, "capability.mode-not-object", "CAPABILITY-AT-LEAST-ONE-MODE", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/params/_meta/io.modelcontextprotocol~1clientCapabilities/elicitation/form");
  expect_rule(parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",
    "io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},
    "io.modelcontextprotocol/clientCapabilities":{"elicitation":"yes"}}})"),
                                 k2607, "/params")
                  .diagnostics,
              "capability.not-object", "CAPABILITY-DECLARE", Level::Must);
}

TEST(RequestMeta, AnotherVersionIsNotedNotFaulted) {
  const Diagnostics ds =
      parse_request_meta(&json(R"({"_meta":{"io.modelcontextprotocol/protocolVersion":"1900-01-01",
    "io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},
    "io.modelcontextprotocol/clientCapabilities":{}}})"),
                         k2607, "/params")
          .diagnostics;
  expect_rule(ds, "meta.protocol-version-other", "VERSION-UNSUPPORTED-ERROR", Level::Info);
}

TEST(ResultHead, CompleteWithServerInfoPasses) {
  ResultHeadParse p = parse_result_head(json(R"({"resultType":"complete","content":[],
    "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"2"}}})"),
                                        k2607, "/result");
  EXPECT_TRUE(p.diagnostics.empty()) << describe(p.diagnostics);
  EXPECT_EQ(p.head.type, ResultType::Complete);
  ASSERT_TRUE(p.head.server_info);
  EXPECT_EQ(p.head.server_info->name, "s");
}

TEST(ResultHead, ResultTypeIsRequiredAndFromTheCoreSet) {
  const Diagnostics missing = parse_result_head(json(R"({"content":[],
    "_meta":{"io.modelcontextprotocol/serverInfo":{"name":"s","version":"2"}}})"),
                                                k2607, "/result")
                                  .diagnostics;
  const Diagnostic* d =
      expect_rule(missing, "result.result-type-missing", "RESULT-TYPE-REQUIRED", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/result/resultType");
  expect_rule(parse_result_head(json(R"({"resultType":1})"), k2607, "/result").diagnostics,
              "result.result-type-type", "RESULT-TYPE-REQUIRED", Level::Must);
  ResultHeadParse other = parse_result_head(json(R"({"resultType":"pending"})"), k2607, "/result");
  EXPECT_EQ(other.head.type, ResultType::Other);
  expect_rule(other.diagnostics, "result.result-type-unknown", "RESULT-TYPE-SET", Level::Should);
  EXPECT_EQ(parse_result_head(json(R"({"resultType":"input_required"})"), k2607, "/result").head.type,
            ResultType::InputRequired);
}

TEST(ResultHead, ServerInfoIsASHOULDNamedByTheRuleThatAsks) {
  expect_rule(parse_result_head(json(R"({"resultType":"complete"})"), k2607, "/result").diagnostics,
              "result.server-info-missing", "META-SERVER-INFO", Level::Should);
  expect_rule(
      parse_result_head(json(R"({"resultType":"complete"})"), k2607, "/result", "DISCOVER-SERVER-INFO")
          .diagnostics,
      "result.server-info-missing", "DISCOVER-SERVER-INFO", Level::Should);
  expect_rule(
      parse_result_head(
          json(R"({"resultType":"complete","_meta":{"io.modelcontextprotocol/serverInfo":{"version":"1"}}})"),
          k2607, "/result")
          .diagnostics,
      "result.server-info-name", "META-SERVER-INFO", Level::Must);
}

// discover.mdx's response.
constexpr const char* kDiscover = R"({
    "resultType": "complete",
    "supportedVersions": ["2026-07-28"],
    "capabilities": {"tools": {}, "resources": {}},
    "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "ExampleServer", "version": "1.0.0"}},
    "instructions": "This server provides weather and resource utilities.",
    "ttlMs": 3600000,
    "cacheScope": "public"})";

TEST(Discover, TheSpecExamplePasses) {
  DiscoverResultParse p = parse_discover_result(json(kDiscover), k2607, "/result");
  EXPECT_TRUE(p.diagnostics.empty()) << describe(p.diagnostics);
  ASSERT_TRUE(p.result);
  EXPECT_EQ(p.result->supported_versions, std::vector<std::string>{"2026-07-28"});
  EXPECT_NE(p.result->capabilities, nullptr);
}

TEST(Discover, EachRequiredMemberIsRequired) {
  const Diagnostics ds =
      parse_discover_result(json(R"({"resultType":"complete"})"), k2607, "/result").diagnostics;
  for (const char* check : {"discover.supportedVersions-missing", "discover.capabilities-missing",
                            "discover.ttlMs-missing", "discover.cacheScope-missing"}) {
    expect_rule(ds, check, "DISCOVER-MUST", Level::Must);
  }
  const Diagnostics bad =
      parse_discover_result(json(R"({"supportedVersions":["2026-07-28",7],"capabilities":[],
    "ttlMs":-1,"cacheScope":"shared","instructions":{}})"),
                            k2607, "/result")
          .diagnostics;
  const Diagnostic* item =
      expect_rule(bad, "discover.supportedVersions-item-type", "DISCOVER-MUST", Level::Must);
  ASSERT_NE(item, nullptr);
  EXPECT_EQ(item->pointer, "/result/supportedVersions/1");
  expect_rule(bad, "discover.capabilities-type", "DISCOVER-MUST", Level::Must);
  expect_rule(bad, "discover.ttlMs-type", "DISCOVER-MUST", Level::Must);
  expect_rule(bad, "discover.cacheScope-value", "DISCOVER-MUST", Level::Must);
  expect_rule(bad, "discover.instructions-type", "DISCOVER-MUST", Level::Must);
  expect_rule(parse_discover_result(
                  json(R"({"supportedVersions":[],"capabilities":{},"ttlMs":1.5,"cacheScope":"private"})"),
                  k2607, "/result")
                  .diagnostics,
              "discover.supportedVersions-empty", "DISCOVER-MUST", Level::Should);
}

TEST(ErrorCodes, RetiredAndUndefinedCodesOfTheReservedRange) {
  const Diagnostics retired = check_error_code(-32042, k2607, "/error");
  const Diagnostic* d = expect_rule(retired, "error.code-retired", "ERROR-CODE-RETIRED", Level::Must);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->pointer, "/error/code");
  expect_rule(check_error_code(-32002, k2607, "/error"), "error.code-retired", "ERROR-CODE-RETIRED",
              Level::Must);
  expect_rule(check_error_code(-32050, k2607, "/error"), "error.code-reserved", "ERROR-CODE-RESERVED-RANGE",
              Level::Must);
  for (std::int64_t fine : {-32020, -32021, -32022, -32602, -32601, -32000, -32019, -32100, 42}) {
    EXPECT_TRUE(check_error_code(fine, k2607, "/error").empty()) << fine;
  }
  EXPECT_TRUE(check_error_code(-32042, Revision::V2025_11_25, "/error").empty());  // its own revision
}

TEST(UnsupportedVersionError, TheSpecExamplePassesAndItsDataIsRequired) {
  // versioning.mdx's error.
  UnsupportedVersionErrorParse p =
      parse_unsupported_version_error(json(R"({"code":-32022,"message":"Unsupported protocol version",
               "data":{"supported":["2026-07-28","2025-11-25"],"requested":"1900-01-01"}})"),
                                      k2607, "/error");
  EXPECT_TRUE(p.diagnostics.empty()) << describe(p.diagnostics);
  ASSERT_TRUE(p.error);
  EXPECT_EQ(p.error->supported.size(), 2u);
  EXPECT_EQ(p.error->requested, "1900-01-01");
  expect_rule(
      parse_unsupported_version_error(json(R"({"code":-32022,"message":"m"})"), k2607, "/error").diagnostics,
      "version-error.data-missing", "VERSION-UNSUPPORTED-ERROR", Level::Must);
  const Diagnostics bad =
      parse_unsupported_version_error(
          json(R"({"code":-32022,"message":"m","data":{"supported":"2026-07-28"}})"), k2607, "/error")
          .diagnostics;
  expect_rule(bad, "version-error.supported-missing", "VERSION-UNSUPPORTED-ERROR", Level::Must);
  expect_rule(bad, "version-error.requested-missing", "VERSION-UNSUPPORTED-ERROR", Level::Must);
}

TEST(MissingCapabilityError, SaysWhichElicitationModeIsMissing) {
  MissingCapabilityErrorParse p = parse_missing_capability_error(
      json(R"({"code":-32021,"message":"m","data":{"requiredCapabilities":{"elicitation":{"url":{}}}}})"),
      k2607, "/error");
  EXPECT_TRUE(p.diagnostics.empty()) << describe(p.diagnostics);
  EXPECT_EQ(p.elicitation.describe(), "url only");
  expect_rule(
      parse_missing_capability_error(json(R"({"code":-32021,"message":"m"})"), k2607, "/error").diagnostics,
      "capability-error.required-missing", "CAPABILITY-MISSING-ERROR", Level::Must);
  expect_rule(
      parse_missing_capability_error(
          json(R"({"code":-32021,"message":"m","data":{"requiredCapabilities":{}}})"), k2607, "/error")
          .diagnostics,
      "capability-error.required-empty", "CAPABILITY-MISSING-ERROR", Level::Should);
}

}  // namespace
}  // namespace ec
