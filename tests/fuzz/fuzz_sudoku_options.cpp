// libFuzzer harness of `csp sudoku`'s command line (parse_sudoku_options, Boost.Program_options), in-process.
// Input: the arguments after "sudoku", one per line. Checks what run_sudoku relies on: only UsageError is thrown
// (it prints the message, exit 2); options parsed are usable: the strategy names validate, 1 <= jobs <= 1024
// (--trace: 1), --explain and --grade exclude each other, the format name matches the format.
#include "fuzz_support.hpp"
#include "options/sudoku_options.hpp"

using csp::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> args = csp::fuzz::as_arguments(data, size);
  std::optional<csp::cli::SudokuOptions> options;
  try {
    const csp::fuzz::SilentStdout silent;  // --help
    options = csp::cli::parse_sudoku_options(args);
  } catch (const csp::cli::UsageError& e) {
    require(*e.what() != '\0', "an empty usage error");
    return 0;
  }
  if (!options) return 0;  // --help
  const csp::cli::SudokuOptions& o = *options;
  o.search.config.validate();  // throws (uncaught: a crash) for an unknown strategy name
  require(o.jobs >= 1 && (o.jobs <= 1024 || !o.search.trace), "--jobs outside 1..1024");
  require(!o.search.trace || o.jobs == 1, "--trace with more than one job");
  require(!(o.explain && o.grade), "--explain and --grade together");
  require(!o.techniques.empty(), "no technique");
  const char* names[] = {"line", "pretty", "candidates", "json"};
  require(o.format_name == names[static_cast<int>(o.format)], "--format name and format differ");
  if (o.box) require(o.box->size() >= 2 && o.box->size() <= csp::models::kMaxSudokuSize, "--box outside 2..32");
  return 0;
}
