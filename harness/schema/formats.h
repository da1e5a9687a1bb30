// The four string formats the elicitation spec allows ("Supported formats: email, uri, date,
// date-time"), checked the way JSON Schema 2020-12 defines them:
//   email      RFC 5321 Mailbox (ASCII; the internationalised form is JSON Schema's idn-email)
//   uri        RFC 3986 absolute URI: a scheme is mandatory; parsed by uriparser; a port, when
//              present, is 0..65535
//   date       RFC 3339 full-date, with real month lengths and leap years
//   date-time  RFC 3339 date-time ("T"/"t", "Z"/"z" or +hh:mm offset, fractional seconds,
//              a leap second only at 23:59:60 UTC)
// No function here allocates more than the input size or recurses.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ec {

enum class StringFormat { Email, Uri, Date, DateTime };

// "email" -> Email, ...; nullopt for any other name (including "hostname", "uuid": not allowed).
std::optional<StringFormat> parse_format_name(std::string_view name);
std::string_view to_string(StringFormat format);

// nullopt when `value` conforms; otherwise one short reason a person understands, e.g.
// "day 30 does not exist in February 2023" or "port 70000 is above 65535".
std::optional<std::string> check_format(StringFormat format, std::string_view value);

std::optional<std::string> check_email(std::string_view value);
std::optional<std::string> check_uri(std::string_view value);
std::optional<std::string> check_date(std::string_view value);
std::optional<std::string> check_date_time(std::string_view value);

}  // namespace ec
