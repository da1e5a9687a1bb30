#include "cases/sut_pool.h"

#include <chrono>

#include "core/json.h"
#include "transport/deadline.h"

namespace ec {
namespace {

using namespace std::chrono_literals;

constexpr auto kRoundTrip = 2s;    // a ping's answer, from a server that is idle
constexpr auto kEndGrace = 300ms;  // an ended session's process, before KILL

// One ping round trip on the session: true when the answer came and nothing else did.
bool quiet_round_trip(WarmSut& sut, std::string& why) {
  if (sut.child->poll_exit()) return why = "the SUT exited", false;
  const std::string id = "elicit-conform-pool-" + std::to_string(++sut.pool_pings);
  const Deadline until = Deadline::after(kRoundTrip);
  if (!sut.channel->send(R"({"jsonrpc":"2.0","id":")" + id + R"(","method":"ping"})", until))
    return why = "the SUT did not take a ping", false;
  for (;;) {
    ReadResult r = sut.channel->receive(until);
    sut.channel->take_notes();
    if (r.status == ReadResult::Timeout) return why = "the SUT did not answer a ping", false;
    if (r.status != ReadResult::Line) return why = "the connection ended", false;
    const ParsedJson m = parse_json(r.line);
    const rapidjson::Value* rid = m.ok() && m.document.IsObject() && !has_member(m.document, "method")
                                      ? find_member(m.document, "id")
                                      : nullptr;
    if (rid == nullptr || !rid->IsString() || rid->GetString() != id)
      return why = "the SUT sent a message of its own between cases", false;
    return true;
  }
}

void end(WarmSut& sut) {
  if (sut.child) sut.child->terminate(kEndGrace);
}

}  // namespace

SutPool::~SutPool() {
  for (Idle& i : idle_) end(i.sut);
  for (auto& [index, child] : ahead_) child->terminate(kEndGrace);
}

std::optional<WarmSut> SutPool::take(const std::string& key) {
  for (;;) {
    std::optional<WarmSut> found;
    {
      std::lock_guard lock(m_);
      for (auto it = idle_.begin(); it != idle_.end(); ++it) {
        if (it->key != key) continue;
        found = std::move(it->sut);
        idle_.erase(it);
        break;
      }
    }
    if (!found) return std::nullopt;
    std::string why;
    if (quiet_round_trip(*found, why)) {
      ++found->cases;
      std::lock_guard lock(m_);
      ++reused_;
      return found;
    }
    end(*found);  // and look for another idle one of the same key
  }
}

bool SutPool::put(const std::string& key, WarmSut sut, std::string& why) {
  if (!quiet_round_trip(sut, why)) {
    end(sut);
    return false;
  }
  std::optional<WarmSut> evicted;
  {
    std::lock_guard lock(m_);
    if (idle_.size() >= kMaxIdle) {
      evicted = std::move(idle_.front().sut);
      idle_.pop_front();
    }
    idle_.push_back({key, std::move(sut)});
    kept_keys_.insert(key);
  }
  if (evicted) end(*evicted);
  return true;
}

std::size_t SutPool::reused() const {
  std::lock_guard lock(m_);
  return reused_;
}

bool SutPool::has_kept(const std::string& key) const {
  std::lock_guard lock(m_);
  return kept_keys_.contains(key);
}

void SutPool::start_ahead(std::size_t index, const ChildOptions& options) {
  {
    std::lock_guard lock(m_);
    if (ahead_.size() >= kMaxAhead || ahead_.contains(index) || claimed_.contains(index)) return;
  }
  std::string error;
  std::unique_ptr<ChildProcess> child = ChildProcess::spawn(options, error);
  if (!child) return;  // the case will start it itself, and say why it could not
  std::unique_lock lock(m_);
  if (claimed_.contains(index) || ahead_.contains(index)) {
    lock.unlock();
    child->terminate(kEndGrace);  // its case started meanwhile (another job)
    return;
  }
  ahead_.emplace(index, std::move(child));
}

std::unique_ptr<ChildProcess> SutPool::take_started(std::size_t index) {
  std::lock_guard lock(m_);
  claimed_.insert(index);
  const auto it = ahead_.find(index);
  if (it == ahead_.end()) return nullptr;
  std::unique_ptr<ChildProcess> child = std::move(it->second);
  ahead_.erase(it);
  return child;
}

}  // namespace ec
