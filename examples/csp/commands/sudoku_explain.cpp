// csp sudoku --explain / --grade: the human solver's step log, and grades with a technique table per file.
#include "commands/sudoku_explain.hpp"

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "batch/interrupt.hpp"
#include "batch/puzzle_files.hpp"
#include "batch/sudoku_solve.hpp"
#include "csp/core/errors.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/human_solver.hpp"
#include "csp/models/sudoku/io.hpp"
#include "csp/models/sudoku/picture.hpp"
#include "output/output.hpp"
#include "output/picture_output.hpp"
#include "output/printable.hpp"

namespace csp::cli {

namespace {

using models::HumanOutcome;
using models::Technique;
using nlohmann::json;

// How often each technique fired over a file, and how the puzzles ended.
struct FileTally {
  int puzzles = 0;
  int graded = 0;
  int without_search = 0;
  int multiple = 0;
  int unsolvable = 0;
  int invalid = 0;
  int limit_reached = 0;
  std::vector<long> steps = std::vector<long>(models::all_techniques().size(), 0);
  std::vector<int> used_by = std::vector<int>(models::all_techniques().size(), 0);
  std::vector<int> hardest = std::vector<int>(models::all_techniques().size(), 0);
};

json cell_digits(const models::CandidateGrid& g, const std::vector<models::CellDigit>& list) {
  json out = json::array();
  for (const models::CellDigit& cd : list)
    out.push_back({{"cell", models::cell_name(g, cd.cell)}, {"digit", cd.digit}});
  return out;
}

std::string percent(int part, int whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", whole == 0 ? 0.0 : 100.0 * part / whole);
  return buf;
}

std::string padded(std::string s, std::size_t width, bool right = false) {
  if (s.size() >= width) return s;
  return right ? std::string(width - s.size(), ' ').append(s) : s.append(width - s.size(), ' ');
}

std::string outcome_words(const models::HumanSolveResult& r) {
  switch (r.outcome) {
    case HumanOutcome::solved:
      return "solved by techniques alone";
    case HumanOutcome::searched:
      return std::string("techniques stuck with ")
          .append(std::to_string(r.empty_when_stuck))
          .append(" empty cells; search finished in ")
          .append(std::to_string(r.search_assignments))
          .append(" assignments");
    case HumanOutcome::stuck:
      return std::string("techniques stuck with ").append(std::to_string(r.empty_when_stuck)).append(" empty cells");
    case HumanOutcome::contradiction:
      return "no solution";
  }
  return "?";
}

// Why the listed techniques that assume one solution were not used ("" when none was skipped).
std::string uniqueness_note(const models::HumanSolveResult& r, const std::vector<Technique>& techniques) {
  std::vector<std::string> names;
  for (Technique t : techniques)
    if (models::assumes_unique_solution(t)) names.push_back(models::to_string(t));
  if (r.uniqueness_assumed || names.empty()) return "";
  std::string why = "a search limit stopped the count of solutions";
  if (r.solutions_counted)
    why = *r.solutions_counted == 0 ? "the puzzle has no solution" : "the puzzle has several solutions";
  std::string list;
  for (const std::string& n : names) list.append(list.empty() ? "" : ", ").append(n);
  return list.append(" not used: it assumes exactly one solution, and ").append(why);
}

// Why the record is invalid: the reader's reason, or contradictory givens (as plain solving says); "" when valid.
std::string invalid_reason(const models::PuzzleRecord& rec) {
  return rec.ok() ? contradictory_givens(*rec.grid) : rec.reason;
}

// JSON text of `j`, with invalid UTF-8 (a bad byte of the input) replaced instead of throwing.
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// --picture: the solved grid, and each step drawn on the grid it applies to (its candidates, the eliminated ones struck out), then applied.
void draw_steps(const models::SudokuGrid& puzzle, const models::HumanSolveResult& r, int index, PictureSink& sink) {
  sink.add(index, models::sudoku_picture(puzzle, r.solution), 0);  // the solution (or the puzzle when none)
  models::CandidateGrid grid(puzzle);
  for (std::size_t i = 0; i < r.steps.size(); ++i) {
    const models::Step& s = r.steps[i];
    const std::string title =
        std::string("Step ").append(std::to_string(i + 1)).append(": ").append(models::display_name(s.technique));
    sink.add(index, models::step_picture(puzzle, grid, s, title), static_cast<int>(i + 1));
    models::apply(grid, s);
  }
}

void explain_one(const models::PuzzleRecord& rec, int index, const SudokuOptions& options, bool& ok,
                 PictureSink& pictures) {
  const bool as_json = options.format == OutputFormat::json;
  if (const std::string why = invalid_reason(rec); !why.empty()) {
    ok = false;
    if (as_json) {
      std::cout << dump(json{{"puzzle", index}, {"source", rec.location()}, {"result", "invalid"}, {"detail", why}})
                << '\n';
    } else {
      std::cout << "Puzzle " << index << " (" << rec.location()
                << "): " << (rec.ok() ? models::to_line(*rec.grid) : printable(rec.text)) << "\nResult: invalid ("
                << rec.location() << ": " << printable(why) << ")\n\n";
    }
    return;
  }
  const models::SudokuGrid& puzzle = *rec.grid;
  models::HumanSolverOptions solver;
  solver.techniques = options.techniques;
  solver.search_limits = options.search.config.limits;
  const models::HumanSolveResult r = models::human_solve(puzzle, solver);
  const models::CandidateGrid names(models::SudokuGrid{puzzle.box, std::vector<int>(puzzle.cells.size(), 0)});
  if (r.outcome == HumanOutcome::contradiction || !r.solution) ok = false;
  if (options.picture) draw_steps(puzzle, r, index, pictures);
  if (!as_json) std::cout << "Puzzle " << index << " (" << rec.location() << "): " << models::to_line(puzzle) << '\n';
  for (std::size_t i = 0; i < r.steps.size(); ++i) {
    const models::Step& s = r.steps[i];
    const std::string text = models::describe(names, s);
    if (as_json) {
      json cells = json::array();
      for (int c : s.cells) cells.push_back(models::cell_name(names, c));
      std::cout << json{{"puzzle", index},
                        {"step", i + 1},
                        {"technique", models::to_string(s.technique)},
                        {"cells", cells},
                        {"digits", s.digits},
                        {"placed", cell_digits(names, s.placements)},
                        {"removed", cell_digits(names, s.eliminations)},
                        {"text", text}}
                << '\n';
    } else {
      std::cout << i + 1 << ". " << text << '\n';
    }
  }
  const std::string skipped = uniqueness_note(r, options.techniques);
  if (as_json) {
    std::cout << json{{"puzzle", index},
                      {"source", rec.location()},
                      {"result", models::to_string(r.outcome)},
                      {"steps", r.steps.size()},
                      {"search_cells", r.empty_when_stuck},
                      {"uniqueness_assumed", r.uniqueness_assumed},
                      {"solution", r.solution ? json(models::to_line(*r.solution)) : json(nullptr)}}
              << '\n';
  } else {
    if (!skipped.empty()) std::cout << "Note: " << skipped << '\n';
    std::cout << "Result: " << outcome_words(r) << '\n';
    if (r.solution) std::cout << "Solution: " << models::to_line(*r.solution) << '\n';
    std::cout << '\n';
  }
}

void grade_one(const models::PuzzleRecord& rec, const SudokuOptions& options, FileTally& tally, bool& ok) {
  const bool as_json = options.format == OutputFormat::json;
  json j = {{"source", rec.location()}};
  std::string line = rec.ok() ? models::to_line(*rec.grid) : printable(rec.text);
  if (const std::string why = invalid_reason(rec); !why.empty()) {
    ++tally.invalid;
    ok = false;
    j["grade"] = "invalid";
    j["detail"] = why;
    line.append(" invalid (").append(rec.location()).append(": ").append(printable(why)).append(")");
  } else {
    models::HumanSolverOptions solver;
    solver.techniques = options.techniques;
    solver.search_limits = options.search.config.limits;
    const models::Grade g = models::grade_puzzle(*rec.grid, solver);
    if (g.limit_reached) {
      ++tally.limit_reached;
      ok = false;
      j["grade"] = "limit-reached";
      line.append(" limit-reached: the search limit stopped the count of solutions, not graded");
    } else if (g.solutions == 0) {
      ++tally.unsolvable;
      ok = false;
      j["grade"] = "unsolvable";
      line.append(" unsolvable: no solution, not graded");
    } else if (g.solutions > 1) {
      ++tally.multiple;  // has a solution: counts as solved for the exit status, as in plain solving
      j["grade"] = "multiple";
      line.append(" multiple: several solutions, not graded");
    } else {
      const models::HumanSolveResult& r = *g.solve;
      ++tally.graded;
      if (!g.needs_search()) ++tally.without_search;
      json fired = json::object();
      for (std::size_t t = 0; t < r.fired.size(); ++t) {
        tally.steps[t] += r.fired[t];
        if (r.fired[t] > 0) {
          ++tally.used_by[t];
          fired[models::to_string(models::all_techniques()[t])] = r.fired[t];
        }
      }
      const std::string hardest = r.hardest ? models::to_string(*r.hardest) : "none";
      if (r.hardest) ++tally.hardest[models::technique_rank(*r.hardest)];
      j["grade"] = "graded";
      j["hardest"] = hardest;
      j["search"] = g.needs_search();
      j["steps"] = r.steps.size();
      j["fired"] = fired;
      line.append(" hardest=")
          .append(hardest)
          .append(g.needs_search() ? " search=yes" : " search=no")
          .append(" steps=")
          .append(std::to_string(r.steps.size()));
      if (g.needs_search()) line.append(" empty-when-stuck=").append(std::to_string(r.empty_when_stuck));
    }
  }
  if (as_json) {
    std::cout << dump(j) << '\n';
  } else {
    std::cout << line << '\n';
  }
}

void write_tally(const std::string& file, const FileTally& t, const SudokuOptions& options) {
  const auto& all = models::all_techniques();
  if (options.format == OutputFormat::json) {
    json table = json::object();
    for (std::size_t i = 0; i < all.size(); ++i)
      table[models::to_string(all[i])] = {{"steps", t.steps[i]}, {"puzzles", t.used_by[i]}, {"hardest", t.hardest[i]}};
    std::cout << json{{"file", file},           {"puzzles", t.puzzles},
                      {"graded", t.graded},     {"without_search", t.without_search},
                      {"multiple", t.multiple}, {"unsolvable", t.unsolvable},
                      {"invalid", t.invalid},   {"limit_reached", t.limit_reached},
                      {"techniques", table}}
              << '\n';
    return;
  }
  std::cout << "\nTechnique analysis of " << file << ": " << t.puzzles << (t.puzzles == 1 ? " puzzle, " : " puzzles, ")
            << t.graded << " graded";
  if (t.multiple > 0) std::cout << ", " << t.multiple << " with several solutions";
  if (t.unsolvable > 0) std::cout << ", " << t.unsolvable << " without solution";
  if (t.invalid > 0) std::cout << ", " << t.invalid << " invalid";
  if (t.limit_reached > 0) std::cout << ", " << t.limit_reached << " stopped by a search limit";
  std::cout << "\n"
            << padded("technique", 17) << padded("steps", 8, true) << padded("puzzles", 9, true)
            << padded("hardest", 9, true) << '\n';
  for (Technique tech : options.techniques) {
    const std::size_t i = models::technique_rank(tech);
    std::cout << padded(models::to_string(tech), 17) << padded(std::to_string(t.steps[i]), 8, true)
              << padded(std::to_string(t.used_by[i]), 9, true) << padded(std::to_string(t.hardest[i]), 9, true) << '\n';
  }
  std::cout << "Solved without search: " << t.without_search << " of " << t.graded << " ("
            << percent(t.without_search, t.graded) << ")\n";
}

}  // namespace

int run_explain(const std::vector<std::string>& files, const SudokuOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  bool ok = true;
  int status = 0;
  int index = 0;
  int total = 0;
  FileTally tally;
  PictureSink pictures(options.picture);
  catch_interrupts();
  std::string interrupted_by;
  try {
    status = read_puzzle_files(
        files, options.box,
        [&](models::PuzzleRecord& record) {
          check_interrupt();
          ++total;
          ++tally.puzzles;
          const bool grade = options.grade;
          if (!grade) ++index;
          try {
            if (grade)
              grade_one(record, options, tally, ok);
            else
              explain_one(record, index, options, ok, pictures);
          } catch (const Error& e) {
            // A puzzle the human solver cannot take: reported as invalid with its file:line; the batch goes on.
            models::PuzzleRecord refused = record;
            refused.grid.reset();
            refused.reason = e.what();
            if (grade)
              grade_one(refused, options, tally, ok);
            else
              explain_one(refused, index, options, ok, pictures);
          }
          if (standard_output_failed()) throw OutputError(finish_standard_output());
        },
        [&](const std::string& name, std::size_t /*puzzles*/) {
          if (options.grade) write_tally(name, tally, options);
          tally = FileTally{};
        });
    pictures.finish();
  } catch (const Interrupted& e) {
    // The puzzle being worked on when the signal came is finished (its lines are whole); no other is started.
    interrupted_by = e.signal_name();
    status = e.exit_status();
  }
  std::cout.flush();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!interrupted_by.empty()) std::cerr << "interrupted by " << interrupted_by << ": ";
  std::cerr << (options.grade ? "graded " : "explained ") << total << (total == 1 ? " puzzle in " : " puzzles in ")
            << std::fixed << std::setprecision(2) << wall << " s\n";
  if (!interrupted_by.empty()) return status;
  if (status != 0) return status;
  return ok ? 0 : 1;
}

}  // namespace csp::cli
