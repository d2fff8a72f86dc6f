// The whole grid's units as one propagator over candidate words: singles, box-line reductions and pairs to a fixpoint.
#include "csp/models/sudoku/grid_constraint.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <optional>

#include "band_board.hpp"
#include "csp/core/errors.hpp"
#include "csp/core/store.hpp"
#include "digit_cells.hpp"
#include "grid_work.hpp"

namespace csp::models {

using grid::kMaxCells;
using grid::UnitSet;

namespace {

std::size_t at(int i) { return static_cast<std::size_t>(i); }

bool single(std::uint64_t w) { return (w & (w - 1)) == 0; }

// The candidates of every cell at the end of the last successful call of this run: a unit none of whose cells differ
// from it now was at its fixpoint then and is not visited, and a single cell that has not changed has spread its
// digit. A hint only, checked against the store's domains on every call (a unit visit also removes placed digits
// that its cells still hold, so a store undone below the last call, as a restart does, loses nothing); cleared by a
// failure.
struct LastFixpoint final : ConstraintMemory {
  std::vector<std::uint64_t> words;
  bool valid = false;
};

// The 9x9 path's memory: the fixpoint of each successful call along the current search path, and a reversible int
// of the store naming the slot of the last one. An undo restores the int to a call whose fixpoint holds every
// candidate the store has now, so the call starts from that board and visits only what differs from it (a restart
// undoes to before the first call: no slot, every unit is visited).
struct BandSlot {
  band::Board board;
  std::array<std::uint16_t, band::kCells> cells;  // the same candidates, cell by cell
};
struct BandMemory final : ConstraintMemory {
  std::vector<BandSlot> slots;
  int level = -1;  // the reversible int: the current path's last slot, -1 before the first call
};

}  // namespace

SudokuGridConstraint::SudokuGridConstraint(std::vector<VarId> cells, BoxShape box, std::string name, Probing probing,
                                           Path path)
    : Constraint(std::move(cells), std::move(name)),
      box_(box),
      n_(box.size()),
      band_(path == Path::fastest && box.rows == 3 && box.cols == 3),
      probing_(probing) {
  if (box.rows < 1 || box.cols < 1 || n_ > kMaxSize)
    throw ModelError(std::string("constraint '")
                         .append(this->name())
                         .append("': box shape ")
                         .append(to_string(box))
                         .append(" is not supported (N = rows x cols must be 1..32)"));
  if (arity() != n_ * n_)
    throw ModelError(std::string("constraint '")
                         .append(this->name())
                         .append("': a ")
                         .append(to_string(box))
                         .append(" grid has ")
                         .append(std::to_string(n_ * n_))
                         .append(" cells, the scope has ")
                         .append(std::to_string(arity())));
  const int n = n_;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) units_.push_back(r * n + c);
  for (int c = 0; c < n; ++c)
    for (int r = 0; r < n; ++r) units_.push_back(r * n + c);
  for (int br = 0; br < n / box.rows; ++br)
    for (int bc = 0; bc < n / box.cols; ++bc)
      for (int r = br * box.rows; r < (br + 1) * box.rows; ++r)
        for (int c = bc * box.cols; c < (bc + 1) * box.cols; ++c) units_.push_back(r * n + c);
  unit_of_.resize(at(3 * n * n));
  for (int u = 0; u < 3 * n; ++u)
    for (int k = 0; k < n; ++k) unit_of_[at(3 * units_[at(u * n + k)] + u / n)] = u % n;
  for (int cell = 0; cell < n * n; ++cell) {
    std::vector<int> mine;
    for (int kind = 0; kind < 3; ++kind) {
      const int u = kind * n + unit_of_[at(3 * cell + kind)];
      for (int k = 0; k < n; ++k)
        if (units_[at(u * n + k)] != cell) mine.push_back(units_[at(u * n + k)]);
    }
    std::sort(mine.begin(), mine.end());
    mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
    peers_.insert(peers_.end(), mine.begin(), mine.end());
  }
}

void SudokuGridConstraint::attach(const Problem& problem) {
  Constraint::attach(problem);
  detail::require_digit_cells(*this, problem, n_);
}

bool SudokuGridConstraint::is_satisfied_by(std::span<const Value> values) const {
  for (int u = 0; u < 3 * n_; ++u) {
    Word seen = 0;
    for (int k = 0; k < n_; ++k) {
      const Value v = values[at(units_[at(u * n_ + k)])];
      if (v < 1 || v > n_ || (seen >> (v - 1) & 1U) != 0) return false;
      seen |= Word{1} << (v - 1);
    }
  }
  return true;
}

bool SudokuGridConstraint::is_consistent(const Assignment& a) const {
  for (int u = 0; u < 3 * n_; ++u) {
    Word seen = 0;
    for (int k = 0; k < n_; ++k) {
      const VarId x = scope()[at(units_[at(u * n_ + k)])];
      if (!a.is_assigned(x)) continue;
      const Value v = a.value(x);
      if (v < 1 || v > n_ || (seen >> (v - 1) & 1U) != 0) return false;
      seen |= Word{1} << (v - 1);
    }
  }
  return true;
}

bool SudokuGridConstraint::revise(Store& store, int pos) const {
  Word placed = 0;
  const int count = peer_count();
  for (int k = 0; k < count; ++k) {
    const Word w = store.domain(scope()[at(peers_[at(pos * count + k)])]).word(0);
    if (single(w)) placed |= w;
  }
  const VarId x = scope()[at(pos)];
  const Word w = store.domain(x).word(0);
  if ((w & placed) == 0) return w != 0;
  return store.keep_word(x, 0, w & ~placed, this);
}

int SudokuGridConstraint::count_ruled_out(const Store& store, int pos, int index) const {
  int ruled_out = 0;
  const int count = peer_count();
  for (int k = 0; k < count; ++k) {
    const VarId y = scope()[at(peers_[at(pos * count + k)])];
    ruled_out += static_cast<int>(!store.assignment().is_assigned(y) && store.domain(y).contains(index));
  }
  return ruled_out;
}

int SudokuGridConstraint::conflicts(const Assignment& a, int pos, Value v) const {
  int clashes = 0;
  const int count = peer_count();
  for (int k = 0; k < count; ++k) {
    const VarId y = scope()[at(peers_[at(pos * count + k)])];
    clashes += static_cast<int>(a.is_assigned(y) && a.value(y) == v);
  }
  return clashes;
}

// The change of narrow (which checks that there is one): out of line, so the common no-op test stays inline.
bool SudokuGridConstraint::narrow_changed(Work& w, int cell, Word after) const {
  w.m[at(cell)] = after;
  w.changed[at(cell / 64)] |= std::uint64_t{1} << (cell % 64);
  const int* units = &unit_of_[at(3 * cell)];
  w.dirty.bits[0] |= std::uint64_t{1} << units[0];
  w.dirty.bits[1] |= std::uint64_t{1} << units[1];
  w.dirty.bits[2] |= std::uint64_t{1} << units[2];
  w.dirty_pairs.bits[0] |= std::uint64_t{1} << units[0];
  w.dirty_pairs.bits[1] |= std::uint64_t{1} << units[1];
  w.dirty_pairs.bits[2] |= std::uint64_t{1} << units[2];
  w.box_line_due = true;
  if (single(after)) w.singles[at(w.queued++)] = cell;
  return after != 0;
}

// Naked singles: the digit of each queued cell leaves its peers (which may queue more).
bool SudokuGridConstraint::naked_singles(Work& w) const {
  const int count = peer_count();
  while (w.done < w.queued) {
    const int cell = w.singles[at(w.done++)];
    const Word digit = w.m[at(cell)];
    const int* peers = &peers_[at(cell * count)];
    for (int k = 0; k < count; ++k)
      if ((w.m[at(peers[k])] & digit) != 0 && !narrow_changed(w, peers[k], w.m[at(peers[k])] & ~digit)) return false;
  }
  return true;
}

// Hidden singles on unit `u` of kind `kind` (0 row, 1 column, 2 box): a digit with one place left goes there.
// Fails on an empty cell, a digit with no place left, a digit placed twice, or two digits whose one place is the
// same cell. Placed digits still held by another cell of the unit leave it (a state the queue has not seen, e.g.
// the root after a restart).
bool SudokuGridConstraint::hidden_singles(Work& w, int kind, int u) const {
  const int* unit = &units_[at((kind * n_ + u) * n_)];
  Word placed = 0;
  Word once = 0;
  Word twice = 0;
  for (int k = 0; k < n_; ++k) {
    const Word c = w.m[at(unit[k])];
    placed |= single(c) ? c : 0;
    twice |= once & c;
    once |= c;
  }
  if (once != w.full) return false;
  const Word hidden = once & ~twice & ~placed;
  if ((hidden | (placed & twice)) == 0) return true;  // no hidden single, no placed digit held twice
  Word seen = 0;
  for (int k = 0; k < n_; ++k) {
    const Word c = w.m[at(unit[k])];
    if (single(c)) {
      if ((seen & c) != 0) return false;  // a digit placed twice
      seen |= c;
      continue;
    }
    Word keep = ~placed;
    if (const Word h = c & hidden; h != 0) {
      if (!single(h)) return false;  // two digits whose one place is this cell
      keep = h;
    }
    if (!narrow(w, unit[k], keep)) return false;
  }
  return true;
}

// Pairs on unit `u` of kind `kind`: two cells whose candidates are the same two digits (a naked pair) take those
// digits from the unit's other cells; two digits whose places in the unit are the same two cells (a hidden pair)
// leave those cells nothing else. The Hall sets of size 2, which singles and box-line miss (a 17-clue puzzle counted
// to two solutions, BH-08: 352,932 nodes without them, 84 with).
bool SudokuGridConstraint::pairs(Work& w, int kind, int u) const {
  const int* unit = &units_[at((kind * n_ + u) * n_)];
  // One pass without data-dependent branches: digits by number of places, and the cells of two candidates.
  Word once = 0;
  Word twice = 0;
  Word thrice = 0;
  std::array<int, kMaxSize> two;  // positions of the cells with two candidates
  int twos = 0;
  for (int k = 0; k < n_; ++k) {
    const Word c = w.m[at(unit[k])];
    thrice |= twice & c;
    twice |= once & c;
    once |= c;
    two[at(twos)] = k;
    twos += static_cast<int>(std::popcount(c) == 2);
  }
  for (int i = 1; i < twos; ++i) {
    const Word c = w.m[at(unit[two[at(i)]])];
    for (int j = 0; j < i; ++j) {
      if (w.m[at(unit[two[at(j)]])] != c) continue;
      for (int o = 0; o < n_; ++o)
        if (o != two[at(i)] && o != two[at(j)] && !narrow(w, unit[o], ~c)) return false;
      break;
    }
  }
  const Word two_places = twice & ~thrice;  // digits with exactly two places in the unit
  if (std::popcount(two_places) < 2) return true;
  std::array<Word, kMaxSize> places;  // places[d]: the unit positions where digit d (of two_places) can go
  for (Word bits = two_places; bits != 0; bits &= bits - 1) {
    const int d = std::countr_zero(bits);
    Word at_k = 0;
    for (int k = 0; k < n_; ++k) at_k |= ((w.m[at(unit[k])] >> d) & 1U) << k;
    places[at(d)] = at_k;
  }
  for (Word bits = two_places; bits != 0; bits &= bits - 1) {
    const int d = std::countr_zero(bits);
    for (Word later = bits & (bits - 1); later != 0; later &= later - 1) {
      const int e = std::countr_zero(later);
      if (places[at(e)] != places[at(d)]) continue;
      const Word cells = places[at(d)];
      const Word keep = (Word{1} << d) | (Word{1} << e);
      if (!narrow(w, unit[std::countr_zero(cells)], keep) || !narrow(w, unit[63 - std::countl_zero(cells)], keep))
        return false;
      break;
    }
  }
  return true;
}

// Box-line reductions over the whole grid, along rows (kind 0) and along columns (kind 1). A segment is the cells a
// line shares with a box. A digit in exactly one segment of a box, which the segment's line also holds elsewhere,
// leaves the rest of the line (pointing); a digit in exactly one segment of a line, which the segment's box also
// holds elsewhere, leaves the rest of the box (claiming). "Exactly one" and "elsewhere" come from once / twice
// accumulators over the segments of each box and each line, so a pass costs O(cells + segments) plus the cells it
// narrows. Segment candidates read before a narrowing are supersets of the cells' candidates after it: a digit they
// wrongly show confined has no place left in its unit, a failure the singles find, so every removal stays sound.
template <int kind>
bool SudokuGridConstraint::box_line(Work& w) const {
  const int n = n_;
  const int len = kind == 0 ? box_.cols : box_.rows;   // cells of a segment
  const int per_line = n / len;                        // segments of a line (the boxes it crosses)
  const int band = kind == 0 ? box_.rows : box_.cols;  // lines that cross the same boxes
  const auto cell_at = [n](int line, int k) { return kind == 0 ? line * n + k : k * n + line; };
  std::array<Word, kMaxCells> seg;                   // [line * per_line + block]
  std::array<Word, kMaxSize> line_once, line_twice;  // per line
  std::array<Word, kMaxSize> box_once, box_twice;    // per box: index band_index * per_line + block
  for (int line = 0; line < n; ++line) {
    Word once = 0;
    Word twice = 0;
    for (int block = 0; block < per_line; ++block) {
      Word s = 0;
      for (int k = block * len; k < (block + 1) * len; ++k) s |= w.m[at(cell_at(line, k))];
      seg[at(line * per_line + block)] = s;
      twice |= once & s;
      once |= s;
    }
    line_once[at(line)] = once;
    line_twice[at(line)] = twice;
  }
  for (int first = 0; first < n; first += band)
    for (int block = 0; block < per_line; ++block) {
      Word once = 0;
      Word twice = 0;
      for (int line = first; line < first + band; ++line) {
        const Word s = seg[at(line * per_line + block)];
        twice |= once & s;
        once |= s;
      }
      box_once[at(first / band * per_line + block)] = once;
      box_twice[at(first / band * per_line + block)] = twice;
    }
  for (int line = 0; line < n; ++line) {
    const int first = line - line % band;
    for (int block = 0; block < per_line; ++block) {
      const Word s = seg[at(line * per_line + block)];
      const std::size_t b = at(first / band * per_line + block);
      // Pointing: in this box only here, and elsewhere on the line.
      if (const Word p = s & box_once[b] & ~box_twice[b]; (p & line_twice[at(line)]) != 0) {
        for (int k = 0; k < n; ++k) {
          if (k == block * len) k += len;  // skip the segment itself
          if (k < n && !narrow(w, cell_at(line, k), ~p)) return false;
        }
      }
      // Claiming: on this line only here, and elsewhere in the box.
      if (const Word q = s & line_once[at(line)] & ~line_twice[at(line)]; (q & box_twice[b]) != 0) {
        for (int other = first; other < first + band; ++other)
          if (other != line)
            for (int k = block * len; k < (block + 1) * len; ++k)
              if (!narrow(w, cell_at(other, k), ~q)) return false;
      }
    }
  }
  return true;
}

// Every unit dirty and every single queued: a call with no hint of what changed.
void SudokuGridConstraint::mark_all(Work& w) const {
  const std::uint64_t all = (std::uint64_t{1} << n_) - 1;
  w.dirty.bits = {all, all, all};
  w.box_line_due = true;
  for (int c = 0; c < n_ * n_; ++c)
    if (single(w.m[at(c)])) w.singles[at(w.queued++)] = c;
}

// The rules to the fixpoint from the dirty units and queued singles of `w`. The cheap rules first: spread the
// singles, then hidden singles on each unit changed since its last visit; box-line only when both are quiet and some
// cell changed since the last box-line pass; the pairs, the costliest, only when all of those are quiet, on each unit
// changed since its last pair visit.
bool SudokuGridConstraint::run(Work& w) const {
  w.dirty_pairs = w.dirty;
  bool ok = true;
  while (ok) {
    ok = naked_singles(w);
    if (ok && w.dirty.any()) {
      const UnitSet todo = w.dirty;
      w.dirty = UnitSet{};
      for (int kind = 0; ok && kind < 3; ++kind)
        for (std::uint64_t bits = todo.bits[at(kind)]; ok && bits != 0; bits &= bits - 1)
          ok = hidden_singles(w, kind, std::countr_zero(bits));
      continue;
    }
    if (!ok) break;
    if (w.box_line_due) {
      w.box_line_due = false;
      ok = box_line<0>(w) && box_line<1>(w);
      continue;
    }
    if (!w.dirty_pairs.any()) break;
    const UnitSet todo = w.dirty_pairs;
    w.dirty_pairs = UnitSet{};
    for (int kind = 0; ok && kind < 3; ++kind)
      for (std::uint64_t bits = todo.bits[at(kind)]; ok && bits != 0; bits &= bits - 1)
        ok = pairs(w, kind, std::countr_zero(bits));
  }
  return ok;
}

bool SudokuGridConstraint::fixpoint(std::span<std::uint64_t> cells, Path path) const {
  const bool probing = probing_ == Probing::bivalue;
  const int count = n_ * n_;
  if (static_cast<int>(cells.size()) != count)
    throw ModelError(std::string("constraint '").append(name()).append("': fixpoint needs one word per cell"));
  if (path == Path::fastest && box_.rows == 3 && box_.cols == 3)
    return band::fixpoint(cells.first<band::kCells>(), probing);
  // A store never holds an empty domain (a wipe-out fails at once), which the cell-major code takes for granted.
  if (std::find(cells.begin(), cells.end(), Word{0}) != cells.end()) return false;
  Work w;
  w.full = (Word{1} << n_) - 1;
  for (int c = 0; c < count; ++c) w.m[at(c)] = cells[at(c)];
  mark_all(w);
  if (!run(w) || (probing && !probe(w))) return false;
  std::copy(w.m.begin(), w.m.begin() + count, cells.begin());
  return true;
}

// The 9x9 path: the store's candidates onto the board of the path's last fixpoint (or a fresh one), the rules to the
// fixpoint on the board (then the probing, whose result is still such a fixpoint), and the cells it narrowed back to
// the store in cell order, as the cell-major code does.
bool SudokuGridConstraint::propagate_band(Store& store) const {
  BandMemory* memory = nullptr;
  if (store.owns(*this)) {
    memory = static_cast<BandMemory*>(store.memory(id()));
    if (memory == nullptr) {
      memory = static_cast<BandMemory*>(&store.set_memory(id(), std::make_unique<BandMemory>()));
      memory->level = store.new_int(-1);
    }
  }
  std::optional<BandSlot> local;  // the board of a call without memory (a store of another problem)
  const int k = memory != nullptr ? static_cast<int>(store.int_value(memory->level)) : -1;
  if (memory != nullptr && memory->slots.size() < at(k + 2)) memory->slots.resize(at(k + 2));
  const BandSlot* last = k >= 0 ? &memory->slots[at(k)] : nullptr;
  BandSlot& next = memory != nullptr ? memory->slots[at(k + 1)] : local.emplace();
  const Domain* domains = store.domains().data();
  const VarId* vars = scope().data();
  std::uint32_t changed = 0;  // bit 3 * d + b: digit d lost cells of band b since the slot
  if (last != nullptr) {
    // Only the slot's open cells can differ from it: the store holds no more than the slot, and a single that lost
    // its digit would have failed already.
    next.board = last->board;
    next.cells = last->cells;
    unsigned grew = 0;
    for (int b = 0; b < band::kBands; ++b)
      for (std::uint32_t open = ~last->board.spread[at(b)] & band::kAll; open != 0; open &= open - 1) {
        const int c = 27 * b + std::countr_zero(open);
        const auto now = static_cast<std::uint16_t>(domains[vars[c]].word(0));
        const std::uint16_t was = last->cells[at(c)];
        if (now == was) continue;
        grew |= now & ~was;
        next.cells[at(c)] = now;
        for (unsigned gone = was & ~now; gone != 0; gone &= gone - 1) {
          const int i = 3 * std::countr_zero(gone) + b;
          next.board.f[at(i)] &= ~(std::uint32_t{1} << (c % 27));
          changed |= std::uint32_t{1} << i;
        }
      }
    if (changed == 0 && grew == 0) return true;  // the store is at the slot's fixpoint
    if (grew != 0) last = nullptr;               // not below the slot (never on a search path): start afresh
  }
  if (last == nullptr) {
    std::array<std::uint64_t, band::kCells> words;
    for (int c = 0; c < band::kCells; ++c) {
      words[at(c)] = domains[vars[c]].word(0);
      next.cells[at(c)] = static_cast<std::uint16_t>(words[at(c)]);
    }
    next.board = band::load(words);
  }
  const std::array<std::uint32_t, 27> before = next.board.f;
  if (!band::fixpoint(next.board, last != nullptr ? &last->board : nullptr, changed) ||
      (probing_ == Probing::bivalue && !band::probe(next.board)))
    return false;
  // The digits each cell lost, then the cells in order.
  std::array<std::uint16_t, band::kCells> lost{};
  std::array<std::uint32_t, band::kBands> narrowed{};
  for (int i = 0; i < 27; ++i)
    for (std::uint32_t gone = before[at(i)] ^ next.board.f[at(i)]; gone != 0; gone &= gone - 1) {
      lost[at(27 * (i % 3) + std::countr_zero(gone))] |= static_cast<std::uint16_t>(1U << (i / 3));
      narrowed[at(i % 3)] |= gone & (~gone + 1);
    }
  for (int b = 0; b < band::kBands; ++b)
    for (std::uint32_t cells = narrowed[at(b)]; cells != 0; cells &= cells - 1) {
      const int c = 27 * b + std::countr_zero(cells);
      next.cells[at(c)] = static_cast<std::uint16_t>(next.cells[at(c)] & ~lost[at(c)]);
      if (!store.keep_word(scope()[at(c)], 0, next.cells[at(c)], this)) return false;
    }
  if (memory != nullptr) store.set_int(memory->level, k + 1);
  return true;
}

bool SudokuGridConstraint::propagate(Store& store) const {
  if (band_) return propagate_band(store);
  const int cells = n_ * n_;
  Work w;
  w.full = (Word{1} << n_) - 1;
  for (int c = 0; c < cells; ++c) w.m[at(c)] = store.domain(scope()[at(c)]).word(0);
  LastFixpoint* last = nullptr;
  if (store.owns(*this)) {
    last = static_cast<LastFixpoint*>(store.memory(id()));
    if (last == nullptr) last = static_cast<LastFixpoint*>(&store.set_memory(id(), std::make_unique<LastFixpoint>()));
  }
  if (last != nullptr && last->valid) {
    for (int c = 0; c < cells; ++c) {
      if (w.m[at(c)] == last->words[at(c)]) continue;
      for (int kind = 0; kind < 3; ++kind) w.dirty.bits[at(kind)] |= std::uint64_t{1} << unit_of_[at(3 * c + kind)];
      w.box_line_due = true;
      if (single(w.m[at(c)])) w.singles[at(w.queued++)] = c;
    }
  } else {
    mark_all(w);
  }
  bool ok = run(w) && (probing_ == Probing::none || probe(w));
  for (int i = 0; ok && i < (cells + 63) / 64; ++i)
    for (std::uint64_t bits = w.changed[at(i)]; ok && bits != 0; bits &= bits - 1) {
      const int c = i * 64 + std::countr_zero(bits);
      ok = store.keep_word(scope()[at(c)], 0, w.m[at(c)], this);
    }
  if (last != nullptr) {
    last->valid = ok;
    if (ok) last->words.assign(w.m.begin(), w.m.begin() + cells);
  }
  return ok;
}

}  // namespace csp::models
