// Grid pictures: the layout of a GridPicture as shapes, and its SVG text.
#include "csp/models/grid_picture.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <set>

#include "csp/core/errors.hpp"

namespace csp::models {

namespace {

// Where the cells are: the top-left corner of cell (r, c) and the side of a cell.
struct Frame {
  int rows = 0;
  int cols = 0;
  double left = 0;
  double top = 0;
  double side = 0;
  double x(int c) const { return left + side * c; }
  double y(int r) const { return top + side * r; }
};

void check_size(const GridPicture& p, std::size_t size, const char* what) {
  const std::size_t cells = static_cast<std::size_t>(p.rows) * static_cast<std::size_t>(p.cols);
  if (size != 0 && size != cells)
    throw ModelError(std::string("grid picture: ")
                         .append(what)
                         .append(" has ")
                         .append(std::to_string(size))
                         .append(" entries, expected 0 or ")
                         .append(std::to_string(cells)));
}

void check_cell(const GridPicture& p, int cell, const char* what) {
  if (cell < 0 || cell >= p.rows * p.cols)
    throw ModelError(std::string("grid picture: ")
                         .append(what)
                         .append(" names cell ")
                         .append(std::to_string(cell))
                         .append(", outside the ")
                         .append(std::to_string(p.rows))
                         .append("x")
                         .append(std::to_string(p.cols))
                         .append(" grid"));
}

void check_picture(const GridPicture& p) {
  if (p.rows < 1 || p.cols < 1 || p.rows > 1024 || p.cols > 1024)
    throw ModelError(std::string("grid picture: ")
                         .append(std::to_string(p.rows))
                         .append("x")
                         .append(std::to_string(p.cols))
                         .append(" cells (each side must be 1..1024)"));
  check_size(p, p.texts.size(), "texts");
  check_size(p, p.roles.size(), "roles");
  check_size(p, p.regions.size(), "regions");
  check_size(p, p.candidates.size(), "candidates");
  if (p.candidate_columns < 1) throw ModelError("grid picture: candidate_columns must be at least 1");
  for (const PictureCage& cage : p.cages)
    for (int c : cage.cells) check_cell(p, c, "a cage");
  for (int c : p.highlighted) check_cell(p, c, "a highlighted cell");
  for (const CandidateMark& m : p.eliminated) check_cell(p, m.cell, "an eliminated candidate");
  for (const CandidateMark& m : p.placed) check_cell(p, m.cell, "a placed candidate");
}

// Whether the edge between two cells (or the grid's border, b < 0) is a region line.
bool region_edge(const GridPicture& p, int a, int b) {
  if (b < 0) return true;
  if (p.regions.empty()) return false;
  return p.regions[static_cast<std::size_t>(a)] != p.regions[static_cast<std::size_t>(b)];
}

// The thick lines: per horizontal and vertical grid line, each run of consecutive region edges as one line.
void add_region_lines(const GridPicture& p, const Frame& f, const PictureStyle& s, PictureScene& scene) {
  const auto line = [&](double x1, double y1, double x2, double y2) {
    scene.shapes.emplace_back(PictureLine{x1, y1, x2, y2, s.thick_line, kLineColour, false, "region"});
  };
  for (int i = 0; i <= p.rows; ++i) {  // horizontal line i: between rows i-1 and i
    for (int c = 0; c < p.cols;) {
      const auto thick = [&](int col) {
        const int above = i > 0 ? (i - 1) * p.cols + col : -1;
        const int below = i < p.rows ? i * p.cols + col : -1;
        return above < 0 || below < 0 || region_edge(p, above, below);
      };
      if (!thick(c)) {
        ++c;
        continue;
      }
      int end = c;
      while (end < p.cols && thick(end)) ++end;
      line(f.x(c), f.y(i), f.x(end), f.y(i));
      c = end;
    }
  }
  for (int j = 0; j <= p.cols; ++j) {  // vertical line j: between columns j-1 and j
    for (int r = 0; r < p.rows;) {
      const auto thick = [&](int row) {
        const int left = j > 0 ? row * p.cols + j - 1 : -1;
        const int right = j < p.cols ? row * p.cols + j : -1;
        return left < 0 || right < 0 || region_edge(p, left, right);
      };
      if (!thick(r)) {
        ++r;
        continue;
      }
      int end = r;
      while (end < p.rows && thick(end)) ++end;
      line(f.x(j), f.y(r), f.x(j), f.y(end));
      r = end;
    }
  }
}

void add_grid_lines(const GridPicture& p, const Frame& f, const PictureStyle& s, PictureScene& scene) {
  for (int i = 1; i < p.rows; ++i)
    scene.shapes.emplace_back(
        PictureLine{f.x(0), f.y(i), f.x(p.cols), f.y(i), s.thin_line, kLineColour, false, "grid"});
  for (int j = 1; j < p.cols; ++j)
    scene.shapes.emplace_back(
        PictureLine{f.x(j), f.y(0), f.x(j), f.y(p.rows), s.thin_line, kLineColour, false, "grid"});
}

// One side of a cage cell on the cage's border, inset by m. Directions: (dr, dc) points out of the cage across the
// side; the side runs along (ar, ac). Each end is shortened by m at a convex corner and lengthened by m at a concave
// one, so that the outline is closed.
struct CageCells {
  const GridPicture& p;
  std::set<int> cells;
  bool in(int r, int c) const { return r >= 0 && c >= 0 && r < p.rows && c < p.cols && cells.count(r * p.cols + c); }
};

double end_offset(const CageCells& cage, int r, int c, int dr, int dc, int ar, int ac, double m) {
  if (!cage.in(r + ar, c + ac)) return -m;             // convex corner: stop short
  return cage.in(r + ar + dr, c + ac + dc) ? m : 0.0;  // concave corner: reach the next side's line
}

void add_cage(const GridPicture& p, const PictureCage& cage, const Frame& f, PictureScene& scene) {
  const CageCells cells{p, std::set<int>(cage.cells.begin(), cage.cells.end())};
  const double m = f.side * 0.08;
  const double width = std::max(1.0, f.side / 40.0);
  const auto line = [&](double x1, double y1, double x2, double y2) {
    scene.shapes.emplace_back(PictureLine{x1, y1, x2, y2, width, kLineColour, true, "cage"});
  };
  for (int cell : cells.cells) {
    const int r = cell / p.cols;
    const int c = cell % p.cols;
    const double x0 = f.x(c), y0 = f.y(r), x1 = f.x(c + 1), y1 = f.y(r + 1);
    if (!cells.in(r - 1, c))
      line(x0 - end_offset(cells, r, c, -1, 0, 0, -1, m), y0 + m, x1 + end_offset(cells, r, c, -1, 0, 0, 1, m), y0 + m);
    if (!cells.in(r + 1, c))
      line(x0 - end_offset(cells, r, c, 1, 0, 0, -1, m), y1 - m, x1 + end_offset(cells, r, c, 1, 0, 0, 1, m), y1 - m);
    if (!cells.in(r, c - 1))
      line(x0 + m, y0 - end_offset(cells, r, c, 0, -1, -1, 0, m), x0 + m, y1 + end_offset(cells, r, c, 0, -1, 1, 0, m));
    if (!cells.in(r, c + 1))
      line(x1 - m, y0 - end_offset(cells, r, c, 0, 1, -1, 0, m), x1 - m, y1 + end_offset(cells, r, c, 0, 1, 1, 0, m));
  }
  if (cage.label.empty() || cage.cells.empty()) return;
  const int first = *cells.cells.begin();
  const int r = first / p.cols;
  const int c = first % p.cols;
  const double size = f.side * 0.24;
  const double w = size * 0.62 * static_cast<double>(cage.label.size()) + 2;
  scene.shapes.emplace_back(PictureRect{f.x(c) + 1.5, f.y(r) + 1.5, w, size + 1, "#ffffff", "label-background"});
  scene.shapes.emplace_back(
      PictureText{f.x(c) + 2.5, f.y(r) + 2 + size / 2, size, kLineColour, false, false, cage.label, "cage-sum", r, c});
}

bool marked(const std::vector<CandidateMark>& marks, int cell, int digit) {
  return std::find(marks.begin(), marks.end(), CandidateMark{cell, digit}) != marks.end();
}

void add_candidates(const GridPicture& p, int cell, const Frame& f, PictureScene& scene) {
  const int r = cell / p.cols;
  const int c = cell % p.cols;
  const int k = p.candidate_columns;
  const double sub = f.side / k;
  const double size = std::min(sub * 0.8, f.side * 0.3);
  for (int d : p.candidates[static_cast<std::size_t>(cell)]) {
    if (d < 1) continue;
    const double x = f.x(c) + sub * ((d - 1) % k + 0.5);
    const double y = f.y(r) + sub * ((d - 1) / k + 0.5);
    const std::string text = d <= 9 ? std::to_string(d) : std::string(1, static_cast<char>('A' + d - 10));
    if (marked(p.eliminated, cell, d)) {
      scene.shapes.emplace_back(PictureText{x, y, size, kEliminatedColour, false, true, text, "eliminated", r, c});
      scene.shapes.emplace_back(PictureLine{x - sub * 0.4, y + sub * 0.3, x + sub * 0.4, y - sub * 0.3,
                                            std::max(1.0, f.side / 30.0), kEliminatedColour, false, "strike"});
    } else if (marked(p.placed, cell, d)) {
      scene.shapes.emplace_back(PictureText{x, y, size, kPlacedColour, true, true, text, "placed", r, c});
    } else {
      scene.shapes.emplace_back(PictureText{x, y, size, kCandidateColour, false, true, text, "candidate", r, c});
    }
  }
}

void add_texts(const GridPicture& p, const Frame& f, PictureScene& scene) {
  for (int cell = 0; cell < p.rows * p.cols; ++cell) {
    const std::size_t i = static_cast<std::size_t>(cell);
    const std::string text = p.texts.empty() ? std::string() : p.texts[i];
    if (text.empty()) {
      if (!p.candidates.empty()) add_candidates(p, cell, f, scene);
      continue;
    }
    const bool given = p.roles.empty() || p.roles[i] == CellRole::given;
    const int r = cell / p.cols;
    const int c = cell % p.cols;
    // Beside cages, a little smaller and lower: clear of the sums in the corners.
    const double size = f.side * (text.size() > 1 ? 0.45 : 0.6) * (p.cages.empty() ? 1.0 : 0.8);
    const double y = f.y(r) + f.side * (p.cages.empty() ? 0.5 : 0.56);
    scene.shapes.emplace_back(PictureText{f.x(c) + f.side / 2, y, size, given ? kGivenColour : kFoundColour, given,
                                          true, text, given ? "given" : "found", r, c});
  }
}

// Text and attributes as XML: & < > " escaped.
std::string xml_escape(const std::string& s) {
  std::string out;
  for (char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s;
}

struct SvgShape {
  std::string& out;
  void operator()(const PictureRect& r) const {
    out.append("<rect class=\"")
        .append(r.kind)
        .append("\" x=\"")
        .append(number(r.x))
        .append("\" y=\"")
        .append(number(r.y))
        .append("\" width=\"")
        .append(number(r.width))
        .append("\" height=\"")
        .append(number(r.height))
        .append("\" fill=\"")
        .append(r.fill)
        .append("\"/>\n");
  }
  void operator()(const PictureLine& l) const {
    out.append("<line class=\"")
        .append(l.kind)
        .append("\" x1=\"")
        .append(number(l.x1))
        .append("\" y1=\"")
        .append(number(l.y1))
        .append("\" x2=\"")
        .append(number(l.x2))
        .append("\" y2=\"")
        .append(number(l.y2))
        .append("\" stroke=\"")
        .append(l.colour)
        .append("\" stroke-width=\"")
        .append(number(l.width))
        .append(l.dashed ? "\" stroke-dasharray=\"3,3" : "")
        .append("\" stroke-linecap=\"square\"/>\n");
  }
  void operator()(const PictureText& t) const {
    out.append("<text class=\"").append(t.kind).append("\"");
    if (t.row >= 0)
      out.append(" data-row=\"")
          .append(std::to_string(t.row))
          .append("\" data-col=\"")
          .append(std::to_string(t.col))
          .append("\"");
    out.append(" x=\"")
        .append(number(t.x))
        .append("\" y=\"")
        .append(number(t.y))
        .append("\" font-size=\"")
        .append(number(t.size))
        .append("\" fill=\"")
        .append(t.colour)
        .append("\"")
        .append(t.bold ? " font-weight=\"bold\"" : "")
        .append(t.middle ? " text-anchor=\"middle\"" : "")
        .append(" dominant-baseline=\"central\">")
        .append(xml_escape(t.text))
        .append("</text>\n");
  }
};

}  // namespace

PictureScene layout_picture(const GridPicture& picture, const PictureStyle& style) {
  check_picture(picture);
  const double title = picture.title.empty() ? 0.0 : style.title_height;
  const Frame f{picture.rows, picture.cols, style.margin, style.margin + title, style.cell};
  PictureScene scene;
  scene.width = 2 * style.margin + style.cell * picture.cols;
  scene.height = 2 * style.margin + title + style.cell * picture.rows;
  scene.shapes.emplace_back(PictureRect{0, 0, scene.width, scene.height, "#ffffff", "background"});
  for (int cell : picture.highlighted)
    scene.shapes.emplace_back(
        PictureRect{f.x(cell % picture.cols), f.y(cell / picture.cols), f.side, f.side, kHighlightColour, "highlight"});
  if (!picture.title.empty())
    scene.shapes.emplace_back(PictureText{scene.width / 2, style.margin + title / 2, title * 0.6, kLineColour, false,
                                          true, picture.title, "title", -1, -1});
  add_grid_lines(picture, f, style, scene);
  for (const PictureCage& cage : picture.cages) add_cage(picture, cage, f, scene);
  add_region_lines(picture, f, style, scene);
  add_texts(picture, f, scene);
  return scene;
}

std::string to_svg(const PictureScene& scene) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"")
      .append(number(scene.width))
      .append("\" height=\"")
      .append(number(scene.height))
      .append("\" viewBox=\"0 0 ")
      .append(number(scene.width))
      .append(" ")
      .append(number(scene.height))
      .append("\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n");
  for (const PictureShape& shape : scene.shapes) std::visit(SvgShape{out}, shape);
  out.append("</svg>\n");
  return out;
}

std::string to_svg(const GridPicture& picture, const PictureStyle& style) {
  return to_svg(layout_picture(picture, style));
}

void write_svg(const GridPicture& picture, const std::string& path, const PictureStyle& style) {
  const std::string svg = to_svg(picture, style);
  errno = 0;
  std::ofstream out(path, std::ios::binary);
  if (!out)
    throw ModelError(std::string("cannot write the picture ")
                         .append(path)
                         .append(": ")
                         .append(errno != 0 ? std::strerror(errno) : "cannot open the file"));
  out << svg;
  out.close();
  if (!out) throw ModelError(std::string("cannot write the picture ").append(path).append(": write failed"));
}

}  // namespace csp::models
