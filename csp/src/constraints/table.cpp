// Table: allowed tuples.
#include "csp/constraints/table.hpp"

#include <algorithm>
#include <memory>

#include "csp/core/errors.hpp"
#include "csp/core/problem.hpp"
#include "csp/core/store.hpp"

namespace csp {

namespace {

// Above these, Compact-Table's support bitsets would cost too much memory: propagate revises position by position.
constexpr int kMaxCompactValues = 1 << 20;          // values of one scope variable
constexpr std::size_t kMaxCompactWords = 1U << 22;  // support words of one table (32 MiB)

// The values removed by one filtering pass (no allocation per call; nothing in the pass calls another table).
std::vector<int>& gone_scratch() {
  thread_local std::vector<int> gone;
  return gone;
}

// Compact-Table's state in one run (Store::memory): the valid tuples as a reversible sparse bitset (its words and
// its count of non-zero words are store ints: undo_to restores them), and each position's domain size at the last
// call (store ints too, so a backtrack brings back the sizes the bitset was computed for).
struct CompactTableState final : ConstraintMemory {
  int word_base = -1;               // store ints word_base .. + words - 1: the valid tuples
  int live_id = -1;                 // store int: the number of non-zero words, index[0 .. live) (RSparseBitSet's limit)
  int size_base = -1;               // store ints size_base .. + arity - 1: domain size at the last call (-1: never)
  std::vector<int> index;           // word numbers, the non-zero ones first (the order is not undone; the set is)
  std::vector<std::uint64_t> mask;  // scratch: the union of one variable's supports
  std::vector<int> residue;         // per position and value index: a word that held a support (a hint, not undone)
  std::vector<int> residue_at;      // position -> its first slot in residue
};

}  // namespace

Table::Table(std::vector<VarId> scope, std::vector<std::vector<Value>> allowed, std::string name)
    : Constraint(std::move(scope), std::move(name)), allowed_(std::move(allowed)) {
  std::sort(allowed_.begin(), allowed_.end());
  allowed_.erase(std::unique(allowed_.begin(), allowed_.end()), allowed_.end());
}

void Table::attach(const Problem& problem) {
  Constraint::attach(problem);
  indices_.clear();
  for (const auto& tuple : allowed_) {
    if (tuple.size() != scope().size())
      throw ModelError("table '" + name() + "': a tuple has " + std::to_string(tuple.size()) +
                       " values but the scope has " + std::to_string(scope().size()) + " variables");
    std::vector<int> idx(tuple.size());
    for (std::size_t k = 0; k < tuple.size(); ++k) {
      const Variable& v = problem.variable(scope()[k]);
      idx[k] = v.index_of(tuple[k]);
      if (idx[k] < 0)
        throw ModelError("table '" + name() + "': value " + std::to_string(tuple[k]) + " is not in the domain of '" +
                         v.name() + "'");
    }
    indices_.push_back(std::move(idx));
  }
  build_supports(problem);
}

void Table::build_supports(const Problem& problem) {
  compact_ = false;
  rows_.clear();
  support_words_.clear();
  const std::size_t n = indices_.size();
  words_ = static_cast<int>((n + 63) / 64);
  if (n == 0) return;
  // The rows first (one per value index that some tuple holds), to check the memory before allocating it.
  rows_.resize(scope().size());
  std::size_t row_count = 0;
  for (std::size_t pos = 0; pos < scope().size(); ++pos) {
    const int capacity = problem.variable(scope()[pos]).size();
    if (capacity > kMaxCompactValues) {
      rows_.clear();
      return;
    }
    rows_[pos].assign(static_cast<std::size_t>(capacity), -1);
    for (const auto& idx : indices_) {
      int& row = rows_[pos][static_cast<std::size_t>(idx[pos])];
      if (row < 0) row = static_cast<int>(row_count++);
    }
  }
  if (row_count * static_cast<std::size_t>(words_) > kMaxCompactWords) {
    rows_.clear();
    return;
  }
  support_words_.assign(row_count * static_cast<std::size_t>(words_), 0);
  for (std::size_t t = 0; t < n; ++t)
    for (std::size_t pos = 0; pos < scope().size(); ++pos) {
      const auto row = static_cast<std::size_t>(rows_[pos][static_cast<std::size_t>(indices_[t][pos])]);
      support_words_[row * static_cast<std::size_t>(words_) + t / 64] |= Word{1} << (t % 64);
    }
  compact_ = true;
}

bool Table::is_satisfied_by(std::span<const Value> values) const {
  const std::vector<Value> t(values.begin(), values.end());
  return std::binary_search(allowed_.begin(), allowed_.end(), t);
}

bool Table::is_consistent(const Assignment& a) const {
  return std::any_of(allowed_.begin(), allowed_.end(), [&](const std::vector<Value>& t) {
    for (std::size_t k = 0; k < t.size(); ++k)
      if (a.is_assigned(scope()[k]) && a.unchecked_value(scope()[k]) != t[k]) return false;
    return true;
  });
}

bool Table::tuple_valid(const Store& store, std::size_t t) const {
  const auto& idx = indices_[t];
  for (std::size_t k = 0; k < idx.size(); ++k)
    if (!store.domain(scope()[k]).contains(idx[k])) return false;
  return true;
}

bool Table::propagate(Store& store) const {
  // The state lives in the store's memory of this constraint: a table propagated in a store of another problem (or
  // never added to one) revises position by position instead.
  if (!compact_ || !store.owns(*this)) return Constraint::propagate(store);
  const int n = arity();
  auto* state = static_cast<CompactTableState*>(store.memory(id()));
  if (state == nullptr) {
    auto fresh = std::make_unique<CompactTableState>();
    const std::size_t tuples = indices_.size();
    for (int w = 0; w < words_; ++w) {  // every tuple valid (consecutive ids: nothing else allocates meanwhile)
      const std::size_t bits = std::min<std::size_t>(64, tuples - static_cast<std::size_t>(w) * 64);
      const Word all = bits == 64 ? ~Word{0} : (Word{1} << bits) - 1;
      const int id = store.new_int(static_cast<long long>(all));
      if (w == 0) fresh->word_base = id;
    }
    fresh->live_id = store.new_int(words_);
    fresh->size_base = store.new_int(-1);
    for (int pos = 1; pos < n; ++pos) (void)store.new_int(-1);
    fresh->index.resize(static_cast<std::size_t>(words_));
    for (int w = 0; w < words_; ++w) fresh->index[static_cast<std::size_t>(w)] = w;
    fresh->mask.assign(static_cast<std::size_t>(words_), 0);
    for (int pos = 0; pos < n; ++pos) {
      fresh->residue_at.push_back(static_cast<int>(fresh->residue.size()));
      fresh->residue.resize(fresh->residue.size() + rows_[static_cast<std::size_t>(pos)].size(), 0);
    }
    state = static_cast<CompactTableState*>(&store.set_memory(id(), std::move(fresh)));
  }
  CompactTableState& s = *state;
  const auto word = [&](int w) { return static_cast<Word>(store.int_value(s.word_base + w)); };
  int live = static_cast<int>(store.int_value(s.live_id));
  // Update the valid tuples: each position whose domain changed keeps the tuples one of its values supports.
  for (int pos = 0; pos < n; ++pos) {
    const Domain& d = store.domain(scope()[static_cast<std::size_t>(pos)]);
    if (d.size() == store.int_value(s.size_base + pos)) continue;
    store.set_int(s.size_base + pos, d.size());
    for (int q = 0; q < live; ++q) s.mask[static_cast<std::size_t>(s.index[static_cast<std::size_t>(q)])] = 0;
    d.for_each([&](int i) {
      const Word* sup = supports(pos, i);
      if (sup == nullptr) return;
      for (int q = 0; q < live; ++q) {
        const int w = s.index[static_cast<std::size_t>(q)];
        s.mask[static_cast<std::size_t>(w)] |= sup[w];
      }
    });
    for (int q = live - 1; q >= 0; --q) {
      const int w = s.index[static_cast<std::size_t>(q)];
      const Word now = word(w) & s.mask[static_cast<std::size_t>(w)];
      if (now == word(w)) continue;
      store.set_int(s.word_base + w, static_cast<long long>(now));
      if (now == 0) std::swap(s.index[static_cast<std::size_t>(q)], s.index[static_cast<std::size_t>(--live)]);
    }
    if (live == 0) {
      store.set_int(s.live_id, 0);
      return store.remove_above(scope()[0], -1, this);  // no tuple left
    }
  }
  store.set_int(s.live_id, live);
  if (!store.tick(static_cast<std::uint64_t>(live) * static_cast<std::uint64_t>(n))) return false;
  // Filter the domains: a value stays while some valid tuple has it (its residue word first).
  for (int pos = 0; pos < n; ++pos) {
    const VarId x = scope()[static_cast<std::size_t>(pos)];
    const Domain& d = store.domain(x);
    int* residue = &s.residue[static_cast<std::size_t>(s.residue_at[static_cast<std::size_t>(pos)])];
    std::vector<int>& gone = gone_scratch();
    gone.clear();
    d.for_each([&](int i) {
      const Word* sup = supports(pos, i);
      if (sup == nullptr) {
        gone.push_back(i);
        return;
      }
      int& r = residue[i];
      if ((word(r) & sup[r]) != 0) return;
      for (int q = 0; q < live; ++q) {
        const int w = s.index[static_cast<std::size_t>(q)];
        if ((word(w) & sup[w]) != 0) {
          r = w;
          return;
        }
      }
      gone.push_back(i);
    });
    for (int i : gone)
      if (!store.remove(x, i, this)) return false;
    if (!gone.empty()) store.set_int(s.size_base + pos, d.size());  // our own prunings need no update next time
  }
  return true;
}

bool Table::revise(Store& store, int pos) const {
  const VarId x = scope()[static_cast<std::size_t>(pos)];
  // The indices of x that still have a valid tuple, ascending: O(tuples), whatever the size of x's domain.
  std::vector<int> supported;
  for (std::size_t t = 0; t < indices_.size(); ++t)
    if (tuple_valid(store, t)) supported.push_back(indices_[t][static_cast<std::size_t>(pos)]);
  std::sort(supported.begin(), supported.end());
  supported.erase(std::unique(supported.begin(), supported.end()), supported.end());
  if (supported.empty()) return store.remove_above(x, -1, this);
  const Domain& dx = store.domain(x);
  if (!dx.is_bitset()) {  // a wide domain: cut the ends in one step each, then walk only between supports
    if (!store.remove_below(x, supported.front(), this) || !store.remove_above(x, supported.back(), this)) return false;
  }
  auto next_supported = supported.begin();
  for (int i = dx.min(); i >= 0; i = dx.next(i)) {
    while (next_supported != supported.end() && *next_supported < i) ++next_supported;
    if ((next_supported == supported.end() || *next_supported != i) && !store.remove(x, i, this)) return false;
  }
  return true;
}

}  // namespace csp
