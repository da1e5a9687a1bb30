// The verdict of one case (docs/reports.md, "Verdicts"):
//   PASS   every check held
//   FAIL   a MUST-level check failed
//   WARN   only SHOULD-level checks failed
//   NOTE   a robustness case (Case::robustness) saw the SUT take input the schema forbids where no
//          spec sentence tells it to refuse, or a MAY case saw the SUT not take up what the spec
//          permits; reported, never a failure, not even under --strict
//   SKIP   not applicable (revision, transport, a tool the SUT lacks), with the reason
//   ERROR  the harness could not run the case; never used to hide a SUT fault
#pragma once

#include <optional>
#include <string_view>

namespace ec {

enum class Verdict { Pass, Fail, Warn, Note, Skip, Error };

// Every verdict, in the order reports list their counts.
inline constexpr Verdict kAllVerdicts[] = {Verdict::Pass, Verdict::Fail, Verdict::Warn,
                                           Verdict::Note, Verdict::Skip, Verdict::Error};

std::string_view to_string(Verdict verdict);

// What every report says beside a NOTE, so no reader takes it for a requirement: a robustness
// case, or a MAY the SUT did not take up (a MAY is a permission: never WARN, never FAIL).
inline constexpr std::string_view kNoteMeaning =
    "NOTE (robustness, not a requirement): the SUT took input the schema forbids, and no spec sentence "
    "says it must refuse it";
inline constexpr std::string_view kNoteMayMeaning =
    "NOTE (a MAY, not a requirement): the SUT did not do what the spec permits; nothing obliges it to";
std::optional<Verdict> parse_verdict(std::string_view text);

}  // namespace ec
