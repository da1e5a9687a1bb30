// A point in time by which an operation must be done. One deadline passed down through a whole
// exchange (write the request, then read lines until the response) bounds the exchange; separate
// per-call timeouts would add up, and a SUT that trickles one byte at a time could stretch them
// forever.
#pragma once

#include <chrono>
#include <climits>

namespace ec {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Deadline(Clock::time_point at) : at_(at) {}

  // `timeout` from now. Huge timeouts saturate instead of overflowing the clock.
  static Deadline after(std::chrono::milliseconds timeout) {
    const auto now = Clock::now();
    if (timeout <= std::chrono::milliseconds::zero()) return Deadline(now);
    const auto room = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::time_point::max() - now);
    return Deadline(timeout >= room ? Clock::time_point::max() : now + timeout);
  }

  // Already expired: "only what is available right now".
  static Deadline now() { return Deadline(Clock::now()); }

  Clock::time_point at() const { return at_; }
  bool expired() const { return Clock::now() >= at_; }

  // Zero once expired; rounded up, so a wait for `remaining()` never wakes before the deadline.
  std::chrono::milliseconds remaining() const {
    const auto now = Clock::now();
    if (now >= at_) return std::chrono::milliseconds::zero();
    return std::chrono::ceil<std::chrono::milliseconds>(at_ - now);
  }

  // remaining() as poll(2) takes it.
  int poll_timeout() const {
    const auto ms = remaining().count();
    return ms > INT_MAX ? INT_MAX : static_cast<int>(ms);
  }

 private:
  Clock::time_point at_;
};

}  // namespace ec
