#include "sut_fuzzer/case_inputs.h"

#include <algorithm>
#include <array>
#include <filesystem>

#include <rapidjson/pointer.h>

#include "cases/runner.h"
#include "core/json.h"
#include "core/json_pointer.h"
#include "core/utf8.h"

namespace ec {
namespace {

using rapidjson::Value;

constexpr int kUrlRequired = -32042;

// A case stages what a session cannot when it is about first contact between the eras, a legacy
// session, a URL trap, a -32042 flow, or a second session (the latest-version check).
bool stages_what_a_session_cannot(const Case& c) {
  if (!c.sut.versions.empty() || c.harness.revision || c.harness.discover_error_code ||
      c.harness.first_request_error_code || !c.sut.protocol_version.empty())
    return true;
  for (const Step& s : c.steps) {
    if (s.kind == Step::Kind::ExpectNoFetch) return true;
    if (s.kind == Step::Kind::Check &&
        (s.text == "latest-version" || s.text == "unsupported-version-not-echoed"))
      return true;
    if (s.kind == Step::Kind::Reply && s.body != nullptr) {
      const Value* error = find_member(*s.body, "error");
      const Value* code = error ? find_member(*error, "code") : nullptr;
      if (code && code->IsInt() && code->GetInt() == kUrlRequired) return true;
    }
  }
  return false;
}

// The strings of the steps that the harness sends (send and reply bodies), by pointer: an expect
// pattern is what the SUT must send, and changing it would change what the case checks.
void collect_sent_strings(const Value& v, const std::string& at, const char* key,
                          std::vector<std::pair<std::string, std::string>>& out) {
  if (v.IsString() && key != nullptr) {
    out.emplace_back(at, key);
  } else if (v.IsObject()) {
    for (const auto& m : v.GetObject())
      collect_sent_strings(m.value,
                           pointer_append(at, std::string_view(m.name.GetString(), m.name.GetStringLength())),
                           m.name.GetString(), out);
  } else if (v.IsArray()) {
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i)
      collect_sent_strings(v[i], pointer_append(at, i), nullptr, out);
  }
}

struct Knobs {
  std::vector<std::string> texts;   // pointers of free text
  std::vector<std::string> tokens;  // elicitationIds
  bool discover_error = false;
};

Knobs knobs_of(const Case& c) {
  Knobs k;
  const Value* steps = find_member(*c.document, "steps");
  if (steps != nullptr && steps->IsArray()) {
    for (rapidjson::SizeType i = 0; i < steps->Size(); ++i) {
      for (const char* verb : {"send", "reply"}) {
        const Value* body = find_member((*steps)[i], verb);
        if (body == nullptr) continue;
        std::vector<std::pair<std::string, std::string>> strings;
        collect_sent_strings(*body, pointer_append(pointer_append("/steps", i), verb), nullptr, strings);
        for (const auto& [pointer, key] : strings) {
          if (key == "message" || key == "text") k.texts.push_back(pointer);
          if (key == "elicitationId") {
            const Value* v = rapidjson::Pointer(pointer.c_str()).Get(*c.document);
            const std::string token(v->GetString(), v->GetStringLength());
            // Short tokens could occur inside unrelated strings: only distinctive ones are renamed.
            if (token.size() >= 3 && std::find(k.tokens.begin(), k.tokens.end(), token) == k.tokens.end())
              k.tokens.push_back(token);
          }
        }
      }
    }
  }
  k.discover_error = c.harness.revision.has_value();
  return k;
}

std::string random_text(FuzzRng& rng) {
  static constexpr std::array<const char*, 8> kPieces = {
      "Please confirm",        "Ünïcødé ✓",        "\xF0\x9D\x84\x9E astral", "مرحبا بالعالم", "中文提示",
      "quote \" and \\ slash", "line\nbreak\ttab", "zero\xE2\x80\x8Bwidth"};
  std::string out;
  switch (rng.below(4)) {
    case 0:  // a few pieces
      for (std::size_t n = 1 + rng.below(3); n > 0; --n) out += std::string(rng.pick(kPieces)) + " ";
      break;
    case 1:  // long
      for (std::size_t n = 100 + rng.below(400); n > 0; --n) out += rng.pick(kPieces);
      break;
    case 2:  // one character
      out = "x";
      break;
    default:  // printable ASCII noise
      for (std::size_t n = 1 + rng.below(60); n > 0; --n) out += static_cast<char>(' ' + rng.below(95));
  }
  return out;
}

std::string random_token(FuzzRng& rng) {
  static constexpr std::string_view kUrlSafe =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~";
  std::string out = "t";  // never empty, never a lone "." or ".."
  for (std::size_t n = rng.below(48); n > 0; --n) out += kUrlSafe[rng.below(kUrlSafe.size())];
  return out;
}

// Codes a legacy server might answer server/discover with. Not -32020..-32022 (the modern wire's
// own errors: a server that sends one is modern) nor -32042.
constexpr std::array<int, 12> kDiscoverCodes = {-32601, -32600, -32602, -32603, -32700, -32000,
                                                -32001, -32099, -1,     0,      1,      2147483647};

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

void rename_in(Value& v, const std::string& from, const std::string& to,
               rapidjson::Document::AllocatorType& a) {
  if (v.IsString()) {
    std::string s(v.GetString(), v.GetStringLength());
    if (s.find(from) == std::string::npos) return;
    replace_all(s, from, to);
    v.SetString(s.c_str(), static_cast<rapidjson::SizeType>(s.size()), a);
  } else if (v.IsObject()) {
    // By index: clang finds RapidJSON 1.1's member iterator comparison ambiguous under C++20.
    for (rapidjson::SizeType i = 0; i < v.MemberCount(); ++i)
      rename_in((v.MemberBegin() + i)->value, from, to, a);
  } else if (v.IsArray()) {
    for (auto& e : v.GetArray()) rename_in(e, from, to, a);
  }
}

std::string file_safe(std::string s) {
  for (char& c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-')) c = '-';
  return s;
}

}  // namespace

std::string CaseMutation::describe() const {
  switch (kind) {
    case Kind::Rename: return "renamed " + from + " to " + to;
    case Kind::Text: return "new text at " + pointer + " (" + std::to_string(to.size()) + " bytes)";
    case Kind::DiscoverError: return "server/discover answered with error " + std::to_string(code);
  }
  return "";
}

FuzzCaseInputs FuzzCaseInputs::load(const std::string& cases_dir, Role role, Revision revision,
                                    Transport transport, std::string& error) {
  FuzzCaseInputs out;
  std::vector<CaseLoadError> errors;
  std::vector<Case> all = load_cases(cases_dir, errors);
  if (!errors.empty()) {
    error = errors.front().display();
    return out;
  }
  for (Case& c : all) {
    if (c.role != role || c.robustness) continue;
    if (std::find(c.revisions.begin(), c.revisions.end(), revision) == c.revisions.end()) continue;
    if (std::find(c.transports.begin(), c.transports.end(), transport) == c.transports.end()) continue;
    if (stages_what_a_session_cannot(c)) out.seeds_.push_back(std::move(c));
  }
  std::vector<std::string> catalog_errors;
  out.catalog_ = std::make_shared<Catalog>(
      Catalog::load((std::filesystem::path(cases_dir) / "requirements").string(), catalog_errors));
  return out;
}

CaseInput FuzzCaseInputs::draw(FuzzRng& rng, const std::set<std::size_t>& retired) const {
  CaseInput in;
  in.seed = rng.below(seeds_.size() - retired.size());
  for (const std::size_t r : retired)  // the k-th seed still in the draw (retired is sorted)
    if (r <= in.seed) ++in.seed;
  const Knobs k = knobs_of(seeds_[in.seed]);
  const std::size_t kinds =
      (k.texts.empty() ? 0 : 1) + (k.tokens.empty() ? 0 : 1) + (k.discover_error ? 1 : 0);
  if (kinds == 0) return in;
  for (std::size_t n = 1 + rng.below(3); n > 0; --n) {
    CaseMutation m;
    std::size_t pick = rng.below(kinds);
    if (!k.texts.empty() && pick-- == 0) {
      m.kind = CaseMutation::Kind::Text;
      m.pointer = rng.pick(k.texts);
      m.to = random_text(rng);
    } else if (!k.tokens.empty() && pick-- == 0) {
      m.kind = CaseMutation::Kind::Rename;
      m.from = rng.pick(k.tokens);
      m.to = random_token(rng);
    } else {
      m.kind = CaseMutation::Kind::DiscoverError;
      m.code = rng.pick(kDiscoverCodes);
      m.to = rng.chance(50) ? "Method not found" : random_text(rng);
    }
    in.mutations.push_back(std::move(m));
  }
  return in;
}

rapidjson::Document FuzzCaseInputs::apply(const CaseInput& input, const std::string& id) const {
  rapidjson::Document d;
  d.CopyFrom(*seeds_[input.seed].document, d.GetAllocator());
  auto& a = d.GetAllocator();
  for (const CaseMutation& m : input.mutations) {
    switch (m.kind) {
      case CaseMutation::Kind::Rename:
        // Tokens are renamed where the harness sends them and where the case watches for them
        // (a URL trap), which is everywhere in the steps; never in the case's own metadata.
        if (Value* steps = rapidjson::Pointer("/steps").Get(d); steps != nullptr) {
          // A token renamed by an earlier mutation is gone: then this one changes nothing.
          rename_in(*steps, m.from, m.to, a);
        }
        break;
      case CaseMutation::Kind::Text:
        if (Value* v = rapidjson::Pointer(m.pointer.c_str()).Get(d); v != nullptr && v->IsString()) {
          const std::string was(v->GetString(), v->GetStringLength());
          v->SetString(m.to.c_str(), static_cast<rapidjson::SizeType>(m.to.size()), a);
          // A scripted answer addressed to that message (the adapter contract's "message") follows
          // it: the user still answers the elicitation the case meant.
          const Value* user = rapidjson::Pointer("/sut/user").Get(d);
          for (rapidjson::SizeType i = 0; user != nullptr && user->IsArray() && i < user->Size(); ++i) {
            Value* to =
                rapidjson::Pointer(pointer_append(pointer_append("/sut/user", i), "message").c_str()).Get(d);
            if (to != nullptr && to->IsString() &&
                std::string_view(to->GetString(), to->GetStringLength()) == was)
              to->SetString(m.to.c_str(), static_cast<rapidjson::SizeType>(m.to.size()), a);
          }
        }
        break;
      case CaseMutation::Kind::DiscoverError: {
        Value error(rapidjson::kObjectType);
        error.AddMember("code", m.code, a);
        error.AddMember("message", Value(m.to.c_str(), static_cast<rapidjson::SizeType>(m.to.size()), a), a);
        rapidjson::Pointer("/harness/discover_error").Set(d, error);
        break;
      }
    }
  }
  if (!id.empty()) rapidjson::Pointer("/id").Set(d, Value(id.c_str(), a));
  return d;
}

CaseInputResult FuzzCaseInputs::run(const CaseInput& input, Revision revision,
                                    const RunOptions& options) const {
  CaseInputResult out;
  const Case& seed = seeds_[input.seed];
  out.requirements = seed.requirements;
  const std::string text = to_json(apply(input, ""));
  CaseLoadError load_error;
  std::optional<Case> c = load_case(text, seed.file, load_error, catalog_.get());
  if (!c) {
    // A mutation the loader refuses is the fuzzer's bug, not the SUT's: say so, find nothing.
    out.note = "mutated case does not load: " + load_error.display();
    return out;
  }
  // A mutated case's messages may break the schema on purpose (the self-check leaves them alone).
  for (Step& step : c->steps) {
    if (step.kind == Step::Kind::Send || step.kind == Step::Kind::Reply)
      step.nonconformant = "a mutated case of elicit-conform fuzz";
  }
  RunRecord record = run_case(*c, revision, options);
  if (record.skipped) return out.note = "SKIP: " + *record.skipped, out;
  if (record.harness_error) return out.note = "harness error: " + *record.harness_error, out;
  if (record.sut_unavailable) return out.note = "SUT unavailable: " + *record.sut_unavailable, out;
  if (record.failure && record.failure->prerequisite)
    return out.note = "not testable: " + record.failure->reason, out;
  out.ran = true;
  if (!record.failure) return out;
  FuzzFinding f;
  f.oracle = "case-check";
  f.signature = seed.id + " " + record.failure->check;
  f.requirement = seed.requirements.empty() ? "" : seed.requirements.front();
  f.level = seed.level;
  // The reason may quote the SUT: cut on a character boundary, never inside one.
  f.detail =
      "case " + seed.id + ", " + record.failure->check + ": " + abbreviate_utf8(record.failure->reason, 400);
  out.finding = std::move(f);
  return out;
}

CaseInput FuzzCaseInputs::minimise(const CaseInput& input, const std::function<bool(const CaseInput&)>& fires,
                                   std::size_t& tries) const {
  CaseInput kept = input;
  for (std::size_t i = 0; i < kept.mutations.size();) {
    CaseInput candidate = kept;
    candidate.mutations.erase(candidate.mutations.begin() + static_cast<std::ptrdiff_t>(i));
    ++tries;
    if (fires(candidate))
      kept = std::move(candidate);
    else
      ++i;
  }
  return kept;
}

std::string case_input_name(const FuzzFinding& finding) {
  const std::size_t space = finding.signature.find(' ');
  return "fuzz." + finding.oracle + "." + file_safe(finding.signature.substr(0, space)) + "." +
         file_safe(space == std::string::npos ? "" : finding.signature.substr(space + 1));
}

}  // namespace ec
