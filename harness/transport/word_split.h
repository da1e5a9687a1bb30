// Splits `--command "CMD ..."` into argv the way a POSIX shell splits words, without running a
// shell. Running no shell means no second layer of quoting to get wrong, no expansion that differs
// between sh, bash and zsh, and a SUT that is the direct child of the harness (so the harness,
// not a shell in between, receives its exit status and signals reach it).
//
// Rules: blanks (space, tab, newline, CR) separate words; '...' keeps everything literally;
// "..." keeps everything except that a backslash escapes $ ` " \ and newline (backslash-newline
// disappears); outside quotes a backslash quotes the next character (backslash-newline disappears);
// adjacent parts join into one word (a"b c"'d' is `ab cd`); "" is an empty word. Nothing is
// expanded: $HOME, ~ and * stay as written.
//
// What a user most likely meant for a shell is refused rather than passed on literally: the
// operators | ; & > < and command substitution ($( and ` , also inside double quotes, where a
// shell would run them) are errors that say to wrap a pipeline in sh -c '...'.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ec {

struct SplitResult {
  std::vector<std::string> words;    // empty when `error` is set
  std::optional<std::string> error;  // a sentence for the user
  std::size_t error_offset = 0;      // byte offset into the command of what the error is about

  bool ok() const { return !error.has_value(); }
};

SplitResult split_command(std::string_view command);

}  // namespace ec
