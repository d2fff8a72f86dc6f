// A consumer of all three csp libraries (csp::csp, csp::models, csp::graph): builds problems through their public
// headers, solves them and checks known answers (exit status 0 iff all are right).
#include <csp/csp.hpp>
#include <csp/graph.hpp>
#include <csp/models/cryptarithm.hpp>
#include <csp/models/map_coloring.hpp>
#include <csp/models/n_queens.hpp>

#include <iostream>

int main() {
  csp::SolverConfig config = csp::SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = "mac";
  config.max_solutions = 0;
  const csp::SearchResult queens = csp::backtracking_search(csp::models::n_queens(8), config);
  std::cout << "8-queens: " << queens.solution_count << " solutions (" << queens.stats << ")\n";

  const csp::models::Cryptarithm puzzle = csp::models::parse_cryptarithm("SEND+MORE=MONEY");
  const csp::SearchResult money = csp::backtracking_search(csp::models::cryptarithm(puzzle), config);
  const std::string sum = money.solutions.empty() ? "none" : csp::models::format_solution(puzzle, money.solutions[0]);
  std::cout << "SEND+MORE=MONEY: " << sum << '\n';

  const csp::CutsetResult australia = csp::cutset_conditioning(csp::models::map_coloring(csp::models::australia(), 3));
  std::cout << "Australia: " << csp::to_string(australia.search.status) << " with a cutset of "
            << australia.cutset.size() << '\n';

  const bool ok = queens.solution_count == 92 && money.solution_count == 1 && sum == "9567 + 1085 = 10652" &&
                  australia.search.status == csp::Status::solved && australia.cutset.size() == 1;
  std::cout << (ok ? "consumer: OK" : "consumer: WRONG ANSWER") << '\n';
  return ok ? 0 : 1;
}
