// Fuzzes the two parsers every byte of a Streamable HTTP server meets: the HTTP/1.1 response
// parser (transport/http_response_parser.h) and the SSE parser (transport/sse_parser.h), with a
// small event limit so the oversized-event path is reached. Input: a response (head and body);
// a NUL byte, if any, marks where the bytes are split into two reads. Invariants beyond
// "no crash":
//  - splitting does not matter: the response fed in two pieces, and one byte at a time, gives
//    the same state, head, body and error as fed whole; the same for the SSE events of the
//    body (or of the whole input when it is not HTTP);
//  - an error has a sentence; a parsed head has a three-digit status and header names in lower
//    case without blanks or colons;
//  - no event's data is over the limit, and a TooLarge report says more than the limit was
//    thrown away;
//  - format_sse_event round-trips: the event it writes for a dispatched event's data parses back
//    to exactly that data (CR-free data only: CR and CRLF become LF by design).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "transport/http_response_parser.h"
#include "transport/sse_parser.h"

namespace {

using ec::fuzz::require;

constexpr std::size_t kEventLimit = 256;

struct HttpRun {
  ec::HttpResponseParser::State state;
  std::string body;
  std::string error;
  std::string head;
};

std::string describe(const ec::HttpHead& h) {
  std::string out = std::to_string(h.status) + " " + h.reason + "\n";
  for (const auto& [n, v] : h.headers) out += n + ": " + v + "\n";
  return out;
}

HttpRun run_http(const std::vector<std::string_view>& pieces) {
  ec::HttpResponseParser p;
  std::string body;
  for (std::string_view piece : pieces) p.feed(piece, body);
  p.finish();
  return {p.state(), body, p.error(),
          p.state() == ec::HttpResponseParser::State::Error ? "" : describe(p.head())};
}

std::string run_sse(const std::vector<std::string_view>& pieces) {
  ec::SseParser p(kEventLimit);
  std::vector<ec::SseItem> items;
  for (std::string_view piece : pieces) p.feed(piece, items);
  std::string out;
  for (const ec::SseItem& i : items) {
    if (i.kind == ec::SseItem::TooLarge) {
      require(i.discarded_bytes > kEventLimit, "a TooLarge event threw away more than the limit");
      out += "<too large>\n";
      continue;
    }
    require(i.event.data.size() <= kEventLimit, "no event's data is over the limit", i.event.data);
    require(!i.event.type.empty(), "a dispatched event has a type");
    out += i.event.type + "|" + i.event.id + "|" + i.event.data + "\n";
    if (i.event.data.find('\r') == std::string::npos) {
      ec::SseParser again;
      std::vector<ec::SseItem> back;
      again.feed(ec::format_sse_event(i.event.data), back);
      require(back.size() == 1 && back[0].kind == ec::SseItem::Event && back[0].event.data == i.event.data,
              "format_sse_event round-trips the data", i.event.data);
    }
  }
  return out + (p.mid_event() ? "<mid-event>" : "");
}

std::vector<std::string_view> bytes_of(std::string_view s) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < s.size(); ++i) out.push_back(s.substr(i, 1));
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = ec::fuzz::as_text(data, size);
  const ec::fuzz::Split split = ec::fuzz::split_at_nul(input);
  const std::string whole = std::string(split.first) + std::string(split.second);

  const HttpRun http = run_http({whole});
  const HttpRun two = run_http({split.first, split.second});
  const HttpRun one_by_one = run_http(bytes_of(whole));
  for (const HttpRun* other : {&two, &one_by_one}) {
    require(other->state == http.state && other->body == http.body && other->error == http.error &&
                other->head == http.head,
            "the HTTP parser does not depend on how the bytes are split", http.error + "\n" + other->error);
  }
  if (http.state == ec::HttpResponseParser::State::Error) {
    require(!http.error.empty(), "an HTTP error has a sentence");
  } else {
    ec::HttpResponseParser p;
    std::string ignored;
    p.feed(whole, ignored);
    const ec::HttpHead& head = p.head();
    if (p.state() != ec::HttpResponseParser::State::Head) {
      require(head.status >= 100 && head.status <= 999, "a parsed status has three digits");
      for (const auto& [name, value] : head.headers) {
        require(!name.empty() && name.find_first_of(" \t:ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos,
                "header names are lower case without blanks or colons", name);
      }
    }
  }

  // The SSE parser gets the body when there is one, else the raw bytes.
  const std::string stream = http.state == ec::HttpResponseParser::State::Error ? whole : http.body;
  const std::size_t cut = split.first.size() < stream.size() ? split.first.size() : stream.size();
  const std::string events = run_sse({stream});
  require(run_sse({std::string_view(stream).substr(0, cut), std::string_view(stream).substr(cut)}) == events,
          "the SSE parser does not depend on where the bytes are split", events);
  require(run_sse(bytes_of(stream)) == events, "the SSE parser gives the same events one byte at a time",
          events);
  return 0;
}
