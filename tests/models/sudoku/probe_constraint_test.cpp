// Failed-literal probing over the grid's rules (SudokuGridConstraint with Probing::bivalue) and the model inference
// "probe" (SudokuProbeConstraint, the grid with probing posted beside the units): it never removes a digit of a solution (an exhaustive oracle on random
// states of 4x4 and 6x6 grids; the known solution along random walks from the shared 9x9 puzzles, where the band and
// the cell-major paths must probe to the same candidates), a refuted candidate of a two-candidate cell leaves it, and
// counts and solutions are those of the model without it, under every all-different posting.
#include "csp/models/sudoku/probe_constraint.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/search/backtracking.hpp"
#include "support/oracle.hpp"
#include "support/sudoku_puzzles.hpp"

namespace csp::models {
namespace {

using Path = SudokuGridConstraint::Path;
using test_support::read_puzzles;
using Words = std::vector<std::uint64_t>;

const std::string kSharedDir = CSP_SHARED_DIR;

std::size_t at(int i) { return static_cast<std::size_t>(i); }

SolverConfig config(const std::string& var, std::uint64_t max_solutions) {
  SolverConfig c = SolverConfig::textbook();
  c.inference = "mac";
  c.variable_ordering = var;
  c.max_solutions = max_solutions;
  return c;
}

std::vector<VarId> all_cells(BoxShape box) {
  std::vector<VarId> cells(at(box.size() * box.size()));
  for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = static_cast<VarId>(i);
  return cells;
}

// ---- the oracle: plain search over candidate words ----------------------------------------------------------------

// Each cell's peers (the other cells of its row, column and box).
std::vector<std::vector<int>> peers_of(BoxShape box) {
  const int n = box.size();
  std::vector<std::vector<int>> peers(at(n * n));
  for (int c = 0; c < n * n; ++c)
    for (int o = 0; o < n * n; ++o) {
      const bool same_box = c / n / box.rows == o / n / box.rows && c % n / box.cols == o % n / box.cols;
      if (o != c && (o / n == c / n || o % n == c % n || same_box)) peers[at(c)].push_back(o);
    }
  return peers;
}

// Completes `digits` (bit index per cell, -1 when open) within the candidate words by search, most constrained cell
// first; calls `found` on each completion until it returns true (then true).
template <class Found>
bool complete(const std::vector<std::vector<int>>& peers, const Words& words, std::vector<int>& digits,
              const Found& found) {
  int best = -1;
  std::uint64_t best_allowed = 0;
  for (std::size_t c = 0; c < words.size(); ++c) {
    if (digits[c] >= 0) continue;
    std::uint64_t allowed = words[c];
    for (int p : peers[c])
      if (digits[at(p)] >= 0) allowed &= ~(std::uint64_t{1} << digits[at(p)]);
    if (allowed == 0) return false;
    if (best < 0 || std::popcount(allowed) < std::popcount(best_allowed)) {
      best = static_cast<int>(c);
      best_allowed = allowed;
    }
  }
  if (best < 0) return found(digits);
  for (std::uint64_t bits = best_allowed; bits != 0; bits &= bits - 1) {
    digits[at(best)] = std::countr_zero(bits);
    if (complete(peers, words, digits, found)) return true;
  }
  digits[at(best)] = -1;
  return false;
}

// Per cell, the digits some solution within `words` gives it (all zero when there is none).
Words supported(BoxShape box, const Words& words) {
  const auto peers = peers_of(box);
  Words out(words.size(), 0);
  for (std::size_t c = 0; c < words.size(); ++c)
    for (std::uint64_t bits = words[c] & ~out[c]; bits != 0; bits &= bits - 1) {
      if ((out[c] >> std::countr_zero(bits) & 1U) != 0) continue;  // a solution found since has it
      Words one = words;
      one[c] = bits & (~bits + 1);
      std::vector<int> digits(words.size(), -1);
      complete(peers, one, digits, [&](const std::vector<int>& d) {
        for (std::size_t k = 0; k < d.size(); ++k) out[k] |= std::uint64_t{1} << d[k];
        return true;
      });
    }
  return out;
}

// Every solution of a puzzle by the oracle.
std::uint64_t oracle_count(const SudokuGrid& puzzle) {
  Words words;
  for (int v : puzzle.cells) words.push_back(v == 0 ? (std::uint64_t{1} << puzzle.size()) - 1 : 1ULL << (v - 1));
  std::vector<int> digits(words.size(), -1);
  std::uint64_t count = 0;
  complete(peers_of(puzzle.box), words, digits, [&](const std::vector<int>&) {
    ++count;
    return false;
  });
  return count;
}

// A random solved grid of `box` and `givens` of its cells.
SudokuGrid random_puzzle(BoxShape box, int givens, std::mt19937& rng) {
  const int n = box.size();
  SudokuGrid g{box, std::vector<int>(at(n * n), 0)};
  const Sudoku empty(g, AllDifferentMode::gac);
  SolverConfig c = config("mrv", 1);
  c.value_ordering = "random";
  c.seed = rng();
  g = empty.to_grid(backtracking_search(empty.problem(), c).solutions.front());
  std::vector<int> cells(at(n * n));
  for (int i = 0; i < n * n; ++i) cells[at(i)] = i;
  std::shuffle(cells.begin(), cells.end(), rng);
  SudokuGrid out{box, std::vector<int>(at(n * n), 0)};
  for (int k = 0; k < givens; ++k) out.cells[at(cells[at(k)])] = g.cells[at(cells[at(k)])];
  return out;
}

Words words_of(const SudokuGrid& g) {
  Words out;
  for (int v : g.cells) out.push_back(v == 0 ? (std::uint64_t{1} << g.size()) - 1 : std::uint64_t{1} << (v - 1));
  return out;
}

// A random candidate of a word with at least one.
int random_digit(std::uint64_t w, std::mt19937& rng) {
  for (int skip = static_cast<int>(rng() % static_cast<unsigned>(std::popcount(w))); skip > 0; --skip) w &= w - 1;
  return std::countr_zero(w);
}

// ---- soundness ----------------------------------------------------------------------------------------------------

// Random states of 4x4 and 6x6 grids (a random puzzle's candidates, then random digits removed, which may leave no
// solution): when a solution is left, probing succeeds and keeps every digit of every solution (the oracle's), and it
// keeps no more than the rules alone.
TEST(SudokuProbing, KeepsEveryDigitOfEverySolutionOnSmallGrids) {
  std::mt19937 rng(20261207);
  const int rounds = test_support::sized(300, 60);
  int solvable = 0;
  int stronger = 0;  // states where probing removed more than the rules
  for (int round = 0; round < rounds; ++round) {
    const BoxShape box = round % 3 == 0 ? BoxShape{2, 2} : round % 3 == 1 ? BoxShape{2, 3} : BoxShape{3, 2};
    const int n = box.size();
    Words state = words_of(random_puzzle(box, n == 4 ? 2 + round % 3 : 6 + round % 6, rng));
    for (int k = static_cast<int>(rng() % static_cast<unsigned>(2 * n * n)); k > 0; --k) {
      const auto c = at(static_cast<int>(rng() % state.size()));
      if (std::popcount(state[c]) > 1) state[c] &= ~(std::uint64_t{1} << random_digit(state[c], rng));
    }
    const Words support = supported(box, state);
    const bool has_solution = std::any_of(support.begin(), support.end(), [](std::uint64_t w) { return w != 0; });
    const SudokuGridConstraint grid(all_cells(box), box);
    const SudokuProbeConstraint prober(all_cells(box), box);
    Words rules = state;
    Words probed = state;
    const bool rules_ok = grid.fixpoint(rules, Path::cell_major);
    const bool probe_ok = prober.fixpoint(probed, Path::cell_major);
    if (!has_solution) continue;
    ++solvable;
    ASSERT_TRUE(rules_ok && probe_ok) << "round " << round;
    for (std::size_t c = 0; c < state.size(); ++c) {
      ASSERT_EQ(probed[c] & support[c], support[c]) << "round " << round << " cell " << c << ": a solution's digit";
      ASSERT_EQ(probed[c] & ~rules[c], 0U) << "round " << round << " cell " << c;
    }
    stronger += probed != rules ? 1 : 0;
  }
  EXPECT_GT(solvable, rounds / 4);
  EXPECT_GT(stronger, 0) << "probing must remove more than the rules somewhere";
}

// The 9x9 puzzles the band path is checked on: top95 and hardest whole, 50 of each sample.
std::vector<SudokuGrid> shared_9x9(std::size_t sample) {
  std::vector<SudokuGrid> out;
  for (const auto& [name, limit] : {std::pair<std::string, std::size_t>{"top95.txt", 0},
                                    {"hardest.txt", 0},
                                    {"17_clue_sample1000.txt", sample},
                                    {"forum_hardest_1905_11plus_sample1000.txt", sample}}) {
    const std::string path = kSharedDir + "/puzzles/" + name;
    if (!std::filesystem::exists(path)) continue;
    for (SudokuGrid& g : read_puzzles(path, limit))
      if (g.box.rows == 3 && g.box.cols == 3) out.push_back(std::move(g));
  }
  return out;
}

// Both paths probe `cells` to the same outcome and candidates; returns the outcome, the candidates in `cells`.
bool same_probing(const SudokuProbeConstraint& prober, Words& cells, const std::string& what) {
  Words band = cells;
  const bool generic_ok = prober.fixpoint(cells, Path::cell_major);
  const bool band_ok = prober.fixpoint(band, Path::fastest);
  EXPECT_EQ(band_ok, generic_ok) << what;
  if (generic_ok && band_ok) {
    EXPECT_EQ(band, cells) << what;
  }
  return generic_ok;
}

// Each shared 9x9 puzzle, then states along a random walk from it: digits that are not the solution's removed
// (probing must keep the solution), and now and then a side step placing any digits (the two paths must still
// agree).
TEST(SudokuProbing, KeepsTheSolutionAndBothPathsAgreeOn9x9) {
  const std::vector<SudokuGrid> puzzles = shared_9x9(static_cast<std::size_t>(test_support::sized(50, 10)));
  if (puzzles.empty()) GTEST_SKIP() << "no puzzle files in " << kSharedDir << "/puzzles";
  const SudokuGridConstraint grid(all_cells(BoxShape{3, 3}), BoxShape{3, 3});
  const SudokuProbeConstraint prober(all_cells(BoxShape{3, 3}), BoxShape{3, 3});
  std::mt19937 rng(5);
  int stronger = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const Sudoku model(puzzles[i], AllDifferentMode::grid);
    const SearchResult solved = backtracking_search(model.problem(), config("mrv", 1));
    ASSERT_EQ(solved.solution_count, 1U);
    const SudokuGrid solution = model.to_grid(solved.solutions.front());
    const std::string what = "puzzle " + to_line(puzzles[i]);
    Words state = words_of(puzzles[i]);
    for (int step = 0; step < test_support::sized(12, 3); ++step) {
      const bool keeps_solution = step % 3 != 2;
      Words next = state;
      for (int k = 1 + static_cast<int>(rng() % 6); k > 0; --k) {
        const auto c = at(static_cast<int>(rng() % 81));
        const std::uint64_t right = std::uint64_t{1} << (solution.cells[c] - 1);
        if (keeps_solution && next[c] != right) next[c] &= ~(std::uint64_t{1} << random_digit(next[c] & ~right, rng));
        if (!keeps_solution && std::popcount(next[c]) > 1) next[c] = std::uint64_t{1} << random_digit(next[c], rng);
      }
      Words rules = next;
      const bool rules_ok = grid.fixpoint(rules, Path::cell_major);
      const bool ok = same_probing(prober, next, what + " step " + std::to_string(step));
      if (keeps_solution) {
        ASSERT_TRUE(ok) << what << " step " << step;
        for (std::size_t c = 0; c < 81; ++c)
          ASSERT_NE(next[c] >> (solution.cells[c] - 1) & 1U, 0U) << what << " step " << step << " cell " << c;
      }
      stronger += ok && rules_ok && rules != next ? 1 : 0;
      if (keeps_solution) state = next;  // the walk goes on from states that hold the solution
    }
  }
  EXPECT_GT(stronger, 0) << "probing must remove more than the rules somewhere";
}

// ---- a refuted candidate ------------------------------------------------------------------------------------------

// A 4x4 state at the rules' fixpoint (found by search over random states) whose cell r1c1 holds {1, 3}: placing 1
// there lets the rules fail, so probing takes 1 from it, through SudokuGridConstraint::fixpoint and through the
// propagator in a store.
TEST(SudokuProbing, TakesARefutedCandidateFromATwoCandidateCell) {
  // Bit d-1 for digit d, row-major: every cell open.
  const Words state = {0x5, 0x7, 0xF, 0xF, 0xE, 0xF, 0x7, 0x7, 0x9, 0xF, 0xD, 0xF, 0xF, 0xA, 0x7, 0xF};
  const BoxShape box{2, 2};
  const SudokuGridConstraint grid(all_cells(box), box);
  Words rules = state;
  ASSERT_TRUE(grid.fixpoint(rules, Path::cell_major));
  ASSERT_EQ(rules, state) << "the rules alone remove nothing";
  Words placed = rules;
  placed[0] = 0x1;
  EXPECT_FALSE(grid.fixpoint(placed, Path::cell_major)) << "1 in r1c1 fails by the rules";
  Words probed = state;
  ASSERT_TRUE(SudokuProbeConstraint(all_cells(box), box).fixpoint(probed, Path::cell_major));
  EXPECT_EQ(probed[0], 0x4U);
  EXPECT_EQ(supported(box, state)[0], 0x4U) << "the oracle agrees";

  // The same through the propagator, from these domains.
  SudokuGrid blank{box, std::vector<int>(16, 0)};
  Sudoku model(blank, AllDifferentMode::value);
  const SudokuProbeConstraint& probe = post_probe(model);
  Statistics stats;
  Store store(model.problem(), stats);
  for (int c = 0; c < 16; ++c) ASSERT_TRUE(store.keep_word(c, 0, state[at(c)], nullptr));
  ASSERT_TRUE(probe.propagate(store));
  EXPECT_EQ(store.domain(0).word(0), 0x4U);
  EXPECT_EQ(probe.count_ruled_out(store, 0, 0), 0) << "redundant: LCV counts the units";
}

// ---- counts and solutions -----------------------------------------------------------------------------------------

// Solutions of `model` (mac, `var`, every one kept): each checked against the puzzle's rules and givens.
std::uint64_t checked_count(const Sudoku& model, const SudokuGrid& puzzle, SolverConfig c) {
  const SearchResult r = backtracking_search(model.problem(), c);
  for (const Assignment& a : r.solutions) EXPECT_EQ(check_solution(puzzle, model.to_grid(a)), "") << to_line(puzzle);
  return r.solution_count;
}

// 4x4 and 6x6 puzzles with several solutions: with probing posted, under every all-different posting and several
// searches (mrv, dom-wdeg, binary branching, Luby restarts), the count equals the oracle's.
TEST(SudokuProbing, CountsEqualTheOracleOnSmallGrids) {
  std::mt19937 rng(17);
  int several = 0;
  for (int round = 0; round < test_support::sized(24, 6); ++round) {
    const BoxShape box = round % 3 == 0 ? BoxShape{2, 2} : round % 3 == 1 ? BoxShape{2, 3} : BoxShape{3, 2};
    const SudokuGrid puzzle = random_puzzle(box, box.size() == 4 ? 3 + round % 3 : 12 + round % 5, rng);
    const std::uint64_t expected = oracle_count(puzzle);
    several += expected > 1 ? 1 : 0;
    for (AllDifferentMode mode :
         {AllDifferentMode::grid, AllDifferentMode::value, AllDifferentMode::gac, AllDifferentMode::binary}) {
      Sudoku model(puzzle, mode);
      post_probe(model);
      const std::string what = to_line(puzzle) + " " + to_string(mode);
      EXPECT_EQ(checked_count(model, puzzle, config("mrv", 0)), expected) << what;
      SolverConfig c = config("dom-wdeg", 0);
      c.branching = "binary";
      EXPECT_EQ(checked_count(model, puzzle, c), expected) << what << " dom-wdeg binary";
      c.branching = "d-way";
      c.restarts = "luby";
      c.restart_base = 1;
      c.seed = 3;
      EXPECT_EQ(checked_count(model, puzzle, c), expected) << what << " luby";
    }
  }
  EXPECT_GT(several, 4);
}

// Shared 9x9 puzzles with one to three givens removed: the count (up to 2000) with probing equals the count without,
// and every solution satisfies the puzzle.
TEST(SudokuProbing, CountsEqualThoseWithoutProbingOn9x9WithGivensRemoved) {
  std::vector<SudokuGrid> puzzles = shared_9x9(10);
  if (puzzles.empty()) GTEST_SKIP() << "no puzzle files in " << kSharedDir << "/puzzles";
  puzzles.resize(std::min<std::size_t>(puzzles.size(), static_cast<std::size_t>(test_support::sized(40, 8))));
  std::mt19937 rng(23);
  int several = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    SudokuGrid puzzle = puzzles[i];
    std::vector<std::size_t> givens;
    for (std::size_t c = 0; c < 81; ++c)
      if (puzzle.cells[c] != 0) givens.push_back(c);
    std::shuffle(givens.begin(), givens.end(), rng);
    for (std::size_t k = 0; k < 1 + i % 3; ++k) puzzle.cells[givens[k]] = 0;
    const AllDifferentMode mode = i % 2 == 0 ? AllDifferentMode::grid : AllDifferentMode::value;
    const Sudoku plain(puzzle, mode);
    Sudoku probed(puzzle, mode);
    post_probe(probed);
    const std::uint64_t without = checked_count(plain, puzzle, config("mrv", 2000));
    EXPECT_EQ(checked_count(probed, puzzle, config("mrv", 2000)), without) << to_line(puzzle);
    SolverConfig restarts = config("dom-wdeg", 2000);  // undos to the root: the propagator's memory must follow
    restarts.restarts = "luby";
    restarts.restart_base = 1;
    restarts.seed = 5;
    EXPECT_EQ(checked_count(probed, puzzle, restarts), without) << to_line(puzzle) << " luby";
    several += without > 1 ? 1 : 0;
  }
  EXPECT_GT(several, 0);
}

// ---- construction -------------------------------------------------------------------------------------------------

TEST(SudokuProbing, RefusesBadShapesScopesAndValues) {
  std::vector<VarId> cells(16);
  for (int i = 0; i < 16; ++i) cells[at(i)] = i;
  EXPECT_THROW(SudokuProbeConstraint(cells, BoxShape{3, 3}), ModelError) << "16 cells for a 9x9 grid";
  Problem p;
  for (int i = 0; i < 16; ++i) p.add_variable(std::string("c").append(std::to_string(i)), 0, 3);  // 0..3, not 1..4
  EXPECT_THROW(p.add_constraint(std::make_unique<SudokuProbeConstraint>(cells, BoxShape{2, 2})), ModelError);
}

}  // namespace
}  // namespace csp::models
