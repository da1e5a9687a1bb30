// Force-included before every translation unit that uses RapidJSON (CMakeLists.txt, target
// ec_rapidjson): RapidJSON checks its preconditions (HasMember on an array, GetString on a number,
// operator[] of a missing member) with RAPIDJSON_ASSERT, which defaults to assert() and so does
// nothing under -DNDEBUG. Unchecked, such a call on a SUT's message reads garbage from RapidJSON's
// pool (a bare `2` line crashed the release harness). Here the check aborts in every build, with
// the expression and the place: a type error is a harness bug that tests and fuzzing must see,
// never a wrong verdict. SUT JSON is read through find_member() and has_member() (core/json.h).
#pragma once

#include <cstdio>
#include <cstdlib>

namespace ec::detail {
[[noreturn]] inline void rapidjson_assert_failed(const char* expression, const char* file, int line) {
  std::fprintf(stderr, "elicit-conform: internal error: RapidJSON precondition `%s` failed at %s:%d\n",
               expression, file, line);
  std::abort();
}
}  // namespace ec::detail

#define RAPIDJSON_ASSERT(x)                    \
  (static_cast<bool>(x) ? static_cast<void>(0) \
                        : ::ec::detail::rapidjson_assert_failed(#x, __FILE__, __LINE__))
