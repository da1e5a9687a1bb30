// Case inputs (sut_fuzzer/case_inputs.h): which corpus cases seed them, and that every mutation
// keeps what the case checks: the same seed gives the same case, a renamed token is renamed in
// the URL trap too, no expect pattern or check changes, the probe's error is never one of the
// modern wire's own, and every mutated case loads. Running them is tests/test_sut_fuzz.py's.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include <rapidjson/pointer.h>

#include "core/json.h"
#include "sut_fuzzer/case_inputs.h"

namespace ec {
namespace {

FuzzCaseInputs inputs(Role role, Revision revision, Transport transport) {
  std::string error;
  FuzzCaseInputs in = FuzzCaseInputs::load(EC_SOURCE_DIR "/cases", role, revision, transport, error);
  EXPECT_EQ(error, "");
  return in;
}

std::set<std::string> seed_ids(const FuzzCaseInputs& in) {
  std::set<std::string> ids;
  for (const Case& c : in.seeds()) ids.insert(c.id);
  return ids;
}

std::size_t seed_index(const FuzzCaseInputs& in, const std::string& id) {
  const auto& s = in.seeds();
  return static_cast<std::size_t>(
      std::find_if(s.begin(), s.end(), [&](const Case& c) { return c.id == id; }) - s.begin());
}

// The members of the steps that say what the SUT must do.
std::string expectations(const rapidjson::Value& c) {
  std::string out;
  for (const auto& step : c["steps"].GetArray())
    for (const char* key : {"expect", "check", "expect_silence_ms", "response_to"})
      if (const rapidjson::Value* v = find_member(step, key)) out += to_json(*v) + "\n";
  return out;
}

TEST(FuzzCaseInputs, SeedsAreTheCasesOfWhatASessionCannotStage) {
  const auto client_modern = seed_ids(inputs(Role::Client, Revision::V2026_07_28, Transport::Stdio));
  EXPECT_TRUE(client_modern.contains("client.eras.dual-era-probe"));
  EXPECT_TRUE(client_modern.contains("client.eras.result-type-absent-complete"));
  EXPECT_FALSE(client_modern.contains("client.eras.http-400-legacy-body-falls-back"));  // HTTP only
  EXPECT_FALSE(client_modern.contains("client.modern.accept-content"));  // a session input does this
  const auto client_http = seed_ids(inputs(Role::Client, Revision::V2026_07_28, Transport::Http));
  EXPECT_TRUE(client_http.contains("client.eras.http-400-legacy-body-falls-back"));
  const auto client_legacy = seed_ids(inputs(Role::Client, Revision::V2025_11_25, Transport::Stdio));
  EXPECT_TRUE(client_legacy.contains("client.url-required.consent-per-elicitation"));  // -32042, URL trap
  const auto server_legacy = seed_ids(inputs(Role::Server, Revision::V2025_11_25, Transport::Stdio));
  EXPECT_TRUE(server_legacy.contains("server.lifecycle.no-elicitation-in-2024-11-05"));
  EXPECT_TRUE(server_legacy.contains("server.lifecycle.unsupported-version-gets-the-latest"));
}

TEST(FuzzCaseInputs, EveryMutatedCaseLoadsAndExpectsWhatItsSeedExpects) {
  std::vector<std::string> catalog_errors;
  const Catalog catalog = Catalog::load(EC_SOURCE_DIR "/cases/requirements", catalog_errors);
  std::set<CaseMutation::Kind> kinds;
  for (Role role : {Role::Client, Role::Server}) {
    for (Revision revision : {Revision::V2025_11_25, Revision::V2026_07_28}) {
      for (Transport transport : {Transport::Stdio, Transport::Http}) {
        const FuzzCaseInputs in = inputs(role, revision, transport);
        for (std::uint64_t index = 0; index < 150 && !in.empty(); ++index) {
          FuzzRng a = FuzzRng::for_input(3, index, "case");
          FuzzRng b = FuzzRng::for_input(3, index, "case");
          const CaseInput input = in.draw(a);
          const rapidjson::Document mutated = in.apply(input, "");
          EXPECT_EQ(to_json(mutated), to_json(in.apply(in.draw(b), ""))) << index;  // the seed's
          const Case& seed = in.seeds()[input.seed];
          CaseLoadError error;
          EXPECT_TRUE(load_case(to_json(mutated), seed.file, error, &catalog).has_value()) << error.display();
          EXPECT_EQ(expectations(mutated), expectations(*seed.document)) << seed.id;
          for (const CaseMutation& m : input.mutations) {
            kinds.insert(m.kind);
            if (m.kind == CaseMutation::Kind::DiscoverError) {
              EXPECT_TRUE(seed.harness.revision.has_value()) << seed.id;
              EXPECT_FALSE(m.code >= -32022 && m.code <= -32020) << m.code;
              EXPECT_NE(m.code, -32042);
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(kinds.size(), 3u);  // each kind of mutation was drawn
}

TEST(FuzzCaseInputs, ARetiredSeedIsNeverDrawn) {
  const FuzzCaseInputs in = inputs(Role::Client, Revision::V2026_07_28, Transport::Stdio);
  ASSERT_GE(in.seeds().size(), 3u);
  std::set<std::size_t> retired;
  for (std::size_t i = 0; i + 1 < in.seeds().size(); i += 2) retired.insert(i);
  std::set<std::size_t> drawn;
  for (std::uint64_t index = 0; index < 300; ++index) {
    FuzzRng rng = FuzzRng::for_input(5, index, "case");
    drawn.insert(in.draw(rng, retired).seed);
  }
  for (const std::size_t d : drawn) EXPECT_FALSE(retired.contains(d)) << d;
  EXPECT_EQ(drawn.size(), in.seeds().size() - retired.size());  // every other one is drawn
  retired.clear();
  for (std::size_t i = 1; i < in.seeds().size(); ++i) retired.insert(i);
  FuzzRng rng = FuzzRng::for_input(5, 0, "case");
  EXPECT_EQ(in.draw(rng, retired).seed, 0u);
}

TEST(FuzzCaseInputs, ARenamedElicitationIdIsRenamedInTheUrlTrapToo) {
  const FuzzCaseInputs in = inputs(Role::Client, Revision::V2025_11_25, Transport::Stdio);
  CaseInput input;
  input.seed = seed_index(in, "client.url-required.no-fetch-without-consent");
  ASSERT_LT(input.seed, in.seeds().size());
  CaseMutation rename;
  rename.kind = CaseMutation::Kind::Rename;
  rename.from = "e-7";
  rename.to = "tZ~9";
  input.mutations.push_back(rename);
  const std::string text = to_json(in.apply(input, ""));
  EXPECT_EQ(text.find("e-7"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("elicitationId":"tZ~9")"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("expect_no_fetch":"{trap}/connect?e=tZ~9")"), std::string::npos) << text;
}

// A scripted answer addressed to a message ("message", the adapter contract) follows the new text
// of that message, so the user still accepts and dismisses the URLs the case meant.
TEST(FuzzCaseInputs, AnAnswerAddressedToAMessageFollowsItsNewText) {
  const FuzzCaseInputs in = inputs(Role::Client, Revision::V2026_07_28, Transport::Stdio);
  CaseInput input;
  input.seed = seed_index(in, "client.modern.url-consent-per-request");
  ASSERT_LT(input.seed, in.seeds().size());
  CaseMutation text;
  text.kind = CaseMutation::Kind::Text;
  text.pointer = "/steps/1/reply/result/inputRequests/contacts/params/message";
  text.to = "line\nbreak \u00dcn\u00efc\u00f8d\u00e9";
  input.mutations.push_back(text);
  const rapidjson::Document mutated = in.apply(input, "");
  EXPECT_EQ(std::string(rapidjson::Pointer(text.pointer.c_str()).Get(mutated)->GetString()), text.to);
  const rapidjson::Value& user = mutated["sut"]["user"];
  EXPECT_EQ(std::string(user[0]["message"].GetString()), "Authorize access to your files.")
      << "the other answer";
  EXPECT_EQ(std::string(user[1]["message"].GetString()), text.to);
}

TEST(FuzzCaseInputs, MinimiseKeepsOnlyTheMutationsTheFindingNeeds) {
  const FuzzCaseInputs in = inputs(Role::Client, Revision::V2026_07_28, Transport::Stdio);
  CaseInput input;
  input.seed = seed_index(in, "client.eras.fallback-any-error");
  ASSERT_LT(input.seed, in.seeds().size());
  for (int code : {-32600, -32000, -32603}) {
    CaseMutation m;
    m.kind = CaseMutation::Kind::DiscoverError;
    m.code = code;
    m.to = "x";
    input.mutations.push_back(m);
  }
  std::size_t tries = 0;
  // "Fires" when the probe gets -32603 (of several, the last applied wins).
  const CaseInput smallest = in.minimise(
      input,
      [&](const CaseInput& c) {
        return to_json(in.apply(c, "")).find(R"("discover_error":{"code":-32603)") != std::string::npos;
      },
      tries);
  ASSERT_EQ(smallest.mutations.size(), 1u);
  EXPECT_EQ(smallest.mutations[0].code, -32603);
  EXPECT_EQ(tries, 3u);
}

}  // namespace
}  // namespace ec
