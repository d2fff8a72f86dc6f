// Human Sudoku solving techniques over a candidate grid: singles, locked candidates, subsets, fish, wings, unique
// rectangles, simple colouring.
#include "csp/models/sudoku/techniques.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "csp/core/errors.hpp"
#include "csp/models/sudoku/format.hpp"

namespace csp::models {

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }
int popcount(DigitMask m) { return std::popcount(m); }
DigitMask bit(int d) { return DigitMask{1} << d; }

std::string digit_text(int d) { return std::string(1, symbol_of(d)); }

// "a", "a and b", "a, b and c".
std::string join_and(const std::vector<std::string>& parts) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out.append(i + 1 == parts.size() ? " and " : ", ");
    out.append(parts[i]);
  }
  return out;
}

std::vector<std::string> digit_texts(DigitMask m) {
  std::vector<std::string> out;
  for (int d = 1; d <= kMaxSudokuSize; ++d)
    if ((m >> d & 1U) != 0) out.push_back(digit_text(d));
  return out;
}

std::vector<int> digits_of(DigitMask m) {
  std::vector<int> out;
  for (int d = 1; d <= kMaxSudokuSize; ++d)
    if ((m >> d & 1U) != 0) out.push_back(d);
  return out;
}

std::string cells_text(const CandidateGrid& g, const std::vector<int>& cells) {
  std::vector<std::string> names;
  for (int c : cells) names.push_back(cell_name(g, c));
  return join_and(names);
}

std::string mask_text(DigitMask m) {
  std::string out = "{";
  for (const std::string& d : digit_texts(m)) out.append(out.size() > 1 ? "," : "").append(d);
  return out.append("}");
}

// Calls `found(chosen, union)` for every choice of k items (ascending indices) whose masks together have exactly k
// bits; stops and returns true as soon as `found` returns true.
template <class Mask, class Found>
bool combinations(const std::vector<Mask>& items, int k, std::size_t start, std::vector<std::size_t>& chosen, Mask acc,
                  const Found& found) {
  if (static_cast<int>(chosen.size()) == k) return std::popcount(acc) == k && found(chosen, acc);
  for (std::size_t i = start; i < items.size(); ++i) {
    const Mask next = acc | items[i];
    if (std::popcount(next) > k) continue;
    chosen.push_back(i);
    if (combinations(items, k, i + 1, chosen, next, found)) return true;
    chosen.pop_back();
  }
  return false;
}

void sort_step(Step& s) {
  std::sort(s.cells.begin(), s.cells.end());
  s.cells.erase(std::unique(s.cells.begin(), s.cells.end()), s.cells.end());
  std::sort(s.digits.begin(), s.digits.end());
  const auto by_cell = [](const CellDigit& a, const CellDigit& b) {
    return a.cell != b.cell ? a.cell < b.cell : a.digit < b.digit;
  };
  std::sort(s.eliminations.begin(), s.eliminations.end(), by_cell);
}

// Positions (bit i = i-th cell of the unit) of the candidates of `d` in unit `u`.
std::uint32_t positions(const CandidateGrid& g, const std::vector<int>& unit, int d) {
  std::uint32_t m = 0;
  for (std::size_t i = 0; i < unit.size(); ++i)
    if (g.has(unit[i], d)) m |= std::uint32_t{1} << i;
  return m;
}

DigitMask placed_in(const CandidateGrid& g, const std::vector<int>& unit) {
  DigitMask m = 0;
  for (int c : unit)
    if (g.value(c) != 0) m |= bit(g.value(c));
  return m;
}

std::string plural_unit(const std::string& kind, const std::vector<int>& indices) {
  std::vector<std::string> parts;
  for (int i : indices) parts.push_back(std::to_string(i + 1));
  return std::string(kind).append("s ").append(join_and(parts));
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------------
// CandidateGrid

struct CandidateGrid::Geometry {
  std::vector<std::vector<int>> units;
  std::vector<std::vector<int>> peers;
  std::vector<int> box_of;
};

CandidateGrid::CandidateGrid(const SudokuGrid& puzzle) : box_(puzzle.box), n_(puzzle.size()) {
  if (n_ > kMaxSudokuSize)
    throw ModelError(
        std::string("the candidate grid holds at most ").append(std::to_string(kMaxSudokuSize)).append(" digits"));
  const Sudoku model(puzzle, AllDifferentMode::value);
  auto geo = std::make_shared<Geometry>();
  const int cells = n_ * n_;
  for (const auto& unit : model.units()) geo->units.emplace_back(unit.begin(), unit.end());
  geo->peers.resize(at(cells));
  geo->box_of.assign(at(cells), 0);
  for (int c = 0; c < cells; ++c) {
    for (VarId p : model.peers(c)) geo->peers[at(c)].push_back(p);
  }
  for (int b = 0; b < n_; ++b)
    for (int c : geo->units[at(2 * n_ + b)]) geo->box_of[at(c)] = b;
  geometry_ = std::move(geo);
  values_.assign(at(cells), 0);
  const DigitMask all = ((DigitMask{1} << n_) - 1) << 1;
  masks_.assign(at(cells), all);
  for (int c = 0; c < cells; ++c)
    if (puzzle.cells[at(c)] != 0) place(c, puzzle.cells[at(c)]);
}

void CandidateGrid::place(int cell, int digit) {
  values_[at(cell)] = digit;
  masks_[at(cell)] = 0;
  for (int p : geometry_->peers[at(cell)]) masks_[at(p)] &= ~bit(digit);
}

bool CandidateGrid::eliminate(int cell, int digit) {
  if (!has(cell, digit)) return false;
  masks_[at(cell)] &= ~bit(digit);
  return true;
}

void CandidateGrid::set_cell(int cell, int digit, DigitMask candidates) {
  values_[at(cell)] = digit;
  masks_[at(cell)] = digit != 0 ? 0 : candidates & (((DigitMask{1} << n_) - 1) << 1);
}

const std::vector<std::vector<int>>& CandidateGrid::units() const { return geometry_->units; }

std::string CandidateGrid::unit_name(int unit) const {
  static const char* const kinds[] = {"row ", "column ", "box "};
  return std::string(kinds[unit / n_]).append(std::to_string(unit % n_ + 1));
}

int CandidateGrid::box_of(int cell) const { return geometry_->box_of[at(cell)]; }

bool CandidateGrid::sees(int a, int b) const {
  return a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b));
}

bool CandidateGrid::solved() const {
  return std::none_of(values_.begin(), values_.end(), [](int v) { return v == 0; });
}

bool CandidateGrid::contradiction() const {
  for (int c = 0; c < cell_count(); ++c)
    if (value(c) == 0 && candidates(c) == 0) return true;
  for (const auto& unit : units()) {
    DigitMask placed = 0;
    DigitMask open = 0;
    for (int c : unit) {
      if (value(c) != 0) {
        if ((placed & bit(value(c))) != 0) return true;
        placed |= bit(value(c));
      }
      open |= candidates(c);
    }
    if (popcount(placed | open) != n_) return true;
  }
  return false;
}

SudokuGrid CandidateGrid::grid() const { return SudokuGrid{box_, values_}; }

std::string cell_name(const CandidateGrid& g, int cell) {
  return std::string("r")
      .append(std::to_string(g.row_of(cell) + 1))
      .append("c")
      .append(std::to_string(g.col_of(cell) + 1));
}

// ---------------------------------------------------------------------------------------------------------------
// Names

const std::vector<Technique>& all_techniques() {
  static const std::vector<Technique> all = {
      Technique::naked_single,    Technique::hidden_single, Technique::pointing,     Technique::claiming,
      Technique::naked_pair,      Technique::hidden_pair,   Technique::naked_triple, Technique::hidden_triple,
      Technique::naked_quad,      Technique::hidden_quad,   Technique::x_wing,       Technique::xy_wing,
      Technique::xyz_wing,        Technique::swordfish,     Technique::jellyfish,    Technique::unique_rectangle,
      Technique::simple_colouring};
  return all;
}

bool assumes_unique_solution(Technique t) { return t == Technique::unique_rectangle; }

std::string to_string(Technique t) {
  switch (t) {
    case Technique::naked_single:
      return "naked-single";
    case Technique::hidden_single:
      return "hidden-single";
    case Technique::pointing:
      return "pointing";
    case Technique::claiming:
      return "claiming";
    case Technique::naked_pair:
      return "naked-pair";
    case Technique::hidden_pair:
      return "hidden-pair";
    case Technique::naked_triple:
      return "naked-triple";
    case Technique::hidden_triple:
      return "hidden-triple";
    case Technique::naked_quad:
      return "naked-quad";
    case Technique::hidden_quad:
      return "hidden-quad";
    case Technique::x_wing:
      return "x-wing";
    case Technique::xy_wing:
      return "xy-wing";
    case Technique::xyz_wing:
      return "xyz-wing";
    case Technique::swordfish:
      return "swordfish";
    case Technique::jellyfish:
      return "jellyfish";
    case Technique::unique_rectangle:
      return "unique-rectangle";
    case Technique::simple_colouring:
      return "simple-colouring";
  }
  return "?";
}

std::string display_name(Technique t) {
  switch (t) {
    case Technique::naked_single:
      return "Naked single";
    case Technique::hidden_single:
      return "Hidden single";
    case Technique::pointing:
      return "Pointing";
    case Technique::claiming:
      return "Claiming";
    case Technique::naked_pair:
      return "Naked pair";
    case Technique::hidden_pair:
      return "Hidden pair";
    case Technique::naked_triple:
      return "Naked triple";
    case Technique::hidden_triple:
      return "Hidden triple";
    case Technique::naked_quad:
      return "Naked quad";
    case Technique::hidden_quad:
      return "Hidden quad";
    case Technique::x_wing:
      return "X-Wing";
    case Technique::xy_wing:
      return "XY-Wing";
    case Technique::xyz_wing:
      return "XYZ-Wing";
    case Technique::swordfish:
      return "Swordfish";
    case Technique::jellyfish:
      return "Jellyfish";
    case Technique::unique_rectangle:
      return "Unique rectangle";
    case Technique::simple_colouring:
      return "Simple colouring";
  }
  return "?";
}

Technique parse_technique(const std::string& name) {
  std::string valid;
  for (Technique t : all_techniques()) {
    if (to_string(t) == name) return t;
    valid.append(valid.empty() ? "" : ", ").append(to_string(t));
  }
  throw UnknownNameError(
      std::string("unknown technique '").append(name).append("' (valid: all, ").append(valid).append(")"));
}

std::vector<Technique> parse_technique_list(const std::string& list) {
  std::vector<Technique> out;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string name = list.substr(start, comma - start);
    if (name == "all") {
      for (Technique t : all_techniques())
        if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    } else {
      const Technique t = parse_technique(name);
      if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    }
    start = comma + 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Steps

std::string describe(const CandidateGrid& g, const Step& step) {
  std::vector<std::string> consequences;
  for (const CellDigit& p : step.placements)
    consequences.push_back(cell_name(g, p.cell).append(" = ").append(digit_text(p.digit)));
  // Eliminations grouped by the set of digits a cell loses: "r5c7 and r5c9 lose 7", "r1c1 loses 3 and 8".
  std::vector<std::pair<DigitMask, std::vector<int>>> groups;
  for (std::size_t i = 0; i < step.eliminations.size();) {
    const int cell = step.eliminations[i].cell;
    DigitMask lost = 0;
    for (; i < step.eliminations.size() && step.eliminations[i].cell == cell; ++i)
      lost |= bit(step.eliminations[i].digit);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& gr) { return gr.first == lost; });
    if (it == groups.end()) {
      groups.emplace_back(lost, std::vector<int>{cell});
    } else {
      it->second.push_back(cell);
    }
  }
  for (const auto& [lost, cells] : groups)
    consequences.push_back(
        cells_text(g, cells).append(cells.size() == 1 ? " loses " : " lose ").append(join_and(digit_texts(lost))));
  return display_name(step.technique).append(": ").append(step.reason).append(", so ").append(join_and(consequences));
}

void apply(CandidateGrid& g, const Step& step) {
  for (const CellDigit& e : step.eliminations) g.eliminate(e.cell, e.digit);
  for (const CellDigit& p : step.placements) g.place(p.cell, p.digit);
}

std::optional<Step> find_naked_single(const CandidateGrid& g) {
  for (int c = 0; c < g.cell_count(); ++c) {
    if (g.value(c) != 0 || popcount(g.candidates(c)) != 1) continue;
    const int d = std::countr_zero(g.candidates(c));
    Step s{Technique::naked_single, {c}, {d}, {{c, d}}, {}, ""};
    s.reason = cell_name(g, c).append(" has only candidate ").append(digit_text(d));
    return s;
  }
  return std::nullopt;
}

std::optional<Step> find_hidden_single(const CandidateGrid& g) {
  const int n = g.size();
  // Boxes first, then rows, then columns: the order a person scans in.
  for (int k = 0; k < 3 * n; ++k) {
    const int u = (k + 2 * n) % (3 * n);
    const auto& unit = g.units()[at(u)];
    for (int d = 1; d <= n; ++d) {
      const std::uint32_t pos = positions(g, unit, d);
      if (popcount(pos) != 1) continue;
      const int c = unit[at(std::countr_zero(pos))];
      Step s{Technique::hidden_single, {c}, {d}, {{c, d}}, {}, ""};
      s.reason = std::string("in ")
                     .append(g.unit_name(u))
                     .append(", ")
                     .append(digit_text(d))
                     .append(" fits only in ")
                     .append(cell_name(g, c));
      return s;
    }
  }
  return std::nullopt;
}

std::optional<Step> find_pointing(const CandidateGrid& g) {
  const int n = g.size();
  for (int b = 0; b < n; ++b) {
    const int u = 2 * n + b;
    const auto& box = g.units()[at(u)];
    for (int d = 1; d <= n; ++d) {
      std::vector<int> cells;
      for (int c : box)
        if (g.has(c, d)) cells.push_back(c);
      if (cells.size() < 2) continue;
      for (int line = 0; line < 2; ++line) {  // 0: row, 1: column
        const auto index = [&](int c) { return line == 0 ? g.row_of(c) : g.col_of(c); };
        const int first = index(cells.front());
        if (!std::all_of(cells.begin(), cells.end(), [&](int c) { return index(c) == first; })) continue;
        const int lu = line * n + first;
        Step s{Technique::pointing, cells, {d}, {}, {}, ""};
        for (int c : g.units()[at(lu)])
          if (g.box_of(c) != b && g.has(c, d)) s.eliminations.push_back({c, d});
        if (s.eliminations.empty()) continue;
        s.reason = std::string("in ")
                       .append(g.unit_name(u))
                       .append(", ")
                       .append(digit_text(d))
                       .append(" lies only in ")
                       .append(g.unit_name(lu));
        sort_step(s);
        return s;
      }
    }
  }
  return std::nullopt;
}

std::optional<Step> find_claiming(const CandidateGrid& g) {
  const int n = g.size();
  for (int u = 0; u < 2 * n; ++u) {
    const auto& line = g.units()[at(u)];
    for (int d = 1; d <= n; ++d) {
      std::vector<int> cells;
      for (int c : line)
        if (g.has(c, d)) cells.push_back(c);
      if (cells.size() < 2) continue;
      const int b = g.box_of(cells.front());
      if (!std::all_of(cells.begin(), cells.end(), [&](int c) { return g.box_of(c) == b; })) continue;
      Step s{Technique::claiming, cells, {d}, {}, {}, ""};
      for (int c : g.units()[at(2 * n + b)])
        if (std::find(line.begin(), line.end(), c) == line.end() && g.has(c, d)) s.eliminations.push_back({c, d});
      if (s.eliminations.empty()) continue;
      s.reason = std::string("in ")
                     .append(g.unit_name(u))
                     .append(", ")
                     .append(digit_text(d))
                     .append(" lies only in ")
                     .append(g.unit_name(2 * n + b));
      sort_step(s);
      return s;
    }
  }
  return std::nullopt;
}

std::optional<Step> find_naked_subset(const CandidateGrid& g, int k) {
  static const Technique kinds[] = {Technique::naked_pair, Technique::naked_triple, Technique::naked_quad};
  if (k < 2 || k > 4) throw ModelError("a naked subset has 2, 3 or 4 cells");
  std::optional<Step> result;
  for (std::size_t u = 0; u < g.units().size() && !result; ++u) {
    const auto& unit = g.units()[u];
    std::vector<int> cells;
    std::vector<DigitMask> masks;
    for (int c : unit)
      if (g.value(c) == 0 && popcount(g.candidates(c)) >= 2 && popcount(g.candidates(c)) <= k) {
        cells.push_back(c);
        masks.push_back(g.candidates(c));
      }
    std::vector<std::size_t> chosen;
    combinations(masks, k, 0, chosen, DigitMask{0}, [&](const std::vector<std::size_t>& pick, DigitMask digits) {
      Step s{kinds[k - 2], {}, digits_of(digits), {}, {}, ""};
      for (std::size_t i : pick) s.cells.push_back(cells[i]);
      for (int c : unit) {
        if (std::find(s.cells.begin(), s.cells.end(), c) != s.cells.end()) continue;
        for (int d : s.digits)
          if (g.has(c, d)) s.eliminations.push_back({c, d});
      }
      if (s.eliminations.empty()) return false;
      s.reason = std::string("in ")
                     .append(g.unit_name(static_cast<int>(u)))
                     .append(", ")
                     .append(cells_text(g, s.cells))
                     .append(" hold only ")
                     .append(join_and(digit_texts(digits)));
      sort_step(s);
      result = std::move(s);
      return true;
    });
  }
  return result;
}

std::optional<Step> find_hidden_subset(const CandidateGrid& g, int k) {
  static const Technique kinds[] = {Technique::hidden_pair, Technique::hidden_triple, Technique::hidden_quad};
  if (k < 2 || k > 4) throw ModelError("a hidden subset has 2, 3 or 4 digits");
  const int n = g.size();
  std::optional<Step> result;
  for (std::size_t u = 0; u < g.units().size() && !result; ++u) {
    const auto& unit = g.units()[u];
    const DigitMask placed = placed_in(g, unit);
    std::vector<int> digits;
    std::vector<std::uint32_t> where;
    for (int d = 1; d <= n; ++d) {
      if ((placed & bit(d)) != 0) continue;
      const std::uint32_t pos = positions(g, unit, d);
      if (popcount(pos) >= 2 && popcount(pos) <= k) {
        digits.push_back(d);
        where.push_back(pos);
      }
    }
    std::vector<std::size_t> chosen;
    combinations(where, k, 0, chosen, std::uint32_t{0}, [&](const std::vector<std::size_t>& pick, std::uint32_t pos) {
      Step s{kinds[k - 2], {}, {}, {}, {}, ""};
      DigitMask keep = 0;
      for (std::size_t i : pick) {
        s.digits.push_back(digits[i]);
        keep |= bit(digits[i]);
      }
      for (std::size_t i = 0; i < unit.size(); ++i)
        if ((pos >> i & 1U) != 0) s.cells.push_back(unit[i]);
      for (int c : s.cells)
        for (int d : digits_of(g.candidates(c) & ~keep)) s.eliminations.push_back({c, d});
      if (s.eliminations.empty()) return false;
      s.reason = std::string("in ")
                     .append(g.unit_name(static_cast<int>(u)))
                     .append(", ")
                     .append(join_and(digit_texts(keep)))
                     .append(" lie only in ")
                     .append(cells_text(g, s.cells));
      sort_step(s);
      result = std::move(s);
      return true;
    });
  }
  return result;
}

std::optional<Step> find_fish(const CandidateGrid& g, int k) {
  static const Technique kinds[] = {Technique::x_wing, Technique::swordfish, Technique::jellyfish};
  if (k < 2 || k > 4) throw ModelError("a fish has 2, 3 or 4 lines");
  const int n = g.size();
  std::optional<Step> result;
  for (int d = 1; d <= n && !result; ++d) {
    for (int base = 0; base < 2 && !result; ++base) {  // 0: rows are the base lines, 1: columns
      const auto cell_at = [&](int line, int cross) { return base == 0 ? line * n + cross : cross * n + line; };
      std::vector<int> lines;
      std::vector<std::uint32_t> crosses;
      for (int i = 0; i < n; ++i) {
        const std::uint32_t pos = positions(g, g.units()[at(base * n + i)], d);
        if (popcount(pos) >= 2 && popcount(pos) <= k) {
          lines.push_back(i);
          crosses.push_back(pos);
        }
      }
      std::vector<std::size_t> chosen;
      combinations(
          crosses, k, 0, chosen, std::uint32_t{0}, [&](const std::vector<std::size_t>& pick, std::uint32_t cover) {
            Step s{kinds[k - 2], {}, {d}, {}, {}, ""};
            std::vector<int> base_lines;
            std::vector<int> cover_lines;
            for (std::size_t i : pick) base_lines.push_back(lines[i]);
            for (int j = 0; j < n; ++j)
              if ((cover >> j & 1U) != 0) cover_lines.push_back(j);
            for (int i : base_lines)
              for (int j : cover_lines)
                if (g.has(cell_at(i, j), d)) s.cells.push_back(cell_at(i, j));
            for (int j : cover_lines)
              for (int i = 0; i < n; ++i)
                if (std::find(base_lines.begin(), base_lines.end(), i) == base_lines.end() && g.has(cell_at(i, j), d))
                  s.eliminations.push_back({cell_at(i, j), d});
            if (s.eliminations.empty()) return false;
            s.reason = std::string("in ")
                           .append(plural_unit(base == 0 ? "row" : "column", base_lines))
                           .append(", ")
                           .append(digit_text(d))
                           .append(" lies only in ")
                           .append(plural_unit(base == 0 ? "column" : "row", cover_lines));
            sort_step(s);
            result = std::move(s);
            return true;
          });
    }
  }
  return result;
}

namespace {

const std::vector<int>& peers_of(const CandidateGrid& g, int cell, std::vector<int>& scratch) {
  scratch.clear();
  for (int c = 0; c < g.cell_count(); ++c)
    if (g.sees(cell, c)) scratch.push_back(c);
  return scratch;
}

}  // namespace

std::optional<Step> find_xy_wing(const CandidateGrid& g) {
  std::vector<int> pivot_peers;
  for (int p = 0; p < g.cell_count(); ++p) {
    const DigitMask pm = g.candidates(p);
    if (g.value(p) != 0 || popcount(pm) != 2) continue;
    peers_of(g, p, pivot_peers);
    for (int a : pivot_peers) {
      const DigitMask am = g.candidates(a);
      if (g.value(a) != 0 || popcount(am) != 2 || popcount(am & pm) != 1) continue;
      const DigitMask z = am & ~pm;
      const DigitMask bm = (pm & ~am) | z;
      for (int b : pivot_peers) {
        if (b <= a || g.value(b) != 0 || g.candidates(b) != bm) continue;
        const int zd = std::countr_zero(z);
        Step s{Technique::xy_wing, {p, a, b}, digits_of(pm | z), {}, {}, ""};
        for (int c = 0; c < g.cell_count(); ++c)
          if (c != p && g.has(c, zd) && g.sees(c, a) && g.sees(c, b)) s.eliminations.push_back({c, zd});
        if (s.eliminations.empty()) continue;
        s.reason = std::string("pivot ")
                       .append(cell_name(g, p))
                       .append(" ")
                       .append(mask_text(pm))
                       .append(" sees ")
                       .append(cell_name(g, a))
                       .append(" ")
                       .append(mask_text(am))
                       .append(" and ")
                       .append(cell_name(g, b))
                       .append(" ")
                       .append(mask_text(bm))
                       .append(", one of which is ")
                       .append(digit_text(zd));
        sort_step(s);
        return s;
      }
    }
  }
  return std::nullopt;
}

std::optional<Step> find_xyz_wing(const CandidateGrid& g) {
  std::vector<int> pivot_peers;
  for (int p = 0; p < g.cell_count(); ++p) {
    const DigitMask pm = g.candidates(p);
    if (g.value(p) != 0 || popcount(pm) != 3) continue;
    peers_of(g, p, pivot_peers);
    for (int a : pivot_peers) {
      const DigitMask am = g.candidates(a);
      if (g.value(a) != 0 || popcount(am) != 2 || (am & ~pm) != 0) continue;
      for (int b : pivot_peers) {
        const DigitMask bm = g.candidates(b);
        if (b <= a || g.value(b) != 0 || popcount(bm) != 2 || (bm & ~pm) != 0 || (am | bm) != pm) continue;
        const int zd = std::countr_zero(am & bm);
        Step s{Technique::xyz_wing, {p, a, b}, digits_of(pm), {}, {}, ""};
        for (int c = 0; c < g.cell_count(); ++c)
          if (c != p && g.has(c, zd) && g.sees(c, p) && g.sees(c, a) && g.sees(c, b)) s.eliminations.push_back({c, zd});
        if (s.eliminations.empty()) continue;
        s.reason = std::string("pivot ")
                       .append(cell_name(g, p))
                       .append(" ")
                       .append(mask_text(pm))
                       .append(" sees ")
                       .append(cell_name(g, a))
                       .append(" ")
                       .append(mask_text(am))
                       .append(" and ")
                       .append(cell_name(g, b))
                       .append(" ")
                       .append(mask_text(bm))
                       .append(", one of the three is ")
                       .append(digit_text(zd));
        sort_step(s);
        return s;
      }
    }
  }
  return std::nullopt;
}

std::optional<Step> find_unique_rectangle(const CandidateGrid& g) {
  const int n = g.size();
  for (int r1 = 0; r1 < n; ++r1) {
    for (int c1 = 0; c1 < n; ++c1) {
      const int first = r1 * n + c1;
      if (g.value(first) != 0 || popcount(g.candidates(first)) < 2) continue;
      for (int r2 = r1 + 1; r2 < n; ++r2) {
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const std::array<int, 4> corners = {first, r1 * n + c2, r2 * n + c1, r2 * n + c2};
          // Exactly two boxes: the two rows share their boxes (columns in two boxes), or the two columns do.
          const int b11 = g.box_of(corners[0]);
          const int b12 = g.box_of(corners[1]);
          const int b21 = g.box_of(corners[2]);
          const int b22 = g.box_of(corners[3]);
          const bool two_boxes = (b11 == b12 && b21 == b22 && b11 != b21) || (b11 == b21 && b12 == b22 && b11 != b12);
          if (!two_boxes) continue;
          // Three empty corners with exactly the same two candidates {a,b}, the fourth with a, b and more.
          int extra = -1;
          int bivalue = 0;
          DigitMask pair = 0;
          bool type1 = true;
          for (int c : corners) {
            const DigitMask m = g.candidates(c);
            if (g.value(c) != 0 || popcount(m) < 2) {
              type1 = false;
            } else if (popcount(m) == 2) {
              type1 = type1 && (pair == 0 || m == pair);
              pair = m;
              ++bivalue;
            } else {
              type1 = type1 && extra == -1;
              extra = c;
            }
          }
          if (!type1 || bivalue != 3 || (g.candidates(extra) & pair) != pair) continue;
          Step s{Technique::unique_rectangle, {corners.begin(), corners.end()}, digits_of(pair), {}, {}, ""};
          for (int d : s.digits) s.eliminations.push_back({extra, d});
          std::vector<int> three;
          for (int c : corners)
            if (c != extra) three.push_back(c);
          const std::vector<std::string> ab = digit_texts(pair);
          const std::string boxes = std::string("boxes ")
                                        .append(std::to_string(std::min(b11, b22) + 1))
                                        .append(" and ")
                                        .append(std::to_string(std::max(b11, b22) + 1));
          s.reason = cells_text(g, three).append(" hold only ").append(join_and(ab));
          s.reason.append("; if ")
              .append(cell_name(g, extra))
              .append(" were ")
              .append(ab[0])
              .append(" or ")
              .append(ab[1]);
          s.reason.append(", swapping ")
              .append(join_and(ab))
              .append(" in these four cells (")
              .append(boxes)
              .append(") would give a second solution, which a puzzle with one solution cannot have");
          sort_step(s);
          return s;
        }
      }
    }
  }
  return std::nullopt;
}

std::optional<Step> find_simple_colouring(const CandidateGrid& g) {
  static const char* const colour_name[] = {"blue", "green"};
  const int n = g.size();
  const int cells = g.cell_count();
  std::vector<std::vector<int>> links(at(cells));
  std::vector<int> chain_of(at(cells));  // the chain (its first cell) a cell belongs to, -1 for none
  std::vector<int> colour(at(cells));
  for (int d = 1; d <= n; ++d) {
    // Conjugate pairs: units where d has exactly two places.
    for (auto& l : links) l.clear();
    for (const auto& unit : g.units()) {
      const std::uint32_t pos = positions(g, unit, d);
      if (popcount(pos) != 2) continue;
      const int a = unit[at(std::countr_zero(pos))];
      const int b = unit[at(std::bit_width(pos) - 1)];
      links[at(a)].push_back(b);
      links[at(b)].push_back(a);
    }
    std::fill(chain_of.begin(), chain_of.end(), -1);
    for (int start = 0; start < cells; ++start) {
      if (links[at(start)].empty() || chain_of[at(start)] != -1) continue;
      // Colour the chain of `start` breadth first; a cell coloured both ways (an odd cycle of conjugate pairs) only
      // happens in a grid without solution, where the chain is skipped.
      std::vector<int> chain{start};
      chain_of[at(start)] = start;
      colour[at(start)] = 0;
      bool odd = false;
      for (std::size_t i = 0; i < chain.size(); ++i) {
        const int c = chain[i];
        for (int e : links[at(c)]) {
          if (chain_of[at(e)] == -1) {
            chain_of[at(e)] = start;
            colour[at(e)] = 1 - colour[at(c)];
            chain.push_back(e);
          } else if (colour[at(e)] == colour[at(c)]) {
            odd = true;
          }
        }
      }
      if (odd) continue;
      std::sort(chain.begin(), chain.end());
      std::array<std::vector<int>, 2> side;
      for (int c : chain) side[at(colour[at(c)])].push_back(c);
      const std::string coloured = std::string("on ")
                                       .append(digit_text(d))
                                       .append(", conjugate pairs colour ")
                                       .append(cells_text(g, side[0]))
                                       .append(" blue and ")
                                       .append(cells_text(g, side[1]))
                                       .append(" green; ");
      // Colour wrap (rule 2): two cells of one colour see each other, so that colour is false.
      for (std::size_t k = 0; k < 2; ++k) {
        for (std::size_t i = 0; i < side[k].size(); ++i) {
          for (std::size_t j = i + 1; j < side[k].size(); ++j) {
            if (!g.sees(side[k][i], side[k][j])) continue;
            Step s{Technique::simple_colouring, chain, {d}, {}, {}, ""};
            for (int c : side[k]) s.eliminations.push_back({c, d});
            s.reason = std::string(coloured)
                           .append(cells_text(g, {side[k][i], side[k][j]}))
                           .append(" (both ")
                           .append(colour_name[k])
                           .append(") see each other");
            sort_step(s);
            return s;
          }
        }
      }
      // Colour trap (rule 4): one colour holds d, so a cell seeing both colours cannot.
      Step s{Technique::simple_colouring, chain, {d}, {}, {}, ""};
      std::string traps;
      for (int c = 0; c < cells; ++c) {
        if (chain_of[at(c)] == start || !g.has(c, d)) continue;
        const auto seen = [&](std::size_t k) {
          return std::find_if(side[k].begin(), side[k].end(), [&](int x) { return g.sees(c, x); });
        };
        const auto blue = seen(0);
        const auto green = seen(1);
        if (blue == side[0].end() || green == side[1].end()) continue;
        s.eliminations.push_back({c, d});
        traps.append(traps.empty() ? "" : "; ")
            .append(cell_name(g, c))
            .append(" sees ")
            .append(cell_name(g, *blue))
            .append(" (blue) and ")
            .append(cell_name(g, *green))
            .append(" (green)");
      }
      if (s.eliminations.empty()) continue;
      s.reason = std::string(coloured).append(traps);
      sort_step(s);
      return s;
    }
  }
  return std::nullopt;
}

std::optional<Step> find_step(const CandidateGrid& g, Technique t) {
  switch (t) {
    case Technique::naked_single:
      return find_naked_single(g);
    case Technique::hidden_single:
      return find_hidden_single(g);
    case Technique::pointing:
      return find_pointing(g);
    case Technique::claiming:
      return find_claiming(g);
    case Technique::naked_pair:
      return find_naked_subset(g, 2);
    case Technique::naked_triple:
      return find_naked_subset(g, 3);
    case Technique::naked_quad:
      return find_naked_subset(g, 4);
    case Technique::hidden_pair:
      return find_hidden_subset(g, 2);
    case Technique::hidden_triple:
      return find_hidden_subset(g, 3);
    case Technique::hidden_quad:
      return find_hidden_subset(g, 4);
    case Technique::x_wing:
      return find_fish(g, 2);
    case Technique::swordfish:
      return find_fish(g, 3);
    case Technique::jellyfish:
      return find_fish(g, 4);
    case Technique::xy_wing:
      return find_xy_wing(g);
    case Technique::xyz_wing:
      return find_xyz_wing(g);
    case Technique::unique_rectangle:
      return find_unique_rectangle(g);
    case Technique::simple_colouring:
      return find_simple_colouring(g);
  }
  return std::nullopt;
}

}  // namespace csp::models
