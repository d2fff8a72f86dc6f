// The learned clauses (clause_database.hpp).
#include "clause_database.hpp"

#include <algorithm>
#include <utility>

namespace csp::detail::lcg {

ClauseRef ClauseDatabase::add(const std::vector<Lit>& lits, bool kept) {
  pool_.push_back(Lit{static_cast<VarId>(lits.size()), static_cast<int>(activity_.size()), kept});
  const auto c = static_cast<ClauseRef>(pool_.size());
  pool_.insert(pool_.end(), lits.begin(), lits.end());
  activity_.push_back(increment_);
  watch(c);
  return c;
}

void ClauseDatabase::watch(ClauseRef c) {
  const std::span<const Lit> lits = literals(c);
  if (lits.size() < 2) return;
  watchers(lits[0]).push_back(Watch{c, lits[1]});
  watchers(lits[1]).push_back(Watch{c, lits[0]});
}

void ClauseDatabase::bump(ClauseRef c) {
  double& a = activity(c);
  a += increment_;
  if (a > 1e100) {
    for (double& other : activity_) other *= 1e-100;
    increment_ *= 1e-100;
  }
}

std::uint64_t ClauseDatabase::reduce() {
  std::vector<double> long_ones;
  for (std::size_t c = 1; c < pool_.size(); c += size(static_cast<ClauseRef>(c)) + 1)
    if (size(static_cast<ClauseRef>(c)) > 2 && !kept(static_cast<ClauseRef>(c)))
      long_ones.push_back(activity(static_cast<ClauseRef>(c)));
  if (long_ones.empty()) return 0;
  const auto middle = long_ones.begin() + static_cast<std::ptrdiff_t>(long_ones.size() / 2);
  std::nth_element(long_ones.begin(), middle, long_ones.end());
  const double cut = *middle;
  std::vector<Lit> pool;
  std::vector<double> activities;
  std::uint64_t deleted = 0;
  for (std::size_t c = 1; c < pool_.size(); c += size(static_cast<ClauseRef>(c)) + 1) {
    const auto ref = static_cast<ClauseRef>(c);
    const std::size_t n = size(ref);
    if (n > 2 && !kept(ref) && activity(ref) < cut) {
      ++deleted;
      continue;
    }
    pool.push_back(Lit{static_cast<VarId>(n), static_cast<int>(activities.size()), kept(ref)});
    activities.push_back(activity(ref));
    const std::span<const Lit> lits = literals(ref);
    pool.insert(pool.end(), lits.begin(), lits.end());
  }
  pool_ = std::move(pool);
  activity_ = std::move(activities);
  for (std::vector<Watch>& list : lists_) list.clear();
  for (std::size_t c = 1; c < pool_.size(); c += size(static_cast<ClauseRef>(c)) + 1) watch(static_cast<ClauseRef>(c));
  return deleted;
}

}  // namespace csp::detail::lcg
