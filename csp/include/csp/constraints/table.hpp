// Table: the scope must take one of a list of allowed tuples (extensional constraint).
#pragma once

#include <cstdint>
#include <vector>

#include "csp/core/constraint.hpp"

namespace csp {

/// The scope takes one of `allowed` (tuples of values in scope order). Generalised arc consistency both ways:
/// - `revise(pos)` (AC-3, forward checking) scans the tuples still valid in the current domains, O(tuples x arity);
/// - `propagate` (MAC) is Compact-Table (Demeulenaere et al., "Compact-Table: Efficiently Filtering Table
///   Constraints with Reversible Sparse Bit-Sets", CP 2016): the valid tuples are a bitset kept in the store's
///   reversible ints (undone on backtrack), each variable whose domain changed since the last call intersects it
///   with the union of its values' support bitsets, then each value keeps a support word (a residue) or goes.
///   O(values x words of valid tuples) per call. Used when the support bitsets take at most 2^22 words (32 MiB) and
///   every domain at most 2^20 values; otherwise `propagate` revises each position in turn.
class Table final : public Constraint {
 public:
  /// The scope takes one of `allowed` (duplicates ignored); the tuples are checked by `attach`.
  Table(std::vector<VarId> scope, std::vector<std::vector<Value>> allowed, std::string name);
  /// Throws ModelError for a tuple of the wrong length or holding a value outside its variable's values. Builds
  /// the support bitsets of Compact-Table.
  void attach(const Problem& problem) override;
  bool is_consistent(const Assignment& a) const override;
  bool is_satisfied_by(std::span<const Value> values) const override;
  bool revise(Store& store, int pos) const override;
  bool propagate(Store& store) const override;

 private:
  using Word = std::uint64_t;
  bool tuple_valid(const Store& store, std::size_t t) const;
  void build_supports(const Problem& problem);
  // The support bitset of value index i of scope[pos] (words() words), or null when no tuple has it.
  const Word* supports(int pos, int i) const {
    const int row = rows_[static_cast<std::size_t>(pos)][static_cast<std::size_t>(i)];
    return row < 0 ? nullptr : &support_words_[static_cast<std::size_t>(row) * static_cast<std::size_t>(words_)];
  }
  std::vector<std::vector<Value>> allowed_;  // sorted, unique
  std::vector<std::vector<int>> indices_;    // the same tuples as value indices, filled by attach
  // Compact-Table's static part (empty when it is not used): per position, the row of each value index in
  // support_words_ (-1: in no tuple); each row is words_ words, bit t set when tuple t has that value.
  bool compact_ = false;
  int words_ = 0;
  std::vector<std::vector<int>> rows_;
  std::vector<Word> support_words_;
};

}  // namespace csp
