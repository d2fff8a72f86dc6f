// libFuzzer harness of `csp ablate`'s command line (parse_ablate_options: models, grid dimensions, limits, files),
// in-process. Input: the arguments after "ablate", one per line. Checks what run_ablate relies on: only
// ablation::InputError is thrown (it prints the message, exit 2); options parsed name a model and at least one
// thread, and their JSON header can be written.
#include "fuzz_support.hpp"
#include "options/ablate_options.hpp"

using csp::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::string> args = csp::fuzz::as_arguments(data, size);
  std::optional<csp::cli::AblateOptions> options;
  try {
    const csp::fuzz::SilentStdout silent;  // --help
    options = csp::cli::parse_ablate_options(args);
  } catch (const csp::ablation::InputError& e) {
    require(*e.what() != '\0', "an empty input error");
    return 0;
  }
  if (!options) return 0;
  require(!options->model.empty(), "no model");
  require(options->jobs >= 1, "no thread");
  (void)options->to_json().dump(-1, ' ', false,
                                nlohmann::ordered_json::error_handler_t::replace);  // as report.cpp writes it
  return 0;
}
