// The learned clauses (clause_database.hpp).
#include "clause_database.hpp"

#include <algorithm>

namespace csp::detail::lcg {

int ClauseDatabase::add(std::vector<Lit> lits) {
  const int id = static_cast<int>(clauses_.size());
  clauses_.push_back(Clause{std::move(lits), increment_, false});
  const Clause& c = clauses_.back();
  if (c.lits.size() >= 2) {
    watchers(c.lits[0]).push_back(Watch{id, c.lits[1]});
    watchers(c.lits[1]).push_back(Watch{id, c.lits[0]});
  }
  ++live_;
  return id;
}

void ClauseDatabase::bump(int id) {
  Clause& c = clause(id);
  c.activity += increment_;
  if (c.activity > 1e100) {
    for (Clause& other : clauses_) other.activity *= 1e-100;
    increment_ *= 1e-100;
  }
}

std::uint64_t ClauseDatabase::reduce() {
  std::vector<double> activities;
  for (const Clause& c : clauses_)
    if (!c.deleted && c.lits.size() > 2) activities.push_back(c.activity);
  if (activities.empty()) return 0;
  const auto middle = activities.begin() + static_cast<std::ptrdiff_t>(activities.size() / 2);
  std::nth_element(activities.begin(), middle, activities.end());
  const double cut = *middle;
  std::uint64_t deleted = 0;
  for (Clause& c : clauses_) {
    if (c.deleted || c.lits.size() <= 2 || c.activity >= cut) continue;
    c.deleted = true;
    c.lits.clear();
    c.lits.shrink_to_fit();
    ++deleted;
    --live_;
  }
  return deleted;
}

}  // namespace csp::detail::lcg
