// Régin's all-different filtering on bit rows: matching repair by breadth-first search, components by Kosaraju's
// two iterative depth-first searches, pruning by component.
#include "graph.hpp"

#include <algorithm>
#include <bit>

namespace csp::detail {

namespace {

using Word = ValueGraph::Word;
constexpr int kBits = 64;

bool test(const Word* bits, int i) { return ((bits[i / kBits] >> (i % kBits)) & 1U) != 0; }
void set(Word* bits, int i) { bits[i / kBits] |= Word{1} << (i % kBits); }
void clear(Word* bits, int i) { bits[i / kBits] &= ~(Word{1} << (i % kBits)); }

// In place: afterwards bit i of a[j] is the former bit j of a[i] (Hacker's Delight, 2nd ed., §7-3).
void transpose64(Word* a) {
  Word mask = 0x00000000FFFFFFFFULL;
  for (int j = 32; j != 0; j >>= 1, mask ^= (mask << j)) {
    for (int k = 0; k < kBits; k = ((k | j) + 1) & ~j) {
      const Word t = ((a[k] >> j) ^ a[k | j]) & mask;
      a[k | j] ^= t;
      a[k] ^= t << j;
    }
  }
}

}  // namespace

void ValueGraph::reset(int vars, int values) {
  vars_ = vars;
  values_ = values;
  words_ = (values + kBits - 1) / kBits;
  var_words_ = (vars + 1 + kBits - 1) / kBits;
  rows_.assign(static_cast<std::size_t>(vars) * static_cast<std::size_t>(words_), 0);
  match_.resize(static_cast<std::size_t>(vars), -1);
  parent_.resize(static_cast<std::size_t>(values));
}

void ValueGraph::match(int k, int v) {
  match_[static_cast<std::size_t>(k)] = v;
  owner_[static_cast<std::size_t>(v)] = k;
  set(matched_.data(), v);
}

ValueGraph::Result ValueGraph::filter(const std::function<bool(std::uint64_t)>& tick) {
  const auto w = static_cast<std::size_t>(words_);
  hall_.assign(w, 0);
  if (vars_ == 0) return Result::ok;
  bool interrupted = false;
  if (!repair_matching(tick, interrupted)) return interrupted ? Result::interrupted : Result::fail;
  if (!components(tick)) return Result::interrupted;
  prune();
  return Result::ok;
}

// Keeps every hinted pair still in its row (first come, first served), then finds a value for each other variable.
bool ValueGraph::repair_matching(const std::function<bool(std::uint64_t)>& tick, bool& interrupted) {
  owner_.assign(static_cast<std::size_t>(values_), -1);
  matched_.assign(static_cast<std::size_t>(words_), 0);
  for (int k = 0; k < vars_; ++k) {
    const int v = match_[static_cast<std::size_t>(k)];
    if (v >= 0 && v < values_ && test(row(k), v) && owner_[static_cast<std::size_t>(v)] < 0)
      match(k, v);
    else
      match_[static_cast<std::size_t>(k)] = -1;
  }
  for (int k = 0; k < vars_; ++k) {
    if (match_[static_cast<std::size_t>(k)] >= 0) continue;
    if (!augment(k)) return false;
    if (!tick(static_cast<std::uint64_t>(words_))) {
      interrupted = true;
      return false;
    }
  }
  return true;
}

// Breadth-first search for an augmenting path from the unmatched variable `root`: values are visited once each, a
// matched value leads to its variable, a free value ends the path, which is then flipped.
bool ValueGraph::augment(int root) {
  const Word* r = row(root);
  for (int c = 0; c < words_; ++c)
    if (const Word b = r[c] & ~matched_[static_cast<std::size_t>(c)]; b != 0) {
      match(root, c * kBits + std::countr_zero(b));
      return true;
    }
  seen_.assign(static_cast<std::size_t>(words_), 0);
  queue_.clear();
  queue_.push_back(root);
  for (std::size_t q = 0; q < queue_.size(); ++q) {
    const int u = queue_[q];
    const Word* ru = row(u);
    for (int c = 0; c < words_; ++c) {
      Word b = ru[c] & ~seen_[static_cast<std::size_t>(c)];
      seen_[static_cast<std::size_t>(c)] |= b;
      for (; b != 0; b &= b - 1) {
        const int v = c * kBits + std::countr_zero(b);
        parent_[static_cast<std::size_t>(v)] = u;
        if (!test(matched_.data(), v)) {
          for (int value = v;;) {  // flip the path back to the root
            const int x = parent_[static_cast<std::size_t>(value)];
            const int previous = match_[static_cast<std::size_t>(x)];
            match(x, value);
            if (x == root) return true;
            value = previous;
          }
        }
        queue_.push_back(owner_[static_cast<std::size_t>(v)]);
      }
    }
  }
  return false;
}

// columns_[j] bit k = row k holds j's matched value: the graph "k -> j" transposed, 64 x 64 bits at a time.
void ValueGraph::transpose() {
  const auto vw = static_cast<std::size_t>(var_words_);
  columns_.assign(static_cast<std::size_t>(vars_) * vw, 0);
  Word block[kBits];
  for (int kb = 0; kb * kBits < vars_; ++kb) {
    for (int c = 0; c < words_; ++c) {
      Word any = 0;
      for (int i = 0; i < kBits; ++i) {
        const int k = kb * kBits + i;
        block[i] = k < vars_ ? row(k)[c] & matched_[static_cast<std::size_t>(c)] : 0;
        any |= block[i];
      }
      if (any == 0) continue;
      transpose64(block);
      for (; any != 0; any &= any - 1) {
        const int b = std::countr_zero(any);
        const int j = owner_[static_cast<std::size_t>(c * kBits + b)];
        columns_[static_cast<std::size_t>(j) * vw + static_cast<std::size_t>(kb)] = block[b];
      }
    }
  }
}

// Strongly connected components of the graph on the variables and one free node F: k -> j when row k holds j's
// matched value (k could take it, j would move), k -> F when row k holds a free value, F -> every variable (so that
// "j's value can be freed" is "j is in F's component"). Kosaraju: a depth-first search from F (it reaches every
// variable) records finishing times; a second one on the transposed graph, from the latest finished node, collects
// a component per tree. Both are iterative, and each reads a row's words once (a cursor per stack frame: the set of
// unvisited nodes only shrinks, so a word found empty stays empty).
bool ValueGraph::components(const std::function<bool(std::uint64_t)>& tick) {
  const int free_node = vars_;
  const auto vw = static_cast<std::size_t>(var_words_);
  has_free_.assign(vw, 0);
  for (int k = 0; k < vars_; ++k) {
    const Word* r = row(k);
    for (int c = 0; c < words_; ++c)
      if ((r[c] & ~matched_[static_cast<std::size_t>(c)]) != 0) {
        set(has_free_.data(), k);
        break;
      }
  }

  // First search, on the graph, from F. seen_ holds the matched values of the variables not yet visited.
  seen_ = matched_;
  order_.clear();
  stack_.clear();
  stack_.push_back({free_node, 0});
  while (!stack_.empty()) {
    Frame& f = stack_.back();
    const Word* candidates = f.node == free_node ? seen_.data() : row(f.node);
    int child = -1;
    for (; f.cursor < words_; ++f.cursor) {
      if (const Word b = candidates[f.cursor] & seen_[static_cast<std::size_t>(f.cursor)]; b != 0) {
        const int v = f.cursor * kBits + std::countr_zero(b);
        child = owner_[static_cast<std::size_t>(v)];
        clear(seen_.data(), v);
        break;
      }
    }
    if (child >= 0) {
      stack_.push_back({child, 0});
      continue;
    }
    order_.push_back(f.node);
    stack_.pop_back();
    if (!tick(static_cast<std::uint64_t>(words_))) return false;
  }

  transpose();
  // Second search, on the transposed graph: j -> k when k -> j above, F -> k when row k holds a free value, every
  // variable -> F.
  left_.assign(vw, 0);
  for (int node = 0; node <= vars_; ++node) set(left_.data(), node);
  component_.assign(static_cast<std::size_t>(vars_) + 1, -1);
  members_.clear();
  starts_.clear();
  const auto visit = [&](int node) {
    clear(left_.data(), node);
    component_[static_cast<std::size_t>(node)] = static_cast<int>(starts_.size()) - 1;
    members_.push_back(node);
    stack_.push_back({node, 0});
  };
  for (auto it = order_.rbegin(); it != order_.rend(); ++it) {
    if (!test(left_.data(), *it)) continue;
    starts_.push_back(static_cast<int>(members_.size()));
    visit(*it);
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      const Word* candidates =
          f.node == free_node ? has_free_.data() : columns_.data() + static_cast<std::size_t>(f.node) * vw;
      int child = -1;
      for (; f.cursor < var_words_; ++f.cursor) {
        if (const Word b = candidates[f.cursor] & left_[static_cast<std::size_t>(f.cursor)]; b != 0) {
          child = f.cursor * kBits + std::countr_zero(b);
          break;
        }
      }
      if (child < 0 && f.node != free_node && test(left_.data(), free_node)) child = free_node;
      if (child >= 0) {
        visit(child);
        continue;
      }
      stack_.pop_back();
      if (!tick(static_cast<std::uint64_t>(var_words_))) return false;
    }
  }
  starts_.push_back(static_cast<int>(members_.size()));
  return true;
}

// Row k keeps the free values, the values that can be freed (matched to F's component) and the values matched in
// k's own component. The Hall values are the matched values that cannot be freed.
void ValueGraph::prune() {
  const auto w = static_cast<std::size_t>(words_);
  const int free_node = vars_;
  const int free_component = component_[static_cast<std::size_t>(free_node)];
  hall_ = matched_;
  base_.resize(w);
  for (std::size_t c = 0; c < w; ++c) base_[c] = ~matched_[c];
  for (int i = starts_[static_cast<std::size_t>(free_component)];
       i < starts_[static_cast<std::size_t>(free_component) + 1]; ++i) {
    const int k = members_[static_cast<std::size_t>(i)];
    if (k == free_node) continue;
    const int v = match_[static_cast<std::size_t>(k)];
    clear(hall_.data(), v);
    set(base_.data(), v);
  }
  seen_.assign(w, 0);  // the matched values of one component at a time
  for (std::size_t comp = 0; comp + 1 < starts_.size(); ++comp) {
    const int begin = starts_[comp];
    const int end = starts_[comp + 1];
    if (static_cast<int>(comp) != free_component)
      for (int i = begin; i < end; ++i)
        set(seen_.data(), match_[static_cast<std::size_t>(members_[static_cast<std::size_t>(i)])]);
    for (int i = begin; i < end; ++i) {
      const int k = members_[static_cast<std::size_t>(i)];
      if (k == free_node) continue;
      Word* r = row(k);
      for (std::size_t c = 0; c < w; ++c) r[c] &= base_[c] | seen_[c];
    }
    if (static_cast<int>(comp) != free_component)
      for (int i = begin; i < end; ++i)
        clear(seen_.data(), match_[static_cast<std::size_t>(members_[static_cast<std::size_t>(i)])]);
  }
}

}  // namespace csp::detail
