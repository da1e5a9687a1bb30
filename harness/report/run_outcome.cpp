#include "report/run_outcome.h"

#include <map>

namespace ec {
namespace {

std::string count_of(std::size_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::size_t in(const std::map<Verdict, std::size_t>& counts, Verdict v) {
  const auto it = counts.find(v);
  return it == counts.end() ? 0 : it->second;
}

// "2 FAIL, both expected", "1 FAIL, expected", "3 FAIL, all expected"; beside unexpected ones of
// the same verdict, "2 FAIL expected".
std::string expected_part(std::size_t n, std::string_view verdict, bool beside_unexpected) {
  const std::string head = std::to_string(n) + " " + std::string(verdict);
  if (beside_unexpected) return head + " expected";
  return head + (n == 1 ? ", expected" : n == 2 ? ", both expected" : ", all expected");
}

// One reason per line of `lines`, `prefix` first, at most kMaxListed of them, then one that says
// how many more (a SUT that cannot start makes every run an ERROR: the banner stays short).
constexpr std::size_t kMaxListed = 5;
void listed(std::vector<std::string>& reasons, const std::string& prefix,
            const std::vector<std::string>& lines, const std::string& more) {
  for (std::size_t i = 0; i < lines.size() && i < kMaxListed; ++i) reasons.push_back(prefix + lines[i]);
  if (lines.size() > kMaxListed)
    reasons.push_back("... and " + std::to_string(lines.size() - kMaxListed) + " more " + more);
}

}  // namespace

RunOutcome run_outcome(const Judgement& j, const std::vector<CaseResult>& results, bool strict,
                       bool interrupted) {
  RunOutcome o;
  o.nothing_tested = j.exit_code == 0 && tested_count(results) == 0;
  o.exit_code = interrupted ? kExitInterrupted : o.nothing_tested ? 1 : j.exit_code;

  std::map<Verdict, std::size_t> counts;
  for (const CaseResult& r : results) ++counts[r.verdict];
  const std::size_t unexpected_fail = in(j.unexpected_by_verdict, Verdict::Fail);
  const std::size_t unexpected_warn = in(j.unexpected_by_verdict, Verdict::Warn);
  const std::size_t expected_fail = in(j.expected_by_verdict, Verdict::Fail);
  const std::size_t expected_error = in(j.expected_by_verdict, Verdict::Error);
  const std::size_t expected_warn = in(j.expected_by_verdict, Verdict::Warn);

  std::vector<std::string> parts;
  if (interrupted) parts.emplace_back("interrupted");
  if (unexpected_fail > 0) parts.push_back(std::to_string(unexpected_fail) + " FAIL (unexpected)");
  if (unexpected_warn > 0) parts.push_back(std::to_string(unexpected_warn) + " WARN (unexpected, --strict)");
  if (expected_fail > 0) parts.push_back(expected_part(expected_fail, "FAIL", unexpected_fail > 0));
  if (!j.errors.empty()) parts.push_back(std::to_string(j.errors.size()) + " ERROR (unexpected)");
  if (expected_error > 0) parts.push_back(expected_part(expected_error, "ERROR", !j.errors.empty()));
  if (!j.stale.empty()) parts.push_back(count_of(j.stale.size(), "stale entry", "stale entries"));
  if (!j.unknown.empty()) parts.push_back(count_of(j.unknown.size(), "unknown entry", "unknown entries"));
  if (o.nothing_tested) parts.emplace_back("no run tested its rule");
  if (parts.empty()) parts.push_back(count_of(results.size(), "run", "runs") + ", no failure");
  for (const std::string& p : parts) o.headline += (o.headline.empty() ? "" : ", ") + p;
  o.headline += ": exit " + std::to_string(o.exit_code);

  // What decides the exit, in the order it is decided.
  if (interrupted)
    o.reasons.emplace_back(
        "Interrupted (SIGINT, SIGTERM or SIGHUP): exit 130 whatever the finished runs "
        "found; only they are reported.");
  if (o.nothing_tested)
    o.reasons.emplace_back(
        "No run tested its rule (every run was skipped or not testable): not a pass, "
        "exit 1.");
  listed(o.reasons, "Unexpected failure (exit 1): ", j.unexpected, "unexpected failures (listed below)");
  if (strict) o.reasons.emplace_back("WARN counts as failure (--strict).");
  listed(o.reasons, "Stale expected-failures entry (exit 1): ", j.stale, "stale entries");
  listed(o.reasons, "Unknown expected-failures entry (exit 1): ", j.unknown, "unknown entries");
  listed(o.reasons, "ERROR not in the expected-failures file (exit 3 when nothing fails the run): ", j.errors,
         "ERROR runs (listed below)");
  // What does not change it.
  if (const std::size_t n = j.expected.size(); n > 0)
    o.reasons.push_back(count_of(n, "run fails", "runs fail") +
                        " as the expected-failures file says: not a failure of the run.");
  const std::size_t warn = in(counts, Verdict::Warn) - expected_warn - unexpected_warn;
  if (!strict && warn > 0)
    o.reasons.push_back(count_of(warn, "WARN does", "WARN do") +
                        " not fail the run (a SHOULD not met; --strict would make it fail).");
  if (const std::size_t n = in(counts, Verdict::Note); n > 0)
    o.reasons.push_back(count_of(n, "NOTE", "NOTE") + ": never a failure, not even under --strict.");
  if (const std::size_t n = in(counts, Verdict::Skip); n > 0)
    o.reasons.push_back(count_of(n, "SKIP", "SKIP") + ": not run, not a failure.");
  return o;
}

}  // namespace ec
