// Plumbing shared by the model subcommands: command line, usage errors, file checks, search and its report.
#include "commands/model_command.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "batch/interrupt.hpp"
#include "csp/core/errors.hpp"
#include "csp/graph/tree_solver.hpp"  // registers "tree" and "cutset" with csp::solve
#include "csp/models/sudoku/format.hpp"
#include "options/algorithm_options.hpp"
#include "options/program_options_message.hpp"
#include "output/printable.hpp"
#include "output/run_observers.hpp"
#include "output/why_unsat_output.hpp"

namespace po = boost::program_options;

namespace csp::cli {

po::variables_map parse_command_line(const std::vector<std::string>& args, const po::options_description& options,
                                     const po::positional_options_description& positional) {
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
    po::notify(vm);
  } catch (po::error& e) {
    throw UsageError(program_options_message(e));
  }
  return vm;
}

SearchDefaults model_search_defaults(const std::string& name) {
  SearchDefaults d;
  d.model = models::catalog_entry(name).defaults;
  return d;
}

ModelCommandLine::ModelCommandLine(const SearchDefaults& defaults, std::string positional)
    : defaults_(defaults), positional_name_(std::move(positional)) {
  add_search_options(search, output, defaults);
  add_algorithm_options(search);
}

po::variables_map ModelCommandLine::parse(const std::vector<std::string>& args) {
  if (!closed_) {
    output.add_options()("help,h", "print this help");
    visible_.add(model).add(search).add(output);
    all_.add(visible_);
    if (!positional_name_.empty()) {
      po::options_description hidden;
      hidden.add_options()(positional_name_.c_str(), po::value<std::string>());
      all_.add(hidden);
      positional_.add(positional_name_.c_str(), 1);
    }
    closed_ = true;
  }
  return parse_command_line(args, all_, positional_);
}

std::optional<int> read_command_line(const std::string& command, ModelCommandLine& cl,
                                     const std::vector<std::string>& args, const std::function<void()>& help,
                                     const std::function<void(const po::variables_map&)>& read,
                                     const std::function<std::string(std::string)>& reword) {
  try {
    const po::variables_map vm = cl.parse(args);
    if (vm.count("help") != 0) {
      help();
      return 0;
    }
    read(vm);
  } catch (const UsageError& e) {
    return usage_error(command, reword ? reword(e.what()) : std::string(e.what()));
  }
  return std::nullopt;
}

std::string without_trailing_spaces(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    const bool newline = end != std::string::npos;
    if (!newline) end = text.size();
    std::size_t last = end;
    while (last > start && text[last - 1] == ' ') --last;
    out.append(text, start, last - start);
    if (newline) out.push_back('\n');
    start = end + 1;
  }
  return out;
}

std::string help_text(const po::options_description& options) {
  std::ostringstream out;
  out << options;
  return without_trailing_spaces(out.str());
}

int usage_error(const std::string& command, const std::string& message) {
  std::cerr << "csp " << command << ": " << printable(message) << "\nRun 'csp " << command << " --help' for usage.\n";
  return 2;
}

std::string unreadable(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    return std::string("cannot read '").append(path).append("': it is a directory");
  std::ifstream in(path);
  if (!in) return std::string("cannot read '").append(path).append("': ").append(std::strerror(errno));
  return "";
}

SolverConfig config_now(const SearchOptions& options) {
  SolverConfig config = options.config;
  if (options.timeout_ms <= 0) return config;
  // --timeout holds for the whole command: the search gets what is left of it (at least 1 us, since 0 means none).
  using std::chrono::microseconds;
  const auto left = std::chrono::duration_cast<microseconds>(std::chrono::milliseconds(options.timeout_ms) -
                                                             (std::chrono::steady_clock::now() - options.started));
  config.limits.time_limit = std::max(left, microseconds(1));
  return config;
}

RunSpec run_spec(const SearchOptions& options) {
  RunSpec spec;
  spec.algorithm = options.algorithm;
  spec.search = config_now(options);
  spec.local = options.local;
  return spec;
}

std::unique_ptr<models::BuiltModel> build_model(const std::string& name, const models::CatalogInputs& inputs,
                                                const models::BuildChoices& choices) {
  try {
    const std::vector<models::CatalogInstance> instances = models::catalog_instances(name, inputs);
    if (instances.empty()) throw UsageError("no instance of '" + name + "' in the input");
    const models::CatalogInstance& first = instances.front();
    if (!first.valid()) throw UsageError(first.name + ": " + first.error);
    return first.build(choices);
  } catch (const Error& e) {
    throw UsageError(e.what());
  }
}

RunSpec run_spec(const SearchOptions& options, const models::BuiltModel& model) {
  RunSpec spec = run_spec(options);
  spec.verify = [&model](const Assignment& a) { return model.verify(a); };  // the model's rules, not the CSP
  return spec;
}

RunResult solve(const Problem& problem, const SearchOptions& options, RunSpec spec) {
  // SIGINT / SIGTERM stop the search as a limit does ("limit reached (interrupted)"): the command prints what it
  // found (the solutions counted so far, --least's best colouring) and exit_status gives 128 + the signal.
  catch_interrupts();
  spec.search.limits.interrupt = interrupt_flag();
  if (spec.algorithm != "backtracking") return csp::solve(problem, spec);
  RunObservers observers(options.trace, false, std::cout, options.tree_file, [](Value v) { return std::to_string(v); });
  spec.search.observer = observers.observer();
  RunResult result = csp::solve(problem, spec);
  observers.finish();
  return result;
}

RunResult solve(const Problem& problem, const SearchOptions& options) {
  return solve(problem, options, run_spec(options));
}

bool report_wrong_solution(const std::string& command, const RunResult& result) {
  if (result.stop != StopReason::wrong_solution) return false;
  std::cerr << "csp " << command << ": internal error: wrong solution (" << printable(result.wrong) << ")\n";
  return true;
}

std::string ending(const RunResult& result, const SearchOptions& options) {
  switch (result.stop) {
    case StopReason::step_limit:
      return "gave up after " + std::to_string(result.stats.assignments) + " steps (a local search proves nothing)";
    case StopReason::node_limit:
      return std::string("limit reached (node limit ")
          .append(std::to_string(options.config.limits.node_limit))
          .append(")");
    case StopReason::time_limit:
      return std::string("limit reached (timeout ").append(std::to_string(options.timeout_ms)).append(" ms)");
    case StopReason::interrupted:
      return "limit reached (interrupted)";
    case StopReason::callback:
      return "stopped by the solution callback";
    case StopReason::wrong_solution:
      return "a solution failed its check (a bug): " + result.wrong;
    case StopReason::complete:
    case StopReason::solution_cap:
      break;
  }
  return "no solution (the search is complete: a proof)";
}

std::string count_text(const RunResult& result, const SearchOptions& options, const std::string& one,
                       const std::string& many) {
  std::string out = std::to_string(result.solution_count).append(" ").append(result.solution_count == 1 ? one : many);
  const std::uint64_t cap = options.config.max_solutions;
  if (result.status == Status::limit_reached) return out.append(" before the ").append(ending(result, options));
  if (cap != 0 && result.solution_count >= cap)
    return out.append(" (stopped at --max-solutions ").append(std::to_string(cap)).append(")");
  return out;
}

void write_stats(std::ostream& out, const SearchResult& result, const SearchOptions& options) {
  if (!options.stats) return;
  out << "statistics: status=" << to_string(result.status) << ' ' << result.stats << '\n';
}

void write_stats(std::ostream& out, const RunResult& result, const SearchOptions& options) {
  write_stats(out, static_cast<const SearchResult&>(result), options);
  if (!options.stats || result.algorithm_counters.empty()) return;
  out << result.algorithm << ':';
  for (const auto& counter : result.algorithm_counters) out << ' ' << counter.first << '=' << counter.second;
  out << '\n';
}

int exit_status(const SearchResult& result) {
  if (result.stop == StopReason::interrupted && interrupt_signal() != 0) return 128 + interrupt_signal();
  return result.status == Status::solved ? 0 : 1;
}

std::optional<models::BoxShape> read_box_option(const po::variables_map& vm) {
  if (vm.count("box") == 0) return std::nullopt;
  try {
    return models::parse_box(vm["box"].as<std::string>());
  } catch (const ModelError& e) {
    throw UsageError(std::string("--box: ") + e.what());
  }
}

void count_all_when(const po::variables_map& vm, const char* name, SearchOptions& options) {
  if (vm[name].as<bool>()) options.config.max_solutions = 0;
}

int solve_model(const std::string& command, const models::BuiltModel& model, const SearchOptions& options,
                const PrintRun& print, const AfterRun& after) {
  const Problem& problem = model.problem();
  if (const std::string why = algorithm_refusal(problem, options); !why.empty()) return usage_error(command, why);
  const RunResult result = solve(problem, options, run_spec(options, model));
  if (report_wrong_solution(command, result)) return 1;
  const bool printed = print(result);
  if (options.why_unsat) {  // stopped by SIGINT / SIGTERM as the search is: then exit_status says 128 + the signal
    RunSpec spec = run_spec(options);
    spec.search.limits.interrupt = interrupt_flag();
    write_why_unsat(std::cout, problem, model_parts(problem), result, spec);
  }
  write_stats(std::cout, result, options);
  if (after) after(result);
  if (options.why_unsat && interrupt_signal() != 0) return 128 + interrupt_signal();
  return printed ? exit_status(result) : 1;
}

}  // namespace csp::cli
