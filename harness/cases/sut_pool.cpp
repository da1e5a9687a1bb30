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
    const rapidjson::Value* rid = m.ok() && m.document.IsObject() && !m.document.HasMember("method")
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
  }
  if (evicted) end(*evicted);
  return true;
}

std::size_t SutPool::reused() const {
  std::lock_guard lock(m_);
  return reused_;
}

}  // namespace ec
