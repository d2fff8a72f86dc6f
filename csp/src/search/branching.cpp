// The branchings of backtracking search (branching.hpp): d-way (AIMA Fig. 6.5), binary (x = v, then x != v) and
// split (x <= m, then x > m; reverse-split the other way round).
#include "branching.hpp"

namespace csp::detail {

Brancher::Brancher(const std::string& name)
    : kind_(name == "d-way"           ? Kind::d_way
            : name == "split"         ? Kind::split
            : name == "reverse-split" ? Kind::reverse_split
                                      : Kind::binary) {}

int Brancher::split_point(const Store& store, VarId x) {
  const Domain& d = store.domain(x);
  const Value lo = store.value(x, d.min());
  const Value m = static_cast<Value>(lo + (static_cast<long long>(store.value(x, d.max())) - lo) / 2);
  int a = d.min();  // value(a) <= m < value(b): the values are sorted by index
  int b = d.max();
  while (b - a > 1) {
    const int c = a + (b - a) / 2;
    (store.value(x, c) <= m ? a : b) = c;
  }
  return a;
}

bool Brancher::post_half(Store& store, VarId x, const Branch& b) const {
  return kind_ == Kind::reverse_split ? store.remove_below(x, b.at + 1, nullptr)  // x > m
                                      : store.remove_above(x, b.at, nullptr);     // x <= m
}

bool Brancher::refute(Store& store, VarId x, int i, const Branch& b) const {
  if (!b.half) return store.remove(x, i, nullptr);                                 // x != value
  return kind_ == Kind::reverse_split ? store.remove_above(x, b.at, nullptr)       // x <= m
                                      : store.remove_below(x, b.at + 1, nullptr);  // x > m
}

}  // namespace csp::detail
