// The cost of a requestedSchema `pattern` as the harness meets it: translated from ECMA-262 to
// RE2 syntax and compiled, once per distinct pattern (CompiledPattern::shared caches the result,
// so this is the first time a SUT sends it). Per pattern, for patterns that name a Unicode
// property (\p{L}) 1 to 256 times (the most the translation takes): each name used to cost an
// RE2 compile of its own class (about 0.6 ms for \p{L}); the cost per property is now that of
// reading it (bench/README.md).
#include <benchmark/benchmark.h>

#include <string>

#include "schema/pattern.h"

namespace {

std::string properties(std::int64_t n) {
  std::string out = "^(";
  for (std::int64_t i = 0; i < n; ++i) out += i % 2 == 0 ? R"(\p{L})" : R"(\P{Greek})";
  return out + ")?$";
}

void TranslateProperties(benchmark::State& state) {
  const std::string pattern = properties(state.range(0));
  for (auto _ : state) {
    const ec::PatternTranslation t = ec::translate_pattern(pattern);
    benchmark::DoNotOptimize(t.re2_source.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));  // items: property escapes
}

void CompileLiteral(benchmark::State& state) {  // the yardstick: a pattern with no property
  for (auto _ : state) {
    const ec::CompiledPattern p = ec::CompiledPattern::compile("^[0-9]{5}$");
    benchmark::DoNotOptimize(&p);
  }
}

}  // namespace

BENCHMARK(TranslateProperties)->RangeMultiplier(8)->Range(1, 256)->Unit(benchmark::kMicrosecond);
BENCHMARK(CompileLiteral)->Unit(benchmark::kMicrosecond);
BENCHMARK_MAIN();
