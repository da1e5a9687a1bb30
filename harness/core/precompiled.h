// The precompiled header of every library and test binary (CMakeLists.txt, EC_PCH): the standard
// headers most sources include and RapidJSON, parsed once per build instead of once per source.
// It only speeds the build up: every source still includes what it uses, and a build with
// -DEC_PCH=OFF must compile the same. rapidjson_assert.h comes first, as the -include flag of
// ec_rapidjson puts it before RapidJSON in a build without this header.
#pragma once

#include "core/rapidjson_assert.h"

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidjson/document.h>
