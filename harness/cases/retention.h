// What one case keeps of what its SUT sends, within byte budgets, whatever the SUT does. A SUT
// may send gigabytes in a case (4 MiB messages as fast as they are read); a case keeps:
//  - messages (parsed, for the steps and the whole-transcript checks) within two budgets of
//    half of `message_budget` each: one for messages of up to kSmallMessage bytes, one for
//    larger ones, so that a flood of large messages does not crowd out the small response a
//    step waits for. Each message is charged its size plus a fixed overhead (its parsed form,
//    the bookkeeping). A message that does not fit is checked (findings) but not kept;
//  - transcript entries within `transcript_budget` bytes; notes of the harness (timeouts, exits,
//    what was not kept) have a reserve of kNoteReserve bytes beyond it.
// The summaries say what was not kept, for a transcript note and a failure reason.
#pragma once

#include <cstddef>
#include <string>

namespace ec {

class Retention {
 public:
  static constexpr std::size_t kSmallMessage = std::size_t{64} << 10;
  static constexpr std::size_t kMessageOverhead = 1024;
  static constexpr std::size_t kNoteReserve = std::size_t{256} << 10;

  Retention(std::size_t message_budget, std::size_t transcript_budget)
      : small_left_(message_budget / 2),
        large_left_(message_budget / 2),
        transcript_left_(transcript_budget) {}

  // Whether a message of `bytes` is kept; charged to its budget if so, counted if not.
  bool keep_message(std::size_t bytes);
  // Whether a transcript entry of `bytes` is kept; `note`: the harness's own remark.
  bool keep_entry(std::size_t bytes, bool note);

  std::size_t messages_not_kept() const { return messages_dropped_; }
  // "" when every message was kept; else a sentence: how many, how many bytes, why.
  std::string messages_summary() const;
  // "" when every transcript entry was kept; else a sentence.
  std::string transcript_summary() const;

 private:
  std::size_t small_left_;
  std::size_t large_left_;
  std::size_t transcript_left_;
  std::size_t note_reserve_left_ = kNoteReserve;
  std::size_t messages_dropped_ = 0;
  std::size_t message_bytes_dropped_ = 0;
  std::size_t entries_dropped_ = 0;
  std::size_t entry_bytes_dropped_ = 0;
};

}  // namespace ec
