// RFC 6901 JSON pointers, built token by token. Diagnostics carry them so a person (and a
// tool) can find the offending value in the message that was checked.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ec {

// `base` + "/" + token, with "~" escaped as "~0" and "/" as "~1".
std::string pointer_append(std::string_view base, std::string_view token);
std::string pointer_append(std::string_view base, std::size_t index);

// True when `pointer` is "" or a sequence of "/token" whose escapes are only "~0" and "~1".
bool is_valid_pointer(std::string_view pointer);

}  // namespace ec
