// Internal to the engine: the learned nogoods of conflict-directed backjumping (AIMA 4th ed. §6.3.3), with two
// watched literals per nogood (the scheme of SAT solvers, Moskewicz et al. 2001 "Chaff", as Katsirelos & Bacchus
// 2005, "Generalized nogoods in CSPs", use it for CSP nogoods).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "csp/core/variable.hpp"

namespace csp::detail {

/// Learned nogoods: each a set of assignments (literals) {x1 = v1, ..., xk = vk} that no solution extends ("not all
/// of them"), kept in one flat array. A literal x = i is *true* while x is assigned value index i (the store follows
/// the decisions through assign / unassign, which must come in last-in first-out order, as search makes them).
///
/// Each nogood watches two of its literals (one when it has one). Invariant: either both watches are not true, or
/// every literal that is not watched is true and the true watch was assigned after them (so undoing decisions in
/// reverse order keeps it). So a nogood is looked at only when one of its watched literals becomes true: assign
/// moves the watch to another literal that is not true, and when there is none, every literal but the other watch
/// is true: the nogood is *unit* (it forbids the other watch's value) or, when that one is true too, violated.
/// Unassigning never touches a watch (as in SAT solvers).
///
/// Cost: assign(x, i) visits the nogoods watching x = i (one constraint check each in the search statistics),
/// forbidding(x, i) is O(1) when no nogood forbids x = i (a count per literal) and otherwise visits the nogoods
/// watching it. Memory: the literals, two watch entries per nogood, and per variable in some nogood a watch list
/// and a counter per value index up to the largest index it has in a nogood.
class NogoodStore {
 public:
  /// At most this many nogoods are kept; later ones are not recorded (memory stays below ~ 100 MB at size 10).
  static constexpr std::size_t kMaxNogoods = 1U << 20U;
  static constexpr std::uint32_t kNone = 0xFFFFFFFFU;

  struct Literal {
    VarId var;
    int index;  ///< value index
  };

  /// variable_count: variables are 0 .. variable_count - 1.
  explicit NogoodStore(int variable_count);

  /// Records a nogood: distinct variables, size >= 1, in any state (learning adds one whose literals are all true,
  /// just before search retracts its deepest one). The watches go to literals that are not true, else to the true
  /// ones assigned last. False (nothing recorded) when the store is full or `literals` is empty.
  bool add(const std::vector<Literal>& literals);
  std::size_t size() const { return start_.size() - 1; }
  /// Nogood n's literals: [begin(n), end(n)), in no particular order (the store moves its watches to the front).
  const Literal* begin(std::uint32_t n) const { return literals_.data() + start_[n]; }
  const Literal* end(std::uint32_t n) const { return literals_.data() + start_[n + 1]; }

  /// x (unassigned) takes value index i. Moves the watches off x = i; appends to `fired` (cleared first), in
  /// increasing nogood number, the nogoods holding x = i whose every literal but at most one is now true (unit or
  /// violated: exactly those, since any other nogood holding x = i has two literals that are not true). Returns the
  /// number of nogoods visited.
  std::size_t assign(VarId x, int i, std::vector<std::uint32_t>& fired);
  /// x's assignment is undone (the most recent one still in place).
  void unassign(VarId x);
  /// Whether x = i holds now.
  bool is_true(const Literal& l) const { return value_[static_cast<std::size_t>(l.var)] == l.index; }

  /// For x unassigned: the lowest-numbered nogood whose every literal other than x = i is true (it forbids the
  /// value), or kNone. `visited` grows by the number of nogoods looked at (0 when none forbids x = i).
  std::uint32_t forbidding(VarId x, int i, std::size_t& visited) const;

 private:
  // Nogood n became unit on literal l while `owner` (its true watch's variable) stays assigned.
  void count_unit(const Literal& l, VarId owner);
  // The nogoods watching l (its list is made when missing).
  std::vector<std::uint32_t>& watchers(const Literal& l);
  // The nogoods watching x = i, or null when none ever did.
  const std::vector<std::uint32_t>* find_watchers(VarId x, int i) const;

  std::vector<Literal> literals_;
  std::vector<std::size_t> start_{0};  // nogood n: literals_[start_[n], start_[n + 1]), its watches first
  std::vector<std::vector<std::vector<std::uint32_t>>> watchers_;  // [x][i]: the nogoods watching x = i
  std::vector<std::vector<std::uint32_t>> unit_;  // [x][i]: the nogoods now unit on x = i (forbidding it)
  std::vector<int> value_;                        // per variable: its value index while assigned, else -1
  std::vector<std::uint64_t> stamp_;              // per variable: when it was assigned (increasing)
  std::uint64_t clock_ = 0;
  std::vector<std::vector<Literal>> owned_;  // per variable: the unit counts to drop when it is unassigned
};

}  // namespace csp::detail
