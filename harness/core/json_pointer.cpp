#include "core/json_pointer.h"

namespace ec {

std::string pointer_append(std::string_view base, std::string_view token) {
  std::string out;
  out.reserve(base.size() + token.size() + 1);
  out.append(base);
  out.push_back('/');
  for (char c : token) {
    if (c == '~') {
      out.append("~0");
    } else if (c == '/') {
      out.append("~1");
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string pointer_append(std::string_view base, std::size_t index) {
  return pointer_append(base, std::to_string(index));
}

bool is_valid_pointer(std::string_view pointer) {
  if (pointer.empty()) return true;
  if (pointer.front() != '/') return false;
  for (std::size_t i = 0; i < pointer.size(); ++i) {
    if (pointer[i] != '~') continue;
    if (i + 1 >= pointer.size() || (pointer[i + 1] != '0' && pointer[i + 1] != '1')) return false;
  }
  return true;
}

}  // namespace ec
