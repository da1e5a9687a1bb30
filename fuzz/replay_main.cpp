// A stand-in for libFuzzer's main, so that every fuzz target also builds with g++ (presets
// `default` and `asan`) and ctest replays its corpus on every CI run, no clang needed:
//   fuzz_<target>_replay PATH...
// runs LLVMFuzzerTestOneInput once on every file given and on every regular file inside every
// directory given (not recursive, sorted by name, so a failure is reproducible). A failed
// invariant aborts inside the target; the last "replaying" line names the input. Exit status:
// 0 all replayed, 2 a path that does not exist or cannot be read (a missing corpus must not
// pass silently).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

bool read_file(const fs::path& path, std::vector<std::uint8_t>& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg(argv[i]);
    std::error_code ec;
    if (fs::is_directory(arg, ec)) {
      std::vector<fs::path> files;
      for (const fs::directory_entry& e : fs::directory_iterator(arg, ec)) {
        if (e.is_regular_file()) files.push_back(e.path());
      }
      std::sort(files.begin(), files.end());
      inputs.insert(inputs.end(), files.begin(), files.end());
    } else if (fs::is_regular_file(arg, ec)) {
      inputs.push_back(arg);
    } else {
      std::fprintf(stderr, "replay: %s: no such file or directory\n", argv[i]);
      return 2;
    }
  }
  std::vector<std::uint8_t> bytes;
  for (const fs::path& p : inputs) {
    if (!read_file(p, bytes)) {
      std::fprintf(stderr, "replay: cannot read %s\n", p.c_str());
      return 2;
    }
    // Printed before the run: when an input aborts (or a sanitizer stops the process), the
    // last line says which one it was. ctest shows it only when the test fails.
    std::fprintf(stderr, "replaying %s\n", p.c_str());
    // libFuzzer passes a null pointer for an empty input; an empty vector may have one too.
    LLVMFuzzerTestOneInput(bytes.empty() ? nullptr : bytes.data(), bytes.size());
  }
  std::printf("replay: %zu input(s) ran without a finding\n", inputs.size());
  return 0;
}
