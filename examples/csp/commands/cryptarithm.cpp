// csp cryptarithm "SEND+MORE=MONEY": letters are digits (AIMA 4th ed. §6.1.3); one solution, or all with --all.
#include <boost/program_options.hpp>
#include <iostream>

#include "commands/commands.hpp"
#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/cryptarithm.hpp"
#include "options/algorithm_options.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

// Prints `csp cryptarithm --help`.
void print_help(const ModelCommandLine& cl) {
  std::cout << "Usage: csp cryptarithm \"WORD+WORD...=WORD\" [OPTIONS]\n\n"
               "Solves a cryptarithm (AIMA 4th ed. §6.1.3): each letter A-Z stands for a different digit, no\n"
               "word of two or more letters starts with 0, and the addition holds; words of any length.\n"
               "Modelled as one all-different and one linear sum (one sum per column, with carries, past 10\n"
               "letters). Prints the addition in digits, e.g.\n"
               "9567 + 1085 = 10652; every solution is checked on the numbers before it is printed.\n"
            << help_text(cl.visible())
            << "\nExit status: 0 solved, 1 no solution or a limit stopped the search, 2 usage error (bad puzzle\n"
               "text, unknown option or name), 130 / 143 SIGINT / SIGTERM stopped the search (what it found is\n"
               "printed first).\n\n"
               "Examples:\n"
               "  csp cryptarithm SEND+MORE=MONEY              9567 + 1085 = 10652\n"
               "  csp cryptarithm \"TWO + TWO = FOUR\" --all     7 solutions\n"
               "  csp cryptarithm SEND+MORE=MONEY --max-solutions 2 --stats   proves the solution unique\n";
}

// What csp cryptarithm runs: the search options and the catalogue's model.
struct CryptarithmRun {
  SearchOptions options;
  std::unique_ptr<models::BuiltModel> model;
};

// Reads the options and builds the catalogue's cryptarithm (csp/models/catalog.hpp): its check adds up the numbers
// (verify_cryptarithm), its picture is the addition in digits. Throws UsageError.
CryptarithmRun read_cryptarithm(const po::variables_map& vm) {
  CryptarithmRun run;
  if (vm.count("puzzle") == 0) throw UsageError("give the puzzle, e.g. 'csp cryptarithm SEND+MORE=MONEY'");
  const std::string text = vm["puzzle"].as<std::string>();
  try {
    models::parse_cryptarithm(text);  // a malformed text is named as the command's own usage error
  } catch (const ModelError& e) {
    throw UsageError(e.what());
  }
  models::CatalogInputs inputs;
  inputs.puzzles = {text};
  models::BuildChoices choices;
  choices.alldiff = read_all_different_mode(vm);
  run.options = read_search_options(vm);
  count_all_when(vm, "all", run.options);
  run.model = build_model("cryptarithm", inputs, choices);
  return run;
}

}  // namespace

int run_cryptarithm(const std::vector<std::string>& args) {
  ModelCommandLine cl(model_search_defaults("cryptarithm"), "puzzle");
  add_all_different_option(cl.model, cl.defaults().model.alldiff, "the letters");
  cl.output.add_options()("all", po::bool_switch(), "print every solution and their count (--max-solutions 0)");
  CryptarithmRun run;
  const auto read = [&run](const po::variables_map& vm) { run = read_cryptarithm(vm); };
  if (const std::optional<int> ended = read_command_line(
          "cryptarithm", cl, args, [&cl] { print_help(cl); }, read))
    return *ended;
  // Every solution is checked and printed as it is found (none is kept in memory).
  run.options.config.keep_solutions = 0;
  run.options.config.on_solution = [&](const Assignment& a) {
    std::cout << run.model->picture(a);
    return true;
  };
  return solve_model("cryptarithm", *run.model, run.options, [&](const RunResult& result) {
    if (result.solution_count == 0) {
      std::cout << ending(result, run.options) << '\n';
    } else if (run.options.config.max_solutions != 1) {
      std::cout << count_text(result, run.options, "solution", "solutions")
                << (run.options.config.max_solutions == 0 && result.status != Status::limit_reached ? " (all)" : "")
                << '\n';
    }
    return true;
  });
}

}  // namespace csp::cli
