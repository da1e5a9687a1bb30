// The SSE parser against the standard's own examples and the ways a stream arrives: split at
// every byte, one byte at a time, with every line ending, and with events past the limit.
#include "transport/sse_parser.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ec {
namespace {

std::vector<SseItem> parse_all(std::string_view stream,
                               std::size_t limit = SseParser::kDefaultMaxEventBytes) {
  SseParser parser(limit);
  std::vector<SseItem> out;
  parser.feed(stream, out);
  return out;
}

std::vector<std::string> datas(const std::vector<SseItem>& items) {
  std::vector<std::string> out;
  for (const SseItem& i : items) out.push_back(i.kind == SseItem::Event ? i.event.data : "<too large>");
  return out;
}

TEST(SseParser, JoinsMultiLineDataAndDefaultsTheType) {
  const auto items = parse_all("data: YHOO\ndata: +2\ndata: 10\n\n");
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].event.data, "YHOO\n+2\n10");
  EXPECT_EQ(items[0].event.type, "message");
}

TEST(SseParser, CommentsAndUnknownFieldsAreIgnored) {
  const auto items =
      parse_all(": test stream\n\ndata: first event\nid: 1\n\nfoo: bar\ndata:second event\nid\n\n");
  EXPECT_EQ(datas(items), (std::vector<std::string>{"first event", "second event"}));
  EXPECT_EQ(items[0].event.id, "1");
  EXPECT_EQ(items[1].event.id, "");  // "id" with no value resets the last event id
}

TEST(SseParser, OnlyOneSpaceAfterTheColonIsRemoved) {
  EXPECT_EQ(datas(parse_all("data:test\n\ndata: test\n\ndata:  test\n\n")),
            (std::vector<std::string>{"test", "test", " test"}));
}

TEST(SseParser, AFieldWithoutColonHasAnEmptyValue) {
  // The standard's example: "data\n\ndata\ndata\n\ndata:" gives "" and "\n"; the last is unfinished.
  SseParser parser;
  std::vector<SseItem> out;
  parser.feed("data\n\ndata\ndata\n\ndata:", out);
  EXPECT_EQ(datas(out), (std::vector<std::string>{"", "\n"}));
  EXPECT_TRUE(parser.mid_event());
}

TEST(SseParser, EventWithoutDataDispatchesNothingButTheIdStays) {
  const auto items = parse_all("id: 7\nevent: ping\n\ndata: x\n\n");
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].event.type, "message");  // the type does not carry over
  EXPECT_EQ(items[0].event.id, "7");          // the last event id does
}

TEST(SseParser, EventTypeIdAndRetry) {
  const auto items = parse_all("event: update\nid: abc\nretry: 1500\ndata: {}\n\nretry: 12x\ndata: y\n\n");
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].event.type, "update");
  EXPECT_EQ(items[0].event.id, "abc");
  EXPECT_EQ(items[0].event.retry, 1500u);
  EXPECT_FALSE(items[1].event.retry.has_value());  // not all digits: ignored
}

TEST(SseParser, AnIdWithNulIsIgnored) {
  using namespace std::string_literals;
  const auto items = parse_all("id: a\n\nid: b\0c\ndata: x\n\n"s);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].event.id, "a");
}

TEST(SseParser, EveryLineEndingWorks) {
  for (const char* eol : {"\n", "\r\n", "\r"}) {
    const std::string e = eol;
    const auto items = parse_all("data: a" + e + "data: b" + e + e + ": c" + e + "data: d" + e + e);
    EXPECT_EQ(datas(items), (std::vector<std::string>{"a\nb", "d"}))
        << "line ending " << testing::PrintToString(e);
  }
}

TEST(SseParser, BomAtTheStartIsDroppedOnlyThere) {
  EXPECT_EQ(datas(parse_all("\xEF\xBB\xBF"
                            "data: a\n\n")),
            (std::vector<std::string>{"a"}));
  // A BOM later is data; an almost-BOM at the start is not swallowed.
  EXPECT_EQ(datas(parse_all("data: \xEF\xBB\xBF\n\n")), (std::vector<std::string>{"\xEF\xBB\xBF"}));
  SseParser parser;
  std::vector<SseItem> out;
  parser.feed("\xEF\xBB", out);
  parser.feed("data: x\n\n", out);  // \xEF\xBB then "d": not a BOM, so those bytes are a field name
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(parser.mid_event() == false);
}

TEST(SseParser, AnUnfinishedEventIsHeldNotDispatched) {
  SseParser parser;
  std::vector<SseItem> out;
  parser.feed("data: {\"jsonrpc\":\"2.0\"", out);
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(parser.mid_event());
  parser.feed("}\n", out);
  EXPECT_TRUE(out.empty());
  parser.feed("\n", out);
  EXPECT_EQ(datas(out), (std::vector<std::string>{"{\"jsonrpc\":\"2.0\"}"}));
  EXPECT_FALSE(parser.mid_event());
  parser.feed(": keep-alive\n\n", out);
  EXPECT_FALSE(parser.mid_event());  // a comment is not an event that could be lost
}

// The same stream, split at every position into two feeds and fed one byte at a time, gives the
// same events: CRLF split in half, the BOM split, a field name split.
TEST(SseParser, SplitsAnywhereGiveTheSameEvents) {
  const std::string stream =
      "\xEF\xBB\xBF: hello\r\nevent: message\r\nid: 41\r\ndata: {\"a\":1,\r\ndata: \"b\":[2]}\r\n\r\n"
      "data:x\rdata:y\r\r:c\ndata: last\n\n";
  const std::vector<SseItem> whole = parse_all(stream);
  ASSERT_EQ(datas(whole), (std::vector<std::string>{"{\"a\":1,\n\"b\":[2]}", "x\ny", "last"}));
  for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
    SseParser parser;
    std::vector<SseItem> out;
    parser.feed(std::string_view(stream).substr(0, cut), out);
    parser.feed(std::string_view(stream).substr(cut), out);
    EXPECT_EQ(datas(out), datas(whole)) << "cut at " << cut;
    ASSERT_EQ(out.size(), whole.size());
    EXPECT_EQ(out[0].event.id, "41") << "cut at " << cut;
  }
  SseParser parser;
  std::vector<SseItem> out;
  for (char c : stream) parser.feed(std::string_view(&c, 1), out);
  EXPECT_EQ(datas(out), datas(whole));
}

TEST(SseParser, AnOversizedEventIsReportedOnceAndSkipped) {
  const std::string big(100, 'x');
  const std::string stream = "data: small\n\ndata: " + big + "\ndata: more\n\ndata: after\n\n";
  for (std::size_t cut = 0; cut <= stream.size(); ++cut) {
    SseParser parser(64);
    std::vector<SseItem> out;
    parser.feed(std::string_view(stream).substr(0, cut), out);
    parser.feed(std::string_view(stream).substr(cut), out);
    ASSERT_EQ(datas(out), (std::vector<std::string>{"small", "<too large>", "after"})) << "cut at " << cut;
    EXPECT_GE(out[1].discarded_bytes, 64u);
  }
}

TEST(SseParser, ManyDataLinesCountTowardsTheLimit) {
  std::string stream;
  for (int i = 0; i < 50; ++i) stream += "data: 0123456789\n";
  stream += "\ndata: ok\n\n";
  EXPECT_EQ(datas(parse_all(stream, 200)), (std::vector<std::string>{"<too large>", "ok"}));
}

TEST(SseParser, AnEndlessEventKeepsMemoryBounded) {
  SseParser parser(1024);
  std::vector<SseItem> out;
  parser.feed("data: ", out);
  const std::string chunk(64 * 1024, 'z');
  for (int i = 0; i < 64; ++i) parser.feed(chunk, out);  // 4 MiB of one line, never finished
  EXPECT_TRUE(out.empty());
  EXPECT_TRUE(parser.mid_event());
  parser.feed("\n\ndata: next\n\n", out);
  EXPECT_EQ(datas(out), (std::vector<std::string>{"<too large>", "next"}));
  EXPECT_GT(out[0].discarded_bytes, 4u << 20);
}

TEST(SseFormat, RoundTripsThroughTheParser) {
  for (const std::string data : {"{\"jsonrpc\":\"2.0\"}", "two\nlines", "cr\rand\r\ncrlf", ""}) {
    const auto items = parse_all(format_sse_event(data, "9", "message"));
    ASSERT_EQ(items.size(), 1u);
    std::string expected = data;
    for (std::size_t p; (p = expected.find("\r\n")) != std::string::npos;) expected.replace(p, 2, "\n");
    for (char& c : expected) c = c == '\r' ? '\n' : c;
    EXPECT_EQ(items[0].event.data, expected);
    EXPECT_EQ(items[0].event.id, "9");
  }
}

}  // namespace
}  // namespace ec
