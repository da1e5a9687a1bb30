#include "cli/relay.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace ec {
namespace {

bool write_all(int fd, const char* data, std::size_t size) {
  while (size > 0) {
    const ssize_t n = fd == 1 ? ::write(fd, data, size) : ::send(fd, data, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

int relay_loop(const std::string& socket_path) {
  ::signal(SIGPIPE, SIG_IGN);  // this process only relays; a closed peer ends it through EPIPE
  const int sock = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (socket_path.size() >= sizeof addr.sun_path) {
    std::fprintf(stderr, "elicit-conform relay: socket path too long\n");
    return 2;
  }
  std::strncpy(addr.sun_path, socket_path.c_str(), sizeof addr.sun_path - 1);
  if (sock < 0 || ::connect(sock, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    std::fprintf(stderr, "elicit-conform relay: cannot connect to %s: %s\n", socket_path.c_str(),
                 std::strerror(errno));
    return 3;
  }
  bool stdin_open = true;
  char buf[65536];
  for (;;) {
    pollfd fds[2] = {{sock, POLLIN, 0}, {stdin_open ? 0 : -1, POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return 3;
    }
    if (fds[0].revents != 0) {
      const ssize_t n = ::recv(sock, buf, sizeof buf, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0 || !write_all(1, buf, static_cast<std::size_t>(n))) return 0;  // the harness ended the case
    }
    if (stdin_open && fds[1].revents != 0) {
      const ssize_t n = ::read(0, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        stdin_open = false;  // the client closed our stdin: tell the harness, keep relaying back
        ::shutdown(sock, SHUT_WR);
      } else if (!write_all(sock, buf, static_cast<std::size_t>(n))) {
        return 0;
      }
    }
  }
}

}  // namespace

int run_relay(const std::string& socket_path) {
  // The relay ends with _exit: it has nothing to flush (every write is a write(2)), and exit
  // handlers only delay the client that waits for its server to end. Under the ASan build the
  // leak check at exit held SIGTERM back for over a second on a loaded machine, and the harness
  // stopped conformant clients that were still waiting for their relay.
  ::_exit(relay_loop(socket_path));
}

}  // namespace ec
