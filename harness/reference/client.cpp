#include "reference/client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>

#include "core/json.h"
#include "core/utc_time.h"
#include "core/utf8.h"
#include "reference/form_fill.h"
#include "schema/content_validator.h"
#include "schema/message_check.h"
#include "schema/requested_schema.h"
#include "schema/spec_schema.h"
#include "spec/capability.h"
#include "spec/elicitation.h"
#include "spec/modern.h"
#include "spec/mrtr.h"
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
  if (fd >= 0 && port > 0 && port < 65536 &&
      ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
    const std::string request = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    [[maybe_unused]] ssize_t n = ::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
    char buf[512];
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 1000) > 0) n = ::recv(fd, buf, sizeof buf, 0);
  }
  if (fd >= 0) ::close(fd);
}

// Faults that break a rule only the initialize-based revisions have (the -32602 of a
// server-to-client request, -32042 and its retry, the handshake), and would still act on the
// modern wire: there they do nothing, since no 2026-07-28 case can cite their rule.
const std::set<FaultId> kInitializeWireFaults = {
    FaultId::AcceptUndeclaredMode, FaultId::UnknownModeAsForm,
    FaultId::ModeFromSchema,       FaultId::TrustRequest,
    FaultId::TypeAllowlistMissing, FaultId::InvalidParamsAsInternalError,
    FaultId::RefuseDeclaredUrl,    FaultId::NoRetry,
    FaultId::CallBeforeInitialize, FaultId::SkipInitialized,
    FaultId::AskVersionLatest};

class ReferenceClient {
 public:
  explicit ReferenceClient(const ReferenceClientOptions& options)
      : fault_(options.fault), probe_(options.probe), modes_(options.modes), versions_(options.versions) {}

  int run(const std::vector<std::string>& server_command) {
    // ELICIT_CONFORM_PROTOCOL_VERSIONS (the cases about eras): support exactly those of our
    // versions. Told a modern and an initialize-based one, this client is dual-era.
    if (const std::string told = env("ELICIT_CONFORM_PROTOCOL_VERSIONS", ""); !told.empty()) {
      std::vector<std::string> kept;
      bool modern_told = false, legacy_told = false;
      for (const std::string& v : versions_) {
        if (("," + told + ",").find("," + v + ",") == std::string::npos) continue;
        kept.push_back(v);
        const bool m = features(parse_revision(v).value_or(default_revision())).modern_wire;
        modern_told = modern_told || m;
        legacy_told = legacy_told || !m;
      }
      versions_ = kept;
      told_versions_ = true;
      dual_era_ = modern_told && legacy_told;
    }
    // The version it asks for: the contract's, when supported, else its latest.
    asked_version_ = env("ELICIT_CONFORM_PROTOCOL_VERSION", "");
    const bool supported = std::find(versions_.begin(), versions_.end(), asked_version_) != versions_.end();
    if (!supported && features(parse_revision(asked_version_).value_or(default_revision())).modern_wire) {
      // The adapter contract's way to say "this SUT cannot run the case" (exit 77 after the
      // marker): told to leave 2026-07-28 out (--versions), it speaks the older wire only.
      std::fprintf(stderr,
                   "elicit-conform: SKIP: this reference client does not speak %s (multi "
                   "round-trip requests): --versions leaves it out\n",
                   asked_version_.c_str());
      return 77;
    }
    if (!supported) {
      asked_version_ = versions_.empty() ? std::string(to_string(default_revision())) : versions_.front();
    }
    revision_ = parse_revision(asked_version_).value_or(default_revision());
    const std::string caps = env("ELICIT_CONFORM_CAPABILITIES", "none");
    if (caps != "none") {
      capabilities_json_ = parse_json(caps);
      if (!capabilities_json_.ok()) return complain("ELICIT_CONFORM_CAPABILITIES is not JSON");
      if (int skip = read_capability(); skip != 0) return skip;
    }
    declared_caps_ = caps;
    // ELICIT_CONFORM_TASKS: the `tasks` capability to declare (2025-11-25 only, where tasks are
    // part of the protocol: tasks.mdx); this client runs task-augmented elicitation/create when it
    // names requests.elicitation.create.
    if (const std::string tasks = env("ELICIT_CONFORM_TASKS", "none");
        tasks != "none" && features(revision_).core_tasks) {
      ParsedJson parsed = parse_json(tasks);
      if (!parsed.ok() || !parsed.document.IsObject())
        return complain("ELICIT_CONFORM_TASKS is not a JSON object");
      const Value* requests = find_member(parsed.document, "requests");
      const Value* elicitation =
          requests && requests->IsObject() ? find_member(*requests, "elicitation") : nullptr;
      const Value* create =
          elicitation && elicitation->IsObject() ? find_member(*elicitation, "create") : nullptr;
      tasks_elicitation_ = create != nullptr && create->IsObject();
      declared_tasks_ = to_json(parsed.document);
    }
    if (modern() && kInitializeWireFaults.contains(fault_)) fault_ = FaultId::None;
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
      if (probe_ == "respawn") {
        // A throwaway server for the probe, then the session's own.
        if (!spawn(server_command, error)) return complain("cannot start the server: " + error);
        discover();
        server_->terminate(std::chrono::milliseconds(500));
      }
      if (!spawn(server_command, error)) return complain("cannot start the server: " + error);
    }
    if (features(revision_).modern_wire) {
      // Over Streamable HTTP the channel sends each request's _meta version as
      // MCP-Protocol-Version (with Mcp-Method and Mcp-Name) and keeps no session: nothing else
      // differs here. The two header faults make it send a wrong header or none.
      if (http_ && fault_ == FaultId::NoVersionHeader) http_->override_version_header("");
      if (http_ && fault_ == FaultId::VersionHeaderMismatch) http_->override_version_header("2025-11-25");
      // Probe first (MODERN-CLIENT-PROBE); a server that does not list the revision gets the
      // older wire at the latest version both speak, whatever error or silence it answered with.
      // Who leaves the probe out: skip-discover, a client told 2026-07-28 and nothing about its
      // versions; modern-only-skip-probe, one told it supports 2026-07-28 only;
      // dual-era-skip-probe, a dual-era client, which goes straight to initialize.
      const bool skip_probe = dual_era_ && fault_ == FaultId::DualEraSkipProbe;
      const bool modern_skip = (fault_ == FaultId::SkipDiscover && !told_versions_) ||
                               (fault_ == FaultId::ModernOnlySkipProbe && told_versions_ && !dual_era_);
      if (!skip_probe && (modern_skip || discover())) return finish(modern_session(tool));
      if (!skip_probe && probe_400_code_ && !falls_back_after_400()) {
        // A modern server's 400 (HTTP-DUAL-ERA-INSPECT-400): it speaks a modern version, so this
        // client retries with a version it advertises or gives up, and never falls back.
        if (retry_version_) {
          asked_version_ = *retry_version_;
          revision_ = parse_revision(asked_version_).value_or(revision_);
          if (discover()) return finish(modern_session(tool));
        }
        return finish(
            complain("server/discover got " + std::string(http_ ? "HTTP 400 with error " : "error ") +
                     std::to_string(*probe_400_code_) +
                     " from a server of the modern wire, and no version this client could retry with"));
      }
      // Two ways of keying the fallback to codes: -32601 only, or -32601 and the server-error range.
      const bool server_code =
          probe_error_code_ &&
          (*probe_error_code_ == -32601 || (*probe_error_code_ <= -32000 && *probe_error_code_ >= -32099));
      if (!skip_probe && probe_error_code_ &&
          ((*probe_error_code_ != -32601 && fault_ == FaultId::FallbackOnMethodNotFoundOnly) ||
           (!server_code && fault_ == FaultId::FallbackOnServerCodesOnly))) {
        return finish(complain("server/discover got error " + std::to_string(*probe_error_code_) +
                               ", which this client does not take for a legacy server"));
      }
      if (!fall_back_to_initialize()) return complain("the server speaks no version this client supports");
      fell_back_ = true;
    } else if (probe_ == "discover" || (probe_ == "respawn" && http_)) {
      discover();
    }
    if (fault_ == FaultId::CallBeforeInitialize) {
      // An era-ambiguous request before the handshake (2026-07-28 transport-stdio.mdx warns of
      // it); whatever the answer, it then initializes.
      send(R"({"jsonrpc":"2.0","id":"early-1","method":"tools/list"})");
      const Deadline until = Deadline::after(std::chrono::seconds(2));
      while (!until.expired()) {
        ReadResult r = channel_->receive(until);
        if (r.status != ReadResult::Line && r.status != ReadResult::Timeout) break;
        if (r.status == ReadResult::Line && r.line.find(R"("early-1")") != std::string::npos) break;
      }
    }

    const bool declare = caps != "none" && fault_ != FaultId::DeclareNoCapability;
    std::string declared = !declare                           ? std::string("{}")
                           : fault_ == FaultId::DeclareNoMode ? std::string(R"({"elicitation":{"voice":{}}})")
                                                              : R"({"elicitation":)" + caps + "}";
    if (!declared_tasks_.empty())
      declared = declared.substr(0, declared.size() - 1) + (declared.size() > 2 ? "," : "") + R"("tasks":)" +
                 declared_tasks_ + "}";
    send(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":")" +
         (fault_ == FaultId::AskVersionLatest ? std::string("latest") : asked_version_) +
         R"(","capabilities":)" + declared +
         R"(,"clientInfo":{"name":"elicit-conform-reference-client","version":"0.1"}}})");
    if (!wait_for_response("1")) return complain("no answer to initialize");
    // A refused initialize opens no session: nothing follows it ("After successful initialization,
    // the client MUST send an initialized notification", lifecycle.mdx: only after success).
    if (const Value* refused = find_member(*responses_["1"], "error"))
      return complain("the server refused initialize: " + abbreviate_utf8(to_json(*refused), 200));
    if (fault_ != FaultId::SkipInitialized) send(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
    const std::string call = R"(,"method":"tools/call","params":{"name":")" + tool + R"(","arguments":{}}})";
    const std::string call_id = fault_ == FaultId::FractionalRequestId ? "2.5" : "2";
    send(R"({"jsonrpc":"2.0","id":)" + call_id + call);
    bool answered = wait_for_response(call_id);
    if (answered && fell_back_ && fault_ == FaultId::AbsentResultTypeRetries) {
      // Reads the 2025 result with the modern rules, but takes an absent resultType for "not
      // complete" (instead of "complete"), and sends the call again.
      const Value* result = find_member(*responses_[call_id], "result");
      if (result && result->IsObject() && find_member(*result, "resultType") == nullptr) {
        send(R"({"jsonrpc":"2.0","id":4)" + call);
        answered = wait_for_response("4");
      }
    }
    if (answered && fell_back_ && fault_ == FaultId::InputRequestsWithoutResultType) {
      // Decides by the members instead of resultType: an inputRequests object means "input
      // required" to it, so it answers them and calls again.
      const Value* result = find_member(*responses_[call_id], "result");
      const Value* asked = result && result->IsObject() ? find_member(*result, "inputRequests") : nullptr;
      if (asked && asked->IsObject() && find_member(*result, "resultType") == nullptr) {
        send(R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":)" + to_json_string(tool) +
             R"(,"arguments":{},"inputResponses":)" + input_responses(*asked) + "}}");
        answered = wait_for_response("4");
      }
    }
    // After a -32042 whose URLs the user opened: wait for their completion, then retry (MAY).
    if (answered && !awaiting_.empty() && fault_ != FaultId::NoRetry) {
      answered = serve_until([this] {
        for (const std::string& id : awaiting_) {
          if (!completed_.contains(id)) return false;
        }
        return true;
      });
      if (answered) send(R"({"jsonrpc":"2.0","id":3)" + call);
      answered = answered && wait_for_response("3");
    }
    return finish(answered ? 0 : complain("no answer to the tool call"));
  }

 private:
  int finish(int status) {
    if (server_) server_->terminate(std::chrono::milliseconds(500));
    if (http_) http_->close(Deadline::after(std::chrono::seconds(2)));
    return status;
  }

  // ELICIT_CONFORM_CAPABILITIES read as the revision says; 77 when this client cannot declare it.
  int read_capability() {
    capability_ = parse_elicitation_capability(&capabilities_json_.document, judged_as(), "").capability;
    // A client with one mode cannot declare the other (the adapter contract's SKIP, exit 77).
    if ((modes_ == "form" && capability_.url) || (modes_ == "url" && capability_.form)) {
      std::fprintf(stderr, "elicit-conform: SKIP: this client supports %s mode only\n", modes_.c_str());
      return 77;
    }
    // `{}` means form only (2025-11-25 on); these faults misread it.
    const bool empty = capabilities_json_.document.IsObject() && capabilities_json_.document.ObjectEmpty();
    if (empty && (revision_ == Revision::V2025_11_25 || modern())) {
      if (fault_ == FaultId::EmptyCapabilityAllowsUrl) capability_.url = true;
      if (fault_ == FaultId::EmptyCapabilityRefusesForm) capability_.form = false;
    }
    return 0;
  }

  bool modern() const { return features(revision_).modern_wire; }

  // The revision this client reads its capability and the server's requests as: the session's,
  // except that url-mode-any-revision-client takes a 2025-06-18 session for 2025-11-25 (the
  // version-agnostic handlers of a client written for the later revision).
  Revision judged_as() const {
    return fault_ == FaultId::UrlModeAnyRevisionClient && revision_ == Revision::V2025_06_18
               ? Revision::V2025_11_25
               : revision_;
  }

  // After a probe answered with HTTP 400 and a JSON-RPC error (probe_400_code_): true when the
  // server is taken for a legacy one, so the client falls back to initialize. The body decides
  // (transport-streamable-http.mdx, Backward Compatibility): modern servers use 400 for -32020
  // (header mismatch), -32021 (missing capability) and -32022 (unsupported version) too, and
  // anything else is a legacy server's. Two faults of a dual-era client skip the reading:
  // fallback-on-any-400 takes every 400 for a legacy server, never-fallback-on-400 every 400 for
  // a modern one.
  bool falls_back_after_400() const {
    if (dual_era_ && fault_ == FaultId::FallbackOnAny400) return true;
    if (dual_era_ && fault_ == FaultId::NeverFallbackOn400) return false;
    const int code = *probe_400_code_;
    return code != kHeaderMismatch && code != kMissingRequiredClientCapability &&
           code != kUnsupportedProtocolVersion;
  }

  // The server did not list the modern revision: the latest initialize-based version this client
  // supports, with the capability read again as that revision says.
  // The handshake asks for the latest initialize-based version it supports (versions_ is latest
  // first; LIFECYCLE's SHOULD), or, with fallback-offers-oldest, the oldest.
  bool fall_back_to_initialize() {
    std::optional<std::string> picked;
    for (const std::string& v : versions_) {
      const std::optional<Revision> r = parse_revision(v);
      if (!r || features(*r).modern_wire) continue;
      if (!picked || fault_ == FaultId::FallbackOffersOldest) picked = v;
    }
    if (!picked) return false;
    asked_version_ = *picked;
    revision_ = *parse_revision(*picked);
    if (declared_caps_ != "none") read_capability();
    return true;
  }

  // --- 2026-07-28: the tool call, its InputRequiredResults and the retries -------------------

  // The per-request _meta (basic.mdx): version, capabilities (required), client info (SHOULD).
  // `first`: the first request of the session (a fault sends the capability there only).
  std::string meta(bool first) const {
    std::string capabilities = "{}";
    const bool declare = declared_caps_ != "none" && fault_ != FaultId::DeclareNoCapability &&
                         (first || fault_ != FaultId::DeclareCapabilityFirstOnly);
    if (declare) {
      capabilities = fault_ == FaultId::DeclareNoMode ? std::string(R"({"elicitation":{"voice":{}}})")
                                                      : R"({"elicitation":)" + declared_caps_ + "}";
    }
    std::string out = R"({"io.modelcontextprotocol/protocolVersion":")" + asked_version_ +
                      R"(","io.modelcontextprotocol/clientCapabilities":)" + capabilities;
    if (fault_ != FaultId::NoClientInfo) {
      out +=
          R"(,"io.modelcontextprotocol/clientInfo":{"name":"elicit-conform-reference-client","version":"0.1"})";
    }
    return out + "}";
  }

  // Calls the tool and, while the server answers with an InputRequiredResult, asks the scripted
  // user and retries: a new id, the same name and arguments, inputResponses for exactly the keys
  // asked, requestState echoed byte for byte (none when none came). 0 after the final result.
  int modern_session(const std::string& tool) {
    constexpr int kMaxRounds = 32;  // a server MAY ask again; one that never stops is given up on
    const std::string call =
        R"("method":"tools/call","params":{"name":)" + to_json_string(tool) + R"(,"arguments":{})";
    std::string id = fault_ == FaultId::FractionalRequestId ? "1.5" : "1";
    const std::string call_id = id;  // retry-reuses-call-id takes it back
    send(R"({"jsonrpc":"2.0","id":)" + id + "," + call + R"(,"_meta":)" + meta(true) + "}}");
    std::optional<std::string> first_state;  // stale-state keeps it
    for (int round = 1; round <= kMaxRounds; ++round) {
      if (!wait_for_response(id)) return complain("no answer to the tool call");
      const rapidjson::Document& response = *responses_[id];
      const Value* result = find_member(response, "result");
      if (result == nullptr || !result->IsObject()) return 0;  // an error answer ends the call
      const Value* type = find_member(*result, "resultType");
      // An absent resultType is "complete" (RESULT-TYPE-ABSENT-COMPLETE); one it does not know is
      // invalid (RESULT-TYPE-UNKNOWN-INVALID), never taken for a result.
      if (type == nullptr || (type->IsString() && std::string_view(type->GetString()) == kResultTypeComplete))
        return 0;
      const bool taken_for_input = fault_ == FaultId::UnknownResultTypeAsInputRequired && type->IsString();
      if (!taken_for_input &&
          (!type->IsString() || std::string_view(type->GetString()) != kResultTypeInputRequired)) {
        return complain("the tool call's result has resultType " + to_json(*type) +
                        ", which this client does not know");
      }
      std::string retry = R"({"jsonrpc":"2.0","id":)";
      const std::string next = fault_ == FaultId::RetrySameId ? id
                               : fault_ == FaultId::RetryReusesCallId && round == 2
                                   ? call_id
                                   : std::to_string(round + 1);
      std::string params =
          "," + call + (fault_ == FaultId::MetaFirstRequestOnly ? "" : R"(,"_meta":)" + meta(false));
      bool all_refused = false;  // every input response is decline or cancel (drop-state-on-decline)
      if (const Value* asked = find_member(*result, "inputRequests"); asked && asked->IsObject()) {
        const std::string responses = input_responses(*asked);
        params += R"(,"inputResponses":)" + responses;
        all_refused = refuses_all(responses);
      } else if (fault_ == FaultId::ExtraInputResponse) {
        params += R"(,"inputResponses":{"unrequested":{"action":"decline"}})";
      }
      const Value* state = find_member(*result, "requestState");
      if (state && state->IsString() && all_refused && fault_ == FaultId::DropStateOnDecline) {
        // The early-return path of a client that echoes the state after an accept only.
      } else if (state && state->IsString()) {
        std::string echoed(state->GetString(), state->GetStringLength());
        if (!first_state) first_state = echoed;
        if (fault_ == FaultId::StaleState) echoed = *first_state;
        if (fault_ == FaultId::TrimState) echoed = trim(echoed);
        if (fault_ == FaultId::ParseJsonState) {
          // Reads the state as JSON when it looks like JSON, and writes it back its own way.
          if (ParsedJson parsed = parse_json(echoed); parsed.ok()) echoed = to_json(parsed.document);
        }
        params += R"(,"requestState":)" + to_json_string(echoed);
        if (fault_ == FaultId::StateOnOtherRequest) {
          send(R"({"jsonrpc":"2.0","id":"other-)" + std::to_string(round) +
               R"(","method":"tools/list","params":{"requestState":)" + to_json_string(echoed) +
               R"(,"_meta":)" + meta(false) + "}}");
        }
      } else if (fault_ == FaultId::InventState) {
        params += R"(,"requestState":"")";
      } else if (fault_ == FaultId::CarryStaleState && first_state) {
        params += R"(,"requestState":)" + to_json_string(*first_state);  // an earlier round's, kept
      }
      id = next;
      responded_.erase(id);  // retry-same-id: the answer to wait for is the one still to come
      if (fault_ == FaultId::ProbeEveryRequest) discover();  // the era again, as if never cached
      send(retry + id + params + "}}");
    }
    return complain("the server kept asking for input after " + std::to_string(kMaxRounds) + " rounds");
  }

  // The ElicitResult of each input request, in the order of the map (the scripted user answers
  // them in that order). Sampling and roots requests are not this client's: it declares neither,
  // and a server must not send them to it.
  std::string input_responses(const Value& asked) {
    rapidjson::Document out(rapidjson::kObjectType);
    auto& a = out.GetAllocator();
    bool consented = false;  // consent-once: a URL input request of this result was accepted
    for (auto it = asked.MemberBegin(); it != asked.MemberEnd(); ++it) {
      if (!it->value.IsObject()) continue;
      const Value* method = find_member(it->value, "method");
      if (!method || !method->IsString() || std::string_view(method->GetString()) != kElicitCreate) continue;
      const Value* params = find_member(it->value, "params");
      const Value* mode = params && params->IsObject() ? find_member(*params, "mode") : nullptr;
      const Value* url = params && params->IsObject() ? find_member(*params, "url") : nullptr;
      const bool url_mode = mode && mode->IsString() && std::string_view(mode->GetString()) == "url";
      std::string result;
      if (consented && url_mode && fault_ == FaultId::ConsentOnce) {
        // One accept opens the rest without asking the user again.
        if (url && url->IsString()) open_url(url->GetString());
        result = R"({"action":"accept"})";
      } else {
        const ElicitAnswer answer = answer_elicitation(it->value);
        // A request this client cannot show (invalid, or in a mode it did not declare) reaches no
        // user: there is no error to send on this wire, so it is answered as dismissed.
        result = answer.error_code != 0 ? R"({"action":"cancel"})" : answer.result;
        consented = consented || (url_mode && answer.error_code == 0 && result == R"({"action":"accept"})");
      }
      if (fault_ == FaultId::LegacyAnswerOnModern) {
        // The 2025 habit: the answer as a JSON-RPC response, the key taken for a request id.
        send(R"({"jsonrpc":"2.0","id":)" + to_json(it->name) + R"(,"result":)" + result + "}");
      }
      Value key;
      key.CopyFrom(it->name, a);
      Value value;
      value.CopyFrom(parse_json(result).document, a);
      out.AddMember(key, value, a);
      if (fault_ == FaultId::AnswerFirstInputOnly) break;
    }
    if (fault_ == FaultId::ExtraInputResponse) {
      Value extra(rapidjson::kObjectType);
      extra.AddMember("action", "decline", a);
      out.AddMember("unrequested", extra, a);
    }
    return to_json(out);
  }

  // True when `responses` (inputResponses as sent) answers something and every answer is decline
  // or cancel.
  static bool refuses_all(const std::string& responses) {
    const ParsedJson parsed = parse_json(responses);
    if (!parsed.ok() || !parsed.document.IsObject() || parsed.document.ObjectEmpty()) return false;
    for (auto it = parsed.document.MemberBegin(); it != parsed.document.MemberEnd(); ++it) {
      const Value* action = it->value.IsObject() ? find_member(it->value, "action") : nullptr;
      const std::string_view a = action && action->IsString() ? action->GetString() : "";
      if (a != "decline" && a != "cancel") return false;
    }
    return true;
  }

  static std::string trim(const std::string& s) {
    const std::size_t begin = s.find_first_not_of(" \t\r\n");
    if (begin == std::string::npos) return "";
    return s.substr(begin, s.find_last_not_of(" \t\r\n") - begin + 1);
  }

  bool spawn(const std::vector<std::string>& server_command, std::string& error) {
    ChildOptions options;
    options.argv = server_command;
    server_ = ChildProcess::spawn(options, error);
    if (!server_) return false;
    ChildProcess* c = server_.get();
    stdio_ = std::make_unique<StdioChannel>(
        c->stdout_fd(), [c](std::string_view line, Deadline d) { return c->write_line(line, d); },
        LineReader::kDefaultMaxLineBytes);
    channel_ = stdio_.get();
    return true;
  }

  // The 2026-07-28 probe (transport-stdio.mdx, Backward Compatibility): server/discover before
  // anything else. A legacy server answers with an error or not at all: either way, fall back to
  // initialize (never keyed to one error code).
  // True when the server lists 2026-07-28 (then the session is on the modern wire). The probe
  // carries the whole _meta when this client asks for 2026-07-28, as every request must.
  bool discover() {
    std::string probe_meta =
        modern() ? meta(true) : std::string(R"({"io.modelcontextprotocol/protocolVersion":"2026-07-28"})");
    if (dual_era_ && fault_ == FaultId::ProbeNamesLegacyVersion) {
      // Probes with the initialize-based version it would fall back to, not its modern one.
      for (const std::string& v : versions_) {
        if (features(parse_revision(v).value_or(default_revision())).modern_wire) continue;
        const std::string modern_version =
            R"("io.modelcontextprotocol/protocolVersion":")" + asked_version_ + "\"";
        if (const std::size_t at = probe_meta.find(modern_version); at != std::string::npos)
          probe_meta.replace(at, modern_version.size(),
                             R"("io.modelcontextprotocol/protocolVersion":")" + v + "\"");
        break;
      }
    }
    const std::string probe_id = R"("discover-)" + std::to_string(++probes_) + "\"";
    send(R"({"jsonrpc":"2.0","id":)" + probe_id + R"(,"method":"server/discover","params":{"_meta":)" +
         probe_meta + "}}");
    probe_400_code_.reset();
    retry_version_.reset();
    // Silence is a server that ignores the method; a slow answer is not (an ASan harness on a
    // loaded machine took over 2 s), so the wait is long and costs only a silent server.
    const Deadline until = Deadline::after(std::chrono::seconds(10));
    while (!until.expired()) {
      ReadResult r = channel_->receive(until);
      if (r.status == ReadResult::Error || r.status == ReadResult::Eof) return false;  // over HTTP: a 4xx
      if (r.status != ReadResult::Line) continue;
      ParsedJson m = parse_json(r.line);
      const Value* id = m.ok() && m.document.IsObject() ? find_member(m.document, "id") : nullptr;
      // A refusal's error may have no id at all ("a JSON-RPC error response that has no id"), as
      // the harness's endpoint writes it, or a null one, as some servers do.
      if (r.http_status == 400 && m.ok() && m.document.IsObject() && !has_member(m.document, "method") &&
          (!id || id->IsNull() || to_json(*id) == probe_id))
        read_400(m.document);
      if (!id || has_member(m.document, "method") || to_json(*id) != probe_id) continue;
      const Value* result = find_member(m.document, "result");
      const Value* error = find_member(m.document, "error");
      const Value* code = error && error->IsObject() ? find_member(*error, "code") : nullptr;
      if (code && code->IsInt()) probe_error_code_ = code->GetInt();
      // Over stdio the error alone says it (transport-stdio.mdx, Backward Compatibility): "a
      // recognized modern JSON-RPC error such as UnsupportedProtocolVersionError: the server is
      // modern [...] Do not fall back to initialize." Read as a 400's body is over HTTP.
      if (!http_ && code && code->IsInt() && fault_ != FaultId::FallbackOnModernError &&
          (code->GetInt() == kUnsupportedProtocolVersion ||
           code->GetInt() == kMissingRequiredClientCapability || code->GetInt() == kHeaderMismatch))
        read_400(m.document);
      const Value* versions =
          result && result->IsObject() ? find_member(*result, "supportedVersions") : nullptr;
      if (versions == nullptr || !versions->IsArray()) return false;
      for (const Value& v : versions->GetArray()) {
        if (v.IsString() && std::string_view(v.GetString()) == "2026-07-28") return true;
      }
      return false;
    }
    return false;
  }

  // The JSON-RPC body of a 400 answering the probe (its own id, or none: a refusal of the POST),
  // read before deciding whether to fall back: its error code, and on -32022 the first version of
  // data.supported this client speaks on the modern wire, to probe again with. The caller probes
  // again once at most: a server that refuses that version too is given up on.
  void read_400(const rapidjson::Document& response) {
    const Value* error = find_member(response, "error");
    const Value* code = error && error->IsObject() ? find_member(*error, "code") : nullptr;
    if (!code || !code->IsInt()) return;
    probe_400_code_ = code->GetInt();
    const Value* data = code->GetInt() == kUnsupportedProtocolVersion ? find_member(*error, "data") : nullptr;
    const Value* supported = data && data->IsObject() ? find_member(*data, "supported") : nullptr;
    if (!supported || !supported->IsArray()) return;
    for (const Value& v : supported->GetArray()) {
      const std::optional<Revision> r = v.IsString() ? parse_revision(v.GetString()) : std::nullopt;
      if (r && features(*r).modern_wire &&
          std::find(versions_.begin(), versions_.end(), v.GetString()) != versions_.end()) {
        retry_version_ = v.GetString();
        return;
      }
    }
  }

  int complain(const std::string& why) {
    std::fprintf(stderr, "reference client: %s\n", why.c_str());
    return 1;
  }

  void send(const std::string& json) {
    // The conformant peer's requests and notifications are what its revision's schema.json allows
    // (self-check mode). Not what carries the scripted user's answers (an ElicitResult, a retry's
    // inputResponses): ELICIT_CONFORM_USER may be wrong on purpose.
    if (fault_ == FaultId::None && json.find(R"("method":)") != std::string::npos &&
        json.find(R"("inputResponses")") == std::string::npos)
      self_check_.sent(revision_, json);
    channel_->send(json, Deadline::after(std::chrono::seconds(5)));
  }

  // Serves the server's requests until the response with `id` arrives.
  bool wait_for_response(const std::string& id) {
    return serve_until([this, &id] { return responded_.contains(id); });
  }

  // Serves the server's requests and notifications until `done`; false when the session ends.
  bool serve_until(const std::function<bool()>& done) {
    const Deadline give_up = Deadline::after(std::chrono::seconds(60));
    while (!done()) {
      // Over HTTP a server that has ended every stream (the GET stream too, or it has none) can
      // send nothing more until we send: the session is over, as EOF says over stdio.
      if (http_ != nullptr && http_->idle()) return false;
      Deadline slice = http_ != nullptr ? Deadline::after(std::chrono::milliseconds(50)) : give_up;
      if (give_up.at() < slice.at()) slice = give_up;
      ReadResult r = channel_->receive(slice);
      if (r.status == ReadResult::Timeout && !give_up.expired()) continue;
      if (r.status == ReadResult::TooLarge) continue;
      if (r.status != ReadResult::Line) return false;
      ParsedJson m = parse_json(r.line);
      if (!m.ok() || !m.document.IsObject()) continue;
      self_check_.received(m.document);
      const Value* mid = find_member(m.document, "id");
      const Value* method = find_member(m.document, "method");
      if (method == nullptr) {
        if (mid == nullptr) continue;
        // Only the tool call's answer can carry -32042; initialize is id 1.
        if (const Value* e = find_member(m.document, "error"); e && to_json(*mid) != "1" && !modern())
          on_error(*e);
        responded_.insert(to_json(*mid));
        responses_[to_json(*mid)] = std::make_shared<rapidjson::Document>(std::move(m.document));
        continue;
      }
      const std::string name = method->IsString() ? method->GetString() : "";
      if (mid == nullptr) {  // a notification: nothing to answer
        if (!on_notification(name, find_member(m.document, "params"))) return false;  // session over
        continue;
      }
      if (name == "ping") {
        const std::string id = fault_ == FaultId::PongWrongId ? wrong_response_id(*mid) : to_json(*mid);
        send(R"({"jsonrpc":"2.0","id":)" + id + R"(,"result":{}})");
      } else if (name == kElicitCreate && task_augmented(m.document)) {
        elicit_as_task(*mid, m.document);
      } else if (name == kElicitCreate) {
        elicit(*mid, m.document);
      } else if ((name == "tasks/get" || name == "tasks/result") && (tasks_elicitation_ || !tasks_.empty())) {
        task_request(*mid, name, find_member(m.document, "params"));
      } else {
        send(R"({"jsonrpc":"2.0","id":)" + to_json(*mid) +
             R"(,"error":{"code":-32601,"message":"Method not found"}})");
      }
    }
    return true;
  }

  // A notification from the server: never answered. A completion for an id this client never
  // saw, one already completed, or one without a usable id is ignored (faults break that).
  bool on_notification(const std::string& name, const Value* params) {
    if (name != kElicitComplete) {
      if (name != "notifications/cancelled" && fault_ == FaultId::AnswerUnknownNotification) {
        send(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found"}})");
      }
      return true;
    }
    const Value* id = params && params->IsObject() ? find_member(*params, "elicitationId") : nullptr;
    const bool malformed = id == nullptr || !id->IsString();
    const std::string eid = malformed ? "" : std::string(id->GetString(), id->GetStringLength());
    const bool unknown = !malformed && !issued_.contains(eid);
    const bool repeated = !malformed && !unknown && completed_.contains(eid);
    if (!malformed && !unknown && !repeated) {
      completed_.insert(eid);
      return true;
    }
    if (fault_ == FaultId::AnswerNotification) {
      send(R"({"jsonrpc":"2.0","id":null,"error":{"code":-32602,"message":"unknown elicitation"}})");
    }
    if (malformed && fault_ == FaultId::FailOnMalformedComplete) return false;
    if (unknown && fault_ == FaultId::FailOnUnknownComplete) return false;
    if (repeated && fault_ == FaultId::FailOnRepeatedComplete) return false;
    return true;
  }

  // The scripted answer to the elicitation with this message: the first unused one addressed to
  // it ("message"), else the first unused one addressed to none (the script's order); the user
  // cancels once none is left. The harness's client answers in map order anyway; the message is
  // how an adapter whose SDK shows several input requests at once gives each its own answer.
  std::string next_action(const Value** content, std::string_view message) {
    *content = nullptr;
    const rapidjson::SizeType n = user_.document.Size();
    answered_.resize(n, false);
    std::optional<rapidjson::SizeType> pick;
    for (rapidjson::SizeType i = 0; i < n && !pick; ++i) {
      const Value* to = find_member(user_.document[i], "message");
      if (!answered_[i] && to && to->IsString() &&
          std::string_view(to->GetString(), to->GetStringLength()) == message)
        pick = i;
    }
    for (rapidjson::SizeType i = 0; i < n && !pick; ++i) {
      if (!answered_[i] && find_member(user_.document[i], "message") == nullptr) pick = i;
    }
    if (!pick) return "cancel";
    answered_[*pick] = true;
    const Value& answer = user_.document[*pick];
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
    const std::string head = fault_ == FaultId::OmitJsonrpcVersion ? "{" : R"({"jsonrpc":"2.0",)";
    const std::string extra = fault_ == FaultId::AnswerWithResultAndError
                                  ? R"(,"error":{"code":-32603,"message":"and an error"})"
                                  : "";
    send(head + R"("id":)" + to_json(id) + R"(,"result":)" + result + extra + "}");
    if (fault_ == FaultId::AnswerTwice)
      send(head + R"("id":)" + to_json(id) + R"(,"result":)" + result + extra + "}");
  }

  // What the client does with one elicitation: a JSON-RPC error to refuse it (the older wire), or
  // the ElicitResult. `message` has method and params: a JSON-RPC request, or an input request.
  struct ElicitAnswer {
    int error_code = 0;
    std::string error_message;
    std::string result;
  };

  void elicit(const Value& id, const rapidjson::Document& message) {
    const ElicitAnswer answer = answer_elicitation(message);
    if (answer.error_code != 0) return reply_error(id, answer.error_message, answer.error_code);
    reply_result(id, answer.result);
  }

  // ---- tasks (2025-11-25, basic/utilities/tasks): elicitation/create as a task ----------------

  // A task-augmented elicitation/create this client runs as a task: it declared
  // tasks.requests.elicitation.create ("Receivers that do not declare the task capability for a
  // request type MUST process requests of that type normally, ignoring any task-augmentation
  // metadata if present"; the faults break either side).
  bool task_augmented(const Value& message) const {
    const Value* params = find_member(message, "params");
    const Value* task = params && params->IsObject() ? find_member(*params, "task") : nullptr;
    if (task == nullptr || !task->IsObject()) return false;
    return tasks_elicitation_ ? fault_ != FaultId::TaskElicitAnsweredPlainly
                              : fault_ == FaultId::TaskWhenUndeclared && features(revision_).core_tasks;
  }

  struct ClientTask {
    ElicitAnswer answer;
    std::string status;
    std::string created;
    std::int64_t ttl = 60000;
  };

  static std::string task_json(const std::string& task_id, const ClientTask& t, const std::string& status) {
    const std::string now = utc_now();
    return R"({"taskId":)" + to_json_string(task_id) + R"(,"status":)" + to_json_string(status) +
           R"(,"createdAt":)" + to_json_string(t.created) + R"(,"lastUpdatedAt":)" + to_json_string(now) +
           R"(,"ttl":)" + std::to_string(t.ttl) + R"(,"pollInterval":100})";
  }

  // The CreateTaskResult at once ("Tasks MUST begin in the working status"); the scripted user
  // answers at once too, so the task is over by the first tasks/get.
  void elicit_as_task(const Value& id, const rapidjson::Document& message) {
    std::random_device source;
    std::string task_id = "elicit-";
    for (int i = 0; i < 4; ++i) {
      std::array<char, 9> part{};
      std::snprintf(part.data(), part.size(), "%08x", static_cast<unsigned>(source()));
      task_id += part.data();
    }
    ClientTask t;
    t.created = utc_now();
    const Value* ttl = find_member(message["params"]["task"], "ttl");
    if (ttl != nullptr && ttl->IsInt64() && ttl->GetInt64() > 0)
      t.ttl = std::min<std::int64_t>(ttl->GetInt64(), 3600000);
    // The task runs the request without its task field: what the request would have done.
    rapidjson::Document underlying;
    underlying.CopyFrom(message, underlying.GetAllocator());
    underlying["params"].RemoveMember("task");
    t.answer = answer_elicitation(underlying);
    t.status = t.answer.error_code != 0 ? "failed" : "completed";
    reply_result(id, R"({"task":)" + task_json(task_id, t, "working") + "}");
    tasks_.emplace(std::move(task_id), std::move(t));
  }

  // tasks/get: the task's state; tasks/result: "exactly what the underlying request would have
  // returned", with the related-task _meta ("The tasks/result operation MUST include this metadata
  // in its response").
  void task_request(const Value& id, const std::string& method, const Value* params) {
    const Value* named = params && params->IsObject() ? find_member(*params, "taskId") : nullptr;
    const auto it = named && named->IsString() ? tasks_.find(named->GetString()) : tasks_.end();
    if (it == tasks_.end()) return reply_error(id, "Failed to retrieve task: Task not found");
    const ClientTask& t = it->second;
    if (method == "tasks/get") return reply_result(id, task_json(it->first, t, t.status));
    if (t.answer.error_code != 0) return reply_error(id, t.answer.error_message, t.answer.error_code);
    std::string result = t.answer.result;
    if (fault_ == FaultId::TaskResultNotExact) {
      rapidjson::Document d = parse_json(result).document;
      d.RemoveMember("content");
      result = to_json(d);
    }
    reply_result(id, result.substr(0, result.size() - 1) +
                         R"(,"_meta":{"io.modelcontextprotocol/related-task":{"taskId":)" +
                         to_json_string(it->first) + "}}}");
  }

  ElicitAnswer answer_elicitation(const Value& message) {
    const auto reply_error = [](const std::string& why, int code = -32602) {
      return ElicitAnswer{code, why, ""};
    };
    const auto reply_result = [](const std::string& result) { return ElicitAnswer{0, "", result}; };
    const Value* params = find_member(message, "params");
    if (params == nullptr || !params->IsObject()) return reply_error("elicitation/create needs params");
    const Value* mode_value = find_member(*params, "mode");
    if (mode_value == nullptr && fault_ == FaultId::ModeRequired) return reply_error("mode is required");
    const std::string mode_name = mode_value && mode_value->IsString() ? mode_value->GetString() : "";
    const Value* url = find_member(*params, "url");
    // Two ways of never looking at mode: a requestedSchema makes a form, a url a URL request.
    const bool schema_decides =
        fault_ == FaultId::ModeFromSchema && find_member(*params, "requestedSchema") != nullptr;
    const bool url_decides = fault_ == FaultId::ModeFromUrl && url != nullptr;
    const bool unknown_mode = mode_value != nullptr && mode_name != "form" && mode_name != "url";
    if (unknown_mode && fault_ != FaultId::UnknownModeAsForm && !schema_decides) {
      return reply_error("elicitation mode " + to_json(*mode_value) + " was not declared by this client");
    }
    const Mode mode = schema_decides                      ? Mode::Form
                      : url_decides || mode_name == "url" ? Mode::Url
                                                          : Mode::Form;
    if (fault_ == FaultId::PrefetchUrl && url && url->IsString()) open_url(url->GetString());
    if (fault_ == FaultId::RequireElicitationId && mode == Mode::Url &&
        find_member(*params, "elicitationId") == nullptr) {
      return reply_error("a URL-mode elicitation needs an elicitationId");
    }
    if (!capability_.supports(mode) && fault_ != FaultId::AcceptUndeclaredMode) {
      return reply_error("elicitation mode " + std::string(to_string(mode)) +
                         " was not declared by this client");
    }
    if (mode == Mode::Url && capability_.form && fault_ == FaultId::RefuseDeclaredUrl) {
      return reply_error("this client does not handle URL mode");
    }
    // The mode faults judge the request as the mode they picked (its other params still count).
    rapidjson::Document as_picked;
    as_picked.CopyFrom(message, as_picked.GetAllocator());
    if (schema_decides || url_decides) {
      Value& p = as_picked["params"];
      p.RemoveMember("mode");
      p.AddMember("mode", rapidjson::StringRef(schema_decides ? "form" : "url"), as_picked.GetAllocator());
      if (schema_decides) {
        p.RemoveMember("url");
        p.RemoveMember("elicitationId");
      }
    }
    if (fault_ != FaultId::TrustRequest && !request_conforms(as_picked, unknown_mode && !schema_decides)) {
      return reply_error("invalid elicitation/create params",
                         fault_ == FaultId::InvalidParamsAsInternalError ? -32603 : -32602);
    }
    const Value* eid = find_member(*params, "elicitationId");
    if (mode == Mode::Url && eid && eid->IsString())
      issued_.insert(std::string(eid->GetString(), eid->GetStringLength()));

    const Value* content = nullptr;
    const Value* shown = find_member(*params, "message");
    std::string action = next_action(
        &content, shown && shown->IsString() ? std::string_view(shown->GetString(), shown->GetStringLength())
                                             : std::string_view());
    if (fault_ == FaultId::SwapDeclineCancel && action != "accept")
      action = action == "decline" ? "cancel" : "decline";
    if (fault_ == FaultId::NoDecline && action == "decline") action = "cancel";
    if (fault_ == FaultId::DeclineIgnored && action == "decline") action = "accept";
    if (fault_ == FaultId::OpenWithoutConsent && mode == Mode::Url && url && url->IsString())
      open_url(url->GetString());
    if (fault_ == FaultId::OpenOnDecline && modern() && action == "decline" && mode == Mode::Url && url &&
        url->IsString())
      open_url(url->GetString());
    if (action != "accept") return reply_result(R"({"action":")" + action + R"("})");
    if (mode == Mode::Url) {
      if (url && url->IsString()) open_url(url->GetString());  // the user agreed to open it
      const char* extra = fault_ == FaultId::ContentInUrlAccept ? R"(,"content":{})" : "";
      return reply_result(R"({"action":"accept")" + std::string(extra) + "}");
    }
    // Form: the user's content, or the defaults the form was pre-filled with (SEP-1034).
    const Value* schema = find_member(*params, "requestedSchema");
    rapidjson::Document filled = fill_form(content, schema, fault_);
    if (schema != nullptr && fault_ != FaultId::SendInvalidContent) {
      SchemaCheck model = check_requested_schema(*schema, revision_, "");
      if (content_refused(validate_content(model.schema, filled, ""))) {
        // A form that does not validate cannot be submitted: the user is left with cancel.
        return reply_result(R"({"action":"cancel"})");
      }
    }
    if (fault_ == FaultId::DropContent) return reply_result(R"({"action":"accept"})");
    encode_content(filled, schema, fault_);
    return reply_result(R"({"action":"accept","content":)" + to_json(filled) + "}");
  }

  // Whether content that broke these rules of its schema keeps the form from being submitted:
  // always, except that validate-types-only sees only types, required fields and item counts.
  bool content_refused(const Diagnostics& problems) const {
    for (const Diagnostic& d : problems) {
      if (fault_ != FaultId::ValidateTypesOnly) return true;
      static const std::set<std::string_view> kUnchecked = {
          "content.minimum", "content.maximum", "content.min-length", "content.max-length",
          "content.format",  "content.pattern", "content.enum"};
      if (!kUnchecked.contains(d.check)) return true;
    }
    return false;
  }

  // The request passes every MUST check of its revision (the unknown-mode-as-form fault also
  // lets an unknown mode through; type-allowlist-missing a property type outside the subset
  // that is neither object nor array).
  bool request_conforms(const rapidjson::Document& message, bool unknown_mode) {
    MessageCheckOptions check;
    check.revision = judged_as();
    // On the modern wire it is an input request (method and params), not a JSON-RPC message.
    const Diagnostics found = modern() ? parse_input_request(message, "", revision_, "").diagnostics
                                       : check_message(message, check).diagnostics;
    for (const Diagnostic& d : found) {
      if (d.level != Level::Must) continue;
      if (unknown_mode && fault_ == FaultId::UnknownModeAsForm && d.check == "elicit.mode-unknown") continue;
      if (fault_ == FaultId::TypeAllowlistMissing && d.check == "schema.property-type-unknown") continue;
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
      if (fault_ == FaultId::PrefetchUrl) open_url(e.url);
      const Value* content = nullptr;
      // consent-once: one accept opens the rest of the list without asking again.
      const bool accepted =
          (consented && fault_ == FaultId::ConsentOnce) || next_action(&content, e.message) == "accept";
      consented = consented || accepted;
      if (accepted || fault_ == FaultId::OpenWithoutConsent) open_url(e.url);
      if (accepted) awaiting_.insert(e.elicitation_id);
    }
  }

  FaultId fault_;
  std::string probe_;
  std::string modes_;
  std::vector<std::string> versions_;
  bool told_versions_ = false;  // ELICIT_CONFORM_PROTOCOL_VERSIONS was set
  bool dual_era_ = false;  // told (ELICIT_CONFORM_PROTOCOL_VERSIONS) a modern and an initialize-based version
  bool fell_back_ = false;  // its probe found a legacy server: the session is on the initialize wire
  std::optional<int> probe_error_code_;  // the error code server/discover got, if any
  int probes_ = 0;                       // server/discover probes sent ("discover-<n>")
  std::optional<int> probe_400_code_;    // the JSON-RPC error code of an HTTP 400 answering the last probe
  std::optional<std::string> retry_version_;  // after a -32022: the advertised version to probe again with
  std::string asked_version_;
  Revision revision_ = default_revision();
  SelfCheckedPeer self_check_{"the reference client"};
  ParsedJson capabilities_json_;
  ElicitationCapability capability_;
  ParsedJson user_;
  std::vector<bool> answered_;               // which scripted answers were given
  std::string declared_caps_ = "none";       // ELICIT_CONFORM_CAPABILITIES as given
  std::string declared_tasks_;               // ELICIT_CONFORM_TASKS as declared ("" for none)
  bool tasks_elicitation_ = false;           // ... names tasks.requests.elicitation.create
  std::map<std::string, ClientTask> tasks_;  // task-augmented elicitations, by task id
  std::set<std::string> responded_;          // ids of our requests the server answered
  std::map<std::string, std::shared_ptr<rapidjson::Document>> responses_;  // ... and their answers
  std::set<std::string> issued_;          // URL elicitation ids the server sent
  std::set<std::string> completed_;       // ... and completed
  std::set<std::string> awaiting_;        // ids of a -32042 the user opened: retry once all complete
  std::unique_ptr<ChildProcess> server_;  // stdio: the server we spawned
  std::unique_ptr<StdioChannel> stdio_;
  std::unique_ptr<HttpClientChannel> http_;  // http: the server's URL
  MessageChannel* channel_ = nullptr;
};

}  // namespace

int run_reference_client(const std::vector<std::string>& server_command,
                         const ReferenceClientOptions& options) {
  return ReferenceClient(options).run(server_command);
}

}  // namespace ec
