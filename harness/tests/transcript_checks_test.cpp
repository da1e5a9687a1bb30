#include "cases/transcript_checks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cases/check_registry.h"
#include "cases/modern_client_checks.h"
#include "core/json.h"

namespace ec {
namespace {

// A transcript built from JSON lines, the way the step engine builds it from a run.
class SeenRun {
 public:
  explicit SeenRun(Role role = Role::Server, Revision revision = Revision::V2025_11_25) {
    t_.role = role;
    t_.revision = revision;
    t_.client_capability = ElicitationCapability{true, true, false};  // form only
  }
  SeenRun& sut(const std::string& json) {
    t_.sut_messages.push_back(keep(json));
    return *this;
  }
  SeenRun& harness_request(const std::string& id, const std::string& json) {
    t_.harness_ids.insert(id);
    t_.step_requests[id] = keep(json);
    return *this;
  }
  SeenRun& asked(const std::string& params) {
    t_.asked_elicitations.push_back(keep(params));
    return *this;
  }
  std::optional<CheckFailure> check(std::string_view name) const { return run_transcript_check(name, t_); }
  Transcript& transcript() { return t_; }

 private:
  const rapidjson::Value* keep(const std::string& text) {
    ParsedJson p = parse_json(text);
    EXPECT_TRUE(p.ok()) << text;
    docs_.push_back(std::make_shared<rapidjson::Document>(std::move(p.document)));
    return docs_.back().get();
  }
  std::vector<std::shared_ptr<rapidjson::Document>> docs_;
  Transcript t_;
};

constexpr const char* kFormRequest =
    R"({"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"mode":"form","message":"Age?",)"
    R"("requestedSchema":{"type":"object","properties":{"age":{"type":"integer","title":"Age"}}}}})";

TEST(TranscriptChecks, AConformantServerRunPassesTheGenericChecks) {
  SeenRun run;
  run.harness_request("1", R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"elicit"}})")
      .asked(R"({"mode":"form","message":"Age?","requestedSchema":{"type":"object","properties":{"age":)"
             R"({"type":"integer","title":"Age"}}}})")
      .sut(kFormRequest)
      .sut(R"({"jsonrpc":"2.0","id":1,"result":{"content":[]}})");
  for (std::string_view name :
       {"observed-elicitation", "elicitations-valid", "schema-consistent", "security-heuristics",
        "jsonrpc-valid", "schema-as-asked", "schema-titles-as-asked", "one-response-per-request",
        "no-id-reuse", "no-response-to-notification"}) {
    const auto f = run.check(name);
    EXPECT_FALSE(f) << name << ": " << f->reason;
  }
  EXPECT_TRUE(run.check("no-elicitation"));
}

TEST(TranscriptChecks, EachBreakIsCaughtByItsCheckWithPointerAndEvidence) {
  {
    SeenRun run;  // a URL-mode request to a form-only client
    run.sut(R"({"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"mode":"url","message":"m",)"
            R"("url":"https://example.com/x","elicitationId":"e1"}})");
    const auto f = run.check("elicitations-valid");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->pointer, "/params/mode");
    EXPECT_NE(f->message.find("elicitationId"), std::string::npos);
  }
  {
    SeenRun run;  // the same request id twice
    run.sut(kFormRequest).sut(kFormRequest);
    const auto f = run.check("no-id-reuse");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->pointer, "/id");
  }
  {
    SeenRun run;  // an answer to nothing we asked, then one answered twice
    run.harness_request("1", R"({"jsonrpc":"2.0","id":1,"method":"ping"})")
        .sut(R"({"jsonrpc":"2.0","id":1,"result":{}})")
        .sut(R"({"jsonrpc":"2.0","id":1,"result":{}})");
    EXPECT_TRUE(run.check("one-response-per-request"));
    EXPECT_TRUE(run.check("no-response-to-notification"));
  }
  {
    SeenRun run;  // the tool was asked for a title the client never saw
    run.asked(R"({"message":"Age?","requestedSchema":{"type":"object","properties":{"age":)"
              R"({"type":"integer","title":"Your age"}}}})")
        .sut(kFormRequest);
    EXPECT_FALSE(run.check("schema-as-asked"));
    const auto f = run.check("schema-titles-as-asked");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->pointer, "/params/requestedSchema/properties/age/title");
  }
  {
    SeenRun run(Role::Client);  // a tool call before initialize
    run.sut(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}})")
        .sut(R"({"jsonrpc":"2.0","id":2,"method":"initialize","params":{}})");
    EXPECT_TRUE(run.check("initialize-first"));
  }
}

TEST(TranscriptChecks, ResultsAreJudgedWithTheRequestTheyAnswer) {
  constexpr const char* kUrlRequest =
      R"({"jsonrpc":"2.0","id":3,"method":"elicitation/create","params":{"mode":"url","message":"m",)"
      R"("url":"https://example.com/x","elicitationId":"e1"}})";
  {
    SeenRun run(Role::Client);  // content with a URL-mode accept (MUST)
    run.harness_request("3", kUrlRequest)
        .sut(R"({"jsonrpc":"2.0","id":3,"result":{"action":"accept","content":{}}})");
    const auto f = run.check("results-valid");
    ASSERT_TRUE(f);
    EXPECT_EQ(f->pointer, "/result/content");
    EXPECT_NE(f->reason.find("result.content-in-url-mode"), std::string::npos);
  }
  {
    SeenRun run(Role::Client);  // a form accept without content (SHOULD); a URL accept without is right
    run.harness_request("7", kFormRequest).sut(R"({"jsonrpc":"2.0","id":7,"result":{"action":"accept"}})");
    EXPECT_TRUE(run.check("results-valid"));
    SeenRun url(Role::Client);
    url.harness_request("3", kUrlRequest).sut(R"({"jsonrpc":"2.0","id":3,"result":{"action":"accept"}})");
    EXPECT_FALSE(url.check("results-valid"));
  }
  {
    SeenRun run(Role::Client);  // content that fits the form; a response to no request of ours
    run.harness_request("7", kFormRequest)
        .sut(R"({"jsonrpc":"2.0","id":7,"result":{"action":"accept","content":{"age":3}}})")
        .sut(R"({"jsonrpc":"2.0","id":9,"result":{"action":"accept"}})");
    const auto f = run.check("results-valid");
    EXPECT_FALSE(f) << f->reason;
  }
}

TEST(TranscriptChecks, ModernInputRequestsAreJudgedAsElicitations) {
  SeenRun run(Role::Server, Revision::V2026_07_28);
  run.sut(R"({"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"k":)"
          R"({"method":"elicitation/create","params":{"mode":"form","requestedSchema":{"type":"object",)"
          R"("properties":{}}}}}}})");
  const std::vector<TranscriptElicitation> found =
      transcript_elicitations(run.transcript().sut_messages, Revision::V2026_07_28);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].prefix, "/result/inputRequests/k");
  const auto f = run.check("elicitations-valid");  // no message
  ASSERT_TRUE(f);
  EXPECT_EQ(f->pointer.rfind("/result/inputRequests/k/params", 0), 0u) << f->pointer;
  EXPECT_TRUE(run.check("no-elicitation"));
}

// no-legacy-elicitation has one implementation for both roles: a 2026-07-28 client case reaches
// it through modern_client_checks.h, any other case through the transcript table, and both give
// the same answer on the same messages.
TEST(TranscriptChecks, NoLegacyElicitationJudgesEachRoleByItsOwnVocabulary) {
  const char* server_request = R"({"jsonrpc":"2.0","id":"r1","method":"elicitation/create","params":{}})";
  const char* url_required = R"({"jsonrpc":"2.0","id":3,"error":{"code":-32042,"message":"URL required",)"
                             R"("data":{"elicitations":[]}}})";
  const char* initialize = R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{}})";
  const char* complete = R"({"jsonrpc":"2.0","method":"notifications/elicitation/complete",)"
                         R"("params":{"elicitationId":"e"}})";
  const char* response = R"({"jsonrpc":"2.0","id":"k","result":{"action":"decline"}})";
  const char* call = R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"t"}})";
  struct Row {
    Role sut;
    const char* message;
    bool legacy;
  };
  for (const Row& row : {Row{Role::Server, server_request, true}, Row{Role::Server, url_required, true},
                         Row{Role::Server, response, false}, Row{Role::Server, complete, false},
                         Row{Role::Client, initialize, true}, Row{Role::Client, complete, true},
                         Row{Role::Client, response, true}, Row{Role::Client, call, false},
                         Row{Role::Client, url_required, true}}) {
    SeenRun run(row.sut, Revision::V2026_07_28);
    run.sut(row.message);
    const std::optional<CheckFailure> f = run.check("no-legacy-elicitation");
    EXPECT_EQ(f.has_value(), row.legacy)
        << (row.sut == Role::Client ? "client: " : "server: ") << row.message;
    const std::optional<CheckFailure> direct =
        no_legacy_elicitation(row.sut, Revision::V2026_07_28, run.transcript().sut_messages);
    ASSERT_EQ(direct.has_value(), f.has_value());
    if (f) {
      EXPECT_EQ(f->reason, direct->reason);
      EXPECT_EQ(f->message, row.message);
    }
    if (row.sut == Role::Client) {
      ModernClientTranscript modern;
      modern.sut_messages = run.transcript().sut_messages;
      const std::optional<CheckFailure> m = run_modern_client_check("no-legacy-elicitation", modern);
      ASSERT_EQ(m.has_value(), f.has_value()) << row.message;
      if (m) {
        EXPECT_EQ(m->reason, f->reason);
      }
    }
  }
}

TEST(TranscriptChecks, AnEmptyTranscriptIsNeverACrashAndObservesNothing) {
  SeenRun run;
  for (const std::string& name : known_check_names()) {
    if (!is_transcript_check(name)) continue;
    (void)run.check(name);
  }
  const auto f = run.check("observed-elicitation");
  ASSERT_TRUE(f);
  EXPECT_NE(f->reason.find("nothing to judge"), std::string::npos);
}

// The case loader accepts known_check_names(); cases/case.schema.json says the same to a person
// and to an editor. One list, held together here.
TEST(TranscriptChecks, TheCaseSchemaListsExactlyTheKnownChecks) {
  std::ifstream in(std::string(EC_SOURCE_DIR) + "/cases/case.schema.json");
  ASSERT_TRUE(in) << "cases/case.schema.json";
  std::stringstream text;
  text << in.rdbuf();
  ParsedJson schema = parse_json(text.str());
  ASSERT_TRUE(schema.ok());
  const rapidjson::Value* node = &schema.document;
  for (const char* key : {"$defs", "step", "properties", "check", "enum"}) {
    ASSERT_TRUE(node->IsObject() && node->HasMember(key)) << key;
    node = &(*node)[key];
  }
  std::vector<std::string> listed;
  for (const auto& v : node->GetArray()) listed.emplace_back(v.GetString());
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(listed, known_check_names());
}

// The registry is the one list: sorted, each name once, every row judged one way or another (a
// function, or a session judge and no function), and the dispatch functions answer from it.
TEST(CheckRegistry, EachNameOnceSortedAndJudged) {
  const std::span<const CheckEntry> rows = check_registry();
  ASSERT_FALSE(rows.empty());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const CheckEntry& row = rows[i];
    if (i > 0) {
      EXPECT_LT(rows[i - 1].name, row.name) << "sorted, each name once";
    }
    const bool function = row.transcript != nullptr || row.modern_client != nullptr;
    EXPECT_NE(function, row.session != SessionJudge::None) << row.name;
    EXPECT_FALSE(row.summary.empty()) << row.name;
    EXPECT_EQ(find_check(row.name), &row);
    EXPECT_EQ(is_transcript_check(row.name), row.transcript != nullptr) << row.name;
    EXPECT_EQ(is_modern_client_check(row.name), row.modern_client != nullptr) << row.name;
    EXPECT_EQ(known_check_names()[i], row.name);
  }
  EXPECT_EQ(known_check_names().size(), rows.size());
  EXPECT_EQ(find_check("no-such-check"), nullptr);
  EXPECT_FALSE(is_transcript_check("no-such-check"));
  EXPECT_FALSE(is_modern_client_check("no-such-check"));
  // The loader's role restrictions come from the same rows.
  EXPECT_EQ(find_check("latest-version")->cases, CheckCases::Server);
  EXPECT_EQ(find_check("initialize-first")->cases, CheckCases::Client);
  EXPECT_EQ(find_check("elicitations-valid")->cases, CheckCases::Any);
}

}  // namespace
}  // namespace ec
