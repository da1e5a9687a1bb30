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

// The same in place: appends "/" + the escaped token to `pointer`.
void append_pointer_token(std::string& pointer, std::string_view token);

// A pointer that is not built until a finding needs it. A checker walks every member of what it
// checks and most places have nothing to report, so building each one's pointer string up front
// was a large part of a check's time. A LazyPointer is a root pointer (already escaped) or its
// parent and one token; str() gives what the chain of pointer_append calls would have given.
//
// It owns nothing: the parent and the token must outlive it (a parameter, a local of an
// enclosing scope, a literal, a string of the document being checked). A child of a temporary
// is refused at compile time, since it would dangle once stored.
class LazyPointer {
 public:
  explicit LazyPointer(std::string_view root) : text_(root) {}
  LazyPointer(const LazyPointer& parent, std::string_view token) : parent_(&parent), text_(token) {}
  LazyPointer(const LazyPointer& parent, std::size_t index)
      : parent_(&parent), index_(index), is_index_(true) {}
  LazyPointer(LazyPointer&& parent, std::string_view token) = delete;
  LazyPointer(LazyPointer&& parent, std::size_t index) = delete;

  std::string str() const;

 private:
  void append_to(std::string& out) const;

  const LazyPointer* parent_ = nullptr;
  std::string_view text_;  // the root pointer, or this node's token (escaped by append_to)
  std::size_t index_ = 0;
  bool is_index_ = false;
};

// True when `pointer` is "" or a sequence of "/token" whose escapes are only "~0" and "~1".
bool is_valid_pointer(std::string_view pointer);

}  // namespace ec
