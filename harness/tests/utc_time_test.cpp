#include "core/utc_time.h"

#include <gtest/gtest.h>

#include <regex>

namespace ec {
namespace {

TEST(UtcTime, FormatsKnownInstants) {
  EXPECT_EQ(utc_iso8601(0), "1970-01-01T00:00:00Z");
  EXPECT_EQ(utc_iso8601(1'795'000'000), "2026-11-18T11:06:40Z");
  EXPECT_EQ(utc_iso8601(951'782'400), "2000-02-29T00:00:00Z");  // a leap day
}

TEST(UtcTime, NowHasTheSameForm) {
  EXPECT_TRUE(std::regex_match(utc_now(), std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)"))) << utc_now();
}

}  // namespace
}  // namespace ec
