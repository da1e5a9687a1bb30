// The harness's own identity, baked in at build time (version.cmake): the project version and
// the git commit of the sources, for `--version` and the provenance of every report.
#pragma once

#include <string>

namespace ec {

std::string tool_version();      // "0.1.0"
std::string tool_commit();       // 40 hex digits, or "unknown" when built outside git
std::string tool_commit_date();  // that commit's date in UTC, "2026-11-28"; empty when unknown
bool tool_dirty();               // built from a work tree with uncommitted changes to tracked files

}  // namespace ec
