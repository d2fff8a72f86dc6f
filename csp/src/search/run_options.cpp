// The run options: one row per option of a RunSpec. The csp program, the Python module and the study derive their
// options from this table; adding an option is adding a row here.
#include "csp/search/run_options.hpp"

#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <system_error>

#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/search/restarts.hpp"
#include "csp/search/solve.hpp"

namespace csp {

std::vector<std::string> branching_names() { return {std::begin(kBranchingNames), std::end(kBranchingNames)}; }
std::vector<std::string> backjumping_names() { return {std::begin(kBackjumpingNames), std::end(kBackjumpingNames)}; }

namespace {

std::uint64_t count_of(const char* option, const std::string& text) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range && end == text.data() + text.size())
    throw OptionValueError(option, "is too large: '" + text + "' is above the maximum " +
                                       std::to_string(std::numeric_limits<std::uint64_t>::max()));
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
    throw OptionValueError(option, "expects a whole number, got '" + text + "'");
  return v;
}

double number_of(const char* option, const std::string& text) {
  double v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v))
    throw OptionValueError(option, "expects a number, got '" + text + "'");
  return v;
}

bool flag_of(const char* option, const std::string& text) {
  if (text == "on") return true;
  if (text == "off") return false;
  throw OptionValueError(option, "expects on or off, got '" + text + "'");
}

// A number in its shortest spelling that reads back as the same double.
std::string number_text(double v) {
  char buffer[32];
  const auto written = std::to_chars(buffer, buffer + sizeof buffer, v);
  return {buffer, written.ptr};
}

std::string flag_text(bool on) { return on ? "on" : "off"; }

std::vector<std::string> off_on() { return {"off", "on"}; }

using K = OptionKind;
using G = OptionGroup;

// The table. Order: the csp program's --help order (search options, then --algorithm and min-conflicts' options).
const RunOption kRunOptions[] = {
    {"var", K::name, G::backtracking, "NAME", "variable ordering", "", "mrv",
     [] { return variable_orderings().names(); },
     [](RunSpec& s, const std::string& t) { s.search.variable_ordering = parse_variable_ordering(t); },
     [](const RunSpec& s) { return s.search.variable_ordering.name(); }, false},
    {"val", K::name, G::backtracking, "NAME", "value ordering", "", "lcv", [] { return value_orderings().names(); },
     [](RunSpec& s, const std::string& t) { s.search.value_ordering = parse_value_ordering(t); },
     [](const RunSpec& s) { return s.search.value_ordering.name(); }, false},
    {"inference", K::name, G::backtracking, "NAME", "inference after each assignment", "", "fc",
     [] { return inferences().names(); },
     [](RunSpec& s, const std::string& t) { s.search.inference = parse_inference(t); },
     [](const RunSpec& s) { return s.search.inference; }, false},
    {"max-solutions", K::count, G::backtracking, "K",
     "stop after K solutions: 1 finds one, 2 tells unique from multiple, 0 counts all", "", "0", nullptr,
     [](RunSpec& s, const std::string& t) { s.search.max_solutions = count_of("max-solutions", t); },
     [](const RunSpec& s) { return std::to_string(s.search.max_solutions); }, false},
    {"keep-solutions", K::count, G::backtracking, "K",
     "keep at most K solutions in the result, the rest only counted (unset: every one; 0: none)", "", "2", nullptr,
     [](RunSpec& s, const std::string& t) {
       if (t.empty())
         s.search.keep_solutions.reset();
       else
         s.search.keep_solutions = count_of("keep-solutions", t);
     },
     [](const RunSpec& s) { return s.search.keep_solutions ? std::to_string(*s.search.keep_solutions) : ""; }, true},
    {"node-limit", K::count, G::limits, "N", "give up after N assignments", "", "1000", nullptr,
     [](RunSpec& s, const std::string& t) { s.search.limits.node_limit = count_of("node-limit", t); },
     [](const RunSpec& s) { return std::to_string(s.search.limits.node_limit); }, false},
    {"timeout", K::number, G::limits, "SECONDS", "give up after this many seconds", " (0: no limit)", "2.5", nullptr,
     [](RunSpec& s, const std::string& t) {
       const double seconds = number_of("timeout", t);
       if (!(seconds >= 0)) throw OptionValueError("timeout", "expects seconds >= 0, got '" + t + "'");
       s.search.limits.time_limit = std::chrono::microseconds(static_cast<long long>(std::llround(seconds * 1e6)));
     },
     [](const RunSpec& s) {
       const auto us = std::chrono::duration_cast<std::chrono::microseconds>(s.search.limits.time_limit).count();
       return number_text(static_cast<double>(us) / 1e6);
     },
     false},
    {"seed", K::count, G::run, "N",
     "seed of the random choices: random tie-breaking of the variable and value orderings and --val random (0, the "
     "default: ties by order)",
     "", "7", nullptr, [](RunSpec& s, const std::string& t) { s.search.seed = s.local.seed = count_of("seed", t); },
     [](const RunSpec& s) { return std::to_string(s.search.seed); }, false},
    {"ac3", K::flag, G::backtracking, "", "run AC-3 once before search", "", "on", off_on,
     [](RunSpec& s, const std::string& t) { s.search.ac3_preprocess = flag_of("ac3", t); },
     [](const RunSpec& s) { return flag_text(s.search.ac3_preprocess); }, false},
    {"pc2", K::flag, G::backtracking, "",
     "run PC-2 on the binary constraints once before search, then AC-3 (at most 1024 variables and n*n*d*d up to "
     "2^24)",
     "", "on", off_on, [](RunSpec& s, const std::string& t) { s.search.pc2_preprocess = flag_of("pc2", t); },
     [](const RunSpec& s) { return flag_text(s.search.pc2_preprocess); }, false},
    {"restarts", K::name, G::backtracking, "NAME", "restart strategy",
     " (restart at a failure cutoff; use with --seed, --var dom-wdeg or --learning)", "luby",
     [] { return restart_strategies().names(); },
     [](RunSpec& s, const std::string& t) { s.search.restarts = parse_restarts(t); },
     [](const RunSpec& s) { return s.search.restarts; }, false},
    {"restart-base", K::count, G::backtracking, "N",
     "failures before the first restart (Luby unit, first geometric cutoff; lcg's Luby unit in conflicts; default "
     "100)",
     "", "50", nullptr, [](RunSpec& s, const std::string& t) { s.search.restart_base = count_of("restart-base", t); },
     [](const RunSpec& s) { return std::to_string(s.search.restart_base); }, false},
    {"restart-factor", K::number, G::backtracking, "F", "growth of the geometric cutoff, above 1 (default 1.5)", "",
     "2", nullptr, [](RunSpec& s, const std::string& t) { s.search.restart_factor = number_of("restart-factor", t); },
     [](const RunSpec& s) { return number_text(s.search.restart_factor); }, false},
    {"branching", K::name, G::backtracking, "NAME", "how a node branches",
     " (d-way: one child per value, AIMA Fig. 6.5; binary: x = v, then x != v propagated and the variable chosen "
     "again, as MiniZinc's int_search in Gecode; split: x <= m, then x > m, m the middle of x's values, "
     "indomain_split; reverse-split: x > m first); none with --backjump cbj, the splits not with --trace or --tree",
     "binary", branching_names, [](RunSpec& s, const std::string& t) { s.search.branching = parse_branching(t); },
     [](const RunSpec& s) { return s.search.branching; }, false},
    {"backjump", K::name, G::backtracking, "NAME", "backjumping",
     " (none: chronological; cbj: conflict-directed, AIMA 6.3.3, with --inference none, fc or mac)", "cbj",
     backjumping_names, [](RunSpec& s, const std::string& t) { s.search.backjumping = parse_backjumping(t); },
     [](const RunSpec& s) { return s.search.backjumping; }, false},
    {"learning", K::count, G::backtracking, "N",
     "with --backjump cbj: record nogoods of at most N variables on dead ends (0: off); they are kept across "
     "restarts",
     "", "5", nullptr,
     [](RunSpec& s, const std::string& t) { s.search.learning = static_cast<std::size_t>(count_of("learning", t)); },
     [](const RunSpec& s) { return std::to_string(s.search.learning); }, false},
    {"assign-fixed", K::flag, G::backtracking, "",
     "assign a variable the inference leaves with one value without a search decision (csp fzn's nodes)", "", "on",
     off_on, [](RunSpec& s, const std::string& t) { s.search.assign_fixed = flag_of("assign-fixed", t); },
     [](const RunSpec& s) { return flag_text(s.search.assign_fixed); }, false},
    {"check-solutions", K::flag, G::run, "",
     "check every solution against the problem's constraints before it is counted (default: on)", "", "off", off_on,
     [](RunSpec& s, const std::string& t) { s.check_solutions = flag_of("check-solutions", t); },
     [](const RunSpec& s) { return flag_text(s.check_solutions); }, false},
    {"algorithm", K::name, G::run, "NAME", "algorithm",
     " (backtracking: the options above; lcg: clause learning over domain literals, AIMA §6.3.3 as SAT solvers do "
     "it, its own search order; min-conflicts: local search, AIMA Fig. 6.8, a solution or 'gave up', never a "
     "proof; tree: the tree-CSP solver, AIMA Fig. 6.11: binary constraints, a constraint graph without cycles; "
     "cutset: cutset conditioning, AIMA §6.5.1: a greedy cycle cutset, each consistent assignment of it then the "
     "tree solver). All but backtracking find one solution.",
     "min-conflicts", [] { return algorithms().names(); },
     [](RunSpec& s, const std::string& t) { s.algorithm = algorithms().get(t).name; },
     [](const RunSpec& s) { return s.algorithm; }, false},
    {"max-steps", K::count, G::local, "N", "min-conflicts: give up after N steps (default 100000)", "", "500", nullptr,
     [](RunSpec& s, const std::string& t) { s.local.max_steps = count_of("max-steps", t); },
     [](const RunSpec& s) { return std::to_string(s.local.max_steps); }, false},
    {"walk", K::number, G::local, "P",
     "min-conflicts: random walk: with probability P (0..1) a step gives the variable a random value", "", "0.1",
     nullptr, [](RunSpec& s, const std::string& t) { s.local.walk_probability = number_of("walk", t); },
     [](const RunSpec& s) { return number_text(s.local.walk_probability); }, false},
    {"tabu", K::count, G::local, "T",
     "min-conflicts: a variable does not return to a value it left in the last T steps, unless that sets a new "
     "least number of conflicts (tabu search, Glover)",
     "", "10", nullptr, [](RunSpec& s, const std::string& t) { s.local.tabu_tenure = count_of("tabu", t); },
     [](const RunSpec& s) { return std::to_string(s.local.tabu_tenure); }, false},
    {"weighting", K::flag, G::local, "",
     "min-conflicts: constraint weighting (breakout, Morris 1993): at a local minimum every violated constraint "
     "weighs one more",
     "", "on", off_on, [](RunSpec& s, const std::string& t) { s.local.weighting = flag_of("weighting", t); },
     [](const RunSpec& s) { return flag_text(s.local.weighting); }, false},
    {"restart-after", K::count, G::local, "N",
     "min-conflicts: start again from a new greedy start after N steps without a new least number of conflicts", "",
     "1000", nullptr, [](RunSpec& s, const std::string& t) { s.local.restart_after = count_of("restart-after", t); },
     [](const RunSpec& s) { return std::to_string(s.local.restart_after); }, false},
};

}  // namespace

std::span<const RunOption> run_options() { return kRunOptions; }

const RunOption* find_run_option(std::string_view name) {
  for (const RunOption& o : kRunOptions) {
    const std::string_view n = o.name;
    bool same = n.size() == name.size();
    for (std::size_t i = 0; same && i < n.size(); ++i) same = n[i] == name[i] || (n[i] == '-' && name[i] == '_');
    if (same) return &o;
  }
  return nullptr;
}

const RunOption& run_option(std::string_view name) {
  if (const RunOption* o = find_run_option(name)) return *o;
  std::string joined;
  for (const RunOption& o : kRunOptions) joined += (joined.empty() ? "" : ", ") + std::string(o.name);
  throw UnknownNameError("unknown run option '" + std::string(name) + "' (valid: " + joined + ")");
}

std::string keyword(const RunOption& option) {
  std::string out = option.name;
  for (char& c : out)
    if (c == '-') c = '_';
  return out;
}

std::string help_line(const RunOption& option) {
  std::string out = option.help;
  if (option.kind == OptionKind::name) {
    out += ": ";
    const std::vector<std::string> names = option.values();
    for (std::size_t i = 0; i < names.size(); ++i) out += (i == 0 ? "" : ", ") + names[i];
  }
  return out + option.detail;
}

}  // namespace csp
