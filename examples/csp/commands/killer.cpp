// csp killer FILE: a Killer Sudoku (cages of different digits with a sum) from the text format of
// models/include/csp/models/killer_sudoku.hpp; prints the solved grid.
#include <boost/program_options.hpp>
#include <iostream>

#include "commands/commands.hpp"
#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/killer_sudoku.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/picture.hpp"
#include "csp/models/text_input.hpp"
#include "options/algorithm_options.hpp"
#include "output/picture_output.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

// Adds the killer options to the command line: --alldiff (Model) and --picture (Output).
void add_killer_options(ModelCommandLine& cl) {
  add_all_different_option(cl.model, cl.defaults().model.alldiff, "units and cages");
  cl.output.add_options()("picture", po::value<std::string>()->value_name("FILE"),
                          "draw the grid in FILE.svg (or FILE.png, with cairo): boxes, the cages dashed with their "
                          "sums, the solution's digits in blue (the empty grid when there is no solution)");
}

// Prints `csp killer --help`.
void print_help(const ModelCommandLine& cl) {
  std::cout << "Usage: csp killer FILE [OPTIONS]\n\n"
               "Solves a Killer Sudoku: a Sudoku with an empty grid whose cages hold different digits adding up\n"
               "to the cage's sum. FILE format ('#' starts a comment):\n"
               "  box 2x2        the shape RxC of one box (2x2: a 4x4 grid; 3x3: 9x9; grids up to 32x32)\n"
               "  aabb           N rows of N cage labels (letters or digits; '.' = no cage)\n"
               "  cddb\n"
               "  ceff\n"
               "  gehh\n"
               "  a 3 b 9 c 5 d 5 e 4 f 7 g 4 h 3     a sum per cage, 'LABEL SUM' pairs\n"
               "Prints the solved grid; it is checked against the rules before it is printed.\n"
            << help_text(cl.visible())
            << "\nExit status: 0 solved, 1 no solution or a limit stopped the search, 2 usage error (unknown\n"
               "option or name, unreadable or malformed file, a --picture name that does not end in .svg or\n"
               ".png or whose folder is missing, or a picture that cannot be written), 130 / 143 SIGINT / SIGTERM\n"
               "stopped the search (what it found is printed first).\n\n"
               "Examples:\n"
               "  csp killer puzzles/killer_4x4.txt                  the sample shipped in puzzles/\n"
               "  csp killer cages.txt\n"
               "  csp killer cages.txt --max-solutions 2 --stats    tells a unique solution from several\n"
               "  csp killer puzzles/killer_4x4.txt --picture killer.svg   the solved grid with its cages\n";
}

// What csp killer runs: the search options, the catalogue's model and, with --picture, the target and the puzzle.
struct KillerRun {
  SearchOptions options;
  std::unique_ptr<models::BuiltModel> model;
  PictureTarget picture;
  models::KillerSudoku puzzle;  // for the picture only (the catalogue builds the model)
};

// A puzzle file as read: its name (as the messages give it) and its text.
struct PuzzleText {
  std::string name;
  std::string text;
};

// Reads the puzzle file `path`, opened once (a FIFO too), at most 1 MiB (a 32x32 puzzle takes about 10 KiB):
// /dev/zero ends with a message. Throws UsageError ("cannot read 'PATH': reason").
PuzzleText read_puzzle_text(const std::string& path) {
  models::TextInput input(path, models::kMaxKillerFileBytes);
  if (!input.open_error().empty()) throw UsageError(input.open_error());
  PuzzleText file{input.name(), input.read_all()};
  if (const std::string why = input.read_error(); !why.empty()) throw UsageError(why);
  return file;
}

// Reads the options and the file, and builds the catalogue's killer (csp/models/catalog.hpp), which parses it
// ("FILE: reason" when malformed); its check is the rules (check_killer_solution), its picture the solved grid.
// Throws UsageError.
KillerRun read_killer(const po::variables_map& vm) {
  if (vm.count("file") == 0) throw UsageError("give a Killer Sudoku file, e.g. 'csp killer cages.txt'");
  const PuzzleText file = read_puzzle_text(vm["file"].as<std::string>());
  models::CatalogInputs inputs;
  inputs.files = {file.name};
  inputs.contents = {file.text};
  models::BuildChoices choices;
  choices.alldiff = read_all_different_mode(vm);
  KillerRun run;
  run.options = read_search_options(vm);
  run.model = build_model("killer", inputs, choices);
  if (vm.count("picture") != 0) {
    run.picture = parse_picture_target(vm["picture"].as<std::string>());
    run.puzzle = models::parse_killer_sudoku(file.text);  // the catalogue has read it already: it parses
  }
  return run;
}

// Prints the run: why there is no solution, or (with --max-solutions K > 1 "unique" or the count, then) the grid.
void print_killer(const KillerRun& run, const RunResult& result) {
  if (result.solutions.empty()) {
    std::cout << ending(result, run.options) << '\n';
    return;
  }
  if (run.options.config.max_solutions != 1) {
    const bool exact_one = result.solution_count == 1 && result.status == Status::solved && result.complete;
    std::cout << (exact_one ? std::string("unique") : count_text(result, run.options, "solution", "solutions")) << '\n';
  }
  std::cout << run.model->picture(result.solutions.front());
}

// With --picture: draws the grid with its cages and the first solution's digits (the empty grid without one).
void draw_killer(const KillerRun& run, const RunResult& result) {
  if (!run.picture) return;
  std::optional<models::SudokuGrid> solution;
  if (!result.solutions.empty()) solution = models::to_grid(run.puzzle, result.solutions.front());
  PictureSink sink(run.picture);
  sink.add(1, models::killer_picture(run.puzzle, solution));
  sink.finish();
}

}  // namespace

int run_killer(const std::vector<std::string>& args) {
  ModelCommandLine cl(model_search_defaults("killer"), "file");
  add_killer_options(cl);
  KillerRun run;
  const auto read = [&run](const po::variables_map& vm) { run = read_killer(vm); };
  if (const std::optional<int> ended = read_command_line(
          "killer", cl, args, [&cl] { print_help(cl); }, read))
    return *ended;
  return solve_model(
      "killer", *run.model, run.options,
      [&run](const RunResult& result) {
        print_killer(run, result);
        return true;
      },
      [&run](const RunResult& result) { draw_killer(run, result); });
}

}  // namespace csp::cli
