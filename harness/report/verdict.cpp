#include "report/verdict.h"

namespace ec {

std::string_view to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::Pass: return "PASS";
    case Verdict::Fail: return "FAIL";
    case Verdict::Warn: return "WARN";
    case Verdict::Note: return "NOTE";
    case Verdict::Skip: return "SKIP";
    case Verdict::Error: return "ERROR";
  }
  return "?";
}

std::optional<Verdict> parse_verdict(std::string_view text) {
  for (Verdict v : kAllVerdicts) {
    if (to_string(v) == text) return v;
  }
  return std::nullopt;
}

}  // namespace ec
