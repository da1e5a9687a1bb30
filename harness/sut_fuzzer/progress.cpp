#include "sut_fuzzer/progress.h"

#include <cstdio>
#include <ostream>

namespace ec {

std::string fuzz_progress_line(const FuzzProgress& p) {
  std::string line = "elicit-conform fuzz: " + std::to_string(p.inputs);
  if (p.max_inputs) line += "/" + std::to_string(*p.max_inputs);
  line += " inputs";
  if (p.case_inputs > 0) line += ", " + std::to_string(p.case_inputs) + " case inputs";
  line += ", " + std::to_string(p.findings) + (p.findings == 1 ? " finding" : " findings");
  char time[64];
  std::snprintf(time, sizeof time, ", %.0f/%g s", p.seconds, p.duration_seconds);
  line += time;
  if (!p.minimising.empty()) line += ", minimising a new finding (" + p.minimising + ")";
  return line;
}

bool FuzzProgressTicker::tick(const FuzzProgress& progress) {
  if (interval_ <= 0 || progress.seconds - last_ < interval_) return false;
  last_ = progress.seconds;
  err_ << fuzz_progress_line(progress) << '\n' << std::flush;
  return true;
}

}  // namespace ec
