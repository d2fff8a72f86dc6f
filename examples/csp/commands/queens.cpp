// csp queens N: the N-Queens CSP (binary or all-different formulation), one board or the count of all solutions, by
// backtracking search or min-conflicts.
#include <array>
#include <boost/program_options.hpp>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "commands/commands.hpp"
#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/n_queens.hpp"
#include "options/algorithm_options.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

constexpr std::uint64_t kMaxQueensMinConflicts = 1'000'000;  // min-conflicts
constexpr int kMaxBoard = 64;                                // larger boards print only the assignment line

// The formulation of a queens model posted with all-different mode `mode` (the catalogue's queens: binary posts the
// no-attack predicates, the other modes the three all-different constraints).
models::QueensFormulation formulation_of(AllDifferentMode mode) {
  return mode == AllDifferentMode::binary ? models::QueensFormulation::binary
                                          : models::QueensFormulation::all_different;
}

// Adds the queens options to the command line: --formulation (Model; its default the model's, from its all-different
// mode) and --count (Output).
void add_queens_options(ModelCommandLine& cl) {
  const std::string formulation = models::to_string(formulation_of(cl.defaults().model.alldiff));
  cl.model.add_options()(
      "formulation", po::value<std::string>()->value_name("NAME")->default_value(formulation),
      "binary: one no-attack predicate per pair of columns (the textbook's); all-different: three global "
      "all-different constraints (rows, rows + column, rows - column); --algorithm min-conflicts defaults to "
      "all-different (scoring a value costs O(1) per all-different constraint, O(n) with binary predicates)");
  cl.output.add_options()("count", po::bool_switch(), "count all solutions (the same as --max-solutions 0)");
}

// Prints `csp queens --help`.
void print_help(const ModelCommandLine& cl) {
  std::cout
      << "Usage: csp queens N [OPTIONS]\n\n"
         "Places N queens on an N x N board so that none attacks another (AIMA 4th ed. §6.1): variable Qc\n"
         "is the row (1..N) of the queen in column c. Prints one board (row N at the top; above 64 x 64 only\n"
         "the assignment line); with --count (the same as --max-solutions 0) only the number of solutions;\n"
         "with --max-solutions K > 1 the number found (at most K) and the first board. Every solution is\n"
         "checked against the rules before it is printed.\n"
      << help_text(cl.visible())
      << "\nExit status: 0 solved (or counted, at least one), 1 no solution or a limit stopped the search,\n"
         "2 usage error, 130 / 143 SIGINT / SIGTERM stopped the search (the solutions counted so far are printed\n"
         "first).\n\n"
         "Examples:\n"
         "  csp queens 8                                 one board\n"
         "  csp queens 8 --count                         92\n"
         "  csp queens 12 --count --formulation all-different --stats\n"
         "  csp queens 30 --var first --inference none --timeout 1000\n"
         "  csp queens 1000000 --algorithm min-conflicts --stats\n";
}

// What csp queens runs: the board size, the search options and the catalogue's model.
struct QueensRun {
  int n = 0;
  SearchOptions options;
  std::unique_ptr<models::BuiltModel> model;
};

// N, at most 1000 for backtracking (the catalogue's bound) and kMaxQueensMinConflicts for min-conflicts.
int read_board_size(const po::variables_map& vm, const std::string& algorithm) {
  const std::uint64_t max_n = algorithm == "min-conflicts"
                                  ? kMaxQueensMinConflicts
                                  : static_cast<std::uint64_t>(models::catalog_entry("queens").max_number);
  const std::uint64_t size = parse_count("N", vm["n"].as<std::string>(), false);
  if (size > max_n)
    throw UsageError(
        std::string("N must be at most ").append(std::to_string(max_n)).append(" with --algorithm ").append(algorithm));
  return static_cast<int>(size);
}

// --formulation; min-conflicts defaults to all-different (it scores a value in O(1) per all-different constraint
// but O(n) binary predicates).
models::QueensFormulation read_formulation(const po::variables_map& vm, const std::string& algorithm) {
  models::QueensFormulation formulation{};
  try {
    formulation = models::parse_queens_formulation(vm["formulation"].as<std::string>());
  } catch (const UnknownNameError& e) {
    throw UsageError(std::string("--formulation: ").append(e.what()));
  }
  if (algorithm == "min-conflicts" && vm["formulation"].defaulted())
    formulation = models::QueensFormulation::all_different;
  return formulation;
}

// Reads the options and builds the catalogue's queens (csp/models/catalog.hpp): binary posts the no-attack
// predicates, an all-different mode the three all-different constraints; its check is the rules (verify_queens),
// its picture the board. Throws UsageError.
QueensRun read_queens(const po::variables_map& vm) {
  if (vm.count("n") == 0) throw UsageError("give the board size N, e.g. 'csp queens 8'");
  QueensRun run;
  run.options = read_search_options(vm);  // --algorithm and its flags too (algorithm_options.hpp)
  run.n = read_board_size(vm, run.options.algorithm);
  const models::QueensFormulation formulation = read_formulation(vm, run.options.algorithm);
  count_all_when(vm, "count", run.options);
  models::CatalogInputs inputs;
  inputs.numbers = {run.n};
  models::BuildChoices choices;
  choices.alldiff =
      formulation == models::QueensFormulation::binary ? AllDifferentMode::binary : AllDifferentMode::value;
  run.model = build_model("queens", inputs, choices);
  return run;
}

// Prints the run: the count (and with --max-solutions K > 1 the first board), or the assignment and its board, or
// why there is none.
void print_queens(const QueensRun& run, const RunResult& result) {
  const SearchOptions& options = run.options;
  if (options.config.max_solutions != 1) {
    std::cout << count_text(result, options, "solution", "solutions") << '\n';
    // Counting all (--count = --max-solutions 0) prints only the count; --max-solutions K > 1 also the first board.
    if (!result.solutions.empty() && options.config.max_solutions != 0 && run.n <= kMaxBoard)
      std::cout << run.model->picture(result.solutions.front());
  } else if (!result.solutions.empty()) {
    std::cout << run.model->problem().to_string(result.solutions.front()) << '\n';
    if (run.n <= kMaxBoard) std::cout << run.model->picture(result.solutions.front());
  } else {
    std::cout << run.n << " queens: " << ending(result, options) << '\n';
  }
}

}  // namespace

int run_queens(const std::vector<std::string>& args) {
  ModelCommandLine cl(model_search_defaults("queens"), "n");
  add_queens_options(cl);
  QueensRun run;
  const auto read = [&run](const po::variables_map& vm) { run = read_queens(vm); };
  if (const std::optional<int> ended = read_command_line(
          "queens", cl, args, [&cl] { print_help(cl); }, read))
    return *ended;
  return solve_model("queens", *run.model, run.options, [&run](const RunResult& result) {
    print_queens(run, result);
    return true;
  });
}

}  // namespace csp::cli
