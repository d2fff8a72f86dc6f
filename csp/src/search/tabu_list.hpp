// The tabu list of MIN-CONFLICTS' tabu variant (Glover 1989; AIMA 4th ed. §6.4): the last moves, each forbidding
// its variable to take back the value it left for a number of steps.
#pragma once

#include <cstdint>
#include <vector>

#include "csp/core/variable.hpp"

namespace csp::detail {

class TabuList {
 public:
  /// `tenure`: how many steps a value left stays tabu (0: the list stays empty).
  explicit TabuList(std::uint64_t tenure) : tenure_(tenure) {}

  /// x leaves its value with index `index` at step `step` (steps made so far): (x, index) is tabu until `tenure`
  /// more steps are made. The list holds the last `tenure` moves, the oldest overwritten first.
  void forbid(VarId x, int index, std::uint64_t step) {
    const Entry entry{x, index, step + 1 + tenure_};
    if (entries_.size() < tenure_) {
      entries_.push_back(entry);
    } else {
      entries_[next_] = entry;
      next_ = (next_ + 1) % entries_.size();
    }
  }
  /// The value indices tabu for x at step `step`, into `out` (cleared first).
  void tabu_for(VarId x, std::uint64_t step, std::vector<int>& out) const {
    out.clear();
    for (const Entry& e : entries_)
      if (e.x == x && e.until > step) out.push_back(e.index);
  }
  /// Empty (a restart); the next moves fill it from the start again.
  void clear() {
    entries_.clear();
    next_ = 0;
  }

 private:
  struct Entry {
    VarId x;
    int index;            // value index x left
    std::uint64_t until;  // tabu while fewer steps than this were made
  };
  std::uint64_t tenure_;
  std::vector<Entry> entries_;
  std::size_t next_ = 0;  // the oldest entry once the list is full
};

}  // namespace csp::detail
