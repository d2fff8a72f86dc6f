// Conflict-directed backjumping and nogood learning (AIMA 4th ed. §6.3.3): conflict sets, the jump target, the
// explained forward check and the nogood store.
#include "conflict_sets.hpp"

#include <algorithm>

#include "csp/core/constraint.hpp"

namespace csp::detail {

Backjumping::Backjumping(Store& store, bool filtering, std::size_t learning, SearchObserver* observer)
    : store_(store),
      fc_(filtering),
      learning_(learning),
      observer_(observer),
      nogoods_(store.problem().variable_count()) {
  const auto n = static_cast<std::size_t>(store.problem().variable_count());
  level_.assign(n, 0);
  var_at_.assign(n + 1, -1);
  index_at_.assign(n + 1, -1);
  conf_.resize(n + 1);
  chronological_.assign(n + 1, 0);
  pruner_mark_.assign(n + 1, 0);
  if (fc_) pruners_.resize(n);
}

void Backjumping::add(std::vector<int>& set, int level) {
  const auto at = std::lower_bound(set.begin(), set.end(), level);
  if (at == set.end() || *at != level) set.insert(at, level);
}

void Backjumping::merge_into(int depth, const std::vector<int>& levels) {
  std::vector<int>& conf = conf_[static_cast<std::size_t>(depth)];
  for (const int l : levels)
    if (l > 0 && l < depth) add(conf, l);
}

void Backjumping::open(int depth) {
  conf_[static_cast<std::size_t>(depth)].clear();
  chronological_[static_cast<std::size_t>(depth)] = 0;
}

void Backjumping::assign(VarId x, int i, int depth) {
  const auto d = static_cast<std::size_t>(depth);
  level_[static_cast<std::size_t>(x)] = depth;
  var_at_[d] = x;
  index_at_[d] = i;
  pruner_mark_[d] = pruner_trail_.size();
  if (learning_ != 0) store_.stats().constraint_checks += nogoods_.assign(x, i, fired_);
}

void Backjumping::retract(VarId x, int depth) {
  level_[static_cast<std::size_t>(x)] = 0;
  if (learning_ != 0) nogoods_.unassign(x);
  const std::size_t mark = pruner_mark_[static_cast<std::size_t>(depth)];
  while (pruner_trail_.size() > mark) {
    pruners_[static_cast<std::size_t>(pruner_trail_.back())].pop_back();
    pruner_trail_.pop_back();
  }
}

void Backjumping::rejected_by(const Constraint& c, VarId x, int depth) {
  std::vector<int>& conf = conf_[static_cast<std::size_t>(depth)];
  const Assignment& a = store_.assignment();
  for (const VarId y : c.scope()) {
    if (y == x || !a.is_assigned(y)) continue;
    const int l = level_[static_cast<std::size_t>(y)];
    if (l > 0) add(conf, l);
  }
}

bool Backjumping::nogoods_allow(VarId x, int i, int depth) {
  if (learning_ == 0) return true;
  std::size_t visited = 0;
  const std::uint32_t n = nogoods_.forbidding(x, i, visited);
  store_.stats().constraint_checks += visited;
  if (n == NogoodStore::kNone) return true;
  std::vector<int>& conf = conf_[static_cast<std::size_t>(depth)];
  for (const auto* l = nogoods_.begin(n); l != nogoods_.end(n); ++l)
    if (l->var != x && level_[static_cast<std::size_t>(l->var)] > 0)
      add(conf, level_[static_cast<std::size_t>(l->var)]);
  return false;
}

void Backjumping::add_pruner(VarId y, int level) {
  std::vector<int>& p = pruners_[static_cast<std::size_t>(y)];
  if (std::find(p.begin(), p.end(), level) != p.end()) return;
  p.push_back(level);
  pruner_trail_.push_back(y);
}

// The revise of (y, c) removed values of y because of the current domains of c's other scope variables: the
// assigned ones (their levels) and the unassigned ones (the levels that pruned them).
void Backjumping::explain_revise(const Constraint& c, VarId y) {
  scratch_.clear();
  const Assignment& a = store_.assignment();
  for (const VarId z : c.scope()) {
    if (z == y) continue;
    if (a.is_assigned(z)) {
      const int l = level_[static_cast<std::size_t>(z)];
      if (l > 0) scratch_.push_back(l);
    } else {
      const std::vector<int>& p = pruners_[static_cast<std::size_t>(z)];
      scratch_.insert(scratch_.end(), p.begin(), p.end());
    }
  }
}

// y's domain is empty (or its revise failed): what pruned it is the conflict of the decision at depth d.
bool Backjumping::fail_with_pruners(VarId y, int depth) {
  merge_into(depth, pruners_[static_cast<std::size_t>(y)]);
  return false;
}

// The same revises, in the same order, as forward_check in propagation/inference.cpp, so the counters match.
bool Backjumping::forward_check(VarId x, int depth) {
  const Problem& p = store_.problem();
  const Assignment& a = store_.assignment();
  for (const ConstraintId c : p.constraints_of(x)) {
    const Constraint& con = p.constraint(c);
    const std::vector<VarId>& scope = con.scope();
    bool open = false;
    for (int pos = 0; pos < con.arity(); ++pos) {
      const VarId y = scope[static_cast<std::size_t>(pos)];
      if (a.is_assigned(y)) continue;
      open = true;
      const int before = store_.domain(y).size();
      const bool ok = store_.revise(con, pos);
      if (store_.interrupted()) return false;
      if (ok && store_.domain(y).size() == before) continue;
      explain_revise(con, y);
      for (const int l : scratch_) add_pruner(y, l);
      if (!ok) return fail_with_pruners(y, depth);
    }
    if (!open && !store_.revise(con, con.position_of(x))) {
      if (store_.interrupted()) return false;
      rejected_by(con, x, depth);  // every scope variable is assigned: they all take part
      return false;
    }
  }
  return learning_ == 0 || nogood_propagation(x, depth);
}

// The nogoods on x = its value that assign left with at most one literal not true (fired_, in the order they were
// learned): one whose other literals all hold fails; one with a single unassigned variable y left whose value is
// still in its domain removes y's value, explained by the levels of the others. (The watches found them; the test
// of each is the scan of its literals it always was, so earlier removals count as before.)
bool Backjumping::nogood_propagation(VarId x, int depth) {
  const Assignment& a = store_.assignment();
  for (const std::uint32_t n : fired_) {
    VarId open = -1;
    int open_index = -1;
    bool holds = true;  // every literal seen so far holds (or is the one open literal)
    for (const auto* l = nogoods_.begin(n); l != nogoods_.end(n) && holds; ++l) {
      if (l->var == x) {
        continue;
      } else if (a.is_assigned(l->var)) {
        holds = store_.domain(l->var).min() == l->index;
      } else if (open < 0 && store_.domain(l->var).contains(l->index)) {
        open = l->var;
        open_index = l->index;
      } else {
        holds = false;  // a second open literal, or one whose value is already gone: nothing to do
      }
    }
    if (!holds) continue;
    scratch_.clear();
    for (const auto* l = nogoods_.begin(n); l != nogoods_.end(n); ++l)
      if (l->var != open && level_[static_cast<std::size_t>(l->var)] > 0)
        scratch_.push_back(level_[static_cast<std::size_t>(l->var)]);
    if (open < 0) {  // violated
      merge_into(depth, scratch_);
      return false;
    }
    for (const int l : scratch_) add_pruner(open, l);
    if (!store_.remove(open, open_index, nullptr)) return fail_with_pruners(open, depth);
  }
  return true;
}

// MAC's loop (csp::mac) over Store's constraint queue, with explanations: a propagate of C that changed domains or
// failed depends on the current domains of C's scope, so the levels of the whole scope explain it.
bool Backjumping::propagate_queue(int depth) {
  const Problem& p = store_.problem();
  const Assignment& a = store_.assignment();
  for (ConstraintId c = store_.next_scheduled(); c >= 0; c = store_.next_scheduled()) {
    const Constraint& con = p.constraint(c);
    const std::vector<VarId>& scope = con.scope();
    sizes_.clear();
    for (const VarId z : scope) sizes_.push_back(store_.domain(z).size());
    const bool ok = store_.propagate(con);
    if (store_.interrupted()) return false;
    bool changed = false;
    for (std::size_t k = 0; k < scope.size() && !changed; ++k) changed = store_.domain(scope[k]).size() != sizes_[k];
    if (ok && !changed) continue;
    scratch_.clear();
    for (const VarId z : scope) {
      if (a.is_assigned(z)) {
        const int l = level_[static_cast<std::size_t>(z)];
        if (l > 0) scratch_.push_back(l);
      } else {
        const std::vector<int>& pz = pruners_[static_cast<std::size_t>(z)];
        scratch_.insert(scratch_.end(), pz.begin(), pz.end());
      }
    }
    if (!ok) {
      merge_into(depth, scratch_);
      return false;
    }
    for (std::size_t k = 0; k < scope.size(); ++k)
      if (!a.is_assigned(scope[k]) && store_.domain(scope[k]).size() != sizes_[k])
        for (const int l : scratch_) add_pruner(scope[k], l);
  }
  return true;
}

bool Backjumping::maintain_arc_consistency(VarId x, int depth, bool shrank) {
  if (shrank) store_.schedule_constraints_of(x);
  store_.set_scheduling(true);  // a removal schedules the constraints on its variable
  bool ok = propagate_queue(depth);
  if (ok && learning_ != 0) ok = nogood_propagation(x, depth) && propagate_queue(depth);
  store_.set_scheduling(false);
  if (!ok) store_.clear_schedule();
  return ok;
}

void Backjumping::restart() {
  for (std::vector<int>& conf : conf_) conf.clear();
  std::fill(chronological_.begin(), chronological_.end(), 0);
}

void Backjumping::solution(int depth) {
  for (int d = 1; d <= depth; ++d) chronological_[static_cast<std::size_t>(d)] = 1;
}

int Backjumping::dead_end(VarId x, int depth) {
  const auto d = static_cast<std::size_t>(depth);
  if (chronological_[d] != 0) return depth - 1;  // a solution lies below: back to the parent, which has one too
  std::vector<int>& conf = conf_[d];
  if (fc_)
    for (const int l : pruners_[static_cast<std::size_t>(x)]) add(conf, l);
  if (conf.empty()) return 0;  // the root alone rules out every value: no solution is left
  const int target = conf.back();
  if (learning_ != 0 && conf.size() <= learning_) {
    literals_.clear();
    for (const int l : conf)
      literals_.push_back({var_at_[static_cast<std::size_t>(l)], index_at_[static_cast<std::size_t>(l)]});
    if (nogoods_.add(literals_)) {
      ++store_.stats().nogoods;
      if (observer_ != nullptr) {
        told_.clear();
        for (const auto& l : literals_) told_.push_back({l.var, store_.value(l.var, l.index)});
        observer_->on_nogood(store_, told_, depth);
      }
    }
  }
  conf.pop_back();
  merge_into(target, conf);
  return target;
}

}  // namespace csp::detail
