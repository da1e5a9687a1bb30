// A MessageChannel over newline-delimited stdio framing: lines from a file descriptor, lines out
// through a writer (a child's stdin, or a socket to the stdio relay).
#pragma once

#include <functional>
#include <string_view>

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
    return writer_(json, deadline) == WriteStatus::Ok;
  }
  ReadResult receive(Deadline deadline) override { return reader_.read(deadline); }

 private:
  LineReader reader_;
  Writer writer_;
};

}  // namespace ec
