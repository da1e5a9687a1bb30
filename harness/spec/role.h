// The role of the system under test: a server (the harness plays its client) or a client (the
// harness plays its server). One enum for the case files, the runs, the baselines and the
// reports, which all say "client" or "server" in the same sense.
#pragma once

#include <optional>
#include <string_view>

namespace ec {

enum class Role { Client, Server };

constexpr std::string_view to_string(Role role) { return role == Role::Client ? "client" : "server"; }

// "client" or "server", as case files, baselines (`client:` / `server:`) and the CLI spell it.
constexpr std::optional<Role> parse_role(std::string_view word) {
  if (word == "client") return Role::Client;
  if (word == "server") return Role::Server;
  return std::nullopt;
}

}  // namespace ec
