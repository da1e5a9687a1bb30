// Fuzzes the whole-transcript checks (cases/transcript_checks.h), which judge every message a
// SUT sent in a run. Input: JSON lines, each prefixed by who it is for the transcript:
//   S{...}   a message the SUT sent
//   H{...}   a request a send step sent (registered under its id, as the engine does)
//   A{...}   the elicitation params a tool was asked to send
// Every check runs over the transcript in every revision; the SUT's role and the transport come
// from the input's length (two bits), so that one input is judged once per revision, not four times.
// Invariants beyond "no crash":
//  - a failure's pointer is a valid RFC 6901 pointer, and its evidence, when given, is JSON;
//  - the checks are functions of the transcript: the same transcript judged twice agrees;
//  - every rebuilt 2026-07-28 input request is an elicitation/create whose prefix points at
//    /result/inputRequests/<key> of its message.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cases/transcript_checks.h"
#include "core/json.h"
#include "core/json_pointer.h"
#include "fuzz_support.h"

namespace {

using ec::fuzz::require;

constexpr ec::ParseLimits kLimits{std::size_t{1} << 16, 32};
constexpr std::size_t kMaxLines = 64;

std::string outcome(const std::optional<ec::CheckFailure>& f) {
  return f ? f->reason + "\n" + f->pointer + "\n" + f->message : std::string("holds");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = ec::fuzz::as_text(data, size);
  std::vector<std::shared_ptr<rapidjson::Document>> keep;
  ec::Transcript t;
  std::size_t lines = 0;
  for (std::size_t at = 0; at < bytes.size() && lines < kMaxLines; ++lines) {
    std::size_t end = bytes.find('\n', at);
    if (end == std::string_view::npos) end = bytes.size();
    const std::string_view line = bytes.substr(at, end - at);
    at = end + 1;
    if (line.size() < 2) continue;
    ec::ParsedJson parsed = ec::parse_json(line.substr(1), kLimits);
    if (!parsed.ok()) continue;
    keep.push_back(std::make_shared<rapidjson::Document>(std::move(parsed.document)));
    const rapidjson::Value* v = keep.back().get();
    switch (line[0]) {
      case 'S': t.sut_messages.push_back(v); break;
      case 'H': {
        const rapidjson::Value* id = v->IsObject() ? ec::find_member(*v, "id") : nullptr;
        if (id == nullptr) break;
        t.harness_ids.insert(ec::to_json(*id));
        t.step_requests[ec::to_json(*id)] = v;
        break;
      }
      case 'A': t.asked_elicitations.push_back(v); break;
      default: break;
    }
  }
  for (ec::Revision revision : ec::all_revisions()) {
    for (const auto& elicitation : ec::transcript_elicitations(t.sut_messages, revision)) {
      require(elicitation.request && elicitation.request->IsObject(), "a rebuilt elicitation is an object");
      require(elicitation.prefix.empty() || elicitation.prefix.rfind("/result/inputRequests/", 0) == 0,
              "a rebuilt input request sits under /result/inputRequests", elicitation.prefix);
    }
    t.revision = revision;
    t.role = size % 2 == 0 ? ec::Role::Server : ec::Role::Client;
    t.transport = size / 2 % 2 == 0 ? ec::Transport::Stdio : ec::Transport::Http;
    t.http_status.assign(t.transport == ec::Transport::Http ? t.sut_messages.size() : 0, 200);
    for (const std::string& name : ec::known_check_names()) {
      if (!ec::is_transcript_check(name)) continue;
      const std::optional<ec::CheckFailure> first = ec::run_transcript_check(name, t);
      if (first) {
        require(ec::is_valid_pointer(first->pointer), "a failure points with a valid pointer",
                first->pointer);
        require(first->message.empty() || ec::parse_json(first->message).ok(),
                "a failure's evidence is a JSON message", first->message);
        require(!first->reason.empty(), "a failure says why", name);
      }
      require(outcome(first) == outcome(ec::run_transcript_check(name, t)),
              "a check is a function of its transcript", name);
    }
  }
  return 0;
}
