// The client side of Streamable HTTP (MCP 2025-06-18 and later, "Transports"): every JSON-RPC
// message we send is one POST to the endpoint with `Accept: application/json, text/event-stream`;
// the answer to a request comes back either as one application/json body or as a
// text/event-stream on which the server may first send its own requests (an elicitation/create
// nested in the tools/call it belongs to) and notifications. Our answers to those are POSTed
// back. The Mcp-Session-Id that the initialize response carries goes on every later request,
// with MCP-Protocol-Version once it is negotiated; after notifications/initialized we open the
// optional GET stream (a 405 says the server has none); close() ends the session with DELETE.
//
// No threads: each POST is its own TCP connection (Connection: close), and receive() polls them
// all until its deadline, so nothing outlives the channel and a silent or endless stream costs
// only its file descriptor. Only loopback URLs (loopback_url.h); redirects are reported, never
// followed. The server is untrusted: an SSE event or JSON body over max_message_bytes is
// TooLarge and dropped, and an HTTP error, a body that is not JSON or SSE, or a stream that ends
// before the response to its request is an Error whose detail says which request and how.
// The modern wire (2026-07-28): a message whose params._meta names a protocol version goes with
// that version as MCP-Protocol-Version, and Mcp-Method / Mcp-Name ("Request Metadata"); no
// initialize means no session and no GET stream. An HTTP 4xx answer to such a request with an
// application/json body is read as the response it carries, its status in ReadResult::http_status.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "transport/http_response_parser.h"
#include "transport/loopback_url.h"
#include "transport/message_channel.h"
#include "transport/sse_parser.h"

namespace ec {

class HttpClientChannel final : public MessageChannel {
 public:
  HttpClientChannel(LoopbackUrl url, std::size_t max_message_bytes, bool open_get_stream = true);
  ~HttpClientChannel() override;
  HttpClientChannel(const HttpClientChannel&) = delete;
  HttpClientChannel& operator=(const HttpClientChannel&) = delete;

  bool send(const std::string& json, Deadline deadline) override;
  ReadResult receive(Deadline deadline) override;
  std::vector<std::string> take_notes() override;

  // DELETE with the session id (if the server gave one), waiting for its answer until
  // `deadline`; then every stream is closed. Idempotent; the destructor closes without DELETE.
  void close(Deadline deadline);

  const std::string& session_id() const { return session_id_; }

  // Nothing can come from the server until we send again: no stream is open (every POST was
  // answered and its connection ended, and there is no GET stream) and nothing read waits for
  // receive(). Only the 2026-07-28 wire, which has no GET stream, gets there between requests.
  bool idle() const { return ready_.empty() && streams_.empty(); }

  // The MCP-Protocol-Version header of every modern POST from now on: `value` instead of its
  // _meta version ("" leaves the header out; nullopt: the _meta version again). For a case about
  // a server's header validation, and for the reference client's faults.
  void override_version_header(std::optional<std::string> value) { version_override_ = std::move(value); }

 private:
  struct Stream;

  std::unique_ptr<Stream> open(const std::string& method, const std::string& body, const std::string& what,
                               Deadline deadline, const std::string& extra_headers = "");
  void pump(Deadline deadline);
  void on_bytes(Stream& s, std::string_view bytes);
  void on_head(Stream& s);
  void on_message(std::string data, int status);
  void on_end(Stream& s);
  void drop(Stream& s, std::string why);
  void note(std::string text) { notes_.push_back(std::move(text)); }
  bool answered(const Stream& s) const;

  LoopbackUrl url_;
  std::size_t max_message_bytes_;
  bool open_get_stream_;
  bool get_opened_ = false;
  std::string session_id_;
  std::string protocol_version_;        // sent as MCP-Protocol-Version once negotiated
  std::string init_request_id_;         // the id of our initialize request (JSON text)
  std::set<std::string> answered_ids_;  // ids (JSON text) of every response received
  std::vector<std::unique_ptr<Stream>> streams_;
  std::deque<ReadResult> ready_;
  std::vector<std::string> notes_;
  bool closed_ = false;
  std::optional<std::string> version_override_;
};

}  // namespace ec
