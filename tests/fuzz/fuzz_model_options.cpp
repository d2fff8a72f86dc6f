// libFuzzer harness of the command line shared by the model commands (csp queens, color, cryptarithm, zebra, killer,
// graph): ModelCommandLine, the search options (--var, --val, --inference, --ac3, --max-solutions, --node-limit,
// --timeout, --stats) with their strategy-name parsers, --alldiff, and the per-command values read with
// parse_count (-k, N), parse_box (--box) and parse_technique_list (--techniques). Input: the arguments, one per
// line. Checks: only UsageError (and csp::ModelError / UnknownNameError from parse_box / parse_technique_list,
// which the commands turn into usage errors) is thrown; what is read is usable (the configuration validates).
#include <boost/program_options.hpp>

#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/techniques.hpp"
#include "fuzz_support.hpp"
#include "options/search_options.hpp"

namespace po = boost::program_options;
using csp::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> args = csp::fuzz::as_arguments(data, size);
  csp::cli::SearchDefaults defaults;
  defaults.model_inferences = {{"techniques", "mac", "a model's own inference"}};
  csp::cli::ModelCommandLine cl(defaults, "file");
  cl.model.add_options()("alldiff", po::value<std::string>()->default_value("value"), "all-different mode")(
      "map", po::value<std::string>(), "a bundled map")("colors,k", po::value<std::string>(), "colours")(
      "least", po::bool_switch(), "least K")("formulation", po::value<std::string>()->default_value("binary"),
                                             "queens formulation")("box", po::value<std::string>(), "box shape")(
      "techniques", po::value<std::string>(), "human techniques");
  cl.output.add_options()("count", po::bool_switch(), "count")("all", po::bool_switch(), "all")(
      "dot", po::value<std::string>(), "Graphviz file");
  try {
    const po::variables_map vm = cl.parse(args);
    const csp::cli::SearchOptions search = csp::cli::read_search_options(vm, defaults.model_inferences);
    search.config.validate();  // an unknown name here is a crash: read_search_options must have refused it
    require(search.timeout_ms >= 0, "a negative timeout");
    (void)csp::cli::read_all_different_mode(vm);
    if (vm.count("colors") != 0) (void)csp::cli::parse_count("colors", vm["colors"].as<std::string>(), false);
    if (vm.count("file") != 0) (void)csp::cli::parse_count("N", vm["file"].as<std::string>(), false);
    if (vm.count("box") != 0) {
      const csp::models::BoxShape box = csp::models::parse_box(vm["box"].as<std::string>());
      require(box.rows >= 1 && box.cols >= 1 && box.size() >= 2 && box.size() <= csp::models::kMaxSudokuSize,
              "a box outside 2..32 digits");
    }
    if (vm.count("techniques") != 0) (void)csp::models::parse_technique_list(vm["techniques"].as<std::string>());
  } catch (const csp::cli::UsageError& e) {
    require(*e.what() != '\0', "an empty usage error");
  } catch (const csp::ModelError& e) {  // parse_box
    require(*e.what() != '\0', "an empty error");
  } catch (const csp::UnknownNameError& e) {  // parse_technique_list
    require(*e.what() != '\0', "an empty error");
  }
  return 0;
}
