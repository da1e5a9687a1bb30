#include "core/utc_time.h"

#include <array>
#include <chrono>

namespace ec {

std::string utc_iso8601(std::time_t t) {
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  std::array<char, 32> text{};
  std::strftime(text.data(), text.size(), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text.data();
}

std::string utc_now() {
  return utc_iso8601(std::chrono::system_clock::to_time_t(std::chrono::system_clock::now()));
}

}  // namespace ec
