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

std::string LazyPointer::str() const {
  std::string out;
  append_to(out);
  return out;
}

// Recurses once per token: as deep as the checker's own nesting, never as deep as the input.
void LazyPointer::append_to(std::string& out) const {
  if (parent_ == nullptr) {
    out.append(text_);
    return;
  }
  parent_->append_to(out);
  out.push_back('/');
  if (is_index_) {
    out.append(std::to_string(index_));
    return;
  }
  for (char c : text_) {
    if (c == '~') {
      out.append("~0");
    } else if (c == '/') {
      out.append("~1");
    } else {
      out.push_back(c);
    }
  }
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
