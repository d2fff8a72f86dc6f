// The learned nogoods with two watched literals each (nogood_store.hpp).
#include "nogood_store.hpp"

#include <algorithm>

namespace csp::detail {

namespace {
constexpr std::size_t kNoPosition = static_cast<std::size_t>(-1);
}  // namespace

NogoodStore::NogoodStore(int variable_count) {
  const auto n = static_cast<std::size_t>(variable_count);
  value_.assign(n, -1);
  watchers_.resize(n);
  unit_.resize(n);
  stamp_.assign(n, 0);
  owned_.resize(n);
}

std::vector<std::uint32_t>& NogoodStore::watchers(const Literal& l) {
  auto& lists = watchers_[static_cast<std::size_t>(l.var)];
  const auto i = static_cast<std::size_t>(l.index);
  if (lists.size() <= i) lists.resize(i + 1);
  return lists[i];
}

const std::vector<std::uint32_t>* NogoodStore::find_watchers(VarId x, int i) const {
  const auto& lists = watchers_[static_cast<std::size_t>(x)];
  const auto k = static_cast<std::size_t>(i);
  return k < lists.size() ? &lists[k] : nullptr;
}

void NogoodStore::count_unit(const Literal& l, VarId owner) {
  auto& counts = unit_[static_cast<std::size_t>(l.var)];
  const auto i = static_cast<std::size_t>(l.index);
  if (counts.size() <= i) counts.resize(i + 1, 0);
  ++counts[i];
  owned_[static_cast<std::size_t>(owner)].push_back(l);
}

bool NogoodStore::add(const std::vector<Literal>& literals) {
  if (size() >= kMaxNogoods || literals.empty()) return false;
  const auto n = static_cast<std::uint32_t>(size());
  const std::size_t first = literals_.size();
  literals_.insert(literals_.end(), literals.begin(), literals.end());
  start_.push_back(literals_.size());
  // Watches: two literals that are not true, else the true ones assigned last (the first search will undo).
  std::size_t open[2] = {kNoPosition, kNoPosition};
  std::size_t late[2] = {kNoPosition, kNoPosition};  // late[0]: the latest true literal, late[1]: the one before it
  int open_count = 0;
  for (std::size_t p = first; p < literals_.size(); ++p) {
    const Literal& l = literals_[p];
    if (!is_true(l)) {
      if (open_count < 2) open[open_count] = p;
      ++open_count;
      continue;
    }
    const std::uint64_t s = stamp_[static_cast<std::size_t>(l.var)];
    if (late[0] == kNoPosition || s > stamp_[static_cast<std::size_t>(literals_[late[0]].var)]) {
      late[1] = late[0];
      late[0] = p;
    } else if (late[1] == kNoPosition || s > stamp_[static_cast<std::size_t>(literals_[late[1]].var)]) {
      late[1] = p;
    }
  }
  std::size_t w0 = 0;
  std::size_t w1 = 0;
  if (literals.size() == 1) {
    w0 = w1 = first;
    count_unit(literals_[first], literals_[first].var);
    // A nogood of one literal forbids its value for good: no variable owns the count.
    owned_[static_cast<std::size_t>(literals_[first].var)].pop_back();
  } else if (open_count >= 2) {
    w0 = open[0];
    w1 = open[1];
  } else if (open_count == 1) {
    w0 = open[0];
    w1 = late[0];
    count_unit(literals_[w0], literals_[w1].var);
  } else {  // every literal true: unit on the latest once it is undone, for as long as the one before it holds
    w0 = late[0];
    w1 = late[1];
    count_unit(literals_[w0], literals_[w1].var);
  }
  // The watches go to the first two places, so a visit reads one stretch of memory.
  std::swap(literals_[first], literals_[w0]);
  if (w1 != w0) {
    if (w1 == first) w1 = w0;  // moved by the swap
    std::swap(literals_[first + 1], literals_[w1]);
    watchers(literals_[first + 1]).push_back(n);
  }
  watchers(literals_[first]).push_back(n);
  return true;
}

std::size_t NogoodStore::assign(VarId x, int i, std::vector<std::uint32_t>& fired) {
  fired.clear();
  value_[static_cast<std::size_t>(x)] = i;
  stamp_[static_cast<std::size_t>(x)] = ++clock_;
  auto& lists = watchers_[static_cast<std::size_t>(x)];
  if (static_cast<std::size_t>(i) >= lists.size()) return 0;
  // Only other variables' lists grow below (a nogood holds one literal per variable), so this reference stays valid.
  std::vector<std::uint32_t>& list = lists[static_cast<std::size_t>(i)];
  const std::size_t visited = list.size();
  std::size_t k = 0;
  while (k < list.size()) {
    const std::uint32_t n = list[k];
    Literal* const g = literals_.data() + start_[n];  // g[0], g[1]: the watches
    const std::size_t size = start_[n + 1] - start_[n];
    if (size == 1) {  // violated
      fired.push_back(n);
      ++k;
      continue;
    }
    const std::size_t self = g[0].var == x ? 0 : 1;
    const Literal& other = g[1 - self];
    std::size_t replacement = 0;
    if (!is_true(other)) {
      for (std::size_t p = 2; p < size; ++p)
        if (!is_true(g[p])) {
          replacement = p;
          break;
        }
    }
    if (replacement != 0) {  // both watches are not true again: x = i no longer watched by n
      std::swap(g[self], g[replacement]);
      watchers(g[self]).push_back(n);
      list[k] = list.back();
      list.pop_back();
      continue;
    }
    // Every literal but `other` is true: unit on it (x, assigned last, owns the count), or violated.
    if (!is_true(other)) count_unit(other, x);
    fired.push_back(n);
    ++k;
  }
  std::sort(fired.begin(), fired.end());
  return visited;
}

void NogoodStore::unassign(VarId x) {
  const auto v = static_cast<std::size_t>(x);
  value_[v] = -1;
  for (const Literal& l : owned_[v]) --unit_[static_cast<std::size_t>(l.var)][static_cast<std::size_t>(l.index)];
  owned_[v].clear();
}

std::uint32_t NogoodStore::forbidding(VarId x, int i, std::size_t& visited) const {
  const auto& counts = unit_[static_cast<std::size_t>(x)];
  const auto k = static_cast<std::size_t>(i);
  if (k >= counts.size() || counts[k] == 0) return kNone;
  const std::vector<std::uint32_t>* list = find_watchers(x, i);
  if (list == nullptr) return kNone;
  std::uint32_t best = kNone;
  visited += list->size();
  for (const std::uint32_t n : *list) {
    const Literal* const g = literals_.data() + start_[n];
    if (start_[n + 1] - start_[n] == 1 || is_true(g[0].var == x ? g[1] : g[0])) best = std::min(best, n);
  }
  return best;
}

}  // namespace csp::detail
