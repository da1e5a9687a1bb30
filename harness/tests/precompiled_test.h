// The precompiled header of the unit test binaries (harness/tests/CMakeLists.txt, EC_PCH): the
// library one and GoogleTest, the heaviest header a test includes.
#pragma once

#include "core/precompiled.h"

#include <gtest/gtest.h>
