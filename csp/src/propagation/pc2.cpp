// PC-2 (AIMA 4th ed. §6.2.3; Mackworth 1977): strong path consistency on the binary constraints, as a problem
// transformation that adds the tightened relations as binary tables.
#include "csp/propagation/pc2.hpp"

#include <array>
#include <bit>
#include <deque>
#include <string>
#include <utility>
#include <vector>

#include "csp/core/errors.hpp"

namespace csp {

namespace {

using Word = std::uint64_t;
constexpr int kBits = 64;

int words_for(int bits) { return (bits + kBits - 1) / kBits; }
bool test(const Word* row, int b) { return ((row[b / kBits] >> (b % kBits)) & 1U) != 0; }
void clear(Word* row, int b) { row[b / kBits] &= ~(Word{1} << (b % kBits)); }
bool empty_row(const Word* row, int words) {
  for (int w = 0; w < words; ++w)
    if (row[w] != 0) return false;
  return true;
}
template <class F>
void for_each_bit(const Word* row, int words, F&& f) {
  for (int w = 0; w < words; ++w)
    for (Word bits = row[w]; bits != 0; bits &= bits - 1) f(w * kBits + std::countr_zero(bits));
}

// R_xy as a bit matrix: one row per value index of x, a bit per value index of y. Invariant: bits only for values
// still in both domains.
struct Relation {
  int rows = 0;
  int words = 0;  // words per row
  std::vector<Word> bits;
  std::vector<Word> original;  // for x < y: the relation of the binary constraints before PC-2 (tightening report)
  Word* row(int a) { return bits.data() + static_cast<std::ptrdiff_t>(a) * words; }
  const Word* row(int a) const { return bits.data() + static_cast<std::ptrdiff_t>(a) * words; }
};

class PathConsistency {
 public:
  PathConsistency(const Problem& p, Pc2Result& r) : p_(p), r_(r), n_(p.variable_count()) {
    check_size();
    const auto nn = static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_);
    index_.assign(nn, -1);
    queued_.assign(nn, 0);
    neighbours_.resize(static_cast<std::size_t>(n_));
    for (VarId x = 0; x < n_; ++x) {
      const Domain& d = p.initial_domain(x);
      std::vector<Word> bits(static_cast<std::size_t>(words_for(d.capacity())), 0);
      d.for_each([&](int i) { bits[static_cast<std::size_t>(i / kBits)] |= Word{1} << (i % kBits); });
      domains_.push_back(std::move(bits));
      capacity_.push_back(d.capacity());
    }
  }

  // False when a domain is wiped out (no solution).
  bool run() {
    if (!build()) return false;
    while (!queue_.empty()) {
      const auto [x, y] = queue_.front();
      queue_.pop_front();
      queued_[cell(x, y)] = 0;
      if (!revise(x, y)) return false;
    }
    return true;
  }

  // The input problem with the pruned domains and the tightened relations as tables.
  Problem transformed() const {
    Problem q = p_;
    for (VarId x = 0; x < n_; ++x) {
      const Domain& d = p_.initial_domain(x);
      if (count(domain(x), words_for(capacity_[static_cast<std::size_t>(x)])) == d.size()) continue;
      std::vector<Value> kept;
      for_each_bit(domain(x), words_for(capacity_[static_cast<std::size_t>(x)]),
                   [&](int i) { kept.push_back(p_.variable(x).value(i)); });
      q.restrict_domain(x, kept);
    }
    for (VarId x = 0; x < n_; ++x)
      for (const VarId y : neighbours_[static_cast<std::size_t>(x)]) {
        if (y < x) continue;
        const Relation& rel = relations_[static_cast<std::size_t>(index_[cell(x, y)])];
        bool tighter = false;
        std::vector<std::vector<Value>> tuples;
        for_each_bit(domain(x), words_for(capacity_[static_cast<std::size_t>(x)]), [&](int a) {
          for_each_bit(domain(y), rel.words, [&](int b) {
            const std::size_t bit =
                static_cast<std::size_t>(a) * static_cast<std::size_t>(rel.words) + static_cast<std::size_t>(b / kBits);
            const Word mask = Word{1} << (b % kBits);
            const bool before = rel.original.empty() || (rel.original[bit] & mask) != 0;
            const bool now = (rel.bits[bit] & mask) != 0;
            if (before && !now) tighter = true;
            if (now) tuples.push_back({p_.variable(x).value(a), p_.variable(y).value(b)});
          });
        });
        if (!tighter) continue;
        q.add_table({x, y}, std::move(tuples), "pc2(" + p_.variable(x).name() + "," + p_.variable(y).name() + ")");
        ++r_.relations_tightened;
      }
    return q;
  }

 private:
  std::size_t cell(VarId x, VarId y) const {
    return static_cast<std::size_t>(x) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(y);
  }
  Word* domain(VarId x) { return domains_[static_cast<std::size_t>(x)].data(); }
  const Word* domain(VarId x) const { return domains_[static_cast<std::size_t>(x)].data(); }
  static int count(const Word* row, int words) {
    int c = 0;
    for (int w = 0; w < words; ++w) c += std::popcount(row[w]);
    return c;
  }
  Relation* relation(VarId x, VarId y) {
    const int i = index_[cell(x, y)];
    return i < 0 ? nullptr : &relations_[static_cast<std::size_t>(i)];
  }

  void check_size() const {
    int d = 0;
    for (VarId x = 0; x < n_; ++x) d = std::max(d, p_.initial_domain(x).capacity());
    const auto nn = static_cast<std::uint64_t>(n_) * static_cast<std::uint64_t>(n_);
    const auto dd = static_cast<std::uint64_t>(d) * static_cast<std::uint64_t>(d);  // d < 2^31: no overflow
    if (n_ > kPc2MaxVariables || (nn != 0 && dd > kPc2MaxPairs / nn))
      throw Pc2TooLargeError("PC-2: the problem is too large for path consistency: " + std::to_string(n_) +
                             " variables, up to " + std::to_string(d) + " values each (PC-2 takes at most " +
                             std::to_string(kPc2MaxVariables) + " variables and n*n*d*d up to " +
                             std::to_string(kPc2MaxPairs) + ")");
  }

  // R_xy and R_yx as D_x x D_y, with the neighbour lists; returns R_xy.
  Relation& materialise(VarId x, VarId y) {
    for (const auto& [u, v] : {std::pair{x, y}, std::pair{y, x}}) {
      Relation rel;
      rel.rows = capacity_[static_cast<std::size_t>(u)];
      rel.words = words_for(capacity_[static_cast<std::size_t>(v)]);
      rel.bits.assign(static_cast<std::size_t>(rel.rows) * static_cast<std::size_t>(rel.words), 0);
      const Word* dv = domain(v);
      for_each_bit(domain(u), words_for(rel.rows), [&](int a) { std::copy(dv, dv + rel.words, rel.row(a)); });
      index_[cell(u, v)] = static_cast<int>(relations_.size());
      relations_.push_back(std::move(rel));
      neighbours_[static_cast<std::size_t>(u)].push_back(v);
    }
    return *relation(x, y);
  }

  void enqueue(VarId x, VarId y) {
    if (x == y) return;
    if (x > y) std::swap(x, y);
    char& q = queued_[cell(x, y)];
    if (q != 0) return;
    q = 1;
    queue_.emplace_back(x, y);
  }

  // Removes a from D_x (when still there) and queues it for removal from the relations on x. False on a wipe-out.
  bool remove_value(VarId x, int a) {
    Word* d = domain(x);
    if (!test(d, a)) return true;
    clear(d, a);
    ++r_.values_pruned;
    removals_.emplace_back(x, a);
    return !empty_row(d, words_for(capacity_[static_cast<std::size_t>(x)]));
  }

  // Takes removed values out of every relation, removes the values left without support, and queues the pairs
  // whose compositions went through the variable. False on a wipe-out.
  bool process_removals() {
    while (!removals_.empty()) {
      // Two plain variables, not a structured binding: clang before 16 cannot capture a binding in the lambda below.
      const VarId x = removals_.front().first;
      const int a = removals_.front().second;
      removals_.pop_front();
      const std::vector<VarId>& nb = neighbours_[static_cast<std::size_t>(x)];
      for (const VarId j : nb) {
        Relation& xj = *relation(x, j);
        std::fill(xj.row(a), xj.row(a) + xj.words, 0);
        Relation& jx = *relation(j, x);
        std::vector<int> unsupported;
        for_each_bit(domain(j), words_for(jx.rows), [&](int b) {
          clear(jx.row(b), a);
          if (empty_row(jx.row(b), jx.words)) unsupported.push_back(b);
        });
        for (const int b : unsupported)
          if (!remove_value(j, b)) return false;
      }
      for (std::size_t i = 0; i < nb.size(); ++i)
        for (std::size_t k = i + 1; k < nb.size(); ++k) enqueue(nb[i], nb[k]);
    }
    return true;
  }

  // The binary constraints as relations, then arc consistency, then every pair with a path of two constrained
  // pairs in the queue.
  bool build() {
    for (ConstraintId c = 0; c < p_.constraint_count(); ++c) {
      const Constraint& con = p_.constraint(c);
      if (con.arity() != 2) continue;
      VarId x = con.scope()[0];
      VarId y = con.scope()[1];
      const bool swapped = x > y;
      if (swapped) std::swap(x, y);
      Relation* xy = relation(x, y);
      if (xy == nullptr) xy = &materialise(x, y);
      Relation& yx = *relation(y, x);
      const Variable& vx = p_.variable(x);
      const Variable& vy = p_.variable(y);
      for_each_bit(domain(x), words_for(xy->rows), [&](int a) {
        for_each_bit(domain(y), xy->words, [&](int b) {
          ++r_.constraint_checks;
          const std::array<Value, 2> t =
              swapped ? std::array<Value, 2>{vy.value(b), vx.value(a)} : std::array<Value, 2>{vx.value(a), vy.value(b)};
          if (con.is_satisfied_by(t)) return;
          clear(xy->row(a), b);
          clear(yx.row(b), a);
        });
      });
    }
    for (Relation& rel : relations_) rel.original = rel.bits;  // kept for x < y only, below
    for (VarId x = 0; x < n_; ++x)
      for (const VarId y : neighbours_[static_cast<std::size_t>(x)])
        if (y < x) std::vector<Word>().swap(relation(x, y)->original);
    for (VarId x = 0; x < n_; ++x)
      for (const VarId j : neighbours_[static_cast<std::size_t>(x)]) {
        Relation& xj = *relation(x, j);
        std::vector<int> unsupported;
        for_each_bit(domain(x), words_for(xj.rows), [&](int a) {
          if (empty_row(xj.row(a), xj.words)) unsupported.push_back(a);
        });
        for (const int a : unsupported)
          if (!remove_value(x, a)) return false;
      }
    if (!process_removals()) return false;
    for (VarId k = 0; k < n_; ++k) {
      const std::vector<VarId>& nb = neighbours_[static_cast<std::size_t>(k)];
      for (std::size_t i = 0; i < nb.size(); ++i)
        for (std::size_t j = i + 1; j < nb.size(); ++j) enqueue(nb[i], nb[j]);
    }
    return true;
  }

  // R_xy <- R_xy ∩ (R_xk ∘ R_ky) for every k constrained with both (x < y). False on a wipe-out.
  bool revise(VarId x, VarId y) {
    const int rows = capacity_[static_cast<std::size_t>(x)];
    const int words = words_for(capacity_[static_cast<std::size_t>(y)]);
    Relation* xy = relation(x, y);
    std::vector<Word> cand(static_cast<std::size_t>(rows) * static_cast<std::size_t>(words), 0);
    const auto cand_row = [&](int a) { return cand.data() + static_cast<std::ptrdiff_t>(a) * words; };
    for_each_bit(domain(x), words_for(rows), [&](int a) {
      const Word* from = xy != nullptr ? xy->row(a) : domain(y);
      std::copy(from, from + words, cand_row(a));
    });
    std::vector<Word> through(static_cast<std::size_t>(words));
    for (const VarId k : neighbours_[static_cast<std::size_t>(x)]) {
      if (k == y) continue;
      const Relation* ky = relation(k, y);
      if (ky == nullptr) continue;
      const Relation& xk = *relation(x, k);
      ++r_.path_revisions;
      for_each_bit(domain(x), words_for(rows), [&](int a) {
        std::fill(through.begin(), through.end(), 0);
        for_each_bit(xk.row(a), xk.words, [&](int c) {
          ++r_.constraint_checks;
          const Word* s = ky->row(c);
          for (int w = 0; w < words; ++w) through[static_cast<std::size_t>(w)] |= s[w];
        });
        Word* out = cand_row(a);
        for (int w = 0; w < words; ++w) out[w] &= through[static_cast<std::size_t>(w)];
      });
    }
    std::uint64_t removed = 0;
    for_each_bit(domain(x), words_for(rows), [&](int a) {
      const Word* old = xy != nullptr ? xy->row(a) : domain(y);
      for (int w = 0; w < words; ++w) removed += static_cast<std::uint64_t>(std::popcount(old[w] & ~cand_row(a)[w]));
    });
    if (removed == 0) return true;
    r_.pairs_removed += removed;
    if (xy == nullptr) xy = &materialise(x, y);
    Relation& yx = *relation(y, x);
    std::vector<int> x_unsupported;
    for_each_bit(domain(x), words_for(rows), [&](int a) {
      for_each_bit(xy->row(a), words, [&](int b) {
        if (!test(cand_row(a), b)) clear(yx.row(b), a);
      });
      std::copy(cand_row(a), cand_row(a) + words, xy->row(a));
      if (empty_row(xy->row(a), words)) x_unsupported.push_back(a);
    });
    std::vector<int> y_unsupported;
    for_each_bit(domain(y), words, [&](int b) {
      if (empty_row(yx.row(b), yx.words)) y_unsupported.push_back(b);
    });
    for (const VarId m : neighbours_[static_cast<std::size_t>(y)]) enqueue(x, m);
    for (const VarId m : neighbours_[static_cast<std::size_t>(x)]) enqueue(y, m);
    for (const int a : x_unsupported)
      if (!remove_value(x, a)) return false;
    for (const int b : y_unsupported)
      if (!remove_value(y, b)) return false;
    return process_removals();
  }

  const Problem& p_;
  Pc2Result& r_;
  int n_;
  std::vector<std::vector<Word>> domains_;      // current domains as bits over value indices
  std::vector<int> capacity_;                   // value indices per variable
  std::vector<int> index_;                      // n*n: relations_ index of R_xy, or -1 (universal)
  std::vector<Relation> relations_;             // ordered pairs: R_xy and R_yx both kept
  std::vector<std::vector<VarId>> neighbours_;  // the constrained pairs (x, y) per x
  std::vector<char> queued_;                    // n*n, for x < y
  std::deque<std::pair<VarId, VarId>> queue_;
  std::deque<std::pair<VarId, int>> removals_;
};

}  // namespace

Pc2Result pc2(const Problem& problem) {
  Pc2Result result;
  PathConsistency pc(problem, result);
  result.consistent = pc.run();
  result.problem = result.consistent ? pc.transformed() : problem;
  return result;
}

}  // namespace csp
