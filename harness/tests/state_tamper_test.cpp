#include "cases/state_tamper.h"

#include <gtest/gtest.h>

#include "core/utf8.h"

namespace ec {
namespace {

TEST(StateTamper, ReplacesAPlainAnswer) {
  const TamperedState t =
      tamper_state(R"(ref.seq.01.[{"action":"accept","content":{"name":"Ann"}}])", "Ann", "Eve");
  EXPECT_EQ(t.state, R"(ref.seq.01.[{"action":"accept","content":{"name":"Eve"}}])");
  EXPECT_NE(t.how.find("plain text"), std::string::npos) << t.how;
}

TEST(StateTamper, ReplacesAnAnswerInsideBase64AndKeepsTheEncoding) {
  // base64 of {"answers":[{"name":"Ann"}]} (padded) and its base64url part before a signature.
  const TamperedState t = tamper_state("eyJhbnN3ZXJzIjpbeyJuYW1lIjoiQW5uIn1dfQ==", "Ann", "Eve");
  EXPECT_EQ(t.state, "eyJhbnN3ZXJzIjpbeyJuYW1lIjoiRXZlIn1dfQ==");  // {"answers":[{"name":"Eve"}]}
  EXPECT_NE(t.how.find("base64 text"), std::string::npos) << t.how;
  const TamperedState jwt = tamper_state("eyJuYW1lIjoiQW5uIn0.c2lnbmF0dXJl", "Ann", "Eve");
  EXPECT_EQ(jwt.state, "eyJuYW1lIjoiRXZlIn0.c2lnbmF0dXJl");  // {"name":"Eve"}, the signature kept
}

TEST(StateTamper, FlipsAByteNearTheMiddleWhenTheAnswerShowsNowhere) {
  const TamperedState t = tamper_state("q83vASNFZ4mrze8BI0VniQ", "Ann", "Eve");
  ASSERT_EQ(t.state.size(), 22U);
  EXPECT_NE(t.state, "q83vASNFZ4mrze8BI0VniQ");
  int differ = 0;
  for (std::size_t i = 0; i < t.state.size(); ++i) differ += t.state[i] != "q83vASNFZ4mrze8BI0VniQ"[i];
  EXPECT_EQ(differ, 1);
  EXPECT_EQ(t.state[11], 's');  // 'r' at byte 11, the next letter
  EXPECT_NE(t.how.find("byte 11"), std::string::npos) << t.how;
}

TEST(StateTamper, WithoutLettersOrDigitsReplacesAWholeCharacterAndKeepsUtf8) {
  // No letter or digit: the character at the middle becomes "A", all of it when it is a UTF-8
  // sequence (the harness sends the state inside JSON, where a lone byte of one is not text).
  const std::string euros =
      "\u20ac\u20ac\u20ac";  // three bytes each: the middle is byte 4, inside the second
  const TamperedState t = tamper_state(euros, "Ann", "Eve");
  EXPECT_EQ(t.state, "\u20acA\u20ac");
  EXPECT_FALSE(find_invalid_utf8(t.state).has_value()) << t.state;
  EXPECT_NE(t.how.find("byte 3"), std::string::npos) << t.how;
  EXPECT_EQ(tamper_state("{}", "Ann", "Eve").state, "{A");  // the middle one, not the first
}

TEST(StateTamper, NeverReturnsTheStateItWasGiven) {
  for (const char* s : {"", "=", "...", "Z", "9", "z.z", "AAAA", "Ann"}) {
    EXPECT_NE(tamper_state(s, "Ann", "Eve").state, s) << s;
  }
}

}  // namespace
}  // namespace ec
