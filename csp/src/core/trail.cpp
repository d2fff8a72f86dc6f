// Trail: undo log of domain words.
#include "csp/core/trail.hpp"

namespace csp {

void Trail::undo_to(Mark m, std::vector<Domain>& domains, std::vector<char>& sleep_flags,
                    std::vector<long long>& ints) {
  if (m < low_water_) low_water_ = m;
  while (entries_.size() > m) {
    const Entry& e = entries_.back();
    if (e.word == kSleepEntry) [[unlikely]] {
      sleep_flags[static_cast<std::size_t>(e.var)] &= static_cast<char>(~2);
    } else if (e.word == kIntEntry) [[unlikely]] {
      ints[static_cast<std::size_t>(e.var)] = static_cast<long long>(e.old);
    } else {
      domains[static_cast<std::size_t>(e.var)].undo(e.word, e.old);
    }
    entries_.pop_back();
  }
}

}  // namespace csp
