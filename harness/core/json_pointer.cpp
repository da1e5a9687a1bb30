#include "core/json_pointer.h"

namespace ec {

void append_pointer_token(std::string& pointer, std::string_view token) {
  pointer.push_back('/');
  for (char c : token) {
    if (c == '~') {
      pointer.append("~0");
    } else if (c == '/') {
      pointer.append("~1");
    } else {
      pointer.push_back(c);
    }
  }
}

std::string pointer_append(std::string_view base, std::string_view token) {
  std::string out;
  out.reserve(base.size() + token.size() + 1);
  out.append(base);
  append_pointer_token(out, token);
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
  if (is_index_) {
    append_pointer_token(out, std::to_string(index_));
  } else {
    append_pointer_token(out, text_);
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
