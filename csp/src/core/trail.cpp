// Trail: undo log of domain words.
#include "csp/core/trail.hpp"

namespace csp {

void Trail::undo_to(Mark m, std::vector<Domain>& domains, std::vector<char>& sleep_flags,
                    std::vector<long long>& ints) {
  if (m < low_water_) low_water_ = m;
  // Newest first; the entries are dropped once at the end. Domain entries (codes >= kHoleEntry) are nearly all of
  // them: one compare sends them to Domain::undo.
  for (std::size_t i = entries_.size(); i > m;) {
    const Entry& e = entries_[--i];
    if (e.word > kSleepEntry) [[likely]] {
      domains[static_cast<std::size_t>(e.var)].undo(e.word, e.old);
    } else if (e.word == kSleepEntry) {
      sleep_flags[static_cast<std::size_t>(e.var)] &= static_cast<char>(~2);
    } else {
      ints[static_cast<std::size_t>(e.var)] = static_cast<long long>(e.old);
    }
  }
  if (entries_.size() > m) entries_.resize(m);
}

}  // namespace csp
