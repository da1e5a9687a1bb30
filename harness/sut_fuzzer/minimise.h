// Shrinking a fuzz input that made an oracle fire: drop members and array items, shorten strings,
// keep each step that still fires, until nothing smaller does or the budget is spent. Greedy and
// outermost first (dropping a whole schema property is tried before shortening its title), so a
// finding usually ends as the one member that matters. Generic over JSON: the caller's predicate
// re-runs the candidate against the SUT (campaign.cpp), the unit tests use plain functions.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include <rapidjson/document.h>

namespace ec {

// Every input one step smaller than `value`, in the order they are tried.
std::vector<rapidjson::Document> shrink_candidates(const rapidjson::Value& value);

struct MinimiseResult {
  rapidjson::Document input;
  std::size_t tries = 0;  // predicate calls
  std::size_t steps = 0;  // candidates kept
};

// `still_fires` is never called more than `max_tries` times.
MinimiseResult minimise(const rapidjson::Value& input,
                        const std::function<bool(const rapidjson::Value&)>& still_fires,
                        std::size_t max_tries);

}  // namespace ec
