// BinaryPredicate: REVISE over a callable, with residual supports kept per run.
#include "csp/constraints/binary_predicate.hpp"

#include <array>
#include <memory>
#include <vector>

#include "binary_conflict_counter.hpp"
#include "csp/core/store.hpp"

namespace csp {

namespace {

// The residual supports of one BinaryPredicate in one run: support[pos][i] is an index of the other variable that
// supported value i of scope[pos] when it was last found, or -1.
struct Residues final : ConstraintMemory {
  std::array<std::vector<int>, 2> support;
};

constexpr int kMaxResidueCapacity = 1 << 20;  // no residues for larger domains (4 bytes per value and direction)
constexpr std::uint64_t kChecksPerValueBeforeResidues = 4;

}  // namespace

BinaryPredicate::BinaryPredicate(VarId x, VarId y, std::function<bool(Value, Value)> pred, std::string name)
    : Constraint({x, y}, std::move(name)), pred_(std::move(pred)) {}

bool BinaryPredicate::revise(Store& store, int pos) const {
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
  const Domain& dx = store.domain(x);
  const Domain& dy = store.domain(y);
  const bool own_store = store.owns(*this);  // the memory slot of this constraint's id is its own
  auto* residues = own_store ? static_cast<Residues*>(store.memory(id())) : nullptr;
  std::vector<int>* mine = residues != nullptr ? &residues->support[static_cast<std::size_t>(pos)] : nullptr;
  std::vector<int>* theirs = residues != nullptr ? &residues->support[static_cast<std::size_t>(1 - pos)] : nullptr;

  std::uint64_t checks = 0;
  int last = -1;  // the support found for the previous value: where the next search starts
  for (int i = dx.min(); i >= 0; i = dx.next(i)) {
    int hint = last;
    if (mine != nullptr) {
      const int r = (*mine)[static_cast<std::size_t>(i)];
      if (r >= 0 && dy.contains(r)) {
        last = r;
        continue;
      }
      if (r >= 0) hint = r;
    }
    // Outward from the hint: hint, hint + 1, hint - 1, ... over the values left in y.
    const Value a = store.value(x, i);
    const std::uint64_t before = checks;
    int found = -1;
    int up = hint < 0 ? dy.min() : (dy.contains(hint) ? hint : dy.next(hint));
    int down = hint < 0 ? -1 : dy.prev(hint);
    while (found < 0 && (up >= 0 || down >= 0)) {
      if (up >= 0) {
        ++checks;
        if (holds(pos, a, store.value(y, up))) {
          found = up;
          break;
        }
        up = dy.next(up);
      }
      if (down >= 0) {
        ++checks;
        if (holds(pos, a, store.value(y, down))) found = down;
        down = dy.prev(down);
      }
    }
    if (!store.tick(1 + checks - before)) return false;
    if (found < 0) {
      if (!store.remove(x, i, this)) return false;
      continue;
    }
    last = found;
    if (mine != nullptr) {
      (*mine)[static_cast<std::size_t>(i)] = found;
      (*theirs)[static_cast<std::size_t>(found)] = i;
    }
  }
  // Supports were costly to find: keep residues for the next revises of this run.
  if (residues == nullptr && own_store &&
      checks > kChecksPerValueBeforeResidues * static_cast<std::uint64_t>(dx.size()) &&
      dx.capacity() <= kMaxResidueCapacity && dy.capacity() <= kMaxResidueCapacity) {
    auto made = std::make_unique<Residues>();
    made->support[static_cast<std::size_t>(pos)].assign(static_cast<std::size_t>(dx.capacity()), -1);
    made->support[static_cast<std::size_t>(1 - pos)].assign(static_cast<std::size_t>(dy.capacity()), -1);
    store.set_memory(id(), std::move(made));
  }
  return true;
}

int BinaryPredicate::count_ruled_out(const Store& store, int pos, int index) const {
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
  if (store.assignment().is_assigned(y)) return 0;
  const Value a = store.value(x, index);
  int n = 0;
  store.domain(y).for_each([&](int j) { n += holds(pos, a, store.value(y, j)) ? 0 : 1; });
  return n;
}

}  // namespace csp

namespace csp {

int BinaryPredicate::conflicts(const Assignment& a, int pos, Value v) const {
  const VarId y = scope()[static_cast<std::size_t>(1 - pos)];
  return a.is_assigned(y) && !holds(pos, v, a.unchecked_value(y)) ? 1 : 0;
}

std::unique_ptr<ConflictCounter> BinaryPredicate::make_conflict_counter(const Problem& /*problem*/) const {
  auto holds = [this](int pos, Value v, Value w) { return this->holds(pos, v, w); };
  return std::make_unique<detail::BinaryConflictCounter<decltype(holds)>>(scope(), holds);
}

}  // namespace csp
