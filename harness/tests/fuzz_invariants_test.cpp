// The seam that runs a case against a scripted SUT (RunOptions::channel, a MemoryChannel), and the
// invariants the fuzz target step_engine holds every run to (fuzz/run_record_checks.h): a real
// run holds them, and each one fires on a record broken on purpose. An invariant that cannot fire
// would let the target pass whatever the engine did.
#include "run_record_checks.h"

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

const char* const kCaseFile =
    "/cases/2025-06-18/server/server.capability.none-means-no-elicitation-2025-06-18.json";

// What the reference server answers in that case: initialize, tools/list, the tool's refusal,
// the two pings of the settle before the check.
const char* const kPassingScript =
    R"({"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}})"
    "\n"
    R"({"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"elicit","inputSchema":{"type":"object"}}]}})"
    "\n"
    R"({"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"no elicitation"}],"isError":true}})"
    "\n"
    R"({"jsonrpc":"2.0","id":"elicit-conform-sync-1","result":{}})"
    "\n"
    R"({"jsonrpc":"2.0","id":"elicit-conform-sync-2","result":{}})"
    "\n";

class ScriptedRunTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::vector<std::string> errors;
    catalog_ = Catalog::load(std::string(EC_SOURCE_DIR) + "/cases/requirements", errors);
    ASSERT_TRUE(errors.empty());
    std::ifstream in(std::string(EC_SOURCE_DIR) + kCaseFile, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    CaseLoadError error;
    loaded_ = load_case(text.str(), kCaseFile, error, &catalog_);
    ASSERT_TRUE(loaded_.has_value()) << error.display();
    options_.startup_timeout = options_.expect_timeout = options_.case_timeout = 2000ms;
  }

  fuzz::ScriptedRun run(const std::string& script) {
    auto channel = std::make_shared<MemoryChannel>(script);
    options_.channel = channel;
    fuzz::ScriptedRun out{run_case(*loaded_, Revision::V2025_06_18, options_), channel->sent(),
                          channel->delivered()};
    options_.channel.reset();
    return out;
  }

  std::string problem(const fuzz::ScriptedRun& r) {
    return fuzz::record_problem(*loaded_, Revision::V2025_06_18, options_, r);
  }

  Catalog catalog_;
  std::optional<Case> loaded_;
  RunOptions options_;
};

TEST_F(ScriptedRunTest, RunsACaseToPassWithoutWaiting) {
  const auto started = std::chrono::steady_clock::now();
  const fuzz::ScriptedRun r = run(kPassingScript);
  EXPECT_LT(std::chrono::steady_clock::now() - started, 1s);  // no timeout was waited for
  EXPECT_FALSE(r.record.failure) << r.record.failure->reason;
  EXPECT_FALSE(r.record.skipped || r.record.sut_unavailable || r.record.harness_error);
  EXPECT_EQ(r.record.transport, Transport::Stdio);
  EXPECT_EQ(r.delivered.size(), 5u);
  EXPECT_EQ(r.sent.size(), 6u);  // initialize, initialized, tools/list, the call, two pings
  EXPECT_EQ(problem(r), "");
  EXPECT_EQ(fuzz::record_fingerprint(r), fuzz::record_fingerprint(run(kPassingScript)));
}

TEST_F(ScriptedRunTest, AnEmptyScriptIsASutThatNeverCameUp) {
  const fuzz::ScriptedRun r = run("");
  EXPECT_TRUE(r.record.sut_unavailable);
  EXPECT_EQ(problem(r), "");
}

TEST_F(ScriptedRunTest, BareValuesAreFindingsNotCrashes) {
  const fuzz::ScriptedRun r = run(std::string(kPassingScript).insert(0, "2\n\"x\"\nnull\n[]\n[{}]\n"));
  EXPECT_GE(r.record.sut_findings.size(), 5u);
  EXPECT_EQ(problem(r), "");
}

// A SUT that answers tools/list with the SKIP marker declined the case: the record is a SKIP and
// nothing else, not also the lifecycle failure its error answer would be (step_engine's crash-a0528c36b654).
TEST_F(ScriptedRunTest, ASkipAnswerIsTheOutcome) {
  const std::string script =
      std::string(kPassingScript).substr(0, std::string(kPassingScript).find('\n') + 1) +
      R"({"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"elicit-conform: SKIP: no tools here"}})"
      "\n";
  const fuzz::ScriptedRun r = run(script);
  ASSERT_TRUE(r.record.skipped);
  EXPECT_EQ(*r.record.skipped, "the SUT cannot run this case: no tools here");
  EXPECT_FALSE(r.record.failure);
  EXPECT_EQ(problem(r), "");
}

// Each invariant, broken on purpose in an otherwise good record.
TEST_F(ScriptedRunTest, EveryInvariantFires) {
  const fuzz::ScriptedRun good = run(kPassingScript);
  ASSERT_EQ(problem(good), "");
  // `what` breaks the invariant whose sentence starts with `invariant`: it fires, and it is that one.
  const auto fires = [&](const char* what, const char* invariant, auto&& breaks) {
    fuzz::ScriptedRun broken = good;
    breaks(broken);
    EXPECT_TRUE(problem(broken).starts_with(invariant)) << what << ": " << problem(broken);
  };
  fires("two outcomes", "a record has at most one outcome", [](auto& r) {
    r.record.skipped = "declined";
    r.record.failure = StepFailure{"lifecycle.tools-list", "", "why", "", "", true};
  });
  fires("two outcomes", "a record has at most one outcome", [](auto& r) {
    r.record.harness_error = "oops";
    r.record.sut_unavailable = "never came up";
  });
  fuzz::ScriptedRun declined = good;  // a SUT that declined before it came up: SKIP
  declined.record.skipped = "declined";
  declined.record.sut_unavailable = "never came up";
  EXPECT_EQ(problem(declined), "");
  fires("a harness error", "a case that loads runs against any SUT",
        [](auto& r) { r.record.harness_error = "oops"; });
  fires("a SKIP without a reason", "a SKIP or an unavailable SUT says why",
        [](auto& r) { r.record.skipped = ""; });
  fires("another case's record", "the record is the case's",
        [](auto& r) { r.record.case_id = "server.other"; });
  fires("another planned revision", "the record keeps the revision",
        [](auto& r) { r.record.planned = Revision::V2025_11_25; });
  fires("a revision the case lacks", "a run is judged at a revision of its case",
        [](auto& r) { r.record.revision = Revision::V2026_07_28; });
  fires("recorded over HTTP", "a scripted run is recorded as over stdio",
        [](auto& r) { r.record.transport = Transport::Http; });
  const StepFailure step{"check.no-elicitation", "/steps/2", "why", "", "", false};
  fuzz::ScriptedRun failed = good;  // a well-formed failure, which the breaks below start from
  failed.record.failure = step;
  ASSERT_EQ(problem(failed), "");
  fires("a failure without a check id", "a failure has a check id",
        [&](auto& r) { r.record.failure = StepFailure{"", "/steps/2", "why", "", "", false}; });
  fires("a failure without a reason", "a failure says why",
        [&](auto& r) { r.record.failure = StepFailure{"check.x", "/steps/2", "", "", "", false}; });
  fires("an invalid message pointer", "a failure's message pointer is a valid", [&](auto& r) {
    r.record.failure = step;
    r.record.failure->message_pointer = "params";
  });
  fires("a step that does not exist", "a failure names a step of the case", [&](auto& r) {
    r.record.failure = step;
    r.record.failure->step_pointer = "/steps/99";
  });
  fires("another step's check id", "a failure carries its step's check id", [&](auto& r) {
    r.record.failure = step;
    r.record.failure->check = "send.call";
  });
  fires("a prerequisite step's failure that is no prerequisite",
        "a failure of a prerequisite step is a prerequisite",
        [&](auto& r) { r.record.failure = StepFailure{"send.call", "/steps/0", "why", "", "", false}; });
  fires("a failure without a step that is no prerequisite", "a failure without a step is a prerequisite",
        [](auto& r) { r.record.failure = StepFailure{"lifecycle.tools", "", "why", "", "", false}; });
  const Diagnostic finding{"json.parse", "JSONRPC-MESSAGE-FORMAT", Level::Must, "", "not JSON", ""};
  fires("a finding without a check", "a finding has a check id, a requirement and a message", [&](auto& r) {
    r.record.sut_findings.push_back(finding);
    r.record.sut_findings.back().check = "";
  });
  fires("a finding with an unknown requirement", "a finding's requirement is in the table", [&](auto& r) {
    r.record.sut_findings.push_back(finding);
    r.record.sut_findings.back().requirement = "NO-SUCH-RULE";
  });
  fires("a finding with an invalid pointer", "a finding's pointer is a valid JSON pointer", [&](auto& r) {
    r.record.sut_findings.push_back(finding);
    r.record.sut_findings.back().pointer = "~";
  });
  fires("an Info finding kept", "a kept finding is MUST or SHOULD", [&](auto& r) {
    r.record.sut_findings.push_back(finding);
    r.record.sut_findings.back().level = Level::Info;
  });
  fires("over 1000 findings", "at most 1000 findings are kept",
        [&](auto& r) { r.record.sut_findings.assign(1001, finding); });
  fires("an entry from nobody", "a transcript entry is from the harness",
        [](auto& r) { r.record.transcript[0].from = "someone"; });
  fires("an empty entry", "a transcript entry is not empty",
        [](auto& r) { r.record.transcript[0].text = ""; });
  fires("an entry over 64 KiB", "a transcript entry is at most 64 KiB",
        [](auto& r) { r.record.transcript[0].text.append(std::size_t{70} << 10, 'x'); });
  fires("time going back", "transcript times go forward", [](auto& r) { r.record.transcript[1].at_ms = -1; });
  fires("an entry after the run", "transcript times go forward",
        [](auto& r) { r.record.transcript.back().at_ms = r.record.duration_ms + 1; });
  fires("over the transcript budget", "the transcript's messages stay within its budget", [&](auto& r) {
    for (int i = 0; i < 80; ++i)
      r.record.transcript.push_back({r.record.duration_ms, "sut", std::string(60000, 'x')});
  });
  fires("a message missing from the transcript",
        "an untruncated transcript shows every message the harness wrote",
        [](auto& r) { r.sent.push_back(R"({"jsonrpc":"2.0","method":"x"})"); });
  fires("a SUT line missing from the transcript", "an untruncated transcript shows every line the SUT wrote",
        [](auto& r) { r.delivered.push_back("{}"); });
  fires("a harness message that is no JSON object", "the harness writes JSON objects", [](auto& r) {
    r.sent.push_back("[1]");
    r.record.transcript.push_back({r.record.duration_ms, "harness", "[1]"});
  });
  fires("an answer to a request the SUT never sent", "the harness answers only requests the SUT sent",
        [](auto& r) {
          const std::string answer = R"({"jsonrpc":"2.0","id":42,"result":{}})";
          r.sent.push_back(answer);
          r.record.transcript.push_back({r.record.duration_ms, "harness", answer});
        });
  // Determinism: the target compares fingerprints; a difference anywhere shows.
  fuzz::ScriptedRun other = good;
  other.record.transcript.back().text += " ";
  EXPECT_NE(fuzz::record_fingerprint(good), fuzz::record_fingerprint(other));
  other = good;
  other.record.transcript.back().at_ms += 1;  // times alone are not part of it
  EXPECT_EQ(fuzz::record_fingerprint(good), fuzz::record_fingerprint(other));
}

TEST(ShortestWait, IsTheShortestOfOptionsStepsAndTheFixedSettle) {
  Case c;
  RunOptions o;
  o.startup_timeout = o.expect_timeout = o.case_timeout = 500ms;
  EXPECT_EQ(fuzz::shortest_wait(c, o), 100ms);  // the engine's fixed settle
  o.expect_timeout = 20ms;
  EXPECT_EQ(fuzz::shortest_wait(c, o), 20ms);
  Step s;
  s.kind = Step::Kind::Expect;
  s.within = 5ms;
  c.steps.push_back(s);
  EXPECT_EQ(fuzz::shortest_wait(c, o), 5ms);
}

}  // namespace
}  // namespace ec
