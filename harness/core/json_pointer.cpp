#include "core/json_pointer.h"

namespace ec {

void append_pointer_token(std::string& pointer, std::string_view token) {
  pointer.push_back('/');
  // Appended in runs between the characters that need an escape (most tokens have none), not a
  // character at a time.
  std::size_t run = 0;
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] != '~' && token[i] != '/') continue;
    pointer.append(token.data() + run, i - run);
    pointer.append(token[i] == '~' ? "~0" : "~1");
    run = i + 1;
  }
  pointer.append(token.data() + run, token.size() - run);
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
  // One allocation: room for every token unescaped (an escape or a long index may grow it once).
  std::size_t size = 0;
  for (const LazyPointer* p = this; p != nullptr; p = p->parent_) {
    size += p->parent_ == nullptr ? p->text_.size() : 1 + (p->is_index_ ? 4 : p->text_.size());
  }
  std::string out;
  out.reserve(size);
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
