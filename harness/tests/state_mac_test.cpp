#include "reference/state_mac.h"

#include <gtest/gtest.h>

namespace ec {
namespace {

std::string hex(const std::string& bytes) {
  static constexpr const char* kHex = "0123456789abcdef";
  std::string out;
  for (const char c : bytes) {
    out.push_back(kHex[(static_cast<unsigned char>(c) >> 4) & 0xF]);
    out.push_back(kHex[static_cast<unsigned char>(c) & 0xF]);
  }
  return out;
}

// FIPS 180-4's examples (one block, two blocks) and the empty message.
TEST(StateMac, Sha256KnownAnswers) {
  EXPECT_EQ(hex(sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex(sha256("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

// RFC 4231, test cases 2 and 6 (a key longer than the block).
TEST(StateMac, HmacSha256KnownAnswers) {
  EXPECT_EQ(hmac_sha256_hex("Jefe", "what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  EXPECT_EQ(
      hmac_sha256_hex(std::string(131, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First"),
      "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

TEST(StateMac, ASealedStateOpensAndAnAlteredOneDoesNot) {
  const std::string sealed = seal_state(R"(ref.seq.0123.[{"action":"accept","content":{"name":"Ann"}}])");
  std::string payload;
  ASSERT_TRUE(open_state(sealed, payload));
  EXPECT_EQ(payload, R"(ref.seq.0123.[{"action":"accept","content":{"name":"Ann"}}])");
  std::string altered = sealed;
  altered.replace(altered.find("Ann"), 3, "Eve");
  EXPECT_FALSE(open_state(altered, payload));
  EXPECT_FALSE(open_state(sealed + "-TAMPERED", payload));
  EXPECT_FALSE(open_state("no mac here", payload));
}

}  // namespace
}  // namespace ec
