// A MessageChannel whose peer is a script held in memory, for unit tests and fuzz targets that
// run the step engine without a process, a socket or a clock to wait on.
//
// What it promises:
//  - receive() never blocks and never looks at its deadline: it hands out the next scripted
//    line at once, framed as stdio's LineReader frames a pipe (one "\r" before the end is
//    dropped; lines that are empty or only blanks are skipped; a line over max_line_bytes is
//    one TooLarge, its bytes not kept), and Eof on every call once the script is exhausted.
//    So a case run against it takes as long as its work, never a timeout: every wait of the
//    step engine ends at Eof;
//  - send() takes every message (a peer that reads all) and records it, in order, for sent().
// One conversation, one thread.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "transport/message_channel.h"

namespace ec {

class MemoryChannel final : public MessageChannel {
 public:
  // `script` is what the peer writes, lines split on "\n" (the last one may lack its newline).
  explicit MemoryChannel(std::string script, std::size_t max_line_bytes = std::size_t{4} << 20);

  bool send(const std::string& json, Deadline deadline) override;
  ReadResult receive(Deadline deadline) override;

  const std::vector<std::string>& sent() const { return sent_; }
  // The lines receive() handed out as Line, in order (without "\n" and the dropped "\r").
  const std::vector<std::string>& delivered() const { return delivered_; }
  bool exhausted() const { return at_ >= script_.size(); }

 private:
  std::string script_;
  std::size_t at_ = 0;  // where the next line starts in script_
  std::size_t max_line_bytes_;
  std::vector<std::string> sent_;
  std::vector<std::string> delivered_;
};

}  // namespace ec
