// csp sudoku: read puzzle files as a stream, solve (in parallel with --jobs), print in input order, summarise.
#include <unistd.h>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "csp/models/sudoku/picture.hpp"

#include "batch/batch_summary.hpp"
#include "batch/bundled_puzzles.hpp"
#include "batch/interrupt.hpp"
#include "commands/sudoku_explain.hpp"
#include "output/progress_bar.hpp"
#ifdef CSP_WITH_MPI
#include "mpi/commands.hpp"
#endif
#include "batch/ordered_pool.hpp"
#include "batch/puzzle_files.hpp"
#include "batch/sudoku_solve.hpp"
#include "commands/commands.hpp"
#include "mpi/session.hpp"
#include "options/sudoku_options.hpp"
#include "output/output.hpp"
#include "output/printable.hpp"
#include "output/sudoku_output.hpp"

namespace csp::cli {

namespace {

constexpr const char* kBundledFile = "classic.txt";

int usage_error(const std::string& message) {
  if (mpi_rank() != 0) return 2;  // every rank parses the same command line: rank 0 says what is wrong
  std::cerr << "csp sudoku: " << printable(message) << "\nRun 'csp sudoku --help' for usage.\n";
  return 2;
}

// The number of puzzles of `files` for the progress bar, read before the batch; 0 (unknown) when one is standard
// input or not a regular file (a pipe can be read only once). Unreadable files count nothing: the batch reports them.
std::size_t count_puzzles(const std::vector<std::string>& files, const std::optional<models::BoxShape>& box) {
  std::size_t total = 0;
  for (const std::string& path : files) {
    std::error_code ec;
    if (path == "-" || !std::filesystem::is_regular_file(path, ec)) return 0;
    std::ifstream in(path, std::ios::binary);
    models::PuzzleReader reader(in, path, box);
    models::PuzzleRecord record;
    while (reader.next(record)) ++total;
  }
  return total;
}

// The progress bar of a batch: only when standard error is a terminal, and then over the counted puzzles.
std::unique_ptr<ProgressBar> progress_bar(const std::vector<std::string>& files, const SudokuOptions& options) {
  if (isatty(fileno(stderr)) == 0 || options.search.trace) return nullptr;
  return std::make_unique<ProgressBar>(count_puzzles(files, options.box), stderr, "puzzles");
}

// The puzzle files of the batch: those given, else the bundled classic.txt. Throws UsageError naming the places
// looked in when it is not found.
std::vector<std::string> batch_files(const SudokuOptions& options) {
  if (!options.files.empty()) return options.files;
  const std::optional<std::string> bundled = find_bundled_puzzles(kBundledFile);
  if (!bundled) {
    std::string looked;
    for (const std::string& p : bundled_puzzle_candidates(kBundledFile)) looked += "\n  " + p;
    throw UsageError(std::string("no puzzle file given, and the bundled ") + kBundledFile +
                     " was not found; looked in:" + looked);
  }
  return {*bundled};
}

// Seconds since `start`.
double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Ctrl-C (or SIGTERM) during the batch: every result delivered so far is a whole line on standard output, the
// summary goes to standard error, and the process ends at once (the worker threads may be inside a long search:
// it does not wait for them; the puzzles still running are dropped).
[[noreturn]] void stop_interrupted(const Interrupted& e, const BatchSummary& summary, double seconds) {
  const std::string why = finish_standard_output();
  summary.write(std::cerr, seconds, e.signal_name());
  if (!why.empty()) std::cerr << "csp sudoku: " << why << '\n';
  std::cerr.flush();
  std::_Exit(e.exit_status());
}

// Solves the batch on options.jobs threads, printing each puzzle's result in input order (and its --picture), then
// the summary on standard error. Files are opened one by one as the batch goes (puzzle_files.hpp): an unreadable
// file (or one without a puzzle) is reported on standard error and skipped, the other files are solved, and the exit
// status is 2 at the end; else 0 when every puzzle was solved, 1 otherwise.
int run_batch(const std::vector<std::string>& files, const SudokuOptions& options) {
  catch_interrupts();
  const auto start = std::chrono::steady_clock::now();
  BatchSummary summary;
  int status = 0;
  PictureSink pictures(options.picture);
  int puzzle_index = 0;
  const std::unique_ptr<ProgressBar> bar = progress_bar(files, options);
  {
    OrderedPool<models::PuzzleRecord, PuzzleOutcome> pool(
        options.jobs, 4 * static_cast<std::size_t>(options.jobs) + 8,
        [&options](models::PuzzleRecord& r) { return solve_record(std::move(r), options); },
        [&](PuzzleOutcome& o) {
          write_outcome(std::cout, o, options);
          summary.add(o);
          ++puzzle_index;
          if (options.picture && o.record.grid)
            pictures.add(puzzle_index, models::sudoku_picture(*o.record.grid, o.solution));
          if (bar) bar->tick();
          // A failed standard output (a full disk) stops the batch: main reports it.
          if (standard_output_failed()) throw OutputError(finish_standard_output());
        });
    if (!pool.start_failure().empty()) std::cerr << "csp sudoku: " << pool.start_failure() << '\n';
    pool.set_poll(check_interrupt);
    try {
      status = read_puzzle_files(files, options.box, [&pool](models::PuzzleRecord& r) { pool.submit(std::move(r)); });
      pool.finish();
      if (bar) bar->finish();
      pictures.finish();
    } catch (const Interrupted& e) {
      if (bar) bar->finish();
      stop_interrupted(e, summary, seconds_since(start));
    } catch (const OutputError&) {
      if (bar) bar->finish();
      summary.write(std::cerr, seconds_since(start));
      throw;
    }
  }
  std::cout.flush();
  summary.write(std::cerr, seconds_since(start));
  if (status != 0) return status;
  return summary.all_solved() ? 0 : 1;
}

}  // namespace

int run_sudoku(const std::vector<std::string>& args) {
  std::optional<SudokuOptions> parsed;
  std::vector<std::string> files;
  try {
    parsed = parse_sudoku_options(args);
    if (!parsed) return 0;  // --help
    files = batch_files(*parsed);
  } catch (const UsageError& e) {
    return usage_error(e.what());
  }
  const SudokuOptions& options = *parsed;
  if (options.explain || options.grade) return mpi_rank() == 0 ? run_explain(files, options) : 0;  // one rank
#ifdef CSP_WITH_MPI
  if (mpi_active()) {
    if (options.search.trace) return usage_error("--trace prints every step of one search: run it without mpirun");
    if (options.picture) return usage_error("--picture writes its files from one process: run it without mpirun");
    return run_sudoku_mpi(files, options);
  }
#endif
  return run_batch(files, options);
}

}  // namespace csp::cli
