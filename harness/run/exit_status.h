// The exit statuses every command of elicit-conform shares (docs/cli.md). A run's 1 (failures)
// comes from judge() (report/baseline.h), its 130 from an interrupt (report/run_outcome.h).
#pragma once

namespace ec {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUsage = 2;    // usage or configuration error, found before anything runs
inline constexpr int kExitHarness = 3;  // the harness itself failed

}  // namespace ec
