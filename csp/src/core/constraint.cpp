// Constraint: scope checks and the generic (enumerating) revise, propagate and LCV count.
#include "csp/core/constraint.hpp"

#include <algorithm>

#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"

namespace csp {

Constraint::Constraint(std::vector<VarId> scope, std::string name) : scope_(std::move(scope)), name_(std::move(name)) {
  if (scope_.empty()) throw ModelError("constraint '" + name_ + "': empty scope");
  std::vector<VarId> sorted;
  if (scope_.size() > 32) {  // small scopes are checked pair by pair, without allocating
    sorted = scope_;
    std::sort(sorted.begin(), sorted.end());
  }
  for (std::size_t i = 0; i < scope_.size(); ++i) {
    const bool twice = sorted.empty() ? std::find(scope_.begin() + static_cast<std::ptrdiff_t>(i) + 1, scope_.end(),
                                                  scope_[i]) != scope_.end()
                                      : i + 1 < sorted.size() && sorted[i] == sorted[i + 1];
    if (twice)
      throw ModelError("constraint '" + name_ + "': variable id " +
                       std::to_string(sorted.empty() ? scope_[i] : sorted[i]) + " appears twice in the scope");
  }
}

bool Constraint::wakes_on_every_change() const {
  for (int pos = 0; pos < arity(); ++pos)
    if (wakes_on(pos) != PropagationEvent::domain) return false;
  return true;
}

int Constraint::position_of(VarId x) const {
  const auto it = std::find(scope_.begin(), scope_.end(), x);
  return it == scope_.end() ? -1 : static_cast<int>(it - scope_.begin());
}

void Constraint::attach(const Problem& problem) {
  for (VarId x : scope_)
    if (x < 0 || x >= problem.variable_count())
      throw ModelError("constraint '" + name_ + "': unknown variable id " + std::to_string(x) + " (the problem has " +
                       std::to_string(problem.variable_count()) +
                       (problem.variable_count() == 1 ? " variable)" : " variables)"));
}

bool Constraint::is_consistent(const Assignment& a) const {
  std::vector<Value> tuple(scope_.size());
  for (std::size_t k = 0; k < scope_.size(); ++k) {
    if (!a.is_assigned(scope_[k])) return true;
    tuple[k] = a.unchecked_value(scope_[k]);
  }
  return is_satisfied_by(tuple);
}

int Constraint::conflicts(const Assignment& a, int pos, Value v) const {
  std::vector<Value> tuple(scope_.size());
  for (std::size_t k = 0; k < scope_.size(); ++k) {
    if (static_cast<int>(k) == pos) {
      tuple[k] = v;
    } else {
      if (!a.is_assigned(scope_[k])) return 0;
      tuple[k] = a.unchecked_value(scope_[k]);
    }
  }
  return is_satisfied_by(tuple) ? 0 : 1;
}

void Constraint::add_conflicts(const Assignment& a, int pos, const Variable& var, std::vector<int>& counts) const {
  for (int i = 0; i < var.size(); ++i) counts[static_cast<std::size_t>(i)] += conflicts(a, pos, var.value(i));
}

std::size_t ConflictCounter::proposal_count(int /*pos*/) const { return 0; }

bool ConflictCounter::proposal(int /*pos*/, std::size_t /*k*/, Value& /*out*/) const { return false; }

namespace {

// The default counter: on a move, `Constraint::conflicts` again at each assigned scope position.
class ScanningConflictCounter final : public ConflictCounter {
 public:
  explicit ScanningConflictCounter(const Constraint& c) : c_(c), conflicted_(c.scope().size(), 0) {}

  void moved(const Assignment& a, int /*pos*/, bool /*had_value*/, Value /*from*/, Value /*to*/,
             std::vector<Change>& changes) override {
    const std::vector<VarId>& scope = c_.scope();
    for (std::size_t k = 0; k < scope.size(); ++k) {
      const VarId y = scope[k];
      const char now = a.is_assigned(y) && c_.conflicts(a, static_cast<int>(k), a.unchecked_value(y)) > 0 ? 1 : 0;
      if (now != conflicted_[k]) {
        conflicted_[k] = now;
        changes.push_back({static_cast<int>(k), now != 0});
      }
    }
  }
  int conflicts(const Assignment& a, int pos, Value v) const override { return c_.conflicts(a, pos, v); }
  void add_conflicts(const Assignment& a, int pos, const Variable& var, std::vector<int>& counts) const override {
    c_.add_conflicts(a, pos, var, counts);
  }

 private:
  const Constraint& c_;
  std::vector<char> conflicted_;  // per scope position: in conflict here after the last move
};

}  // namespace

std::unique_ptr<ConflictCounter> Constraint::make_conflict_counter(const Problem& /*problem*/) const {
  return std::make_unique<ScanningConflictCounter>(*this);
}

bool Constraint::has_support(const Store& store, int pos, int index, int pos2, int index2) const {
  const int n = arity();
  std::vector<Value> tuple(static_cast<std::size_t>(n));
  // Each tuple tried is one unit of work for the time limit. A run's Store is never a const object (the const
  // reference only says that this search does not change domains), so reporting work through it is safe. Once the
  // deadline has passed the search answers "supported" (nothing is removed on that basis; `revise` then fails).
  Store& clock = const_cast<Store&>(store);  // NOLINT(cppcoreguidelines-pro-type-const-cast)
  auto extend = [&](auto&& self, int k) -> bool {
    if (k == n) return !clock.tick() || is_satisfied_by(tuple);
    const VarId x = scope_[static_cast<std::size_t>(k)];
    auto& slot = tuple[static_cast<std::size_t>(k)];
    if (k == pos || k == pos2) {
      slot = store.value(x, k == pos ? index : index2);
      return self(self, k + 1);
    }
    const Domain& d = store.domain(x);
    for (int i = d.min(); i >= 0; i = d.next(i)) {
      slot = store.value(x, i);
      if (self(self, k + 1)) return true;
    }
    return false;
  };
  return extend(extend, 0);
}

bool Constraint::revise(Store& store, int pos) const {
  const VarId x = scope_[static_cast<std::size_t>(pos)];
  const Domain& d = store.domain(x);
  for (int i = d.min(); i >= 0; i = d.next(i)) {
    if (!has_support(store, pos, i) && !store.remove(x, i, this)) return false;
    if (store.interrupted()) return false;  // the time limit passed during the support search
  }
  return true;
}

bool Constraint::propagate(Store& store) const {
  bool again = true;
  while (again) {
    again = false;
    for (int pos = 0; pos < arity(); ++pos) {
      const int before = store.domain(scope_[static_cast<std::size_t>(pos)]).size();
      if (!revise(store, pos)) return false;
      if (store.domain(scope_[static_cast<std::size_t>(pos)]).size() != before && arity() > 1) again = true;
    }
    if (arity() == 2) break;  // binary arc consistency is reached after one revise per direction
  }
  return true;
}

int Constraint::count_ruled_out(const Store& store, int pos, int index) const {
  int ruled_out = 0;
  for (int q = 0; q < arity(); ++q) {
    const VarId y = scope_[static_cast<std::size_t>(q)];
    if (q == pos || store.assignment().is_assigned(y)) continue;
    store.domain(y).for_each([&](int j) {
      if (!has_support(store, pos, index, q, j)) ++ruled_out;
    });
  }
  return ruled_out;
}

}  // namespace csp
