#include "sut_fuzzer/self_checked_channel.h"

#include <utility>

#include "core/json.h"

namespace ec {

SelfCheckedChannel::SelfCheckedChannel(std::shared_ptr<MessageChannel> inner, Revision revision,
                                       std::string who)
    : inner_(std::move(inner)), revision_(revision), peer_(std::move(who)) {}

bool SelfCheckedChannel::send(const std::string& json, Deadline deadline) {
  peer_.judge_sent(revision_, json);
  return inner_->send(json, deadline);
}

bool SelfCheckedChannel::send_input(const std::string& json, Deadline deadline) {
  return inner_->send(json, deadline);
}

ReadResult SelfCheckedChannel::receive(Deadline deadline) {
  ReadResult r = inner_->receive(deadline);
  if (r.status == ReadResult::Line && self_check_enabled()) {
    if (ParsedJson m = parse_json(r.line); m.ok() && m.document.IsObject()) peer_.received(m.document);
  }
  return r;
}

}  // namespace ec
