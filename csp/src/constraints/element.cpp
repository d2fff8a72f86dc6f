// Element over a constant array and over an array of variables.
#include "csp/constraints/element.hpp"

#include <algorithm>

#include "bool_support.hpp"
#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"
#include "linear_bounds.hpp"

namespace csp {

using detail::first_index_at_least;
using detail::holds_value;
using detail::last_index_at_most;
using detail::Wide;

namespace {

// Domains of more values than this are filtered on their bounds only (a value-by-value pass would cost their width).
constexpr int kMaxValuesCheckedOneByOne = 65536;
// Two domains are checked for a common value value by value when the smaller has at most this many values.
constexpr int kMaxValuesIntersected = 4096;

// Cuts x's domain to the values lo..hi in at most two bounds changes. False iff x is wiped out.
bool narrow_values(Store& store, VarId x, Wide lo, Wide hi, const Constraint* cause) {
  const Variable& var = store.problem().variable(x);
  const Domain& d = store.domain(x);
  const int first = first_index_at_least(var, lo);
  if (first > d.min() && !store.remove_below(x, first, cause)) return false;
  const int last = last_index_at_most(var, hi);
  return last >= d.max() || store.remove_above(x, last, cause);
}

// Visits each index of ix's domain whose value lies in offset..offset+n-1: f(domain index, array position).
template <class F>
void for_each_position(const Store& store, VarId ix, int offset, int n, F&& f) {
  const Variable& var = store.problem().variable(ix);
  const Domain& d = store.domain(ix);
  const int last = last_index_at_most(var, Wide{offset} + n - 1);
  const int first = first_index_at_least(var, offset);
  if (first > last) return;
  for (int i = d.contains(first) ? first : d.next(first); i >= 0 && i <= last; i = d.next(i))
    f(i, static_cast<int>(Wide{store.value(ix, i)} - offset));
}

// Removes the listed indices of x. False iff x is wiped out.
bool remove_all(Store& store, VarId x, const std::vector<int>& gone, const Constraint* cause) {
  for (int i : gone)
    if (!store.remove(x, i, cause)) return false;
  return !store.domain(x).empty();
}

// Do the domains of x and y share a value? Exact when the smaller one has at most kMaxValuesIntersected values,
// else a bounds overlap test.
bool intersects(const Store& store, VarId x, VarId y) {
  if (x == y) return !store.domain(x).empty();
  const Domain& dx = store.domain(x);
  const Domain& dy = store.domain(y);
  if (dy.size() < dx.size()) return intersects(store, y, x);
  if (dx.size() <= kMaxValuesIntersected) {
    for (int i = dx.min(); i >= 0; i = dx.next(i))
      if (holds_value(store, y, store.value(x, i))) return true;
    return false;
  }
  return std::max(store.value(x, dx.min()), store.value(y, dy.min())) <=
         std::min(store.value(x, dx.max()), store.value(y, dy.max()));
}

// x keeps the values in y's domain (bounds first; then value by value when x has at most kMaxValuesCheckedOneByOne).
bool restrict_to(Store& store, VarId x, VarId y, const Constraint* cause) {
  if (x == y) return true;
  const Domain& dy = store.domain(y);
  if (!narrow_values(store, x, store.value(y, dy.min()), store.value(y, dy.max()), cause)) return false;
  const Domain& dx = store.domain(x);
  if (dx.size() > kMaxValuesCheckedOneByOne) return true;
  std::vector<int> gone;
  dx.for_each([&](int i) {
    if (!holds_value(store, y, store.value(x, i))) gone.push_back(i);
  });
  return remove_all(store, x, gone, cause);
}

// The values of a domain of at most 64 values of a range variable starting at lo, as a word (bit i: lo + i), moved
// onto the bits of a range variable starting at lo - by: shifted by `by`, the values outside the word dropped.
Domain::Word moved(Domain::Word w, long long by) {
  if (by >= Domain::kWordBits || by <= -Domain::kWordBits) return 0;
  return by >= 0 ? w << by : w >> -by;
}

// A range variable of at most 64 values (its domain is one word, bit i the value min + i).
bool one_word_range(const Variable& v) { return v.is_range() && v.size() <= Domain::kWordBits; }

void require_array(const Constraint& c, std::size_t n) {
  if (n == 0) throw ModelError("constraint '" + c.name() + "': element of an empty array");
  if (n > static_cast<std::size_t>(Domain::kMaxCapacity))
    throw ModelError("constraint '" + c.name() + "': element array of more than 2^31 - 1 entries");
}

}  // namespace

// ---- Element (constant array) ----------------------------------------------------------------------------------

Element::Element(VarId index, std::vector<Value> array, VarId result, int offset, std::string name)
    : Constraint(index == result ? std::vector<VarId>{index} : std::vector<VarId>{index, result}, std::move(name)),
      array_(std::move(array)),
      offset_(offset) {
  require_array(*this, array_.size());
}

bool Element::is_satisfied_by(std::span<const Value> values) const {
  const Wide k = Wide{values[0]} - offset_;
  if (k < 0 || k >= static_cast<Wide>(array_.size())) return false;
  return array_[static_cast<std::size_t>(k)] == values.back();
}

bool Element::filter_index(Store& store) const {
  const VarId ix = scope()[0];
  const VarId res = scope().back();
  const bool same = arity() == 1;
  const int n = static_cast<int>(array_.size());
  if (!narrow_values(store, ix, offset_, Wide{offset_} + n - 1, this)) return false;
  std::vector<int> gone;
  for_each_position(store, ix, offset_, n, [&](int i, int k) {
    const Value w = array_[static_cast<std::size_t>(k)];
    if (same ? w != store.value(ix, i) : !holds_value(store, res, w)) gone.push_back(i);
  });
  return remove_all(store, ix, gone, this);
}

bool Element::filter_result(Store& store) const {
  const VarId ix = scope()[0];
  const VarId res = scope().back();
  std::vector<Value> supported;
  for_each_position(store, ix, offset_, static_cast<int>(array_.size()),
                    [&](int /*i*/, int k) { supported.push_back(array_[static_cast<std::size_t>(k)]); });
  std::sort(supported.begin(), supported.end());
  supported.erase(std::unique(supported.begin(), supported.end()), supported.end());
  if (supported.empty()) return store.remove_above(res, -1, this);
  const Domain& d = store.domain(res);
  if (d.size() <= kMaxValuesCheckedOneByOne) {
    std::vector<int> gone;
    d.for_each([&](int i) {
      if (!std::binary_search(supported.begin(), supported.end(), store.value(res, i))) gone.push_back(i);
    });
    return remove_all(store, res, gone, this);
  }
  // A wide domain: each bound moves to the nearest supported value it still holds.
  const Variable& var = store.problem().variable(res);
  for (Value v = store.value(res, d.min()); !std::binary_search(supported.begin(), supported.end(), v);
       v = store.value(res, d.min())) {
    const auto it = std::lower_bound(supported.begin(), supported.end(), v);
    if (it == supported.end()) return store.remove_above(res, -1, this);
    if (!store.remove_below(res, first_index_at_least(var, *it), this)) return false;
  }
  for (Value v = store.value(res, d.max()); !std::binary_search(supported.begin(), supported.end(), v);
       v = store.value(res, d.max())) {
    const auto it = std::upper_bound(supported.begin(), supported.end(), v);
    if (it == supported.begin()) return store.remove_above(res, -1, this);
    if (!store.remove_above(res, last_index_at_most(var, *std::prev(it)), this)) return false;
  }
  return true;
}

bool Element::propagate(Store& store) const {
  // Index first (its values are checked against result), then result against the index left: one pass reaches
  // the fixpoint, since result keeps exactly the values of the index's positions and each of those is in result.
  return filter_index(store) && (arity() == 1 || filter_result(store));
}

bool Element::revise(Store& store, int pos) const { return pos == 0 ? filter_index(store) : filter_result(store); }

// ---- VarElement (array of variables) ---------------------------------------------------------------------------

namespace {
std::vector<VarId> element_scope(VarId index, VarId result, const std::vector<VarId>& array) {
  std::vector<VarId> scope{index};
  if (result != index) scope.push_back(result);
  for (VarId x : array)
    if (std::find(scope.begin(), scope.end(), x) == scope.end()) scope.push_back(x);
  return scope;
}
}  // namespace

VarElement::VarElement(VarId index, std::vector<VarId> array, VarId result, int offset, std::string name)
    : Constraint(element_scope(index, result, array), std::move(name)),
      result_pos_(position_of(result)),
      offset_(offset) {
  require_array(*this, array.size());
  for (VarId x : array) element_pos_.push_back(position_of(x));
}

void VarElement::attach(const Problem& problem) {
  Constraint::attach(problem);
  const Variable& rv = problem.variable(scope()[static_cast<std::size_t>(result_pos_)]);
  one_word_ = one_word_range(rv);
  shift_.clear();
  for (int k = 0; k < size() && one_word_; ++k) {
    const Variable& ev = problem.variable(element(k));
    one_word_ = one_word_range(ev);
    shift_.push_back(Wide{ev.min_value()} - rv.min_value());
  }
  if (!one_word_) shift_.clear();
}

bool VarElement::is_satisfied_by(std::span<const Value> values) const {
  const Wide k = Wide{values[0]} - offset_;
  if (k < 0 || k >= size()) return false;
  return values[static_cast<std::size_t>(element_pos_[static_cast<std::size_t>(k)])] ==
         values[static_cast<std::size_t>(result_pos_)];
}

bool VarElement::filter_index(Store& store) const {
  const VarId ix = scope()[0];
  const VarId res = scope()[static_cast<std::size_t>(result_pos_)];
  if (!narrow_values(store, ix, offset_, Wide{offset_} + size() - 1, this)) return false;
  std::vector<int> gone;
  if (one_word_) {
    const Domain::Word r = store.domain(res).word(0);
    for_each_position(store, ix, offset_, size(), [&](int i, int k) {
      if ((moved(store.domain(element(k)).word(0), shift_[static_cast<std::size_t>(k)]) & r) == 0) gone.push_back(i);
    });
    return remove_all(store, ix, gone, this);
  }
  for_each_position(store, ix, offset_, size(), [&](int i, int k) {
    if (!intersects(store, element(k), res)) gone.push_back(i);
  });
  return remove_all(store, ix, gone, this);
}

bool VarElement::filter_result(Store& store) const {
  const VarId ix = scope()[0];
  const VarId res = scope()[static_cast<std::size_t>(result_pos_)];
  if (one_word_) {  // result keeps the union of the values of the entries the index may pick
    Domain::Word held = 0;
    for_each_position(store, ix, offset_, size(), [&](int /*i*/, int k) {
      held |= moved(store.domain(element(k)).word(0), shift_[static_cast<std::size_t>(k)]);
    });
    return store.keep_word(res, 0, held, this);
  }
  Wide lo = detail::kInfinity;
  Wide hi = -detail::kInfinity;
  // Scratch lists kept between calls (no allocation per call); nothing here calls another propagator.
  thread_local std::vector<int> positions;
  thread_local std::vector<int> gone;
  thread_local std::vector<char> supported;
  positions.clear();
  gone.clear();
  long long element_values = 0;  // the values left in the array entries the index may pick
  for_each_position(store, ix, offset_, size(), [&](int /*i*/, int k) {
    const Domain& d = store.domain(element(k));
    lo = std::min<Wide>(lo, store.value(element(k), d.min()));
    hi = std::max<Wide>(hi, store.value(element(k), d.max()));
    element_values += d.size();
    positions.push_back(k);
  });
  if (positions.empty()) return store.remove_above(res, -1, this);
  if (!narrow_values(store, res, lo, hi, this)) return false;
  const Domain& d = store.domain(res);
  const long long pairs = static_cast<long long>(d.size()) * static_cast<long long>(positions.size());
  if (pairs > kMaxValuesCheckedOneByOne) return true;
  // The values of result with no array entry holding them. Either each value looks for an entry holding it (up to
  // size x entries lookups), or each entry's values are marked in result's domain (their number, plus result's
  // capacity): the cheaper way, the same values.
  if (element_values + d.capacity() < pairs) {
    const Variable& rv = store.problem().variable(res);
    supported.assign(static_cast<std::size_t>(d.capacity()), 0);
    for (int k : positions) {
      const VarId a = element(k);
      store.domain(a).for_each([&](int i) {
        const int j = rv.index_of(store.value(a, i));
        if (j >= 0) supported[static_cast<std::size_t>(j)] = 1;
      });
    }
    d.for_each([&](int i) {
      if (supported[static_cast<std::size_t>(i)] == 0) gone.push_back(i);
    });
  } else {
    d.for_each([&](int i) {
      const Value v = store.value(res, i);
      if (std::none_of(positions.begin(), positions.end(), [&](int k) { return holds_value(store, element(k), v); }))
        gone.push_back(i);
    });
  }
  return remove_all(store, res, gone, this);
}

// Once index is one value k: result and array[k] keep their common values (only array[k] when `only_element`, only
// when array[k] is scope[pos]).
bool VarElement::filter_chosen(Store& store, bool only_element, int pos) const {
  const VarId ix = scope()[0];
  const Domain& di = store.domain(ix);
  if (!di.is_singleton()) return true;
  const Wide k = Wide{store.value(ix, di.min())} - offset_;
  if (k < 0 || k >= size()) return true;  // filter_index removes it
  const VarId res = scope()[static_cast<std::size_t>(result_pos_)];
  const int epos = element_pos_[static_cast<std::size_t>(k)];
  const VarId a = scope()[static_cast<std::size_t>(epos)];
  if (one_word_ && a != res) {  // each keeps the other's values, one word each way
    const long long by = shift_[static_cast<std::size_t>(k)];
    if (only_element) return epos != pos || store.keep_word(a, 0, moved(store.domain(res).word(0), -by), this);
    return store.keep_word(a, 0, moved(store.domain(res).word(0), -by), this) &&
           store.keep_word(res, 0, moved(store.domain(a).word(0), by), this);
  }
  if (only_element) return epos != pos || restrict_to(store, a, res, this);
  return restrict_to(store, a, res, this) && restrict_to(store, res, a, this);
}

bool VarElement::propagate(Store& store) const {
  // Index fixed (half of fillomino's 3.6 million calls): result = array[k] both ways, the fixpoint of the loop
  // below without its passes over the array; once result is one value too, nothing is left to infer (entailed:
  // the other array entries no longer wake it).
  const VarId ix = scope()[0];
  if (const Domain& di = store.domain(ix); di.is_singleton()) {
    const Wide k = Wide{store.value(ix, di.min())} - offset_;
    if (k < 0 || k >= size()) return store.remove_above(ix, -1, this);
    if (!filter_chosen(store, false, -1)) return false;
    if (store.domain(scope()[static_cast<std::size_t>(result_pos_)]).is_singleton()) store.entail(*this);
    return true;
  }
  for (;;) {
    long long before = 0;
    for (VarId x : scope()) before += store.domain(x).size();
    if (!filter_index(store) || !filter_result(store) || !filter_chosen(store, false, -1)) return false;
    long long after = 0;
    for (VarId x : scope()) after += store.domain(x).size();
    if (after == before) return true;
    if (!store.tick(static_cast<std::uint64_t>(arity()))) return false;
  }
}

bool VarElement::revise(Store& store, int pos) const {
  if (!detail::fail_if_violated(*this, store, pos)) return false;
  // scope[pos] may hold several roles (index, result, array entries): each role's filter changes only scope[pos].
  if (pos == 0 && !filter_index(store)) return false;
  if (pos == result_pos_ && !filter_result(store)) return false;
  return filter_chosen(store, true, pos) && !store.domain(scope()[static_cast<std::size_t>(pos)]).empty();
}

}  // namespace csp
