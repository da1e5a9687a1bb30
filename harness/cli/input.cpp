#include "cli/input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace ec {

std::optional<InputBytes> read_input(const std::string& path, std::size_t limit, InputError& error) {
  std::FILE* file = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    error.message = "cannot open " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  InputBytes out;
  char buffer[65536];
  while (out.bytes.size() <= limit) {
    const std::size_t want = std::min(sizeof buffer, limit + 1 - out.bytes.size());
    const std::size_t got = std::fread(buffer, 1, want, file);
    out.bytes.append(buffer, got);
    if (got < want) break;
  }
  const bool failed = std::ferror(file) != 0;
  const int saved = errno;
  if (file != stdin) std::fclose(file);
  if (failed) {
    error.message = "cannot read " + path + ": " + std::strerror(saved);
    return std::nullopt;
  }
  out.seen = out.bytes.size();
  out.over_limit = out.bytes.size() > limit;
  return out;
}

}  // namespace ec
