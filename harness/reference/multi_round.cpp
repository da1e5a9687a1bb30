#include "reference/multi_round.h"

#include <cstdint>
#include <cstdio>

#include "core/json.h"
#include "reference/state_mac.h"
#include "spec/elicitation.h"

namespace ec {
namespace {

using rapidjson::Value;

constexpr std::string_view kSequence = "elicit_sequence";
constexpr std::string_view kTogether = "elicit_together";

// The state names the call it belongs to (call_fingerprint).
std::string fingerprint(const Value& call_params) { return "ref.seq." + call_fingerprint(call_params) + "."; }

// A requestState keeps the answers so far, which decide the result: the business logic of
// mrtr.mdx's "servers MUST protect its integrity", so it goes out sealed (reference/state_mac.h)
// and a retry's is opened, its MAC verified, before a byte of it is read. unsigned-state sends
// it plain and trusts it; unchecked-state-mac seals it but never checks the seal.
std::string issue_state(const std::string& payload, FaultId fault) {
  return fault == FaultId::UnsignedState ? payload : seal_state(payload);
}

bool state_payload(const Value& state, FaultId fault, std::string& payload) {
  if (!state.IsString()) return false;
  const std::string_view text(state.GetString(), state.GetStringLength());
  if (fault == FaultId::UnsignedState) {
    payload = std::string(text);
    return true;
  }
  if (fault == FaultId::UncheckedStateMac) {
    const std::size_t dot = text.rfind('.');
    if (dot == std::string_view::npos) return false;
    payload = std::string(text.substr(0, dot));
    return true;
  }
  return open_state(text, payload);
}

MultiRoundStep invalid(std::string why) {
  MultiRoundStep s;
  s.why = std::move(why);
  return s;
}

std::string input_request(const std::string& key, const Value& params) {
  return to_json_string(key) + R"(:{"method":"elicitation/create","params":)" + to_json(params) + "}";
}

MultiRoundStep complete(const std::vector<std::string>& answers) {
  MultiRoundStep s;
  s.kind = MultiRoundStep::Kind::Complete;
  s.answers = "[";
  for (std::size_t i = 0; i < answers.size(); ++i) s.answers += (i ? "," : "") + answers[i];
  s.answers += "]";
  return s;
}

// The answer under `key`, when the retry has one: its JSON, "" when absent; false when it is
// there and no ElicitResult (a protocol error, MRTR-PROTOCOL-ERRORS).
bool answer_under(const Value* responses, const std::string& key, std::string& json) {
  json.clear();
  const Value* answer = responses != nullptr ? find_member(*responses, key) : nullptr;
  if (answer == nullptr) return true;
  if (!parse_elicit_result(*answer, Revision::V2026_07_28, std::nullopt, "").result) return false;
  json = to_json(*answer);
  return true;
}

MultiRoundStep sequence_step(const Value& call_params, const std::vector<const Value*>& asked, FaultId fault,
                             MultiRoundMemory& memory) {
  const Value* responses = find_member(call_params, "inputResponses");
  const Value* state = find_member(call_params, "requestState");
  const std::string prefix = fingerprint(call_params);
  std::vector<std::string> answers;
  std::string opened;
  if (state != nullptr && !state_payload(*state, fault, opened))
    return invalid("requestState fails verification");
  if (fault == FaultId::RoundsOnConnection) {
    // The fault: the process's memory says where "the" sequence stands, whatever the request says
    // (a state it is given is still verified as its own: the fault is where it reads, not whether).
    if (responses == nullptr) memory.answers.clear();
    answers = memory.answers;
  } else if (state != nullptr) {
    const std::string_view text = opened;
    if (!text.starts_with(prefix)) return invalid("requestState does not belong to this request");
    ParsedJson kept = parse_json(text.substr(prefix.size()));
    if (!kept.ok() || !kept.document.IsArray() || kept.document.Size() >= asked.size())
      return invalid("requestState does not belong to this request");
    for (const Value& a : kept.document.GetArray()) answers.push_back(to_json(a));
  }
  std::string key = "step-" + std::to_string(answers.size() + 1);
  std::string answer;
  if (!answer_under(responses, key, answer))
    return invalid("inputResponses/" + key + " is not an ElicitResult");
  if (!answer.empty()) {
    answers.push_back(answer);
    if (fault == FaultId::RoundsOnConnection) memory.answers = answers;
    if (answers.size() == asked.size()) return complete(answers);
    key = "step-" + std::to_string(answers.size() + 1);
  }
  // The next round, or this one again when its answer did not come (MRTR-ASK-AGAIN).
  MultiRoundStep s;
  s.kind = MultiRoundStep::Kind::Ask;
  s.input_requests = "{" + input_request(key, *asked[answers.size()]) + "}";
  s.round = answers.size() + 1;
  std::string kept = "[";
  for (std::size_t i = 0; i < answers.size(); ++i) kept += (i ? "," : "") + answers[i];
  s.request_state = issue_state(prefix + kept + "]", fault);
  return s;
}

// The answers a retry's requestState keeps for elicit_together: one member per input asked, the
// ElicitResult's JSON or null while it is missing. False when the state is not this call's.
bool kept_together_answers(const Value* state, const std::string& prefix, std::size_t asked, FaultId fault,
                           std::vector<std::string>& answers) {
  answers.assign(asked, "");
  if (state == nullptr) return true;
  std::string opened;
  if (!state_payload(*state, fault, opened)) return false;
  const std::string_view text = opened;
  if (!text.starts_with(prefix)) return false;
  ParsedJson kept = parse_json(text.substr(prefix.size()));
  if (!kept.ok() || !kept.document.IsArray() || kept.document.Size() != asked) return false;
  for (std::size_t i = 0; i < asked; ++i) {
    const Value& a = kept.document[static_cast<rapidjson::SizeType>(i)];
    if (!a.IsNull() && !a.IsObject()) return false;
    if (a.IsObject()) answers[i] = to_json(a);
  }
  return true;
}

MultiRoundStep together_step(const Value& call_params, const std::vector<const Value*>& asked,
                             FaultId fault) {
  const Value* responses = find_member(call_params, "inputResponses");
  const std::string prefix = "ref.tog." + call_fingerprint(call_params) + ".";
  std::vector<std::string> answers;
  // together-forgets-answers: only this retry's inputResponses count, so a client that answers in
  // parts is asked again, without end, for what it answered before.
  const Value* state =
      fault == FaultId::TogetherForgetsAnswers ? nullptr : find_member(call_params, "requestState");
  if (!kept_together_answers(state, prefix, asked.size(), fault, answers))
    return invalid("requestState does not belong to this request");
  std::string missing;
  for (std::size_t i = 0; i < asked.size(); ++i) {
    const std::string key = "input-" + std::to_string(i + 1);
    std::string answer;
    if (!answer_under(responses, key, answer))
      return invalid("inputResponses/" + key + " is not an ElicitResult");
    if (!answer.empty()) answers[i] = std::move(answer);
    if (answers[i].empty()) {
      // together-one-key: every input under one key, a member name repeated in one object.
      const std::string named = fault == FaultId::TogetherOneKey ? std::string("input") : key;
      missing += (missing.empty() ? "" : ",") + input_request(named, *asked[i]);
    }
  }
  if (missing.empty()) return complete(answers);
  // Ask for what is still missing (MRTR-ASK-AGAIN), keeping what was answered in the requestState:
  // the retry alone says where the call stands (mrtr.mdx), and a first round has none to keep.
  MultiRoundStep s;
  s.kind = MultiRoundStep::Kind::Ask;
  s.input_requests = "{" + missing + "}";
  s.round = 1;
  std::string kept;
  bool any = false;
  for (const std::string& a : answers) {
    kept += std::string(kept.empty() ? "[" : ",") + (a.empty() ? "null" : a);
    any = any || !a.empty();
  }
  if (any && fault != FaultId::TogetherForgetsAnswers)
    s.request_state = issue_state(prefix + kept + "]", fault);
  return s;
}

}  // namespace

bool is_multi_round_tool(std::string_view tool) { return tool == kSequence || tool == kTogether; }

std::string call_fingerprint(const Value& call_params) {
  const Value* name = find_member(call_params, "name");
  const Value* args = find_member(call_params, "arguments");
  const std::string text = (name ? to_json(*name) : "") + (args ? to_json(*args) : "");
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

std::vector<const Value*> multi_round_params(const Value& arguments) {
  std::vector<const Value*> out;
  const Value* params = find_member(arguments, "params");
  if (params == nullptr || !params->IsArray() || params->Empty()) return {};
  for (const Value& p : params->GetArray()) {
    if (!p.IsObject()) return {};
    out.push_back(&p);
  }
  return out;
}

MultiRoundStep multi_round_step(std::string_view tool, const Value& call_params, FaultId fault,
                                MultiRoundMemory& memory) {
  const Value* args = find_member(call_params, "arguments");
  const std::vector<const Value*> asked = args ? multi_round_params(*args) : std::vector<const Value*>{};
  if (asked.empty()) return invalid(std::string(tool) + " needs a non-empty \"params\" array of objects");
  const Value* responses = find_member(call_params, "inputResponses");
  if (responses != nullptr && !responses->IsObject()) return invalid("inputResponses must be an object");
  return tool == kSequence ? sequence_step(call_params, asked, fault, memory)
                           : together_step(call_params, asked, fault);
}

}  // namespace ec
