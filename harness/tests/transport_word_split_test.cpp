#include "transport/word_split.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ec {
namespace {

struct SplitCase {
  std::string command;
  std::vector<std::string> words;
};

class SplitsLikeAShell : public ::testing::TestWithParam<SplitCase> {};

TEST_P(SplitsLikeAShell, Words) {
  const SplitCase& c = GetParam();
  const SplitResult result = split_command(c.command);
  ASSERT_TRUE(result.ok()) << *result.error << " at " << result.error_offset;
  EXPECT_EQ(result.words, c.words);
}

INSTANTIATE_TEST_SUITE_P(
    WordSplit, SplitsLikeAShell,
    ::testing::Values(
        SplitCase{"server", {"server"}},
        SplitCase{"node build/server.js --port 3000", {"node", "build/server.js", "--port", "3000"}},
        SplitCase{"  a \t b\nc\r\n", {"a", "b", "c"}},
        // adjacent quoted and unquoted parts join into one word
        SplitCase{"a\"b c\"'d'", {"ab cd"}}, SplitCase{"--name=\"John Doe\"", {"--name=John Doe"}},
        SplitCase{"a\"\"b", {"ab"}},
        // empty words
        SplitCase{"\"\"", {""}}, SplitCase{"''", {""}}, SplitCase{"a '' b \"\"", {"a", "", "b", ""}},
        // single quotes keep everything
        SplitCase{"'a \"b\" \\n $x `y` | ; & > <'", {"a \"b\" \\n $x `y` | ; & > <"}},
        SplitCase{"'line\nbreak'", {"line\nbreak"}},
        // double quotes: backslash escapes only $ ` " \ and newline
        SplitCase{"\"a \\\" \\\\ \\$ \\` b\"", {"a \" \\ $ ` b"}}, SplitCase{"\"a\\b \\n\"", {"a\\b \\n"}},
        SplitCase{"\"one\\\ntwo\"", {"onetwo"}}, SplitCase{"\"it's\"", {"it's"}},
        SplitCase{"\"a|b;c&d>e<f\"", {"a|b;c&d>e<f"}}, SplitCase{"\"$HOME\"", {"$HOME"}},
        SplitCase{"\"\\$(date)\"", {"$(date)"}},
        // outside quotes a backslash quotes the next character
        SplitCase{"a\\ b", {"a b"}}, SplitCase{"\\'\\\"\\\\", {"'\"\\"}},
        SplitCase{"\\| \\; \\& \\> \\< \\`", {"|", ";", "&", ">", "<", "`"}},
        SplitCase{"\\$(date)", {"$(date)"}}, SplitCase{"a\\\nb", {"ab"}}, SplitCase{"a \\\n b", {"a", "b"}},
        // nothing is expanded
        SplitCase{"echo $HOME ~ *.js ${X} a$b", {"echo", "$HOME", "~", "*.js", "${X}", "a$b"}},
        SplitCase{"python3 -c 'print(\"hi\")'", {"python3", "-c", "print(\"hi\")"}},
        SplitCase{"sh -c 'cat | tr a b'", {"sh", "-c", "cat | tr a b"}},
        SplitCase{"'h\xC3\xA9llo w\xC3\xB6rld' caf\xC3\xA9", {"h\xC3\xA9llo w\xC3\xB6rld", "caf\xC3\xA9"}}));

struct SplitError {
  std::string command;
  std::size_t offset;
  std::string says;  // a piece of the message
};

class RefusesWhatOnlyAShellWouldDo : public ::testing::TestWithParam<SplitError> {};

TEST_P(RefusesWhatOnlyAShellWouldDo, ErrorWithOffset) {
  const SplitError& c = GetParam();
  const SplitResult result = split_command(c.command);
  ASSERT_FALSE(result.ok()) << "split into " << result.words.size() << " words";
  EXPECT_TRUE(result.words.empty());
  EXPECT_EQ(result.error_offset, c.offset) << *result.error;
  EXPECT_NE(result.error->find(c.says), std::string::npos) << *result.error;
}

INSTANTIATE_TEST_SUITE_P(
    WordSplit, RefusesWhatOnlyAShellWouldDo,
    ::testing::Values(
        SplitError{"", 0, "empty command"}, SplitError{"  \t\n ", 0, "empty command"},
        SplitError{"\\\n", 0, "empty command"}, SplitError{"a 'bc", 2, "unterminated single quote"},
        SplitError{"a b'c d", 3, "unterminated single quote"},
        SplitError{"a \"bc", 2, "unterminated double quote"},
        SplitError{"a \"b\\\"", 2, "unterminated double quote"},
        SplitError{"x \"a\\", 2, "unterminated double quote"},
        SplitError{"abc \\", 4, "backslash at the end"}, SplitError{"a | b", 2, "'|' is a shell operator"},
        SplitError{"a || b", 2, "'||' is a shell operator"}, SplitError{"a;b", 1, "';' is a shell operator"},
        SplitError{"a && b", 2, "'&&' is a shell operator"},
        SplitError{"server &", 7, "'&' is a shell operator"},
        SplitError{"a > log", 2, "'>' is a shell operator"},
        SplitError{"a 2>&1", 3, "'>' is a shell operator"},
        SplitError{"a >> log", 2, "'>>' is a shell operator"},
        SplitError{"a < in", 2, "'<' is a shell operator"},
        SplitError{"a $(b)", 2, "'$(' is shell command substitution"},
        SplitError{"a `b`", 2, "'`' is shell command substitution"},
        SplitError{"a \"$(b)\"", 3, "inside double quotes is command substitution"},
        SplitError{"a \"x`b`\"", 4, "inside double quotes is command substitution"}));

TEST(WordSplit, OperatorErrorsSayHowToRunAPipeline) {
  for (const char* command : {"a | b", "a $(b)", "a \"`b`\""}) {
    const SplitResult result = split_command(command);
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.error->find("no shell runs this command"), std::string::npos) << *result.error;
    EXPECT_NE(result.error->find("sh -c '...'"), std::string::npos) << *result.error;
  }
}

}  // namespace
}  // namespace ec
