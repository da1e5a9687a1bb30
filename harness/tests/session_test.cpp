#include "session/session.h"

#include <gtest/gtest.h>

namespace ec {
namespace {

RequestId num(const char* text) { return RequestId{RequestId::Type::Integer, text}; }
RequestId str(const char* text) { return RequestId{RequestId::Type::String, text}; }

TEST(Session, IdsArePerSenderAndMustNotBeReused) {
  Session s(Revision::V2025_11_25);
  EXPECT_EQ(s.on_request(Side::Client, num("1"), "initialize"), IdUse::Fresh);
  EXPECT_EQ(s.on_request(Side::Server, num("1"), "elicitation/create"), IdUse::Fresh);  // other sender
  EXPECT_EQ(s.on_request(Side::Client, str("1"), "tools/call"), IdUse::Fresh);          // "1" is not 1
  EXPECT_EQ(s.on_request(Side::Client, num("1"), "ping"), IdUse::Reused);
  EXPECT_EQ(s.method_of(Side::Server, num("1")), "elicitation/create");
}

TEST(Session, ResponsesMatchRequestsOfTheOtherSide) {
  Session s(Revision::V2025_11_25);
  s.on_request(Side::Server, num("7"), "elicitation/create");
  EXPECT_EQ(s.in_flight(Side::Server), 1u);
  EXPECT_EQ(s.on_response(Side::Server, num("7")), ResponseMatch::Unknown);  // the server did not receive 7
  EXPECT_EQ(s.on_response(Side::Client, num("7")), ResponseMatch::Pending);
  EXPECT_EQ(s.in_flight(Side::Server), 0u);
  EXPECT_EQ(s.on_response(Side::Client, num("7")), ResponseMatch::AlreadyAnswered);
  EXPECT_EQ(s.on_response(Side::Client, num("8")), ResponseMatch::Unknown);
}

TEST(Session, CompletionIdsAreIssuedThenCompletedOnce) {
  Session s(Revision::V2025_11_25);
  EXPECT_EQ(s.on_completion("e1"), CompletionStatus::Unknown);
  s.on_elicitation_issued("e1");
  EXPECT_TRUE(s.was_issued("e1"));
  s.on_elicitation_issued("e1");  // a -32042 retry may list it again
  EXPECT_EQ(s.on_completion("e1"), CompletionStatus::Issued);
  EXPECT_EQ(s.on_completion("e1"), CompletionStatus::AlreadyCompleted);
  EXPECT_EQ(s.on_completion("e2"), CompletionStatus::Unknown);
  EXPECT_EQ(to_string(CompletionStatus::AlreadyCompleted), "already completed");
}

TEST(Session, CapabilityDecidesModes) {
  Session s(Revision::V2025_11_25);
  EXPECT_FALSE(s.client_supports(Mode::Form));
  ElicitationCapability c;
  c.declared = true;
  c.form = true;
  s.set_client_capability(c);
  EXPECT_TRUE(s.client_supports(Mode::Form));
  EXPECT_FALSE(s.client_supports(Mode::Url));
}

}  // namespace
}  // namespace ec
