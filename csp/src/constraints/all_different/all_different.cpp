// AllDifferent: singleton elimination, pigeonhole and hidden singles.
#include "csp/constraints/all_different.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <functional>
#include <iterator>
#include <unordered_map>

#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"
#include "matching.hpp"
#include "state.hpp"

namespace csp {

AllDifferent::AllDifferent(std::vector<VarId> scope, std::string name, std::vector<int> offsets, Level level)
    : Constraint(std::move(scope), std::move(name)),
      offsets_(std::move(offsets)),
      level_(level),
      serial_(detail::next_scratch_serial()) {
  if (!offsets_.empty() && offsets_.size() != this->scope().size())
    throw ModelError("all-different '" + this->name() + "': " + std::to_string(offsets_.size()) +
                     " offsets for a scope of " + std::to_string(this->scope().size()) + " variables");
  if (std::all_of(offsets_.begin(), offsets_.end(), [](int o) { return o == 0; })) offsets_.clear();
}

void AllDifferent::attach(const Problem& problem) {
  Constraint::attach(problem);
  const Variable& first = problem.variable(scope()[0]);
  long long lo = LLONG_MAX;
  long long hi = LLONG_MIN;
  long long values = 0;
  for (int k = 0; k < arity(); ++k) {
    const Variable& v = problem.variable(scope()[static_cast<std::size_t>(k)]);
    lo = std::min(lo, shifted(k, v.min_value()));
    hi = std::max(hi, shifted(k, v.max_value()));
    values += v.size();
  }
  dense_lo_ = lo;
  dense_range_ = hi - lo + 1 <= 4 * values + 1024 ? hi - lo + 1 : 0;
  uniform_ =
      offsets_.empty() && first.size() <= Domain::kWordBits &&
      std::all_of(scope().begin(), scope().end(), [&](VarId x) { return problem.variable(x).same_values(first); });
}

bool AllDifferent::is_satisfied_by(std::span<const Value> values) const {
  std::vector<long long> sorted;
  sorted.reserve(values.size());
  for (std::size_t k = 0; k < values.size(); ++k) sorted.push_back(shifted(static_cast<int>(k), values[k]));
  std::sort(sorted.begin(), sorted.end());
  return std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end();
}

bool AllDifferent::is_consistent(const Assignment& a) const {
  // Values in 0..63 (Sudoku's digits, most puzzles): one bit each, no sort and no allocation; any other value sends
  // the whole check to the sorted list below.
  std::uint64_t held = 0;
  bool small = true;
  for (int k = 0; k < arity() && small; ++k) {
    const VarId x = scope()[static_cast<std::size_t>(k)];
    if (!a.is_assigned(x)) continue;
    const long long v = shifted(k, a.unchecked_value(x));
    small = v >= 0 && v < 64;
    const std::uint64_t bit = small ? std::uint64_t{1} << v : 0;
    if ((held & bit) != 0) return false;
    held |= bit;
  }
  if (small) return true;
  std::vector<long long> seen;
  seen.reserve(scope().size());
  for (int k = 0; k < arity(); ++k) {
    const VarId x = scope()[static_cast<std::size_t>(k)];
    if (a.is_assigned(x)) seen.push_back(shifted(k, a.unchecked_value(x)));
  }
  std::sort(seen.begin(), seen.end());
  return std::adjacent_find(seen.begin(), seen.end()) == seen.end();
}

int AllDifferent::conflicts(const Assignment& a, int pos, Value v) const {
  const long long sv = shifted(pos, v);
  int n = 0;
  for (int k = 0; k < arity(); ++k) {
    const VarId y = scope()[static_cast<std::size_t>(k)];
    if (k != pos && a.is_assigned(y) && shifted(k, a.unchecked_value(y)) == sv) ++n;
  }
  return n;
}

void AllDifferent::add_conflicts(const Assignment& a, int pos, const Variable& var, std::vector<int>& counts) const {
  std::unordered_map<long long, int> taken;  // shifted value -> how many other variables hold it
  taken.reserve(scope().size());
  for (int k = 0; k < arity(); ++k) {
    const VarId y = scope()[static_cast<std::size_t>(k)];
    if (k != pos && a.is_assigned(y)) ++taken[shifted(k, a.unchecked_value(y))];
  }
  for (int i = 0; i < var.size(); ++i) {
    const auto it = taken.find(shifted(pos, var.value(i)));
    if (it != taken.end()) counts[static_cast<std::size_t>(i)] += it->second;
  }
}

namespace {

// Per shifted value: how many scope variables hold it, and the xor of their positions (which names the one holder
// when the count is 1), so a move updates two values and reports who entered or left a clash in O(1). Dense
// (values spanning a range not much larger than the domains): arrays over that range, plus the set of values nobody
// holds, kept as an array with positions (O(1) insert, erase and uniform draw) for `proposal`. Sparse: a hash map.
class AllDifferentCounter final : public ConflictCounter {
 public:
  AllDifferentCounter(const std::vector<VarId>& scope, const std::vector<int>& offsets, long long lo, long long range)
      : scope_(scope), offsets_(offsets), lo_(lo), dense_(range > 0) {
    if (!dense_) return;
    slots_.resize(static_cast<std::size_t>(range));
    free_.resize(static_cast<std::size_t>(range));
    where_.resize(static_cast<std::size_t>(range));
    for (std::size_t i = 0; i < free_.size(); ++i) {
      free_[i] = static_cast<int>(i);
      where_[i] = static_cast<int>(i);
    }
  }

  void moved(const Assignment& /*a*/, int pos, bool had_value, Value from, Value to,
             std::vector<Change>& changes) override {
    if (had_value && from == to) return;
    bool was = false;
    if (had_value) {
      const long long sv = shifted(pos, from);
      Slot& s = slot(sv);
      was = s.count >= 2;
      --s.count;
      s.holders ^= pos;
      if (s.count == 1) changes.push_back({s.holders, false});  // the one left holding `from` no longer clashes
      if (s.count == 0) release(sv);
    }
    const long long sv = shifted(pos, to);
    Slot& t = slot(sv);
    ++t.count;
    t.holders ^= pos;
    if (t.count == 1) take(sv);
    if (t.count == 2) changes.push_back({t.holders ^ pos, true});  // the one holding `to` before now clashes
    const bool now = t.count >= 2;
    if (now != was) changes.push_back({pos, now});
  }

  int conflicts(const Assignment& a, int pos, Value v) const override {
    const long long sv = shifted(pos, v);
    const VarId x = scope_[static_cast<std::size_t>(pos)];
    return count(sv) - (a.is_assigned(x) && shifted(pos, a.unchecked_value(x)) == sv ? 1 : 0);
  }

  void add_conflicts(const Assignment& a, int pos, const Variable& var, std::vector<int>& counts) const override {
    const VarId x = scope_[static_cast<std::size_t>(pos)];
    const long long off = offsets_.empty() ? 0 : offsets_[static_cast<std::size_t>(pos)];
    const std::vector<Value>& values = var.values();
    if (dense_) {
      const Slot* base = slots_.data();
      for (std::size_t i = 0; i < values.size(); ++i)
        counts[i] += base[static_cast<std::size_t>(values[i] + off - lo_)].count;
    } else {
      for (std::size_t i = 0; i < values.size(); ++i) counts[i] += count(values[i] + off);
    }
    if (a.is_assigned(x))
      --counts[static_cast<std::size_t>(var.index_of(a.unchecked_value(x)))];  // x does not clash with itself
  }

  std::size_t proposal_count(int /*pos*/) const override { return free_.size(); }
  bool proposal(int pos, std::size_t k, Value& out) const override {
    const long long v = lo_ + free_[k] - (offsets_.empty() ? 0 : offsets_[static_cast<std::size_t>(pos)]);
    if (v < INT_MIN || v > INT_MAX) return false;
    out = static_cast<Value>(v);
    return true;
  }

 private:
  struct Slot {
    int count = 0;    // scope variables holding this shifted value
    int holders = 0;  // xor of their scope positions
  };

  long long shifted(int pos, Value v) const {
    return offsets_.empty() ? v : static_cast<long long>(v) + offsets_[static_cast<std::size_t>(pos)];
  }
  Slot& slot(long long sv) { return dense_ ? slots_[static_cast<std::size_t>(sv - lo_)] : sparse_[sv]; }
  int count(long long sv) const {
    if (dense_) return slots_[static_cast<std::size_t>(sv - lo_)].count;
    const auto it = sparse_.find(sv);
    return it == sparse_.end() ? 0 : it->second.count;
  }
  // sv is now held by someone: out of the free set.
  void take(long long sv) {
    if (!dense_) return;
    const auto i = static_cast<std::size_t>(sv - lo_);
    const int last = free_.back();
    free_[static_cast<std::size_t>(where_[i])] = last;
    where_[static_cast<std::size_t>(last)] = where_[i];
    free_.pop_back();
  }
  // Nobody holds sv any more: back into the free set.
  void release(long long sv) {
    if (!dense_) {
      sparse_.erase(sv);
      return;
    }
    const auto i = static_cast<std::size_t>(sv - lo_);
    where_[i] = static_cast<int>(free_.size());
    free_.push_back(static_cast<int>(i));
  }

  const std::vector<VarId>& scope_;
  const std::vector<int>& offsets_;
  long long lo_;
  bool dense_;
  std::vector<Slot> slots_;                     // dense: per shifted value - lo_
  std::vector<int> free_;                       // dense: the shifted values (- lo_) nobody holds
  std::vector<int> where_;                      // dense: position of each in free_ (stale while held)
  std::unordered_map<long long, Slot> sparse_;  // sparse: the values held
};

}  // namespace

std::unique_ptr<ConflictCounter> AllDifferent::make_conflict_counter(const Problem& /*problem*/) const {
  return std::make_unique<AllDifferentCounter>(scope(), offsets_, dense_lo_, dense_range_);
}

// A Hall set then: variables H (x not among them) whose values together, U, number at most |H|, v among them; so H
// takes all of U and x cannot take v. Found greedily (not always the smallest, nor always one when one exists): from
// the smallest domain holding v, add the variable that adds the fewest new values until |U| <= |H|. The reason: each
// variable of H had lost its values outside U.
bool AllDifferent::explain_by_hall_set(const PastDomains& then, int pos, Value v, Explanation& why) const {
  const Problem& p = then.problem();
  const std::size_t n = scope().size();
  std::vector<std::vector<Value>> values(n);
  for (std::size_t k = 0; k < n; ++k) {
    if (static_cast<int>(k) == pos) continue;
    const VarId y = scope()[k];
    const Variable& var = p.variable(y);
    for (int i = 0; i < var.size(); ++i)
      if (then.contains(y, i)) values[k].push_back(var.value(i));  // ascending
  }
  std::vector<Value> united;
  std::vector<char> in_set(n, 0);
  std::size_t members = 0;
  const auto added = [&](std::size_t k) {  // how many values k would add to `united`
    std::size_t extra = 0;
    for (const Value w : values[k]) extra += std::binary_search(united.begin(), united.end(), w) ? 0 : 1;
    return extra;
  };
  for (;;) {
    std::size_t best = n;
    std::size_t best_extra = 0;
    for (std::size_t k = 0; k < n; ++k) {
      if (static_cast<int>(k) == pos || in_set[k] != 0 || values[k].empty()) continue;
      if (members == 0 && !std::binary_search(values[k].begin(), values[k].end(), v)) continue;
      const std::size_t extra = added(k);
      if (best == n || extra < best_extra || (extra == best_extra && values[k].size() < values[best].size())) {
        best = k;
        best_extra = extra;
      }
    }
    if (best == n) return false;
    in_set[best] = 1;
    ++members;
    std::vector<Value> merged;
    std::set_union(united.begin(), united.end(), values[best].begin(), values[best].end(), std::back_inserter(merged));
    united.swap(merged);
    if (united.size() <= members) break;
  }
  for (std::size_t k = 0; k < n; ++k) {
    if (in_set[k] == 0) continue;
    const VarId y = scope()[k];
    const Variable& var = p.variable(y);
    if (then.fixed_index(y) >= 0) {
      why.fixed(y);
      continue;
    }
    for (int i = 0; i < var.size(); ++i)
      if (!std::binary_search(united.begin(), united.end(), var.value(i))) why.removed(y, i);
  }
  return true;
}

bool AllDifferent::explain(const PastDomains& then, int pos, int index, Explanation& why) const {
  const Problem& p = then.problem();
  const Variable& x = p.variable(scope()[static_cast<std::size_t>(pos)]);
  const long long v = shifted(pos, x.value(index));
  for (int k = 0; k < arity(); ++k) {  // another variable held v alone
    const VarId y = scope()[static_cast<std::size_t>(k)];
    const int j = k == pos ? -1 : then.fixed_index(y);
    if (j >= 0 && shifted(k, p.variable(y).value(j)) == v) {
      why.fixed(y);
      return true;
    }
  }
  if (offsets_.empty() && explain_by_hall_set(then, pos, x.value(index), why)) return true;
  // A permutation: each of its n values goes to one of its n variables, so a value only x had left is x's.
  if (!uniform_ || x.size() != arity()) return false;
  const VarId xid = scope()[static_cast<std::size_t>(pos)];
  for (int u = 0; u < x.size(); ++u) {
    if (u == index || !then.contains(xid, u)) continue;
    bool alone = true;
    for (int k = 0; k < arity() && alone; ++k)
      alone = k == pos || !then.contains(scope()[static_cast<std::size_t>(k)], u);
    if (!alone) continue;
    for (int k = 0; k < arity(); ++k)
      if (k != pos) why.removed(scope()[static_cast<std::size_t>(k)], u);
    return true;
  }
  return false;
}

int AllDifferent::count_ruled_out(const Store& store, int pos, int index) const {
  const long long sv = shifted(pos, store.value(scope()[static_cast<std::size_t>(pos)], index));
  int n = 0;
  for (int k = 0; k < arity(); ++k) {
    const VarId y = scope()[static_cast<std::size_t>(k)];
    if (k == pos || store.assignment().is_assigned(y)) continue;
    const long long v = sv - (offsets_.empty() ? 0 : offsets_[static_cast<std::size_t>(k)]);
    if (v < INT_MIN || v > INT_MAX) continue;
    if (store.domain(y).contains(store.problem().variable(y).index_of(static_cast<Value>(v)))) ++n;
  }
  return n;
}

// Rules 1-3 for one position, on (shifted) values: works for any value lists. The distinct values are counted in an
// array over the range of shifted values when it is dense, else by sorting; both are skipped when some domain alone
// has more values than the scope has variables (then neither the pigeonhole nor the hidden singles apply).
bool AllDifferent::revise(Store& store, int pos) const {
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  const Variable& vx = store.problem().variable(x);
  const auto n = static_cast<long long>(scope().size());
  bool count = true;
  for (VarId y : scope()) count = count && store.domain(y).size() <= n;
  thread_local std::vector<long long> seen;  // the shifted values of every domain (sparse ranges)
  thread_local std::vector<int> places;      // dense ranges: number of domains holding each shifted value
  const bool dense = count && dense_range_ > 0;
  long long distinct = 0;
  seen.clear();
  if (dense) places.assign(static_cast<std::size_t>(dense_range_), 0);
  for (int k = 0; k < arity(); ++k) {
    const VarId y = scope()[static_cast<std::size_t>(k)];
    const Domain& dy = store.domain(y);
    if (k != pos && dy.is_singleton()) {
      const int i = index_at(store, pos, shifted(k, store.value(y, dy.min())));
      if (i >= 0 && !store.remove(x, i, this)) return false;
    }
    if (!count) continue;
    if (dense)
      dy.for_each([&](int j) {
        distinct += places[static_cast<std::size_t>(shifted(k, store.value(y, j)) - dense_lo_)]++ == 0;
      });
    else
      dy.for_each([&](int j) { seen.push_back(shifted(k, store.value(y, j))); });
  }
  if (!count) return true;
  if (!dense) {
    std::sort(seen.begin(), seen.end());
    distinct = std::unique(seen.begin(), seen.end()) - seen.begin();
  }
  if (distinct < n) {
    store.record_failure(*this);
    return false;
  }
  if (distinct > n) return true;
  if (!dense) {  // count again, now per distinct value
    seen.clear();
    for (int k = 0; k < arity(); ++k)
      store.domain(scope()[static_cast<std::size_t>(k)]).for_each([&](int j) {
        seen.push_back(shifted(k, store.value(scope()[static_cast<std::size_t>(k)], j)));
      });
    std::sort(seen.begin(), seen.end());
  }
  const auto places_of = [&](long long sv) -> long long {
    if (dense) return places[static_cast<std::size_t>(sv - dense_lo_)];
    const auto range = std::equal_range(seen.begin(), seen.end(), sv);
    return range.second - range.first;
  };
  const Domain& dx = store.domain(x);
  for (int i = dx.min(); i >= 0; i = dx.next(i))
    if (places_of(shifted(pos, vx.value(i))) == 1) return store.assign(x, i, this);
  return true;
}

bool AllDifferent::propagate(Store& store) const {
  if (uniform_) return level_ == Level::matching ? propagate_matching(store) : propagate_rules(store);
  if (level_ == Level::matching) return propagate_graph(store);
  if (dense_range_ > 0) return propagate_values(store);
  return Constraint::propagate(store);
}

// Level::rules on (shifted) values counted in a dense array over their range: any value lists, offsets too.
bool AllDifferent::propagate_values(Store& store) const {
  const Problem& p = store.problem();
  const auto n = static_cast<std::size_t>(arity());
  std::vector<int> owner(static_cast<std::size_t>(dense_range_));   // variable fixed to a shifted value, or -1
  std::vector<int> places(static_cast<std::size_t>(dense_range_));  // domains holding a shifted value
  auto slot = [&](std::size_t k, int i) {
    return static_cast<std::size_t>(shifted(static_cast<int>(k), p.variable(scope()[k]).value(i)) - dense_lo_);
  };
  bool changed = true;
  while (changed) {
    changed = false;
    std::fill(owner.begin(), owner.end(), -1);
    for (std::size_t k = 0; k < n; ++k) {
      const Domain& d = store.domain(scope()[k]);
      if (!d.is_singleton()) continue;
      int& o = owner[slot(k, d.min())];
      if (o >= 0) {  // two variables fixed to one value
        store.record_failure(*this);
        return false;
      }
      o = static_cast<int>(k);
    }
    std::fill(places.begin(), places.end(), 0);
    std::size_t values = 0;
    for (std::size_t k = 0; k < n; ++k) {
      const VarId x = scope()[k];
      const Domain& d = store.domain(x);
      const bool single = d.is_singleton();
      for (int i = d.min(); i >= 0; i = d.next(i)) {
        const std::size_t sv = slot(k, i);
        if (!single && owner[sv] >= 0) {
          if (!store.remove(x, i, this)) return false;
          if (store.domain(x).is_singleton()) changed = true;
          continue;
        }
        if (places[sv]++ == 0) ++values;
      }
    }
    if (changed) continue;  // new single values: start over with them fixed
    if (values < n) {       // pigeonhole
      store.record_failure(*this);
      return false;
    }
    if (values > n) break;  // some value may stay unused: no hidden singles
    for (std::size_t k = 0; k < n; ++k) {
      const VarId x = scope()[k];
      const Domain& d = store.domain(x);
      if (d.is_singleton()) continue;
      for (int i = d.min(); i >= 0; i = d.next(i)) {
        if (places[slot(k, i)] != 1) continue;
        if (!store.assign(x, i, this)) return false;
        changed = true;
        break;
      }
    }
  }
  return true;
}

// Level::rules on one-word bit masks: alldiff_rules to its fixpoint on a local copy, written back once. A failure
// found on the copy prunes nothing and is blamed on this constraint (dom/wdeg) without counting a wipe-out.
bool AllDifferent::propagate_rules(Store& store) const {
  const std::size_t n = scope().size();
  if (n > static_cast<std::size_t>(Domain::kWordBits)) {  // more variables than the (at most 64) values: pigeonhole
    store.record_failure(*this);
    return false;
  }
  std::array<Domain::Word, Domain::kWordBits> before;
  std::array<Domain::Word, Domain::kWordBits> now;
  for (std::size_t k = 0; k < n; ++k) before[k] = now[k] = store.domain(scope()[k]).word(0);
  if (!detail::alldiff_rules(std::span(now.data(), n))) {
    store.record_failure(*this);
    return false;
  }
  for (std::size_t k = 0; k < n; ++k)
    if (now[k] != before[k] && !store.keep_word(scope()[k], 0, now[k], this)) return false;
  return true;
}

// Level::matching: generalised arc consistency on one-word bit masks, computed on a local copy of the domains and
// written back once. The variables with one value are set aside (two with the same value fail) and their values
// leave the others; GAC then runs on the variables left with several values: by Hall sets over all subsets when
// they are few (the common case late in a search, and cheaper there), else by Régin's matching (matching.hpp).
// A failure found on the copy prunes nothing and is blamed on this constraint (dom/wdeg) without counting a wipe-out.
bool AllDifferent::propagate_matching(Store& store) const {
  const std::size_t n = scope().size();
  const auto fail = [&] {
    store.record_failure(*this);
    return false;
  };
  if (n > static_cast<std::size_t>(Domain::kWordBits)) return fail();  // more variables than the <= 64 values
  // The loops below avoid data-dependent branches: which domains are single values is unpredictable, and branch
  // mispredictions, not instructions, were most of this function's time.
  std::array<Domain::Word, Domain::kWordBits> before;
  Domain::Word fixed = 0;
  Domain::Word clash = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const Domain::Word d = before[k] = store.domain(scope()[k]).word(0);
    const Domain::Word if_single = Domain::Word{0} - static_cast<Domain::Word>(std::has_single_bit(d));
    clash |= fixed & d & if_single;
    fixed |= d & if_single;
  }
  if (clash != 0) return fail();                     // two variables fixed to one value
  std::array<std::uint8_t, Domain::kWordBits> open;  // positions with several values; the first `m` are used
  std::array<Domain::Word, Domain::kWordBits> domains;
  std::size_t m = 0;
  for (std::size_t k = 0; k < n; ++k) {
    open[m] = static_cast<std::uint8_t>(k);
    domains[m] = before[k] & ~fixed;
    m += static_cast<std::size_t>(!std::has_single_bit(before[k]));
  }
  const std::span<Domain::Word> sub(domains.data(), m);
  if (m <= detail::kSubsetGacMaxVariables) {
    if (!detail::alldiff_gac_by_subsets(sub)) return fail();
  } else {
    std::array<Domain::Word, Domain::kWordBits> keep;
    if (!detail::alldiff_gac(sub, std::span(keep.data(), m))) return fail();
    std::copy_n(keep.begin(), m, domains.begin());
  }
  Domain::Word changed = 0;  // bit j: open[j] lost values
  for (std::size_t j = 0; j < m; ++j) changed |= static_cast<Domain::Word>(domains[j] != before[open[j]]) << j;
  for (; changed != 0; changed &= changed - 1) {
    const auto j = static_cast<std::size_t>(std::countr_zero(changed));
    if (!store.keep_word(scope()[open[j]], 0, domains[j], this)) return false;
  }
  return true;
}

}  // namespace csp
