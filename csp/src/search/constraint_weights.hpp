// The constraint weights of MIN-CONFLICTS' breakout variant (Morris 1993; AIMA 4th ed. §6.4): a value's score is
// the weighted sum of its conflicts, and at a local minimum every violated constraint weighs one more.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "conflict_state.hpp"

namespace csp::detail {

class ConstraintWeights {
 public:
  /// Every one of `constraints` weighs 1.
  void reset(std::size_t constraints) { weight_.assign(constraints, 1); }

  /// Scores every value of x: `counts` its conflicts, `weighted` its weighted conflicts (both resized to x's size).
  void score(ConflictState& state, const Variable& var, VarId x, std::vector<int>& counts,
             std::vector<std::int64_t>& weighted) {
    const auto d = static_cast<std::size_t>(var.size());
    counts.assign(d, 0);
    weighted.assign(d, 0);
    for (const ConflictState::Arc& arc : state.arcs(x)) {
      raw_.assign(d, 0);
      state.ask(arc).add_conflicts(state.current(), arc.pos, var, raw_);
      const std::int64_t w = weight_[static_cast<std::size_t>(arc.c)];
      for (std::size_t i = 0; i < d; ++i) {
        counts[i] += raw_[i];
        weighted[i] += w * raw_[i];
      }
    }
  }

  /// A local minimum: every constraint violated on a conflicted variable weighs one more (once each).
  void raise_violated(ConflictState& state) {
    ++stamp_;
    stamped_.resize(weight_.size(), 0);
    for (const VarId y : state.conflicted()) {
      const Value now = state.current().value(y);
      for (const ConflictState::Arc& arc : state.arcs(y)) {
        auto& seen = stamped_[static_cast<std::size_t>(arc.c)];
        if (seen == stamp_) continue;
        if (state.ask(arc).conflicts(state.current(), arc.pos, now) > 0) {
          ++weight_[static_cast<std::size_t>(arc.c)];
          seen = stamp_;
        }
      }
    }
  }

 private:
  std::vector<std::int64_t> weight_;    // per constraint
  std::vector<int> raw_;                // one constraint's conflicts per value index
  std::vector<std::uint64_t> stamped_;  // per constraint: the local minimum at which its weight was last raised
  std::uint64_t stamp_ = 0;
};

}  // namespace csp::detail
