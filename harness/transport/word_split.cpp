#include "transport/word_split.h"

namespace ec {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

bool is_operator(char c) { return c == '|' || c == ';' || c == '&' || c == '>' || c == '<'; }

// Inside double quotes a backslash escapes only these; before anything else it stays as written.
bool escapable_in_double_quotes(char c) { return c == '$' || c == '`' || c == '"' || c == '\\' || c == '\n'; }

constexpr std::string_view kNoShell =
    "no shell runs this command; quote it to pass it as an argument, or wrap the command to run "
    "a pipeline: sh -c '...'";

SplitResult fail(std::size_t offset, std::string message) {
  SplitResult result;
  result.error = std::move(message);
  result.error_offset = offset;
  return result;
}

// The operator as the user typed it (`&&` reads better than `&` in the message).
std::string_view operator_text(std::string_view command, std::size_t i) {
  if (command[i] == '$' || command[i] == '`') return command.substr(i, command[i] == '$' ? 2 : 1);
  if (i + 1 < command.size() && command[i + 1] == command[i]) return command.substr(i, 2);
  return command.substr(i, 1);
}

}  // namespace

SplitResult split_command(std::string_view command) {
  SplitResult result;
  std::string word;
  bool in_word = false;  // an empty quoted part ("") still makes a word
  const std::size_t n = command.size();
  std::size_t i = 0;

  while (i < n) {
    const char c = command[i];
    if (is_blank(c)) {
      if (in_word) result.words.push_back(std::move(word));
      word.clear();
      in_word = false;
      ++i;
    } else if (c == '\\') {
      if (i + 1 == n) return fail(i, "a backslash at the end of the command quotes nothing");
      if (command[i + 1] != '\n') {
        word += command[i + 1];
        in_word = true;
      }
      i += 2;
    } else if (c == '\'') {
      const std::size_t close = command.find('\'', i + 1);
      if (close == std::string_view::npos) {
        return fail(i, "unterminated single quote: the ' at byte " + std::to_string(i) + " is never closed");
      }
      word.append(command.substr(i + 1, close - i - 1));
      in_word = true;
      i = close + 1;
    } else if (c == '"') {
      const std::size_t open = i++;
      in_word = true;
      for (;;) {
        if (i == n) {
          return fail(
              open, "unterminated double quote: the \" at byte " + std::to_string(open) + " is never closed");
        }
        const char d = command[i];
        if (d == '"') {
          ++i;
          break;
        }
        if (d == '\\' && i + 1 < n && escapable_in_double_quotes(command[i + 1])) {
          if (command[i + 1] != '\n') word += command[i + 1];
          i += 2;
          continue;
        }
        if (d == '`' || (d == '$' && i + 1 < n && command[i + 1] == '(')) {
          return fail(i, "'" + std::string(operator_text(command, i)) +
                             "' inside double quotes is command substitution in a shell, but no shell runs "
                             "this command; write \\" +
                             std::string(1, d) +
                             " for the literal character, or wrap the command: sh -c '...'");
        }
        word += d;
        ++i;
      }
    } else if (is_operator(c) || c == '`' || (c == '$' && i + 1 < n && command[i + 1] == '(')) {
      const bool substitution = c == '`' || c == '$';
      return fail(i, "'" + std::string(operator_text(command, i)) + "' is " +
                         (substitution ? "shell command substitution" : "a shell operator") + ", but " +
                         std::string(kNoShell));
    } else {
      word += c;
      in_word = true;
      ++i;
    }
  }
  if (in_word) result.words.push_back(std::move(word));
  if (result.words.empty()) return fail(0, "empty command: give the program to run and its arguments");
  return result;
}

}  // namespace ec
