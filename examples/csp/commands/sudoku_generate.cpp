// csp sudoku-generate: puzzles with exactly one solution from which no given can be removed (one per line).
#include <boost/program_options.hpp>
#include <charconv>
#include <iostream>

#include "batch/interrupt.hpp"
#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/generator.hpp"
#ifdef CSP_WITH_MPI
#include "mpi/commands.hpp"
#endif
#include "commands/commands.hpp"
#include "mpi/session.hpp"
#include "options/program_options_message.hpp"

namespace csp::cli {

namespace {

namespace po = boost::program_options;

int usage_error(const std::string& message) {
  if (mpi_rank() != 0) return 2;  // every rank parses the same command line: rank 0 says what is wrong
  std::cerr << "csp sudoku-generate: " << message << "\nRun 'csp sudoku-generate --help' for usage.\n";
  return 2;
}

std::uint64_t parse_number(const std::string& option, const std::string& text, std::uint64_t min) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < min)
    throw Error("--" + option + ": expected a whole number >= " + std::to_string(min) + ", got '" + text + "'");
  return n;
}

}  // namespace

int run_sudoku_generate(const std::vector<std::string>& args) {
  po::options_description opts("Options");
  opts.add_options()("help,h", "show this help")("box",
                                                 po::value<std::string>()->value_name("RxC")->default_value("3x3"),
                                                 "box shape: 2x2 (4x4 grid), 2x3 (6x6), 3x3 (9x9), 4x4 (16x16), ...")(
      "count", po::value<std::string>()->value_name("N")->default_value("1"), "how many puzzles")(
      "seed", po::value<std::string>()->value_name("S")->default_value("1"),
      "puzzle i (1-based) uses seed S+i-1: the same seed gives the same puzzle on any machine")(
      "symmetry", po::value<std::string>()->value_name("KIND")->default_value("none"),
      "none, or rotational (givens symmetric under a 180-degree turn; minimal per symmetric pair)");
  po::variables_map vm;
  try {
    // No positional argument: an extra word is refused (boost: "too many positional options"), as csp zebra does.
    po::store(po::command_line_parser(args).options(opts).positional(po::positional_options_description{}).run(), vm);
    po::notify(vm);
    if (vm.count("help") != 0) {
      std::cout
          << "Usage: csp sudoku-generate [--box RxC] [--count N] [--seed S] [--symmetry none|rotational]\n\n"
             "Prints puzzles, one per line ('.' = empty, 1-9 then A-W for 10-32: grids up to 32x32), each with\n"
             "exactly one solution and minimal: removing any given (or symmetric pair) makes the solution not\n"
             "unique. A box shape that is not the default of its size (3x2 for 6x6, 4x3 for 12x12, any 10x10, ...)\n"
             "is written first as the comment line '# box RxC', which csp sudoku, ablate and graph read.\n\n"
          << help_text(opts)
          << "\nExit status: 0 done, 2 usage error, 130 / 143 stopped by SIGINT / SIGTERM (the puzzles made so far\n"
             "are whole lines; the count is on standard error).\n"
          << "\nExample:\n  csp sudoku-generate --box 2x3 --count 50 --seed 1 > puzzles/generated_6x6.txt\n";
      return 0;
    }
    const models::BoxShape box = models::parse_box(vm["box"].as<std::string>());
    const std::uint64_t count = parse_number("count", vm["count"].as<std::string>(), 1);
    const std::uint64_t seed = parse_number("seed", vm["seed"].as<std::string>(), 0);
    const models::Symmetry symmetry = models::parse_symmetry(vm["symmetry"].as<std::string>());
    // A shape the reader would not guess from the cell count (3x2 for 6x6, any 10x10, ...) is written first as a
    // comment the reader understands, so that the puzzles keep their shape on a round trip (csp sudoku FILE).
    if (models::default_box(box.size()) != box && mpi_rank() == 0)
      std::cout << "# box " << models::to_string(box) << '\n';
#ifdef CSP_WITH_MPI
    if (mpi_active()) return run_generate_mpi(box, count, seed, symmetry);
#endif
    // SIGINT / SIGTERM: the puzzles made so far are whole lines; the command stops before the next one (as csp
    // sudoku stops at a result boundary), says how many it made and exits 128 + the signal.
    catch_interrupts();
    std::uint64_t made = 0;
    try {
      for (; made < count; ++made) {
        check_interrupt();
        std::cout << models::to_line(models::generate_sudoku(box, seed + made, symmetry)) << '\n' << std::flush;
      }
    } catch (const Interrupted& e) {
      std::cerr << "csp sudoku-generate: interrupted by " << e.signal_name() << ": " << made << " of " << count
                << (count == 1 ? " puzzle made\n" : " puzzles made\n");
      return e.exit_status();
    }
    return 0;
  } catch (po::error& e) {
    return usage_error(program_options_message(e));
  } catch (const Error& e) {
    return usage_error(e.what());
  }
}

}  // namespace csp::cli
