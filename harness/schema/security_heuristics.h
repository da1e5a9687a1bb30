// Heuristics for the security rules a server's own choices can break (elicitation.mdx,
// "Safe URL Handling" and "Form Mode Security"): what a server puts in a form or a URL. They
// are heuristics, so every finding is at SHOULD level (a WARN), even for MUST NOT rules:
//   security.url-not-https       URL-HTTPS: http (or another scheme) to a host that is not loopback
//   security.url-credentials     URL-NOT-PREAUTHENTICATED: token, key, secret, signature or
//                                password query parameters, or user:password@ in the authority
//   security.url-user-data       URL-NO-USER-DATA: an e-mail address in the URL
//   security.form-secret-field   FORM-NO-SENSITIVE: a form field named or titled like a password,
//                                API key, token, secret, card number, CVV or PIN
//   security.form-clickable-url  FORM-NO-CLICKABLE-URLS: an http(s) URL in the message or in a
//                                field's title or description (from 2025-11-25: the rule came with
//                                SEP-1036's Safe URL Handling; 2025-06-18 has none)
#pragma once

#include <rapidjson/document.h>

#include "core/diagnostic.h"
#include "spec/revision.h"

namespace ec {

// `params` are elicitation/create params (or a -32042 entry); `pointer` is where they sit.
Diagnostics security_findings(const rapidjson::Value& params, const std::string& pointer,
                              Revision revision = default_revision());

}  // namespace ec
