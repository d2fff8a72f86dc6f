// `csp sudoku` options: Boost.Program_options groups (model / search / output), checks, and the help text.
#include "options/sudoku_options.hpp"

#include <boost/program_options.hpp>
#include <iostream>
#include <sstream>
#include <thread>

#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/sudoku/format.hpp"
#include "options/search_options.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

struct Groups {
  po::options_description model{"Model", kHelpWidth};
  po::options_description search{"Search", kHelpWidth};
  po::options_description output{"Output", kHelpWidth};
  po::options_description general{"General", kHelpWidth};
  po::options_description hidden;
  po::options_description visible{kHelpWidth};  // the four groups, printed with one column width
  po::options_description all;
};

void describe(Groups& g) {
  std::string techniques_help =
      "techniques for --explain, --grade and --inference techniques (refused without one of them), comma-separated, "
      "tried in this order (unique-"
      "rectangle assumes one solution: --explain uses it only after counting one, --inference techniques never): "
      "all";
  for (models::Technique t : models::all_techniques()) techniques_help.append(", ").append(models::to_string(t));
  g.model.add_options()(
      "box", po::value<std::string>()->value_name("RxC"),
      "box shape of every puzzle, e.g. 3x2 (default: from the cell count: 16, 36, 64, 81, 144, 256, 625 cells -> "
      "2x2, 2x3, 2x4, 3x3, 3x4, 4x4, 5x5)");
  // The Sudoku model's defaults (csp/models/catalog.hpp): --var, --val, --inference and --alldiff.
  SearchDefaults defaults = model_search_defaults("sudoku");
  add_all_different_option(g.model, defaults.model.alldiff, "the units", true);
  g.output.add_options()(
      "format", po::value<std::string>()->value_name("FMT")->default_value("line"),
      "line: '<grid> <status> [detail]' per puzzle; pretty: grids with box borders; candidates: Norvig's "
      "candidates after the root inference, then the solution; json: one JSON object per line");
  // --var .. --timeout, and --stats after --format: the options every model command shares (search_options.hpp).
  defaults.model_inferences = models::model_inferences();
  add_search_options(g.search, g.output, defaults);
  g.search.add_options()("algorithm", po::value<std::string>()->value_name("NAME"),
                         "backtracking (the default) only here (min-conflicts, tree and cutset: the other model "
                         "commands; a Sudoku's constraint "
                         "graph has cycles, 'csp graph sudoku FILE' shows its cycle cutset)")(
      "jobs,j", po::value<std::string>()->value_name("N")->default_value("1"),
      "solve N puzzles in parallel (0: one per core); output stays in input order");
  g.output.add_options()(
      "explain", po::bool_switch(),
      "solve like a person: a numbered step log of techniques (cells as rNcM), search only when stuck; with "
      "--format json one object per step. Takes --techniques, --box, --node-limit, --timeout, --format line|json; "
      "the other search and output options are refused")(
      "grade", po::bool_switch(),
      "per puzzle the hardest technique needed and whether search was needed (several solutions: not graded); "
      "per file a table of how often each technique fired; takes the same options as --explain")(
      "techniques", po::value<std::string>()->value_name("LIST")->default_value("all"), techniques_help.c_str())(
      "picture", po::value<std::string>()->value_name("FILE"),
      "draw each puzzle in FILE.svg (or FILE.png, with cairo): givens black, found values blue, thick box lines; "
      "a batch of several puzzles writes FILE-1.svg, FILE-2.svg, ... (the puzzle's place in the output); with "
      "--explain one picture per step, its candidates and the eliminated ones struck out in red: FILE-S.svg, or "
      "FILE-P-S.svg for several puzzles");
  g.general.add_options()("help,h", "print this help");
  g.hidden.add_options()("file", po::value<std::vector<std::string>>());
  g.visible.add(g.model).add(g.search).add(g.output).add(g.general);
  g.all.add(g.visible).add(g.hidden);
}

}  // namespace

std::string sudoku_help() {
  Groups g;
  describe(g);
  std::ostringstream out;
  out << "Usage: csp sudoku [OPTIONS] [FILE...|-]\n\n"
         "Solves every Sudoku puzzle of the files ('-' is standard input; with no file, the bundled\n"
         "puzzles/classic.txt), of any box shape RxC with R*C up to 32 (grids up to 32x32). A file holds one-line\n"
         "puzzles (81 symbols for 9x9: '.', '0', '-', '_', 'x' empty, 1-9 then A-W for 10-32) and/or multi-line\n"
         "pictures separated by blank lines; '#' starts a comment (puzzles/README.md).\n"
         "One result per puzzle goes to standard output, in input order; the summary (counts per status, time,\n"
         "assignments, backtracks) goes to standard error. Every solution is checked before it is printed.\n"
      << g.visible << "\n"
      << "Statuses: solved; unique / multiple (with --max-solutions other than 1); unsolvable; invalid (bad\n"
         "character, wrong number of cells, ambiguous size or contradictory givens, named file:line); limit-reached\n"
         "(with the number of solutions found before it when counting). --explain and --grade use the same words.\n"
         "Exit status: 0 every puzzle has a solution (multiple counts as solved, also with --explain and --grade),\n"
         "1 some puzzle is unsolvable, invalid or hit a limit, 2 usage error (unknown option or strategy, bad value,\n"
         "an option that has no effect with --explain / --grade, a bad --picture: its extension, a missing folder)\n"
         "or a file that cannot be read or holds no puzzle (\"FILE: no puzzle in the file\"): such a file is\n"
         "reported on standard error, the other files are still solved, and the exit status is 2 at the end; a\n"
         "picture that cannot be written stops the batch with status 2.\n"
         "Textbook count: the recursive backtracker of AIMA Fig. 6.5 makes assignments + 1 calls (see --stats).\n\n"
         "Examples:\n"
         "  csp sudoku                                       solve the bundled classic puzzles\n"
         "  csp sudoku --format pretty --stats top95.txt     grids with borders, and the search statistics\n"
         "  csp sudoku --max-solutions 2 puzzles.txt         tell unique puzzles from puzzles with several solutions\n"
         "  csp sudoku --preset textbook --stats hardest.txt  the textbook backtracker (first, natural, none,\n"
         "                                                   binary !=), without propagation\n"
         "  csp sudoku --jobs 4 --timeout 1000 --format json big.txt > results.jsonl\n"
         "  echo 1004041001404001 | csp sudoku --format candidates -\n"
         "  csp sudoku --box 3x2 six_by_six.txt              6x6 puzzles with boxes of 3 rows and 2 columns\n"
         "  csp sudoku --explain puzzles.txt                 a step log of human techniques per puzzle\n"
         "  csp sudoku --picture grid.svg puzzles/generated_6x6.txt   grid-1.svg, grid-2.svg, ...: solved grids\n"
         "  csp sudoku --grade --techniques naked-single,hidden-single,pointing,claiming top95.txt\n"
         "                                                   grades, and how many need search with these only\n"
         "  csp sudoku --inference techniques --stats top95.txt\n"
         "                                                   search with MAC plus the human techniques\n"
         "  csp sudoku --inference probe --timeout 10000 --stats big25x25.txt\n"
         "                                                   MAC plus failed-literal probing of two-candidate "
         "cells\n";
  return without_trailing_spaces(out.str());
}

namespace {

// --alldiff; --preset textbook makes the default the binary != of AIMA's Sudoku.
AllDifferentMode read_alldiff(const po::variables_map& vm) {
  return read_preset(vm) == "textbook" && vm["alldiff"].defaulted() ? parse_all_different_mode("binary")
                                                                    : read_all_different_mode(vm, true);
}

// csp sudoku solves by backtracking only: --algorithm names another with the reason it does not apply.
void check_algorithm(const po::variables_map& vm) {
  const std::string algorithm = vm.count("algorithm") != 0 ? vm["algorithm"].as<std::string>() : "backtracking";
  if (algorithm == "backtracking") return;
  if (algorithm == "tree")
    throw UsageError(
        "--algorithm tree does not apply to a Sudoku: its constraint graph has cycles (every row, "
        "column and box is a clique) and its all-different constraints have more than two variables");
  if (algorithm == "min-conflicts" || algorithm == "cutset" || algorithm == "lcg")
    throw UsageError("--algorithm " + algorithm +
                     ": csp sudoku solves by backtracking only (lcg, min-conflicts and cutset run on "
                     "csp queens, color, cryptarithm, zebra and killer; lcg on csp fzn too)");
  throw UsageError("--algorithm: unknown algorithm '" + algorithm + "' (valid here: backtracking)");
}

// --jobs N (0: one per hardware thread), at most 1024.
unsigned read_jobs(const po::variables_map& vm) {
  const std::uint64_t jobs = parse_count("jobs", vm["jobs"].as<std::string>(), true);
  if (jobs > 1024) throw UsageError("--jobs must be at most 1024");
  return jobs == 0 ? std::max(1U, std::thread::hardware_concurrency()) : static_cast<unsigned>(jobs);
}

// --format line|pretty|candidates|json.
OutputFormat parse_format(const std::string& name) {
  if (name == "line") return OutputFormat::line;
  if (name == "pretty") return OutputFormat::pretty;
  if (name == "candidates") return OutputFormat::candidates;
  if (name == "json") return OutputFormat::json;
  throw UsageError("--format: unknown format '" + name + "' (valid: line, pretty, candidates, json)");
}

// --explain, --grade (not both) and --picture (not with --grade).
void read_modes(const po::variables_map& vm, SudokuOptions& o) {
  o.explain = vm["explain"].as<bool>();
  o.grade = vm["grade"].as<bool>();
  if (o.explain && o.grade) throw UsageError("--explain and --grade cannot be combined");
  if (vm.count("picture") != 0) {
    if (o.grade) throw UsageError("--picture cannot be combined with --grade (it draws solutions and --explain steps)");
    o.picture = parse_picture_target(vm["picture"].as<std::string>());
  }
}

// The human solver (--explain, --grade) uses --techniques, --box, --node-limit and --timeout (its searches), and
// --format line or json: an option that would silently do nothing is refused; without them --techniques applies
// only with --inference techniques.
void check_human_solver_options(const po::variables_map& vm, const SudokuOptions& o) {
  const auto given = [&vm](const char* name) { return vm.count(name) != 0 && !vm[name].defaulted(); };
  if (!o.explain && !o.grade) {
    if (given("techniques") && !(given("inference") && vm["inference"].as<std::string>() == "techniques"))
      throw UsageError("--techniques applies only with --explain, --grade or --inference techniques");
    return;
  }
  const char* mode = o.explain ? "--explain" : "--grade";
  for (const char* name :
       {"preset",        "var",      "val",   "inference", "ac3",          "consistency",   "alldiff",
        "max-solutions", "jobs",     "trace", "tree",      "stats",        "why-unsat",     "branching",
        "backjump",      "learning", "seed",  "restarts",  "restart-base", "restart-factor"})
    if (given(name))
      throw UsageError(
          std::string("--")
              .append(name)
              .append(" cannot be combined with ")
              .append(mode)
              .append(
                  ": it has no effect there (the human solver takes --techniques, --box, --node-limit, --timeout and "
                  "--format line|json)"));
  if (o.format != OutputFormat::line && o.format != OutputFormat::json)
    throw UsageError(std::string("--format ")
                         .append(o.format_name)
                         .append(" cannot be combined with ")
                         .append(mode)
                         .append(": it prints text (line, the default) or json"));
}

// --techniques. With --inference techniques the propagator must keep every solution: it takes the techniques that
// assume one solution out of "all", and refuses them by name.
std::vector<models::Technique> read_techniques(const po::variables_map& vm, bool propagator) {
  const std::string technique_list = vm["techniques"].as<std::string>();
  std::vector<models::Technique> techniques;
  try {
    techniques = models::parse_technique_list(technique_list);
  } catch (const UnknownNameError& e) {
    throw UsageError(std::string("--techniques: ") + e.what());
  }
  if (!propagator) return techniques;
  std::vector<models::Technique> sound;
  for (models::Technique t : techniques) {
    if (!models::assumes_unique_solution(t)) {
      sound.push_back(t);
    } else if (std::string(",")
                   .append(technique_list)
                   .append(",")
                   .find(std::string(",").append(models::to_string(t)).append(",")) != std::string::npos) {
      throw UsageError(std::string("--techniques: ")
                           .append(models::to_string(t))
                           .append(" assumes the puzzle has one solution and cannot be used with --inference "
                                   "techniques (it could remove "
                                   "every solution of a puzzle with several)"));
    }
  }
  return sound;
}

}  // namespace

std::optional<SudokuOptions> parse_sudoku_options(const std::vector<std::string>& args) {
  Groups g;
  describe(g);
  po::positional_options_description positional;
  positional.add("file", -1);
  const po::variables_map vm = parse_command_line(args, g.all, positional);
  if (vm.count("help") != 0) {
    std::cout << sudoku_help();
    return std::nullopt;
  }
  SudokuOptions o;
  if (vm.count("file") != 0) o.files = vm["file"].as<std::vector<std::string>>();
  o.box = read_box_option(vm);
  o.alldiff = read_alldiff(vm);
  o.alldiff_name = to_string(o.alldiff);
  check_algorithm(vm);
  o.search = read_search_options(vm, models::model_inferences());
  o.jobs = read_jobs(vm);
  o.format_name = vm["format"].as<std::string>();
  o.format = parse_format(o.format_name);
  if (o.search.trace || !o.search.tree_file.empty()) o.jobs = 1;  // --trace and --tree imply --jobs 1
  read_modes(vm, o);
  check_human_solver_options(vm, o);
  o.techniques = read_techniques(vm, o.techniques_propagator());
  return o;
}

}  // namespace csp::cli
