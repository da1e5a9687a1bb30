// The fuzzer's inputs: elicitation params mutated from the corpus's own (the `send` steps of the
// case files), the ElicitResults the harness answers a server SUT with, and the scripted user a
// client SUT gets. Structural, not byte-level: a SUT that cannot parse JSON is not interesting
// here, a SUT that mishandles a schema keyword, an enum form (SEP-1330), a default (SEP-1034), a
// mode or a URL is. Every function is a pure function of its arguments and the FuzzRng, so a seed
// replays the same inputs (docs/architecture.md, "Fuzzing a SUT").
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <rapidjson/document.h>

#include "spec/revision.h"
#include "sut_fuzzer/rng.h"

namespace ec {

// What the inputs exercised, for summary.json: so a campaign that never reached a keyword, a
// mode or an enum form says so instead of looking thorough.
struct FuzzCoverage {
  std::map<std::string, std::size_t> keywords;       // schema keywords of requestedSchema properties
  std::map<std::string, std::size_t> modes;          // "form", "url", "absent", "other"
  std::map<std::string, std::size_t> enum_variants;  // SEP-1330 forms and the legacy enumNames
  std::map<std::string, std::size_t> actions;        // of the results the harness sent or the client sent
  std::map<std::string, std::size_t> user_scripts;   // client SUT: the scripts it ran, by kind
  std::map<std::string, std::size_t> tools;          // server SUT: the contract tools called
  std::map<std::string, std::size_t> wire;  // 2026-07-28: the inputs' _meta, retry and round variants

  void note_params(const rapidjson::Value& params);
  void note_action(const rapidjson::Value& result);
  void note_wire(const rapidjson::Value& input);
};

class FuzzMutator {
 public:
  // `seeds`: elicitation/create params objects (at least one; see load_fuzz_seeds()).
  explicit FuzzMutator(std::vector<std::shared_ptr<rapidjson::Document>> seeds);

  // A seed with one to four mutations applied.
  rapidjson::Document mutate_params(FuzzRng& rng) const;

  // A result for the elicitation/create params a SUT sent: mostly well-formed, its content
  // sometimes valid against the schema, sometimes not (the differential needs both).
  static rapidjson::Document reply_for(const rapidjson::Value& params, FuzzRng& rng);

  // Notifications a peer may send, one to three (a server gets them before its tool call, a client
  // after its answer): one whose method no one knows, and a cancellation of a request the peer
  // never got; to a client also completions (notifications/elicitation/complete) of an unknown id,
  // without an id, with a number for one, and of `issued` (the elicitationId of the input's own
  // request, "" for none) twice: a repeat when the client took the request. A peer answers none of
  // them and goes on.
  static rapidjson::Document notifications_for(FuzzRng& rng, bool to_client, const std::string& issued);

  // The JSON-RPC message of one entry of that list (a method and maybe params), or "" when the
  // entry is no notification: a method without the "notifications/" prefix (the minimiser shortens
  // strings) would be a request in the replay case, where the step engine gives it an id.
  static std::string notification_message(const rapidjson::Value& entry);

  // 2026-07-28, server SUT: every request carries its own `_meta` (protocol version, client
  // capabilities, client info), and the elicitation answer travels in the retry's inputResponses.
  // An input may change both (members of its own, so that the minimiser can drop them):
  //   "declare"    the elicitation capability this request declares (null: none), not the campaign's;
  //   "meta"       a broken _meta: "no-version", "no-capabilities", "unknown-version"; or over
  //                Streamable HTTP "header-mismatch", a sound _meta under an MCP-Protocol-Version
  //                header that names another version (kMismatchedHeader);
  //   "responses"  a retry other than the answer as asked: "extra-key" (a key the server did not
  //                ask for besides), "omitted" (no answer), "not-an-object" (inputResponses a string).
  // An unknown value (a string the minimiser shortened) means none of these.
  enum class MetaFault { None, NoVersion, NoCapabilities, UnknownVersion, HeaderMismatch };
  enum class Responses { AsAsked, ExtraKey, Omitted, NotAnObject };
  static void add_modern_mutations(rapidjson::Document& input, FuzzRng& rng);
  static MetaFault meta_fault_of(const rapidjson::Value& input);
  static Responses responses_of(const rapidjson::Value& input);
  // The `_meta` of the input's requests: `capabilities` (the campaign's elicitation capability, a
  // JSON object) unless the input declares its own, then the input's meta fault.
  static rapidjson::Document modern_meta(const rapidjson::Value& input, const std::string& capabilities,
                                         Revision revision);
  // The inputResponses of the retry: `reply` under each of `keys` (the elicitations the server
  // asked for), changed as the input's "responses" says.
  static rapidjson::Document input_responses(const rapidjson::Value& input,
                                             const std::vector<std::string>& keys,
                                             const rapidjson::Value& reply);
  // 2026-07-28, client SUT: an input is one InputRequiredResult answering the client's held
  // tools/call. Its own members: "inputs": 2 asks for the params under two keys (a client must
  // answer each); "state": the requestState's kind, "spaces" (blanks around it), "json" (JSON text
  // with its own spacing), "none" (no requestState; the client must not invent one), else an
  // opaque token. Each round's state differs (`round`), so an echo of an earlier one shows.
  // "result_type": "unknown" sends the same under a resultType no client knows, which it must
  // take as invalid, not as an InputRequiredResult to answer.
  static void add_modern_client_mutations(rapidjson::Document& input, FuzzRng& rng);
  static std::vector<std::string> input_keys(const rapidjson::Value& input);
  static bool unknown_result_type(const rapidjson::Value& input);
  static constexpr const char* kUnknownResultType = "fuzz_unknown";
  static rapidjson::Document input_required_response(const rapidjson::Value& id,
                                                     const rapidjson::Value& params,
                                                     const std::vector<std::string>& keys,
                                                     const rapidjson::Value& input, std::size_t round);
  static constexpr const char* kUnaskedKey = "fuzz-unasked";
  static constexpr const char* kUnknownVersion = "2099-01-01";
  // The MCP-Protocol-Version header of a "header-mismatch" input: a real revision, not the _meta's.
  static constexpr const char* kMismatchedHeader = "2025-11-25";

  // ELICIT_CONFORM_USER for a client SUT: `answers` answers of one `kind`. A mixed script mixes
  // accepts whose content uses the field names of the corpus's schemas with values that are often
  // wrong for them, declines and cancels; the others repeat one answer, the only scripts where an
  // oracle knows what the user said to a given request (client_user_findings in oracles.h).
  enum class UserScript { Mixed, Decline, AcceptUntouched, Cancel };
  std::string user_script(FuzzRng& rng, std::size_t answers, UserScript kind) const;
  // The kind of a campaign's `index`th script (one per client process): mixed, decline, mixed,
  // accept of the form as pre-filled (SEP-1034 defaults), mixed, cancel, in turn.
  static UserScript user_script_kind(std::size_t index);
  static const char* to_string(UserScript kind);

 private:
  std::vector<std::shared_ptr<rapidjson::Document>> seeds_;
  std::vector<std::string> field_names_;
};

}  // namespace ec
