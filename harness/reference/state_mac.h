// The integrity protection of the reference server's requestStates (mrtr.mdx: "If `requestState`
// influences authorization, resource access, or business logic, servers MUST protect its
// integrity (e.g. HMAC or AEAD)"): HMAC-SHA-256 (RFC 2104, FIPS 180-4) under a key drawn once per
// process, so that a state is good for the process that issued it and for nothing a client wrote.
#pragma once

#include <string>
#include <string_view>

namespace ec {

// SHA-256 of `data`, 32 bytes.
std::string sha256(std::string_view data);

// HMAC-SHA-256 of `message` under `key`, as 64 lowercase hex digits.
std::string hmac_sha256_hex(std::string_view key, std::string_view message);

// The key of this process: 32 bytes from std::random_device, drawn on first use.
const std::string& process_state_key();

// `payload` + "." + its MAC under the process key; and the payload of such a text when its MAC
// verifies (compared in constant time), else false.
std::string seal_state(std::string_view payload);
bool open_state(std::string_view sealed, std::string& payload);

}  // namespace ec
