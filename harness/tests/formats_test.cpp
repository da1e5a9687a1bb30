#include "schema/formats.h"

#include <gtest/gtest.h>

#include <string>

namespace ec {
namespace {

// The reason, or "" when the value conforms; lets a test check both at once.
std::string why(std::optional<std::string> reason) { return reason ? *reason : std::string(); }

bool reason_mentions(std::optional<std::string> reason, std::string_view word) {
  return reason && reason->find(word) != std::string::npos;
}

TEST(Formats, NamesRoundTripAndOthersAreRejected) {
  for (auto f : {StringFormat::Email, StringFormat::Uri, StringFormat::Date, StringFormat::DateTime}) {
    EXPECT_EQ(parse_format_name(to_string(f)), f);
  }
  EXPECT_FALSE(parse_format_name("hostname"));
}

TEST(Formats, EmailAcceptsOrdinaryAndUnusualAddresses) {
  EXPECT_EQ(why(check_email("joe.bloggs@example.com")), "");
  EXPECT_EQ(why(check_email("a+tag!#$%&'*/=?^_`{|}~-@example.com")), "");
}

TEST(Formats, EmailAcceptsQuotedLocalParts) {
  EXPECT_EQ(why(check_email("\"joe bloggs\"@example.com")), "");
  EXPECT_EQ(why(check_email("\"joe@home\"@example.com")), "");  // split at the last '@'
  EXPECT_EQ(why(check_email("\"a\\\"b\"@example.com")), "");    // quoted-pair
  EXPECT_TRUE(check_email("\"a\"b\"@example.com"));
}

TEST(Formats, EmailRejectsBadDotAtoms) {
  EXPECT_TRUE(reason_mentions(check_email(".joe@example.com"), "starts with a dot"));
  EXPECT_TRUE(reason_mentions(check_email("jo..e@example.com"), "two dots"));
  EXPECT_TRUE(reason_mentions(check_email("joe bloggs@example.com"), "space"));
  EXPECT_TRUE(reason_mentions(check_email("joe.example.com"), "no '@'"));
}

TEST(Formats, EmailAcceptsAddressLiterals) {
  EXPECT_EQ(why(check_email("joe@[192.168.0.1]")), "");
  EXPECT_EQ(why(check_email("joe@[IPv6:::1]")), "");
  EXPECT_EQ(why(check_email("joe@[IPv6:::ffff:192.0.2.1]")), "");
}

TEST(Formats, EmailRejectsBadAddressLiterals) {
  EXPECT_TRUE(reason_mentions(check_email("joe@[192.168.0.256]"), "256 is above 255"));
  EXPECT_TRUE(check_email("joe@[IPv6:1::2::3]"));
  EXPECT_TRUE(check_email("joe@[IPv6:1:2:3:4:5:6:7]"));
  EXPECT_TRUE(check_email("joe@[1.2.3.4"));
}

TEST(Formats, EmailRejectsBadHostnames) {
  EXPECT_TRUE(reason_mentions(check_email("joe@-example.com"), "hyphen"));
  EXPECT_TRUE(check_email("joe@under_score.com"));
  EXPECT_TRUE(reason_mentions(check_email("joe@" + std::string(64, 'a') + ".com"), "63"));
}

TEST(Formats, EmailEnforcesLengthLimits) {
  // 64 + 1 + 189 = 254 characters: the longest allowed.
  const std::string domain = std::string(63, 'b') + "." + std::string(63, 'c') + "." + std::string(61, 'd');
  EXPECT_EQ(why(check_email(std::string(64, 'a') + "@" + domain)), "");
  EXPECT_TRUE(reason_mentions(check_email(std::string(64, 'a') + "@" + domain + "d"), "255"));
  EXPECT_TRUE(reason_mentions(check_email(std::string(65, 'a') + "@example.com"), "64"));
}

TEST(Formats, EmailPointsNonAsciiToIdnEmail) {
  EXPECT_TRUE(reason_mentions(check_email("j\xC3\xB6rg@example.com"), "idn-email"));
}

TEST(Formats, UriAcceptsAbsoluteUris) {
  EXPECT_EQ(why(check_uri("mailto:joe@example.com")), "");
  EXPECT_EQ(why(check_uri("urn:isbn:0451450523")), "");
  EXPECT_EQ(why(check_uri("http://[2001:db8::1]:8080/")), "");
}

TEST(Formats, UriRejectsRelativeReferences) {
  EXPECT_TRUE(reason_mentions(check_uri("//host/path"), "relative reference"));
  EXPECT_TRUE(reason_mentions(check_uri("/path"), "scheme"));
  EXPECT_TRUE(check_uri(""));
}

TEST(Formats, UriChecksPortRange) {
  EXPECT_EQ(why(check_uri("http://example.com:0/")), "");
  EXPECT_EQ(why(check_uri("http://example.com:65535/")), "");
  EXPECT_EQ(why(check_uri("http://example.com:65536/")), "port 65536 is above 65535");
  EXPECT_EQ(why(check_uri("http://example.com:70000")), "port 70000 is above 65535");
}

TEST(Formats, UriRejectsCharactersOutsideRfc3986) {
  EXPECT_TRUE(reason_mentions(check_uri("http://example.com/a b"), "space"));
  EXPECT_TRUE(reason_mentions(check_uri("http://example.com/%zz"), "'%'"));
  EXPECT_TRUE(reason_mentions(check_uri("http://ex\xC3\xA4mple.com/"), "IRI"));
  EXPECT_TRUE(check_uri("http://example.com/#a#b"));
}

TEST(Formats, DateAcceptsRealDays) {
  EXPECT_EQ(why(check_date("2023-01-31")), "");
  EXPECT_EQ(why(check_date("2024-02-29")), "");
  EXPECT_EQ(why(check_date("2000-02-29")), "");  // divisible by 400: leap
}

TEST(Formats, DateRejectsFebruary30) {
  EXPECT_EQ(why(check_date("2023-02-30")), "day 30 does not exist in February 2023");
}

TEST(Formats, DateRejectsNonLeapFebruary29) {
  EXPECT_TRUE(check_date("2023-02-29"));
  EXPECT_TRUE(check_date("1900-02-29"));  // divisible by 100 but not 400
}

TEST(Formats, DateRejectsBadFieldsAndShapes) {
  EXPECT_TRUE(check_date("2023-04-31"));
  EXPECT_EQ(why(check_date("2023-13-01")), "month 13 does not exist");
  EXPECT_TRUE(check_date("2023/01/01"));
  EXPECT_TRUE(check_date("2023-01-01T00:00:00Z"));
  EXPECT_TRUE(check_date(""));
}

TEST(Formats, DateTimeAcceptsRfc3339Forms) {
  EXPECT_EQ(why(check_date_time("2023-06-18T12:34:56Z")), "");
  EXPECT_EQ(why(check_date_time("2023-06-18t12:34:56z")), "");
  EXPECT_EQ(why(check_date_time("2023-06-18T12:34:56.789+05:30")), "");
  EXPECT_EQ(why(check_date_time("2023-06-18T12:34:56-00:00")), "");
}

TEST(Formats, DateTimeAcceptsLeapSecondsAtUtcMidnight) {
  EXPECT_EQ(why(check_date_time("1998-12-31T23:59:60Z")), "");
  EXPECT_EQ(why(check_date_time("1998-12-31T15:59:60.123-08:00")), "");
  EXPECT_EQ(why(check_date_time("1999-01-01T00:59:60+01:00")), "");
}

TEST(Formats, DateTimeRejectsLeapSecondsElsewhere) {
  EXPECT_TRUE(reason_mentions(check_date_time("1998-12-31T23:58:60Z"), "23:58 UTC"));
  EXPECT_TRUE(check_date_time("1998-12-31T23:59:60+01:00"));
  EXPECT_TRUE(check_date_time("1998-12-31T23:59:61Z"));
}

TEST(Formats, DateTimeRejectsBadFields) {
  EXPECT_EQ(why(check_date_time("2023-06-18T24:00:00Z")), "hour 24 does not exist");
  EXPECT_TRUE(check_date_time("2023-02-30T12:00:00Z"));
  EXPECT_TRUE(check_date_time("2023-06-18T12:00:00+24:00"));
  EXPECT_TRUE(check_date_time("2023-06-18T12:00:00+01:60"));
}

TEST(Formats, DateTimeRejectsBadShapes) {
  EXPECT_TRUE(reason_mentions(check_date_time("2023-06-18 12:00:00Z"), "'T'"));
  EXPECT_TRUE(reason_mentions(check_date_time("2023-06-18T12:00:00"), "offset"));
  EXPECT_TRUE(check_date_time("2023-06-18T12:00:00.Z"));
  EXPECT_TRUE(check_date_time("2023-06-18T12:00:00+0100"));
  EXPECT_TRUE(check_date_time("2023-06-18T12:00:00Zjunk"));
}

TEST(Formats, CheckFormatDispatches) {
  EXPECT_FALSE(check_format(StringFormat::Email, "a@b.c"));
  EXPECT_TRUE(check_format(StringFormat::Uri, "/relative"));
}

TEST(Formats, HostileInputsGiveShortReasons) {
  const std::string huge(1'000'000, 'a');
  const auto email = check_email(huge);
  const auto uri = check_uri("http://example.com:" + std::string(1'000'000, '9'));
  ASSERT_TRUE(email && uri);
  EXPECT_LT(email->size(), 200u);
  EXPECT_LT(uri->size(), 200u);
}

}  // namespace
}  // namespace ec
