// The fuzzer's randomness: SplitMix64, written out here rather than std::mt19937 with
// std::uniform_int_distribution, whose results differ between standard libraries. The same seed
// must give the same inputs on every machine of a sharded campaign (docs/fuzzing.md, "Determinism").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace ec {

class FuzzRng {
 public:
  explicit FuzzRng(std::uint64_t seed) : state_(seed) {}

  // The generator of one input: a function of the campaign seed and the input's index only, so
  // input k is the same whatever happened to the inputs before it, and shards never overlap.
  static FuzzRng for_input(std::uint64_t seed, std::uint64_t index, std::string_view purpose) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a over the purpose, so the mutation and
    for (char c : purpose) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;  // the reply differ
    FuzzRng r(seed ^ (index * 0x9E3779B97F4A7C15ULL) ^ h);
    r.next();
    return r;
  }

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // 0 <= result < n (n > 0); the modulo bias is irrelevant for fuzzing.
  std::size_t below(std::size_t n) { return n == 0 ? 0 : static_cast<std::size_t>(next() % n); }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <typename Container>
  const auto& pick(const Container& c) {
    return c[below(std::size(c))];
  }

 private:
  std::uint64_t state_;
};

}  // namespace ec
