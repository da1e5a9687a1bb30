#include "sut_fuzzer/campaign.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <set>

#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>

#include "cases/runner.h"
#include "core/json.h"
#include "spec/capability.h"
#include "sut_fuzzer/case_inputs.h"
#include "sut_fuzzer/case_writer.h"
#include "sut_fuzzer/corpus.h"
#include "sut_fuzzer/minimise.h"
#include "sut_fuzzer/oracles.h"
#include "sut_fuzzer/progress.h"

namespace ec {
namespace {

namespace fs = std::filesystem;
using rapidjson::Value;

std::string pretty(const std::string& json) {
  rapidjson::Document d;
  d.Parse(json.c_str(), json.size());
  rapidjson::StringBuffer buffer;
  rapidjson::PrettyWriter<rapidjson::StringBuffer> writer(buffer);
  writer.SetIndent(' ', 2);
  d.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize()) + "\n";
}

bool write_file(const fs::path& path, const std::string& text, std::string& error) {
  const fs::path temporary = path.string() + ".tmp";
  {
    std::ofstream f(temporary, std::ios::binary | std::ios::trunc);
    f << text;
    if (!f) return error = "cannot write " + temporary.string(), false;
  }
  std::error_code ec;
  fs::rename(temporary, path, ec);  // a reader never sees half a file
  if (ec) return error = "cannot rename to " + path.string() + ": " + ec.message(), false;
  return true;
}

const FuzzFinding* find(const FuzzOutcome& outcome, const std::string& key) {
  for (const FuzzFinding& f : outcome.findings)
    if (f.key() == key) return &f;
  return nullptr;
}

bool fires(const FuzzOutcome& outcome, const std::string& key) { return find(outcome, key) != nullptr; }

void add_counts(rapidjson::Document& d, Value& into, const char* name,
                const std::map<std::string, std::size_t>& counts) {
  auto& a = d.GetAllocator();
  Value o(rapidjson::kObjectType);
  for (const auto& [k, n] : counts) o.AddMember(Value(k.c_str(), a), Value(static_cast<std::uint64_t>(n)), a);
  into.AddMember(rapidjson::StringRef(name), o, a);
}

struct Recorded {
  FuzzFinding finding;
  std::uint64_t input_index = 0;
  std::string file;
  std::size_t minimise_tries = 0;
  bool minimised = false;
  double found_at = 0;  // campaign seconds when the input that found it ended
  bool case_input = false;
  std::vector<std::string> requirements;  // a case input's: every requirement of its case
};

// A server at --url, or a client served over HTTP: the campaign's transport, and its cases'.
Transport transport_of(const FuzzSessionOptions& session) {
  return !session.url.empty() || session.client_http ? Transport::Http : Transport::Stdio;
}

// The case file of a case input's finding: the mutated seed, renamed, saying where it came from.
std::string case_input_json(const FuzzCaseInputs& inputs, const CaseInput& input, const FuzzFinding& f,
                            const std::string& role) {
  const Case& seed = inputs.seeds()[input.seed];
  rapidjson::Document d = inputs.apply(input, role + "." + case_input_name(f));
  auto& a = d.GetAllocator();
  const std::string title = seed.title + " (fuzzed from " + seed.id + ")";
  d["title"].SetString(title.c_str(), static_cast<rapidjson::SizeType>(title.size()), a);
  std::string comment = "Written by elicit-conform fuzz from the corpus case " + seed.id + " (" +
                        std::to_string(input.mutations.size()) + " mutations";
  for (const CaseMutation& m : input.mutations) comment += "; " + m.describe();
  comment += "): " + f.detail;
  if (const Value* was = find_member(d, "$comment"); was != nullptr && was->IsString())
    comment += " The seed's comment: " + std::string(was->GetString(), was->GetStringLength());
  d.RemoveMember("$comment");
  d.AddMember("$comment", Value(comment.c_str(), static_cast<rapidjson::SizeType>(comment.size()), a), a);
  return to_json(d);
}

}  // namespace

int run_fuzz_campaign(const FuzzOptions& o, std::ostream& out, std::ostream& err) {
  std::string error;
  auto seeds = load_fuzz_seeds(o.cases_dir, o.session.revision, o.role, error);
  if (seeds.empty()) return err << "elicit-conform fuzz: " << error << "\n", 2;
  const FuzzMutator mutator(std::move(seeds));
  FuzzSessionOptions session_options = o.session;
  session_options.seed = o.seed ^ (o.shard * 0x9E3779B97F4A7C15ULL);
  if (session_options.capabilities.empty())
    session_options.capabilities = o.role == "server" ? R"({"form":{},"url":{}})" : R"({"form":{}})";
  std::unique_ptr<FuzzSession> session = o.role == "server" ? make_server_session(session_options)
                                                            : make_client_session(session_options, mutator);

  const fs::path case_dir =
      fs::path(o.out_dir) / "cases" / std::string(to_string(o.session.revision)) / o.role;
  std::error_code ec;
  fs::create_directories(case_dir, ec);
  // The written cases load with the corpus's requirement catalog (the loader needs it beside them).
  fs::create_directories(fs::path(o.out_dir) / "cases" / "requirements", ec);
  for (fs::directory_iterator it(fs::path(o.cases_dir) / "requirements", ec), end; !ec && it != end;
       it.increment(ec))
    fs::copy_file(it->path(), fs::path(o.out_dir) / "cases" / "requirements" / it->path().filename(),
                  fs::copy_options::overwrite_existing, ec);
  if (ec)
    return err << "elicit-conform fuzz: cannot prepare " << o.out_dir << ": " << ec.message() << "\n", 2;

  FuzzCaseInputs case_inputs;
  if (o.case_share > 0) {
    case_inputs = FuzzCaseInputs::load(o.cases_dir, o.role == "server" ? Role::Server : Role::Client,
                                       o.session.revision, transport_of(o.session), error);
    if (!error.empty()) return err << "elicit-conform fuzz: " << error << "\n", 2;
  }
  const RunOptions& case_options = o.case_options;

  bool url_declared = false;  // by a client SUT: the capability it is told to declare names url
  if (ParsedJson caps = parse_json(session_options.capabilities); caps.ok())
    url_declared =
        parse_elicitation_capability(&caps.document, o.session.revision, "").capability.supports(Mode::Url);
  const auto started = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  std::uint64_t inputs = 0, minimise_runs = 0;
  std::set<std::string> seen;
  std::vector<Recorded> recorded;
  bool sut_failed = false;
  // Case inputs take their share of the wall time between session inputs, the first one after
  // the first session input (whose set-up is judged at once; a case input may take seconds).
  std::uint64_t case_runs = 0, case_judged = 0, case_reruns = 0;  // reruns: minimising, confirming
  double case_seconds = 0;
  std::map<std::string, std::size_t> case_seeds_run, case_not_judged;
  // A corpus case the SUT cannot run (it says SKIP, or lacks what the case needs) is drawn no more
  // after three such runs and none judged: it would only take the time of those that run.
  constexpr std::size_t kRetireAfter = 3;
  std::map<std::size_t, std::size_t> unjudged_runs;
  std::set<std::size_t> retired, ever_judged;
  // A line on stderr now and then while it runs (stdout and the files say nothing of it).
  FuzzProgressTicker ticker(err, o.progress_seconds);
  const auto progress = [&](const std::string& minimising) {
    FuzzProgress p;
    p.inputs = inputs;
    p.max_inputs = o.max_inputs;
    p.case_inputs = case_runs;
    p.findings = recorded.size();
    p.seconds = elapsed();
    p.duration_seconds = o.duration_seconds;
    p.minimising = minimising;
    ticker.tick(p);
  };
  const auto run_case_input = [&] {
    const std::uint64_t index = case_runs * o.shards + o.shard;
    FuzzRng draw = FuzzRng::for_input(o.seed, index, "case");
    const CaseInput input = case_inputs.draw(draw, retired);
    const auto begun = std::chrono::steady_clock::now();
    const CaseInputResult result = case_inputs.run(input, o.session.revision, case_options);
    ++case_runs;
    ++case_seeds_run[case_inputs.seeds()[input.seed].id];
    if (result.ran) {
      ++case_judged;
      ever_judged.insert(input.seed);
    } else {
      ++case_not_judged[result.note.substr(0, result.note.find(':'))];
      if (++unjudged_runs[input.seed] >= kRetireAfter && !ever_judged.contains(input.seed))
        retired.insert(input.seed);
    }
    if (result.finding && seen.insert(result.finding->key()).second) {
      const double found_at = elapsed();
      const std::string key = result.finding->key();
      std::size_t tries = 0;
      const CaseInput smallest = case_inputs.minimise(
          input,
          [&](const CaseInput& candidate) {
            ++case_reruns;
            progress(result.finding->oracle);
            const CaseInputResult again = case_inputs.run(candidate, o.session.revision, case_options);
            return again.finding && again.finding->key() == key;
          },
          tries);
      // Run the smallest once more: the case says what that run saw (else the input as found).
      ++case_reruns;
      const CaseInputResult confirmed = case_inputs.run(smallest, o.session.revision, case_options);
      const bool still = confirmed.finding && confirmed.finding->key() == key;
      const CaseInput& written = still ? smallest : input;
      const FuzzFinding& finding = still ? *confirmed.finding : *result.finding;
      const fs::path file = case_dir / (case_input_name(finding) + ".json");
      if (!write_file(file, pretty(case_input_json(case_inputs, written, finding, o.role)), error))
        err << "elicit-conform fuzz: " << error << "\n";
      Recorded r;
      r.finding = finding;
      r.input_index = index;
      r.file = file.string();
      r.minimise_tries = tries;
      r.minimised = still && smallest.mutations.size() < input.mutations.size();
      r.case_input = true;
      r.requirements = result.requirements;
      r.found_at = found_at;
      recorded.push_back(std::move(r));
    }
    case_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
    progress("");
  };
  for (std::uint64_t k = 0;; ++k) {
    if (o.max_inputs && k >= *o.max_inputs) break;
    if (o.stop_on_finding && !recorded.empty()) break;
    if (elapsed() >= o.duration_seconds) break;
    if (!case_inputs.empty() && retired.size() < case_inputs.seeds().size() && inputs > 0 &&
        case_seconds < o.case_share * elapsed()) {
      run_case_input();
      if (elapsed() >= o.duration_seconds) break;
    }
    const std::uint64_t index = k * o.shards + o.shard;
    FuzzRng mutate = FuzzRng::for_input(o.seed, index, "mutate");
    rapidjson::Document input(rapidjson::kObjectType);
    input.AddMember("params", Value(mutator.mutate_params(mutate), input.GetAllocator()),
                    input.GetAllocator());
    // A server input in ten calls the contract's require_url with its params as the one
    // elicitation, and one in ten whose params are a valid URL-mode request calls complete of its
    // id after that (a stream of its own, as below).
    FuzzRng tool = FuzzRng::for_input(o.seed, index, "tool");
    const bool modern = features(o.session.revision).modern_wire;
    if (o.role == "server" && modern) {
      // 2026-07-28 has no -32042 and no completion: require_url must answer without them.
      if (tool.below(10) == 0) input.AddMember("tool", "require_url", input.GetAllocator());
      FuzzRng wire = FuzzRng::for_input(o.seed, index, "modern");
      FuzzMutator::add_modern_mutations(input, wire);
    } else if (modern) {
      FuzzRng wire = FuzzRng::for_input(o.seed, index, "modern");
      FuzzMutator::add_modern_client_mutations(input, wire);
      // A modern client may end its call on an input request it cannot serve (params that break a
      // MUST rule): each such input costs a fresh client. Nine in ten are drawn again (up to four
      // times) for params without a MUST finding; the tenth goes as it is.
      if (!wire.chance(10)) {
        for (int again = 0;
             again < 4 && has_level(request_diagnostics(input["params"], o.session.revision), Level::Must);
             ++again)
          input["params"].CopyFrom(mutator.mutate_params(mutate), input.GetAllocator());
      }
    } else if (o.role == "server") {
      const std::size_t pick = tool.below(10);
      const Value& params = input["params"];
      const Value* eid = find_member(params, "elicitationId");
      const bool completable = eid && eid->IsString() && mode_of_params(params) == "url" &&
                               !has_level(request_diagnostics(params, o.session.revision), Level::Must);
      if (pick == 0 || (pick == 1 && completable))
        input.AddMember("tool", rapidjson::StringRef(pick == 0 ? "require_url" : "complete"),
                        input.GetAllocator());
    }
    // One input in eight also sends notifications (a server before its tool call, a client after
    // its answer), from a stream of their own: the params of a seed stay what they were.
    FuzzRng notify = FuzzRng::for_input(o.seed, index, "notify");
    // (A modern client gets none: the session plays rounds of one held call.)
    if (!(modern && o.role == "client") && notify.chance(12)) {
      // A completion repeated for the input's own elicitation only when the input alone issues it
      // (a valid URL-mode request in a declared mode): else the repeat would hang on an earlier
      // input of the session, and the written case, which sends this input alone, could not show it.
      const Value& params = input["params"];
      const Value* eid = find_member(params, "elicitationId");
      const bool issues = o.role == "client" && eid && eid->IsString() && mode_of_params(params) == "url" &&
                          url_declared &&
                          !has_level(request_diagnostics(params, o.session.revision), Level::Must);
      rapidjson::Document list =
          FuzzMutator::notifications_for(notify, o.role == "client", issues ? eid->GetString() : "");
      input.AddMember("notify", Value(list, input.GetAllocator()), input.GetAllocator());
    }
    FuzzRng reply = FuzzRng::for_input(o.seed, index, "reply");
    FuzzOutcome outcome;
    if (!session->run(input, reply, outcome)) {
      sut_failed = true;
      break;
    }
    ++inputs;
    for (const FuzzFinding& f : outcome.findings) {
      if (!seen.insert(f.key()).second) continue;
      const double found_at = elapsed();
      // Shrink against the SUT itself; a crash or a silence costs a restart or a timeout per
      // try, so those get fewer tries.
      const bool costly = f.oracle == "crash" || f.oracle == "silence";
      // The content a client sent is its scripted user's answer: every re-run must meet that same
      // answer, or a smaller input "still fires" only when the next random answer happens to break
      // the schema the same way (before this, no invalid-content finding was ever minimised).
      // The same holds for the oracles that judge a result against the user's answer.
      const bool about_the_answer = f.oracle == "invalid-content" || f.oracle == "invalid-result" ||
                                    f.oracle == "altered-action" || f.oracle == "ignored-defaults" ||
                                    f.oracle == "retry-content-valid";
      rapidjson::Document answer;
      if (about_the_answer && !outcome.user_answer.IsNull()) {
        answer.CopyFrom(outcome.user_answer, answer.GetAllocator());
        session->pin_user(&answer);
      } else if (f.oracle == "invalid-content" && !outcome.accepted_content.IsNull()) {
        answer.Parse(R"({"action":"accept"})");
        answer.AddMember("content", Value(outcome.accepted_content, answer.GetAllocator()),
                         answer.GetAllocator());
        session->pin_user(&answer);
      }
      // A modern client ends its call on params it cannot serve, and a fresh client costs a start
      // (half a second for a Node.js SDK): a smaller input of valid params stays valid.
      const auto valid = [&](const Value& in) {
        const Value* p = find_member(in, "params");
        return p != nullptr && !has_level(request_diagnostics(*p, o.session.revision), Level::Must);
      };
      const bool keep_valid = modern && o.role == "client" && valid(outcome.input);
      MinimiseResult m = minimise(
          outcome.input,
          [&](const Value& candidate) {
            if (keep_valid && !valid(candidate)) return false;
            FuzzRng r = FuzzRng::for_input(o.seed, index, "minimise");
            FuzzOutcome trial;
            ++minimise_runs;
            progress(f.oracle);
            return session->run(candidate, r, trial) && fires(trial, f.key());
          },
          costly ? o.minimise_tries / 3 : o.minimise_tries);
      // Run the minimised input once more: the case is written from what that run sent and got.
      FuzzRng r = FuzzRng::for_input(o.seed, index, "minimise");
      FuzzOutcome confirmed;
      ++minimise_runs;
      const bool still = session->run(m.input, r, confirmed) && fires(confirmed, f.key());
      session->pin_user(nullptr);
      const FuzzOutcome& basis = still ? confirmed : outcome;
      // The case and the summary say what the written input did (the pointer of the minimised run).
      const FuzzFinding written = still ? *find(confirmed, f.key()) : f;
      const std::string name = fuzz_case_name(f);
      const fs::path file = case_dir / (name + ".json");
      if (!write_file(file,
                      pretty(fuzz_case_json(o.role, o.session.revision, session_options.capabilities, written,
                                            basis, std::string(to_string(transport_of(session_options))))),
                      error))
        err << "elicit-conform fuzz: " << error << "\n";
      Recorded record;
      record.finding = written;
      record.input_index = index;
      record.file = file.string();
      record.minimise_tries = m.tries;
      record.minimised = still;
      record.found_at = found_at;
      recorded.push_back(std::move(record));
    }
    progress("");
  }
  session->stop();
  const double seconds = elapsed();

  rapidjson::Document s(rapidjson::kObjectType);
  auto& a = s.GetAllocator();
  s.AddMember("role", Value(o.role.c_str(), a), a);
  s.AddMember("revision", Value(std::string(to_string(o.session.revision)).c_str(), a), a);
  s.AddMember("seed", Value(o.seed), a);
  s.AddMember("shard", Value((std::to_string(o.shard) + "/" + std::to_string(o.shards)).c_str(), a), a);
  s.AddMember("inputs", Value(inputs), a);
  s.AddMember("minimise_runs", Value(minimise_runs), a);
  s.AddMember("restarts", Value(static_cast<std::uint64_t>(session->restarts())), a);
  if (sut_failed) s.AddMember("sut_error", Value(session->error().c_str(), a), a);
  std::map<std::string, std::size_t> by_oracle;
  Value findings(rapidjson::kArrayType);
  for (const Recorded& r : recorded) {
    ++by_oracle[r.finding.oracle];
    Value f(rapidjson::kObjectType);
    f.AddMember("oracle", Value(r.finding.oracle.c_str(), a), a);
    f.AddMember("signature", Value(r.finding.signature.c_str(), a), a);
    f.AddMember("requirement", Value(r.finding.requirement.c_str(), a), a);
    f.AddMember("level", rapidjson::StringRef(r.finding.level == Level::Must ? "MUST" : "SHOULD"), a);
    if (r.finding.robustness) f.AddMember("scope", "robustness", a);
    f.AddMember("detail", Value(r.finding.detail.c_str(), a), a);
    f.AddMember("input_index", Value(r.input_index), a);
    f.AddMember("minimised", Value(r.minimised), a);
    f.AddMember("minimise_tries", Value(static_cast<std::uint64_t>(r.minimise_tries)), a);
    f.AddMember("case", Value(fs::path(r.file).filename().string().c_str(), a), a);
    if (r.case_input) {
      f.AddMember("input", "case", a);
      Value requirements(rapidjson::kArrayType);
      for (const std::string& q : r.requirements) requirements.PushBack(Value(q.c_str(), a), a);
      f.AddMember("requirements", requirements, a);
    }
    findings.PushBack(f, a);
  }
  add_counts(s, s, "findings_by_oracle", by_oracle);
  s.AddMember("robustness_findings",
              Value(static_cast<std::uint64_t>(std::count_if(
                  recorded.begin(), recorded.end(), [](const Recorded& r) { return r.finding.robustness; }))),
              a);
  s.AddMember("findings", findings, a);
  Value exercised(rapidjson::kObjectType);
  add_counts(s, exercised, "keywords", session->coverage.keywords);
  add_counts(s, exercised, "modes", session->coverage.modes);
  add_counts(s, exercised, "enum_variants", session->coverage.enum_variants);
  add_counts(s, exercised, "actions", session->coverage.actions);
  if (o.role == "client") add_counts(s, exercised, "user_scripts", session->coverage.user_scripts);
  if (o.role == "server") add_counts(s, exercised, "tools", session->coverage.tools);
  if (features(o.session.revision).modern_wire) add_counts(s, exercised, "wire", session->coverage.wire);
  s.AddMember("exercised", exercised, a);

  // Everything above is a function of the seed and the SUT's behaviour; timing is not.
  Value timing(rapidjson::kObjectType);
  timing.AddMember("seconds", Value(seconds), a);
  timing.AddMember("inputs_per_second", Value(seconds > 0 ? static_cast<double>(inputs) / seconds : 0.0), a);
  // Case inputs take a share of the time, so how many ran is a matter of timing too: which corpus
  // cases they came from, and why any of them was not judged (a SKIP, a SUT that did not come up).
  Value cases(rapidjson::kObjectType);
  cases.AddMember("runs", Value(case_runs), a);
  cases.AddMember("judged", Value(case_judged), a);
  cases.AddMember("reruns", Value(case_reruns), a);
  cases.AddMember("seconds", Value(case_seconds), a);
  add_counts(s, cases, "seeds", case_seeds_run);
  add_counts(s, cases, "not_judged", case_not_judged);
  Value retired_ids(rapidjson::kArrayType);
  for (const std::size_t r : retired) retired_ids.PushBack(Value(case_inputs.seeds()[r].id.c_str(), a), a);
  cases.AddMember("retired", retired_ids, a);
  timing.AddMember("case_inputs", cases, a);
  Value found_at(rapidjson::kObjectType);
  for (const Recorded& r : recorded)
    found_at.AddMember(Value(fs::path(r.file).filename().string().c_str(), a), Value(r.found_at), a);
  timing.AddMember("found_at_seconds", found_at, a);
  s.AddMember("timing", timing, a);
  if (!write_file(fs::path(o.out_dir) / "summary.json", pretty(to_json(s)), error))
    err << "elicit-conform fuzz: " << error << "\n";

  char rate[64];
  std::snprintf(rate, sizeof rate, "%.1f s (%.1f inputs/s)", seconds,
                seconds > 0 ? static_cast<double>(inputs) / seconds : 0.0);
  out << "elicit-conform fuzz " << o.role << ": " << inputs << " inputs in " << rate << ", "
      << session->restarts() << " restarts, seed " << o.seed << ", shard " << o.shard << "/" << o.shards
      << "\n";
  if (case_runs > 0)
    out << "case inputs: " << case_runs << " (mutated corpus cases, each against a fresh SUT or session), "
        << case_judged << " judged\n";
  const auto robustness = static_cast<std::size_t>(std::count_if(
      recorded.begin(), recorded.end(), [](const Recorded& r) { return r.finding.robustness; }));
  out << "findings: " << recorded.size();
  if (robustness > 0)
    out << " (" << robustness << " robustness: no spec sentence binds the SUT there, so they fail nothing)";
  out << "\n";
  for (const Recorded& r : recorded) {
    out << "  " << (r.finding.robustness ? "[robustness] " : "") << r.finding.oracle << "  "
        << r.finding.signature << "  -> " << r.file << "\n";
  }
  out << "summary: " << (fs::path(o.out_dir) / "summary.json").string() << "\n";
  if (sut_failed) {
    err << "elicit-conform fuzz: " << session->error() << "\n";
    return 3;
  }
  // A robustness finding is reported with its case but, like its NOTE replay, fails nothing.
  return recorded.size() == robustness ? 0 : 1;
}

}  // namespace ec
