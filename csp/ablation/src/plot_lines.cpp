// The painter of the run-length charts of csp ablate (--plot-kind cactus, survival): draws the curves that
// plot_curves.cpp computes, one panel per group, one line per configuration pool, with cairo's SVG surface.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>
#include <utility>

#include "csp/ablation/plot_curves.hpp"

#if CSP_HAVE_CAIRO

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

// The two lines under the title: how the curves are made, then the seeds pooled and the limits of a run.
std::pair<std::string, std::string> subtitles(const Study& study, bool cactus) {
  std::string how = cactus ? "per configuration its finished runs sorted by cost; runs stopped by a limit are left out"
                           : "per configuration the share of runs not finished within a cost (1 - empirical CDF); "
                             "runs stopped by a limit never finish";
  bool seeds = false;
  for (const Configuration& c : study.configs) seeds = seeds || c.seed != study.configs.front().seed;
  std::string how2 = seeds ? "seeds pooled: one line per configuration over all its seeds" : "";
  if (study.limits.node_limit != 0 || study.limits.timeout_ms != 0) {
    how2.append(how2.empty() ? "" : "; ").append("limits per run: ");
    if (study.limits.node_limit != 0) how2.append(std::to_string(study.limits.node_limit)).append(" assignments");
    if (study.limits.node_limit != 0 && study.limits.timeout_ms != 0) how2.append(", ");
    if (study.limits.timeout_ms != 0) how2.append(std::to_string(study.limits.timeout_ms)).append(" ms");
  }
  return {how, how2};
}

// The limit on the cost axis (dashed, red) when the metric has one: node limit + 1 search calls, or the timeout
// (a stopped run's cost is at least about that); 0 for none.
double cost_limit(const Study& study, PlotMetric metric) {
  if (metric == PlotMetric::assignments && study.limits.node_limit != 0)
    return static_cast<double>(study.limits.node_limit) + 1;
  if (metric == PlotMetric::time && study.limits.timeout_ms != 0)
    return 1000.0 * static_cast<double>(study.limits.timeout_ms);
  return 0;
}

// What a chart draws and where: the texts, the decades of the cost axis, the legend and the page size.
struct LineChart {
  std::vector<Curve> curves;
  std::vector<std::string> groups;  // one panel each, in order of first appearance
  bool cactus = false;
  PlotMetric metric = PlotMetric::assignments;
  std::string title, how, how2;
  double limit = 0;
  int dlo = 0;  // the cost axis spans 10^dlo .. 10^dhi
  int dhi = 1;
  std::vector<std::string> legend;                    // per pool ("" when it has no curve)
  std::vector<std::pair<double, double> > legend_at;  // per pool: (x, row)
  double legend_rows = 0;
  double width = 0;
  double height = 0;
};

constexpr double kTop = 94;  // the top of the panels

double legend_top() { return kTop + kPanelHeight + 58; }

// Legend entries: the pool names, with finished / runs when there is one group.
void make_legend(LineChart& chart, std::size_t pools) {
  chart.legend.assign(pools, "");
  for (const Curve& c : chart.curves) {
    chart.legend[c.pool] = c.name;
    if (chart.groups.size() == 1)
      chart.legend[c.pool]
          .append("  (")
          .append(std::to_string(c.finished))
          .append("/")
          .append(std::to_string(c.runs))
          .append(" finished)");
  }
}

// The page width (panels, title, subtitles) and the legend rows: entries left to right, wrapped at the width.
void lay_out(LineChart& chart) {
  const double panel_step = kAxisRoom + kPanelWidth + kGap;
  chart.width = kMargin + panel_step * static_cast<double>(chart.groups.size()) - kGap + kMargin;
  std::vector<double> legend_w(chart.legend.size());
  {
    Canvas scratch;
    Painter p(scratch.context());
    p.font(16, true);
    chart.width = std::max(chart.width, 2 * kMargin + p.width(chart.title));
    p.font(11);
    chart.width = std::max(chart.width, 2 * kMargin + p.width(chart.how));
    chart.width = std::max(chart.width, 2 * kMargin + p.width(chart.how2));
    for (std::size_t i = 0; i < chart.legend.size(); ++i) legend_w[i] = 30 + p.width(chart.legend[i]) + 22;
  }
  chart.legend_at.assign(chart.legend.size(), {0, 0});
  double lx = kMargin;
  chart.legend_rows = chart.legend.empty() ? 0 : 1;
  for (std::size_t i = 0; i < chart.legend.size(); ++i) {
    if (chart.legend[i].empty()) continue;
    if (lx > kMargin && lx + legend_w[i] > chart.width - kMargin) {
      lx = kMargin;
      ++chart.legend_rows;
    }
    chart.legend_at[i] = {lx, chart.legend_rows - 1};
    lx += legend_w[i];
  }
  chart.height = legend_top() + 18 * chart.legend_rows + kMargin;
}

LineChart make_chart(const Study& study, PlotMetric metric, PlotKind kind) {
  LineChart chart;
  chart.curves = run_length_curves(study, metric, kind);
  if (chart.curves.empty()) throw InputError("--plot: nothing to draw (no valid instance was run)");
  chart.cactus = kind == PlotKind::cactus;
  chart.metric = metric;
  for (const Curve& c : chart.curves)
    if (std::find(chart.groups.begin(), chart.groups.end(), c.group) == chart.groups.end())
      chart.groups.push_back(c.group);
  const std::string cost = metric == PlotMetric::assignments ? "search calls (assignments + 1)" : "search time";
  chart.title =
      "csp ablate " + study.model + ": " + (chart.cactus ? "cactus plot of " : "run-length distribution of ") + cost;
  std::tie(chart.how, chart.how2) = subtitles(study, chart.cactus);
  chart.limit = cost_limit(study, metric);
  // The axis reaches the limit only when some run stopped (else the limit would squeeze the curves to one side).
  bool stopped = false;
  for (const Curve& c : chart.curves) stopped = stopped || c.finished < c.runs;
  std::tie(chart.dlo, chart.dhi) = cost_decades(chart.curves, kind, stopped ? chart.limit : 0);
  make_legend(chart, pool_over_seeds(study.configs).names.size());
  lay_out(chart);
  return chart;
}

// The colour and dash of a pool's line.
void line_style(Painter& p, std::size_t pool) {
  p.color(painting::kPalette[pool % painting::kPaletteSize], 0.95);
  p.dash(pool < painting::kPaletteSize ? 0 : 5.0 + 2.0 * static_cast<double>(pool / painting::kPaletteSize));
}

// One panel's mapping from data to page: cost on a log axis (y for cactus, x for survival), the other linear.
struct Panel {
  const LineChart& chart;
  double px;     // the left edge
  double step;   // cactus: the step of the linear axis of runs
  double x_max;  // cactus: its end
  double log_pos(double v) const { return (std::log10(v) - chart.dlo) / static_cast<double>(chart.dhi - chart.dlo); }
  double x_of(double x) const { return px + kPanelWidth * (chart.cactus ? x / x_max : log_pos(x)); }
  double y_of(double y) const { return kTop + kPanelHeight * (1 - (chart.cactus ? log_pos(y) : y)); }
};

Panel make_panel(const LineChart& chart, std::size_t g) {
  const double panel_step = kAxisRoom + kPanelWidth + kGap;
  double runs = 0;  // cactus: the x axis goes to the most runs of a pool
  for (const Curve& c : chart.curves)
    if (c.group == chart.groups[g]) runs = std::max(runs, static_cast<double>(c.runs));
  const double step = linear_step(std::max(runs, 1.0));
  return {chart, kMargin + kAxisRoom + panel_step * static_cast<double>(g), step,
          std::max(step, std::ceil(runs / step) * step)};
}

// Grid and ticks of the log axis: decades and their 2..9 multiples.
void draw_log_axis(Painter& p, const Panel& a) {
  const bool cactus = a.chart.cactus;
  const double px = a.px;
  p.font(10);
  for (int d = a.chart.dlo; d <= a.chart.dhi; ++d) {
    const double v = std::pow(10.0, d);
    p.color({0.75, 0.75, 0.75});
    if (cactus) {
      p.line(px, a.y_of(v), px + kPanelWidth, a.y_of(v), 0.8);
      p.color({0.2, 0.2, 0.2});
      p.text(painting::tick_label(d, a.chart.metric), px - 6, a.y_of(v) + 4, 1);
    } else {
      p.line(a.x_of(v), kTop, a.x_of(v), kTop + kPanelHeight, 0.8);
      p.color({0.2, 0.2, 0.2});
      p.text(painting::tick_label(d, a.chart.metric), a.x_of(v), kTop + kPanelHeight + 16, 0.5);
    }
    if (d == a.chart.dhi) break;
    p.color({0.9, 0.9, 0.9});
    for (int m = 2; m <= 9; ++m) {
      const double w = m * v;
      if (cactus)
        p.line(px, a.y_of(w), px + kPanelWidth, a.y_of(w), 0.5);
      else
        p.line(a.x_of(w), kTop, a.x_of(w), kTop + kPanelHeight, 0.5);
    }
  }
}

// Grid and ticks of the linear axis, the frame and the axis titles.
void draw_linear_axis(Painter& p, const Panel& a) {
  const double px = a.px;
  if (a.chart.cactus) {
    for (double x = 0; x <= a.x_max + a.step / 2; x += a.step) {
      p.color({0.85, 0.85, 0.85});
      p.line(a.x_of(x), kTop, a.x_of(x), kTop + kPanelHeight, 0.6);
      p.color({0.2, 0.2, 0.2});
      p.text(number_label(x), a.x_of(x), kTop + kPanelHeight + 16, 0.5);
    }
  } else {
    for (int q = 0; q <= 4; ++q) {
      const double y = q / 4.0;
      p.color({0.85, 0.85, 0.85});
      p.line(px, a.y_of(y), px + kPanelWidth, a.y_of(y), 0.6);
      p.color({0.2, 0.2, 0.2});
      p.text(std::to_string(25 * q) + "%", px - 6, a.y_of(y) + 4, 1);
    }
  }
  p.color({0.45, 0.45, 0.45});
  p.stroke_rect(px, kTop, kPanelWidth, kPanelHeight, 0.8);
  p.font(11);
  p.color({0.2, 0.2, 0.2});
  const std::string metric_title = painting::metric_axis_title(a.chart.metric);
  p.text(a.chart.cactus ? "runs finished" : metric_title, px + kPanelWidth / 2, kTop + kPanelHeight + 34, 0.5);
  p.vertical_text(a.chart.cactus ? metric_title : "runs not finished", px - kAxisRoom + 12, kTop + kPanelHeight / 2);
}

// The limit of a run on the cost axis (dashed, red), when it lies within the axis.
void draw_limit(Painter& p, const Panel& a) {
  const double limit = a.chart.limit;
  if (!(limit > 0 && std::log10(limit) >= a.chart.dlo && std::log10(limit) <= a.chart.dhi)) return;
  const double px = a.px;
  p.color(painting::kFailure, 0.8);
  p.dash(4);
  if (a.chart.cactus)
    p.line(px, a.y_of(limit), px + kPanelWidth, a.y_of(limit), 1.2);
  else
    p.line(a.x_of(limit), kTop, a.x_of(limit), kTop + kPanelHeight, 1.2);
  p.dash(0);
  p.font(10);
  if (a.chart.cactus)
    p.text("limit", px + kPanelWidth - 4, a.y_of(limit) - 4, 1);
  else
    p.text("limit", a.x_of(limit) - 4, kTop + 12, 1);
}

// The curves of group `g`, clipped to the panel (a line on an edge stays whole).
void draw_curves(Painter& p, const Panel& a, const std::string& group) {
  const bool cactus = a.chart.cactus;
  p.clip(a.px - 3, kTop - 3, kPanelWidth + 6, kPanelHeight + 6);
  for (const Curve& c : a.chart.curves) {
    if (c.group != group) continue;
    std::vector<std::pair<double, double> > line;
    if (cactus) {
      for (const CurvePoint& pt : c.points) line.emplace_back(a.x_of(pt.x), a.y_of(pt.y));
    } else {
      // Steps: all runs unfinished from the left edge, down at each finished cost, the rest to the right edge.
      double level = 1;
      line.emplace_back(a.px, a.y_of(level));
      for (const CurvePoint& pt : c.points) {
        line.emplace_back(a.x_of(pt.x), a.y_of(level));
        level = pt.y;
        line.emplace_back(a.x_of(pt.x), a.y_of(level));
      }
      line.emplace_back(a.px + kPanelWidth, a.y_of(level));
    }
    line_style(p, c.pool);
    if (line.size() > 1) p.polyline(line, 1.8);
    p.dash(0);
    if (cactus && c.points.size() <= 60)
      for (const auto& [x, y] : line) p.dot(x, y, 2.2);
  }
  p.unclip();
}

void draw_legend(Painter& p, const LineChart& chart) {
  p.font(11);
  for (std::size_t i = 0; i < chart.legend.size(); ++i) {
    if (chart.legend[i].empty()) continue;
    const double x = chart.legend_at[i].first;
    const double y = legend_top() + 18 * chart.legend_at[i].second;
    line_style(p, i);
    p.line(x, y - 4, x + 24, y - 4, 2.2);
    p.dash(0);
    p.color({0.2, 0.2, 0.2});
    p.text(chart.legend[i], x + 30, y);
  }
}

}  // namespace

void write_line_plot(const std::string& path, const Study& study, PlotMetric metric, PlotKind kind) {
  const LineChart chart = make_chart(study, metric, kind);
  Canvas canvas(path, chart.width, chart.height);
  Painter p(canvas.context());
  p.page(chart.width, chart.height, chart.title, {chart.how, chart.how2}, kMargin);
  for (std::size_t g = 0; g < chart.groups.size(); ++g) {
    const Panel panel = make_panel(chart, g);
    p.font(12, true);
    p.color({0.1, 0.1, 0.1});
    p.text(painting::base_name(chart.groups[g]), panel.px + kPanelWidth / 2, kTop - 12, 0.5);
    draw_log_axis(p, panel);
    draw_linear_axis(p, panel);
    draw_limit(p, panel);
    draw_curves(p, panel, chart.groups[g]);
  }
  draw_legend(p, chart);
  canvas.finish();
}

#endif

}  // namespace csp::ablation
