// Grid pictures: the SVG is read back element by element (cell texts, colours, positions, box lines)
// and compared with the solved grid; the PNG is read back with cairo.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/models/grid_picture.hpp"
#include "csp/models/grid_picture_png.hpp"
#include "csp/models/killer_sudoku.hpp"
#include "csp/models/sudoku/format.hpp"
#include "csp/models/sudoku/human_solver.hpp"
#include "csp/models/sudoku/io.hpp"
#include "csp/models/sudoku/picture.hpp"
#include "csp/models/sudoku/techniques.hpp"

#if CSP_HAVE_CAIRO
#include <cairo.h>
#endif

namespace csp::models {
namespace {

// One element of the SVG: its name, attributes and text.
struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;
  double number(const std::string& key) const { return std::stod(attributes.at(key)); }
  bool is(const std::string& n, const std::string& kind) const {
    return name == n && attributes.count("class") && attributes.at("class") == kind;
  }
};

// The elements of a flat SVG as the writer emits them (<name attr="..."/> or <name attr="...">text</name>) for the
// names rect, line and text. A hand scan rather than std::regex: GCC 12's <regex> raises -Wmaybe-uninitialized
// under the sanitizer presets (-Werror).
std::vector<Element> parse_svg(const std::string& svg) {
  static const std::set<std::string> wanted{"rect", "line", "text"};
  std::vector<Element> out;
  for (std::size_t at = svg.find('<'); at != std::string::npos; at = svg.find('<', at + 1)) {
    const std::size_t name_end = svg.find_first_of(" \t\n/>", at + 1);
    if (name_end == std::string::npos) break;
    Element e{svg.substr(at + 1, name_end - at - 1), {}, {}};
    if (!wanted.count(e.name)) continue;
    std::size_t pos = name_end;
    while (true) {  // attributes: key="value"
      pos = svg.find_first_not_of(" \t\n", pos);
      if (pos == std::string::npos || svg[pos] == '/' || svg[pos] == '>') break;
      const std::size_t eq = svg.find("=\"", pos);
      const std::size_t close = svg.find('"', eq + 2);
      EXPECT_NE(close, std::string::npos) << "unterminated attribute in " << svg.substr(at, 40);
      if (eq == std::string::npos || close == std::string::npos) return out;
      e.attributes[svg.substr(pos, eq - pos)] = svg.substr(eq + 2, close - eq - 2);
      pos = close + 1;
    }
    if (pos != std::string::npos && svg[pos] == '>') {  // <name ...>text</name>
      const std::size_t end = svg.find("</" + e.name + ">", pos);
      if (end == std::string::npos) return out;
      e.text = svg.substr(pos + 1, end - pos - 1);
    }
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<Element> of_kind(const std::vector<Element>& all, const std::string& name, const std::string& kind) {
  std::vector<Element> out;
  for (const Element& e : all)
    if (e.is(name, kind)) out.push_back(e);
  return out;
}

// A puzzle of a size, from the project's generated files (each has a unique solution), solved by the human solver.
struct Solved {
  SudokuGrid puzzle;
  SudokuGrid solution;
};

Solved first_puzzle(const std::string& file) {
  std::ifstream in(std::string(CSP_PUZZLES_DIR) + "/" + file);
  std::stringstream text;
  text << in.rdbuf();
  const std::vector<PuzzleRecord> records = read_puzzles(text.str(), file);
  EXPECT_FALSE(records.empty()) << file;
  const SudokuGrid puzzle = *records.at(0).grid;
  const HumanSolveResult r = human_solve(puzzle);
  EXPECT_TRUE(r.solution.has_value());
  EXPECT_EQ(check_solution(puzzle, *r.solution), "");
  return {puzzle, *r.solution};
}

using Segment = std::tuple<double, double, double, double>;

// The thick lines a box shape calls for: full-length lines every box.rows rows and every box.cols columns.
std::set<Segment> expected_box_lines(BoxShape box, const PictureStyle& s) {
  const int n = box.size();
  const double lo = s.margin;
  const double hi = s.margin + s.cell * n;
  std::set<Segment> out;
  for (int i = 0; i <= n; i += box.rows) out.insert({lo, lo + s.cell * i, hi, lo + s.cell * i});
  for (int j = 0; j <= n; j += box.cols) out.insert({lo + s.cell * j, lo, lo + s.cell * j, hi});
  return out;
}

void check_sudoku_svg(const std::string& file, BoxShape box) {
  SCOPED_TRACE(file);
  const Solved s = first_puzzle(file);
  ASSERT_EQ(s.puzzle.box, box);
  const PictureStyle style;
  const std::vector<Element> svg = parse_svg(to_svg(sudoku_picture(s.puzzle, s.solution), style));
  const int n = box.size();
  const std::vector<Element> given = of_kind(svg, "text", "given");
  const std::vector<Element> found = of_kind(svg, "text", "found");
  EXPECT_EQ(static_cast<int>(given.size()), s.puzzle.given_count());
  EXPECT_EQ(static_cast<int>(given.size() + found.size()), n * n);
  std::vector<std::string> texts(static_cast<std::size_t>(n * n));
  for (const std::vector<Element>* list : {&given, &found}) {
    for (const Element& e : *list) {
      const int r = std::stoi(e.attributes.at("data-row"));
      const int c = std::stoi(e.attributes.at("data-col"));
      texts[static_cast<std::size_t>(r * n + c)] = e.text;
      EXPECT_DOUBLE_EQ(e.number("x"), style.margin + style.cell * (c + 0.5));
      EXPECT_DOUBLE_EQ(e.number("y"), style.margin + style.cell * (r + 0.5));
      const bool is_given = s.puzzle.at(r, c) != 0;
      EXPECT_EQ(e.attributes.at("class"), is_given ? "given" : "found");
      EXPECT_EQ(e.attributes.at("fill"), is_given ? "#000000" : "#0000ff");
      EXPECT_EQ(e.attributes.count("font-weight"), is_given ? 1U : 0U);
    }
  }
  for (int cell = 0; cell < n * n; ++cell)
    EXPECT_EQ(texts[static_cast<std::size_t>(cell)],
              std::string(1, symbol_of(s.solution.cells[static_cast<std::size_t>(cell)])))
        << "cell " << cell;
  std::set<Segment> thick;
  for (const Element& e : of_kind(svg, "line", "region")) {
    thick.insert({e.number("x1"), e.number("y1"), e.number("x2"), e.number("y2")});
    EXPECT_EQ(e.number("stroke-width"), style.thick_line);
  }
  EXPECT_EQ(thick, expected_box_lines(box, style));
  EXPECT_EQ(of_kind(svg, "line", "grid").size(), static_cast<std::size_t>(2 * (n - 1)));
}

TEST(GridPicture, SudokuSvgOfEveryBoxShape) {
  check_sudoku_svg("generated_4x4.txt", BoxShape{2, 2});
  check_sudoku_svg("generated_6x6.txt", BoxShape{2, 3});
  check_sudoku_svg("generated_9x9.txt", BoxShape{3, 3});
  check_sudoku_svg("generated_16x16.txt", BoxShape{4, 4});  // digits 10..16 as A..G
}

TEST(GridPicture, UnsolvedPuzzleShowsOnlyGivens) {
  const Solved s = first_puzzle("generated_9x9.txt");
  const std::vector<Element> svg = parse_svg(to_svg(sudoku_picture(s.puzzle)));
  EXPECT_EQ(static_cast<int>(of_kind(svg, "text", "given").size()), s.puzzle.given_count());
  EXPECT_TRUE(of_kind(svg, "text", "found").empty());
}

TEST(GridPicture, AnyRegionsDrawOnlyTheirBorders) {
  // Two regions of a 2x3 grid: the left column and the rest; one thick vertical run between them, plus the border.
  GridPicture p;
  p.rows = 2;
  p.cols = 3;
  p.regions = {0, 1, 1, 0, 1, 1};
  p.texts = {"a", "", "b", "", "c", "&<"};
  const PictureStyle s;
  const std::vector<Element> svg = parse_svg(to_svg(p, s));
  std::set<Segment> thick;
  for (const Element& e : of_kind(svg, "line", "region"))
    thick.insert({e.number("x1"), e.number("y1"), e.number("x2"), e.number("y2")});
  const double l = s.margin, t = s.margin, r = s.margin + 3 * s.cell, b = s.margin + 2 * s.cell;
  EXPECT_EQ(thick, (std::set<Segment>{
                       {l, t, r, t}, {l, b, r, b}, {l, t, l, b}, {r, t, r, b}, {l + s.cell, t, l + s.cell, b}}));
  EXPECT_EQ(of_kind(svg, "text", "given").size(), 4U);  // no roles: every text is a given
  EXPECT_NE(to_svg(p).find(">&amp;&lt;</text>"), std::string::npos);
}

TEST(GridPicture, KillerCagesAreDashedWithTheirSums) {
  const KillerSudoku k = parse_killer_sudoku("box 2x2\naabb\ncddb\nceff\ngehh\na 3 b 9 c 5 d 5\ne 4 f 7 g 4 h 3\n");
  const SudokuGrid solution{BoxShape{2, 2}, {1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1}};
  ASSERT_EQ(check_killer_solution(k, solution), "");
  const PictureStyle s;
  const std::vector<Element> svg = parse_svg(to_svg(killer_picture(k, solution), s));
  const std::vector<Element> sums = of_kind(svg, "text", "cage-sum");
  ASSERT_EQ(sums.size(), k.cages.size());
  for (std::size_t i = 0; i < sums.size(); ++i) {
    EXPECT_EQ(sums[i].text, std::to_string(k.cages[i].sum));
    const int first = k.cages[i].cells.front();
    EXPECT_EQ(std::stoi(sums[i].attributes.at("data-row")), first / 4);
    EXPECT_EQ(std::stoi(sums[i].attributes.at("data-col")), first % 4);
  }
  const std::vector<Element> cage_lines = of_kind(svg, "line", "cage");
  // One dashed segment per cage-cell side on its cage's border: a 1x2 cage has 6, an L of three cells 8, ...
  int sides = 0;
  for (const Cage& cage : k.cages)
    for (int c : cage.cells)
      for (int nb : {c - 4, c + 4, c % 4 > 0 ? c - 1 : -1, c % 4 < 3 ? c + 1 : -1})
        sides += (nb < 0 || nb >= 16 || std::find(cage.cells.begin(), cage.cells.end(), nb) == cage.cells.end());
  EXPECT_EQ(static_cast<int>(cage_lines.size()), sides);
  for (const Element& e : cage_lines) EXPECT_EQ(e.attributes.count("stroke-dasharray"), 1U);
  const std::vector<Element> found = of_kind(svg, "text", "found");
  ASSERT_EQ(found.size(), 16U);
  for (const Element& e : found)
    EXPECT_EQ(e.text, std::to_string(
                          solution.at(std::stoi(e.attributes.at("data-row")), std::stoi(e.attributes.at("data-col")))));
  EXPECT_EQ(of_kind(svg, "line", "region").size(), 6U);  // 2x2 boxes: three horizontal, three vertical lines
}

TEST(GridPicture, ExplainStepMarksItsEliminations) {
  // The first step of the human solver that removes candidates, drawn on the grid before it.
  // Puzzle 3 of Norvig's sample (classic.txt) needs pointing, subsets and more.
  std::ifstream in(std::string(CSP_PUZZLES_DIR) + "/classic.txt");
  std::stringstream text;
  text << in.rdbuf();
  const Solved s{*read_puzzles(text.str()).at(2).grid, {}};
  const HumanSolveResult r = human_solve(s.puzzle);
  CandidateGrid g(s.puzzle);
  std::size_t i = 0;
  while (i < r.steps.size() && r.steps[i].eliminations.empty()) apply(g, r.steps[i++]);
  ASSERT_LT(i, r.steps.size()) << "no eliminating step";
  const Step& step = r.steps[i];
  const std::vector<Element> svg = parse_svg(to_svg(step_picture(s.puzzle, g, step, "Step")));
  const std::vector<Element> removed = of_kind(svg, "text", "eliminated");
  ASSERT_EQ(removed.size(), step.eliminations.size());
  for (std::size_t k = 0; k < removed.size(); ++k) {
    const CellDigit& e = step.eliminations[k];
    EXPECT_EQ(removed[k].text, std::to_string(e.digit));
    EXPECT_EQ(removed[k].attributes.at("fill"), "#d62728");
    EXPECT_EQ(std::stoi(removed[k].attributes.at("data-row")) * 9 + std::stoi(removed[k].attributes.at("data-col")),
              e.cell);
  }
  EXPECT_EQ(of_kind(svg, "line", "strike").size(), step.eliminations.size());
  EXPECT_EQ(of_kind(svg, "rect", "highlight").size(), step.cells.size() + step.placements.size());
  // Every candidate of every empty cell is drawn once (plain, eliminated or placed).
  std::size_t candidates = 0;
  for (int cell = 0; cell < 81; ++cell)
    for (int d = 1; d <= 9; ++d) candidates += (g.value(cell) == 0 && g.has(cell, d));
  EXPECT_EQ(of_kind(svg, "text", "candidate").size() + removed.size() + of_kind(svg, "text", "placed").size(),
            candidates);
  EXPECT_EQ(of_kind(svg, "text", "title").size(), 1U);
}

TEST(GridPicture, BadInputsThrow) {
  GridPicture p;
  EXPECT_THROW(to_svg(p), ModelError);
  p.rows = 2;
  p.cols = 2;
  p.texts = {"1"};
  EXPECT_THROW(to_svg(p), ModelError);
  p.texts.clear();
  p.highlighted = {4};
  EXPECT_THROW(to_svg(p), ModelError);
  p.highlighted.clear();
  try {
    write_svg(p, "/nonexistent-dir/x.svg");
    FAIL() << "no error";
  } catch (const ModelError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-dir/x.svg"), std::string::npos) << e.what();
  }
}

#if CSP_HAVE_CAIRO
TEST(GridPicture, PngReadsBackWithItsSizeAndColours) {
  ASSERT_TRUE(png_pictures_available());
  const Solved s = first_puzzle("generated_9x9.txt");
  const std::string path = (std::filesystem::temp_directory_path() / "csp_grid_picture_test.png").string();
  write_png(sudoku_picture(s.puzzle, s.solution), path);
  cairo_surface_t* png = cairo_image_surface_create_from_png(path.c_str());
  ASSERT_EQ(cairo_surface_status(png), CAIRO_STATUS_SUCCESS);
  EXPECT_EQ(cairo_image_surface_get_width(png), 2 * 8 + 9 * 40);
  EXPECT_EQ(cairo_image_surface_get_height(png), 2 * 8 + 9 * 40);
  cairo_surface_flush(png);
  const unsigned char* data = cairo_image_surface_get_data(png);
  const int stride = cairo_image_surface_get_stride(png);
  int blue = 0, black = 0, white = 0;
  for (int y = 0; y < cairo_image_surface_get_height(png); ++y) {
    for (int x = 0; x < cairo_image_surface_get_width(png); ++x) {
      const auto* px = data + y * stride + 4 * x;  // native-endian 0xAARRGGBB: B, G, R on little-endian
      const int b = px[0], g = px[1], r = px[2];
      blue += (b > 200 && r < 60 && g < 60);
      black += (b < 40 && r < 40 && g < 40);
      white += (b > 240 && r > 240 && g > 240);
    }
  }
  cairo_surface_destroy(png);
  std::remove(path.c_str());
  EXPECT_GT(blue, 100) << "found digits drawn blue";
  EXPECT_GT(black, 1000) << "lines and givens drawn black";
  EXPECT_GT(white, 376 * 376 / 2) << "a white background";
  EXPECT_THROW(write_png(sudoku_picture(s.puzzle), "/nonexistent-dir/x.png"), ModelError);
}
#else
TEST(GridPicture, PngWithoutCairoSaysSo) {
  EXPECT_FALSE(png_pictures_available());
  GridPicture p;
  p.rows = p.cols = 1;
  EXPECT_THROW(write_png(p, "x.png"), ModelError);
}
#endif

}  // namespace
}  // namespace csp::models
