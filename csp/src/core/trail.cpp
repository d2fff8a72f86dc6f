// Trail: undo log of domain words.
#include "csp/core/trail.hpp"

namespace csp {

void Trail::undo_to(Mark m, std::vector<Domain>& domains) {
  while (entries_.size() > m) {
    const Entry& e = entries_.back();
    domains[static_cast<std::size_t>(e.var)].undo(e.word, e.old);
    entries_.pop_back();
  }
}

}  // namespace csp
