#include "cases/case_file.h"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace ec {
namespace {

const std::string kCorpus = std::string(EC_TEST_DATA) + "/../../../cases";

std::string valid_case(const std::string& replace_steps = "") {
  return R"({"id":"client.mode.x","title":"A client does the thing right","role":"client",
    "revisions":["2025-11-25"],"requirements":["CLIENT-MODE-DEFAULT"],"level":"MUST","steps":)" +
         (replace_steps.empty()
              ? std::string(
                    R"([{"send":{"method":"ping"},"as":"p"},{"expect":{"result":{}},"response_to":"p"}])")
              : replace_steps) +
         "}";
}

TEST(CaseFile, TheCorpusLoads) {
  std::vector<CaseLoadError> errors;
  std::vector<Case> cases = load_cases(kCorpus, errors);
  for (const CaseLoadError& e : errors) ADD_FAILURE() << e.display();
  EXPECT_GE(cases.size(), 8u);
  for (const Case& c : cases) EXPECT_FALSE(c.steps.empty()) << c.id;
}

TEST(CaseFile, LoadsAValidCase) {
  CaseLoadError error;
  auto c = load_case(valid_case(), "x.json", error);
  ASSERT_TRUE(c) << error.display();
  EXPECT_EQ(c->role, Role::Client);
  EXPECT_EQ(c->transports.size(), 2u);  // default: both
  ASSERT_EQ(c->steps.size(), 2u);
  EXPECT_EQ(c->steps[1].kind, Step::Kind::Expect);
  EXPECT_EQ(c->steps[1].target, "p");
  EXPECT_EQ(c->requirements, std::vector<std::string>{"CLIENT-MODE-DEFAULT"});
}

// A server case's declarations: prompts it needs, and a tool _meta member that must be true.
TEST(CaseFile, ServerCasesNameThePromptsAndDeclarationsTheyNeed) {
  std::string text = valid_case();
  text.replace(text.find("client.mode.x"), 13, "server.mode.x");
  text.replace(text.find("\"role\":\"client\""), 15, "\"role\":\"server\"");
  text.replace(text.find("CLIENT-MODE-DEFAULT"), 19, "SERVER-MODE-DECLARED");
  text.replace(
      text.find("\"level\""), 7,
      R"("sut":{"needs_prompts":["elicit_prompt"],"needs_tool_meta":{"elicit_sequence":"io.x/protected"}},"level")");
  CaseLoadError error;
  const auto c = load_case(text, "cases/x.json", error);
  ASSERT_TRUE(c.has_value()) << error.display();
  EXPECT_EQ(c->sut.needs_prompts, std::vector<std::string>{"elicit_prompt"});
  ASSERT_EQ(c->sut.needs_tool_meta.size(), 1U);
  EXPECT_EQ(c->sut.needs_tool_meta[0].first, "elicit_sequence");
  EXPECT_EQ(c->sut.needs_tool_meta[0].second, "io.x/protected");
  text.replace(text.find("\"io.x/protected\""), 16, "\"\"");
  EXPECT_FALSE(load_case(text, "cases/x.json", error).has_value());
  EXPECT_EQ(error.pointer, "/sut/needs_tool_meta/elicit_sequence") << error.display();
}

TEST(CaseFile, FullRequirementIdsAreAccepted) {
  std::string text = valid_case();
  text.replace(text.find("\"CLIENT-MODE-DEFAULT\""), 21, "\"EL-2025-11-25-CLIENT-MODE-DEFAULT\"");
  CaseLoadError error;
  auto c = load_case(text, "x.json", error);
  ASSERT_TRUE(c) << error.display();
  EXPECT_EQ(c->requirements[0], "CLIENT-MODE-DEFAULT");
}

// "session": "B": a step on the second Streamable HTTP session, only in a server case whose
// transports are ["http"] (nowhere else is there a second session of one server).
TEST(CaseFile, ASecondSessionStepBelongsToAnHttpOnlyServerCase) {
  const std::string steps =
      R"([{"send":{"method":"ping"},"as":"p"},{"expect_silence_ms":100,"session":"B"}])";
  std::string server = valid_case(steps);
  server.replace(server.find(R"("role":"client")"), 15, R"("role":"server","transports":["http"])");
  server.replace(server.find("client.mode.x"), 6, "server");
  CaseLoadError error;
  auto c = load_case(server, "x.json", error);
  ASSERT_TRUE(c) << error.display();
  EXPECT_FALSE(c->steps[0].second_session);
  EXPECT_TRUE(c->steps[1].second_session);
  for (const std::string& wrong :
       {valid_case(steps),                                                                  // a client case
        std::string(server).replace(server.find(R"(["http"])"), 8, R"(["stdio","http"])"),  // stdio too
        std::string(server).replace(server.find(R"("B")"), 3, R"("C")")}) {                 // no session C
    CaseLoadError e;
    EXPECT_FALSE(load_case(wrong, "x.json", e));
    EXPECT_EQ(e.pointer, "/steps/1/session") << e.display();
  }
}

struct Bad {
  std::string name;
  std::string from;
  std::string to;
  std::string pointer;
  std::string words;
};

void PrintTo(const Bad& b, std::ostream* os) { *os << b.name; }

class CaseFileBroken : public ::testing::TestWithParam<Bad> {};

TEST_P(CaseFileBroken, SaysWhereAndWhat) {
  const Bad& b = GetParam();
  std::string text = valid_case();
  const auto at = text.find(b.from);
  ASSERT_NE(at, std::string::npos) << b.from;
  text.replace(at, b.from.size(), b.to);
  CaseLoadError error;
  EXPECT_FALSE(load_case(text, "cases/x.json", error).has_value()) << text;
  EXPECT_EQ(error.file, "cases/x.json");
  EXPECT_EQ(error.pointer, b.pointer) << error.display();
  EXPECT_NE(error.message.find(b.words), std::string::npos) << error.display();
}

INSTANTIATE_TEST_SUITE_P(
    All, CaseFileBroken,
    ::testing::Values(
        Bad{"NotJson", "{\"id\"", "{id", "", "not JSON"},
        Bad{"UnknownMember", "\"level\"", "\"levle\":1,\"level\"", "/levle", "unknown member"},
        Bad{"BadId", "client.mode.x", "Client.Mode", "/id", "<role>.<area>.<slug>"},
        Bad{"IdRoleMismatch", "client.mode.x", "server.mode.x", "/id", "starts with \"client.\""},
        Bad{"ShortTitle", "A client does the thing right", "short", "/title", "in a sentence"},
        Bad{"Role", "\"role\":\"client\"", "\"role\":\"browser\"", "/role", "client\" or \"server"},
        Bad{"Revision", "2025-11-25", "2024-11-05", "/revisions/0", "unknown revision"},
        Bad{"Requirement", "CLIENT-MODE-DEFAULT", "NO-SUCH-RULE", "/requirements/0",
            "no requirement \"NO-SUCH-RULE\""},
        Bad{"RequirementNotInRevision", "\"revisions\":[\"2025-11-25\"]",
            "\"revisions\":[\"2025-11-25\",\"2025-06-18\"]", "/requirements/0", "in 2025-06-18"},
        Bad{"Level", "\"MUST\"", "\"OUGHT\"", "/level", "MUST, SHOULD or MAY"},
        Bad{"NoSteps", R"([{"send")", R"([],"x":[{"send")", "/x", "unknown member"},
        Bad{"StepTypo", R"({"expect":{"result")", R"({"expct":{"result")", "/steps/1/expct",
            "unknown step member"},
        Bad{"TwoKeywords", R"({"send":{"method":"ping"},"as":"p"})",
            R"({"send":{"method":"ping"},"check":"no-id-reuse"})", "/steps/0/check", "a step does one thing"},
        Bad{"SendWithoutMethod", R"({"method":"ping"})", R"({"params":{}})", "/steps/0/send", "\"method\""},
        Bad{"BadPattern", R"({"result":{}})", R"({"result":{"$anything":1}})",
            "/steps/1/expect/result/$anything", "unknown pattern operator"},
        Bad{"DanglingResponseTo", R"("response_to":"p")", R"("response_to":"q")", "/steps/1/response_to",
            "names no earlier step"},
        Bad{"NameTwice", R"("response_to":"p")", R"("as":"p")", "/steps/1/as", "used twice"},
        Bad{"BadName", R"("as":"p")", R"("as":"P-1")", "/steps/0/as", "lower case"},
        Bad{"SilenceRange", R"({"expect":{"result":{}},"response_to":"p"})", R"({"expect_silence_ms":0})",
            "/steps/1/expect_silence_ms", "1 to 60000"},
        Bad{"UnknownCheck", R"({"expect":{"result":{}},"response_to":"p"})", R"({"check":"vibes"})",
            "/steps/1/check", "known checks"},
        Bad{"ServerCheckInAClientCase", R"({"expect":{"result":{}},"response_to":"p"})",
            R"({"check":"latest-version"})", "/steps/1/check", "server cases only"},
        Bad{"AbsentOkOnAResponse", R"("response_to":"p")", R"("response_to":"p","absent_ok":"why")",
            "/steps/1/absent_ok", "no response and no prerequisite"},
        Bad{"AbsentOkOnASend", R"("as":"p")", R"("as":"p","absent_ok":"why")", "/steps/0/absent_ok",
            "belongs to an expect step"},
        Bad{"PollOnASend", R"("as":"p")", R"("as":"p","poll":{"attempts":3,"interval_ms":10})",
            "/steps/0/poll", "poll belongs to an expect step whose response_to names a send step"},
        Bad{"PollOnce", R"("response_to":"p")", R"("response_to":"p","poll":{"attempts":1,"interval_ms":10})",
            "/steps/1/poll", "2 to 50"},
        Bad{"PollWithoutInterval", R"("response_to":"p")", R"("response_to":"p","poll":{"attempts":3})",
            "/steps/1/poll", "interval_ms"},
        Bad{"TaskToolsOnAClient", "\"level\":\"MUST\"",
            "\"level\":\"MUST\",\"sut\":{\"task_tools\":[\"elicit\"]}", "/sut/task_tools",
            "for server cases"},
        Bad{"TasksNotACapability", "\"level\":\"MUST\"", "\"level\":\"MUST\",\"sut\":{\"tasks\":true}",
            "/sut/tasks", "or \"none\""},
        Bad{"ReplyWithoutTo", R"({"expect":{"result":{}},"response_to":"p"})", R"({"reply":{"result":{}}})",
            "/steps/1", "reply needs \"to\""},
        Bad{"Lifecycle", "\"level\":\"MUST\"", "\"level\":\"MUST\",\"lifecycle\":\"sometimes\"", "/lifecycle",
            "\"auto\" (default) or \"manual\""},
        Bad{"DuplicateMember", "\"level\":\"MUST\"", "\"level\":\"MUST\",\"level\":\"MUST\"", "/level",
            "appears twice"},
        Bad{"PromptsOfAClient", "\"level\":\"MUST\"",
            R"("level":"MUST","sut":{"needs_prompts":["elicit_prompt"]})", "/sut/needs_prompts",
            "(server cases)"},
        Bad{"ToolMetaOfAClient", "\"level\":\"MUST\"",
            R"("level":"MUST","sut":{"needs_tool_meta":{"elicit_sequence":"io.x/y"}})",
            "/sut/needs_tool_meta", "(server cases)"}),
    [](const ::testing::TestParamInfo<Bad>& p) { return p.param.name; });

// poll: an expect step with response_to a send step asks again (the engine's side is
// tests/test_tasks.py, against a server whose tasks need several polls).
TEST(CaseFile, APollingStepKeepsItsAttemptsAndInterval) {
  CaseLoadError error;
  auto c = load_case(valid_case(R"([{"send":{"method":"ping"},"as":"p"},
    {"expect":{"result":{}},"response_to":"p","poll":{"attempts":30,"interval_ms":100}}])"),
                     "x.json", error);
  ASSERT_TRUE(c.has_value()) << error.display();
  EXPECT_EQ(c->steps[1].poll_attempts, 30);
  EXPECT_EQ(c->steps[1].poll_interval, std::chrono::milliseconds(100));
  EXPECT_EQ(c->steps[0].poll_attempts, 0);
}

// harness.first_request_error: a modern server's refusal of the client's first request. The loader
// takes only what the harness can play (-32022 on a 2026-07-28 case, alone), and the check that
// judges it only where it is set, so that neither can judge nothing and pass.
// The loader's own checks say what is wrong in its words; what they let through must still pass
// cases/case.schema.json, the one definition. Both of these once loaded (found by mutating the
// corpus's cases and comparing the loader with the schema).
TEST(CaseFile, WhatTheLoaderMissesTheSchemaRefuses) {
  struct Drift {
    std::string text;
    const char* pointer;
  };
  std::string comment = valid_case();
  comment.insert(1, R"("$comment":5,)");
  std::string content = valid_case();
  content.insert(1, R"("sut":{"user":[{"action":"accept","content":"Lisbon"}]},)");
  for (const Drift& d : {Drift{comment, "/$comment"}, Drift{content, "/sut/user/0/content"}}) {
    CaseLoadError error;
    EXPECT_FALSE(load_case(d.text, "x.json", error)) << d.pointer;
    EXPECT_EQ(error.pointer, d.pointer);
    EXPECT_NE(error.message.find("cases/case.schema.json"), std::string::npos) << error.message;
  }
}

// A name of 100,000 characters where the schema has a pattern: std::regex (valijson's engine)
// recursed once per character and overflowed the stack (fuzz/README.md, 2026-11-28). Refused
// before the schema's patterns run, with its pointer.
TEST(CaseFile, AnOverlongNameIsRefusedBeforeThePatternsRun) {
  const std::string name(100000, 'a');
  const std::string text = valid_case(R"([{"send":{"method":"ping"},"as":")" + name +
                                      R"("},{"expect":{"result":{}},"response_to":")" + name + R"("}])");
  CaseLoadError error;
  EXPECT_FALSE(load_case(text, "x.json", error));
  EXPECT_EQ(error.pointer, "/steps/0/as");
  EXPECT_NE(error.message.find("100000 characters"), std::string::npos) << error.message;
}

TEST(CaseFile, FirstRequestErrorIsWhatTheHarnessCanPlay) {
  const auto modern_case = [](const std::string& harness, const std::string& check) {
    return R"({"id":"client.eras.x","title":"A client does the thing right","role":"client",
      "revisions":["2026-07-28"],"requirements":["CLIENT-MODE-DEFAULT"],"level":"SHOULD",)" +
           (harness.empty() ? std::string() : R"("harness":)" + harness + ",") + R"("steps":[{"check":")" +
           check + R"("}]})";
  };
  const std::string refuse =
      R"({"first_request_error":{"code":-32022,"message":"Unsupported protocol version"}})";
  CaseLoadError error;
  auto c = load_case(modern_case(refuse, "no-fallback-on-modern-400"), "x.json", error);
  ASSERT_TRUE(c) << error.display();
  EXPECT_EQ(c->harness.first_request_error_code, -32022);
  EXPECT_EQ(c->harness.first_request_error_message, "Unsupported protocol version");
  EXPECT_FALSE(c->harness.revision);

  struct Broken {
    std::string text, pointer, words;
  };
  const std::vector<Broken> broken = {
      {modern_case(R"({"first_request_error":{"code":-32600,"message":"m"}})", "no-fallback-on-modern-400"),
       "/harness/first_request_error/code", "-32022"},
      {modern_case(R"({"first_request_error":{"code":-32022}})", "no-fallback-on-modern-400"),
       "/harness/first_request_error", "\"message\""},
      {modern_case(R"({"revision":"2025-11-25","first_request_error":{"code":-32022,"message":"m"}})",
                   "no-fallback-on-modern-400"),
       "/harness", "no revision"},
      {modern_case("", "no-fallback-on-modern-400"), "/steps/0/check", "harness.first_request_error"},
      {modern_case(refuse, "fallback-on-legacy-400"), "/steps/0/check", "harness.revision"},
      {valid_case().replace(valid_case().find(R"("steps")"), 7, R"("harness":)" + refuse + R"(,"steps")"),
       "/harness/first_request_error", "2026-07-28"},
  };
  for (const Broken& b : broken) {
    EXPECT_FALSE(load_case(b.text, "x.json", error).has_value()) << b.text;
    EXPECT_EQ(error.pointer, b.pointer) << error.display();
    EXPECT_NE(error.message.find(b.words), std::string::npos) << error.display();
  }
}

TEST(CaseFile, DuplicateIdsAndTitlesAcrossTheCorpus) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("ec-cases-" + std::to_string(::getpid()));
  fs::create_directories(dir / "requirements");
  std::ofstream(dir / "a.json") << valid_case();
  std::ofstream(dir / "b.json") << valid_case();
  // A catalog, not a case: it must be read as one and not loaded as a case file.
  std::ofstream(dir / "requirements" / "2025-11-25.json")
      << R"({"revision":"2025-11-25","requirements":[{"id":"EL-2025-11-25-CLIENT-MODE-DEFAULT","key":"CLIENT-MODE-DEFAULT","level":"MUST"}]})";
  std::vector<CaseLoadError> errors;
  auto cases = load_cases(dir.string(), errors);
  fs::remove_all(dir);
  EXPECT_EQ(cases.size(), 1u);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].message.find("is also the id of"), std::string::npos) << errors[0].display();
}

}  // namespace
}  // namespace ec
