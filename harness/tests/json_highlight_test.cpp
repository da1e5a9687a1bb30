// The pretty-printer of report.html's offending message, with the value at the failing pointer
// marked (report/json_highlight.h).
#include "report/json_highlight.h"

#include <gtest/gtest.h>

#include <string>

namespace ec {
namespace {

std::string marked(const PrettyJson& p) { return p.text.substr(p.mark_begin, p.mark_end - p.mark_begin); }

TEST(JsonHighlight, PrettyPrintsInTheOrderSent) {
  const auto p = pretty_json(R"({"b":1,"a":[true,null],"e":{},"f":[]})", "");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->text, "{\n  \"b\": 1,\n  \"a\": [\n    true,\n    null\n  ],\n  \"e\": {},\n  \"f\": []\n}");
  EXPECT_EQ(p->mark_begin, p->mark_end);  // "": no pointer, nothing marked
}

TEST(JsonHighlight, MarksTheValueAtThePointerNotItsName) {
  const auto p = pretty_json(R"({"params":{"requestedSchema":{"type":"object","x":2}}})",
                             "/params/requestedSchema/type");
  ASSERT_TRUE(p);
  EXPECT_EQ(marked(*p), "\"object\"");
  EXPECT_EQ(p->text.substr(p->mark_begin - 8, 8), "\"type\": ");
}

TEST(JsonHighlight, MarksAWholeObjectOrArrayAcrossLines) {
  const auto p = pretty_json(R"({"a":{"b":[1,{"c":2}]}})", "/a/b");
  ASSERT_TRUE(p);
  EXPECT_EQ(marked(*p), "[\n      1,\n      {\n        \"c\": 2\n      }\n    ]");
}

TEST(JsonHighlight, NestedArraysByIndex) {
  const auto p = pretty_json(R"([[0,1],[2,[3,4,5]]])", "/1/1/2");
  ASSERT_TRUE(p);
  EXPECT_EQ(marked(*p), "5");
  // Not an index: a leading zero, a sign, past the end, a name on an array.
  for (const char* pointer : {"/1/01", "/1/-1", "/1/1/3", "/1/x", "/2", "/0/0/0"}) {
    const auto q = pretty_json(R"([[0,1],[2,[3,4,5]]])", pointer);
    ASSERT_TRUE(q) << pointer;
    EXPECT_EQ(q->mark_begin, q->mark_end) << pointer;
  }
}

TEST(JsonHighlight, EscapedTokensNameTheirMember) {
  const auto p = pretty_json(R"({"a/b":{"m~n":"here"},"a":{"b":"not here"}})", "/a~1b/m~0n");
  ASSERT_TRUE(p);
  EXPECT_EQ(marked(*p), "\"here\"");
}

TEST(JsonHighlight, APointerToAMissingMemberMarksNothing) {
  const std::string message = R"({"params":{"mode":"form"}})";
  for (const char* pointer :
       {"/params/requestedSchema", "/params/mode/x", "/nothing", "params", "/a~2", "/params/mode~"}) {
    const auto p = pretty_json(message, pointer);
    ASSERT_TRUE(p) << pointer;
    EXPECT_EQ(p->mark_begin, p->mark_end) << pointer;
    const auto html = pretty_json_html(message, pointer);
    ASSERT_TRUE(html);
    EXPECT_EQ(html->find("<mark>"), std::string::npos) << pointer;
  }
}

TEST(JsonHighlight, NotJsonIsNone) {
  EXPECT_FALSE(pretty_json("not json", "/a"));
  EXPECT_FALSE(pretty_json_html("{\"a\":", "/a"));
  EXPECT_FALSE(pretty_json_html("", ""));
}

TEST(JsonHighlight, HtmlEscapesEveryPartAndMarksOnlyTheSpan) {
  const std::string
      message =
          R"({"name":"</script><script>alert(1)</script>","bad":"<img src=x onerror=alert(1)> & \"q\" ')",
      tail = R"(","after":"<b>"})";
  const auto html = pretty_json_html(message + tail, "/bad");
  ASSERT_TRUE(html);
  EXPECT_EQ(html->find("<script"), std::string::npos);
  EXPECT_EQ(html->find("<img"), std::string::npos);
  EXPECT_EQ(html->find("<b>"), std::string::npos);
  EXPECT_NE(html->find("&lt;/script&gt;&lt;script&gt;alert(1)"), std::string::npos) << *html;
  // The one tag is the mark, around the escaped value at the pointer.
  EXPECT_NE(
      html->find("&quot;bad&quot;: <mark>&quot;&lt;img src=x onerror=alert(1)&gt; &amp; \\&quot;q\\&quot; "
                 "&#39;&quot;</mark>,"),
      std::string::npos)
      << *html;
  std::size_t tags = 0;
  for (std::size_t at = html->find('<'); at != std::string::npos; at = html->find('<', at + 1)) ++tags;
  EXPECT_EQ(tags, 2U);  // <mark> and </mark>
}

TEST(JsonHighlight, ControlsAndBidiInAValueStayVisible) {
  // JSON escapes the controls; a bidi override is text in JSON and html_text makes it visible.
  const auto html = pretty_json_html("{\"a\":\"x\\u0007\xE2\x80\xAEy\"}", "/a");
  ASSERT_TRUE(html);
  EXPECT_NE(html->find("<mark>&quot;x\\u0007\\u{202e}y&quot;</mark>"), std::string::npos) << *html;
}

TEST(JsonHighlight, TheRootCanBeMarkedOnlyThroughAToken) {
  // A scalar root: any token names nothing in it.
  const auto p = pretty_json("42", "/0");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->text, "42");
  EXPECT_EQ(p->mark_begin, p->mark_end);
}

}  // namespace
}  // namespace ec
