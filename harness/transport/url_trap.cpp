#include "transport/url_trap.h"

#include <chrono>
#include <mutex>
#include <thread>

#include "transport/bounded_http_server.h"

namespace ec {
namespace {

using namespace std::chrono_literals;

constexpr std::size_t kMaxRequests = 256;
constexpr std::size_t kMaxBody = 8192;

}  // namespace

struct UrlTrap::State {
  BoundedHttpServer server{1s};  // a request as a whole gets one second
  std::thread listener;
  mutable std::mutex m;
  std::vector<std::string> requests;

  void record(const std::string& target) {
    std::lock_guard lock(m);
    if (requests.size() < kMaxRequests) requests.push_back(target);
  }
};

UrlTrap::UrlTrap(std::string& error) : state_(std::make_shared<State>()) {
  State* s = state_.get();  // the handlers die with the server, which dies with the state
  httplib::Server& svr = s->server;
  svr.new_task_queue = [] { return new httplib::ThreadPool(2); };
  svr.set_keep_alive_max_count(1);  // one request per connection: a fetch, not a session
  svr.set_payload_max_length(kMaxBody);
  const auto trap = [s](const httplib::Request& req, httplib::Response& res) {
    BoundedHttpServer::request_read();
    s->record(req.target.empty() ? req.path : req.target);
    res.status = 200;
    res.set_content("", "text/plain");
  };
  svr.Get(".*", trap);
  svr.Post(".*", trap);
  svr.Put(".*", trap);
  svr.Patch(".*", trap);
  svr.Delete(".*", trap);
  svr.Options(".*", trap);
  // A request cpp-httplib could not parse reaches no handler, only this one (status 400): a
  // connection that tried to fetch something is still a fetch.
  svr.set_error_handler([s](const httplib::Request& req, httplib::Response& res) {
    if (res.status == 400) s->record(req.target.empty() ? "(unparsable request)" : req.target);
  });
  const int port = svr.bind_to_any_port("127.0.0.1");  // loopback only, never every interface
  if (port <= 0) {
    error = "cannot listen on 127.0.0.1";
    return;
  }
  s->listener = std::thread([s] { s->server.listen_after_bind(); });
  // stop() before the accept loop runs would be lost: wait for it.
  for (int i = 0; i < 2000 && !svr.is_running(); ++i) std::this_thread::sleep_for(1ms);
  base_ = "http://127.0.0.1:" + std::to_string(port);
}

UrlTrap::~UrlTrap() {
  if (!state_->listener.joinable()) return;
  state_->server.stop_connections(100ms);
  state_->server.stop();
  state_->listener.join();
}

std::vector<std::string> UrlTrap::requests() const {
  std::lock_guard lock(state_->m);
  return state_->requests;
}

}  // namespace ec
