// Cumulative by time-tabling, and its time-indexed decomposition.
#include <algorithm>
#include <climits>

#include "csp/constraints/globals/scheduling.hpp"
#include "csp/core/errors.hpp"
#include "global_constraint.hpp"

namespace csp {

namespace {

using globals_detail::GlobalConstraint;

class Cumulative final : public GlobalConstraint {
 public:
  Cumulative(const std::vector<VarId>& starts, std::vector<int> durations, std::vector<int> resources, int capacity,
             std::string name)
      : GlobalConstraint(starts, std::move(name)),
        d_(std::move(durations)),
        r_(std::move(resources)),
        capacity_(capacity) {}

 protected:
  bool holds(const std::vector<Value>& s) const override {
    std::vector<std::pair<long long, long long>> events;  // (time, +r at start / -r at end)
    for (int i = 0; i < occurrences(); ++i)
      if (used(i)) {
        events.emplace_back(s[static_cast<std::size_t>(i)], r(i));
        events.emplace_back(static_cast<long long>(s[static_cast<std::size_t>(i)]) + d(i), -r(i));
      }
    std::sort(events.begin(),
              events.end());  // at one time, the ends (negative) come first
    long long height = 0;
    for (const auto& e : events)
      if ((height += e.second) > capacity_) return false;
    return true;
  }

  bool filter(Store& s, int only) const override {
    for (int i = 0; i < occurrences(); ++i)
      if (used(i) && r(i) > capacity_) return fail(s, only, i);
    for (;;) {
      const long long before = total_size(s);
      std::vector<Segment> profile;
      if (!build_profile(s, profile)) return fail(s, only, 0);
      for (int i = 0; i < occurrences(); ++i)
        if (used(i) && !prune_task(s, only, i, profile)) return false;
      if (total_size(s) == before || !s.tick(static_cast<std::uint64_t>(arity()))) return !s.interrupted();
    }
  }

 private:
  struct Segment {
    long long from, to, height;  // [from, to)
  };
  long long d(int i) const { return d_[static_cast<std::size_t>(i)]; }
  long long r(int i) const { return r_[static_cast<std::size_t>(i)]; }
  bool used(int i) const { return d(i) > 0 && r(i) > 0; }

  bool fail(Store& s, int only, int j) const {
    const VarId x = only >= 0 ? scope()[static_cast<std::size_t>(only)] : var(j);
    s.remove_above(x, -1, this);
    return false;
  }

  // The compulsory part [max start, min start + d) of task i, empty when from >= to.
  std::pair<long long, long long> compulsory(const Store& s, int i) const { return {hi(s, i), lo(s, i) + d(i)}; }

  // Segments of positive height of the compulsory parts' profile; false when one exceeds the capacity.
  bool build_profile(const Store& s, std::vector<Segment>& profile) const {
    std::vector<std::pair<long long, long long>> events;
    for (int i = 0; i < occurrences(); ++i) {
      if (!used(i)) continue;
      const auto [from, to] = compulsory(s, i);
      if (from >= to) continue;
      events.emplace_back(from, r(i));
      events.emplace_back(to, -r(i));
    }
    std::sort(events.begin(), events.end());
    long long height = 0;
    for (std::size_t k = 0; k < events.size();) {
      const long long t = events[k].first;
      while (k < events.size() && events[k].first == t) height += events[k++].second;
      if (height > capacity_) return false;
      if (height > 0 && k < events.size()) profile.push_back({t, events[k].first, height});
    }
    return true;
  }

  // Removes the starts of task i that overlap a segment where the others leave less than r(i).
  bool prune_task(Store& s, int only, int i, const std::vector<Segment>& profile) const {
    const auto [cfrom, cto] = compulsory(s, i);
    std::vector<std::pair<long long, long long>> forbidden;  // start values [a, b]
    const long long first = lo(s, i);
    const long long last = hi(s, i) + d(i);
    for (const Segment& g : profile) {
      if (g.to <= first || g.from >= last) continue;
      const bool own = cfrom < cto && g.from >= cfrom && g.to <= cto;
      if (g.height - (own ? r(i) : 0) + r(i) > capacity_) forbidden.emplace_back(g.from - d(i) + 1, g.to - 1);
    }
    if (forbidden.empty()) return true;
    return remove_if(s, only, i, [&](Value v) {
      return std::any_of(forbidden.begin(), forbidden.end(),
                         [v](const auto& f) { return v >= f.first && v <= f.second; });
    });
  }

  std::vector<int> d_;
  std::vector<int> r_;
  long long capacity_;
};

void check_tasks(const std::string& name, const std::vector<VarId>& starts, const std::vector<int>& durations,
                 const std::vector<int>& resources) {
  if (starts.size() != durations.size() || starts.size() != resources.size())
    throw ModelError("cumulative '" + name + "': " + std::to_string(starts.size()) + " starts, " +
                     std::to_string(durations.size()) + " durations, " + std::to_string(resources.size()) +
                     " resources");
  for (std::size_t i = 0; i < starts.size(); ++i)
    if (durations[i] < 0 || resources[i] < 0)
      throw ModelError("cumulative '" + name + "': task " + std::to_string(i + 1) +
                       " has a negative duration or resource");
}

void decompose(Problem& p, const std::vector<VarId>& starts, const std::vector<int>& d, const std::vector<int>& r,
               int capacity, const std::string& name) {
  long long early = LLONG_MAX;
  long long late = LLONG_MIN;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    if (d[i] == 0 || r[i] == 0) continue;
    if (r[i] > capacity) {  // never fits: an empty sum over a false bound
      p.add_predicate(
          {starts[i]}, [](std::span<const Value>) { return false; }, name);
      return;
    }
    early = std::min<long long>(early, p.variable(starts[i]).min_value());
    late = std::max<long long>(late, static_cast<long long>(p.variable(starts[i]).max_value()) + d[i]);
  }
  for (long long t = early; t < late; ++t) {
    std::vector<VarId> bs;
    std::vector<int> coefficients;
    for (std::size_t i = 0; i < starts.size(); ++i) {
      if (d[i] == 0 || r[i] == 0) continue;
      const Variable& v = p.variable(starts[i]);
      std::vector<Value> covering;  // the starts that make task i run at t
      for (long long s = std::max<long long>(t - d[i] + 1, v.min_value()); s <= std::min<long long>(t, v.max_value());
           ++s)
        if (v.index_of(static_cast<Value>(s)) >= 0) covering.push_back(static_cast<Value>(s));
      if (covering.empty()) continue;
      const VarId b = p.add_variable(
          globals_detail::aux_name(p, name + ".run[" + std::to_string(i + 1) + "," + std::to_string(t) + "]"), 0, 1);
      p.add_member_reif(starts[i], covering, b);
      bs.push_back(b);
      coefficients.push_back(r[i]);
    }
    if (!bs.empty()) p.add_linear(bs, coefficients, LinearOp::le, capacity, name);
  }
}

}  // namespace

void post_cumulative(Problem& problem, const std::vector<VarId>& starts, const std::vector<int>& durations,
                     const std::vector<int>& resources, int capacity, Globals how, const std::string& name) {
  check_tasks(name, starts, durations, resources);
  if (starts.empty()) return;
  if (how == Globals::decompose) return decompose(problem, starts, durations, resources, capacity, name);
  problem.add_constraint(std::make_unique<Cumulative>(starts, durations, resources, capacity, name));
}

void post_disjunctive(Problem& problem, const std::vector<VarId>& starts, const std::vector<int>& durations,
                      Globals how, const std::string& name) {
  post_cumulative(problem, starts, durations, std::vector<int>(starts.size(), 1), 1, how, name);
}

}  // namespace csp
