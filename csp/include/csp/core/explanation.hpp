// Explanations for clause learning: the domains a propagate call read, and the literals a constraint gives as the
// reason of one of its removals (Constraint::explain).
#pragma once

#include "csp/core/variable.hpp"

namespace csp {

class Problem;

/// The domains at the start of one past `propagate` call of a clause-learning search (csp/search/lcg.hpp): what the
/// call read. Value indices as in the Store.
class PastDomains {
 public:
  virtual ~PastDomains() = default;
  virtual const Problem& problem() const = 0;
  /// Whether value index i of x was in x's domain then.
  virtual bool contains(VarId x, int i) const = 0;
  /// The index of x's one value then, or -1 when x had several.
  virtual int fixed_index(VarId x) const = 0;
  /// The index of x's least (greatest) value then; -1 when its domain was empty. O(values of x).
  int min_index(VarId x) const;
  int max_index(VarId x) const;
};

/// Where a constraint writes the reason of a removal: literals that held in the past domains. Their conjunction,
/// with the constraint, must imply the removal (a clause learned from a wrong reason can cut solutions: the tests
/// check every learned clause against brute force).
class Explanation {
 public:
  virtual ~Explanation() = default;
  /// [x = v], x's one value then (precondition: PastDomains::fixed_index(x) >= 0).
  virtual void fixed(VarId x) = 0;
  /// [x != value index i] (precondition: i was not in x's domain then).
  virtual void removed(VarId x, int i) = 0;
  /// x's whole domain then: every value it had lost.
  virtual void domain(VarId x) = 0;
  /// [x >= value index i] then: x had lost every value below i (its fixed literal when it had one value).
  void at_least(const PastDomains& then, VarId x, int i);
  /// [x <= value index i] then: x had lost every value above i.
  void at_most(const PastDomains& then, VarId x, int i);
};

}  // namespace csp
