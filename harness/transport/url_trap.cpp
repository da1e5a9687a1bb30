#include "transport/url_trap.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace ec {
namespace {

constexpr std::size_t kMaxRequests = 256;
constexpr std::size_t kMaxHead = 8192;

// Reads the request head (up to the blank line, 8 KiB, or 1 s) and returns its target.
std::string read_target(int fd) {
  std::string head;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  char buf[1024];
  while (head.size() < kMaxHead && head.find("\r\n\r\n") == std::string::npos) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    head.append(buf, static_cast<std::size_t>(n));
  }
  // "GET /path?q HTTP/1.1": the target is the second word.
  const std::size_t sp1 = head.find(' ');
  const std::size_t sp2 = sp1 == std::string::npos ? std::string::npos : head.find(' ', sp1 + 1);
  if (sp2 == std::string::npos) return head.empty() ? "" : "(unparsable request)";
  return head.substr(sp1 + 1, sp2 - sp1 - 1);
}

}  // namespace

UrlTrap::UrlTrap(std::string& error) {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);  // loopback only, never 0.0.0.0
  addr.sin_port = 0;
  socklen_t len = sizeof addr;
  if (listen_fd_ < 0 || ::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::listen(listen_fd_, 16) != 0 ||
      ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&addr), &len) != 0 ||
      ::pipe2(wake_, O_CLOEXEC) != 0) {
    error = std::string("cannot listen on 127.0.0.1: ") + std::strerror(errno);
    return;
  }
  base_ = "http://127.0.0.1:" + std::to_string(ntohs(addr.sin_port));
  thread_ = std::thread([this] { serve(); });
}

UrlTrap::~UrlTrap() {
  stop_ = true;
  if (wake_[1] >= 0) {
    const char byte = 0;
    [[maybe_unused]] const ssize_t n = ::write(wake_[1], &byte, 1);
  }
  if (thread_.joinable()) thread_.join();
  for (int fd : {listen_fd_, wake_[0], wake_[1]}) {
    if (fd >= 0) ::close(fd);
  }
}

std::vector<std::string> UrlTrap::requests() const {
  std::lock_guard lock(mutex_);
  return requests_;
}

void UrlTrap::serve() {
  while (!stop_) {
    pollfd fds[2] = {{listen_fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents != 0 || stop_) return;
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    const std::string target = read_target(fd);
    {
      std::lock_guard lock(mutex_);
      if (requests_.size() < kMaxRequests) requests_.push_back(target);
    }
    static const char kReply[] = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    [[maybe_unused]] const ssize_t n = ::send(fd, kReply, sizeof kReply - 1, MSG_NOSIGNAL);
    ::close(fd);
  }
}

}  // namespace ec
