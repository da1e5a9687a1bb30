// The URL trap judged whole (issue 33, item 5): "MUST NOT automatically pre-fetch the URL or any
// of its metadata". Every client case that hands out trap URLs ({trap}/...) sees, at its end,
// every request the trap got, whatever the path; this ledger says which of them the user allowed.
// A fetch is allowed only of a URL the client answered with action "accept" (the user consented:
// opening it is what a browser does next), and, once some URL was accepted, of other paths of the
// trap (the metadata of the page opened). Anything else is a finding:
//   url-trap.fetch-not-accepted   CLIENT-URL-NO-PREFETCH, MUST
// The harness's messages give the URLs (a URL-mode elicitation/create by its request id on the
// 2025 wire, an input request of an InputRequiredResult by its key on 2026-07-28); the client's
// give the answers (a response to that id; a retry's inputResponses under that key).
// The URLs of a -32042 error's list are not judged here: a client asks its user about them and
// says nothing on the wire (it retries later), so a fetch of one, or of another path of the trap
// in a run that handed one out, may follow a consent the harness cannot see (the url-required
// cases judge those by their steps). Nor is a URL whose elicitation the client never answered (no
// response to that request, no retry carrying that key): the user may have accepted and the
// client then given up for another reason (a sibling input it could not build), so whether the
// fetch followed consent is not on the wire. Not thread-safe; one per run.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "core/diagnostic.h"

namespace ec {

class UrlConsent {
 public:
  void harness_sent(const rapidjson::Value& message);
  void sut_sent(const rapidjson::Value& message);
  // The findings on the trap's requests (request targets, "/connect?e=1"), in order.
  Diagnostics judge(const std::vector<std::string>& trap_requests) const;

 private:
  std::map<std::string, std::string> url_by_id_;   // 2025: request id (JSON) -> url path
  std::map<std::string, std::string> url_by_key_;  // 2026-07-28: input request key -> url path
  std::set<std::string> handed_out_;               // every url path handed out
  std::set<std::string> accepted_;                 // url paths the client accepted
  std::set<std::string> answered_;                 // url paths whose elicitation the client answered
  std::set<std::string> consent_unseen_;           // url paths of -32042 lists (consent not on the wire)
};

// "/connect" of "/connect?e=1" or of "http://127.0.0.1:5/connect?e=1": the same path counts as
// the same URL, whatever the query (a client may re-encode it).
std::string url_path(const std::string& url_or_target);

}  // namespace ec
