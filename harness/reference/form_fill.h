// What the reference client's scripted user submits in a form: the user's own content, or, when
// the user accepted without typing, the defaults the form was pre-filled with (SEP-1034). The
// content faults of the reference client live here too, so client.cpp keeps to the protocol:
//
//   ignore-defaults       no pre-filled defaults: an untouched form is empty
//   defaults-placeholder  fields are pre-filled with a placeholder of the right type (the first
//                         option, the minimum, "", false, []) instead of the default's value
//   enum-titles           an enum choice is sent as its display title, not its value
//   enum-shape            a single-select choice is sent as an array, a multi-select one as a string
#pragma once

#include <rapidjson/document.h>

#include "reference/faults.h"

namespace ec {

// The form as the user submits it. `user_content` is the scripted user's content (nullptr when
// the user accepted without typing); `schema` is the requestedSchema (may be nullptr).
rapidjson::Document fill_form(const rapidjson::Value* user_content, const rapidjson::Value* schema,
                              FaultId fault);

// How a faulty client encodes the submitted content on the wire (enum-titles, enum-shape);
// without one of those faults the content is left alone.
void encode_content(rapidjson::Document& content, const rapidjson::Value* schema, FaultId fault);

}  // namespace ec
