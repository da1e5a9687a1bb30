// Keeps a bounded record of an unbounded byte stream (a SUT's stderr): the first half of the
// limit and the last half. The start of a log usually says what the program is and how it was
// configured, the end says why it failed; the middle of a 50 MB flood is what can go. Where
// bytes were dropped, text() puts a marker line that says how many.
//
// Not thread-safe; ChildProcess guards it with a mutex.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ec {

class HeadTailBuffer {
 public:
  explicit HeadTailBuffer(std::size_t limit = std::size_t{1} << 20);

  void append(std::string_view bytes);

  // The kept bytes in order, with a marker line where bytes were dropped. At most
  // limit + the marker's length.
  std::string text() const;

  std::size_t total() const { return total_; }  // bytes ever appended
  std::size_t dropped() const;                  // bytes not in text()

 private:
  std::size_t head_limit_;
  std::size_t tail_limit_;
  std::string head_;
  // The tail grows to twice its limit before the oldest bytes are cut, so cutting (a memmove)
  // happens once per tail_limit_ bytes appended instead of on every append.
  std::string tail_;
  std::size_t total_ = 0;
};

}  // namespace ec
