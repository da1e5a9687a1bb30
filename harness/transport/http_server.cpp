#include "transport/http_server.h"

#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <thread>

#include "core/json.h"
#include "spec/modern.h"
#include "transport/bounded_http_server.h"
#include "transport/loopback_url.h"
#include "transport/sse_parser.h"

namespace ec {
namespace {

using namespace std::chrono_literals;

constexpr std::size_t kMaxTrapRequests = 256;
constexpr auto kStreamSlice = 50ms;  // how long an open stream waits before it looks at the stop flag
// Messages received and not yet taken by the session's reader, in bytes: a POST waits (and the
// client with it) while more than this is queued, so a client cannot outrun the harness's memory.
constexpr std::size_t kMaxQueuedBytes = std::size_t{16} << 20;

// Reads a request body through cpp-httplib's content reader, which, unlike its own body reading,
// stops where we say: at `limit` bytes, chunked bodies included. False: over the limit (or cut).
bool read_body(const httplib::ContentReader& reader, std::size_t limit, std::string& body) {
  bool over = false;
  const bool complete = reader([&](const char* data, std::size_t size) {
    if (size > limit - body.size()) {
      over = true;
      return false;
    }
    body.append(data, size);
    return true;
  });
  return complete && !over;
}

std::string random_session_id() {
  std::random_device rd;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id;
  for (int i = 0; i < 4; ++i) {
    unsigned word = rd();
    for (int j = 0; j < 8; ++j, word >>= 4) id += kHex[word & 15];
  }
  return id;
}

// The body of an HTTP refusal that no request id can be given for (no session, a parse error,
// too large). Every revision's Streamable HTTP says the body "MAY comprise a JSON-RPC error
// response that has no id": no "id" member at all, since "id":null is no RequestId (string or
// integer) in any revision's schema.json (docs/harness-conformance.md, http.refusal-no-id).
std::string jsonrpc_error(int code, const std::string& message) {
  rapidjson::Value text(
      rapidjson::StringRef(message.c_str(), static_cast<rapidjson::SizeType>(message.size())));
  return R"({"jsonrpc":"2.0","error":{"code":)" + std::to_string(code) + R"(,"message":)" + to_json(text) +
         "}}";
}

// "Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding
// attacks. If the Origin header is present and invalid, servers MUST respond with HTTP 403
// Forbidden" (Streamable HTTP: "Security Warning" in 2025-11-25, "Security & Endpoint" in
// 2026-07-28; 2025-06-18 has the first sentence). Our endpoint listens on loopback only, so the
// one valid origin is a loopback one: http:// with 127.0.0.1, localhost or [::1] and no path.
// Absent is valid (no browser sent it).
bool origin_invalid(const httplib::Request& req) {
  if (!req.has_header("Origin")) return false;
  const std::string origin = req.get_header_value("Origin");
  std::string error;
  const std::optional<LoopbackUrl> url = parse_loopback_url(origin, error);
  return !url || url->target != "/" || origin.ends_with("/");
}

// One SSE stream we serve: the answer to a POSTed request, or the session's GET stream.
struct OutStream {
  std::string request_id;  // JSON text; "" for the GET stream
  std::string method;
  std::string response;  // the response's JSON once sent (a modern POST may answer with it alone)
  std::deque<std::pair<std::uint64_t, std::string>> events;  // (order of sending, SSE text)
  bool end = false;                                          // finish once `events` are written
  bool gone = false;                                         // no longer being served
  bool primed = false;                                       // the priming event is written
};

class Session final : public MessageChannel {
 public:
  using NoteSource = std::function<std::vector<std::string>()>;
  Session(std::string id, std::shared_ptr<std::atomic<bool>> stopping, bool prime_streams,
          NoteSource server_notes)
      : id_(std::move(id)),
        stopping_(std::move(stopping)),
        prime_streams_(prime_streams),
        server_notes_(std::move(server_notes)) {}

  bool send(const std::string& json, Deadline) override {
    ParsedJson parsed = parse_json(json);
    std::lock_guard lock(m_);
    if (ended_) return false;
    const rapidjson::Value* doc = parsed.ok() && parsed.document.IsObject() ? &parsed.document : nullptr;
    const rapidjson::Value* method = doc ? find_member(*doc, "method") : nullptr;
    const rapidjson::Value* id = doc ? find_member(*doc, "id") : nullptr;
    const std::string event = format_sse_event(json);
    if (method == nullptr && id != nullptr) {
      const std::string rid = to_json(*id);
      if (rid == init_id_) {
        const rapidjson::Value* result = find_member(*doc, "result");
        const rapidjson::Value* version = result ? find_member(*result, "protocolVersion") : nullptr;
        if (version && version->IsString()) protocol_version_ = version->GetString();
      }
      bool known = false;
      for (const auto& s : streams_) {
        if (s->request_id != rid) continue;
        known = true;
        if (!s->end && !s->gone) {
          s->events.emplace_back(next_seq_++, event);
          s->response = json;
          s->end = true;  // the response closes its stream, as the spec recommends
          cv_.notify_all();
          return true;
        }
      }
      if (known) {
        notes_.push_back("the stream of request " + rid + " is closed: its response could not be delivered");
        return false;
      }
      // A response to no request the client sent (an error "answering" a notification, id null):
      // sent where unsolicited messages go, so the peer sees on HTTP what it would see on stdio.
    }
    // A request or notification of ours: on the stream of the request it belongs to (the
    // client's tools/call), else of any open request, else the GET stream, else later.
    std::shared_ptr<OutStream> target;
    for (const auto& s : streams_) {
      if (s->end || s->gone) continue;
      if (s->method == "tools/call" || !target) target = s;
    }
    if (!target && get_ && !get_->gone) target = get_;
    if (target) {
      target->events.emplace_back(next_seq_++, event);
    } else {
      waiting_.push_back(event);
    }
    cv_.notify_all();
    return true;
  }

  ReadResult receive(Deadline deadline) override {
    std::unique_lock lock(m_);
    cv_.wait_until(lock, deadline.at(), [&] { return !incoming_.empty() || ended_ || *stopping_; });
    ReadResult r;
    if (!incoming_.empty()) {
      r.status = ReadResult::Line;
      r.line = std::move(incoming_.front().line);
      r.http_post = true;
      r.http_version_header = std::move(incoming_.front().version_header);
      incoming_.pop_front();
      queued_bytes_ -= r.line.size();
      cv_.notify_all();  // a POST waiting for room may go on
    } else if (ended_ || *stopping_) {
      r.status = ReadResult::Eof;
    }
    return r;
  }

  // This session's notes, then what the server answered at the HTTP level to requests of no
  // session (a probe without Mcp-Session-Id: 400). Lock order: never the session's, then the
  // server's (State::session_of takes them the other way round).
  std::vector<std::string> take_notes() override {
    std::vector<std::string> out = server_notes_ ? server_notes_() : std::vector<std::string>{};
    std::lock_guard lock(m_);
    for (std::string& n : notes_) out.push_back(std::move(n));
    notes_.clear();
    return out;
  }

  // --- for the HTTP handlers ------------------------------------------------------------
  // `version_header`: the POST's MCP-Protocol-Version header, if it had one.
  void deliver(std::string message, std::optional<std::string> version_header) {
    std::unique_lock lock(m_);
    while (queued_bytes_ > kMaxQueuedBytes && !ended_ && !*stopping_) cv_.wait_for(lock, kStreamSlice);
    queued_bytes_ += message.size();
    incoming_.push_back({std::move(message), std::move(version_header)});
    cv_.notify_all();
  }
  void note(std::string text) {
    std::lock_guard lock(m_);
    if (notes_.size() < 64) notes_.push_back(std::move(text));
  }
  void set_init_id(std::string id) {
    std::lock_guard lock(m_);
    init_id_ = std::move(id);
  }
  std::string protocol_version() {
    std::lock_guard lock(m_);
    return protocol_version_;
  }
  // `wait_free`: first wait (until stop) while a request of the same id is still unanswered,
  // so that each response finds the one POST it belongs to (the modern wire has no session to
  // tell two clients' id 1 apart). nullptr: stopped while waiting.
  std::shared_ptr<OutStream> open_request_stream(std::string request_id, std::string method,
                                                 bool wait_free = false) {
    auto s = std::make_shared<OutStream>();
    s->request_id = std::move(request_id);
    s->method = std::move(method);
    std::unique_lock lock(m_);
    while (wait_free && std::any_of(streams_.begin(), streams_.end(), [&](const auto& o) {
             return !o->gone && o->request_id == s->request_id;
           })) {
      if (*stopping_ || ended_) return nullptr;
      cv_.wait_for(lock, kStreamSlice);
    }
    std::erase_if(streams_, [](const auto& old) { return old->gone; });
    streams_.push_back(s);
    return s;
  }

  // A modern POST: waits until `s` holds its response and nothing else (Json: the response's
  // JSON in `json`, taken in the session's order of sending), or something of ours came first
  // (Stream: serve it as SSE), or the server stops (Stopped; `s` is released).
  enum class Answer { Json, Stream, Stopped };
  Answer await_answer(OutStream& s, std::string& json) {
    std::unique_lock lock(m_);
    for (;;) {
      if (*stopping_ || ended_) {
        drop(s);
        return Answer::Stopped;
      }
      if (!s.events.empty() && !(s.end && s.events.size() == 1)) return Answer::Stream;
      if (s.end && s.events.size() == 1 && ready(s)) {
        json = std::move(s.response);
        s.events.clear();
        ++written_seq_;
        drop(s);  // gone: a later request of the same id may go on
        return Answer::Json;
      }
      cv_.wait_for(lock, kStreamSlice);
    }
  }
  // nullptr if the session already has a GET stream being served.
  std::shared_ptr<OutStream> open_get_stream() {
    std::lock_guard lock(m_);
    if (get_ && !get_->gone) return nullptr;
    get_ = std::make_shared<OutStream>();
    // Messages that waited for a stream go out now, in their order (after anything already queued).
    for (std::string& e : std::exchange(waiting_, {})) get_->events.emplace_back(next_seq_++, std::move(e));
    return get_;
  }
  void end() {
    std::lock_guard lock(m_);
    ended_ = true;
    cv_.notify_all();
  }
  void wake() {
    std::lock_guard lock(m_);
    cv_.notify_all();
  }
  bool ended() {
    std::lock_guard lock(m_);
    return ended_;
  }

  bool ready(const OutStream& s) const { return !s.events.empty() && s.events.front().first == written_seq_; }
  void skip_dropped() {
    while (dropped_.erase(written_seq_) > 0) ++written_seq_;
  }
  // `s` is no longer served: its unwritten events will never be, so they hold nobody up.
  void drop(OutStream& s) {
    s.gone = true;
    for (const auto& e : s.events) dropped_.insert(e.first);
    s.events.clear();
    skip_dropped();
    cv_.notify_all();
  }

  // One slice of serving `s`: waits up to kStreamSlice for events and writes them. False: stop
  // serving (the client is gone or the server stops).
  bool serve(OutStream& s, httplib::DataSink& sink) {
    std::unique_lock lock(m_);
    if (prime_streams_ && !s.primed) {
      // An id unique across the session's streams, and empty data; outside the message order.
      s.primed = true;
      const std::string priming =
          "id: " + id_ + "-" + std::to_string(++primed_streams_) + "\nretry: 1000\ndata: \n\n";
      lock.unlock();
      if (!sink.write(priming.data(), priming.size())) {
        lock.lock();
        drop(s);
        return false;
      }
      lock.lock();
    }
    cv_.wait_for(lock, kStreamSlice,
                 [&] { return ready(s) || (s.events.empty() && s.end) || ended_ || *stopping_; });
    if (*stopping_) return false;
    while (ready(s)) {
      const std::string event = std::move(s.events.front().second);
      s.events.pop_front();
      lock.unlock();
      const bool ok = sink.write(event.data(), event.size());
      lock.lock();
      ++written_seq_;
      skip_dropped();
      cv_.notify_all();  // a stream holding the next message may go on
      if (!ok) {
        drop(s);
        return false;
      }
    }
    if ((s.end && s.events.empty()) || ended_) {
      drop(s);
      lock.unlock();
      sink.done();
    }
    return true;
  }

  void release(OutStream& s) {
    std::lock_guard lock(m_);
    drop(s);
  }

 private:
  std::string id_;
  std::shared_ptr<std::atomic<bool>> stopping_;
  bool prime_streams_ = false;
  NoteSource server_notes_;
  int primed_streams_ = 0;
  std::mutex m_;
  std::condition_variable cv_;
  struct Incoming {
    std::string line;
    std::optional<std::string> version_header;
  };
  std::deque<Incoming> incoming_;
  std::size_t queued_bytes_ = 0;  // in incoming_
  std::vector<std::shared_ptr<OutStream>> streams_;
  std::shared_ptr<OutStream> get_;
  std::deque<std::string> waiting_;  // sent while no stream was open
  // Our messages leave in the order they were sent, across streams: a stream writes its next
  // event only when every earlier one was written (or its stream is gone). A client reading a
  // completion notification before the -32042 answer it completes would take it for an unknown id.
  std::uint64_t next_seq_ = 0;
  std::uint64_t written_seq_ = 0;
  std::set<std::uint64_t> dropped_;
  std::vector<std::string> notes_;
  std::string init_id_;
  std::string protocol_version_;
  bool ended_ = false;
};

}  // namespace

int modern_error_status(std::int64_t code) {
  if (code == -32602 || code == kHeaderMismatch || code == kMissingRequiredClientCapability ||
      code == kUnsupportedProtocolVersion)
    return 400;
  return code == -32601 ? 404 : 200;
}

struct HttpServer::State : std::enable_shared_from_this<HttpServer::State> {
  explicit State(const HttpServerOptions& o) : options(o), server(o.request_timeout) {}
  HttpServerOptions options;
  BoundedHttpServer server;
  std::thread listener;
  int port = 0;
  std::shared_ptr<std::atomic<bool>> stopping = std::make_shared<std::atomic<bool>>(false);
  bool stopped = false;
  std::mutex m;
  std::condition_variable cv;
  std::map<std::string, std::shared_ptr<Session>> sessions;
  std::deque<std::shared_ptr<Session>> new_sessions;
  std::shared_ptr<Session> implicit;  // the modern wire's one session, once a modern POST came
  std::vector<std::string> trap;
  std::vector<RefusedPost> refused;  // refused_posts()
  // What the endpoint answered at the HTTP level to requests that name no live session (a probe
  // before initialize, an unknown session): taken by the next session's take_notes().
  std::vector<std::string> notes;

  void note(std::string text) {
    std::lock_guard lock(m);
    if (notes.size() < 64) notes.push_back(std::move(text));
  }
  std::vector<std::string> take_notes() {
    std::lock_guard lock(m);
    return std::exchange(notes, {});
  }

  // A POST answered with `res` (an HTTP error) that no session will see: kept for
  // refused_posts(), the first RefusedPost::kMaxKept of them, each body cut to kMaxBodyBytes (a
  // client cannot grow this past 4 MiB whatever it sends).
  void refuse(const std::string& body, const httplib::Response& res) {
    std::lock_guard lock(m);
    if (refused.size() >= RefusedPost::kMaxKept) return;
    refused.push_back({body.substr(0, RefusedPost::kMaxBodyBytes), body.size() > RefusedPost::kMaxBodyBytes,
                       res.status, res.body});
  }

  // The session a request names, or nullptr after answering 400 / 404 for it.
  // `what` says what the request was, for the note ("POST of server/discover").
  std::shared_ptr<Session> session_of(const httplib::Request& req, httplib::Response& res,
                                      const std::string& what) {
    const std::string id = req.get_header_value("Mcp-Session-Id");
    if (id.empty()) {
      res.status = 400;
      res.set_content(jsonrpc_error(-32600, "Bad Request: Mcp-Session-Id header is required"),
                      "application/json");
      note(what + " without Mcp-Session-Id: answered HTTP 400 (no session; initialize opens one)");
      return nullptr;
    }
    {
      std::lock_guard lock(m);
      const auto it = sessions.find(id);
      if (it != sessions.end() && !it->second->ended()) return it->second;
    }
    res.status = 404;
    res.set_content(jsonrpc_error(-32600, "Session not found"), "application/json");
    note(what + " for an unknown or ended session: answered HTTP 404");
    return nullptr;
  }

  void stream(httplib::Response& res, const std::shared_ptr<Session>& session,
              const std::shared_ptr<OutStream>& s) {
    res.set_header("Cache-Control", "no-cache");
    // 2026-07-28 (Streamable HTTP, "Receiving Messages"): "When initiating an SSE stream, servers
    // SHOULD include the X-Accel-Buffering: no header in the HTTP response." Harmless before it.
    res.set_header("X-Accel-Buffering", "no");
    res.set_chunked_content_provider(
        "text/event-stream",
        [session, s](std::size_t, httplib::DataSink& sink) { return session->serve(*s, sink); },
        [session, s](bool) { session->release(*s); });
  }

  // A body over the message limit: 413, and the connection is not reused (the rest is unread).
  void too_large(const httplib::Request& req, httplib::Response& res) {
    BoundedHttpServer::close_after_response();
    res.status = 413;
    res.set_content(
        jsonrpc_error(-32600, "Request body over " + std::to_string(options.max_message_bytes) + " bytes"),
        "application/json");
    if (const std::string id = req.get_header_value("Mcp-Session-Id"); !id.empty()) {
      std::lock_guard lock(m);
      if (const auto it = sessions.find(id); it != sessions.end())
        it->second->note("a " + req.method + " came with a body over " +
                         std::to_string(options.max_message_bytes) + " bytes: refused with 413");
    }
  }

  std::shared_ptr<Session> implicit_session() {
    std::lock_guard lock(m);
    if (!implicit) {
      implicit =
          std::make_shared<Session>("modern", stopping, options.prime_streams, [weak = weak_from_this()] {
            auto state = weak.lock();
            return state ? state->take_notes() : std::vector<std::string>{};
          });
      new_sessions.push_back(implicit);
      cv.notify_all();
    }
    return implicit;
  }

  // The protocol version a modern message names in params._meta, or nullptr.
  static const rapidjson::Value* meta_version(const rapidjson::Value& doc) {
    const rapidjson::Value* params = find_member(doc, "params");
    const rapidjson::Value* meta = params && params->IsObject() ? find_member(*params, "_meta") : nullptr;
    return meta && meta->IsObject() ? find_member(*meta, kMetaProtocolVersion) : nullptr;
  }

  // A request of the modern wire whose _meta leaves its version out: the request metadata is there
  // (clientCapabilities, which only this wire's _meta carries) but not the version it must name.
  static bool versionless_modern_meta(const rapidjson::Value& doc) {
    const rapidjson::Value* params = find_member(doc, "params");
    const rapidjson::Value* meta = params && params->IsObject() ? find_member(*params, "_meta") : nullptr;
    return meta && meta->IsObject() && find_member(*meta, kMetaProtocolVersion) == nullptr &&
           find_member(*meta, kMetaClientCapabilities) != nullptr;
  }

  // A POST of the modern wire (the header comment says how it is served). `version_left_out`: the
  // header names a version and the _meta names none; the header has no body value to mismatch, and
  // the missing field is the server's to refuse ("A request missing any required field is
  // malformed; the server MUST reject it with ... -32602", basic.mdx), with the 400 of that error.
  void modern_post(const httplib::Request& req, httplib::Response& res, std::string body,
                   const rapidjson::Value* id, const std::string& name, const rapidjson::Value& version,
                   bool version_left_out = false) {
    std::optional<std::string> header;
    if (req.has_header("MCP-Protocol-Version")) header = req.get_header_value("MCP-Protocol-Version");
    const std::string what = "a POST of " + (name.empty() ? std::string("a request") : name);
    const std::string body_version = version.IsString() ? version.GetString() : to_json(version);
    std::string mismatch;  // why the header is not the _meta version, "" when it is
    if (!header) {
      mismatch = "no MCP-Protocol-Version header";
    } else if (version_left_out) {
      // judged by the server, above
    } else if (!version.IsString() || *header != body_version) {
      mismatch = "MCP-Protocol-Version \"" + header->substr(0, 80) + "\" while its _meta names " +
                 body_version.substr(0, 80);
    }
    if (!mismatch.empty() && options.reject_header_mismatch) {
      // "If the values do not match, the server MUST reject the request with 400 Bad Request and
      // a HeaderMismatch JSON-RPC error" (a missing header is a validation failure too). A
      // refused request reaches no reader.
      res.status = 400;
      rapidjson::Value text(
          rapidjson::StringRef(mismatch.c_str(), static_cast<rapidjson::SizeType>(mismatch.size())));
      // A notification's refusal has no id to echo: no "id" member, not null (as jsonrpc_error).
      res.set_content(R"({"jsonrpc":"2.0",)" + (id ? R"("id":)" + to_json(*id) + "," : std::string()) +
                          R"("error":{"code":-32020,"message":)" + to_json(text) + "}}",
                      "application/json");
      refuse(body, res);
      return;
    }
    auto session = implicit_session();  // opened by the first modern message delivered
    const std::string accept = req.get_header_value("Accept");
    if (accept.find("application/json") == std::string::npos ||
        accept.find("text/event-stream") == std::string::npos) {
      session->note(what + " came with Accept \"" + accept.substr(0, 100) +
                    "\", which does not list both application/json and text/event-stream");
    }
    if (!mismatch.empty()) session->note(what + " came with " + mismatch);
    if (id == nullptr) {
      session->deliver(std::move(body), std::move(header));
      res.status = 202;
      return;
    }
    auto s = session->open_request_stream(to_json(*id), name, true);
    if (!s) {
      res.status = 503;
      return;
    }
    session->deliver(std::move(body), std::move(header));
    std::string json;
    switch (session->await_answer(*s, json)) {
      case Session::Answer::Stopped: res.status = 503; return;
      case Session::Answer::Stream: return stream(res, session, s);
      case Session::Answer::Json: break;
    }
    ParsedJson answer = parse_json(json);
    const rapidjson::Value* error =
        answer.ok() && answer.document.IsObject() ? find_member(answer.document, "error") : nullptr;
    const rapidjson::Value* code = error && error->IsObject() ? find_member(*error, "code") : nullptr;
    res.status = 200;
    if (code && code->IsInt64()) {
      res.status = options.modern_error_status ? options.modern_error_status(code->GetInt64())
                                               : modern_error_status(code->GetInt64());
    }
    res.set_content(json, "application/json");
  }

  // A request whose Origin is present and invalid: 403 (origin_invalid()), and nothing else.
  bool refused_origin(const httplib::Request& req, httplib::Response& res, const char* what) {
    if (!origin_invalid(req)) return false;
    res.status = 403;
    res.set_content(jsonrpc_error(-32600, "Forbidden: Origin is not a loopback origin"), "application/json");
    note(std::string(what) + " with Origin \"" + req.get_header_value("Origin").substr(0, 80) +
         "\": answered HTTP 403 (DNS rebinding protection)");
    return true;
  }

  void post(const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& reader) {
    std::string body;
    if (!read_body(reader, options.max_message_bytes, body)) return too_large(req, res);
    BoundedHttpServer::request_read();
    if (refused_origin(req, res, "a POST")) return refuse(body, res);
    ParsedJson parsed = parse_json(body);
    const rapidjson::Value* doc = parsed.ok() && parsed.document.IsObject() ? &parsed.document : nullptr;
    const rapidjson::Value* method = doc ? find_member(*doc, "method") : nullptr;
    const rapidjson::Value* id = doc ? find_member(*doc, "id") : nullptr;
    const std::string name = method && method->IsString() ? method->GetString() : "";
    if (const rapidjson::Value* version =
            options.modern && doc && method && name != "initialize" ? meta_version(*doc) : nullptr)
      return modern_post(req, res, std::move(body), id, name, *version);
    if (options.modern && doc && method && name != "initialize" && req.has_header("MCP-Protocol-Version") &&
        versionless_modern_meta(*doc)) {
      static const rapidjson::Value kLeftOut;
      return modern_post(req, res, std::move(body), id, name, kLeftOut, true);
    }
    if (!options.legacy && doc && method) {
      // A server of the modern wire only: a message without a _meta version (an initialize) is
      // read there too, as on stdio, and answered as that server would.
      static const rapidjson::Value kNoVersion;
      return modern_post(req, res, std::move(body), id, name, kNoVersion);
    }
    if (!options.legacy && doc) {
      // A response POSTed to a server of the modern wire only ("The client MUST NOT send
      // JSON-RPC responses"): no session of the initialize-based wire for it to belong to, so the
      // reader gets it as it would on stdio (an answer to a notification, an id of no request
      // of ours: the peer judges it), and the POST, neither request nor notification, is refused.
      std::optional<std::string> header;
      if (req.has_header("MCP-Protocol-Version")) header = req.get_header_value("MCP-Protocol-Version");
      auto session = implicit_session();
      session->note(
          "a POST of a response: delivered, and answered HTTP 400 (the body of a POST is a request or "
          "a notification on this wire)");
      session->deliver(std::move(body), std::move(header));
      res.status = 400;
      res.set_content(
          jsonrpc_error(-32600, "Invalid Request: a client sends no JSON-RPC response on this wire"),
          "application/json");
      return;
    }
    std::shared_ptr<Session> session;
    const std::string what = doc == nullptr ? std::string("a POST that is not a JSON object")
                             : method       ? "a POST of " + std::string(name.empty() ? "a request" : name)
                                            : std::string("a POST of a response");
    if (name == "initialize" && id && !req.has_header("Mcp-Session-Id")) {
      const std::string sid = random_session_id();
      session = std::make_shared<Session>(sid, stopping, options.prime_streams, [weak = weak_from_this()] {
        auto state = weak.lock();
        return state ? state->take_notes() : std::vector<std::string>{};
      });
      session->set_init_id(to_json(*id));
      res.set_header("Mcp-Session-Id", sid);
      std::lock_guard lock(m);
      sessions[sid] = session;
      new_sessions.push_back(session);
      cv.notify_all();
    } else if (!(session = session_of(req, res, what))) {
      refuse(body, res);
      return;
    } else if (name != "initialize") {
      const std::string version = req.get_header_value("MCP-Protocol-Version");
      const std::string negotiated = session->protocol_version();
      if (version.empty()) {
        session->note("a POST came without the MCP-Protocol-Version header");
      } else if (!negotiated.empty() && version != negotiated) {
        session->note("a POST came with MCP-Protocol-Version " + version + ", not the negotiated " +
                      negotiated);
      }
    }
    std::optional<std::string> header;
    if (req.has_header("MCP-Protocol-Version")) header = req.get_header_value("MCP-Protocol-Version");
    const std::string accept = req.get_header_value("Accept");
    if (accept.find("application/json") == std::string::npos ||
        accept.find("text/event-stream") == std::string::npos) {
      session->note("a POST came with Accept \"" + accept.substr(0, 100) +
                    "\", which does not list both application/json and text/event-stream");
    }
    if (doc == nullptr) {
      session->deliver(body, std::nullopt);  // the reader judges it (json.syntax, ...)
      res.status = 400;
      res.set_content(jsonrpc_error(-32700, "Parse error"), "application/json");
      return;
    }
    if (method != nullptr && id != nullptr) {
      auto s = session->open_request_stream(to_json(*id), name);
      session->deliver(body, header);
      return stream(res, session, s);
    }
    session->deliver(body, header);
    res.status = 202;
  }

  // A server of the modern wire only has no GET stream and no session to DELETE: 2026-07-28
  // (Streamable HTTP, "Earlier Streamable HTTP Revisions") says it SHOULD answer both with 405.
  bool refused_as_modern_only(httplib::Response& res, const char* what) {
    if (options.legacy) return false;
    res.status = 405;
    res.set_header("Allow", "POST");
    note(std::string(what) + " on a modern-only endpoint: answered HTTP 405 (no GET stream, no sessions)");
    return true;
  }

  void get(const httplib::Request& req, httplib::Response& res) {
    BoundedHttpServer::request_read();
    if (refused_origin(req, res, "a GET")) return;
    if (refused_as_modern_only(res, "a GET")) return;
    if (req.get_header_value("Accept").find("text/event-stream") == std::string::npos) {
      res.status = 406;
      note("a GET without Accept: text/event-stream: answered HTTP 406");
      return;
    }
    auto session = session_of(req, res, "a GET");
    if (!session) return;
    auto s = session->open_get_stream();
    if (!s) {
      res.status = 409;  // one GET stream per session is what we serve
      session->note("a second GET stream: answered HTTP 409 (one GET stream per session)");
      return;
    }
    session->note(
        "the client opened the GET stream: answered HTTP 200 with text/event-stream" +
        std::string(req.has_header("Last-Event-ID")
                        ? " (Last-Event-ID " + req.get_header_value("Last-Event-ID").substr(0, 80) + ")"
                        : ""));
    stream(res, session, s);
  }

  void del(const httplib::Request& req, httplib::Response& res, const httplib::ContentReader& reader) {
    std::string body;
    if (!read_body(reader, options.max_message_bytes, body)) return too_large(req, res);
    BoundedHttpServer::request_read();
    if (refused_origin(req, res, "a DELETE")) return;
    if (refused_as_modern_only(res, "a DELETE")) return;
    auto session = session_of(req, res, "a DELETE");
    if (!session) return;
    session->note("the client ended the session with DELETE: answered HTTP 200");
    session->end();
    std::lock_guard lock(m);
    sessions.erase(req.get_header_value("Mcp-Session-Id"));
  }

  void record_trap(const httplib::Request& req, httplib::Response& res) {
    BoundedHttpServer::request_read();
    {
      std::lock_guard lock(m);
      if (trap.size() < kMaxTrapRequests) trap.push_back(req.target.empty() ? req.path : req.target);
    }
    res.set_content("", "text/plain");
  }
};

std::unique_ptr<HttpServer> HttpServer::start(const HttpServerOptions& options, std::string& error) {
  auto state = std::make_shared<State>(options);
  State* s = state.get();  // the handlers die with the server, which dies with the state
  httplib::Server& svr = state->server;
  const std::size_t threads = options.threads;
  svr.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  svr.set_keep_alive_timeout(1);
  svr.set_read_timeout(5, 0);
  svr.set_write_timeout(5, 0);
  svr.set_payload_max_length(options.max_message_bytes);
  // Every method that may carry a body is read through a content reader (read_body), on every
  // path: cpp-httplib's own body reading ignores the payload limit for chunked bodies.
  using Reader = httplib::ContentReader;
  svr.Post(options.path, [s](const httplib::Request& req, httplib::Response& res, const Reader& r) {
    s->post(req, res, r);
  });
  svr.Get(options.path, [s](const httplib::Request& req, httplib::Response& res) { s->get(req, res); });
  svr.Delete(options.path, [s](const httplib::Request& req, httplib::Response& res, const Reader& r) {
    s->del(req, res, r);
  });
  svr.Get(".*", [s](const httplib::Request& req, httplib::Response& res) { s->record_trap(req, res); });
  const auto refuse = [s](const httplib::Request& req, httplib::Response& res, const Reader& r) {
    std::string body;
    if (!read_body(r, s->options.max_message_bytes, body)) return s->too_large(req, res);
    BoundedHttpServer::request_read();
    res.status = 404;
  };
  svr.Post(".*", refuse);
  svr.Put(".*", refuse);
  svr.Patch(".*", refuse);
  svr.Delete(".*", refuse);
  const char* host = options.ipv6 ? "::1" : "127.0.0.1";  // loopback only, never every interface
  state->port = options.port == 0                      ? svr.bind_to_any_port(host)
                : svr.bind_to_port(host, options.port) ? options.port
                                                       : -1;
  if (state->port <= 0) {
    error = std::string("cannot listen on ") + (options.ipv6 ? "[::1]" : "127.0.0.1");
    return nullptr;
  }
  state->listener = std::thread([s] { s->server.listen_after_bind(); });
  // stop() before the accept loop runs would be lost: wait for it.
  for (int i = 0; i < 2000 && !svr.is_running(); ++i) std::this_thread::sleep_for(1ms);
  return std::unique_ptr<HttpServer>(new HttpServer(std::move(state)));
}

HttpServer::~HttpServer() { stop(); }

std::string HttpServer::base() const {
  return std::string("http://") + (state_->options.ipv6 ? "[::1]" : "127.0.0.1") + ":" +
         std::to_string(state_->port);
}

std::string HttpServer::url() const { return base() + state_->options.path; }

std::shared_ptr<MessageChannel> HttpServer::accept(Deadline deadline) {
  std::unique_lock lock(state_->m);
  state_->cv.wait_until(lock, deadline.at(),
                        [&] { return !state_->new_sessions.empty() || *state_->stopping; });
  if (state_->new_sessions.empty() || *state_->stopping) return nullptr;
  auto session = std::move(state_->new_sessions.front());
  state_->new_sessions.pop_front();
  return session;
}

std::vector<std::string> HttpServer::trap_requests() const {
  std::lock_guard lock(state_->m);
  return state_->trap;
}

std::vector<RefusedPost> HttpServer::refused_posts() const {
  std::lock_guard lock(state_->m);
  return state_->refused;
}

void HttpServer::stop() {
  if (state_->stopped) return;
  state_->stopped = true;
  *state_->stopping = true;
  {
    std::lock_guard lock(state_->m);
    for (auto& [id, session] : state_->sessions) session->wake();
    for (auto& session : state_->new_sessions) session->wake();
    if (state_->implicit) state_->implicit->wake();
    state_->cv.notify_all();
  }
  // Open streams end within a slice (kStreamSlice) on their own; whatever a client is doing, its
  // connection is shut down after a short grace; then the workers are joined.
  state_->server.stop_connections(4 * kStreamSlice);
  state_->server.stop();
  if (state_->listener.joinable()) state_->listener.join();
}

}  // namespace ec
