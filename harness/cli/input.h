// Reading a FILE or "-" (stdin) with a byte limit: never more than limit + 1 bytes are held,
// so a 64 MiB input costs 4 MiB of memory and is reported as too large, not slurped.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace ec {

struct InputBytes {
  std::string bytes;  // at most limit + 1 bytes
  bool over_limit = false;
  std::size_t seen = 0;  // bytes read before stopping (limit + 1 when over the limit)
};

struct InputError {
  std::string message;  // "cannot open foo.json: No such file or directory"
};

// Returns the bytes, or an error when the file cannot be read at all.
std::optional<InputBytes> read_input(const std::string& path, std::size_t limit, InputError& error);

}  // namespace ec
