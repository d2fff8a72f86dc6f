// The painter of the run-length charts of csp ablate (--plot-kind cactus, survival): draws the curves that
// plot_curves.cpp computes, one panel per group, one line per configuration pool, with cairo's SVG surface.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "csp/ablation/plot_curves.hpp"

#if CSP_HAVE_CAIRO
#include <cairo-svg.h>

#include "plot_painter.hpp"
#endif

namespace csp::ablation {

#if !CSP_HAVE_CAIRO

void write_line_plot(const std::string&, const Study&, PlotMetric, PlotKind) {
  throw InputError("--plot: this csp was built without cairo (install libcairo2-dev and reconfigure)");
}

#else

namespace {

using painting::Canvas;
using painting::Painter;
using painting::Rgb;

constexpr double kPanelWidth = 360;
constexpr double kPanelHeight = 240;
constexpr double kMargin = 16;
constexpr double kAxisRoom = 62;  // left of a panel: tick labels and the axis title
constexpr double kGap = 24;

// A step of 1, 2 or 5 times a power of ten that divides [0, max] into at most 8 intervals.
double linear_step(double max) {
  double step = 1;
  for (;;) {
    for (double m : {1.0, 2.0, 5.0})
      if (max / (m * step) <= 8) return m * step;
    step *= 10;
  }
}

std::string number_label(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// The decades [lo, hi] (10^lo .. 10^hi) that hold every finished cost of `curves` and `limit` (0: none); 1 .. 10
// when there is none.
std::pair<int, int> cost_decades(const std::vector<Curve>& curves, PlotKind kind, double limit) {
  double lo = limit > 0 ? limit : 1e300;
  double hi = limit;
  for (const Curve& c : curves)
    for (const CurvePoint& pt : c.points) {
      const double v = kind == PlotKind::cactus ? pt.y : pt.x;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  if (hi == 0) return {0, 1};
  const int dlo = static_cast<int>(std::floor(std::log10(std::max(lo, 1.0))));
  int dhi = static_cast<int>(std::ceil(std::log10(hi)));
  if (dhi <= dlo) dhi = dlo + 1;
  return {dlo, dhi};
}

}  // namespace

void write_line_plot(const std::string& path, const Study& study, PlotMetric metric, PlotKind kind) {
  const painting::FontCacheReset reset_font_caches;  // declared first: runs after every cairo object is gone
  const std::vector<Curve> curves = run_length_curves(study, metric, kind);
  if (curves.empty()) throw InputError("--plot: nothing to draw (no valid instance was run)");
  const bool cactus = kind == PlotKind::cactus;
  std::vector<std::string> groups;
  for (const Curve& c : curves)
    if (std::find(groups.begin(), groups.end(), c.group) == groups.end()) groups.push_back(c.group);
  const SeedPools pools = pool_over_seeds(study.configs);

  bool seeds = false;
  for (const Configuration& c : study.configs) seeds = seeds || c.seed != study.configs.front().seed;
  const std::string cost = metric == PlotMetric::assignments ? "search calls (assignments + 1)" : "search time";
  const std::string title = "csp ablate " + study.model + ": " +
                            (cactus ? "cactus plot of " : "run-length distribution of ") + cost;
  std::string how = cactus ? "per configuration its finished runs sorted by cost; runs stopped by a limit are left out"
                           : "per configuration the share of runs not finished within a cost (1 - empirical CDF); "
                             "runs stopped by a limit never finish";
  std::string how2 = seeds ? "seeds pooled: one line per configuration over all its seeds" : "";
  if (study.limits.node_limit != 0 || study.limits.timeout_ms != 0) {
    how2.append(how2.empty() ? "" : "; ").append("limits per run: ");
    if (study.limits.node_limit != 0) how2.append(std::to_string(study.limits.node_limit)).append(" assignments");
    if (study.limits.node_limit != 0 && study.limits.timeout_ms != 0) how2.append(", ");
    if (study.limits.timeout_ms != 0) how2.append(std::to_string(study.limits.timeout_ms)).append(" ms");
  }
  // The limit on the cost axis (dashed, red) when the metric has one: node limit + 1 search calls, or the timeout
  // (a stopped run's cost is at least about that).
  double limit = 0;
  if (metric == PlotMetric::assignments && study.limits.node_limit != 0)
    limit = static_cast<double>(study.limits.node_limit) + 1;
  if (metric == PlotMetric::time && study.limits.timeout_ms != 0) limit = 1000.0 * static_cast<double>(study.limits.timeout_ms);
  // The axis reaches the limit only when some run stopped (else the limit would squeeze the curves to one side).
  bool stopped = false;
  for (const Curve& c : curves) stopped = stopped || c.finished < c.runs;
  // Legend entries: the pool names, with finished / runs when there is one group.
  std::vector<std::string> legend(pools.names.size());
  for (const Curve& c : curves) {
    legend[c.pool] = c.name;
    if (groups.size() == 1)
      legend[c.pool].append("  (").append(std::to_string(c.finished)).append("/").append(std::to_string(c.runs)).append(
          " finished)");
  }

  const std::pair<int, int> decade_range = cost_decades(curves, kind, stopped ? limit : 0);  // no structured binding: lambdas use it
  const int dlo = decade_range.first;
  const int dhi = decade_range.second;
  const double decades = static_cast<double>(dhi - dlo);

  const double panel_step = kAxisRoom + kPanelWidth + kGap;
  double width = kMargin + panel_step * static_cast<double>(groups.size()) - kGap + kMargin;
  std::vector<double> legend_w(legend.size());
  {
    Canvas scratch;
    Painter p(scratch.context());
    p.font(16, true);
    width = std::max(width, 2 * kMargin + p.width(title));
    p.font(11);
    width = std::max(width, 2 * kMargin + p.width(how));
    width = std::max(width, 2 * kMargin + p.width(how2));
    for (std::size_t i = 0; i < legend.size(); ++i) legend_w[i] = 30 + p.width(legend[i]) + 22;
  }
  // Legend rows: entries left to right, wrapped at the page width.
  std::vector<std::pair<double, double>> legend_at(legend.size());  // (x, row)
  double lx = kMargin;
  double legend_rows = legend.empty() ? 0 : 1;
  for (std::size_t i = 0; i < legend.size(); ++i) {
    if (legend[i].empty()) continue;
    if (lx > kMargin && lx + legend_w[i] > width - kMargin) {
      lx = kMargin;
      ++legend_rows;
    }
    legend_at[i] = {lx, legend_rows - 1};
    lx += legend_w[i];
  }
  const double top = 94;
  const double legend_top = top + kPanelHeight + 58;
  const double height = legend_top + 18 * legend_rows + kMargin;

  Canvas canvas(path, width, height);
  cairo_t* cr = canvas.context();
  Painter p(cr);
  p.page(width, height, title, {how, how2}, kMargin);

  const auto style = [&](std::size_t pool) {
    p.color(painting::kPalette[pool % painting::kPaletteSize], 0.95);
    p.dash(pool < painting::kPaletteSize ? 0 : 5.0 + 2.0 * static_cast<double>(pool / painting::kPaletteSize));
  };

  for (std::size_t g = 0; g < groups.size(); ++g) {
    const double px = kMargin + kAxisRoom + panel_step * static_cast<double>(g);
    double runs = 0;  // cactus: the x axis goes to the most runs of a pool
    for (const Curve& c : curves)
      if (c.group == groups[g]) runs = std::max(runs, static_cast<double>(c.runs));
    const double step = linear_step(std::max(runs, 1.0));
    const double x_max = std::max(step, std::ceil(runs / step) * step);
    // Data to page: cost on a log axis (y for cactus, x for survival), the other axis linear.
    const auto log_pos = [&](double v) { return (std::log10(v) - dlo) / decades; };
    const auto x_of = [&](double x) {
      return px + kPanelWidth * (cactus ? x / x_max : log_pos(x));
    };
    const auto y_of = [&](double y) { return top + kPanelHeight * (1 - (cactus ? log_pos(y) : y)); };

    p.font(12, true);
    p.color({0.1, 0.1, 0.1});
    p.text(painting::base_name(groups[g]), px + kPanelWidth / 2, top - 12, 0.5);
    // Grid and ticks of the log axis: decades and their 2..9 multiples.
    p.font(10);
    for (int d = dlo; d <= dhi; ++d) {
      const double v = std::pow(10.0, d);
      p.color({0.75, 0.75, 0.75});
      if (cactus) {
        p.line(px, y_of(v), px + kPanelWidth, y_of(v), 0.8);
        p.color({0.2, 0.2, 0.2});
        p.text(painting::tick_label(d, metric), px - 6, y_of(v) + 4, 1);
      } else {
        p.line(x_of(v), top, x_of(v), top + kPanelHeight, 0.8);
        p.color({0.2, 0.2, 0.2});
        p.text(painting::tick_label(d, metric), x_of(v), top + kPanelHeight + 16, 0.5);
      }
      if (d == dhi) break;
      p.color({0.9, 0.9, 0.9});
      for (int m = 2; m <= 9; ++m) {
        const double w = m * v;
        if (cactus) p.line(px, y_of(w), px + kPanelWidth, y_of(w), 0.5);
        else p.line(x_of(w), top, x_of(w), top + kPanelHeight, 0.5);
      }
    }
    // Grid and ticks of the linear axis.
    if (cactus) {
      for (double x = 0; x <= x_max + step / 2; x += step) {
        p.color({0.85, 0.85, 0.85});
        p.line(x_of(x), top, x_of(x), top + kPanelHeight, 0.6);
        p.color({0.2, 0.2, 0.2});
        p.text(number_label(x), x_of(x), top + kPanelHeight + 16, 0.5);
      }
    } else {
      for (int q = 0; q <= 4; ++q) {
        const double y = q / 4.0;
        p.color({0.85, 0.85, 0.85});
        p.line(px, y_of(y), px + kPanelWidth, y_of(y), 0.6);
        p.color({0.2, 0.2, 0.2});
        p.text(std::to_string(25 * q) + "%", px - 6, y_of(y) + 4, 1);
      }
    }
    p.color({0.45, 0.45, 0.45});
    p.stroke_rect(px, top, kPanelWidth, kPanelHeight, 0.8);
    p.font(11);
    p.color({0.2, 0.2, 0.2});
    const std::string metric_title = painting::metric_axis_title(metric);
    p.text(cactus ? "runs finished" : metric_title, px + kPanelWidth / 2, top + kPanelHeight + 34, 0.5);
    p.vertical_text(cactus ? metric_title : "runs not finished", px - kAxisRoom + 12, top + kPanelHeight / 2);

    if (limit > 0 && std::log10(limit) >= dlo && std::log10(limit) <= dhi) {
      p.color(painting::kFailure, 0.8);
      p.dash(4);
      if (cactus) p.line(px, y_of(limit), px + kPanelWidth, y_of(limit), 1.2);
      else p.line(x_of(limit), top, x_of(limit), top + kPanelHeight, 1.2);
      p.dash(0);
      p.font(10);
      if (cactus) p.text("limit", px + kPanelWidth - 4, y_of(limit) - 4, 1);
      else p.text("limit", x_of(limit) - 4, top + 12, 1);
    }
    // The curves, clipped to the panel (a line on an edge stays whole).
    p.clip(px - 3, top - 3, kPanelWidth + 6, kPanelHeight + 6);
    for (const Curve& c : curves) {
      if (c.group != groups[g]) continue;
      std::vector<std::pair<double, double>> line;
      if (cactus) {
        for (const CurvePoint& pt : c.points) line.emplace_back(x_of(pt.x), y_of(pt.y));
      } else {
        // Steps: all runs unfinished from the left edge, down at each finished cost, the rest to the right edge.
        double level = 1;
        line.emplace_back(px, y_of(level));
        for (const CurvePoint& pt : c.points) {
          line.emplace_back(x_of(pt.x), y_of(level));
          level = pt.y;
          line.emplace_back(x_of(pt.x), y_of(level));
        }
        line.emplace_back(px + kPanelWidth, y_of(level));
      }
      style(c.pool);
      if (line.size() > 1) p.polyline(line, 1.8);
      p.dash(0);
      if (cactus && c.points.size() <= 60)
        for (const auto& [x, y] : line) p.dot(x, y, 2.2);
    }
    p.unclip();
  }

  // Legend.
  p.font(11);
  for (std::size_t i = 0; i < legend.size(); ++i) {
    if (legend[i].empty()) continue;
    const double x = legend_at[i].first;
    const double y = legend_top + 18 * legend_at[i].second;
    style(i);
    p.line(x, y - 4, x + 24, y - 4, 2.2);
    p.dash(0);
    p.color({0.2, 0.2, 0.2});
    p.text(legend[i], x + 30, y);
  }

  canvas.finish();
}

#endif

}  // namespace csp::ablation
