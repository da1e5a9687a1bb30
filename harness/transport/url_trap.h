// The URL trap: a tiny HTTP listener on 127.0.0.1 (an ephemeral port) that records every
// request it gets and answers 200 with an empty body. Client cases hand out elicitation URLs
// that point here, so a client that fetches a URL it was never allowed to open is seen doing it
// ("MUST NOT automatically pre-fetch the URL"). Bounded: at most 256 requests are recorded,
// each request head at most 8 KiB, each connection at most 1 s; loopback only.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace ec {

class UrlTrap {
 public:
  // Listens at once; `error` says why when it cannot (then base() is empty).
  explicit UrlTrap(std::string& error);
  ~UrlTrap();
  UrlTrap(const UrlTrap&) = delete;
  UrlTrap& operator=(const UrlTrap&) = delete;

  std::string base() const { return base_; }  // "http://127.0.0.1:PORT"
  // The request targets seen so far ("/connect?e=e-1"), in order.
  std::vector<std::string> requests() const;

 private:
  void serve();

  int listen_fd_ = -1;
  int wake_[2] = {-1, -1};
  std::string base_;
  std::atomic<bool> stop_{false};
  mutable std::mutex mutex_;
  std::vector<std::string> requests_;
  std::thread thread_;
};

}  // namespace ec
