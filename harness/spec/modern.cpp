#include "spec/modern.h"

#include "core/json.h"
#include "core/json_pointer.h"

namespace ec {
namespace {

constexpr const char* kBasisMeta = "schema.json 2026-07-28 #/$defs/RequestMetaObject";
constexpr const char* kBasisImplementation = "schema.json 2026-07-28 #/$defs/Implementation";
constexpr const char* kBasisDiscover = "schema.json 2026-07-28 #/$defs/DiscoverResult";

void add(Diagnostics& out, std::string check, std::string requirement, Level level, std::string pointer,
         std::string message, std::string basis = "") {
  out.push_back(Diagnostic{std::move(check), std::move(requirement), level, std::move(pointer),
                           std::move(message), std::move(basis)});
}

std::string text_of(const rapidjson::Value& v) { return std::string(v.GetString(), v.GetStringLength()); }

// An Implementation (clientInfo, serverInfo): an object with string name and version.
std::optional<Implementation> parse_implementation(const rapidjson::Value& value, std::string_view what,
                                                   const std::string& pointer, const std::string& requirement,
                                                   const std::string& check_prefix, Diagnostics& out) {
  if (!value.IsObject()) {
    add(out, check_prefix + "-type", requirement, Level::Must, pointer,
        std::string(what) + " is " + std::string(json_type_name(value)) +
            "; it must be an object with \"name\" and \"version\".",
        kBasisImplementation);
    return std::nullopt;
  }
  Implementation impl;
  bool ok = true;
  for (const char* member : {"name", "version"}) {
    const rapidjson::Value* v = find_member(value, member);
    if (v == nullptr || !v->IsString()) {
      ok = false;
      add(out, check_prefix + "-" + member, requirement, Level::Must, pointer_append(pointer, member),
          std::string(what) +
              (v == nullptr ? " has no \"" + std::string(member) + "\""
                            : "." + std::string(member) + " is " + std::string(json_type_name(*v))) +
              "; an Implementation has string \"name\" and \"version\".",
          kBasisImplementation);
      continue;
    }
    (std::string_view(member) == "name" ? impl.name : impl.version) = text_of(*v);
  }
  if (!ok) return std::nullopt;
  return impl;
}

}  // namespace

RequestMetaParse parse_request_meta(const rapidjson::Value* params, Revision revision,
                                    const std::string& pointer) {
  RequestMetaParse out;
  Diagnostics& diags = out.diagnostics;
  const std::string revision_text(to_string(revision));
  if (params == nullptr || !params->IsObject()) {
    add(diags, params == nullptr ? "meta.params-missing" : "meta.params-type", "META-REQUIRED-FIELDS",
        Level::Must, pointer,
        params == nullptr
            ? "The request has no params; every " + revision_text + " request carries params._meta with \"" +
                  std::string(kMetaProtocolVersion) + "\" and \"" + std::string(kMetaClientCapabilities) +
                  "\"."
            : "params is " + std::string(json_type_name(*params)) + "; it must be an object carrying _meta.",
        kBasisMeta);
    return out;
  }
  const std::string meta_pointer = pointer_append(pointer, "_meta");
  const rapidjson::Value* meta = find_member(*params, "_meta");
  if (meta == nullptr || !meta->IsObject()) {
    add(diags, meta == nullptr ? "meta.missing" : "meta.type", "META-REQUIRED-FIELDS", Level::Must,
        meta_pointer,
        meta == nullptr
            ? "params has no _meta; every " + revision_text +
                  " request carries its protocol "
                  "version and client capabilities there (no initialize handshake remembers them)."
            : "_meta is " + std::string(json_type_name(*meta)) + "; it must be an object.",
        kBasisMeta);
    return out;
  }

  const std::string version_pointer = pointer_append(meta_pointer, kMetaProtocolVersion);
  const rapidjson::Value* version = find_member(*meta, kMetaProtocolVersion);
  if (version == nullptr || !version->IsString()) {
    add(diags, version == nullptr ? "meta.protocol-version-missing" : "meta.protocol-version-type",
        "META-REQUIRED-FIELDS", Level::Must, version_pointer,
        version == nullptr
            ? "_meta has no \"" + std::string(kMetaProtocolVersion) + "\"; it is required on every request."
            : "\"" + std::string(kMetaProtocolVersion) + "\" is " + std::string(json_type_name(*version)) +
                  "; it must be a string such as \"" + revision_text + "\".",
        kBasisMeta);
  } else {
    out.meta.protocol_version = text_of(*version);
    if (out.meta.protocol_version != revision_text) {
      const auto other = parse_revision(out.meta.protocol_version);
      add(diags, "meta.protocol-version-other", "VERSION-UNSUPPORTED-ERROR", Level::Info, version_pointer,
          "The request asks for protocol version \"" + out.meta.protocol_version + "\" and is checked as " +
              revision_text +
              (other && !features(*other).modern_wire
                   ? "; that revision is initialize-based and has no per-request _meta."
                   : "; a server that does not implement it answers -32022 "
                     "(UnsupportedProtocolVersionError)."));
    }
  }

  const std::string caps_pointer = pointer_append(meta_pointer, kMetaClientCapabilities);
  const rapidjson::Value* caps = find_member(*meta, kMetaClientCapabilities);
  if (caps == nullptr || !caps->IsObject()) {
    add(diags, caps == nullptr ? "meta.client-capabilities-missing" : "meta.client-capabilities-type",
        "META-REQUIRED-FIELDS", Level::Must, caps_pointer,
        caps == nullptr
            ? "_meta has no \"" + std::string(kMetaClientCapabilities) +
                  "\"; it is required on every request ({} declares no optional capability)."
            : "\"" + std::string(kMetaClientCapabilities) + "\" is " + std::string(json_type_name(*caps)) +
                  "; it must be a ClientCapabilities object.",
        kBasisMeta);
  } else {
    out.meta.client_capabilities = caps;
    CapabilityParse elicitation = parse_elicitation_capability(find_member(*caps, "elicitation"), revision,
                                                               pointer_append(caps_pointer, "elicitation"));
    out.meta.elicitation = elicitation.capability;
    for (Diagnostic& d : elicitation.diagnostics) diags.push_back(std::move(d));
  }

  const std::string info_pointer = pointer_append(meta_pointer, kMetaClientInfo);
  if (const rapidjson::Value* info = find_member(*meta, kMetaClientInfo)) {
    out.meta.client_info = parse_implementation(*info, "clientInfo", info_pointer, "META-CLIENT-INFO",
                                                "meta.client-info", diags);
  } else {
    add(diags, "meta.client-info-missing", "META-CLIENT-INFO", Level::Should, info_pointer,
        "_meta has no \"" + std::string(kMetaClientInfo) +
            "\"; clients should name themselves on every request.",
        kBasisMeta);
  }
  return out;
}

ResultHeadParse parse_result_head(const rapidjson::Value& result, Revision revision,
                                  const std::string& pointer, std::string_view server_info_rule) {
  ResultHeadParse out;
  (void)revision;
  if (!result.IsObject()) return out;  // classify_message already said so
  Diagnostics& diags = out.diagnostics;
  const std::string type_pointer = pointer_append(pointer, "resultType");
  const rapidjson::Value* type = find_member(result, "resultType");
  if (type == nullptr) {
    add(diags, "result.result-type-missing", "RESULT-TYPE-REQUIRED", Level::Must, type_pointer,
        "The result has no \"resultType\"; every result says \"complete\" or \"input_required\" (a client "
        "reads a missing one as \"complete\", as from a server of an earlier revision).",
        "schema.json 2026-07-28 #/$defs/Result");
  } else if (!type->IsString()) {
    add(diags, "result.result-type-type", "RESULT-TYPE-REQUIRED", Level::Must, type_pointer,
        "\"resultType\" is " + std::string(json_type_name(*type)) + "; it must be a string.",
        "schema.json 2026-07-28 #/$defs/ResultType");
  } else {
    out.head.type_text = text_of(*type);
    if (out.head.type_text == "complete") {
      out.head.type = ResultType::Complete;
    } else if (out.head.type_text == "input_required") {
      out.head.type = ResultType::InputRequired;
    } else {
      out.head.type = ResultType::Other;
      // Only an extension both sides advertise in their capabilities may add a value, which a
      // single message does not show: a SHOULD finding, not a MUST.
      add(diags, "result.result-type-unknown", "RESULT-TYPE-SET", Level::Should, type_pointer,
          "\"resultType\" is \"" + out.head.type_text +
              "\", not a core value (\"complete\", "
              "\"input_required\"); only an extension advertised in capabilities may add one, and a client "
              "that does not recognise it must treat the result as invalid.");
    }
  }

  const std::string meta_pointer = pointer_append(pointer, "_meta");
  const rapidjson::Value* meta = find_member(result, "_meta");
  const rapidjson::Value* info =
      meta != nullptr && meta->IsObject() ? find_member(*meta, kMetaServerInfo) : nullptr;
  if (meta != nullptr && !meta->IsObject()) {
    add(diags, "result.meta-type", "JSONRPC-MESSAGE-FORMAT", Level::Must, meta_pointer,
        "The result's _meta is " + std::string(json_type_name(*meta)) + "; it must be an object.",
        "schema.json 2026-07-28 #/$defs/ResultMetaObject");
  } else if (info == nullptr) {
    add(diags, "result.server-info-missing", std::string(server_info_rule), Level::Should,
        pointer_append(meta_pointer, kMetaServerInfo),
        "The result has no _meta \"" + std::string(kMetaServerInfo) +
            "\"; servers should name themselves in every result (no initialize answer does it for them).",
        "schema.json 2026-07-28 #/$defs/ResultMetaObject");
  } else {
    out.head.server_info =
        parse_implementation(*info, "serverInfo", pointer_append(meta_pointer, kMetaServerInfo),
                             std::string(server_info_rule), "result.server-info", diags);
  }
  return out;
}

DiscoverResultParse parse_discover_result(const rapidjson::Value& result, Revision revision,
                                          const std::string& pointer) {
  DiscoverResultParse out;
  (void)revision;
  if (!result.IsObject()) return out;
  Diagnostics& diags = out.diagnostics;
  DiscoverResult typed;
  const auto missing = [&](const char* member, const std::string& what) {
    add(diags, std::string("discover.") + member + "-missing", "DISCOVER-MUST", Level::Must,
        pointer_append(pointer, member), "The DiscoverResult has no \"" + std::string(member) + "\"; " + what,
        kBasisDiscover);
  };
  const auto wrong = [&](const char* member, const rapidjson::Value& v, const std::string& what) {
    add(diags, std::string("discover.") + member + "-type", "DISCOVER-MUST", Level::Must,
        pointer_append(pointer, member),
        "\"" + std::string(member) + "\" is " + std::string(json_type_name(v)) + "; " + what, kBasisDiscover);
  };

  const std::string versions_pointer = pointer_append(pointer, "supportedVersions");
  if (const rapidjson::Value* versions = find_member(result, "supportedVersions"); versions == nullptr) {
    missing("supportedVersions", "it lists the protocol versions the server supports.");
  } else if (!versions->IsArray()) {
    wrong("supportedVersions", *versions, "it must be an array of version strings.");
  } else {
    for (rapidjson::SizeType i = 0; i < versions->Size(); ++i) {
      const rapidjson::Value& v = (*versions)[i];
      if (!v.IsString()) {
        add(diags, "discover.supportedVersions-item-type", "DISCOVER-MUST", Level::Must,
            pointer_append(versions_pointer, i),
            "A supported version is " + std::string(json_type_name(v)) + "; versions are strings.",
            kBasisDiscover);
        continue;
      }
      typed.supported_versions.push_back(text_of(v));
    }
    if (versions->Empty()) {
      add(diags, "discover.supportedVersions-empty", "DISCOVER-MUST", Level::Should, versions_pointer,
          "\"supportedVersions\" is empty; a client has no version to choose for its requests.");
    }
  }
  if (const rapidjson::Value* caps = find_member(result, "capabilities"); caps == nullptr) {
    missing("capabilities", "it says which features (tools, resources, prompts, ...) the server has.");
  } else if (!caps->IsObject()) {
    wrong("capabilities", *caps, "it must be a ServerCapabilities object.");
  } else {
    typed.capabilities = caps;
  }
  // CacheableResult members: required since 2026-07-28.
  if (const rapidjson::Value* ttl = find_member(result, "ttlMs"); ttl == nullptr) {
    missing("ttlMs", "it says how long (milliseconds) a client may cache this answer.");
  } else if (!ttl->IsNumber() || !is_integral(*ttl) || ttl->GetDouble() < 0) {
    wrong("ttlMs", *ttl, "it must be an integer of at least 0.");
  }
  if (const rapidjson::Value* scope = find_member(result, "cacheScope"); scope == nullptr) {
    missing("cacheScope", "it is \"public\" or \"private\".");
  } else if (!scope->IsString() || (text_of(*scope) != "public" && text_of(*scope) != "private")) {
    add(diags, "discover.cacheScope-value", "DISCOVER-MUST", Level::Must,
        pointer_append(pointer, "cacheScope"),
        "\"cacheScope\" is " + to_json(*scope) + "; it must be \"public\" or \"private\".", kBasisDiscover);
  }
  if (const rapidjson::Value* instructions = find_member(result, "instructions");
      instructions != nullptr && !instructions->IsString()) {
    wrong("instructions", *instructions, "it must be a string.");
  }
  out.result = std::move(typed);
  return out;
}

Diagnostics check_error_code(std::int64_t code, Revision revision, const std::string& pointer) {
  Diagnostics out;
  if (!features(revision).modern_wire) return out;
  const std::string where = pointer_append(pointer, "code");
  if (code == -32042 || code == -32002) {
    add(out, "error.code-retired", "ERROR-CODE-RETIRED", Level::Must, where,
        code == -32042 ? "Error -32042 (URL elicitation required) belongs to 2025-11-25; in " +
                             std::string(to_string(revision)) +
                             " a server that needs a URL-mode elicitation answers with an "
                             "InputRequiredResult carrying it."
                       : "Error -32002 (resource not found) belongs to 2025-11-25 and earlier; " +
                             std::string(to_string(revision)) + " uses -32602.",
        "basic.mdx 2026-07-28 > Error Codes");
  } else if (code <= -32020 && code >= -32099 && code != kHeaderMismatch &&
             code != kMissingRequiredClientCapability && code != kUnsupportedProtocolVersion) {
    add(out, "error.code-reserved", "ERROR-CODE-RESERVED-RANGE", Level::Must, where,
        "Error " + std::to_string(code) +
            " is in -32020..-32099, which only the specification allocates, and it "
            "defines -32020, -32021 and -32022 there.",
        "basic.mdx 2026-07-28 > Error Codes");
  }
  return out;
}

UnsupportedVersionErrorParse parse_unsupported_version_error(const rapidjson::Value& error, Revision revision,
                                                             const std::string& pointer) {
  UnsupportedVersionErrorParse out;
  (void)revision;
  if (!error.IsObject()) return out;
  constexpr const char* basis = "schema.json 2026-07-28 #/$defs/UnsupportedProtocolVersionError";
  const std::string data_pointer = pointer_append(pointer, "data");
  const rapidjson::Value* data = find_member(error, "data");
  if (data == nullptr || !data->IsObject()) {
    add(out.diagnostics, "version-error.data-missing", "VERSION-UNSUPPORTED-ERROR", Level::Must, data_pointer,
        "The -32022 error has no data object; it must list data.supported and name data.requested.", basis);
    return out;
  }
  UnsupportedVersionError typed;
  bool ok = true;
  const rapidjson::Value* supported = find_member(*data, "supported");
  if (supported == nullptr || !supported->IsArray()) {
    ok = false;
    add(out.diagnostics, "version-error.supported-missing", "VERSION-UNSUPPORTED-ERROR", Level::Must,
        pointer_append(data_pointer, "supported"),
        "data.supported is missing or not an array; it lists the versions the server does support.", basis);
  } else {
    for (rapidjson::SizeType i = 0; i < supported->Size(); ++i) {
      const rapidjson::Value& v = (*supported)[i];
      if (v.IsString()) {
        typed.supported.push_back(text_of(v));
      } else {
        ok = false;
        add(out.diagnostics, "version-error.supported-item-type", "VERSION-UNSUPPORTED-ERROR", Level::Must,
            pointer_append(pointer_append(data_pointer, "supported"), i),
            "A supported version is " + std::string(json_type_name(v)) + "; versions are strings.", basis);
      }
    }
  }
  const rapidjson::Value* requested = find_member(*data, "requested");
  if (requested == nullptr || !requested->IsString()) {
    ok = false;
    add(out.diagnostics, "version-error.requested-missing", "VERSION-UNSUPPORTED-ERROR", Level::Must,
        pointer_append(data_pointer, "requested"),
        "data.requested is missing or not a string; it names the version the client asked for.", basis);
  } else {
    typed.requested = text_of(*requested);
  }
  if (ok) out.error = std::move(typed);
  return out;
}

MissingCapabilityErrorParse parse_missing_capability_error(const rapidjson::Value& error, Revision revision,
                                                           const std::string& pointer) {
  MissingCapabilityErrorParse out;
  if (!error.IsObject()) return out;
  constexpr const char* basis = "schema.json 2026-07-28 #/$defs/MissingRequiredClientCapabilityError";
  const std::string data_pointer = pointer_append(pointer, "data");
  const rapidjson::Value* data = find_member(error, "data");
  const rapidjson::Value* required =
      data != nullptr && data->IsObject() ? find_member(*data, "requiredCapabilities") : nullptr;
  if (required == nullptr || !required->IsObject()) {
    add(out.diagnostics, "capability-error.required-missing", "CAPABILITY-MISSING-ERROR", Level::Must,
        pointer_append(data_pointer, "requiredCapabilities"),
        "The -32021 error has no data.requiredCapabilities object; it must list the capabilities the request "
        "needs and the client did not declare.",
        basis);
    return out;
  }
  out.required_capabilities = required;
  if (required->ObjectEmpty()) {
    add(out.diagnostics, "capability-error.required-empty", "CAPABILITY-MISSING-ERROR", Level::Should,
        pointer_append(data_pointer, "requiredCapabilities"),
        "data.requiredCapabilities is empty; it should name the missing capability (e.g. {\"elicitation\": "
        "{}}).");
  }
  // Read as a declaration, so {"elicitation": {"url": {}}} says URL mode is what is missing.
  CapabilityParse elicitation = parse_elicitation_capability(
      find_member(*required, "elicitation"), revision,
      pointer_append(pointer_append(data_pointer, "requiredCapabilities"), "elicitation"));
  out.elicitation = elicitation.capability;
  return out;
}

}  // namespace ec
