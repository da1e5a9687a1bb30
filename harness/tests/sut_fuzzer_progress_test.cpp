// The progress line of a campaign (sut_fuzzer/progress.h): what it says, and that the ticker writes
// one at most every interval, none with an interval of 0. That a campaign writes them on stderr
// and nowhere else is tests/test_sut_fuzz.py's.
#include <gtest/gtest.h>

#include <sstream>

#include "sut_fuzzer/progress.h"

namespace ec {
namespace {

FuzzProgress at(double seconds, std::uint64_t inputs) {
  FuzzProgress p;
  p.inputs = inputs;
  p.seconds = seconds;
  p.duration_seconds = 60;
  return p;
}

TEST(FuzzProgress, SaysInputsFindingsAndTime) {
  FuzzProgress p = at(14.2, 120);
  EXPECT_EQ(fuzz_progress_line(p), "elicit-conform fuzz: 120 inputs, 0 findings, 14/60 s");
  p.max_inputs = 500;
  p.findings = 1;
  EXPECT_EQ(fuzz_progress_line(p), "elicit-conform fuzz: 120/500 inputs, 1 finding, 14/60 s");
  p.case_inputs = 3;
  p.findings = 2;
  p.duration_seconds = 2.5;
  p.seconds = 2;
  EXPECT_EQ(fuzz_progress_line(p), "elicit-conform fuzz: 120/500 inputs, 3 case inputs, 2 findings, 2/2.5 s");
  p.minimising = "silence";
  EXPECT_EQ(fuzz_progress_line(p),
            "elicit-conform fuzz: 120/500 inputs, 3 case inputs, 2 findings, 2/2.5 s, minimising a new "
            "finding (silence)");
}

TEST(FuzzProgress, TheTickerWritesAtMostOneLinePerInterval) {
  std::ostringstream err;
  FuzzProgressTicker ticker(err, 1.0);
  EXPECT_FALSE(ticker.tick(at(0.0, 0)));
  EXPECT_FALSE(ticker.tick(at(0.9, 10)));  // the first line after one interval
  EXPECT_TRUE(ticker.tick(at(1.0, 11)));
  EXPECT_FALSE(ticker.tick(at(1.5, 20)));
  EXPECT_FALSE(ticker.tick(at(1.99, 21)));
  EXPECT_TRUE(ticker.tick(at(2.3, 30)));
  EXPECT_EQ(err.str(),
            "elicit-conform fuzz: 11 inputs, 0 findings, 1/60 s\n"
            "elicit-conform fuzz: 30 inputs, 0 findings, 2/60 s\n");
}

TEST(FuzzProgress, AnIntervalOfZeroWritesNothing) {
  std::ostringstream err;
  FuzzProgressTicker ticker(err, 0);
  for (int s = 0; s < 100; ++s) EXPECT_FALSE(ticker.tick(at(s, s)));
  EXPECT_EQ(err.str(), "");
}

}  // namespace
}  // namespace ec
