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
  stamp_.assign(n, 0);
  owned_.resize(n);
}

void NogoodStore::count_unit(const Literal& l, VarId owner) {
  const std::uint64_t k = key(l);
  ++unit_[k];
  owned_[static_cast<std::size_t>(owner)].push_back(k);
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
    unit_[key(literals_[first])] += 1;  // a nogood of one literal forbids its value for good
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
  watch_.push_back(w0);
  watch_.push_back(w1);
  watchers_[key(literals_[w0])].push_back(n);
  if (w1 != w0) watchers_[key(literals_[w1])].push_back(n);
  return true;
}

std::size_t NogoodStore::assign(VarId x, int i, std::vector<std::uint32_t>& fired) {
  fired.clear();
  value_[static_cast<std::size_t>(x)] = i;
  stamp_[static_cast<std::size_t>(x)] = ++clock_;
  const auto at = watchers_.find(key(x, i));
  if (at == watchers_.end()) return 0;
  std::vector<std::uint32_t>& list = at->second;  // references into the map survive its rehashing
  const std::size_t visited = list.size();
  std::size_t k = 0;
  while (k < list.size()) {
    const std::uint32_t n = list[k];
    const std::size_t self_slot = literals_[watch_[2 * n]].var == x ? 2 * n : 2 * n + 1;
    const std::size_t other = watch_[self_slot == 2 * n ? 2 * n + 1 : 2 * n];
    const std::size_t self = watch_[self_slot];
    std::size_t replacement = kNoPosition;
    if (other != self && !is_true(literals_[other])) {
      for (std::size_t p = start_[n]; p < start_[n + 1]; ++p)
        if (p != self && p != other && !is_true(literals_[p])) {
          replacement = p;
          break;
        }
    }
    if (replacement != kNoPosition) {  // both watches are not true again: x = i no longer watched by n
      watch_[self_slot] = replacement;
      watchers_[key(literals_[replacement])].push_back(n);
      list[k] = list.back();
      list.pop_back();
      continue;
    }
    // Every literal but `other` is true: unit on it (x, assigned last, owns the count), or violated.
    if (other != self && !is_true(literals_[other])) count_unit(literals_[other], x);
    fired.push_back(n);
    ++k;
  }
  std::sort(fired.begin(), fired.end());
  return visited;
}

void NogoodStore::unassign(VarId x) {
  const auto v = static_cast<std::size_t>(x);
  value_[v] = -1;
  for (const std::uint64_t k : owned_[v]) {
    const auto at = unit_.find(k);
    if (--at->second == 0) unit_.erase(at);
  }
  owned_[v].clear();
}

std::uint32_t NogoodStore::forbidding(VarId x, int i, std::size_t& visited) const {
  const std::uint64_t k = key(x, i);
  if (unit_.find(k) == unit_.end()) return kNone;
  const auto at = watchers_.find(k);
  if (at == watchers_.end()) return kNone;
  std::uint32_t best = kNone;
  visited += at->second.size();
  for (const std::uint32_t n : at->second) {
    const std::size_t a = watch_[2 * n];
    const std::size_t b = watch_[2 * n + 1];
    const std::size_t other = literals_[a].var == x ? b : a;
    if ((other == a && other == b) || is_true(literals_[other])) best = std::min(best, n);
  }
  return best;
}

}  // namespace csp::detail
