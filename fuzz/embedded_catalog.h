// The requirement catalogs (cases/requirements/<revision>.json) compiled into the fuzz targets
// that need them: a campaign elsewhere (ClusterFuzzLite) has no source tree to read them from.
#pragma once

#include "cases/catalog.h"

namespace ec::fuzz {

// Loaded once; aborts (an invariant of the build) when a compiled-in catalog does not load.
const Catalog& embedded_catalog();

}  // namespace ec::fuzz
