#include "transport/http_client_channel.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

#include "core/json.h"
#include "core/utf8.h"
#include "spec/modern.h"
#include "transport/line_writer.h"

namespace ec {
namespace {

constexpr std::size_t kReadChunk = std::size_t{64} * 1024;
constexpr std::size_t kErrorBodyKept = 300;

std::string printable_excerpt(std::string_view s, std::size_t limit = 160) {
  std::string out;
  for (char c : s.substr(0, limit)) {
    out += c == '\n' || c == '\r' || c == '\t' ? ' ' : std::isprint(static_cast<unsigned char>(c)) ? c : '?';
  }
  return out + (s.size() > limit ? "..." : "");
}

// A non-blocking TCP connection to the URL's loopback address, made by `deadline`.
int connect_loopback(const LoopbackUrl& url, Deadline deadline, std::string& error) {
  const int fd = ::socket(url.ipv6 ? AF_INET6 : AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    error = std::string("socket: ") + std::strerror(errno);
    return -1;
  }
  sockaddr_in v4{};
  sockaddr_in6 v6{};
  sockaddr* addr = nullptr;
  socklen_t len = 0;
  if (url.ipv6) {
    v6.sin6_family = AF_INET6;
    v6.sin6_addr = in6addr_loopback;
    v6.sin6_port = htons(static_cast<uint16_t>(url.port));
    addr = reinterpret_cast<sockaddr*>(&v6);
    len = sizeof v6;
  } else {
    v4.sin_family = AF_INET;
    v4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // "localhost" too: never a name lookup
    v4.sin_port = htons(static_cast<uint16_t>(url.port));
    addr = reinterpret_cast<sockaddr*>(&v4);
    len = sizeof v4;
  }
  int rc = ::connect(fd, addr, len);
  if (rc != 0 && errno == EINPROGRESS) {
    pollfd p{fd, POLLOUT, 0};
    do {
      rc = ::poll(&p, 1, deadline.poll_timeout());
    } while (rc < 0 && errno == EINTR);
    int so_error = ETIMEDOUT;
    socklen_t so_len = sizeof so_error;
    if (rc > 0) ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &so_error, &so_len);
    rc = so_error == 0 ? 0 : -1;
    errno = so_error;
  }
  if (rc != 0) {
    error = "cannot connect to " + url.text() + ": " + std::strerror(errno);
    ::close(fd);
    return -1;
  }
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  return fd;
}

// Session ids go back into our request heads: only visible ASCII may (the spec's own rule), so
// a hostile id cannot inject header lines.
bool visible_ascii(std::string_view s) {
  for (char c : s) {
    if (c < 0x21 || c > 0x7E) return false;
  }
  return !s.empty();
}

// RFC 4648 base64, for the Mcp-Name sentinel encoding.
std::string base64(std::string_view in) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(in[i]) << 16) |
                       (static_cast<unsigned char>(in[i + 1]) << 8) | static_cast<unsigned char>(in[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6) out += kAlphabet[(v >> shift) & 63];
  }
  if (const std::size_t rest = in.size() - i; rest > 0) {
    unsigned v = static_cast<unsigned char>(in[i]) << 16;
    if (rest == 2) v |= static_cast<unsigned char>(in[i + 1]) << 8;
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += rest == 2 ? kAlphabet[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

// A header value as 2026-07-28's "Value Encoding" says: as it is when it is visible ASCII and
// spaces without leading or trailing whitespace and not itself of the sentinel's shape, else
// "=?base64?...?=". Never a CR or LF in our request head, whatever the message holds.
std::string header_value(std::string_view v) {
  bool plain =
      !v.empty() && v.front() != ' ' && v.back() != ' ' && !(v.starts_with("=?base64?") && v.ends_with("?="));
  for (char c : v) plain = plain && (c == ' ' || (c >= 0x21 && c <= 0x7E));
  return plain ? std::string(v) : "=?base64?" + base64(v) + "?=";
}

}  // namespace

struct HttpClientChannel::Stream {
  enum class Kind { Post, Get, Delete };
  enum class Body { Unknown, Sse, Json, Ignore, ErrorText };
  Kind kind = Kind::Post;
  int fd = -1;
  std::string what;        // for notes: "POST of request 3 (tools/call)"
  std::string request_id;  // JSON text of the id of the request this POST carried; "" if none
  HttpResponseParser http;
  bool head_seen = false;
  Body body = Body::Unknown;
  std::string buffer;  // a JSON body, or the start of an error page
  bool too_large = false;
  SseParser sse;
  bool primed = false;  // an event with empty data (SEP-1699 priming) was seen and noted
  bool finished = false;
  bool modern = false;  // a POST of the 2026-07-28 wire: an HTTP error may carry the JSON-RPC answer

  explicit Stream(std::size_t max_message_bytes) : sse(max_message_bytes) {}
  ~Stream() {
    if (fd >= 0) ::close(fd);
  }
};

HttpClientChannel::HttpClientChannel(LoopbackUrl url, std::size_t max_message_bytes, bool open_get_stream)
    : url_(std::move(url)), max_message_bytes_(max_message_bytes), open_get_stream_(open_get_stream) {}

HttpClientChannel::~HttpClientChannel() = default;

std::vector<std::string> HttpClientChannel::take_notes() { return std::exchange(notes_, {}); }

std::unique_ptr<HttpClientChannel::Stream> HttpClientChannel::open(const std::string& method,
                                                                   const std::string& body,
                                                                   const std::string& what, Deadline deadline,
                                                                   const std::string& extra_headers) {
  std::string head = method + " " + url_.target + " HTTP/1.1\r\nHost: " + url_.host + ":" +
                     std::to_string(url_.port) + "\r\nUser-Agent: elicit-conform\r\nConnection: close\r\n";
  if (method == "POST") {
    head +=
        "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: " +
        std::to_string(body.size()) + "\r\n";
  } else if (method == "GET") {
    head += "Accept: text/event-stream\r\n";
  }
  if (!session_id_.empty()) head += "Mcp-Session-Id: " + session_id_ + "\r\n";
  if (!extra_headers.empty()) {
    head += extra_headers;  // a modern POST's request metadata, in place of the session's version
  } else if (!protocol_version_.empty()) {
    head += "MCP-Protocol-Version: " + protocol_version_ + "\r\n";
  }
  std::string error;
  auto s = std::make_unique<Stream>(max_message_bytes_);
  s->what = what;
  s->kind = method == "POST"  ? Stream::Kind::Post
            : method == "GET" ? Stream::Kind::Get
                              : Stream::Kind::Delete;
  s->fd = connect_loopback(url_, deadline, error);
  if (s->fd < 0) {
    note(what + ": " + error);
    return nullptr;
  }
  const WriteStatus w = write_all(s->fd, head + "\r\n" + body, deadline);
  if (w != WriteStatus::Ok) {
    note(what + ": sending it failed (" + std::string(to_string(w)) + ")");
    return nullptr;
  }
  return s;
}

bool HttpClientChannel::send(const std::string& json, Deadline deadline) {
  if (closed_) return false;
  ParsedJson parsed = parse_json(json);
  const rapidjson::Value* method =
      parsed.ok() && parsed.document.IsObject() ? find_member(parsed.document, "method") : nullptr;
  const rapidjson::Value* id =
      parsed.ok() && parsed.document.IsObject() ? find_member(parsed.document, "id") : nullptr;
  const std::string name = method && method->IsString() ? method->GetString() : "";
  std::string what, request_id;
  if (method && id) {
    request_id = to_json(*id);
    what = "POST of request " + request_id + " (" + name + ")";
    if (name == "initialize") init_request_id_ = request_id;
  } else if (method) {
    what = "POST of notification " + name;
  } else {
    what = "POST of the response to " + (id ? to_json(*id) : std::string("?"));
  }
  // The modern wire (2026-07-28): a message whose params._meta names its protocol version carries
  // the request metadata headers ("Request Metadata": MCP-Protocol-Version equal to that version,
  // Mcp-Method, Mcp-Name for tools/call, resources/read, prompts/get); there is no session. A
  // message whose _meta leaves the version out is sent so too when a header value is imposed (a
  // case's http_version_header): the server sees the header without the field it mirrors.
  std::string extra;
  const rapidjson::Value* params =
      parsed.ok() && parsed.document.IsObject() ? find_member(parsed.document, "params") : nullptr;
  const rapidjson::Value* meta = params && params->IsObject() ? find_member(*params, "_meta") : nullptr;
  const rapidjson::Value* version =
      meta && meta->IsObject() ? find_member(*meta, kMetaProtocolVersion) : nullptr;
  const bool modern =
      method && name != "initialize" &&
      (version || (meta && meta->IsObject() && version_override_ && !version_override_->empty()));
  if (modern) {
    const std::string v = !version ? std::string()
                          : version->IsString()
                              ? std::string(version->GetString(), version->GetStringLength())
                              : to_json(*version);
    const std::string sent = version_override_.value_or(v);
    if (!sent.empty()) extra = "MCP-Protocol-Version: " + header_value(sent) + "\r\n";
    extra += "Mcp-Method: " + header_value(name) + "\r\n";
    const char* source = name == "resources/read" ? "uri" : "name";
    const rapidjson::Value* named = name == "tools/call" || name == "prompts/get" || name == "resources/read"
                                        ? find_member(*params, source)
                                        : nullptr;
    if (named && named->IsString())
      extra += "Mcp-Name: " + header_value(std::string_view(named->GetString(), named->GetStringLength())) +
               "\r\n";
  }
  auto s = open("POST", json, what, deadline, extra);
  if (!s) return false;
  s->request_id = request_id;
  s->modern = modern;
  Stream& posted = *s;
  streams_.push_back(std::move(s));
  if (request_id.empty()) {
    // A notification or response is done when the server accepted it (202): waiting for that,
    // as SDK clients do, keeps our messages in order (initialized before the next request)
    // across what are separate connections.
    std::string chunk(4096, '\0');
    while (!posted.head_seen && !posted.finished && !deadline.expired()) {
      pollfd p{posted.fd, POLLIN, 0};
      if (::poll(&p, 1, deadline.poll_timeout()) <= 0) continue;
      const ssize_t n = ::recv(posted.fd, chunk.data(), chunk.size(), 0);
      if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
      if (n > 0) {
        on_bytes(posted, std::string_view(chunk.data(), static_cast<std::size_t>(n)));
      } else {
        posted.http.finish();
        on_bytes(posted, {});
        if (!posted.finished) on_end(posted);
      }
    }
    std::erase_if(streams_, [](const std::unique_ptr<Stream>& st) { return st->finished; });
  }
  if (name == "notifications/initialized" && open_get_stream_ && !get_opened_) {
    get_opened_ = true;
    if (auto g = open("GET", "", "GET stream", deadline)) streams_.push_back(std::move(g));
  }
  return true;
}

ReadResult HttpClientChannel::receive(Deadline deadline) {
  for (;;) {
    if (!ready_.empty()) {
      ReadResult r = std::move(ready_.front());
      ready_.pop_front();
      return r;
    }
    if (deadline.expired() || closed_) return ReadResult{};  // Timeout
    pump(deadline);
  }
}

void HttpClientChannel::pump(Deadline deadline) {
  std::vector<pollfd> fds;
  for (const auto& s : streams_) fds.push_back({s->fd, POLLIN, 0});
  // With no stream open nothing can arrive before the deadline: this sleeps.
  const int rc = ::poll(fds.empty() ? nullptr : fds.data(), fds.size(), deadline.poll_timeout());
  if (rc <= 0) return;
  std::string chunk(kReadChunk, '\0');
  // What arrived together is taken in causal order as far as we can tell: the answers to our
  // requests before what the GET stream brings (a completion notification sent after a -32042
  // answer must not look like one for an unknown id).
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < fds.size(); ++i) {
    if (fds[i].revents != 0 && streams_[i]->kind != Stream::Kind::Get) order.push_back(i);
  }
  for (std::size_t i = 0; i < fds.size(); ++i) {
    if (fds[i].revents != 0 && streams_[i]->kind == Stream::Kind::Get) order.push_back(i);
  }
  for (std::size_t i : order) {
    Stream& s = *streams_[i];
    const ssize_t n = ::recv(s.fd, chunk.data(), chunk.size(), 0);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n > 0) {
      on_bytes(s, std::string_view(chunk.data(), static_cast<std::size_t>(n)));
    } else {
      s.http.finish();  // closed (or reset): a body up to the close is complete, anything else is cut short
      on_bytes(s, {});
      if (!s.finished) on_end(s);
    }
  }
  std::erase_if(streams_, [](const std::unique_ptr<Stream>& s) { return s->finished; });
}

void HttpClientChannel::on_bytes(Stream& s, std::string_view bytes) {
  std::string body;
  s.http.feed(bytes, body);
  if (s.http.state() == HttpResponseParser::State::Error) {
    std::string why = s.what + ": " + s.http.error();
    if (s.body == Stream::Body::Sse && s.kind == Stream::Kind::Post && !answered(s)) {
      why += std::string(s.sse.mid_event() ? " (in the middle of an event)" : "") +
             ", before the response to request " + s.request_id;
    }
    return drop(s, std::move(why));
  }
  if (!s.head_seen && s.http.state() != HttpResponseParser::State::Head) {
    s.head_seen = true;
    on_head(s);
    if (s.finished) return;
  }
  switch (s.body) {
    case Stream::Body::Sse: {
      std::vector<SseItem> items;
      s.sse.feed(body, items);
      for (SseItem& item : items) {
        if (item.kind == SseItem::TooLarge) {
          ReadResult r;
          r.status = ReadResult::TooLarge;
          r.bytes_discarded = item.discarded_bytes;
          ready_.push_back(std::move(r));
          note(s.what + ": an SSE event of " + std::to_string(item.discarded_bytes) +
               "+ bytes was dropped (limit " + std::to_string(max_message_bytes_) + ")");
        } else if (item.event.type != "message") {
          note(s.what + ": ignored an SSE event of type \"" + printable_excerpt(item.event.type, 40) + "\"");
        } else if (item.event.data.empty()) {
          // SEP-1699 (2025-11-25 transports: a server SHOULD prime each SSE stream): an event
          // with an id and empty data primes the client to resume with that id as
          // Last-Event-ID. The id is kept; there is no message to read.
          if (!s.primed) {
            note(s.what + ": SSE priming event" +
                 (item.event.id.empty() ? std::string(" without an id")
                                        : " (id \"" + printable_excerpt(item.event.id, 60) + "\")") +
                 ", empty data: not a message");
          }
          s.primed = true;
        } else {
          on_message(std::move(item.event.data), s.http.head().status);
        }
      }
      // The server SHOULD close the stream after the response; we stop listening either way,
      // so a server that streams forever does not keep us.
      if (!s.request_id.empty() && answered(s) && s.kind == Stream::Kind::Post) {
        s.finished = true;
        return;
      }
      break;
    }
    case Stream::Body::Json:
      if (!s.too_large && s.buffer.size() + body.size() > max_message_bytes_) {
        s.too_large = true;
        s.buffer.clear();
        ReadResult r;
        r.status = ReadResult::TooLarge;
        r.bytes_discarded = max_message_bytes_;
        ready_.push_back(std::move(r));
      }
      if (!s.too_large) s.buffer += body;
      break;
    case Stream::Body::ErrorText:
      s.buffer.append(body.substr(0, kErrorBodyKept - std::min(kErrorBodyKept, s.buffer.size())));
      break;
    case Stream::Body::Unknown:
    case Stream::Body::Ignore: break;
  }
  if (s.http.state() == HttpResponseParser::State::Done) on_end(s);
}

void HttpClientChannel::on_head(Stream& s) {
  const HttpHead& head = s.http.head();
  const std::string type = head.media_type();
  // The reason phrase is the server's text, quoted as it came (the report writers escape it),
  // but not at any length: a status line may be kilobytes.
  const std::string status = "HTTP " + std::to_string(head.status) +
                             (head.reason.empty() ? "" : " " + abbreviate_utf8(head.reason, 1024));
  if (s.kind == Stream::Kind::Delete) {
    note("DELETE of the session: " + status +
         (head.status == 405 ? " (the server does not let clients end sessions)" : ""));
    s.finished = true;
    return;
  }
  if (s.kind == Stream::Kind::Get) {
    if (head.status == 200 && type == "text/event-stream") {
      s.body = Stream::Body::Sse;
      note("GET stream open");
    } else {
      note("GET stream: " + status + (head.status == 405 ? " (the server offers none)" : ""));
      s.finished = true;
    }
    return;
  }
  if (head.status >= 300 && head.status < 400) {
    return drop(s, s.what + ": " + status + " redirect to \"" +
                       printable_excerpt(head.header("location").value_or("")) +
                       "\"; the harness follows no redirects");
  }
  if (s.modern && head.status >= 400 && head.status < 500 && type == "application/json" &&
      !s.request_id.empty()) {
    // The modern wire answers a malformed request, an unsupported version or a missing
    // capability with 400 and the JSON-RPC error (404 and -32601 for an unknown method): the
    // message is read, its status goes with it (ReadResult::http_status).
    s.body = Stream::Body::Json;
    return;
  }
  if (s.request_id.empty() && head.status >= 400 && head.status < 600) {
    // A notification or response the server cannot accept: "it MUST return an HTTP error status
    // code (e.g., 400 Bad Request). The HTTP response body MAY comprise a JSON-RPC error response
    // that has no id" (transports.mdx, Sending Messages to the Server). No broken session: the
    // conversation goes on, and the body is no message of the conversation (go-sdk answers an
    // unknown notification so, the Java SDK 500; it was taken for a broken connection, a false FAIL
    // or a verdict that flipped with the SUT's timing).
    note(s.what + ": " + status + " (the server did not accept it, as the transport allows)");
    s.body = Stream::Body::Ignore;
    return;
  }
  if (head.status >= 400 || head.status < 200) {
    s.body = Stream::Body::ErrorText;  // the sentence is made when the page is in
    return;
  }
  if (s.request_id == init_request_id_ && !init_request_id_.empty()) {
    if (auto id = head.header("mcp-session-id")) {
      if (visible_ascii(*id) && id->size() <= 1024) {
        session_id_ = *id;
        note("session " + session_id_);
      } else {
        note(s.what +
             ": the Mcp-Session-Id header is not 1 to 1024 visible ASCII characters; it is not used");
      }
    }
  }
  if (s.request_id.empty()) {
    // A notification or a response: the spec's answer is 202 Accepted with no body.
    if (head.status != 202)
      note(s.what + ": " + status + "; a notification or response is answered 202 Accepted");
    // A JSON-RPC message in that body is one the SUT sent (over stdio, the same error answering
    // a notification is a line on the pipe): it is read and judged like any other, so the same
    // behaviour gets the same verdict on both transports.
    s.body = type == "application/json"    ? Stream::Body::Json
             : type == "text/event-stream" ? Stream::Body::Sse
                                           : Stream::Body::Ignore;
    if (s.body != Stream::Body::Ignore && head.header("content-length") != std::optional<std::string>("0"))
      note(s.what + ": the answer carries a body (" + type + "); read as SUT messages");
    return;
  }
  if (type == "text/event-stream") {
    s.body = Stream::Body::Sse;
  } else if (type == "application/json") {
    s.body = Stream::Body::Json;
  } else {
    s.body = Stream::Body::ErrorText;
    drop(s, s.what + ": " + status + " with Content-Type \"" + printable_excerpt(type, 60) +
                "\"; a request is answered with application/json or text/event-stream");
  }
}

void HttpClientChannel::on_message(std::string data, int status) {
  ParsedJson parsed = parse_json(data);
  if (parsed.ok() && parsed.document.IsObject() && !has_member(parsed.document, "method")) {
    const rapidjson::Value* id = find_member(parsed.document, "id");
    const std::string rid = id ? to_json(*id) : "";
    // A response counts wherever it came (a server may put it on another stream than its request's).
    answered_ids_.insert(rid);
    if (!init_request_id_.empty() && rid == init_request_id_) {
      const rapidjson::Value* result = find_member(parsed.document, "result");
      const rapidjson::Value* version = result ? find_member(*result, "protocolVersion") : nullptr;
      if (version && version->IsString() && visible_ascii(version->GetString()))
        protocol_version_ = version->GetString();
    }
  }
  ReadResult r;
  r.status = ReadResult::Line;
  r.line = std::move(data);
  r.http_status = status;
  ready_.push_back(std::move(r));
}

bool HttpClientChannel::answered(const Stream& s) const {
  return !s.request_id.empty() && answered_ids_.contains(s.request_id);
}

void HttpClientChannel::on_end(Stream& s) {
  if (s.finished) return;
  const HttpHead& head = s.http.head();
  switch (s.body) {
    case Stream::Body::ErrorText:
      return drop(
          s, s.what + ": HTTP " + std::to_string(head.status) + " " + abbreviate_utf8(head.reason, 1024) +
                 " (" +
                 (head.media_type().empty() ? "no Content-Type" : printable_excerpt(head.media_type(), 60)) +
                 (s.buffer.empty() ? ")" : "): " + printable_excerpt(s.buffer)));
    case Stream::Body::Json:
      // The answer to a notification or response with Content-Type application/json and not one
      // byte (Content-Length: 0, as the Python SDK's 202 has it) has no body: no SUT message.
      if (s.request_id.empty() && s.buffer.empty()) break;
      if (!s.too_large && s.http.state() == HttpResponseParser::State::Done)
        on_message(std::move(s.buffer), head.status);
      if (!s.request_id.empty() && !answered(s) && !s.too_large) {
        // A refusal of the POST itself (a 4xx whose JSON-RPC error has no id) says so: a server
        // of another era refuses a modern request that way, which is no broken connection.
        const std::string refused = head.status >= 400 && head.status < 500
                                        ? "refused with HTTP " + std::to_string(head.status) + "; "
                                        : "";
        return drop(s, s.what + ": " + refused + "the application/json body is not the response to request " +
                           s.request_id);
      }
      break;
    case Stream::Body::Sse:
      if (s.kind == Stream::Kind::Get) {
        note("the GET stream ended");
      } else if (!s.request_id.empty() && !answered(s)) {
        return drop(s, s.what + ": the event stream ended " +
                           std::string(s.sse.mid_event() ? "in the middle of an event, " : "") +
                           "before the response to request " + s.request_id);
      }
      break;
    default: break;
  }
  s.finished = true;
}

void HttpClientChannel::drop(Stream& s, std::string why) {
  s.finished = true;
  if (s.kind == Stream::Kind::Post) {
    // A request left without its answer, or a message of ours the server refused: the
    // conversation cannot go on as the case expects, and the reader should know at once.
    ReadResult r;
    r.status = ReadResult::Error;
    r.detail = why;
    r.request_id = s.request_id;
    ready_.push_back(std::move(r));
  }
  note(std::move(why));
}

void HttpClientChannel::close(Deadline deadline) {
  if (closed_) return;
  if (!session_id_.empty()) {
    if (auto d = open("DELETE", "", "DELETE of the session", deadline)) {
      Stream& s = *d;
      std::string chunk(4096, '\0');
      while (!s.finished && !deadline.expired()) {
        pollfd p{s.fd, POLLIN, 0};
        if (::poll(&p, 1, deadline.poll_timeout()) <= 0) continue;
        const ssize_t n = ::recv(s.fd, chunk.data(), chunk.size(), 0);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) {
          s.http.finish();
          if (s.http.state() == HttpResponseParser::State::Error)
            note("DELETE of the session: " + s.http.error());
          break;
        }
        on_bytes(s, std::string_view(chunk.data(), static_cast<std::size_t>(n)));
      }
      if (!s.finished && deadline.expired()) note("DELETE of the session: no answer in time");
    }
  }
  closed_ = true;
  streams_.clear();
}

}  // namespace ec
