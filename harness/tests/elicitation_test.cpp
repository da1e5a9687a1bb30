#include "spec/elicitation.h"

#include <gtest/gtest.h>

#include "core/json.h"

namespace ec {
namespace {

constexpr Revision k1125 = Revision::V2025_11_25;
constexpr Revision k0618 = Revision::V2025_06_18;

const rapidjson::Value& json(const char* text) {
  static std::vector<std::unique_ptr<ParsedJson>> keep;
  keep.push_back(std::make_unique<ParsedJson>(parse_json(text)));
  EXPECT_TRUE(keep.back()->ok()) << text;
  return keep.back()->document;
}

std::string pointer_of(const Diagnostics& ds, std::string_view check) {
  for (const Diagnostic& d : ds) {
    if (d.check == check) return d.pointer;
  }
  return "<no " + std::string(check) + ">";
}

TEST(ElicitRequest, ModeOmittedMeansForm) {
  auto p = parse_elicit_request(
      json(R"({"message":"m","requestedSchema":{"type":"object","properties":{}}})"), k1125, "/params");
  ASSERT_TRUE(p.request);
  EXPECT_EQ(p.request->mode, Mode::Form);
  EXPECT_TRUE(p.request->mode_omitted);
  EXPECT_NE(p.request->requested_schema, nullptr);
  EXPECT_TRUE(p.diagnostics.empty());
}

TEST(ElicitRequest, UrlMode) {
  auto p = parse_elicit_request(
      json(R"({"mode":"url","message":"m","url":"https://x.example/a","elicitationId":"e1"})"), k1125,
      "/params");
  ASSERT_TRUE(p.request);
  EXPECT_EQ(p.request->mode, Mode::Url);
  EXPECT_EQ(p.request->url, "https://x.example/a");
  EXPECT_EQ(p.request->elicitation_id, "e1");
  EXPECT_TRUE(p.diagnostics.empty());
}

TEST(ElicitRequest, EachMissingPieceIsNamed) {
  auto form = parse_elicit_request(json(R"({"mode":"form"})"), k1125, "/params");
  EXPECT_EQ(pointer_of(form.diagnostics, "elicit.message-missing"), "/params/message");
  EXPECT_EQ(pointer_of(form.diagnostics, "elicit.requested-schema-missing"), "/params/requestedSchema");

  auto url = parse_elicit_request(json(R"({"mode":"url","message":"m"})"), k1125, "/params");
  EXPECT_EQ(pointer_of(url.diagnostics, "elicit.url-missing"), "/params/url");
  EXPECT_EQ(pointer_of(url.diagnostics, "elicit.elicitation-id-missing"), "/params/elicitationId");
  for (const Diagnostic& d : url.diagnostics) EXPECT_EQ(d.requirement, "URL-PARAMS");

  auto types = parse_elicit_request(json(R"({"mode":"url","message":3,"url":[],"elicitationId":7})"), k1125,
                                    "/params");
  EXPECT_TRUE(has_check(types.diagnostics, "elicit.message-type"));
  EXPECT_TRUE(has_check(types.diagnostics, "elicit.url-type"));
  EXPECT_TRUE(has_check(types.diagnostics, "elicit.elicitation-id-type"));
}

TEST(ElicitRequest, UnknownOrMistypedMode) {
  auto unknown = parse_elicit_request(json(R"({"mode":"voice","message":"m"})"), k1125, "/params");
  EXPECT_FALSE(unknown.request);
  EXPECT_EQ(pointer_of(unknown.diagnostics, "elicit.mode-unknown"), "/params/mode");
  auto typed = parse_elicit_request(json(R"({"mode":1,"message":"m"})"), k1125, "/params");
  EXPECT_TRUE(has_check(typed.diagnostics, "elicit.mode-type"));
}

TEST(ElicitRequest, SchemaMustBeAnObject) {
  auto p = parse_elicit_request(json(R"({"message":"m","requestedSchema":"{}"})"), k1125, "/params");
  EXPECT_TRUE(has_check(p.diagnostics, "elicit.requested-schema-type"));
}

TEST(ElicitRequest, BlankMessageIsAShouldFinding) {
  auto p = parse_elicit_request(
      json(R"({"message":"  ","requestedSchema":{"type":"object","properties":{}}})"), k1125, "/params");
  ASSERT_TRUE(has_check(p.diagnostics, "elicit.message-empty"));
  EXPECT_EQ(p.diagnostics[0].level, Level::Should);
}

TEST(ElicitRequest, In20250618UrlModeIsReadAsForm) {
  auto p = parse_elicit_request(json(R"({"mode":"url","message":"m","url":"https://a.example"})"), k0618,
                                "/params");
  ASSERT_TRUE(p.request);
  EXPECT_EQ(p.request->mode, Mode::Form);
  EXPECT_TRUE(has_check(p.diagnostics, "elicit.mode-not-in-revision"));
  EXPECT_TRUE(has_check(p.diagnostics, "elicit.requested-schema-missing"));
}

TEST(ElicitResult, Actions) {
  for (const char* a : {"accept", "decline", "cancel"}) {
    std::string text = std::string(R"({"action":")") + a + "\"}";
    auto p = parse_elicit_result(json(text.c_str()), k1125, std::nullopt, "/result");
    ASSERT_TRUE(p.result) << a;
    EXPECT_EQ(to_string(p.result->action), a);
  }
  auto missing = parse_elicit_result(json("{}"), k1125, std::nullopt, "/result");
  EXPECT_FALSE(missing.result);
  EXPECT_EQ(pointer_of(missing.diagnostics, "result.action-missing"), "/result/action");
  auto wrong = parse_elicit_result(json(R"({"action":"reject"})"), k1125, std::nullopt, "/result");
  EXPECT_TRUE(has_check(wrong.diagnostics, "result.action-unknown"));
}

TEST(ElicitResult, ContentRules) {
  auto not_object =
      parse_elicit_result(json(R"({"action":"accept","content":[1]})"), k1125, Mode::Form, "/result");
  EXPECT_EQ(pointer_of(not_object.diagnostics, "result.content-type"), "/result/content");

  auto nested = parse_elicit_result(json(R"({"action":"accept","content":{"a":{"b":1},"c":[1],"d":null}})"),
                                    k1125, Mode::Form, "/result");
  EXPECT_EQ(pointer_of(nested.diagnostics, "result.content-value-type"), "/result/content/a");
  EXPECT_EQ(std::count_if(nested.diagnostics.begin(), nested.diagnostics.end(),
                          [](const Diagnostic& d) { return d.check == "result.content-value-type"; }),
            3);

  auto arrays_0618 =
      parse_elicit_result(json(R"({"action":"accept","content":{"c":["a"]}})"), k0618, Mode::Form, "/result");
  EXPECT_TRUE(has_check(arrays_0618.diagnostics, "result.content-value-type"));
  auto arrays_1125 = parse_elicit_result(json(R"({"action":"accept","content":{"c":["a"],"n":2.5}})"), k1125,
                                         Mode::Form, "/result");
  EXPECT_TRUE(arrays_1125.diagnostics.empty());

  auto url = parse_elicit_result(json(R"({"action":"accept","content":{}})"), k1125, Mode::Url, "/result");
  EXPECT_TRUE(has_check(url.diagnostics, "result.content-in-url-mode"));
  auto decline =
      parse_elicit_result(json(R"({"action":"decline","content":{}})"), k1125, Mode::Form, "/result");
  EXPECT_TRUE(has_check(decline.diagnostics, "result.content-without-accept"));
  EXPECT_EQ(decline.diagnostics[0].level, Level::Should);
  auto bare = parse_elicit_result(json(R"({"action":"accept"})"), k1125, Mode::Form, "/result");
  EXPECT_TRUE(has_check(bare.diagnostics, "result.accept-without-content"));
  auto url_bare = parse_elicit_result(json(R"({"action":"accept"})"), k1125, Mode::Url, "/result");
  EXPECT_TRUE(url_bare.diagnostics.empty());
}

TEST(Completion, NeedsAStringId) {
  auto ok = parse_completion_notification(&json(R"({"elicitationId":"e1"})"), k1125, "/params");
  EXPECT_EQ(ok.elicitation_id, "e1");
  EXPECT_TRUE(ok.diagnostics.empty());
  auto none = parse_completion_notification(nullptr, k1125, "/params");
  EXPECT_TRUE(has_check(none.diagnostics, "complete.params-missing"));
  auto typed = parse_completion_notification(&json(R"({"elicitationId":5})"), k1125, "/params");
  EXPECT_EQ(pointer_of(typed.diagnostics, "complete.elicitation-id-type"), "/params/elicitationId");
}

TEST(UrlRequiredError, AcceptsTheSpecShape) {
  auto p = parse_url_required_error(json(R"({"code":-32042,"message":"m","data":{"elicitations":[
        {"mode":"url","elicitationId":"e1","url":"https://a.example/c","message":"go"}]}})"),
                                    k1125, "/error");
  EXPECT_TRUE(p.diagnostics.empty());
  ASSERT_EQ(p.elicitations.size(), 1u);
  EXPECT_EQ(p.elicitations[0].pointer, "/error/data/elicitations/0");
}

TEST(UrlRequiredError, EachBreakIsNamed) {
  auto no_data = parse_url_required_error(json(R"({"code":-32042,"message":"m"})"), k1125, "/error");
  EXPECT_EQ(pointer_of(no_data.diagnostics, "urlerror.data-missing"), "/error/data");
  auto no_list =
      parse_url_required_error(json(R"({"code":-32042,"message":"m","data":{}})"), k1125, "/error");
  EXPECT_EQ(pointer_of(no_list.diagnostics, "urlerror.elicitations-missing"), "/error/data/elicitations");
  auto empty = parse_url_required_error(json(R"({"code":-32042,"message":"m","data":{"elicitations":[]}})"),
                                        k1125, "/error");
  EXPECT_TRUE(has_check(empty.diagnostics, "urlerror.elicitations-empty"));
  auto form = parse_url_required_error(json(R"({"code":-32042,"message":"m","data":{"elicitations":[
        {"message":"x","requestedSchema":{"type":"object","properties":{}}},
        {"mode":"form","message":"x","requestedSchema":{"type":"object","properties":{}}},
        {"mode":"url","url":"https://a.example","message":"x"}]}})"),
                                       k1125, "/error");
  EXPECT_EQ(pointer_of(form.diagnostics, "urlerror.entry-not-url-mode"), "/error/data/elicitations/0/mode");
  EXPECT_EQ(std::count_if(form.diagnostics.begin(), form.diagnostics.end(),
                          [](const Diagnostic& d) { return d.check == "urlerror.entry-not-url-mode"; }),
            2);
  ASSERT_TRUE(has_check(form.diagnostics, "elicit.elicitation-id-missing"));
  for (const Diagnostic& d : form.diagnostics) {
    if (d.check == "elicit.elicitation-id-missing") {
      EXPECT_EQ(d.requirement, "URL-REQUIRED-ERROR-URL-MODE");
      EXPECT_EQ(d.pointer, "/error/data/elicitations/2/elicitationId");
    }
  }
  EXPECT_EQ(form.elicitations.size(), 1u);  // the URL entry, with its id missing
}

}  // namespace
}  // namespace ec
