#include "transport/sse_parser.h"

namespace ec {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

}  // namespace

void SseParser::feed(std::string_view bytes, std::vector<SseItem>& out) {
  if (!bom_done_) {
    // The BOM may arrive a byte at a time: hold the first bytes until they match it or cannot.
    const std::size_t want = kBom.size() - bom_.size();
    bom_.append(bytes.substr(0, want));
    bytes.remove_prefix(std::min(want, bytes.size()));
    if (bom_.size() < kBom.size() && kBom.starts_with(bom_)) return;
    bom_done_ = true;
    const std::string held = bom_ == kBom ? std::string() : std::move(bom_);
    bom_.clear();
    feed(held, out);
  }
  while (!bytes.empty()) {
    if (after_cr_ && bytes.front() == '\n') bytes.remove_prefix(1);  // the LF of a CRLF split across feeds
    after_cr_ = false;
    const std::size_t end = bytes.find_first_of("\r\n");
    take_segment(bytes.substr(0, end));
    if (end == std::string_view::npos) return;
    after_cr_ = bytes[end] == '\r';
    bytes.remove_prefix(end + 1);
    end_line(out);
  }
}

bool SseParser::mid_event() const { return in_event_ || line_length_ > 0 || skipping_; }

void SseParser::take_segment(std::string_view segment) {
  line_length_ += segment.size();
  if (skipping_) {
    skipped_ += segment.size();
    return;
  }
  if (data_.size() + line_.size() + segment.size() > max_event_bytes_) {
    // Too large: keep nothing of this event and skip to its end.
    skipping_ = true;
    skipped_ = data_.size() + line_.size() + segment.size();
    data_.clear();
    data_.shrink_to_fit();
    line_.clear();
    line_.shrink_to_fit();
    return;
  }
  line_.append(segment);
}

void SseParser::end_line(std::vector<SseItem>& out) {
  const bool blank = line_length_ == 0;
  line_length_ = 0;
  if (skipping_) {
    if (!blank) return;
    SseItem item;
    item.kind = SseItem::TooLarge;
    item.discarded_bytes = skipped_;
    out.push_back(std::move(item));
    skipping_ = false;
    skipped_ = 0;
    in_event_ = false;
    has_data_ = false;
    type_.clear();
    retry_.reset();
    return;
  }
  if (blank) return dispatch(out);
  const std::string_view line = line_;
  if (line.front() != ':') {  // a comment otherwise: keep-alives are often sent as ":\n\n"
    in_event_ = true;
    const std::size_t colon = line.find(':');
    std::string_view value;
    if (colon != std::string_view::npos) {
      value = line.substr(colon + 1);
      if (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    }
    field(line.substr(0, colon), value);
  }
  line_.clear();
}

void SseParser::field(std::string_view name, std::string_view value) {
  if (name == "data") {
    if (has_data_) data_ += '\n';
    data_.append(value);
    has_data_ = true;
  } else if (name == "event") {
    type_ = value;
  } else if (name == "id") {
    if (value.find('\0') == std::string_view::npos) last_id_ = value;
  } else if (name == "retry") {
    if (value.empty() || value.size() > 18 || value.find_first_not_of("0123456789") != std::string_view::npos)
      return;
    retry_ = std::stoull(std::string(value));
  }
  // Any other field is ignored, as the standard says.
}

void SseParser::dispatch(std::vector<SseItem>& out) {
  // An event without data lines dispatches nothing, but its fields are spent.
  if (has_data_) {
    SseItem item;
    item.event.type = type_.empty() ? "message" : type_;
    item.event.data = std::move(data_);
    item.event.id = last_id_;
    item.event.retry = retry_;
    out.push_back(std::move(item));
  }
  data_.clear();
  has_data_ = false;
  type_.clear();
  retry_.reset();
  in_event_ = false;
}

std::string format_sse_event(std::string_view data, std::string_view id, std::string_view type) {
  std::string out;
  if (!type.empty()) out.append("event: ").append(type).append("\n");
  if (!id.empty()) out.append("id: ").append(id).append("\n");
  for (;;) {
    const std::size_t end = data.find_first_of("\r\n");
    out.append("data: ").append(data.substr(0, end)).append("\n");
    if (end == std::string_view::npos) break;
    data.remove_prefix(end + (data.substr(end, 2) == "\r\n" ? 2 : 1));
  }
  return out + "\n";
}

}  // namespace ec
