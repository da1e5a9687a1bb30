// The verdict of one case (README.md, "Verdicts and exit codes"):
//   PASS   every check held
//   FAIL   a MUST-level check failed
//   WARN   only SHOULD-level checks failed
//   SKIP   not applicable (revision, transport, a tool the SUT lacks), with the reason
//   ERROR  the harness could not run the case; never used to hide a SUT fault
#pragma once

#include <optional>
#include <string_view>

namespace ec {

enum class Verdict { Pass, Fail, Warn, Skip, Error };

std::string_view to_string(Verdict verdict);
std::optional<Verdict> parse_verdict(std::string_view text);

}  // namespace ec
