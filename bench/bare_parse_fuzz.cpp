// The yardsticks of the fuzz targets' speed (issue 17; `scripts/fuzz.sh --bench`): libFuzzer
// targets that parse their input with the library underneath and do nothing else, built like the
// targets (fuzz preset: clang, ASan+UBSan, the same coverage instrumentation) and run on a
// target's corpus with its dictionary and flags. A target's executions per second over its
// yardstick's is its ratio. One source, one binary per input format (EC_BARE_FORMAT):
//   json        one RapidJSON parse of the whole input: the yardstick issue 17 names, for every
//               target (on input that is not JSON it fails at the first byte, so its rate is
//               libFuzzer's own)
//   json_pair   two documents split at the first NUL byte (match, content_validator,
//               content_vs_rapidjson), each parsed by RapidJSON
//   json_lines  each line without its first byte (transcript's "S{...}" lines), parsed by RapidJSON
//   re2         the text before the first NUL compiled by RE2 as it is and, when it compiles,
//               searched for in the text after the NUL (pattern)
//   yaml        yaml-cpp loading the input (baseline)
// http_stream has no library underneath (the HTTP and SSE parsers are ours): its yardstick is
// `json`, libFuzzer alone.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include <rapidjson/document.h>

#if EC_BARE_FORMAT_RE2
#include <re2/re2.h>
#endif
#if EC_BARE_FORMAT_YAML
#include <yaml-cpp/yaml.h>
#endif

namespace {

[[maybe_unused]] void parse(std::string_view text) {
  rapidjson::Document d;
  d.Parse(text.data(), text.size());
}

[[maybe_unused]] std::string_view before_nul(std::string_view bytes) {
  return bytes.substr(0, std::min(bytes.find('\0'), bytes.size()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
#if EC_BARE_FORMAT_JSON_PAIR
  const std::string_view first = before_nul(bytes);
  parse(first);
  if (first.size() < bytes.size()) parse(bytes.substr(first.size() + 1));
#elif EC_BARE_FORMAT_JSON_LINES
  for (std::size_t at = 0; at < bytes.size();) {
    const std::size_t end = std::min(bytes.find('\n', at), bytes.size());
    if (end - at >= 2) parse(bytes.substr(at + 1, end - at - 1));
    at = end + 1;
  }
#elif EC_BARE_FORMAT_RE2
  RE2::Options options;
  options.set_log_errors(false);
  const std::string_view pattern = before_nul(bytes);
  const RE2 re(re2::StringPiece(pattern.data(), pattern.size()), options);
  if (re.ok() && pattern.size() < bytes.size()) {
    const std::string_view text = bytes.substr(pattern.size() + 1);
    (void)RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), re);
  }
#elif EC_BARE_FORMAT_YAML
  try {
    (void)YAML::Load(std::string(bytes));
  } catch (const YAML::Exception&) {
  }
#else
  parse(bytes);
#endif
  return 0;
}
