// Times as the harness and its reference peers write them: UTC, ISO 8601 to the second
// ("2026-11-29T04:08:59Z"), the form of report provenance, checks.json and the tasks' createdAt.
#pragma once

#include <ctime>
#include <string>

namespace ec {

// `t` in UTC as "YYYY-MM-DDThh:mm:ssZ".
std::string utc_iso8601(std::time_t t);

// Now, the same way.
std::string utc_now();

}  // namespace ec
