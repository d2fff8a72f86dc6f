// --algorithm and the min-conflicts flags: the option group, its checks and the refusals.
#include "options/algorithm_options.hpp"

#include <boost/program_options.hpp>
#include <charconv>
#include <vector>

#include "commands/model_command.hpp"
#include "csp/core/errors.hpp"
#include "csp/graph/constraint_graph.hpp"
#include "csp/graph/tree_solver.hpp"  // registers "tree" and "cutset" with csp::solve (and --algorithm)
#include "csp/search/run_options.hpp"
#include "csp/search/solve.hpp"

namespace po = boost::program_options;

namespace csp::cli {

namespace {

// The flags that apply to backtracking only: its run options (those the program declares), --node-limit,
// --consistency, --trace and --tree. lcg reads two of them: --node-limit (its decisions) and --restart-base (the unit
// of its Luby restarts, in conflicts).
std::vector<std::string> backtracking_flags(const std::string& algorithm) {
  std::vector<std::string> out;
  const auto lcg_reads = [&](std::string_view name) {
    return algorithm == "lcg" && (name == "node-limit" || name == "restart-base");
  };
  for (const RunOption& row : run_options())
    if (row.group == OptionGroup::backtracking && !lcg_reads(row.name)) out.emplace_back(row.name);
  for (const char* name : {"node-limit", "consistency", "trace", "tree"})
    if (!lcg_reads(name)) out.emplace_back(name);
  return out;
}

bool given(const po::variables_map& vm, const std::string& name) {
  if (vm.count(name) == 0 || vm[name].defaulted()) return false;
  const boost::any& v = vm[name].value();
  if (const bool* b = boost::any_cast<bool>(&v)) return *b;  // a switch is always stored
  return true;
}

double parse_probability(const std::string& text) {
  double p = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), p);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !(p >= 0.0 && p <= 1.0))
    throw UsageError("--walk expects a probability from 0 to 1, got '" + text + "'");
  return p;
}

// A cycle of the constraint graph as variable names "X - Y - Z - X" (a depth-first search: an edge to a variable
// still on the path closes one); "" when the graph is a forest. A long cycle shows its first and last variables.
}  // namespace

void add_algorithm_options(po::options_description& search) {
  // --algorithm (its names from csp::algorithms()) and min-conflicts' run options, in the table's order.
  for (const RunOption& row : run_options()) {
    const bool algorithm = std::string_view(row.name) == "algorithm";
    if (!algorithm && row.group != OptionGroup::local) continue;
    add_run_option(search, row, help_line(row),
                   algorithm ? std::optional<std::string>(row.get(RunSpec{})) : std::nullopt);
  }
}

void refuse_backtracking_flags(const po::variables_map& vm, const std::string& algorithm) {
  if (algorithm == "backtracking") return;
  for (const std::string& name : backtracking_flags(algorithm))
    if (given(vm, name))
      throw UsageError(std::string("--").append(name).append(" has no effect with --algorithm ").append(algorithm));
}

void read_algorithm_options(const po::variables_map& vm, SearchOptions& o) {
  RunSpec spec;
  spec.search = o.config;
  spec.local = o.local;
  const RunOption& algorithm = run_option("algorithm");
  try {
    algorithm.set(spec, vm["algorithm"].as<std::string>());
  } catch (const UnknownNameError& e) {
    throw UsageError(std::string("--algorithm: ").append(e.what()));
  }
  o.algorithm = spec.algorithm;
  refuse_backtracking_flags(vm, o.algorithm);
  if (o.algorithm != "min-conflicts") {
    for (const RunOption& row : run_options())
      if (row.group == OptionGroup::local && given(vm, row.name))
        throw UsageError(std::string("--").append(row.name).append(" needs --algorithm min-conflicts"));
    return;
  }
  // min-conflicts' run options, each checked as the program checks numbers: --max-steps at least 1, --walk a
  // probability, --tabu at most 1000000.
  for (const RunOption& row : run_options()) {
    if (row.group != OptionGroup::local || vm.count(row.name) == 0) continue;
    const std::string_view name = row.name;
    std::string text;
    if (row.kind == OptionKind::flag) {
      text = vm[row.name].as<bool>() ? "on" : "off";
    } else if (name == "walk") {
      text = vm[row.name].as<std::string>();
      (void)parse_probability(text);
    } else {
      const std::uint64_t n = parse_count(row.name, vm[row.name].as<std::string>(), name != "max-steps");
      if (name == "tabu" && n > 1000000) throw UsageError("--tabu must be at most 1000000");
      text = std::to_string(n);
    }
    row.set(spec, text);
  }
  o.local = spec.local;
  o.local.seed = o.seed.value_or(1);
}

std::string algorithm_refusal(const Problem& problem, const SearchOptions& options) {
  const std::string& a = options.algorithm;
  if (a == "backtracking") return "";
  if (options.config.max_solutions != 1 && !algorithms().get(a).fn.counts)
    return "--algorithm " + a +
           " finds one solution: counting (--max-solutions, --count, --all) needs backtracking or lcg";
  if (a != "tree") return "";
  for (ConstraintId c = 0; c < problem.constraint_count(); ++c) {
    const Constraint& con = problem.constraint(c);
    if (con.scope().size() > 2)
      return "--algorithm tree takes constraints of one or two variables; '" + con.name() + "' has " +
             std::to_string(con.scope().size()) + " (use --algorithm cutset or backtracking)";
  }
  if (const std::string cycle = find_cycle_text(problem); !cycle.empty())
    return "--algorithm tree: the constraint graph has a cycle: " + cycle + "; use --algorithm cutset";
  return "";
}

}  // namespace csp::cli
