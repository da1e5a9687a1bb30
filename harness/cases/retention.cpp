#include "cases/retention.h"

namespace ec {
namespace {

std::string mib(std::size_t bytes) {
  return bytes >= (std::size_t{1} << 20) ? std::to_string(bytes >> 20) + " MiB"
                                         : std::to_string(bytes) + " bytes";
}

bool charge(std::size_t& left, std::size_t cost) {
  if (cost > left) return false;
  left -= cost;
  return true;
}

}  // namespace

bool Retention::keep_message(std::size_t bytes) {
  const std::size_t cost = bytes + kMessageOverhead;
  if (charge(bytes <= kSmallMessage ? small_left_ : large_left_, cost)) return true;
  ++messages_dropped_;
  message_bytes_dropped_ += bytes;
  return false;
}

bool Retention::keep_entry(std::size_t bytes, bool note) {
  if (charge(transcript_left_, bytes) || (note && charge(note_reserve_left_, bytes))) return true;
  ++entries_dropped_;
  entry_bytes_dropped_ += bytes;
  return false;
}

std::string Retention::messages_summary() const {
  if (messages_dropped_ == 0) return "";
  return std::to_string(messages_dropped_) + " SUT message" + (messages_dropped_ == 1 ? "" : "s") + " (" +
         mib(message_bytes_dropped_) + (messages_dropped_ == 1 ? ") was" : ") were") +
         " checked but not kept: the case's memory budget for SUT messages was spent, so no step saw them";
}

std::string Retention::transcript_summary() const {
  if (entries_dropped_ == 0) return "";
  return "the transcript is truncated: " + std::to_string(entries_dropped_) + " further entr" +
         (entries_dropped_ == 1 ? "y" : "ies") + " (" + mib(entry_bytes_dropped_) + ") were not kept";
}

}  // namespace ec
