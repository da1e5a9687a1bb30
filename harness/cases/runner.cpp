#include "cases/runner.h"

#include "cases/client_run.h"
#include "cases/server_run.h"

namespace ec {

RunRecord run_case(const Case& c, Revision revision, const RunOptions& options) {
  return c.role == Role::Server ? run_server_case(c, revision, options)
                                : run_client_case(c, revision, options);
}

}  // namespace ec
