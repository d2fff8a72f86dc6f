// The csp program: dispatches to its subcommands (csp sudoku, ...), prints --help and --version.
#include <iostream>
#include <new>
#include <string>
#include <system_error>
#include <vector>

#include "commands/commands.hpp"
#include "csp/propagation/pc2.hpp"
#include "mpi/session.hpp"
#include "options/plugin_loader.hpp"
#include "options/usage_error.hpp"
#include "output/output.hpp"
#include "output/printable.hpp"

namespace {

struct Subcommand {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>& args);
};

// Add a subcommand here: its name, one line of help, and its entry point (declared in commands/commands.hpp).
const Subcommand kSubcommands[] = {
    {"sudoku", "solve Sudoku puzzles of any box shape from files (one-line puzzles or pictures)", csp::cli::run_sudoku},
    {"sudoku-generate", "make Sudoku puzzles with one solution and no removable given", csp::cli::run_sudoku_generate},
    {"ablate", "compare strategy configurations (a grid) on a model's instances: table, CSV, JSON, chart",
     csp::cli::run_ablate},
    {"queens", "place N queens that do not attack each other; one board or the number of solutions",
     csp::cli::run_queens},
    {"color", "colour a DIMACS .col graph or the Australia / USA map with K colours, or find the least K",
     csp::cli::run_color},
    {"cryptarithm", "solve a cryptarithm such as SEND+MORE=MONEY (one or all solutions)", csp::cli::run_cryptarithm},
    {"zebra", "solve the Zebra puzzle: who owns the zebra, who drinks water", csp::cli::run_zebra},
    {"killer", "solve a Killer Sudoku (cages with sums) from a text file", csp::cli::run_killer},
    {"fzn", "solve a FlatZinc model (MiniZinc's solver interface: minizinc --solver csp model.mzn)", csp::cli::run_fzn},
    {"graph", "print a model's constraint graph: size, degrees, components, tree; Graphviz with --dot",
     csp::cli::run_graph},
};

void print_help(std::ostream& out) {
  out << "Usage: csp COMMAND [OPTIONS] [ARGS...]\n"
         "       csp --help | --version\n\n"
         "An AIMA chapter-6 constraint-satisfaction engine: backtracking search with MRV, LCV, forward checking,\n"
         "MAC and AC-3, on puzzle models.\n\nCommands:\n";
  for (const Subcommand& c : kSubcommands) {
    const std::string name = c.name;
    out << "  " << name << std::string(name.size() < 18 ? 18 - name.size() : 1, ' ') << c.summary << '\n';
  }
  out << "\nEvery command takes --plugin FILE.so (repeatable): a shared library that registers its own variable or\n"
         "value orderings or inferences, then chosen by name (--var mine), or models for csp ablate and csp graph;\n"
         "see csp/plugin.hpp and csp/models/plugin.hpp.\n"
         "\nRun 'csp COMMAND --help' for the options of a command, e.g. 'csp sudoku --help'.\n"
         "Exit status: 0 success, 1 some input not solved, 2 usage error, unreadable input or an output that could\n"
         "not be written (a full disk), 130 / 143 a batch or a model's search stopped by SIGINT / SIGTERM (csp fzn:\n"
         "0, as MiniZinc expects).\n";
}

// Loads the --plugin files, then runs a subcommand; what escapes it becomes a message and exit status 2 instead of
// an abort.
int run_guarded(const Subcommand& c, const std::vector<std::string>& args) {
  const std::string who = std::string("csp ").append(c.name).append(": ");
  try {
    std::vector<std::string> rest;
    try {
      rest = csp::cli::load_plugins(args);
    } catch (const csp::cli::UsageError& e) {
      std::cerr << who << csp::cli::printable(e.what()) << "\nRun 'csp " << c.name << " --help' for usage.\n";
      return 2;
    }
    return c.run(rest);
  } catch (const csp::cli::OutputError& e) {
    std::cerr << who << csp::cli::printable(e.what()) << '\n';
  } catch (const csp::Pc2TooLargeError& e) {  // --consistency pc2 on a problem above PC-2's limits
    std::cerr << who << csp::cli::printable(e.what()) << '\n';
  } catch (const std::bad_alloc&) {
    std::cerr << who << "out of memory (the input or the options ask for more than this machine gives)\n";
  } catch (const std::system_error& e) {
    std::cerr << who << "system error: " << e.code().message() << " (" << e.what() << ")\n";
  } catch (const std::exception& e) {
    std::cerr << who << "internal error: " << csp::cli::printable(e.what()) << '\n';
  }
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  csp::cli::start_mpi(argc, argv);           // only under mpirun, with CSP_WITH_MPI (docs/scale.md)
  csp::cli::StandardOutput standard_output;  // every write checked; reported once at the end
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    print_help(std::cerr);
    return 2;
  }
  const std::string& first = args[0];
  const auto finish = [&](const std::string& command, int status) {
    if (const std::string why = standard_output.finish(); !why.empty()) {
      std::cerr << command << ": " << why << '\n';
      return 2;
    }
    return status;
  };
  if (first == "--help" || first == "-h" || first == "help") {
    print_help(std::cout);
    return finish("csp", 0);
  }
  if (first == "--version" || first == "-V") {
    std::cout << "csp " << CSP_VERSION << '\n';
    return finish("csp", 0);
  }
  for (const Subcommand& c : kSubcommands)
    if (first == c.name)
      return finish(std::string("csp ").append(c.name),
                    run_guarded(c, std::vector<std::string>(args.begin() + 1, args.end())));
  std::cerr << "csp: unknown command '" << first << "' (valid:";
  for (const Subcommand& c : kSubcommands) std::cerr << ' ' << c.name;
  std::cerr << ")\nRun 'csp --help' for usage.\n";
  return 2;
}
