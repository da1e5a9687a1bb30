#include "transport/head_tail_buffer.h"

#include <algorithm>

namespace ec {

HeadTailBuffer::HeadTailBuffer(std::size_t limit) : head_limit_(limit / 2), tail_limit_(limit - limit / 2) {}

void HeadTailBuffer::append(std::string_view bytes) {
  total_ += bytes.size();
  const std::size_t to_head = std::min(bytes.size(), head_limit_ - head_.size());
  head_.append(bytes.substr(0, to_head));
  bytes.remove_prefix(to_head);
  if (bytes.empty()) return;
  if (bytes.size() >= tail_limit_) {
    tail_.assign(bytes.substr(bytes.size() - tail_limit_));
    return;
  }
  tail_.append(bytes);
  if (tail_.size() > 2 * tail_limit_) tail_.erase(0, tail_.size() - tail_limit_);
}

std::size_t HeadTailBuffer::dropped() const {
  return total_ - head_.size() - std::min(tail_.size(), tail_limit_);
}

std::string HeadTailBuffer::text() const {
  const std::size_t kept_tail = std::min(tail_.size(), tail_limit_);
  const std::string_view tail = std::string_view(tail_).substr(tail_.size() - kept_tail);
  const std::size_t gap = dropped();
  std::string out;
  out.reserve(head_.size() + kept_tail + 80);
  out += head_;
  if (gap > 0) {
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += "[elicit-conform: " + std::to_string(gap) + " bytes dropped here; kept the first " +
           std::to_string(head_.size()) + " and the last " + std::to_string(kept_tail) + "]\n";
  }
  out += tail;
  return out;
}

}  // namespace ec
