#include "reference/client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <set>

#include "core/json.h"
#include "reference/form_fill.h"
#include "schema/content_validator.h"
#include "schema/message_check.h"
#include "schema/requested_schema.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "transport/child_process.h"
#include "transport/http_client_channel.h"
#include "transport/stdio_channel.h"

namespace ec {
namespace {

using rapidjson::Value;

std::string env(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v ? v : fallback;
}

// "Opens" a URL the user agreed to: one GET, and only on loopback (this peer never leaves the
// machine). Anything else is left alone.
void open_url(const std::string& url) {
  const std::string prefix = "http://127.0.0.1:";
  if (!url.starts_with(prefix)) return;
  const std::size_t slash = url.find('/', prefix.size());
  const int port = std::atoi(url.substr(prefix.size(), slash - prefix.size()).c_str());
  const std::string target = slash == std::string::npos ? "/" : url.substr(slash);
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<uint16_t>(port));
  if (fd >= 0 && port > 0 && port < 65536 && ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
    const std::string request = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    [[maybe_unused]] ssize_t n = ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
    char buf[512];
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 1000) > 0) n = ::recv(fd, buf, sizeof buf, 0);
  }
  if (fd >= 0) ::close(fd);
}

class ReferenceClient {
 public:
  ReferenceClient(std::string fault) : fault_(std::move(fault)) {}

  int run(const std::vector<std::string>& server_command) {
    revision_ = parse_revision(env("ELICIT_CONFORM_PROTOCOL_VERSION", "")).value_or(default_revision());
    if (features(revision_).modern_wire) {
      // The adapter contract's way to say "this SUT cannot run the case" (exit 77 after the
      // marker): this client speaks the initialize-based wire only, for now.
      std::fprintf(stderr, "elicit-conform: SKIP: the reference client does not speak %s (multi "
                   "round-trip requests) yet\n", std::string(to_string(revision_)).c_str());
      return 77;
    }
    const std::string caps = env("ELICIT_CONFORM_CAPABILITIES", "none");
    if (caps != "none") {
      capabilities_json_ = parse_json(caps);
      if (!capabilities_json_.ok()) return complain("ELICIT_CONFORM_CAPABILITIES is not JSON");
      capability_ = parse_elicitation_capability(&capabilities_json_.document, revision_, "").capability;
      // `{}` means form only (2025-11-25); these faults misread it.
      const bool empty = capabilities_json_.document.IsObject() && capabilities_json_.document.ObjectEmpty();
      if (empty && revision_ == Revision::V2025_11_25) {
        if (fault_ == "empty-capability-allows-url") capability_.url = true;
        if (fault_ == "empty-capability-refuses-form") capability_.form = false;
      }
    }
    user_ = parse_json(env("ELICIT_CONFORM_USER", "[]"));
    if (!user_.ok() || !user_.document.IsArray()) return complain("ELICIT_CONFORM_USER is not a JSON array");
    const std::string tool = env("ELICIT_CONFORM_TOOL", "elicitation_case");

    std::string error;
    if (server_command.size() == 1 && server_command[0].starts_with("http")) {
      // The official suite's convention: the server's URL is the last (here: only) argument.
      auto url = parse_loopback_url(server_command[0], error);
      if (!url) return complain(error);
      http_ = std::make_unique<HttpClientChannel>(*url, LineReader::kDefaultMaxLineBytes);
      channel_ = http_.get();
    } else {
      ChildOptions options;
      options.argv = server_command;
      server_ = ChildProcess::spawn(options, error);
      if (!server_) return complain("cannot start the server: " + error);
      ChildProcess* c = server_.get();
      stdio_ = std::make_unique<StdioChannel>(
          c->stdout_fd(), [c](std::string_view line, Deadline d) { return c->write_line(line, d); },
          LineReader::kDefaultMaxLineBytes);
      channel_ = stdio_.get();
    }

    const bool declare = caps != "none" && fault_ != "declare-no-capability";
    send(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":")" +
         std::string(to_string(revision_)) + R"(","capabilities":)" +
         (!declare ? std::string("{}")
                   : fault_ == "declare-no-mode" ? std::string(R"({"elicitation":{"voice":{}}})")
                                                 : R"({"elicitation":)" + caps + "}") +
         R"(,"clientInfo":{"name":"elicit-conform-reference-client","version":"0.1"}}})");
    if (!wait_for_response("1")) return complain("no answer to initialize");
    if (fault_ != "skip-initialized") send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    const std::string call = R"(,"method":"tools/call","params":{"name":")" + tool + R"(","arguments":{}}})";
    const std::string call_id = fault_ == "fractional-request-id" ? "2.5" : "2";
    send(R"({"jsonrpc":"2.0","id":)" + call_id + call);
    bool answered = wait_for_response(call_id);
    // After a -32042 whose URLs the user opened: wait for their completion, then retry (MAY).
    if (answered && !awaiting_.empty() && fault_ != "no-retry") {
      answered = serve_until([this] {
        for (const std::string& id : awaiting_) {
          if (!completed_.contains(id)) return false;
        }
        return true;
      });
      if (answered) send(R"({"jsonrpc":"2.0","id":3)" + call);
      answered = answered && wait_for_response("3");
    }
    if (server_) server_->terminate(std::chrono::milliseconds(500));
    if (http_) http_->close(Deadline::after(std::chrono::seconds(2)));
    return answered ? 0 : complain("no answer to the tool call");
  }

 private:
  int complain(const std::string& why) {
    std::fprintf(stderr, "reference client: %s\n", why.c_str());
    return 1;
  }

  void send(const std::string& json) { channel_->send(json, Deadline::after(std::chrono::seconds(5))); }

  // Serves the server's requests until the response with `id` arrives.
  bool wait_for_response(const std::string& id) {
    return serve_until([this, &id] { return responded_.contains(id); });
  }

  // Serves the server's requests and notifications until `done`; false when the session ends.
  bool serve_until(const std::function<bool()>& done) {
    while (!done()) {
      ReadResult r = channel_->receive(Deadline::after(std::chrono::seconds(60)));
      if (r.status == ReadResult::TooLarge) continue;
      if (r.status != ReadResult::Line) return false;
      ParsedJson m = parse_json(r.line);
      if (!m.ok() || !m.document.IsObject()) continue;
      const Value* mid = find_member(m.document, "id");
      const Value* method = find_member(m.document, "method");
      if (method == nullptr) {
        if (mid == nullptr) continue;
        // Only the tool call's answer can carry -32042; initialize is id 1.
        if (const Value* e = find_member(m.document, "error"); e && to_json(*mid) != "1") on_error(*e);
        responded_.insert(to_json(*mid));
        continue;
      }
      const std::string name = method->IsString() ? method->GetString() : "";
      if (mid == nullptr) {  // a notification: nothing to answer
        if (!on_notification(name, find_member(m.document, "params"))) return false;  // session over
        continue;
      }
      if (name == "ping") {
        send(R"({"jsonrpc":"2.0","id":)" + to_json(*mid) + R"(,"result":{}})");
      } else if (name == kElicitCreate) {
        elicit(*mid, m.document);
      } else {
        send(R"({"jsonrpc":"2.0","id":)" + to_json(*mid) + R"(,"error":{"code":-32601,"message":"Method not found"}})");
      }
    }
    return true;
  }

  // A notification from the server: never answered. A completion for an id this client never
  // saw, one already completed, or one without a usable id is ignored (faults break that).
  bool on_notification(const std::string& name, const Value* params) {
    if (name != kElicitComplete) {
      if (name != "notifications/cancelled" && fault_ == "answer-unknown-notification") {
        send(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found"}})");
      }
      return true;
    }
    const Value* id = params && params->IsObject() ? find_member(*params, "elicitationId") : nullptr;
    const bool malformed = id == nullptr || !id->IsString();
    const std::string eid = malformed ? "" : id->GetString();
    const bool unknown = !malformed && !issued_.contains(eid);
    const bool repeated = !malformed && !unknown && completed_.contains(eid);
    if (!malformed && !unknown && !repeated) {
      completed_.insert(eid);
      return true;
    }
    if (fault_ == "answer-notification") {
      send(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32602,"message":"unknown elicitation"}})");
    }
    if (malformed && fault_ == "fail-on-malformed-complete") return false;
    if (unknown && fault_ == "fail-on-unknown-complete") return false;
    if (repeated && fault_ == "fail-on-repeated-complete") return false;
    return true;
  }

  // The next scripted answer; the user cancels once the script is used up.
  std::string next_action(const Value** content) {
    *content = nullptr;
    if (answer_index_ >= user_.document.Size()) return "cancel";
    const Value& answer = user_.document[static_cast<rapidjson::SizeType>(answer_index_++)];
    *content = find_member(answer, "content");
    const Value* action = find_member(answer, "action");
    return action && action->IsString() ? action->GetString() : "cancel";
  }

  void reply_error(const Value& id, const std::string& message, int code = -32602) {
    Value text(rapidjson::StringRef(message.c_str(), static_cast<rapidjson::SizeType>(message.size())));
    send(R"({"jsonrpc":"2.0","id":)" + to_json(id) + R"(,"error":{"code":)" + std::to_string(code) +
         R"(,"message":)" + to_json(text) + "}}");
  }

  // The ElicitResult of an elicitation/create (the JSON-RPC faults break its envelope).
  void reply_result(const Value& id, const std::string& result) {
    const std::string head = fault_ == "omit-jsonrpc-version" ? "{" : R"({"jsonrpc":"2.0",)";
    const std::string extra = fault_ == "answer-with-result-and-error"
                                  ? R"(,"error":{"code":-32603,"message":"and an error"})"
                                  : "";
    send(head + R"("id":)" + to_json(id) + R"(,"result":)" + result + extra + "}");
  }

  void elicit(const Value& id, const rapidjson::Document& message) {
    const Value* params = find_member(message, "params");
    if (params == nullptr || !params->IsObject()) return reply_error(id, "elicitation/create needs params");
    const Value* mode_value = find_member(*params, "mode");
    if (mode_value == nullptr && fault_ == "mode-required") return reply_error(id, "mode is required");
    const std::string mode_name = mode_value && mode_value->IsString() ? mode_value->GetString() : "";
    const bool unknown_mode = mode_value != nullptr && mode_name != "form" && mode_name != "url";
    if (unknown_mode && fault_ != "unknown-mode-as-form") {
      return reply_error(id, "elicitation mode " + to_json(*mode_value) + " was not declared by this client");
    }
    const Mode mode = mode_name == "url" ? Mode::Url : Mode::Form;
    const Value* url = find_member(*params, "url");
    if (fault_ == "prefetch-url" && url && url->IsString()) open_url(url->GetString());
    if (!capability_.supports(mode) && fault_ != "accept-undeclared-mode") {
      return reply_error(id, "elicitation mode " + std::string(to_string(mode)) + " was not declared by this client");
    }
    if (mode == Mode::Url && capability_.form && fault_ == "refuse-declared-url") {
      return reply_error(id, "this client does not handle URL mode");
    }
    if (fault_ != "trust-request" && !request_conforms(message, unknown_mode)) {
      return reply_error(id, "invalid elicitation/create params",
                         fault_ == "invalid-params-as-internal-error" ? -32603 : -32602);
    }
    const Value* eid = find_member(*params, "elicitationId");
    if (mode == Mode::Url && eid && eid->IsString()) issued_.insert(eid->GetString());

    const Value* content = nullptr;
    std::string action = next_action(&content);
    if (fault_ == "swap-decline-cancel" && action != "accept") action = action == "decline" ? "cancel" : "decline";
    if (fault_ == "no-decline" && action == "decline") action = "cancel";
    if (fault_ == "decline-ignored" && action == "decline") action = "accept";
    if (fault_ == "open-without-consent" && mode == Mode::Url && url && url->IsString()) open_url(url->GetString());
    if (action != "accept") return reply_result(id, R"({"action":")" + action + R"("})");
    if (mode == Mode::Url) {
      if (url && url->IsString()) open_url(url->GetString());  // the user agreed to open it
      const char* extra = fault_ == "content-in-url-accept" ? R"(,"content":{})" : "";
      return reply_result(id, R"({"action":"accept")" + std::string(extra) + "}");
    }
    // Form: the user's content, or the defaults the form was pre-filled with (SEP-1034).
    const Value* schema = find_member(*params, "requestedSchema");
    rapidjson::Document filled = fill_form(content, schema, fault_);
    if (schema != nullptr && fault_ != "send-invalid-content") {
      SchemaCheck model = check_requested_schema(*schema, revision_, "");
      if (!validate_content(model.schema, filled, "").empty()) {
        // A form that does not validate cannot be submitted: the user is left with cancel.
        return reply_result(id, R"({"action":"cancel"})");
      }
    }
    if (fault_ == "drop-content") return reply_result(id, R"({"action":"accept"})");
    encode_content(filled, schema, fault_);
    reply_result(id, R"({"action":"accept","content":)" + to_json(filled) + "}");
  }

  // The request passes every MUST check of its revision (the unknown-mode-as-form fault also
  // lets an unknown mode through).
  bool request_conforms(const rapidjson::Document& message, bool unknown_mode) {
    MessageCheckOptions check;
    check.revision = revision_;
    for (const Diagnostic& d : check_message(message, check).diagnostics) {
      if (d.level != Level::Must) continue;
      if (unknown_mode && fault_ == "unknown-mode-as-form" && d.check == "elicit.mode-unknown") continue;
      return false;
    }
    return true;
  }

  // A -32042 answer to the tool call: each URL is shown to the user, and opened only if accepted.
  void on_error(const Value& error) {
    const Value* code = find_member(error, "code");
    if (!code || !code->IsInt64() || code->GetInt64() != kUrlElicitationRequired) return;
    UrlRequiredErrorParse parsed = parse_url_required_error(error, revision_, "");
    bool consented = false;
    for (const ElicitRequest& e : parsed.elicitations) {
      issued_.insert(e.elicitation_id);
      if (fault_ == "prefetch-url") open_url(e.url);
      const Value* content = nullptr;
      // consent-once: one accept opens the rest of the list without asking again.
      const bool accepted = (consented && fault_ == "consent-once") || next_action(&content) == "accept";
      consented = consented || accepted;
      if (accepted || fault_ == "open-without-consent") open_url(e.url);
      if (accepted) awaiting_.insert(e.elicitation_id);
    }
  }

  std::string fault_;
  Revision revision_ = default_revision();
  ParsedJson capabilities_json_;
  ElicitationCapability capability_;
  ParsedJson user_;
  std::size_t answer_index_ = 0;
  std::set<std::string> responded_;  // ids of our requests the server answered
  std::set<std::string> issued_;     // URL elicitation ids the server sent
  std::set<std::string> completed_;  // ... and completed
  std::set<std::string> awaiting_;   // ids of a -32042 the user opened: retry once all complete
  std::unique_ptr<ChildProcess> server_;  // stdio: the server we spawned
  std::unique_ptr<StdioChannel> stdio_;
  std::unique_ptr<HttpClientChannel> http_;  // http: the server's URL
  MessageChannel* channel_ = nullptr;
};

}  // namespace

int run_reference_client(const std::vector<std::string>& server_command, const std::string& fault) {
  return ReferenceClient(fault).run(server_command);
}

}  // namespace ec
