#include "transport/memory_channel.h"

#include <utility>

namespace ec {

MemoryChannel::MemoryChannel(std::string script, std::size_t max_line_bytes)
    : script_(std::move(script)), max_line_bytes_(max_line_bytes) {}

bool MemoryChannel::send(const std::string& json, Deadline /*deadline*/) {
  sent_.push_back(json);
  return true;
}

ReadResult MemoryChannel::receive(Deadline /*deadline*/) {
  ReadResult result;
  while (at_ < script_.size()) {
    std::size_t end = script_.find('\n', at_);
    const bool unterminated = end == std::string::npos;
    if (unterminated) end = script_.size();
    std::string_view line(script_.data() + at_, end - at_);
    at_ = end + 1;
    // The framing of line_reader.cpp, so that a script means what the same bytes on a pipe mean.
    if (line.size() > max_line_bytes_) {
      result.status = ReadResult::TooLarge;
      result.bytes_discarded = line.size();
      return result;
    }
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    result.status = ReadResult::Line;
    result.line.assign(line);
    result.unterminated = unterminated;
    delivered_.push_back(result.line);
    return result;
  }
  result.status = ReadResult::Eof;
  return result;
}

}  // namespace ec
