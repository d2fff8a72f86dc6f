// csp zebra: AIMA's Zebra (Einstein) puzzle; prints the five houses and who owns the zebra and who drinks water.
#include <boost/program_options.hpp>
#include <iostream>

#include "commands/commands.hpp"
#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "options/algorithm_options.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

// Prints `csp zebra --help`.
void print_help(const ModelCommandLine& cl) {
  std::cout
      << "Usage: csp zebra [OPTIONS]\n\n"
         "Solves the Zebra puzzle (AIMA 4th ed. chapter 6 exercises; aima-python's Zebra): 25 variables, one\n"
         "per colour, nationality, pet, drink and smoke, each valued with its house 1..5. Prints the five\n"
         "houses from the left, then who owns the zebra and who drinks water, read from the solution.\n"
      << help_text(cl.visible())
      << "\nExit status: 0 solved, 1 no solution or a limit stopped the search, 2 usage error, 130 / 143 SIGINT /\n"
         "SIGTERM stopped the search (what it found is printed first).\n\n"
         "Examples:\n"
         "  csp zebra\n"
         "  csp zebra --max-solutions 0 --stats          proves the solution unique\n"
         "  csp zebra --var first --inference none --stats   the textbook backtracker\n";
}

}  // namespace

int run_zebra(const std::vector<std::string>& args) {
  ModelCommandLine cl(model_search_defaults("zebra"));
  add_all_different_option(cl.model, cl.defaults().model.alldiff, "each attribute group (binary: the textbook's)");
  AllDifferentMode mode{};
  SearchOptions options;
  const auto read = [&](const po::variables_map& vm) {
    mode = read_all_different_mode(vm);
    options = read_search_options(vm);
  };
  if (const std::optional<int> ended = read_command_line(
          "zebra", cl, args, [&cl] { print_help(cl); }, read))
    return *ended;

  // The catalogue's zebra (csp/models/catalog.hpp): its check is the clues and the known answer (verify_zebra),
  // its picture the five houses and the two answers.
  models::BuildChoices choices;
  choices.alldiff = mode;
  const std::unique_ptr<models::BuiltModel> model = build_model("zebra", {}, choices);
  return solve_model("zebra", *model, options, [&](const RunResult& result) {
    if (result.solutions.empty()) {
      std::cout << ending(result, options) << '\n';
      return true;
    }
    if (options.config.max_solutions != 1)
      std::cout << count_text(result, options, "solution", "solutions") << "; the first:\n";
    std::cout << model->picture(result.solutions.front());
    return true;
  });
}

}  // namespace csp::cli
