// `elicit-conform check-schema` and `check-message`: the pure checkers on one input.
// Exit status: 0 conforms (no MUST finding), 1 MUST findings, 2 usage or unreadable input.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>

#include "run/exit_status.h"  // kExitUsage

namespace ec {

inline constexpr int kExitConforms = 0;
inline constexpr int kExitFindings = 1;

struct CheckCommandOptions {
  std::string input;     // FILE or "-"
  std::string revision;  // "" means default_revision()
  bool json = false;
  std::string request;   // check-message: the request a result answers (an
                         // elicitation/create; from 2026-07-28 the client's request)
  std::string retry_of;  // check-message, 2026-07-28 on: the InputRequiredResult a
                         // retried request follows
  std::size_t max_bytes = std::size_t{4} << 20;
  std::size_t max_depth = 64;
  std::string cases_dir;  // its requirements/ folder holds the catalog the rules are quoted from
};

int run_check_schema(const CheckCommandOptions& options, std::ostream& out, std::ostream& err);
int run_check_message(const CheckCommandOptions& options, std::ostream& out, std::ostream& err);

}  // namespace ec
