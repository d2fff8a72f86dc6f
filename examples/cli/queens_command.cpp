// csp queens N: the N-Queens CSP (binary or all-different formulation), one board or the count of all solutions, by
// backtracking search or min-conflicts.
#include <boost/program_options.hpp>
#include <array>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "csp/core/errors.hpp"
#include "csp/models/n_queens.hpp"
#include "algorithm_options.hpp"
#include "model_command.hpp"
#include "subcommands.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

constexpr std::uint64_t kMaxQueensMinConflicts = 1'000'000;  // min-conflicts
constexpr int kMaxBoard = 64;  // larger boards print only the assignment line

}  // namespace

int run_queens(const std::vector<std::string>& args) {
  ModelCommandLine cl(SearchDefaults{}, "n");
  cl.model.add_options()
      ("formulation", po::value<std::string>()->value_name("NAME")->default_value("binary"),
       "binary: one no-attack predicate per pair of columns (the textbook's); all-different: three global "
       "all-different constraints (rows, rows + column, rows - column); --algorithm min-conflicts defaults to "
       "all-different (scoring a value costs O(1) per all-different constraint, O(n) with binary predicates)");
  cl.output.add_options()("count", po::bool_switch(), "count all solutions (the same as --max-solutions 0)");

  int n = 0;
  models::QueensFormulation formulation{};
  SearchOptions options;
  bool count = false;
  std::unique_ptr<models::BuiltModel> model;
  try {
    const po::variables_map vm = cl.parse(args);
    if (vm.count("help") != 0) {
      std::cout << "Usage: csp queens N [OPTIONS]\n\n"
                   "Places N queens on an N x N board so that none attacks another (AIMA 4th ed. §6.1): variable Qc\n"
                   "is the row (1..N) of the queen in column c. Prints one board (row N at the top; above 64 x 64 only\n"
                   "the assignment line); with --count (the same as --max-solutions 0) only the number of solutions;\n"
                   "with --max-solutions K > 1 the number found (at most K) and the first board. Every solution is\n"
                   "checked against the rules before it is printed.\n"
                << help_text(cl.visible())
                << "\nExit status: 0 solved (or counted, at least one), 1 no solution or a limit stopped the "
                   "search, 2 usage error.\n\n"
                   "Examples:\n"
                   "  csp queens 8                                 one board\n"
                   "  csp queens 8 --count                         92\n"
                   "  csp queens 12 --count --formulation all-different --stats\n"
                   "  csp queens 30 --var first --inference none --timeout 1000\n"
                   "  csp queens 1000000 --algorithm min-conflicts --stats\n";
      return 0;
    }
    if (vm.count("n") == 0) throw UsageError("give the board size N, e.g. 'csp queens 8'");
    options = read_search_options(vm);  // --algorithm and its flags too (algorithm_options.hpp)
    const std::string& algorithm = options.algorithm;
    const bool local_search = algorithm == "min-conflicts";
    const std::uint64_t max_n = local_search ? kMaxQueensMinConflicts
                                                : static_cast<std::uint64_t>(models::catalog_entry("queens").max_number);
    const std::uint64_t size = parse_count("N", vm["n"].as<std::string>(), false);
    if (size > max_n)
      throw UsageError(std::string("N must be at most ").append(std::to_string(max_n)).append(" with --algorithm ")
                           .append(algorithm));
    n = static_cast<int>(size);
    try {
      formulation = models::parse_queens_formulation(vm["formulation"].as<std::string>());
    } catch (const UnknownNameError& e) {
      throw UsageError(std::string("--formulation: ").append(e.what()));
    }
    // Min-conflicts scores a value in O(1) per all-different constraint but O(n) binary predicates.
    if (local_search && vm["formulation"].defaulted()) formulation = models::QueensFormulation::all_different;
    count = vm["count"].as<bool>();
    if (count) options.config.max_solutions = 0;
    // The catalogue's queens (csp/models/catalog.hpp): binary posts the no-attack predicates, an all-different
    // mode the three all-different constraints; its check is the rules (verify_queens), its picture the board.
    models::CatalogInputs inputs;
    inputs.numbers = {n};
    models::BuildChoices choices;
    choices.alldiff = formulation == models::QueensFormulation::binary ? AllDifferentMode::binary
                                                                       : AllDifferentMode::value;
    model = build_model("queens", inputs, choices);
  } catch (const UsageError& e) {
    return usage_error("queens", e.what());
  }

  const Problem& problem = model->problem();
  if (const std::string why = algorithm_refusal(problem, options); !why.empty()) return usage_error("queens", why);
  const RunResult result = solve(problem, options, run_spec(options, *model));
  if (report_wrong_solution("queens", result)) return 1;
  const bool counting = options.config.max_solutions != 1;
  if (counting) {
    std::cout << count_text(result, options, "solution", "solutions") << '\n';
    // Counting all (--count = --max-solutions 0) prints only the count; --max-solutions K > 1 also the first board.
    if (!result.solutions.empty() && options.config.max_solutions != 0 && n <= kMaxBoard)
      std::cout << model->picture(result.solutions.front());
  } else if (!result.solutions.empty()) {
    std::cout << problem.to_string(result.solutions.front()) << '\n';
    if (n <= kMaxBoard) std::cout << model->picture(result.solutions.front());
  } else {
    std::cout << n << " queens: " << ending(result, options) << '\n';
  }
  write_stats(std::cout, result, options);
  return exit_status(result);
}

}  // namespace csp::cli
