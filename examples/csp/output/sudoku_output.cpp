// The four output formats of csp sudoku.
#include "output/sudoku_output.hpp"

#include <nlohmann/json.hpp>
#include <sstream>

#include "csp/models/sudoku/format.hpp"
#include "output/printable.hpp"
#include "output/why_unsat_output.hpp"

namespace csp::cli {

namespace {

// The detail in parentheses after the status: the count for multiple; for a puzzle without a printed solution,
// where it is (file:line) and why (the reason, the limit). Bytes of the input quoted in a reason (a bad character)
// are escaped when not printable.
std::string detail_of(const PuzzleOutcome& o) {
  if (o.status == PuzzleStatus::multiple)
    return o.count_exact ? std::to_string(o.solution_count) : std::to_string(o.solution_count).append(" or more");
  if (o.solution) return printable(o.detail);
  std::string out = o.record.location();
  if (!o.detail.empty()) out.append(": ").append(printable(o.detail));
  return out;
}

std::string status_text(const PuzzleOutcome& o) {
  std::string out = to_string(o.status);
  const std::string detail = detail_of(o);
  if (!detail.empty()) out.append(" (").append(detail).append(")");
  return out;
}

std::string stats_text(const PuzzleOutcome& o) {
  std::ostringstream s;
  s << o.stats << " time_us=" << o.micros;
  return s.str();
}

void write_line(std::ostream& out, const PuzzleOutcome& o, const SudokuOptions& options) {
  out << (o.solution ? models::to_line(*o.solution) : std::string("-")) << ' ' << status_text(o);
  if (options.search.stats) out << " | " << stats_text(o);
  out << '\n';
  if (o.why_core) out << why_unsat_text(o.why_parts, *o.why_core, "  ");
  if (o.why_not_asked) out << why_unsat_not_asked(false, "  ");
}

void write_header(std::ostream& out, const PuzzleOutcome& o, const SudokuOptions& options) {
  out << o.record.location() << ": " << to_string(o.status);
  const std::string detail =
      o.status == PuzzleStatus::multiple ? detail_of(o) : printable(o.detail);  // the location is already in front
  if (!detail.empty()) out << " (" << detail << ")";
  out << "  [" << o.stats.assignments << " assignments, " << o.stats.backtracks << " backtracks, " << o.micros
      << " us]\n";
  if (options.search.stats) out << "stats: " << stats_text(o) << '\n';
  if (o.why_core) out << why_unsat_text(o.why_parts, *o.why_core);
  if (o.why_not_asked) out << why_unsat_not_asked(false);
}

void write_pretty(std::ostream& out, const PuzzleOutcome& o, const SudokuOptions& options) {
  write_header(out, o, options);
  if (o.solution) {
    out << models::to_pretty(*o.solution);
  } else if (o.record.ok() && o.status != PuzzleStatus::invalid && o.status != PuzzleStatus::wrong) {
    out << models::to_pretty(*o.record.grid);  // the puzzle that was not solved
  }
  out << '\n';
}

void write_candidates(std::ostream& out, const PuzzleOutcome& o, const SudokuOptions& options) {
  write_header(out, o, options);
  if (o.record.ok() && !o.candidates.empty()) {
    out << "candidates after " << options.inference_name() << " at the root"
        << (o.root_consistent ? "" : " (a domain was wiped out)") << ":\n"
        << models::to_candidates(o.record.grid->box, o.candidates);
  }
  if (o.solution) out << "solution:\n" << models::to_pretty(*o.solution);
  out << '\n';
}

void write_json(std::ostream& out, const PuzzleOutcome& o, const SudokuOptions& options) {
  using nlohmann::json;
  const Statistics& s = o.stats;
  const SolverConfig& c = options.search.config;
  json j = {
      {"source", o.record.source},
      {"line", o.record.line},
      {"input", o.record.text},
      {"status", to_string(o.status)},
      {"solution", o.solution ? json(models::to_line(*o.solution)) : json(nullptr)},
      {"solution_count", o.solution_count},
      {"count_exact", o.count_exact},
      {"time_us", o.micros},
      {"statistics",
       {{"assignments", s.assignments},
        {"backtracks", s.backtracks},
        {"failures", s.failures},
        {"constraint_checks", s.constraint_checks},
        {"revisions", s.revisions},
        {"values_pruned", s.values_pruned},
        {"wipeouts", s.wipeouts},
        {"solutions", s.solutions},
        {"max_depth", s.max_depth},
        {"elapsed_us", s.elapsed_us},
        {"backjumps", s.backjumps},
        {"nogoods", s.nogoods},
        {"restarts", s.restarts}}},
      {"configuration",
       {{"var", c.variable_ordering.name()},
        {"val", c.value_ordering.name()},
        {"inference", options.inference_name()},
        {"ac3", c.ac3_preprocess},
        {"pc2", c.pc2_preprocess},
        {"alldiff", options.alldiff_name},
        {"branching", c.branching},
        {"backjump", c.backjumping},
        {"learning", c.learning},
        {"restarts", c.restarts},
        {"restart_base", c.restart_base},
        {"restart_factor", c.restart_factor},
        {"seed", c.seed},
        {"max_solutions", c.max_solutions},
        {"node_limit", c.limits.node_limit},
        {"timeout_ms", options.search.timeout_ms}}},
  };
  if (!o.detail.empty()) j["detail"] = o.detail;
  if (o.why_core) {
    json parts = json::array();
    for (int p : o.why_core->parts) parts.push_back(o.why_parts[static_cast<std::size_t>(p)].name);
    j["why_unsat"] = {{"verdict", to_string(o.why_core->verdict)},
                      {"parts", parts},
                      {"minimal", o.why_core->minimal},
                      {"checks", o.why_core->checks}};
  }
  if (o.why_not_asked) j["why_unsat"] = {{"verdict", "not-asked"}};
  if (o.record.ok()) {
    j["box"] = models::to_string(o.record.grid->box);
    j["puzzle"] = models::to_line(*o.record.grid);
    if (o.status == PuzzleStatus::invalid) j["error"] = "contradictory-givens";
  } else {
    j["error"] = models::to_string(o.record.error);
  }
  // Replace invalid UTF-8 (a bad byte in the input) instead of throwing.
  out << j.dump(-1, ' ', false, json::error_handler_t::replace) << '\n';
}

}  // namespace

void write_outcome(std::ostream& out, const PuzzleOutcome& outcome, const SudokuOptions& options) {
  switch (options.format) {
    case OutputFormat::line:
      return write_line(out, outcome, options);
    case OutputFormat::pretty:
      return write_pretty(out, outcome, options);
    case OutputFormat::candidates:
      return write_candidates(out, outcome, options);
    case OutputFormat::json:
      return write_json(out, outcome, options);
  }
}

}  // namespace csp::cli
