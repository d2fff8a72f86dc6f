// 06 KenKen 4x4 with arithmetic constraints (AIMA 4th ed. §6.1, §6.3). Fill the grid with 1..4, each once per row
// and column; the cells of each cage combine to its target with its operation (+ sum, x product, - difference,
// / quotient of the larger by the smaller). A trace observer prints the search's decisions and backtracks.
#include <iostream>
#include <string>
#include <vector>

#include "csp/csp.hpp"

namespace {
struct Cage {
  char op;  // '+', 'x', '-', '/'
  long long target;
  std::vector<int> cells;  // 10 * row + column, 1-based: 23 is row 2, column 3
};

// Prints each decision indented by its depth, each backtrack, each wipe-out with the constraint that caused it, and
// the first values the consistency check rejects (search without inference); counts the values inference prunes.
class Trace : public csp::SearchObserver {
 public:
  explicit Trace(const csp::Problem& p) : p_(p) {}
  void on_assign(const csp::Store&, csp::VarId x, csp::Value v, int depth) override {
    indent(depth) << p_.variable(x).name() << " = " << v << '\n';
  }
  void on_backtrack(const csp::Store&, csp::VarId x, csp::Value v, int depth) override {
    indent(depth) << "undo " << p_.variable(x).name() << " = " << v << '\n';
  }
  void on_prune(const csp::Store&, csp::VarId, csp::Value, const csp::Constraint*, int) override { ++pruned; }
  void on_wipeout(const csp::Store&, csp::VarId x, const csp::Constraint* cause, int depth) override {
    indent(depth + 1) << "wipe-out " << p_.variable(x).name() << (cause ? " by " + cause->name() : "") << '\n';
  }
  void on_reject(const csp::Store&, csp::VarId x, csp::Value v, const csp::Constraint& c, int depth) override {
    if (++rejected <= 6)
      indent(depth) << "reject " << p_.variable(x).name() << " = " << v << " by " << c.name() << '\n';
  }
  long pruned = 0;
  long rejected = 0;

 private:
  std::ostream& indent(int depth) { return std::cout << std::string(static_cast<std::size_t>(2 * depth), ' '); }
  const csp::Problem& p_;
};
}  // namespace

int main() {
  const std::vector<Cage> cages{{'-', 1, {11, 21}}, {'/', 4, {12, 22}}, {'+', 6, {13, 14}}, {'x', 12, {24, 34}},
                                {'-', 1, {23, 33}}, {'/', 3, {31, 32}}, {'x', 8, {41, 42}}, {'-', 2, {43, 44}}};
  // 1. Variables: cell (r, c) has values 1..4.
  csp::Problem kenken;
  std::vector<std::vector<csp::VarId>> cell(5, std::vector<csp::VarId>(5, -1));
  for (int r = 1; r <= 4; ++r)
    for (int c = 1; c <= 4; ++c)
      cell[r][c] = kenken.add_variable(std::string("r").append(std::to_string(r)).append("c").append(std::to_string(c)),
                                       csp::range(1, 4));
  // 2. Constraints: rows and columns all different; one arithmetic constraint per cage.
  for (int k = 1; k <= 4; ++k) {
    std::vector<csp::VarId> row, column;
    for (int j = 1; j <= 4; ++j) {
      row.push_back(cell[k][j]);
      column.push_back(cell[j][k]);
    }
    kenken.add_all_different(row, csp::AllDifferentMode::value, "row " + std::to_string(k));
    kenken.add_all_different(column, csp::AllDifferentMode::value, "column " + std::to_string(k));
  }
  for (const Cage& cage : cages) {
    std::vector<csp::VarId> scope;
    for (int rc : cage.cells) scope.push_back(cell[rc / 10][rc % 10]);
    if (cage.op == '+') kenken.add_sum(scope, csp::LinearOp::eq, cage.target);
    if (cage.op == 'x') kenken.add_product(scope, cage.target);
    if (cage.op == '-') kenken.add_difference(scope[0], scope[1], static_cast<csp::Value>(cage.target));
    if (cage.op == '/') kenken.add_quotient(scope[0], scope[1], static_cast<csp::Value>(cage.target));
  }
  std::cout << kenken;  // X, D and C as the engine sees them

  // 3. Search with MRV and forward checking to the first solution, tracing every decision, backtrack and wipe-out.
  Trace trace(kenken);
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "fc";
  config.observer = &trace;
  const csp::SearchResult first = csp::backtracking_search(kenken, config);
  std::cout << "forward checking: " << first.status << ", " << first.stats.assignments << " assignments, "
            << first.stats.failures << " failures, " << trace.pruned << " values pruned\n";

  // 3b. The same search without inference: the consistency check rejects values instead (the first 6 shown).
  Trace checks(kenken);
  config.variable_ordering = "first";
  config.inference = "none";
  config.observer = &checks;
  std::cout << "without inference (first 6 rejects shown):\n";
  const csp::SearchResult plain = csp::backtracking_search(kenken, config);
  std::cout << "no inference: " << plain.status << ", " << plain.stats.assignments << " assignments, "
            << plain.stats.failures << " failures, " << checks.rejected << " values rejected, "
            << plain.stats.constraint_checks << " constraint checks\n";

  // 4. MAC, counting every solution (a proper KenKen has exactly one).
  config.inference = "mac";
  config.max_solutions = 0;
  config.observer = nullptr;
  const csp::SearchResult all = csp::backtracking_search(kenken, config);
  std::cout << "MAC: " << all.status << ": " << all.solution_count << " solution(s); " << all.stats << '\n';
  if (all.status != csp::Status::solved) return 1;
  for (int r = 1; r <= 4; ++r)
    for (int c = 1; c <= 4; ++c) std::cout << all.solutions.front().value(cell[r][c]) << (c == 4 ? '\n' : ' ');
  return all.solution_count == 1 && first.solutions.front() == all.solutions.front() ? 0 : 1;
}
