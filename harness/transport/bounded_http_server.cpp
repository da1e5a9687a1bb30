#include "transport/bounded_http_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include "transport/deadline.h"

namespace ec {
namespace {

using namespace std::chrono_literals;
using Clock = Deadline::Clock;

constexpr auto kSlice = 50ms;  // how often a wait looks at the stop flag

// The connection being served on this thread: handlers reach it through the static functions.
struct Connection {
  bool deadline_armed = false;
  Clock::time_point deadline;
  bool close_after = false;
};
thread_local Connection* t_connection = nullptr;

// Waits until `fd` is ready for `events`, until `until` or a stop; false if it is not.
bool wait_for(int fd, short events, Clock::time_point until, const std::atomic<bool>& stopping) {
  for (;;) {
    if (stopping) return false;
    const auto now = Clock::now();
    if (now >= until) return false;
    const auto slice = std::min<Clock::duration>(until - now, kSlice);
    pollfd p{fd, events, 0};
    const int ready =
        ::poll(&p, 1, static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(slice).count()));
    if (ready > 0) return true;  // readable, writable, or an error that the next call reports
    if (ready < 0 && errno != EINTR) return false;
  }
}

std::string address_text(const sockaddr_storage& addr, int& port) {
  char text[INET6_ADDRSTRLEN] = "";
  if (addr.ss_family == AF_INET) {
    const auto& a = reinterpret_cast<const sockaddr_in&>(addr);
    ::inet_ntop(AF_INET, &a.sin_addr, text, sizeof text);
    port = ntohs(a.sin_port);
  } else if (addr.ss_family == AF_INET6) {
    const auto& a = reinterpret_cast<const sockaddr_in6&>(addr);
    ::inet_ntop(AF_INET6, &a.sin6_addr, text, sizeof text);
    port = ntohs(a.sin6_port);
  }
  return text;
}

// A socket as cpp-httplib reads and writes it, with the request deadline on every read.
class DeadlineStream final : public httplib::Stream {
 public:
  DeadlineStream(int fd, const Connection& connection, std::chrono::seconds read_timeout,
                 std::chrono::seconds write_timeout, const std::atomic<bool>& stopping)
      : fd_(fd),
        connection_(connection),
        read_timeout_(read_timeout),
        write_timeout_(write_timeout),
        stopping_(stopping) {}

  bool has_buffered() const { return head_ < length_; }

  bool is_readable() const override {
    return has_buffered() || wait_for(fd_, POLLIN, read_until(), stopping_);
  }

  bool is_writable() const override {
    if (!wait_for(fd_, POLLOUT, Clock::now() + write_timeout_, stopping_)) return false;
    // Writable but closed by the peer: a peek reads 0 (cpp-httplib's is_socket_alive).
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0) return true;
    char byte;
    return ::recv(fd_, &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
  }

  // cpp-httplib reads request heads a byte at a time: served from a buffer, not a syscall each.
  ssize_t read(char* ptr, size_t size) override {
    if (!has_buffered()) {
      if (!wait_for(fd_, POLLIN, read_until(), stopping_)) return -1;
      ssize_t n;
      do {
        n = ::recv(fd_, buffer_, sizeof buffer_, 0);
      } while (n < 0 && errno == EINTR);
      if (n <= 0) return n;
      length_ = static_cast<std::size_t>(n);
      head_ = 0;
    }
    const std::size_t take = std::min(size, length_ - head_);
    std::memcpy(ptr, buffer_ + head_, take);
    head_ += take;
    return static_cast<ssize_t>(take);
  }

  ssize_t write(const char* ptr, size_t size) override {
    if (!wait_for(fd_, POLLOUT, Clock::now() + write_timeout_, stopping_)) return -1;
    ssize_t n;
    do {
      n = ::send(fd_, ptr, size, MSG_NOSIGNAL);
    } while (n < 0 && errno == EINTR);
    return n;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    if (::getpeername(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) ip = address_text(addr, port);
  }

  void get_local_ip_and_port(std::string& ip, int& port) const override {
    sockaddr_storage addr{};
    socklen_t len = sizeof addr;
    if (::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0) ip = address_text(addr, port);
  }

  socket_t socket() const override { return fd_; }

 private:
  // A read waits read_timeout at most, and never past the request's deadline.
  Clock::time_point read_until() const {
    const auto per_read = Clock::now() + read_timeout_;
    return connection_.deadline_armed ? std::min(per_read, connection_.deadline) : per_read;
  }

  int fd_;
  const Connection& connection_;
  std::chrono::seconds read_timeout_;
  std::chrono::seconds write_timeout_;
  const std::atomic<bool>& stopping_;
  char buffer_[4096];  // buffer_[head_, length_): received, not yet handed out
  std::size_t head_ = 0;
  std::size_t length_ = 0;
};

}  // namespace

void BoundedHttpServer::stop_connections(std::chrono::milliseconds grace) {
  closing_ = true;
  const Deadline until = Deadline::after(grace);
  for (;;) {
    {
      std::lock_guard lock(m_);
      if (open_.empty() || until.expired()) {
        stopping_ = true;
        for (const socket_t fd : open_) ::shutdown(fd, SHUT_RDWR);  // reads and writes fail at once
        return;
      }
    }
    std::this_thread::sleep_for(5ms);
  }
}

void BoundedHttpServer::request_read() {
  if (t_connection != nullptr) t_connection->deadline_armed = false;
}

void BoundedHttpServer::close_after_response() {
  if (t_connection != nullptr) t_connection->close_after = true;
}

bool BoundedHttpServer::process_and_close_socket(socket_t sock) {
  {
    std::lock_guard lock(m_);
    if (closing_) {
      ::shutdown(sock, SHUT_RDWR);
      ::close(sock);
      return false;
    }
    open_.insert(sock);
  }
  Connection connection;
  t_connection = &connection;
  DeadlineStream stream(sock, connection, std::chrono::seconds(read_timeout_sec_),
                        std::chrono::seconds(write_timeout_sec_), stopping_);
  bool ok = false;
  // cpp-httplib's keep-alive loop: the next request must begin within the keep-alive timeout.
  for (std::size_t left = keep_alive_max_count_; left > 0; --left) {
    const auto idle_until = Clock::now() + std::chrono::seconds(keep_alive_timeout_sec_);
    if (closing_ || (!stream.has_buffered() && !wait_for(sock, POLLIN, idle_until, closing_))) break;
    connection.deadline = Clock::now() + request_timeout_;
    connection.deadline_armed = true;
    connection.close_after = false;
    bool closed = false;
    ok = process_request(stream, left == 1, closed, nullptr);
    if (!ok || closed || connection.close_after || closing_) break;
  }
  t_connection = nullptr;
  {
    std::lock_guard lock(m_);
    open_.erase(sock);
  }
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return ok;
}

}  // namespace ec
