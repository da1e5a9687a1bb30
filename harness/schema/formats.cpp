#include "schema/formats.h"

#include <uriparser/Uri.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace ec {
namespace {

// Reasons quote parts of untrusted input; a bounded excerpt keeps one hostile value from
// turning a diagnostic into megabytes.
constexpr std::size_t kMaxQuoted = 40;

std::string quoted(std::string_view text) {
  if (text.size() <= kMaxQuoted) return "\"" + std::string(text) + "\"";
  return "\"" + std::string(text.substr(0, kMaxQuoted)) + "...\"";
}

// Names a single byte so that controls and non-ASCII bytes stay readable in a reason.
std::string describe_byte(unsigned char c) {
  if (c == ' ') return "a space";
  if (c >= 0x21 && c <= 0x7E) return std::string("'") + static_cast<char>(c) + "'";
  char buf[32];
  if (c < 0x80) {
    std::snprintf(buf, sizeof buf, "control character U+%04X", static_cast<unsigned>(c));
  } else {
    std::snprintf(buf, sizeof buf, "byte 0x%02X", static_cast<unsigned>(c));
  }
  return buf;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_hex(char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

bool all_digits(std::string_view s) {
  for (char c : s) {
    if (!is_digit(c)) return false;
  }
  return !s.empty();
}

// Callers have checked that `s` holds only a few digits, so this cannot overflow.
int small_number(std::string_view s) {
  int value = 0;
  for (char c : s) value = value * 10 + (c - '0');
  return value;
}

std::string two_digits(int value) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%02d", value);
  return buf;
}

bool ieq_ascii(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i];
    char y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// email (RFC 5321 section 4.1.2 Mailbox, with the 4.5.3.1 size limits)

bool is_atext(char c) {
  if (is_alpha(c) || is_digit(c)) return true;
  switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '/':
    case '=':
    case '?':
    case '^':
    case '_':
    case '`':
    case '{':
    case '|':
    case '}':
    case '~': return true;
    default: return false;
  }
}

std::optional<std::string> check_dot_atom(std::string_view local) {
  if (local.front() == '.') return "the local part starts with a dot";
  if (local.back() == '.') return "the local part ends with a dot";
  for (std::size_t i = 0; i < local.size(); ++i) {
    const char c = local[i];
    if (c == '.') {
      if (local[i + 1] == '.') return "the local part contains two dots in a row";
      continue;
    }
    if (!is_atext(c)) {
      return "the local part contains " + describe_byte(static_cast<unsigned char>(c)) +
             ", which is only allowed inside quotes";
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_quoted_local(std::string_view local) {
  // local[0] is the opening quote; the closing one must be the last character.
  std::size_t i = 1;
  while (i < local.size()) {
    const char c = local[i];
    if (c == '"') {
      if (i + 1 != local.size()) return "the quoted local part has text after its closing quote";
      return std::nullopt;
    }
    if (c == '\\') {
      if (i + 1 >= local.size()) break;
      const char escaped = local[i + 1];
      if (escaped < 0x20 || escaped > 0x7E) {
        return "the quoted local part escapes " + describe_byte(static_cast<unsigned char>(escaped)) +
               ", which may not appear in an address";
      }
      i += 2;
      continue;
    }
    if (c < 0x20 || c > 0x7E) {
      return "the quoted local part contains " + describe_byte(static_cast<unsigned char>(c));
    }
    ++i;
  }
  return "the quoted local part has no closing quote";
}

// RFC 5321 Snum: 1*3DIGIT with a value of 0..255.
std::optional<std::string> check_ipv4_literal(std::string_view text) {
  int parts = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = text.find('.', start);
    const std::string_view part =
        text.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    ++parts;
    if (parts > 4) return "the IPv4 address literal has more than four parts";
    if (!all_digits(part) || part.size() > 3) {
      return "the IPv4 address literal part " + quoted(part) + " is not a number from 0 to 255";
    }
    const int value = small_number(part);
    if (value > 255) {
      return "the IPv4 address literal part " + std::to_string(value) + " is above 255";
    }
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  if (parts != 4) return "the IPv4 address literal does not have four parts";
  return std::nullopt;
}

// RFC 5321 IPv6-addr: eight hex groups, or fewer around one "::" (at most six explicit groups
// beside it), optionally ending in a dotted IPv4 address that stands for two groups.
std::optional<std::string> check_ipv6_literal(std::string_view text) {
  const std::string bad = "the IPv6 address literal is malformed";
  if (text.empty()) return "the IPv6 address literal is empty";
  const std::size_t gap = text.find("::");
  if (gap != std::string_view::npos && text.find("::", gap + 1) != std::string_view::npos) {
    return "the IPv6 address literal contains \"::\" more than once";
  }
  // Counts the groups of one side of the "::" (or the whole address when there is none).
  auto count_groups = [](std::string_view side, bool may_end_in_ipv4, int& groups) -> bool {
    groups = 0;
    if (side.empty()) return true;
    std::size_t start = 0;
    while (true) {
      const std::size_t colon = side.find(':', start);
      const std::string_view group =
          side.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start);
      if (colon == std::string_view::npos && may_end_in_ipv4 && group.find('.') != std::string_view::npos) {
        if (check_ipv4_literal(group)) return false;
        groups += 2;
        return true;
      }
      if (group.empty() || group.size() > 4) return false;
      for (char c : group) {
        if (!is_hex(c)) return false;
      }
      ++groups;
      if (colon == std::string_view::npos) return true;
      start = colon + 1;
    }
  };
  if (gap == std::string_view::npos) {
    int groups = 0;
    if (!count_groups(text, true, groups)) return bad;
    if (groups != 8) return "the IPv6 address literal does not have eight groups";
    return std::nullopt;
  }
  int left = 0;
  int right = 0;
  if (!count_groups(text.substr(0, gap), false, left)) return bad;
  if (!count_groups(text.substr(gap + 2), true, right)) return bad;
  // An IPv4 tail counts as two groups, so RFC 5321's "no more than 6 groups" (or 4 groups
  // plus the IPv4 address) is the same cap of six.
  if (left + right > 6) return "the IPv6 address literal has too many groups beside \"::\"";
  return std::nullopt;
}

std::optional<std::string> check_address_literal(std::string_view domain) {
  if (domain.back() != ']') return "the address literal has no closing ']'";
  const std::string_view inner = domain.substr(1, domain.size() - 2);
  if (inner.size() >= 5 && ieq_ascii(inner.substr(0, 5), "IPv6:")) {
    return check_ipv6_literal(inner.substr(5));
  }
  if (!inner.empty() && is_digit(inner.front())) return check_ipv4_literal(inner);
  // RFC 5321 also has General-address-literal ("tag:content"), but IANA has registered no tag
  // other than IPv6, so nothing else can be delivered to.
  return "the address literal is neither an IPv4 address nor \"IPv6:\" followed by an address";
}

std::optional<std::string> check_hostname(std::string_view domain) {
  if (domain.size() > 253) {
    return "the domain is " + std::to_string(domain.size()) + " characters long; at most 253 are allowed";
  }
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = domain.find('.', start);
    const std::string_view label =
        domain.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (label.empty()) {
      if (start == 0) return "the domain starts with a dot";
      if (dot == std::string_view::npos) return "the domain ends with a dot";
      return "the domain contains two dots in a row";
    }
    if (label.size() > 63) {
      return "the domain label " + quoted(label) + " is " + std::to_string(label.size()) +
             " characters long; at most 63 are allowed";
    }
    for (char c : label) {
      if (!is_alpha(c) && !is_digit(c) && c != '-') {
        return "the domain contains " + describe_byte(static_cast<unsigned char>(c)) +
               ", which is not allowed in a host name";
      }
    }
    if (label.front() == '-' || label.back() == '-') {
      return "the domain label " + quoted(label) + " starts or ends with a hyphen";
    }
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  return std::nullopt;
}

// ---------------------------------------------------------------------------------------------
// date and date-time (RFC 3339 section 5.6)

const char* const kMonthNames[] = {"January", "February", "March",     "April",   "May",      "June",
                                   "July",    "August",   "September", "October", "November", "December"};

bool is_leap_year(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in_month(int year, int month) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2 && is_leap_year(year)) return 29;
  return kDays[month - 1];
}

// Checks that `text` has digits exactly where `shape` has 'D' and the literal character
// elsewhere; the reason names the first offending position.
std::optional<std::string> check_shape(std::string_view text, std::string_view shape, std::string_view what,
                                       std::size_t base_offset) {
  for (std::size_t i = 0; i < shape.size(); ++i) {
    const std::size_t at = base_offset + i;
    if (i >= text.size()) {
      return std::string(what) + " is cut short at offset " + std::to_string(at);
    }
    const char c = text[i];
    if (shape[i] == 'D') {
      if (!is_digit(c)) {
        return std::string(what) + " has " + describe_byte(static_cast<unsigned char>(c)) + " at offset " +
               std::to_string(at) + " where a digit belongs";
      }
    } else if (c != shape[i]) {
      return std::string(what) + " has " + describe_byte(static_cast<unsigned char>(c)) + " at offset " +
             std::to_string(at) + " where '" + shape[i] + "' belongs";
    }
  }
  return std::nullopt;
}

// `text` is the first (at most) ten characters, which should be a full-date.
std::optional<std::string> check_full_date(std::string_view text) {
  if (text.empty()) return "the date is empty";
  if (auto why = check_shape(text, "DDDD-DD-DD", "the date (YYYY-MM-DD)", 0)) return why;
  const int year = small_number(text.substr(0, 4));
  const int month = small_number(text.substr(5, 2));
  const int day = small_number(text.substr(8, 2));
  if (month < 1 || month > 12) return "month " + two_digits(month) + " does not exist";
  if (day < 1 || day > days_in_month(year, month)) {
    return "day " + two_digits(day) + " does not exist in " + kMonthNames[month - 1] + " " +
           std::string(text.substr(0, 4));
  }
  return std::nullopt;
}

}  // namespace

std::optional<StringFormat> parse_format_name(std::string_view name) {
  if (name == "email") return StringFormat::Email;
  if (name == "uri") return StringFormat::Uri;
  if (name == "date") return StringFormat::Date;
  if (name == "date-time") return StringFormat::DateTime;
  return std::nullopt;
}

std::string_view to_string(StringFormat format) {
  switch (format) {
    case StringFormat::Email: return "email";
    case StringFormat::Uri: return "uri";
    case StringFormat::Date: return "date";
    case StringFormat::DateTime: return "date-time";
  }
  return "unknown";
}

std::optional<std::string> check_format(StringFormat format, std::string_view value) {
  switch (format) {
    case StringFormat::Email: return check_email(value);
    case StringFormat::Uri: return check_uri(value);
    case StringFormat::Date: return check_date(value);
    case StringFormat::DateTime: return check_date_time(value);
  }
  return "unknown format";
}

std::optional<std::string> check_email(std::string_view value) {
  if (value.empty()) return "the email address is empty";
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (static_cast<unsigned char>(value[i]) >= 0x80) {
      return "the email address contains a non-ASCII character at offset " + std::to_string(i) +
             "; internationalised addresses are the idn-email format";
    }
  }
  // RFC 5321 4.5.3.1.3 limits a path to 256 octets including the angle brackets.
  if (value.size() > 254) {
    return "the email address is " + std::to_string(value.size()) +
           " characters long; at most 254 are allowed";
  }
  // The last '@' separates the parts because a quoted local part may itself contain '@'.
  const std::size_t at = value.rfind('@');
  if (at == std::string_view::npos) return "the email address has no '@'";
  const std::string_view local = value.substr(0, at);
  const std::string_view domain = value.substr(at + 1);
  if (local.empty()) return "the local part before '@' is empty";
  if (domain.empty()) return "the domain after '@' is empty";
  if (local.size() > 64) {
    return "the local part is " + std::to_string(local.size()) + " characters long; at most 64 are allowed";
  }
  if (local.front() == '"') {
    if (auto why = check_quoted_local(local)) return why;
  } else if (auto why = check_dot_atom(local)) {
    return why;
  }
  if (domain.front() == '[') return check_address_literal(domain);
  return check_hostname(domain);
}

std::optional<std::string> check_uri(std::string_view value) {
  if (value.empty()) return "the URI is empty";
  // These checks duplicate what uriparser rejects, but give a reason naming the culprit.
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto c = static_cast<unsigned char>(value[i]);
    if (c >= 0x80) {
      return "the URI contains a non-ASCII character at offset " + std::to_string(i) +
             "; that is an IRI, not a URI (non-ASCII must be percent-encoded)";
    }
    if (c <= 0x20 || c == 0x7F) {
      return "the URI contains " + describe_byte(c) + " at offset " + std::to_string(i);
    }
    if (c == '%' && (i + 2 >= value.size() || !is_hex(value[i + 1]) || !is_hex(value[i + 2]))) {
      return "the '%' at offset " + std::to_string(i) + " is not followed by two hex digits";
    }
  }

  UriUriA uri;
  const char* error_pos = nullptr;
  const char* const first = value.data();
  const char* const last = value.data() + value.size();
  const int rc = uriParseSingleUriExA(&uri, first, last, &error_pos);
  if (rc != URI_SUCCESS) {
    if (rc == URI_ERROR_SYNTAX && error_pos != nullptr && error_pos >= first && error_pos < last) {
      return "the URI has " + describe_byte(static_cast<unsigned char>(*error_pos)) + " at offset " +
             std::to_string(error_pos - first) + " where it is not allowed";
    }
    if (rc == URI_ERROR_SYNTAX) return "the URI ends where more was expected";
    return "the URI could not be parsed (uriparser error " + std::to_string(rc) + ")";
  }

  std::optional<std::string> why;
  if (uri.scheme.first == nullptr || uri.scheme.first == uri.scheme.afterLast) {
    why = "relative reference: a URI needs a scheme such as https:";
  } else if (uri.portText.first != nullptr && uri.portText.afterLast != uri.portText.first) {
    // RFC 3986 allows an empty port ("http://h:/"), so only non-empty text is range-checked.
    const std::string_view port(uri.portText.first,
                                static_cast<std::size_t>(uri.portText.afterLast - uri.portText.first));
    // uriparser only accepts digits here; the loop stops early so the value cannot overflow.
    std::uint32_t number = 0;
    for (char c : port) {
      number = number * 10 + static_cast<std::uint32_t>(c - '0');
      if (number > 65535) {
        why = "port " + (port.size() > 20 ? std::string("number") : std::string(port)) + " is above 65535";
        break;
      }
    }
  }
  uriFreeUriMembersA(&uri);
  return why;
}

std::optional<std::string> check_date(std::string_view value) {
  if (auto why = check_full_date(value.substr(0, 10))) return why;
  if (value.size() > 10) return "the date has extra text after YYYY-MM-DD at offset 10";
  return std::nullopt;
}

std::optional<std::string> check_date_time(std::string_view value) {
  if (auto why = check_full_date(value.substr(0, 10))) return why;
  if (value.size() == 10) return "the date-time has no time after the date";
  const char sep = value[10];
  if (sep != 'T' && sep != 't') {
    if (sep == ' ') return "the date and time must be separated by 'T', not a space";
    return "the date and time must be separated by 'T', not " +
           describe_byte(static_cast<unsigned char>(sep));
  }
  if (auto why = check_shape(value.substr(11), "DD:DD:DD", "the time (hh:mm:ss)", 11)) return why;
  const int hour = small_number(value.substr(11, 2));
  const int minute = small_number(value.substr(14, 2));
  const int second = small_number(value.substr(17, 2));
  if (hour > 23) return "hour " + two_digits(hour) + " does not exist";
  if (minute > 59) return "minute " + two_digits(minute) + " does not exist";
  if (second > 60) return "second " + two_digits(second) + " does not exist";

  std::size_t pos = 19;
  if (pos < value.size() && value[pos] == '.') {
    const std::size_t fraction_start = ++pos;
    while (pos < value.size() && is_digit(value[pos])) ++pos;
    if (pos == fraction_start) return "the '.' after the seconds is not followed by a digit";
  }
  if (pos >= value.size()) return "the date-time has no time zone offset (Z or +hh:mm)";

  int offset_minutes = 0;  // local time minus UTC
  const char zone = value[pos];
  if (zone == 'Z' || zone == 'z') {
    ++pos;
  } else if (zone == '+' || zone == '-') {
    if (auto why = check_shape(value.substr(pos + 1), "DD:DD", "the offset (hh:mm)", pos + 1)) {
      return why;
    }
    const int offset_hour = small_number(value.substr(pos + 1, 2));
    const int offset_minute = small_number(value.substr(pos + 4, 2));
    if (offset_hour > 23) return "offset hour " + two_digits(offset_hour) + " does not exist";
    if (offset_minute > 59) {
      return "offset minute " + two_digits(offset_minute) + " does not exist";
    }
    offset_minutes = (offset_hour * 60 + offset_minute) * (zone == '-' ? -1 : 1);
    pos += 6;
  } else {
    return "the date-time has " + describe_byte(static_cast<unsigned char>(zone)) + " at offset " +
           std::to_string(pos) + " where the time zone offset (Z or +hh:mm) belongs";
  }
  if (pos != value.size()) {
    return "the date-time has extra text after the time zone offset at offset " + std::to_string(pos);
  }

  if (second == 60) {
    // Whether a leap second really happened that day is a matter for the IERS tables, not the
    // format; RFC 3339 only requires that it is the last minute of a UTC day.
    const int utc = ((hour * 60 + minute - offset_minutes) % 1440 + 1440) % 1440;
    if (utc != 23 * 60 + 59) {
      return "second 60 (a leap second) only exists at 23:59 UTC, and this is " + two_digits(utc / 60) + ":" +
             two_digits(utc % 60) + " UTC";
    }
  }
  return std::nullopt;
}

}  // namespace ec
