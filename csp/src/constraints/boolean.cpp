// Clauses, reified and / or, exclusive or over 0..1 variables.
#include "csp/constraints/boolean.hpp"

#include <algorithm>
#include <memory>

#include "bool_support.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"

namespace csp {

using detail::fixed_value;
using detail::set_bool;

namespace {

// positive then negative, each variable once (a variable in both lists stays in its first place).
std::vector<VarId> distinct(std::vector<VarId> positive, const std::vector<VarId>& negative) {
  for (VarId x : negative) positive.push_back(x);
  std::vector<VarId> out;
  for (VarId x : positive)
    if (std::find(out.begin(), out.end(), x) == out.end()) out.push_back(x);
  return out;
}

void require_all_boolean(const Constraint& c, const Problem& problem) {
  for (VarId x : c.scope()) detail::require_boolean(problem, x, c.name(), "a");
}

}  // namespace

// ---- Clause ------------------------------------------------------------------------------------------------------

Clause::Clause(std::vector<VarId> positive, std::vector<VarId> negative, std::string name)
    : Constraint(distinct(positive, negative), std::move(name)) {
  for (VarId x : scope()) {
    const bool pos = std::find(positive.begin(), positive.end(), x) != positive.end();
    const bool neg = std::find(negative.begin(), negative.end(), x) != negative.end();
    tautology_ = tautology_ || (pos && neg);
    sign_.push_back(pos ? 1 : 0);
  }
}

void Clause::attach(const Problem& problem) {
  Constraint::attach(problem);
  require_all_boolean(*this, problem);
}

bool Clause::is_satisfied_by(std::span<const Value> values) const {
  if (tautology_) return true;
  for (std::size_t k = 0; k < values.size(); ++k)
    if (values[k] == sign_[k]) return true;
  return false;
}

bool Clause::propagate(Store& store) const {
  if (tautology_) return true;
  int open = -1;
  int open_count = 0;
  for (int k = 0; k < arity(); ++k) {
    const int v = fixed_value(store, scope()[static_cast<std::size_t>(k)]);
    if (v == sign_[static_cast<std::size_t>(k)]) {  // a true literal: entailed, asleep until backtracked over
      store.entail(*this);
      return true;
    }
    if (v < 0) {
      open = k;
      if (++open_count > 1) return true;  // two open literals: nothing to infer
    }
  }
  if (open < 0) return store.remove_above(scope()[0], -1, this);  // every literal false
  if (!set_bool(store, scope()[static_cast<std::size_t>(open)], sign_[static_cast<std::size_t>(open)], this))
    return false;
  store.entail(*this);
  return true;
}

bool Clause::revise(Store& store, int pos) const {
  if (tautology_) return true;
  for (int k = 0; k < arity(); ++k)
    if (k != pos && fixed_value(store, scope()[static_cast<std::size_t>(k)]) != 1 - sign_[static_cast<std::size_t>(k)])
      return true;  // another literal may still be true
  return set_bool(store, scope()[static_cast<std::size_t>(pos)], sign_[static_cast<std::size_t>(pos)], this);
}

// ---- BoolReif ----------------------------------------------------------------------------------------------------

BoolReif::BoolReif(Kind kind, std::vector<VarId> xs, VarId r, std::string name)
    : Constraint(
          [&] {
            xs.push_back(r);
            return std::move(xs);
          }(),
          std::move(name)),
      lit_(kind == Kind::disjunction ? 1 : 0) {}

void BoolReif::attach(const Problem& problem) {
  Constraint::attach(problem);
  require_all_boolean(*this, problem);
}

bool BoolReif::is_satisfied_by(std::span<const Value> values) const {
  const bool any = std::any_of(values.begin(), values.end() - 1, [&](Value v) { return v == lit_; });
  return any == (values.back() == lit_);
}

bool BoolReif::propagate(Store& store) const {
  const int n = arity() - 1;
  const VarId r = scope().back();
  int open = -1;
  int open_count = 0;
  for (int k = 0; k < n; ++k) {
    const int v = fixed_value(store, scope()[static_cast<std::size_t>(k)]);
    if (v == lit_) {  // a true literal: R holds, and the constraint is entailed
      if (!set_bool(store, r, lit_, this)) return false;
      store.entail(*this);
      return true;
    }
    if (v < 0) {
      open = k;
      ++open_count;
    }
  }
  if (open_count == 0) return set_bool(store, r, 1 - lit_, this);  // all literals false: R fails
  const int rv = fixed_value(store, r);
  if (rv == 1 - lit_) {  // R false: every literal false
    for (int k = 0; k < n; ++k)
      if (!set_bool(store, scope()[static_cast<std::size_t>(k)], 1 - lit_, this)) return false;
  } else if (rv == lit_ && open_count == 1) {  // R true, one literal left open: it must hold
    return set_bool(store, scope()[static_cast<std::size_t>(open)], lit_, this);
  }
  return true;
}

bool BoolReif::revise(Store& store, int pos) const {
  const int n = arity() - 1;
  const VarId r = scope().back();
  if (pos == n) {
    bool all_false = true;
    for (int k = 0; k < n; ++k) {
      const int v = fixed_value(store, scope()[static_cast<std::size_t>(k)]);
      if (v == lit_) return set_bool(store, r, lit_, this);
      all_false = all_false && v == 1 - lit_;
    }
    return !all_false || set_bool(store, r, 1 - lit_, this);
  }
  if (!detail::fail_if_violated(*this, store, pos)) return false;
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  const int rv = fixed_value(store, r);
  if (rv == 1 - lit_) return set_bool(store, x, 1 - lit_, this);
  if (rv != lit_) return true;
  for (int k = 0; k < n; ++k)
    if (k != pos && fixed_value(store, scope()[static_cast<std::size_t>(k)]) != 1 - lit_) return true;
  return set_bool(store, x, lit_, this);  // R true and every other literal false
}

// ---- Xor ---------------------------------------------------------------------------------------------------------

Xor::Xor(std::vector<VarId> xs, std::string name) : Constraint(std::move(xs), std::move(name)) {}

void Xor::attach(const Problem& problem) {
  Constraint::attach(problem);
  require_all_boolean(*this, problem);
}

bool Xor::is_satisfied_by(std::span<const Value> values) const {
  return std::count(values.begin(), values.end(), 1) % 2 == 1;
}

namespace {
// Two positions of an exclusive or that were open at its last call in this run (a hint, not undone: each call checks
// them first, so a call with both still open costs two tests instead of a scan of the scope).
struct XorWatches final : ConstraintMemory {
  int first = 0;
  int second = 1;
};
}  // namespace

bool Xor::propagate(Store& store) const {
  XorWatches* watches = nullptr;
  if (arity() > 2 && store.owns(*this)) {
    watches = static_cast<XorWatches*>(store.memory(id()));
    if (watches == nullptr) watches = &static_cast<XorWatches&>(store.set_memory(id(), std::make_unique<XorWatches>()));
    if (fixed_value(store, scope()[static_cast<std::size_t>(watches->first)]) < 0 &&
        fixed_value(store, scope()[static_cast<std::size_t>(watches->second)]) < 0)
      return true;  // two open variables: nothing to infer
  }
  int open = -1;
  int ones = 0;
  for (int k = 0; k < arity(); ++k) {
    const int v = fixed_value(store, scope()[static_cast<std::size_t>(k)]);
    if (v < 0) {
      if (open >= 0) {  // two open variables: nothing to infer
        if (watches != nullptr) {
          watches->first = open;
          watches->second = k;
        }
        return true;
      }
      open = k;
    }
    ones += v == 1 ? 1 : 0;
  }
  if (open < 0) return ones % 2 == 1 || store.remove_above(scope()[0], -1, this);
  return set_bool(store, scope()[static_cast<std::size_t>(open)], ones % 2 == 0 ? 1 : 0, this);
}

bool Xor::revise(Store& store, int pos) const {
  int ones = 0;
  for (int k = 0; k < arity(); ++k) {
    if (k == pos) continue;
    const int v = fixed_value(store, scope()[static_cast<std::size_t>(k)]);
    if (v < 0) return true;
    ones += v;
  }
  return set_bool(store, scope()[static_cast<std::size_t>(pos)], ones % 2 == 0 ? 1 : 0, this);
}

}  // namespace csp
