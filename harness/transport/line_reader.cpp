#include "transport/line_reader.h"

#include <cerrno>
#include <string_view>

#include <poll.h>
#include <unistd.h>

namespace ec {
namespace {

constexpr std::size_t kChunkBytes = std::size_t{64} << 10;

bool is_blank_line(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

ReadResult status_only(ReadResult::Status status, int error_number = 0) {
  ReadResult result;
  result.status = status;
  result.error_number = error_number;
  return result;
}

ReadResult line_result(std::string_view line, bool unterminated) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  ReadResult result;
  result.status = ReadResult::Line;
  result.line.assign(line);
  result.unterminated = unterminated;
  return result;
}

}  // namespace

LineReader::LineReader(int fd, std::size_t max_line_bytes)
    : fd_(fd), max_line_bytes_(max_line_bytes), chunk_(new char[kChunkBytes]) {}

std::optional<ReadResult> LineReader::take_buffered() {
  for (;;) {
    const std::size_t newline = buffer_.find('\n', scanned_);
    if (newline == std::string::npos) {
      scanned_ = buffer_.size();
      const std::size_t partial = buffer_.size() - head_;
      if (partial <= max_line_bytes_) return std::nullopt;
      // Past the limit with no end in sight: report now rather than when (if ever) the newline
      // comes, and stop keeping the bytes.
      total_discarded_ += partial;
      std::string().swap(buffer_);
      head_ = scanned_ = 0;
      discarding_ = true;
      ReadResult result = status_only(ReadResult::TooLarge);
      result.bytes_discarded = partial;
      return result;
    }
    const std::size_t length = newline - head_;
    const std::string_view line(buffer_.data() + head_, length);
    head_ = scanned_ = newline + 1;
    if (length > max_line_bytes_) {
      total_discarded_ += length + 1;
      ReadResult result = status_only(ReadResult::TooLarge);
      result.bytes_discarded = length;
      return result;
    }
    if (is_blank_line(line)) continue;
    return line_result(line, false);
  }
}

std::optional<ReadResult> LineReader::take_at_eof() {
  discarding_ = false;
  if (head_ == buffer_.size()) return std::nullopt;
  const std::string rest = buffer_.substr(head_);
  buffer_.clear();
  head_ = scanned_ = 0;
  if (is_blank_line(rest)) return std::nullopt;
  return line_result(rest, true);
}

void LineReader::discard(const char* data, std::size_t size) {
  const std::string_view bytes(data, size);
  const std::size_t newline = bytes.find('\n');
  if (newline == std::string_view::npos) {
    total_discarded_ += size;
    return;
  }
  total_discarded_ += newline + 1;
  discarding_ = false;
  buffer_.append(bytes.substr(newline + 1));
}

ReadResult LineReader::read(Deadline deadline) {
  for (;;) {
    if (!discarding_) {
      if (auto result = take_buffered()) return std::move(*result);
    }
    if (eof_) {
      if (auto result = take_at_eof()) return std::move(*result);
      return status_only(ReadResult::Eof);
    }
    // Once the deadline has passed, one last look at what is already there, then stop: a peer
    // that sends without pause must not keep read() busy past its deadline.
    const bool last_look = deadline.expired();
    pollfd p{fd_, POLLIN, 0};
    const int ready = poll(&p, 1, last_look ? 0 : deadline.poll_timeout());
    if (ready < 0) {
      if (errno == EINTR) continue;
      return status_only(ReadResult::Error, errno);
    }
    if (ready == 0) return status_only(ReadResult::Timeout);
    if ((p.revents & POLLNVAL) != 0) return status_only(ReadResult::Error, EBADF);

    const ssize_t n = ::read(fd_, chunk_.get(), kChunkBytes);
    if (n < 0) {
      if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
        return status_only(ReadResult::Error, errno);
      }
    } else if (n == 0) {
      eof_ = true;
    } else if (discarding_) {
      discard(chunk_.get(), static_cast<std::size_t>(n));
    } else {
      if (head_ > 0) {  // one move per read, not one per line taken
        buffer_.erase(0, head_);
        scanned_ -= head_;
        head_ = 0;
      }
      buffer_.append(chunk_.get(), static_cast<std::size_t>(n));
    }
    if (last_look && !eof_) {
      if (!discarding_) {
        if (auto result = take_buffered()) return std::move(*result);
      }
      return status_only(ReadResult::Timeout);
    }
  }
}

}  // namespace ec
