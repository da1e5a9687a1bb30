// The yardstick of the fuzz targets' speed (issue 17; `scripts/fuzz.sh --bench`): a libFuzzer
// target whose body is a RapidJSON parse and nothing else, built like the targets (fuzz preset:
// clang, ASan+UBSan, the same coverage instrumentation) and run on each target's corpus with its
// dictionary and flags. A target's executions per second over this one's is its ratio.
#include <cstddef>
#include <cstdint>

#include <rapidjson/document.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  rapidjson::Document d;
  d.Parse(reinterpret_cast<const char*>(data), size);
  return 0;
}
