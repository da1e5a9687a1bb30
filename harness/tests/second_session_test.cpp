// Steps marked "session": "B" (case_file.h): they run on a second session of the server, its own
// channel, opened with its own initialize after the first session's lifecycle; a B step's
// messages go out on that channel and its waits read that channel alone. Shown with two scripted
// sessions (RunOptions::channel and second_channel, MemoryChannels) and the corpus's two cases.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "cases/catalog.h"
#include "cases/runner.h"
#include "transport/memory_channel.h"

namespace ec {
namespace {

using namespace std::chrono_literals;

const char* const kInit =
    R"(,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}})";

// Session A of server.url.complete-only-to-initiator as a conformant server plays it: initialize
// (id 1), tools/list (2), then (session B's initialize took id 3) the URL elicitation of the call
// (4), its result, the complete call (5), its notification and result.
std::string complete_script_a() {
  return std::string(R"({"jsonrpc":"2.0","id":1)") + kInit + "\n" +
         R"({"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"elicit","inputSchema":{"type":"object"}},)"
         R"({"name":"complete","inputSchema":{"type":"object"}}]}})"
         "\n"
         R"({"jsonrpc":"2.0","id":"ref-1","method":"elicitation/create","params":{"mode":"url","elicitationId":"e-only-a",)"
         R"("url":"https://example.com/pay?e=e-only-a","message":"Complete the payment"}})"
         "\n"
         R"({"jsonrpc":"2.0","id":4,"result":{"content":[{"type":"text","text":"{\"action\":\"accept\"}"}]}})"
         "\n"
         R"({"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{"elicitationId":"e-only-a"}})"
         "\n"
         R"({"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"completion sent"}]}})"
         "\n";
}

std::string init_b() { return std::string(R"({"jsonrpc":"2.0","id":3)") + kInit + "\n"; }

class SecondSessionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::vector<std::string> errors;
    catalog_ = Catalog::load(std::string(EC_SOURCE_DIR) + "/cases/requirements", errors);
    ASSERT_TRUE(errors.empty());
    options_.startup_timeout = options_.expect_timeout = options_.case_timeout = 2000ms;
  }

  Case load(const std::string& id) {
    const std::string file = std::string(EC_SOURCE_DIR) + "/cases/2025-11-25/server/" + id + ".json";
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    CaseLoadError error;
    std::optional<Case> c = load_case(text.str(), file, error, &catalog_);
    EXPECT_TRUE(c.has_value()) << error.display();
    return c ? std::move(*c) : Case{};
  }

  RunRecord run(const Case& c, const std::string& a, const std::string* b) {
    a_ = std::make_shared<MemoryChannel>(a);
    b_ = b ? std::make_shared<MemoryChannel>(*b) : nullptr;
    options_.channel = a_;
    options_.second_channel = b_;
    return run_case(c, Revision::V2025_11_25, options_);
  }

  static bool any_contains(const std::vector<std::string>& lines, const std::string& needle) {
    for (const std::string& l : lines)
      if (l.find(needle) != std::string::npos) return true;
    return false;
  }

  Catalog catalog_;
  RunOptions options_;
  std::shared_ptr<MemoryChannel> a_, b_;
};

TEST_F(SecondSessionTest, TheSecondSessionIsInitializedOnItsOwnChannelAndItsSilenceReadsOnlyIt) {
  const Case c = load("server.url.complete-only-to-initiator");
  const std::string b = init_b();
  const RunRecord r = run(c, complete_script_a(), &b);
  EXPECT_FALSE(r.failure) << r.failure->check << ": " << r.failure->reason;
  EXPECT_FALSE(r.skipped || r.sut_unavailable || r.harness_error);
  // B got its own handshake; A's completion notification did not count against B's silence.
  ASSERT_EQ(b_->sent().size(), 2u);
  EXPECT_NE(b_->sent()[0].find(R"("method":"initialize")"), std::string::npos);
  EXPECT_NE(b_->sent()[1].find("notifications/initialized"), std::string::npos);
  std::size_t initializes = 0;
  for (const std::string& s : a_->sent())
    initializes += s.find(R"("method":"initialize")") != std::string::npos;
  EXPECT_EQ(initializes, 1u);
}

TEST_F(SecondSessionTest, AMessageOnTheSecondSessionBreaksItsSilence) {
  const Case c = load("server.url.complete-only-to-initiator");
  const std::string b =
      init_b() +
      R"({"jsonrpc":"2.0","method":"notifications/elicitation/complete","params":{"elicitationId":"e-only-a"}})"
      "\n";
  const RunRecord r = run(c, complete_script_a(), &b);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->check, "silence");
  EXPECT_FALSE(r.failure->prerequisite);
  EXPECT_NE(r.failure->message.find("e-only-a"), std::string::npos);
}

TEST_F(SecondSessionTest, AReplyOnTheSecondSessionAnswersTheFirstSessionsRequestThere) {
  const Case c = load("server.session.answer-bound-to-session");
  const std::string a =
      std::string(R"({"jsonrpc":"2.0","id":1)") + kInit + "\n" +
      R"({"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"elicit","inputSchema":{"type":"object"}}]}})"
      "\n"
      R"({"jsonrpc":"2.0","id":"ref-1","method":"elicitation/create","params":{"message":"Your name?",)"
      R"("requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}})"
      "\n";
  const std::string b = init_b();
  run(c, a, &b);
  // B's reply carries the id of the request that came on A, and went out on B only.
  ASSERT_EQ(b_->sent().size(), 3u);
  EXPECT_NE(b_->sent()[2].find(R"("id":"ref-1")"), std::string::npos) << b_->sent()[2];
  EXPECT_NE(b_->sent()[2].find("from-session-b"), std::string::npos);
  EXPECT_FALSE(any_contains(a_->sent(), "from-session-b"));
  // A's own reply (the decline) went out on A.
  EXPECT_TRUE(any_contains(a_->sent(), R"("action":"decline")"));
}

TEST_F(SecondSessionTest, WithoutASecondSessionTheCaseIsSkipped) {
  const Case c = load("server.url.complete-only-to-initiator");
  const RunRecord r = run(c, complete_script_a(), nullptr);
  ASSERT_TRUE(r.skipped);
  EXPECT_NE(r.skipped->find("second session"), std::string::npos);
}

}  // namespace
}  // namespace ec
