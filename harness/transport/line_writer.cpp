#include "transport/line_writer.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <ctime>
#include <string>

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>

namespace ec {
namespace {

// Blocks SIGPIPE in this thread while alive. A write to a pipe without a reader raises SIGPIPE
// at the writing thread; blocked, it stays pending, and the destructor takes it back out, unless
// it was already pending before (then it was not ours to take).
class SigpipeBlock {
 public:
  SigpipeBlock() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_, &previous_);
    sigset_t pending;
    sigemptyset(&pending);
    sigpending(&pending);
    was_pending_ = sigismember(&pending, SIGPIPE) == 1;
  }
  SigpipeBlock(const SigpipeBlock&) = delete;
  SigpipeBlock& operator=(const SigpipeBlock&) = delete;

  void saw_epipe() { saw_epipe_ = true; }

  ~SigpipeBlock() {
    const int saved_errno = errno;
    if (saw_epipe_ && !was_pending_) {
      const timespec zero{0, 0};
      while (sigtimedwait(&pipe_, nullptr, &zero) == -1 && errno == EINTR) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
    errno = saved_errno;
  }

 private:
  sigset_t pipe_;
  sigset_t previous_;
  bool was_pending_ = false;
  bool saw_epipe_ = false;
};

}  // namespace

std::string_view to_string(WriteStatus status) {
  switch (status) {
    case WriteStatus::Ok: return "ok";
    case WriteStatus::Timeout: return "timed out";
    case WriteStatus::Closed: return "closed by the reader";
    case WriteStatus::Error: return "error";
  }
  return "error";
}

WriteStatus write_all(int fd, std::string_view bytes, Deadline deadline) {
  const int flags = fcntl(fd, F_GETFL);
  if (flags == -1) return WriteStatus::Error;
  const bool blocking = (flags & O_NONBLOCK) == 0;

  SigpipeBlock block;
  while (!bytes.empty()) {
    pollfd p{fd, POLLOUT, 0};
    const int ready = poll(&p, 1, deadline.poll_timeout());
    if (ready < 0) {
      if (errno == EINTR) continue;
      return WriteStatus::Error;
    }
    if (ready == 0) return WriteStatus::Timeout;
    if ((p.revents & POLLNVAL) != 0) {
      errno = EBADF;
      return WriteStatus::Error;
    }
    // POLLERR on a pipe's write end means the reader is gone: the write below reports EPIPE.
    const std::size_t chunk = blocking ? std::min<std::size_t>(bytes.size(), PIPE_BUF) : bytes.size();
    const ssize_t n = ::write(fd, bytes.data(), chunk);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
      if (errno == EPIPE) {
        block.saw_epipe();
        return WriteStatus::Closed;
      }
      return WriteStatus::Error;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return WriteStatus::Ok;
}

WriteStatus write_line(int fd, std::string_view message, Deadline deadline) {
  std::string framed;
  framed.reserve(message.size() + 1);
  framed.append(message);
  framed += '\n';
  return write_all(fd, framed, deadline);
}

}  // namespace ec
