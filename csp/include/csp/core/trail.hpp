// Trail: the undo log, the only way domains are restored (as MiniCP's StateManager).
#pragma once

#include <cstddef>
#include <vector>

#include "csp/core/domain.hpp"
#include "csp/core/variable.hpp"

namespace csp {

/// Records the old content of every domain word before it changes, so `undo_to(mark)` restores all
/// domains exactly as they were at `mark()`. Search marks before trying a value and undoes after it. It also records
/// the constraints put to sleep since (Store::entail), which undo_to wakes again, and the old values of the store's
/// reversible ints (Store::set_int), which undo_to restores.
class Trail {
 public:
  using Mark = std::size_t;

  /// The current position; pass it to `undo_to` to come back here.
  Mark mark() const { return entries_.size(); }
  /// Remembers that word `w` of x's domain was `old` (call before changing it). For an interval domain `w` is
  /// Domain::kBoundsEntry (old = Domain::packed_bounds()) or Domain::kHoleEntry (old = the hole added).
  void record(VarId x, int w, Domain::Word old) { entries_.push_back({x, w, old}); }
  /// Remembers that constraint c was put to sleep (its flag 2 in `sleep_flags` of undo_to was set).
  void record_sleep(int c) { entries_.push_back({c, kSleepEntry, 0}); }
  /// Remembers that reversible int `id` (an index into `ints` of undo_to) was `old`.
  void record_int(int id, long long old) { entries_.push_back({id, kIntEntry, static_cast<Domain::Word>(old)}); }
  /// Restores, newest first, every word recorded since `m`, clears flag 2 of sleep_flags[c] for each constraint
  /// put to sleep since, and restores the reversible ints changed since. Precondition: m <= mark().
  void undo_to(Mark m, std::vector<Domain>& domains, std::vector<char>& sleep_flags, std::vector<long long>& ints);
  /// The variable whose domain entry `pos` (< size()) restores, or -1 for a sleep or reversible-int entry.
  VarId variable_at(std::size_t pos) const {
    const Entry& e = entries_[pos];
    return e.word == kSleepEntry || e.word == kIntEntry ? -1 : e.var;
  }
  /// The fewest entries the trail held since the last call (undo_to lowers it), then starts again from size():
  /// the entries at and above it were undone or are new since. For one reader of the changes (Store::domain_changes).
  Mark take_low_water() {
    const Mark low = low_water_ < entries_.size() ? low_water_ : entries_.size();
    low_water_ = entries_.size();
    return low;
  }
  /// Makes room for n entries without reallocating.
  void reserve(std::size_t n) { entries_.reserve(n); }
  /// Number of recorded entries (for tests).
  std::size_t size() const { return entries_.size(); }

 private:
  static constexpr int kSleepEntry = -3;  // below Domain's codes (kBoundsEntry, kHoleEntry)
  static constexpr int kIntEntry = -4;
  struct Entry {
    VarId var;
    int word;
    Domain::Word old;
  };
  std::vector<Entry> entries_;
  Mark low_water_ = 0;  // the least size since take_low_water
};

}  // namespace csp
