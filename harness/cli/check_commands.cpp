#include "cli/check_commands.h"

#include <ostream>
#include <string>
#include <vector>

#include "cli/input.h"
#include "cli/output.h"
#include "core/json.h"
#include "schema/message_check.h"
#include "schema/requested_schema.h"

namespace ec {
namespace {

// Resolves --revision; prints the usage error itself.
std::optional<Revision> revision_of(const CheckCommandOptions& o, std::ostream& err) {
  if (o.revision.empty()) return latest_revision();
  if (auto r = parse_revision(o.revision)) return r;
  err << "elicit-conform: unknown --revision \"" << printable(o.revision) << "\"; known:";
  for (Revision r : all_revisions()) err << " " << to_string(r);
  err << "\n";
  return std::nullopt;
}

ParseLimits limits_of(const CheckCommandOptions& o) { return ParseLimits{o.max_bytes, o.max_depth}; }

// Reads the input; over-limit input becomes a finding, not an error.
std::optional<InputBytes> read(const std::string& path, const CheckCommandOptions& o, std::ostream& err) {
  InputError error;
  auto bytes = read_input(path, o.max_bytes, error);
  if (!bytes) err << "elicit-conform: " << printable(error.message) << "\n";
  return bytes;
}

int finish(CheckOutcome outcome, const CheckCommandOptions& o, std::ostream& out) {
  // The rule's words come from the verified catalog only; without it, findings carry ids alone.
  std::vector<std::string> errors;
  const Catalog catalog = Catalog::load(o.cases_dir + "/requirements", errors);
  outcome.catalog = &catalog;
  if (o.json) {
    write_json(out, outcome);
  } else {
    write_text(out, outcome);
  }
  return has_level(outcome.diagnostics, Level::Must) ? kExitFindings : kExitConforms;
}

Diagnostic too_large(const CheckCommandOptions& o) {
  return to_diagnostic(JsonError{JsonErrorCode::TooLarge, o.max_bytes,
                                 "input is over the " + std::to_string(o.max_bytes) + "-byte limit"});
}

}  // namespace

int run_check_schema(const CheckCommandOptions& o, std::ostream& out, std::ostream& err) {
  auto revision = revision_of(o, err);
  if (!revision) return kExitUsage;
  auto input = read(o.input, o, err);
  if (!input) return kExitUsage;
  CheckOutcome outcome{o.input, "requestedSchema", *revision, {}};
  if (input->over_limit) {
    outcome.diagnostics.push_back(too_large(o));
    return finish(outcome, o, out);
  }
  ParsedJson parsed = parse_json(input->bytes, limits_of(o));
  if (!parsed.ok()) {
    outcome.diagnostics.push_back(to_diagnostic(*parsed.error));
    return finish(outcome, o, out);
  }
  for (const JsonNote& note : parsed.notes) outcome.diagnostics.push_back(to_diagnostic(note));
  SchemaCheck check = check_requested_schema(parsed.document, *revision, "");
  outcome.subject = "requestedSchema with " + std::to_string(check.schema.properties().size()) +
                    (check.schema.properties().size() == 1 ? " property" : " properties");
  for (Diagnostic& d : check.diagnostics) outcome.diagnostics.push_back(std::move(d));
  return finish(outcome, o, out);
}

int run_check_message(const CheckCommandOptions& o, std::ostream& out, std::ostream& err) {
  auto revision = revision_of(o, err);
  if (!revision) return kExitUsage;
  MessageCheckOptions check_options;
  check_options.revision = *revision;
  check_options.limits = limits_of(o);

  // --request: the elicitation/create (a whole message, or just its params) a result answers.
  ParsedJson request;
  if (!o.request.empty()) {
    auto bytes = read(o.request, o, err);
    if (!bytes) return kExitUsage;
    request = parse_json(bytes->bytes, limits_of(o));
    if (bytes->over_limit || !request.ok()) {
      err << "elicit-conform: --request " << printable(o.request) << " is not usable JSON"
          << (request.error ? ": " + printable(request.error->message) : std::string()) << "\n";
      return kExitUsage;
    }
    const rapidjson::Value* params = find_member(request.document, "params");
    check_options.answered_request_params = params != nullptr ? params : &request.document;
  }

  auto input = read(o.input, o, err);
  if (!input) return kExitUsage;
  CheckOutcome outcome{o.input, "message", *revision, {}};
  if (input->over_limit) {
    outcome.subject = "not a JSON message";
    outcome.diagnostics.push_back(too_large(o));
    return finish(outcome, o, out);
  }
  MessageReport report = check_message_bytes(input->bytes, check_options);
  outcome.subject = report.summary;
  outcome.diagnostics = std::move(report.diagnostics);
  return finish(outcome, o, out);
}

}  // namespace ec
