// The progress of a campaign on stderr (issue 34 item 8: `fuzz` shows progress): a line at most
// every `interval` seconds while it runs, never in its report (stdout, summary.json, the cases).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>

namespace ec {

struct FuzzProgress {
  std::uint64_t inputs = 0;  // session inputs run
  std::optional<std::uint64_t> max_inputs;
  std::uint64_t case_inputs = 0;
  std::size_t findings = 0;  // written so far
  double seconds = 0;        // since the campaign began
  double duration_seconds = 0;
  std::string minimising;  // the oracle of the new finding being minimised, or ""
};

// "elicit-conform fuzz: 120/500 inputs, 3 case inputs, 1 finding, 14/60 s, minimising a new finding
// (silence)": the case inputs only once one ran, "/500" only under --max-inputs.
std::string fuzz_progress_line(const FuzzProgress& progress);

// Writes a progress line to `err` when `interval` seconds have passed since the last one (the
// first after `interval`); an interval of 0 or less writes none.
class FuzzProgressTicker {
 public:
  FuzzProgressTicker(std::ostream& err, double interval) : err_(err), interval_(interval) {}
  // True when it wrote a line.
  bool tick(const FuzzProgress& progress);

 private:
  std::ostream& err_;
  double interval_;
  double last_ = 0;
};

}  // namespace ec
