#include "sut_fuzzer/scripted_user.h"

#include "core/json.h"

namespace ec {

bool ScriptedUser::pin(const rapidjson::Value* answer) {
  std::string pinned;
  if (answer != nullptr) {
    rapidjson::Document list(rapidjson::kArrayType);
    for (std::size_t i = 0; i < answers_; ++i)
      list.PushBack(rapidjson::Value(*answer, list.GetAllocator()), list.GetAllocator());
    pinned = to_json(list);
  }
  if (pinned == pinned_) return false;
  pinned_ = std::move(pinned);
  return true;
}

std::string ScriptedUser::next(std::size_t index, FuzzCoverage& coverage) {
  std::string user = pinned_;
  if (user.empty()) {
    FuzzRng rng = FuzzRng::for_input(seed_, index, "user");
    kind_ = FuzzMutator::user_script_kind(index);
    if (skipped_.contains(kind_)) kind_ = FuzzMutator::UserScript::Mixed;
    user = mutator_.user_script(rng, answers_, kind_);
    ++coverage.user_scripts[FuzzMutator::to_string(kind_)];
  }
  ParsedJson parsed = parse_json(user);
  if (parsed.ok() && parsed.document.IsArray())
    script_.Swap(parsed.document);
  else
    script_.SetArray();
  // A script of one answer repeated: whatever entry the client took, the user said this.
  uniform_ = script_.Size() > 0;
  for (const rapidjson::Value& entry : script_.GetArray()) uniform_ = uniform_ && entry == script_[0];
  return user;
}

bool ScriptedUser::skip_current(FuzzCoverage& coverage) {
  if (!pinned_.empty() || kind_ == FuzzMutator::UserScript::Mixed) return false;
  skipped_.insert(kind_);
  coverage.user_scripts[std::string(FuzzMutator::to_string(kind_)) + " (the adapter said SKIP)"] += 1;
  return true;
}

}  // namespace ec
