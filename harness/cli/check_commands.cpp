#include "cli/check_commands.h"

#include <ostream>
#include <string>
#include <vector>

#include "cli/input.h"
#include "cli/output.h"
#include "core/json.h"
#include "schema/message_check.h"
#include "schema/requested_schema.h"
#include "spec/revision.h"

namespace ec {
namespace {

// Resolves --revision; prints the usage error itself.
std::optional<Revision> revision_of(const CheckCommandOptions& o, std::ostream& err) {
  if (o.revision.empty()) return default_revision();
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

// Reads a side file (--request, --retry-of) as JSON; prints the usage error itself.
bool read_json(const std::string& path, const char* flag, ParsedJson& into, const CheckCommandOptions& o,
               std::ostream& err) {
  auto bytes = read(path, o, err);
  if (!bytes) return false;
  into = parse_json(bytes->bytes, limits_of(o));
  if (bytes->over_limit || !into.ok()) {
    err << "elicit-conform: " << flag << " " << printable(path) << " is not usable JSON"
        << (into.error ? ": " + printable(into.error->message) : std::string()) << "\n";
    return false;
  }
  return true;
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

  // --request: the request a result answers. Legacy revisions: the elicitation/create (a whole
  // message, or just its params). Modern ones: the client request, a whole message (its method
  // and its _meta matter).
  const bool modern = features(*revision).modern_wire;
  ParsedJson request;
  if (!o.request.empty()) {
    if (!read_json(o.request, "--request", request, o, err)) return kExitUsage;
    const rapidjson::Value* params = find_member(request.document, "params");
    if (modern) {
      if (find_member(request.document, "method") == nullptr) {
        err << "elicit-conform: --request " << printable(o.request) << " must be the client request (a whole "
            << "JSON-RPC message with \"method\") in " << to_string(*revision) << "\n";
        return kExitUsage;
      }
      check_options.answered_request = &request.document;
    } else {
      check_options.answered_request_params = params != nullptr ? params : &request.document;
    }
  }
  // --retry-of: the InputRequiredResult response a retried request follows (modern only).
  ParsedJson retry_of;
  if (!o.retry_of.empty()) {
    if (!modern) {
      err << "elicit-conform: --retry-of is for revisions with multi round-trip requests (2026-07-28); "
          << to_string(*revision) << " has none\n";
      return kExitUsage;
    }
    if (!read_json(o.retry_of, "--retry-of", retry_of, o, err)) return kExitUsage;
    const rapidjson::Value* result = find_member(retry_of.document, "result");
    if (result == nullptr || !result->IsObject()) {
      err << "elicit-conform: --retry-of " << printable(o.retry_of)
          << " must be a result response (the InputRequiredResult, a whole JSON-RPC message)\n";
      return kExitUsage;
    }
    check_options.retry_of = &retry_of.document;
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
