// Drawing helpers shared by the charts of csp ablate (plot.cpp: box plots; plot_lines.cpp: cactus and survival
// lines): colours, a thin wrapper over a cairo context, tick labels. Internal to csp_ablation; include it only
// when CSP_HAVE_CAIRO is set.
#pragma once

#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <string>

#include "cairo_api.hpp"  // models/src: cairo loaded on first use
#include "csp/ablation/plot.hpp"

namespace csp::ablation::painting {

using ::csp::detail::cairo;

struct Rgb {
  double r, g, b;
};

/// Colour-blind-safe palette (Okabe-Ito): one colour per panel (box plots) or per configuration (lines).
inline constexpr Rgb kPalette[] = {{0.00, 0.45, 0.70}, {0.90, 0.62, 0.00}, {0.00, 0.62, 0.45}, {0.80, 0.47, 0.65},
                                   {0.34, 0.71, 0.91}, {0.84, 0.37, 0.00}, {0.35, 0.35, 0.35}};
inline constexpr std::size_t kPaletteSize = std::size(kPalette);
/// Runs stopped by a limit, disqualification flags.
inline constexpr Rgb kFailure = {0.80, 0.10, 0.10};
inline constexpr const char* kFont = "DejaVu Sans";

/// The label of the tick at 10^decade: counts (1, 10, ..., 1k, 1M) or times in µs (1 us ... 1 s).
inline std::string tick_label(int decade, PlotMetric metric) {
  if (metric == PlotMetric::time) {
    static const char* units[] = {"1 us", "10 us", "100 us", "1 ms", "10 ms", "100 ms", "1 s", "10 s", "100 s"};
    if (decade >= 0 && decade < 9) return units[decade];
    return std::string("1e").append(std::to_string(decade)).append(" us");
  }
  static const char* counts[] = {"1", "10", "100", "1k", "10k", "100k", "1M", "10M", "100M", "1G"};
  if (decade >= 0 && decade < 10) return counts[decade];
  return std::string("1e").append(std::to_string(decade));
}

/// The axis title of a metric.
inline std::string metric_axis_title(PlotMetric metric) {
  return metric == PlotMetric::assignments ? "search calls = assignments + 1" : "search time (median of repeats)";
}

/// The file name of a path (the panel titles).
inline std::string base_name(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

/// A cairo context on a surface it owns: the 1 x 1 image surface that measures text before a page is sized
/// (`Canvas()`), or the SVG file a chart is drawn into (`Canvas(path, width, height)`, width and height in points;
/// throws InputError "--plot: cannot write PATH" when the file cannot be created). `finish()` writes the SVG out
/// (InputError with cairo's reason when that fails); a canvas destroyed without it frees everything (an exception
/// while drawing leaks nothing).
class Canvas {
 public:
  Canvas() : surface_(cairo().image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)), cr_(cairo().create(surface_)) {}
  Canvas(const std::string& path, double width, double height)
      : path_(path), surface_(cairo().svg_surface_create(path.c_str(), width, height)) {
    if (cairo().surface_status(surface_) != CAIRO_STATUS_SUCCESS) {
      cairo().surface_destroy(surface_);
      throw InputError("--plot: cannot write " + path);
    }
    cr_ = cairo().create(surface_);
  }
  Canvas(const Canvas&) = delete;
  Canvas& operator=(const Canvas&) = delete;
  ~Canvas() {
    if (cr_ != nullptr) cairo().destroy(cr_);
    if (surface_ != nullptr) cairo().surface_destroy(surface_);
  }
  cairo_t* context() { return cr_; }
  void finish() {
    cairo().destroy(cr_);
    cr_ = nullptr;
    cairo().surface_finish(surface_);
    const cairo_status_t status = cairo().surface_status(surface_);
    cairo().surface_destroy(surface_);
    surface_ = nullptr;
    if (status != CAIRO_STATUS_SUCCESS)
      throw InputError("--plot: cannot write " + path_ + ": " + cairo().status_to_string(status));
  }

 private:
  std::string path_;
  cairo_surface_t* surface_;
  cairo_t* cr_ = nullptr;
};

/// The few drawing operations the charts use, on a cairo context it does not own.
class Painter {
 public:
  explicit Painter(cairo_t* cr) : cr_(cr) {}
  void color(Rgb c, double alpha = 1) { cairo().set_source_rgba(cr_, c.r, c.g, c.b, alpha); }
  void font(double size, bool bold = false) {
    cairo().select_font_face(cr_, kFont, CAIRO_FONT_SLANT_NORMAL,
                             bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo().set_font_size(cr_, size);
  }
  double width(const std::string& s) {
    cairo_text_extents_t e;
    cairo().text_extents(cr_, s.c_str(), &e);
    return e.x_advance;
  }
  // align: 0 left, 0.5 centre, 1 right; y is the baseline.
  void text(const std::string& s, double x, double y, double align = 0) {
    cairo().move_to(cr_, x - align * width(s), y);
    cairo().show_text(cr_, s.c_str());
  }
  // Text turned a quarter anticlockwise (a vertical axis title), centred on (x, y).
  void vertical_text(const std::string& s, double x, double y) {
    cairo().save(cr_);
    cairo().translate(cr_, x, y);
    cairo().rotate(cr_, -M_PI / 2);
    text(s, 0, 0, 0.5);
    cairo().restore(cr_);
  }
  void line(double x0, double y0, double x1, double y1, double w) {
    cairo().set_line_width(cr_, w);
    cairo().move_to(cr_, x0, y0);
    cairo().line_to(cr_, x1, y1);
    cairo().stroke(cr_);
  }
  // Dashed lines from now on (on = off = `dash` units), or solid ones for dash 0.
  void dash(double dash) {
    if (dash <= 0) {
      cairo().set_dash(cr_, nullptr, 0, 0);
    } else {
      const double pattern[] = {dash, dash * 0.6};
      cairo().set_dash(cr_, pattern, 2, 0);
    }
  }
  // A polyline through `points`, (x, y) pairs in page units.
  template <class Points>
  void polyline(const Points& points, double w) {
    bool first = true;
    cairo().set_line_width(cr_, w);
    cairo().set_line_join(cr_, CAIRO_LINE_JOIN_ROUND);
    for (const auto& pt : points) {
      if (first)
        cairo().move_to(cr_, pt.first, pt.second);
      else
        cairo().line_to(cr_, pt.first, pt.second);
      first = false;
    }
    cairo().stroke(cr_);
  }
  void fill_rect(double x, double y, double w, double h) {
    cairo().rectangle(cr_, x, y, w, h);
    cairo().fill(cr_);
  }
  /// The top of a chart page of width x height points: a white background, `title` (16 pt bold) at (x, 24) and the
  /// `notes` below it (11 pt grey, one per line from y = 42, 15 points apart).
  void page(double width, double height, const std::string& title, std::initializer_list<std::string> notes, double x) {
    color({1, 1, 1});
    fill_rect(0, 0, width, height);
    color({0.1, 0.1, 0.1});
    font(16, true);
    text(title, x, 24);
    font(11);
    color({0.3, 0.3, 0.3});
    double y = 42;
    for (const std::string& note : notes) {
      text(note, x, y);
      y += 15;
    }
  }
  void stroke_rect(double x, double y, double w, double h, double lw) {
    cairo().set_line_width(cr_, lw);
    cairo().rectangle(cr_, x, y, w, h);
    cairo().stroke(cr_);
  }
  void dot(double x, double y, double r) {
    cairo().new_sub_path(cr_);
    cairo().arc(cr_, x, y, r, 0, 2 * M_PI);
    cairo().fill(cr_);
  }
  void cross(double x, double y, double r, double w) {
    line(x - r, y - r, x + r, y + r, w);
    line(x - r, y + r, x + r, y - r, w);
  }
  // Clips the drawing to a rectangle until unclip().
  void clip(double x, double y, double w, double h) {
    cairo().save(cr_);
    cairo().rectangle(cr_, x, y, w, h);
    cairo().clip(cr_);
  }
  void unclip() { cairo().restore(cr_); }

 private:
  cairo_t* cr_;
};

}  // namespace csp::ablation::painting
