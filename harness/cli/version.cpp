#include "cli/version.h"

#include "ec_version.h"  // generated into the build tree by version.cmake

namespace ec {

std::string tool_version() { return EC_VERSION; }
std::string tool_commit() { return EC_COMMIT; }
std::string tool_commit_date() { return EC_COMMIT_DATE; }
bool tool_dirty() { return EC_DIRTY != 0; }

}  // namespace ec
