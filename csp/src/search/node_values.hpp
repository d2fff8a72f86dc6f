// Internal to the engine: ORDER-DOMAIN-VALUES for the nodes on the path of backtracking search (AIMA 4th ed.
// Fig. 6.5): the value indices each node tries, in order.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "csp/heuristics/value_ordering.hpp"
#include "frame.hpp"
#include "ordering_checks.hpp"

namespace csp::detail {

/// The values of each node on the path. "natural" (ascending, or descending for a maximised objective) is stepped
/// through lazily with Domain::next from the index tried last: the trail has restored the domain x had when the
/// node was opened, so this visits the same indices as a materialised list, O(1) per value on intervals. Any other
/// ordering is called once per node and its answer checked (check_values) and kept on a stack, one slice per node.
class NodeValues {
 public:
  /// `order` named `name`; `natural`: it is the built-in "natural" order (stepped through lazily); `descending`:
  /// -1, or the variable the natural order steps through from its largest value.
  NodeValues(const ValueOrdering& order, const std::string& name, bool natural, VarId descending)
      : order_(order), name_(name), lazy_natural_(natural), descending_(descending) {}

  /// Materialises the values of a new node f (a lazy natural order needs nothing). False when the ordering ran
  /// past the deadline (store.interrupted()). Throws Error when the ordering's answer is wrong.
  bool open(SearchContext& ctx, Frame& f) {
    if (lazy_natural_) return true;
    scratch_.clear();
    order_(ctx, f.x, scratch_);
    if (ctx.store().interrupted()) return false;
    check_values(ctx.store(), name_, f.x, scratch_, sorted_);
    f.base = stack_.size();
    stack_.insert(stack_.end(), scratch_.begin(), scratch_.end());
    f.next = f.base;
    f.end = stack_.size();
    return true;
  }

  /// The next value index of node f, or -1 when every value was tried.
  int next(const Store& store, Frame& f) {
    if (lazy_natural_) {
      const Domain& d = store.domain(f.x);
      if (f.x == descending_)
        f.index = f.index < 0 ? d.max() : d.prev(f.index);  // a maximised objective
      else
        f.index = f.index < 0 ? d.min() : d.next(f.index);
      return f.index;
    }
    if (f.next == f.end) return -1;
    f.index = stack_[f.next++];
    return f.index;
  }

  /// Node f leaves the path (the deepest one).
  void close(const Frame& f) { stack_.resize(f.base); }

 private:
  const ValueOrdering& order_;
  std::string name_;
  bool lazy_natural_;
  VarId descending_;
  std::vector<int> scratch_;  // filled by the value ordering
  std::vector<int> sorted_;   // scratch of check_values
  std::vector<int> stack_;    // the materialised orders of the nodes on the path
};

}  // namespace csp::detail
