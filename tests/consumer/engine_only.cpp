// A consumer that links only csp::csp (the engine; no models, no constraint graph). tests/consumer/run.sh checks
// that its compile and link lines hold no Boost and that it compiles no Boost header; the suite also builds and
// runs it (test consumer.engine_only). docs/library.md quotes it: a Constraint subclass, a SearchObserver,
// on_solution, and extending a problem by copying it. Every answer is checked against a known count; exit status 0
// iff all are right.
#include <csp/csp.hpp>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace {

// ---- a Constraint subclass: x < y -------------------------------------------------------------------------------
// is_satisfied_by is the relation (all the engine needs: the default revise searches supports); revise is the
// fast REVISE of AIMA Fig. 6.3 for this relation: x keeps only values below y's largest, y only values above x's
// smallest. Values are compared, domains hold indices: store.value(x, i) is the value with index i.
class LessThan final : public csp::Constraint {
 public:
  LessThan(csp::VarId x, csp::VarId y) : csp::Constraint({x, y}, "less than") {}

  bool is_satisfied_by(std::span<const csp::Value> values) const override { return values[0] < values[1]; }

  bool revise(csp::Store& store, int pos) const override {
    const csp::VarId x = scope()[0];
    const csp::VarId y = scope()[1];
    if (pos == 0) {  // x loses every value >= max(y)
      const csp::Value bound = store.value(y, store.domain(y).max());
      for (int i = store.domain(x).max(); i >= 0 && store.value(x, i) >= bound; i = store.domain(x).max())
        if (!store.remove(x, i, this)) return false;  // wipe-out
    } else {                                          // y loses every value <= min(x)
      const csp::Value bound = store.value(x, store.domain(x).min());
      for (int i = store.domain(y).min(); i >= 0 && store.value(y, i) <= bound; i = store.domain(y).min())
        if (!store.remove(y, i, this)) return false;
    }
    return true;
  }
};

// ---- a SearchObserver: sees every decision and every retraction -------------------------------------------------
class Counter final : public csp::SearchObserver {
 public:
  void on_assign(const csp::Store&, csp::VarId, csp::Value, int depth) override {
    ++assigned;
    if (depth > deepest) deepest = depth;
  }
  void on_backtrack(const csp::Store&, csp::VarId, csp::Value, int) override { ++retracted; }
  std::uint64_t assigned = 0;
  std::uint64_t retracted = 0;
  int deepest = 0;
};

// AIMA 4th ed. Fig. 6.1: Australia with three colours. The mainland has 6 proper colourings (SA's colour, then
// the path WA-NT-Q-NSW-V alternates the other two), Tasmania is free: 6 x 3 = 18.
csp::Problem australia() {
  csp::Problem p;
  for (const char* name : {"WA", "NT", "SA", "Q", "NSW", "V", "T"}) p.add_variable(name, 0, 2);
  for (auto [a, b] : std::vector<std::pair<const char*, const char*>>{{"WA", "NT"},
                                                                      {"WA", "SA"},
                                                                      {"NT", "SA"},
                                                                      {"NT", "Q"},
                                                                      {"SA", "Q"},
                                                                      {"SA", "NSW"},
                                                                      {"SA", "V"},
                                                                      {"Q", "NSW"},
                                                                      {"NSW", "V"}})
    p.add_not_equal(p.find(a), p.find(b));
  return p;
}

// n queens, one variable per column holding the row, binary constraints (AIMA §6.1.3 formulation).
csp::Problem queens(int n) {
  csp::Problem p;
  std::vector<csp::VarId> q;
  for (int i = 0; i < n; ++i) q.push_back(p.add_variable(std::string("Q").append(std::to_string(i + 1)), 1, n));
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      const int distance = j - i;
      p.add_binary(q[static_cast<std::size_t>(i)], q[static_cast<std::size_t>(j)],
                   [distance](csp::Value a, csp::Value b) { return a != b && std::abs(a - b) != distance; });
    }
  return p;
}

csp::SolverConfig count_all(const std::string& inference) {
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = inference;
  config.max_solutions = 0;  // count every solution
  return config;
}

bool check(bool ok, const std::string& what) {
  std::cout << (ok ? "ok:    " : "WRONG: ") << what << '\n';
  return ok;
}

}  // namespace

int main() {
  bool ok = true;

  // 1. The engine alone: Australia has 18 colourings, 8-queens 92 solutions.
  const csp::Problem map = australia();
  const csp::SearchResult colourings = csp::backtracking_search(map, count_all("fc"));
  ok &= check(colourings.complete && colourings.solution_count == 18, "Australia, 3 colours: 18 colourings");
  const csp::SearchResult boards = csp::backtracking_search(queens(8), count_all("fc"));
  ok &= check(boards.complete && boards.solution_count == 92, "8-queens: 92 solutions");

  // 2. A Constraint subclass and an observer: x1 < x2 < ... < x5 over 1..6 has C(6, 5) = 6 solutions; with MAC
  //    the chain prunes values before search (x1 in 1..2, x5 in 5..6), so 6 solutions need few assignments.
  csp::Problem chain;
  std::vector<csp::VarId> x;
  for (int i = 1; i <= 5; ++i) x.push_back(chain.add_variable(std::string("x").append(std::to_string(i)), 1, 6));
  for (std::size_t i = 0; i + 1 < x.size(); ++i) chain.add_constraint(std::make_unique<LessThan>(x[i], x[i + 1]));
  Counter counter;
  csp::SolverConfig traced = count_all("mac");
  traced.observer = &counter;  // must outlive the run
  const csp::SearchResult increasing = csp::backtracking_search(chain, traced);
  ok &= check(increasing.complete && increasing.solution_count == 6, "x1 < ... < x5 over 1..6: 6 solutions");
  ok &= check(counter.assigned == increasing.stats.assignments && counter.retracted == increasing.stats.backtracks,
              "the observer saw every assignment and every backtrack");
  ok &= check(counter.deepest == static_cast<int>(increasing.stats.max_depth), "on_assign's depth reached max_depth");
  ok &= check(increasing.stats.values_pruned > 0, "LessThan::revise pruned values under MAC");
  ok &= check(csp::backtracking_search(chain, count_all("none")).solution_count == 6,
              "the same 6 without inference (is_satisfied_by alone)");

  // 3. on_solution: called on every solution; returning false stops the search (limit_reached, not complete).
  std::vector<std::string> seen;
  csp::SolverConfig first_three = count_all("fc");
  first_three.on_solution = [&seen](const csp::Assignment& a) {
    seen.push_back(std::to_string(a.value(0)));  // Q1's row
    return seen.size() < 3;
  };
  const csp::SearchResult stopped = csp::backtracking_search(queens(8), first_three);
  ok &= check(stopped.status == csp::Status::limit_reached && !stopped.complete && stopped.solution_count == 3 &&
                  seen.size() == 3,
              "on_solution returning false stops 8-queens after 3 solutions");

  // 3b. csp::solve, the one road: a run spec in, a result out that says why it stopped. A count capped at 10 is
  //     a lower bound (solution_cap); the whole count is exact (complete); a projected count counts each distinct
  //     value of Q1 once (8-queens: Q1 takes all 8 rows).
  csp::RunSpec spec;
  spec.search = count_all("fc");
  spec.search.max_solutions = 10;
  const csp::RunResult capped = csp::solve(queens(8), spec);
  ok &= check(capped.solution_count == 10 && capped.stop == csp::StopReason::solution_cap,
              "solve: 10 solutions, stopped at the cap (solution-cap)");
  spec.search.max_solutions = 0;
  ok &= check(csp::solve(queens(8), spec).stop == csp::StopReason::complete, "solve: 92, complete");
  spec.search.projection = {0};  // Q1
  ok &= check(csp::solve(queens(8), spec).solution_count == 8, "solve: 8 distinct rows of Q1 (projected count)");

  // 4. Extending a problem by copying it: the copy shares the structure and owns its domains and additions.
  csp::Problem red_sa = map;                     // cheap: shares variables and constraints
  red_sa.restrict_domain(red_sa.find("SA"), 0);  // SA is colour 0: 18 / 3 = 6
  const csp::SearchResult six = csp::backtracking_search(red_sa, count_all("fc"));
  red_sa.add_not_equal(red_sa.find("T"), red_sa.find("SA"));  // T != SA: 2 mainland colourings x 2 for T = 4
  const csp::SearchResult four = csp::backtracking_search(red_sa, count_all("fc"));
  const csp::SearchResult original = csp::backtracking_search(map, count_all("fc"));
  ok &= check(six.solution_count == 6 && four.solution_count == 4, "copy with SA = 0: 6, then with T != SA: 4");
  ok &= check(original.solution_count == 18 && map.constraint_count() == 9, "the original is unchanged: 18");

  std::cout << (ok ? "engine only: OK" : "engine only: WRONG ANSWER") << '\n';
  return ok ? 0 : 1;
}
