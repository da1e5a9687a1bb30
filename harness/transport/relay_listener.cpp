#include "transport/relay_listener.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <utility>

#include "transport/child_process.h"

namespace ec {
namespace {

std::string sh_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::unique_ptr<RelayListener> RelayListener::create(const std::string& relay_program, std::string& error) {
  if (relay_program.empty()) return error = "no relay program (the harness's own path) is set", nullptr;
  // The folder name and "/relay.sock" take 34 bytes of the socket path's 107.
  std::string base = "/tmp";
  if (const char* tmp = std::getenv("TMPDIR"); tmp != nullptr && tmp[0] == '/' && std::strlen(tmp) <= 64)
    base = tmp;
  std::string dir = base + "/elicit-conform-XXXXXX";
  if (::mkdtemp(dir.data()) == nullptr)
    return error = "mkdtemp under " + base + ": " + std::strerror(errno), nullptr;
  std::unique_ptr<RelayListener> l(new RelayListener());
  l->dir_ = dir;
  const std::string socket_path = dir + "/relay.sock";
  l->script_path_ = dir + "/stdio-server";
  l->listen_fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::strncpy(addr.sun_path, socket_path.c_str(), sizeof addr.sun_path - 1);
  if (l->listen_fd_ < 0 || ::bind(l->listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::listen(l->listen_fd_, 4) != 0) {
    return error = "cannot listen on " + socket_path + ": " + std::strerror(errno), nullptr;
  }
  const std::string script =
      "#!/bin/sh\nexec " + sh_quote(relay_program) + " relay " + sh_quote(socket_path) + "\n";
  if (!write_executable(l->script_path_, script, error)) return error = "relay script: " + error, nullptr;
  return l;
}

RelayListener::~RelayListener() {
  if (listen_fd_ >= 0) ::close(listen_fd_);
  std::error_code ignored;
  if (!dir_.empty()) std::filesystem::remove_all(dir_, ignored);
}

std::shared_ptr<RelayChannel> RelayListener::accept(Deadline deadline, std::size_t max_message_bytes,
                                                    const std::function<bool()>& keep_waiting) {
  while (listen_fd_ >= 0 && !deadline.expired()) {
    pollfd p{listen_fd_, POLLIN, 0};
    if (::poll(&p, 1, 50) > 0) {
      const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd >= 0)
        return std::make_shared<RelayChannel>(std::exchange(listen_fd_, -1), fd, max_message_bytes);
    }
    if (!keep_waiting()) return nullptr;
  }
  return nullptr;
}

}  // namespace ec
