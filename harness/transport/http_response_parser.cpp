#include "transport/http_response_parser.h"

#include <algorithm>
#include <cctype>

namespace ec {
namespace {

constexpr std::size_t kMaxChunkLine = 1024;  // a chunk-size line with extensions, or a trailer line

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// Printable excerpt of untrusted bytes for an error sentence.
std::string excerpt(std::string_view s) {
  std::string out;
  for (char c : s.substr(0, 60)) out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
  return out + (s.size() > 60 ? "..." : "");
}

}  // namespace

std::optional<std::string> HttpHead::header(std::string_view name) const {
  for (const auto& [n, v] : headers) {
    if (n == name) return v;
  }
  return std::nullopt;
}

std::string HttpHead::media_type() const {
  const std::string type = header("content-type").value_or("");
  return lower(trim(std::string_view(type).substr(0, type.find(';'))));
}

void HttpResponseParser::fail(std::string why) {
  state_ = State::Error;
  error_ = std::move(why);
  buffer_.clear();
}

void HttpResponseParser::feed(std::string_view bytes, std::string& body) {
  while (!bytes.empty() && (state_ == State::Head || state_ == State::Body)) {
    if (state_ == State::Head) {
      // Look for the blank line only in the new bytes (plus the 3 before them).
      const std::size_t old = buffer_.size();
      const std::size_t from = old < 3 ? 0 : old - 3;
      buffer_.append(bytes.substr(0, max_head_bytes_ + 4 - old));
      std::size_t end = buffer_.find("\r\n\r\n", from);
      std::size_t sep = 4;
      if (const std::size_t lf = buffer_.find("\n\n", from); lf != std::string::npos && lf < end) {
        end = lf;  // bare LF line ends: tolerated, as most clients do
        sep = 2;
      }
      if (end == std::string::npos) {
        if (buffer_.size() > max_head_bytes_) {
          return fail("the response head is over " + std::to_string(max_head_bytes_) + " bytes");
        }
        return;
      }
      const std::string head = buffer_.substr(0, end);
      buffer_.clear();
      bytes.remove_prefix(end + sep - old);  // the head's bytes among the new ones
      if (!parse_head(head)) return;
      continue;
    }
    switch (framing_) {
      case Framing::UntilClose: body.append(bytes); return;
      case Framing::Length: {
        const std::size_t take =
            static_cast<std::size_t>(std::min<unsigned long long>(remaining_, bytes.size()));
        body.append(bytes.substr(0, take));
        remaining_ -= take;
        bytes.remove_prefix(take);
        if (remaining_ == 0) state_ = State::Done;
        break;
      }
      case Framing::Chunked: feed_chunked(bytes, body); break;
    }
  }
}

bool HttpResponseParser::parse_head(std::string_view text) {
  const std::size_t eol = text.find('\n');
  const std::string_view status_line = trim(text.substr(0, eol));
  // "HTTP/1.1 200 OK"
  if (!status_line.starts_with("HTTP/1.") || status_line.size() < 12 || status_line[8] != ' ' ||
      !std::isdigit(static_cast<unsigned char>(status_line[9])) ||
      !std::isdigit(static_cast<unsigned char>(status_line[10])) ||
      !std::isdigit(static_cast<unsigned char>(status_line[11]))) {
    fail("not an HTTP/1.x response: \"" + excerpt(status_line) + "\"");
    return false;
  }
  HttpHead head;
  head.status = (status_line[9] - '0') * 100 + (status_line[10] - '0') * 10 + (status_line[11] - '0');
  if (head.status < 100) {
    fail("status " + std::string(status_line.substr(9, 3)) + " is not an HTTP status (100 to 999)");
    return false;
  }
  head.reason = std::string(trim(status_line.substr(12)));
  std::string_view rest = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
  while (!rest.empty()) {
    const std::size_t next = rest.find('\n');
    const std::string_view line = trim(rest.substr(0, next));
    rest = next == std::string_view::npos ? std::string_view() : rest.substr(next + 1);
    if (line.empty()) continue;
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0 ||
        line.substr(0, colon).find_first_of(" \t") != std::string_view::npos) {
      fail("malformed header line \"" + excerpt(line) + "\"");
      return false;
    }
    head.headers.emplace_back(lower(line.substr(0, colon)), std::string(trim(line.substr(colon + 1))));
  }
  if (head.status >= 100 && head.status < 200) return true;  // interim (100 Continue): the real one follows
  head_ = std::move(head);
  state_ = State::Body;
  const std::string te = lower(head_.header("transfer-encoding").value_or(""));
  const std::optional<std::string> length = head_.header("content-length");
  if (head_request_ || head_.status == 204 || head_.status == 304) {
    state_ = State::Done;
  } else if (!te.empty()) {
    if (trim(te.substr(te.rfind(',') == std::string::npos ? 0 : te.rfind(',') + 1)) != "chunked") {
      fail("unsupported Transfer-Encoding \"" + excerpt(te) + "\"");
      return false;
    }
    framing_ = Framing::Chunked;
  } else if (length) {
    if (length->empty() || length->size() > 18 ||
        length->find_first_not_of("0123456789") != std::string::npos) {
      fail("invalid Content-Length \"" + excerpt(*length) + "\"");
      return false;
    }
    framing_ = Framing::Length;
    remaining_ = std::stoull(*length);
    if (remaining_ == 0) state_ = State::Done;
  } else {
    framing_ = Framing::UntilClose;
  }
  return true;
}

void HttpResponseParser::feed_chunked(std::string_view& bytes, std::string& body) {
  while (!bytes.empty() && state_ == State::Body) {
    if (chunk_ == ChunkState::Data) {
      const std::size_t take =
          static_cast<std::size_t>(std::min<unsigned long long>(remaining_, bytes.size()));
      body.append(bytes.substr(0, take));
      remaining_ -= take;
      bytes.remove_prefix(take);
      if (remaining_ == 0) chunk_ = ChunkState::DataEnd;
      continue;
    }
    // Size, DataEnd and Trailer are lines.
    const std::size_t lf = bytes.find('\n');
    buffer_.append(bytes.substr(0, lf));
    if (buffer_.size() > kMaxChunkLine) return fail("a chunk-size or trailer line is over 1 KiB");
    if (lf == std::string_view::npos) {
      bytes = {};
      return;
    }
    bytes.remove_prefix(lf + 1);
    const std::string line(trim(buffer_));
    buffer_.clear();
    if (chunk_ == ChunkState::DataEnd) {
      if (!line.empty()) return fail("chunk data is longer than its chunk size");
      chunk_ = ChunkState::Size;
    } else if (chunk_ == ChunkState::Trailer) {
      if (line.empty()) state_ = State::Done;
    } else {
      const std::string size = line.substr(0, line.find(';'));
      const std::string_view digits = trim(size);
      if (digits.empty() || digits.size() > 15 ||
          digits.find_first_not_of("0123456789abcdefABCDEF") != std::string_view::npos) {
        return fail("invalid chunk size \"" + excerpt(line) + "\"");
      }
      remaining_ = std::stoull(std::string(digits), nullptr, 16);
      chunk_ = remaining_ == 0 ? ChunkState::Trailer : ChunkState::Data;
    }
  }
}

void HttpResponseParser::finish() {
  if (state_ == State::Head) {
    fail(buffer_.empty() ? "the connection closed without a response"
                         : "the connection closed in the middle of the response head");
  } else if (state_ == State::Body) {
    if (framing_ == Framing::UntilClose) {
      state_ = State::Done;
    } else {
      fail(framing_ == Framing::Chunked
               ? "the connection closed in the middle of the chunked body"
               : "the connection closed before Content-Length bytes of body arrived");
    }
  }
}

}  // namespace ec
