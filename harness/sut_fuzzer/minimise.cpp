#include "sut_fuzzer/minimise.h"

#include <deque>
#include <string>
#include <utility>

namespace ec {
namespace {

using rapidjson::Value;

// A path from the root: member names of objects and indices of arrays.
using Path = std::vector<std::pair<std::string, rapidjson::SizeType>>;

Value* at(Value& root, const Path& path) {
  Value* v = &root;
  for (const auto& [name, index] : path) v = v->IsObject() ? &(*v)[name.c_str()] : &(*v)[index];
  return v;
}

// The prefix of `s` of about half its length that ends on a UTF-8 character boundary.
std::string half(const std::string& s) {
  std::size_t n = s.size() / 2;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n);
}

}  // namespace

std::vector<rapidjson::Document> shrink_candidates(const Value& value) {
  std::vector<rapidjson::Document> out;
  // Breadth first: outer members before inner ones.
  std::deque<Path> queue{Path{}};
  while (!queue.empty()) {
    const Path path = std::move(queue.front());
    queue.pop_front();
    const Value& v = *at(const_cast<Value&>(value), path);
    if (v.IsObject()) {
      for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
        rapidjson::Document d;
        d.CopyFrom(value, d.GetAllocator());
        at(d, path)->RemoveMember(it->name.GetString());
        out.push_back(std::move(d));
        Path child = path;
        child.emplace_back(it->name.GetString(), 0);
        queue.push_back(std::move(child));
      }
    } else if (v.IsArray()) {
      for (rapidjson::SizeType i = 0; i < v.Size(); ++i) {
        rapidjson::Document d;
        d.CopyFrom(value, d.GetAllocator());
        Value* array = at(d, path);
        array->Erase(array->Begin() + i);
        out.push_back(std::move(d));
        Path child = path;
        child.emplace_back("", i);
        queue.push_back(std::move(child));
      }
    } else if (v.IsString() && v.GetStringLength() > 1) {
      rapidjson::Document d;
      d.CopyFrom(value, d.GetAllocator());
      const std::string shorter = half(std::string(v.GetString(), v.GetStringLength()));
      at(d, path)->SetString(shorter.c_str(), static_cast<rapidjson::SizeType>(shorter.size()),
                             d.GetAllocator());
      out.push_back(std::move(d));
    }
  }
  return out;
}

MinimiseResult minimise(const Value& input, const std::function<bool(const Value&)>& still_fires,
                        std::size_t max_tries) {
  MinimiseResult r;
  r.input.CopyFrom(input, r.input.GetAllocator());
  bool progress = true;
  while (progress && r.tries < max_tries) {
    progress = false;
    for (rapidjson::Document& candidate : shrink_candidates(r.input)) {
      if (r.tries >= max_tries) break;
      ++r.tries;
      if (!still_fires(candidate)) continue;
      r.input.Swap(candidate);
      ++r.steps;
      progress = true;
      break;
    }
  }
  return r;
}

}  // namespace ec
