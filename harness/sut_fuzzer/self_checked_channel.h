// A MessageChannel that judges what the harness writes through it against the revision's
// schema.json, in self-check mode only (ELICIT_CONFORM_SELF_CHECK, schema/spec_schema.h): the
// SUT fuzzer's sessions speak through one, so that their handshakes, answers, pings and tool
// results are held to the rule the case runs and reference peers are held to. A response is
// judged as the result of the request it answers (the channel remembers the methods of the
// requests it received). The fuzz input itself breaks the schema on purpose and goes through
// send_input(), which is not judged. A violation is a stderr line `elicit-conform: self-check:`
// (which fails the tests), never an abort: the campaign goes on.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "schema/spec_schema.h"
#include "spec/revision.h"
#include "transport/message_channel.h"

namespace ec {

class SelfCheckedChannel final : public MessageChannel {
 public:
  SelfCheckedChannel(std::shared_ptr<MessageChannel> inner, Revision revision, std::string who);

  bool send(const std::string& json, Deadline deadline) override;  // judged
  bool send_input(const std::string& json, Deadline deadline);     // a fuzz input: not judged
  ReadResult receive(Deadline deadline) override;
  std::vector<std::string> take_notes() override { return inner_->take_notes(); }

 private:
  std::shared_ptr<MessageChannel> inner_;
  Revision revision_;
  SelfCheckedPeer peer_;
};

}  // namespace ec
