// The escaping rules every report writer and the terminal share (report/escape.h).
#include "report/escape.h"

#include <gtest/gtest.h>

#include <string>

namespace ec {
namespace {

TEST(Escape, ControlsAreC0DelC1SeparatorsAndBidi) {
  for (char32_t cp : {0x00, 0x07, 0x0A, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9B, 0x9F, 0x2028, 0x2029, 0x202A,
                      0x202E, 0x2066, 0x2069}) {
    EXPECT_TRUE(is_control_code_point(cp)) << static_cast<unsigned>(cp);
  }
  for (char32_t cp : {0x20, 0x41, 0xA0, 0xE9, 0x2060, 0x2070, 0xFFFE, 0x10FFFF}) {
    EXPECT_FALSE(is_control_code_point(cp)) << static_cast<unsigned>(cp);
  }
}

TEST(Escape, TerminalSeesNoControlOrInvalidByte) {
  EXPECT_EQ(terminal_text("a\nb\x7f"), "a\\x0ab\\x7f");
  EXPECT_EQ(terminal_text("\x1b[31m"), "\\x1b[31m");
  EXPECT_EQ(terminal_text("raw \x9b byte"), "raw \\x9B byte");          // not UTF-8: shown as the byte
  EXPECT_EQ(terminal_text("utf8 \xC2\x9B csi"), "utf8 \\u{009b} csi");  // U+009B, CSI in one character
  EXPECT_EQ(terminal_text("\xE2\x80\xAE"
                          "evil"),
            "\\u{202e}evil");
  EXPECT_EQ(terminal_text("\xC3\xA9 ok"), "\xC3\xA9 ok");
}

TEST(Escape, XmlCarriesEverythingItCanAndShowsTheRest) {
  EXPECT_EQ(xml_text("<a href=\"x\">&'</a>"), "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
  EXPECT_EQ(xml_text("t\tn\nr\r"), "t&#9;n&#10;r&#13;");  // kept in attribute values too
  EXPECT_EQ(xml_text(std::string("nul\0esc\x1b", 8)), "nul\\x00esc\\x1b");
  EXPECT_EQ(xml_text("\xEF\xBF\xBE \xEF\xBF\xBF"), "\\u{fffe} \\u{ffff}");        // no XML 1.0 character
  EXPECT_EQ(xml_text("\xC2\x9B \xF4\x8F\xBF\xBF"), "\xC2\x9B \xF4\x8F\xBF\xBF");  // legal in XML 1.0
  EXPECT_EQ(xml_text("\xff"), "\\xFF");
}

TEST(Escape, HtmlTextEndsNoElementAndShowsControls) {
  EXPECT_EQ(html_text("</script><b a='x' b=\"y\">&amp; ]]>"),
            "&lt;/script&gt;&lt;b a=&#39;x&#39; b=&quot;y&quot;&gt;&amp;amp; ]]&gt;");
  EXPECT_EQ(html_text("line\n\tcell"), "line\n\tcell");  // kept for <pre>
  EXPECT_EQ(html_text("\x1b[31m\r"), "\\x1b[31m\\x0d");
  EXPECT_EQ(html_text("\xC2\x9B \xE2\x80\xAE \xEF\xBF\xBE"), "\\u{009b} \\u{202e} \\u{fffe}");
  EXPECT_EQ(html_text("\xff<"), "\\xFF&lt;");
}

TEST(Escape, CodeSpanIsLongerThanAnyBacktickRunInside) {
  EXPECT_EQ(md_code_span("plain"), "`plain`");
  EXPECT_EQ(md_code_span("a ``` b"), "````a ``` b````");
  EXPECT_EQ(md_code_span("`x`"), "`` `x` ``");
  EXPECT_EQ(md_code_span(""), "` `");
  EXPECT_EQ(md_code_span("line\n\nbreak \x1b"), "`line\\x0a\\x0abreak \\x1b`");  // a blank line would end it
  EXPECT_EQ(md_code_span("![i](http://e/x.png) @user <b>"), "`![i](http://e/x.png) @user <b>`");
}

TEST(Escape, FencedBlockKeepsLinesAndShowsOtherControls) {
  EXPECT_EQ(md_fenced_block("{\"a\":1}\n```\nx\r\x1b"), "````\n{\"a\":1}\n```\nx\\x0d\\x1b\n````\n");
}

TEST(Escape, PlainMarkdownHasNothingLive) {
  EXPECT_EQ(md_plain("server.form.request-well-formed"), "server.form.request-well-formed");
  EXPECT_EQ(md_plain("![i](u) [l](u)"), "\\!\\[i\\]\\(u\\) \\[l\\]\\(u\\)");
  EXPECT_EQ(md_plain("<script> & a|b"), "&lt;script\\> &amp; a\\|b");
  EXPECT_EQ(md_plain("@octocat"), "@\u2060octocat");
  EXPECT_EQ(md_plain("# h"), "\\# h");
  EXPECT_EQ(md_plain("- item"), "\\- item");
  EXPECT_EQ(md_plain("12. item 3.5"), "12\\. item 3.5");
  EXPECT_EQ(md_plain("a\nb"), "a\\x0ab");
}

}  // namespace
}  // namespace ec
