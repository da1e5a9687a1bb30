// Server-Sent Events (the text/event-stream format of the WHATWG HTML standard, "Server-sent
// events" > "Parsing an event stream"), as Streamable HTTP carries JSON-RPC messages in it.
// Incremental and pure: feed() takes whatever bytes a read() returned, split anywhere (inside a
// CRLF, inside the BOM, inside a field name), and hands back the events completed so far.
//
// What the standard asks and this does: one optional UTF-8 BOM at the start is dropped; lines end
// in CRLF, LF or a lone CR; a line starting with ':' is a comment; "field: value" loses one space
// after the colon, a line without a colon is a field with an empty value; `data` lines join with
// "\n"; `event` sets the type (default "message"); `id` sets the last event id unless it holds a
// NUL and stays for later events; `retry` takes only ASCII digits; a blank line dispatches the
// event unless its data is empty; an unfinished event at the end of the stream is dropped.
//
// What the standard does not say and a SUT is untrusted: an event (its data plus the line being
// read) may not grow past max_event_bytes. Past it, the parser reports TooLarge once, keeps
// nothing of that event, and skips bytes up to the blank line that ends it; later events come
// through normally. Memory stays below max_event_bytes plus the bytes of one feed().
// The bytes are not decoded: a JSON-RPC message in `data` is judged by core/json.h, which names
// invalid UTF-8 instead of replacing it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ec {

struct SseEvent {
  std::string type = "message";
  std::string data;
  std::string id;                           // the last event id when this event was dispatched ("" if none)
  std::optional<unsigned long long> retry;  // a retry field inside this event, in ms
};

struct SseItem {
  enum Kind { Event, TooLarge };
  Kind kind = Event;
  SseEvent event;                   // Event
  std::size_t discarded_bytes = 0;  // TooLarge: bytes of the event thrown away
};

class SseParser {
 public:
  static constexpr std::size_t kDefaultMaxEventBytes = std::size_t{4} << 20;  // as core's ParseLimits

  explicit SseParser(std::size_t max_event_bytes = kDefaultMaxEventBytes)
      : max_event_bytes_(max_event_bytes) {}

  // Appends the events (and TooLarge reports) that `bytes` completes to `out`.
  void feed(std::string_view bytes, std::vector<SseItem>& out);

  // True when bytes of an event that has not been dispatched are buffered (or being skipped):
  // a stream that ends now drops an event in the middle.
  bool mid_event() const;

  const std::string& last_event_id() const { return last_id_; }

 private:
  void take_segment(std::string_view segment);
  void end_line(std::vector<SseItem>& out);
  void field(std::string_view name, std::string_view value);
  void dispatch(std::vector<SseItem>& out);

  std::size_t max_event_bytes_;
  std::string bom_;  // the first bytes, until we know whether they are a BOM
  bool bom_done_ = false;
  bool after_cr_ = false;  // the last byte was a CR: an LF right after it ends nothing
  std::string line_;
  std::size_t line_length_ = 0;  // also counts skipped bytes, so a blank line is seen while skipping
  bool skipping_ = false;
  std::size_t skipped_ = 0;
  bool in_event_ = false;  // a non-blank line was seen since the last dispatch
  std::string data_;
  bool has_data_ = false;
  std::string type_;
  std::optional<unsigned long long> retry_;
  std::string last_id_;
};

// One event that carries `data` (a JSON-RPC message) as the standard frames it: each line of
// `data` becomes its own data line, so a value with newlines comes through intact.
std::string format_sse_event(std::string_view data, std::string_view id = "", std::string_view type = "");

}  // namespace ec
