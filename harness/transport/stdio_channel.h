// A MessageChannel over newline-delimited stdio framing: lines from a file descriptor, lines out
// through a writer (a child's stdin, or a socket to the stdio relay).
//
// A write that times out may have cut a message in half, and a closed reader never comes back:
// after either, the channel is broken and every later send() fails at once (with a note saying
// why), instead of waiting out its deadline again. A peer that stops reading costs one timeout,
// not one per message.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "transport/line_writer.h"
#include "transport/message_channel.h"

namespace ec {

class StdioChannel final : public MessageChannel {
 public:
  using Writer = std::function<WriteStatus(std::string_view line, Deadline deadline)>;

  // Does not own `read_fd`.
  StdioChannel(int read_fd, Writer writer, std::size_t max_message_bytes)
      : reader_(read_fd, max_message_bytes), writer_(std::move(writer)) {}

  bool send(const std::string& json, Deadline deadline) override {
    if (broken_) return false;
    const WriteStatus status = writer_(json, deadline);
    if (status == WriteStatus::Timeout || status == WriteStatus::Closed) {
      broken_ = true;
      notes_.push_back(status == WriteStatus::Timeout
                           ? "the SUT did not read a message of ours in time; it may be cut in half, so "
                             "nothing more is written to it"
                           : "the SUT closed its input; nothing more is written to it");
    }
    return status == WriteStatus::Ok;
  }
  ReadResult receive(Deadline deadline) override { return reader_.read(deadline); }
  std::vector<std::string> take_notes() override { return std::exchange(notes_, {}); }

 private:
  LineReader reader_;
  Writer writer_;
  bool broken_ = false;
  std::vector<std::string> notes_;
};

}  // namespace ec
