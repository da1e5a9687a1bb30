// Fuzzes the typed elicitation message parsers of spec/elicitation.h and spec/capability.h:
// elicitation/create params, ElicitResult, the completion notification, the -32042 error and
// the elicitation capability, in both revisions. Input: one JSON document. Every parser gets the
// root and the member a real message would hand it (params, result, error,
// params.capabilities.elicitation), so whole messages and bare params both make good seeds.
// Invariants beyond "no crash":
//  - findings are well formed and point under the value that was parsed;
//  - the typed value agrees with its findings (a URL request has no schema, a result exists
//    exactly when the action is valid, a 2025-11-25 capability without findings names a mode...);
//  - round trip: the typed value written back as JSON (to_json) and parsed again gives the same
//    typed value; for results, with exactly the same findings.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/json.h"
#include "fuzz_support.h"
#include "spec/capability.h"
#include "spec/elicitation.h"

namespace {

using ec::fuzz::require;
using rapidjson::Value;

constexpr ec::ParseLimits kLimits{std::size_t{1} << 20, 64};

// Builds a JSON object member by member, then parses its text: the round trips below go
// through the same parser as real messages.
class ObjectWriter {
 public:
  ObjectWriter() { doc_.SetObject(); }
  ObjectWriter& string(const char* key, const std::string& value) {
    doc_.AddMember(Value(key, doc_.GetAllocator()),
                   Value(value.c_str(), static_cast<rapidjson::SizeType>(value.size()), doc_.GetAllocator()),
                   doc_.GetAllocator());
    return *this;
  }
  ObjectWriter& value(const char* key, const Value& v) {
    doc_.AddMember(Value(key, doc_.GetAllocator()), Value(v, doc_.GetAllocator()), doc_.GetAllocator());
    return *this;
  }
  ObjectWriter& object(const char* key) { return value(key, Value(rapidjson::kObjectType)); }
  ec::ParsedJson parse() const {
    const std::string text = ec::to_json(doc_);
    ec::ParsedJson out = ec::parse_json(text, ec::ParseLimits{std::size_t{64} << 20, kLimits.max_depth + 8});
    require(out.ok(), "a rebuilt message parses", text);
    return out;
  }

 private:
  rapidjson::Document doc_;
};

std::string show(const ec::ElicitRequest& r) {
  return std::string(ec::to_string(r.mode)) + (r.mode_omitted ? " (omitted)" : "") + " message=" + r.message +
         " url=" + r.url + " id=" + r.elicitation_id +
         " schema=" + (r.requested_schema ? ec::to_json(*r.requested_schema) : std::string("-"));
}

void rebuild_request(const ec::ElicitRequest& r, ObjectWriter& w) {
  if (!r.mode_omitted) w.string("mode", std::string(ec::to_string(r.mode)));
  w.string("message", r.message);
  if (r.mode == ec::Mode::Url) {
    w.string("url", r.url).string("elicitationId", r.elicitation_id);
  } else if (r.requested_schema != nullptr) {
    w.value("requestedSchema", *r.requested_schema);
  }
}

void fuzz_request(const Value& params, ec::Revision revision, const std::string& pointer) {
  const ec::ElicitRequestParse parsed = ec::parse_elicit_request(params, revision, pointer);
  ec::fuzz::require_well_formed(parsed.diagnostics, pointer);
  if (!params.IsObject()) {
    require(!parsed.request && parsed.diagnostics.size() == 1, "non-object params: one finding, no request");
    return;
  }
  if (!parsed.request) {
    require(ec::has_check(parsed.diagnostics, "elicit.mode-type") ||
                ec::has_check(parsed.diagnostics, "elicit.mode-unknown"),
            "a request is refused only for its mode", ec::fuzz::fingerprint(parsed.diagnostics));
    return;
  }
  const ec::ElicitRequest& r = *parsed.request;
  require(r.pointer == pointer, "the request remembers where it sits");
  require(!r.mode_omitted || r.mode == ec::Mode::Form, "an omitted mode is form mode",
          [&] { return show(r); });
  if (r.mode == ec::Mode::Url) {
    require(r.requested_schema == nullptr, "URL mode has no schema", [&] { return show(r); });
    require(features(revision).url_mode, "URL mode only in revisions that have it", [&] { return show(r); });
  }
  if (r.requested_schema != nullptr) {
    require(
        r.requested_schema->IsObject() && r.requested_schema == ec::find_member(params, "requestedSchema"),
        "the schema pointer is the params' requestedSchema object", show(r));
  }
  const bool must = ec::has_level(parsed.diagnostics, ec::Level::Must);
  if (!must && r.mode == ec::Mode::Form)
    require(r.requested_schema != nullptr, "a clean form request has a schema", [&] { return show(r); });

  ObjectWriter w;
  rebuild_request(r, w);
  const ec::ParsedJson doc = w.parse();
  const ec::ElicitRequestParse again = ec::parse_elicit_request(doc.document, revision, pointer);
  require(again.request.has_value(), "a rebuilt request parses", [&] { return show(r); });
  require(show(*again.request) == show(r), "request round trip",
          [&] { return show(r) + "\n" + show(*again.request); });
  if (!must) {
    require(!ec::has_level(again.diagnostics, ec::Level::Must), "a clean request stays clean",
            [&] { return ec::fuzz::fingerprint(again.diagnostics); });
  }
}

std::string show(const ec::ElicitResult& r) {
  return std::string(ec::to_string(r.action)) +
         " content=" + (r.content ? ec::to_json(*r.content) : std::string("-"));
}

void fuzz_result(const Value& result, ec::Revision revision, std::optional<ec::Mode> mode,
                 const std::string& pointer) {
  const ec::ElicitResultParse parsed = ec::parse_elicit_result(result, revision, mode, pointer);
  ec::fuzz::require_well_formed(parsed.diagnostics, pointer);
  if (!result.IsObject()) {
    require(!parsed.result && parsed.diagnostics.empty(), "a non-object result is left to classify_message");
    return;
  }
  const bool action_bad = ec::has_check(parsed.diagnostics, "result.action-missing") ||
                          ec::has_check(parsed.diagnostics, "result.action-unknown");
  require(parsed.result.has_value() == !action_bad, "a result exists exactly when its action is valid",
          [&] { return ec::fuzz::fingerprint(parsed.diagnostics); });
  if (!parsed.result) return;
  const ec::ElicitResult& r = *parsed.result;
  const Value* content = ec::find_member(result, "content");
  require(r.content == (content != nullptr && content->IsObject() ? content : nullptr),
          "the content pointer is the result's content object", show(r));
  if (content != nullptr && r.content == nullptr) return;  // a non-object content is not carried over

  ObjectWriter w;
  w.string("action", std::string(ec::to_string(r.action)));
  if (r.content != nullptr) w.value("content", *r.content);
  const ec::ParsedJson doc = w.parse();
  const ec::ElicitResultParse again = ec::parse_elicit_result(doc.document, revision, mode, pointer);
  require(again.result && show(*again.result) == show(r), "result round trip", [&] { return show(r); });
  require(ec::fuzz::fingerprint(again.diagnostics) == ec::fuzz::fingerprint(parsed.diagnostics),
          "a rebuilt result gets the same findings", [&] {
            return ec::fuzz::fingerprint(parsed.diagnostics) + "---\n" +
                   ec::fuzz::fingerprint(again.diagnostics);
          });
}

void fuzz_completion(const Value* params, ec::Revision revision, const std::string& pointer) {
  const ec::CompletionNotificationParse parsed = ec::parse_completion_notification(params, revision, pointer);
  ec::fuzz::require_well_formed(parsed.diagnostics, pointer, /*allow_root=*/true);
  const Value* id = params != nullptr ? ec::find_member(*params, "elicitationId") : nullptr;
  require(parsed.elicitation_id.has_value() == (id != nullptr && id->IsString()),
          "a completion has an id exactly when params.elicitationId is a string");
  if (!parsed.elicitation_id) return;
  require(!ec::has_level(parsed.diagnostics, ec::Level::Must), "a completion with an id has no MUST finding",
          [&] { return ec::fuzz::fingerprint(parsed.diagnostics); });
  ObjectWriter w;
  w.string("elicitationId", *parsed.elicitation_id);
  const ec::ParsedJson doc = w.parse();
  const ec::CompletionNotificationParse again =
      ec::parse_completion_notification(&doc.document, revision, pointer);
  require(again.elicitation_id == parsed.elicitation_id, "completion round trip", *parsed.elicitation_id);
}

void fuzz_url_error(const Value& error, ec::Revision revision, const std::string& pointer) {
  const ec::UrlRequiredErrorParse parsed = ec::parse_url_required_error(error, revision, pointer);
  ec::fuzz::require_well_formed(parsed.diagnostics, pointer);
  const Value* data = ec::find_member(error, "data");
  const Value* list = data != nullptr ? ec::find_member(*data, "elicitations") : nullptr;
  const std::size_t entries = list != nullptr && list->IsArray() ? list->Size() : 0;
  require(parsed.elicitations.size() <= entries, "no more elicitations than entries");
  for (const ec::ElicitRequest& r : parsed.elicitations) {
    require(r.mode == ec::Mode::Url && !r.mode_omitted, "-32042 carries URL-mode elicitations only",
            [&] { return show(r); });
    require(ec::fuzz::pointer_under(r.pointer, pointer + "/data/elicitations"), "entries point into the list",
            r.pointer);
  }
  if (parsed.elicitations.empty()) return;

  rapidjson::Document list_doc(rapidjson::kArrayType);
  for (const ec::ElicitRequest& r : parsed.elicitations) {
    ObjectWriter entry;
    rebuild_request(r, entry);
    const ec::ParsedJson e = entry.parse();
    list_doc.PushBack(Value(e.document, list_doc.GetAllocator()), list_doc.GetAllocator());
  }
  ObjectWriter data_writer;
  data_writer.value("elicitations", list_doc);
  ObjectWriter w;
  w.value("code", Value(static_cast<int64_t>(ec::kUrlElicitationRequired))).string("message", "m");
  w.value("data", data_writer.parse().document);
  const ec::ParsedJson doc = w.parse();
  const ec::UrlRequiredErrorParse again = ec::parse_url_required_error(doc.document, revision, pointer);
  require(again.elicitations.size() == parsed.elicitations.size(), "-32042 round trip keeps every entry");
  for (std::size_t i = 0; i < parsed.elicitations.size(); ++i) {
    require(show(again.elicitations[i]) == show(parsed.elicitations[i]), "-32042 entry round trip",
            [&] { return show(parsed.elicitations[i]) + "\n" + show(again.elicitations[i]); });
  }
}

void fuzz_capability(const Value* elicitation, ec::Revision revision, const std::string& pointer) {
  const ec::CapabilityParse parsed = ec::parse_elicitation_capability(elicitation, revision, pointer);
  ec::fuzz::require_well_formed(parsed.diagnostics, pointer);
  const ec::ElicitationCapability& c = parsed.capability;
  require(c.declared == (elicitation != nullptr), "declared exactly when the member is present");
  if (!c.declared) {
    require(!c.form && !c.url && parsed.diagnostics.empty(), "an undeclared capability supports nothing");
    return;
  }
  if (!elicitation->IsObject()) return;
  if (!features(revision).url_mode)
    require(c.form && !c.url, "2025-06-18: the capability is form mode", [&] { return c.describe(); });
  if (parsed.diagnostics.empty())
    require(c.form || c.url, "a clean capability names a mode", [&] { return c.describe(); });
  if (!c.form && !c.url) return;

  ObjectWriter w;  // {} is "form only" in 2025-11-25 and any object is form in 2025-06-18
  if (c.url) {
    w.object("url");
    if (c.form) w.object("form");
  }
  const ec::ParsedJson doc = w.parse();
  const ec::CapabilityParse again = ec::parse_elicitation_capability(&doc.document, revision, pointer);
  require(again.capability.describe() == c.describe() && again.diagnostics.empty(), "capability round trip",
          c.describe() + " vs " + again.capability.describe());
}

const Value* member(const Value* v, const char* name) {
  return v != nullptr ? ec::find_member(*v, name) : nullptr;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ec::ParsedJson parsed = ec::parse_json(ec::fuzz::as_text(data, size), kLimits);
  if (!parsed.ok()) return 0;
  const Value& root = parsed.document;
  const Value* params = member(&root, "params");
  const Value* result = member(&root, "result");
  const Value* error = member(&root, "error");
  const Value* capability = member(member(params, "capabilities"), "elicitation");

  for (ec::Revision revision : ec::all_revisions()) {
    fuzz_request(root, revision, "");
    if (params != nullptr) fuzz_request(*params, revision, "/params");
    for (std::optional<ec::Mode> mode :
         {std::optional<ec::Mode>{}, std::optional{ec::Mode::Form}, std::optional{ec::Mode::Url}}) {
      fuzz_result(root, revision, mode, "");
      if (result != nullptr) fuzz_result(*result, revision, mode, "/result");
    }
    fuzz_completion(&root, revision, "");
    fuzz_completion(params, revision, "/params");
    fuzz_url_error(root, revision, "");
    if (error != nullptr) fuzz_url_error(*error, revision, "/error");
    fuzz_capability(&root, revision, "");
    fuzz_capability(capability, revision, "/params/capabilities/elicitation");
  }
  return 0;
}
