// AC-3, AIMA 4th ed. Fig. 6.3: a queue of arcs, REVISE each, re-queue the arcs pointing at a changed variable.
#include "csp/propagation/ac3.hpp"

#include <deque>

namespace csp {

Ac3Result ac3(Store& store) {
  const Problem& p = store.problem();
  std::vector<Arc> all;
  for (ConstraintId c = 0; c < p.constraint_count(); ++c)
    for (int pos = 0; pos < p.constraint(c).arity(); ++pos) all.push_back({c, pos});
  return ac3(store, all);
}

Ac3Result ac3(Store& store, const std::vector<Arc>& initial) {
  const Problem& p = store.problem();
  Statistics& stats = store.stats();
  const std::uint64_t revisions0 = stats.revisions;
  const std::uint64_t pruned0 = stats.values_pruned;

  // queued[c][pos] marks arcs already in the queue, so no arc is queued twice.
  std::vector<std::vector<char>> queued(static_cast<std::size_t>(p.constraint_count()));
  for (ConstraintId c = 0; c < p.constraint_count(); ++c)
    queued[static_cast<std::size_t>(c)].assign(static_cast<std::size_t>(p.constraint(c).arity()), 0);
  std::deque<Arc> queue;
  auto push = [&](Arc a) {
    char& q = queued[static_cast<std::size_t>(a.constraint)][static_cast<std::size_t>(a.position)];
    if (q == 0) {
      q = 1;
      queue.push_back(a);
    }
  };
  for (const Arc& a : initial) push(a);

  Ac3Result result;
  while (!queue.empty()) {
    const Arc arc = queue.front();
    queue.pop_front();
    queued[static_cast<std::size_t>(arc.constraint)][static_cast<std::size_t>(arc.position)] = 0;
    const Constraint& con = p.constraint(arc.constraint);
    const VarId xi = con.scope()[static_cast<std::size_t>(arc.position)];
    const int before = store.domain(xi).size();
    if (!store.revise(con, arc.position)) {  // counts the revision and its checks, reports the work to tick
      result.consistent = false;
      result.interrupted = store.interrupted();
      break;
    }
    if (store.domain(xi).size() == before) continue;
    for (ConstraintId c : p.constraints_of(xi)) {
      const Constraint& other = p.constraint(c);
      if (c == arc.constraint && other.arity() == 2) continue;  // the book's "each Xk in NEIGHBORS(Xi) - {Xj}"
      for (int pos = 0; pos < other.arity(); ++pos)
        if (other.scope()[static_cast<std::size_t>(pos)] != xi) push({c, pos});
    }
  }
  result.revisions = stats.revisions - revisions0;
  result.values_pruned = stats.values_pruned - pruned0;
  return result;
}

}  // namespace csp
