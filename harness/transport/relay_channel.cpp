#include "transport/relay_channel.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/json.h"
#include "transport/line_reader.h"
#include "transport/line_writer.h"

namespace ec {
namespace {

constexpr std::size_t kMaxConnections = 16;  // a client spawning its server more often is noted, not served

}  // namespace

struct RelayChannel::Connection {
  int fd = -1;
  LineReader reader;
  bool open = true;
  Connection(int f, std::size_t max) : fd(f), reader(f, max) {}
  ~Connection() {
    if (fd >= 0) ::close(fd);
  }
};

RelayChannel::RelayChannel(int listen_fd, int first_fd, std::size_t max_message_bytes)
    : listen_fd_(listen_fd), max_message_bytes_(max_message_bytes) {
  connections_.push_back(std::make_unique<Connection>(first_fd, max_message_bytes));
}

RelayChannel::~RelayChannel() {
  connections_.clear();
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

std::string RelayChannel::label(std::size_t index) const {
  return "stdio server connection " + std::to_string(index + 1);
}

void RelayChannel::shutdown() {
  for (auto& c : connections_) {
    if (c->fd >= 0) ::shutdown(c->fd, SHUT_RDWR);
  }
}

bool RelayChannel::send(const std::string& json, Deadline deadline) {
  std::size_t target = session_ >= 0 ? static_cast<std::size_t>(session_) : connections_.size() - 1;
  ParsedJson parsed = parse_json(json);
  if (parsed.ok() && parsed.document.IsObject() && !has_member(parsed.document, "method")) {
    if (const rapidjson::Value* id = find_member(parsed.document, "id")) {
      const auto it = pending_.find(to_json(*id));
      if (it != pending_.end()) {
        target = it->second;
        pending_.erase(it);
      }
    }
  }
  Connection& c = *connections_[target];
  if (!c.open) {
    notes_.push_back("not delivered: " + label(target) + " is closed");
    return false;
  }
  return write_line(c.fd, json, deadline) == WriteStatus::Ok;
}

void RelayChannel::accept_new() {
  const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) return;
  if (connections_.size() >= kMaxConnections) {
    notes_.push_back("the client started its stdio server again; over " + std::to_string(kMaxConnections) +
                     " connections, this one is refused");
    ::close(fd);
    return;
  }
  connections_.push_back(std::make_unique<Connection>(fd, max_message_bytes_));
  notes_.push_back("the client started its stdio server again: " + label(connections_.size() - 1));
}

void RelayChannel::read_from(std::size_t index) {
  Connection& c = *connections_[index];
  for (;;) {
    ReadResult r = c.reader.read(Deadline::now());
    if (r.status == ReadResult::Timeout) return;
    const bool session = session_ == static_cast<long>(index);
    if (r.status == ReadResult::Line && session_ < 0) {
      ParsedJson parsed = parse_json(r.line);
      const rapidjson::Value* method =
          parsed.ok() && parsed.document.IsObject() ? find_member(parsed.document, "method") : nullptr;
      const rapidjson::Value* id =
          parsed.ok() && parsed.document.IsObject() ? find_member(parsed.document, "id") : nullptr;
      if (method && method->IsString() && std::string_view(method->GetString()) == "initialize") {
        session_ = static_cast<long>(index);
        if (index > 0 || connections_.size() > 1)
          notes_.push_back(label(index) + " sent initialize: it is the session");
        if (id) pending_.erase(to_json(*id));  // the answer to initialize goes to the session
      } else if (method && id) {
        pending_[to_json(*id)] = index;  // answered on the connection that asked
      }
      ready_.push_back(std::move(r));
      continue;
    }
    if (!session && session_ >= 0) {
      // Not the session's: seen, not delivered.
      if (r.status == ReadResult::Line) {
        notes_.push_back(label(index) + " (not the session) sent: " + r.line.substr(0, 300));
        continue;
      }
    }
    if (r.status == ReadResult::Eof || r.status == ReadResult::Error) {
      c.open = false;
      if (session) {
        ready_.push_back(std::move(r));
      } else {
        notes_.push_back("the client closed " + label(index) +
                         (session_ < 0 ? " before sending initialize (a probe)" : " (not the session)"));
        for (auto it = pending_.begin(); it != pending_.end();) {
          it = it->second == index ? pending_.erase(it) : std::next(it);
        }
      }
      return;
    }
    if (session || session_ < 0) ready_.push_back(std::move(r));
  }
}

ReadResult RelayChannel::receive(Deadline deadline) {
  for (;;) {
    if (ready_head_ < ready_.size()) {
      ReadResult r = std::move(ready_[ready_head_++]);
      if (ready_head_ == ready_.size()) {
        ready_.clear();
        ready_head_ = 0;
      }
      return r;
    }
    std::vector<pollfd> fds;
    std::vector<std::size_t> which;
    fds.push_back({listen_fd_, POLLIN, 0});
    for (std::size_t i = 0; i < connections_.size(); ++i) {
      if (!connections_[i]->open) continue;
      fds.push_back({connections_[i]->fd, POLLIN, 0});
      which.push_back(i);
    }
    const int rc = ::poll(fds.data(), fds.size(), deadline.poll_timeout());
    if (rc < 0 && errno != EINTR) {
      ReadResult r;
      r.status = ReadResult::Error;
      r.error_number = errno;
      return r;
    }
    if (rc > 0) {
      if (fds[0].revents != 0) accept_new();
      for (std::size_t k = 1; k < fds.size(); ++k) {
        if (fds[k].revents != 0) read_from(which[k - 1]);
      }
      continue;
    }
    if (deadline.expired()) return ReadResult{};  // Timeout
  }
}

}  // namespace ec
