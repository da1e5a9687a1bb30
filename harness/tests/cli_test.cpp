#include "cli/check_commands.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "cli/output.h"
#include "core/json.h"

namespace ec {
namespace {

namespace fs = std::filesystem;

class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("ec-cli-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string file(const std::string& name, const std::string& bytes) {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << bytes;
    return p.string();
  }

  int schema(CheckCommandOptions o) { return run_check_schema(o, out_, err_); }
  int message(CheckCommandOptions o) { return run_check_message(o, out_, err_); }

  fs::path dir_;
  std::ostringstream out_, err_;
};

TEST_F(Cli, ValidSchemaExitsZero) {
  CheckCommandOptions o;
  o.input = file("s.json", R"({"type":"object","properties":{"a":{"type":"string"}}})");
  EXPECT_EQ(schema(o), kExitConforms);
  EXPECT_NE(out_.str().find("conforms"), std::string::npos);
}

TEST_F(Cli, MustFindingExitsOneAndNamesRuleAndPointer) {
  CheckCommandOptions o;
  o.cases_dir = EC_SOURCE_DIR "/cases";  // the rule's words come from the verified catalog
  o.input = file("s.json", R"({"type":"object","properties":{"a":{"type":"object"}}})");
  EXPECT_EQ(schema(o), kExitFindings);
  const std::string text = out_.str();
  EXPECT_NE(text.find("schema.property-nested-object"), std::string::npos);
  EXPECT_NE(text.find("/properties/a/type"), std::string::npos);
  EXPECT_NE(text.find("EL-2025-11-25-FORM-SCHEMA-RESTRICTED"), std::string::npos);
  EXPECT_NE(text.find("flat objects with primitive properties only"), std::string::npos);  // the quote
}

TEST_F(Cli, ShouldFindingStillExitsZero) {
  CheckCommandOptions o;
  o.input =
      file("s.json", R"({"type":"object","properties":{"n":{"type":"number","minimum":5,"maximum":1}}})");
  EXPECT_EQ(schema(o), kExitConforms);
  EXPECT_NE(out_.str().find("SHOULD"), std::string::npos);
}

TEST_F(Cli, UsageErrorsExitTwo) {
  CheckCommandOptions o;
  o.input = (dir_ / "missing.json").string();
  EXPECT_EQ(schema(o), kExitUsage);
  EXPECT_NE(err_.str().find("cannot open"), std::string::npos);
  o.input = file("s.json", "{}");
  o.revision = "2024-01-01";
  EXPECT_EQ(message(o), kExitUsage);
  EXPECT_NE(err_.str().find("unknown --revision"), std::string::npos);
}

TEST_F(Cli, OversizedInputIsAFindingNotACrash) {
  CheckCommandOptions o;
  o.max_bytes = 1024;
  o.input = file("big.json", std::string(5000, '['));
  EXPECT_EQ(message(o), kExitFindings);
  EXPECT_NE(out_.str().find("json.too-large"), std::string::npos);
}

TEST_F(Cli, JsonOutputParsesAndCarriesEverything) {
  CheckCommandOptions o;
  o.cases_dir = EC_SOURCE_DIR "/cases";
  o.json = true;
  o.revision = "2025-06-18";
  o.input =
      file("m.json", R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m"}})");
  EXPECT_EQ(message(o), kExitFindings);
  ParsedJson j = parse_json(out_.str());
  ASSERT_TRUE(j.ok()) << out_.str();
  EXPECT_EQ(std::string(j.document["revision"].GetString()), "2025-06-18");
  EXPECT_FALSE(j.document["conforms"].GetBool());
  const auto& d = j.document["diagnostics"][0];
  EXPECT_EQ(std::string(d["check"].GetString()), "elicit.requested-schema-missing");
  EXPECT_EQ(std::string(d["requirement"].GetString()), "EL-2025-06-18-FORM-REQUESTED-SCHEMA");
  EXPECT_EQ(std::string(d["pointer"].GetString()), "/params/requestedSchema");
  EXPECT_TRUE(d.HasMember("rule"));
}

TEST_F(Cli, ResultCheckedAgainstRequestFile) {
  CheckCommandOptions o;
  o.request =
      file("req.json", R"({"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"m",
    "requestedSchema":{"type":"object","properties":{"age":{"type":"integer"}},"required":["age"]}}})");
  o.input =
      file("res.json", R"({"jsonrpc":"2.0","id":1,"result":{"action":"accept","content":{"age":"x"}}})");
  EXPECT_EQ(message(o), kExitConforms);  // content checks are SHOULD level
  EXPECT_NE(out_.str().find("content.type"), std::string::npos);
}

TEST_F(Cli, SutTextCannotInjectTerminalEscapes) {
  CheckCommandOptions o;
  o.input = file("m.json",
                 "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"elicitation/"
                 "create\",\"params\":{\"mode\":\"\\u001b[31mred\"}}");
  message(o);
  EXPECT_EQ(out_.str().find('\x1b'), std::string::npos);
  EXPECT_NE(out_.str().find("\\x1b"), std::string::npos);
}

TEST(Printable, EscapesControlCharacters) {
  EXPECT_EQ(printable("a\nb\x7f"), "a\\x0ab\\x7f");
  EXPECT_EQ(printable("\xC3\xA9"), "\xC3\xA9");
  EXPECT_EQ(printable("C1 \x9b raw, \xC2\x9B as UTF-8"), "C1 \\x9B raw, \\u{009b} as UTF-8");
}

}  // namespace
}  // namespace ec
