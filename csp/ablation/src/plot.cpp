// The box chart of an ablation, drawn with cairo's SVG surface: strip + box plots on a log axis, one panel per group
// (the line charts are plot_lines.cpp).
#include "csp/ablation/plot.hpp"
#include "csp/ablation/plot_curves.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#if CSP_HAVE_CAIRO

#include "plot_painter.hpp"
#endif

namespace csp::ablation {

std::string to_string(PlotMetric m) { return m == PlotMetric::assignments ? "assignments" : "time"; }

PlotMetric parse_plot_metric(const std::string& name) {
  if (name == "assignments") return PlotMetric::assignments;
  if (name == "time") return PlotMetric::time;
  throw InputError("--plot-metric: unknown metric '" + name + "' (valid: assignments, time)");
}

#if !CSP_HAVE_CAIRO

bool plot_available() { return false; }

void write_plot(const std::string&, const Study&, const std::vector<Summary>&, PlotMetric, PlotKind) {
  throw InputError("--plot: this csp was built without cairo (install libcairo2-dev and reconfigure)");
}

#else

bool plot_available() { return true; }

namespace {

using painting::base_name;
using painting::Canvas;
using painting::kFailure;
using painting::kPalette;
using painting::Painter;
using painting::Rgb;
using painting::tick_label;

constexpr double kPanelWidth = 340;
constexpr double kGap = 18;
constexpr double kMargin = 16;

struct Point {
  double value;
  bool failed;
  std::size_t instance;
};

double quantile(const std::vector<double>& sorted, double p) {
  const double pos = p * static_cast<double>(sorted.size() - 1);
  const auto i = static_cast<std::size_t>(std::floor(pos));
  const std::size_t j = std::min(i + 1, sorted.size() - 1);
  return sorted[i] + (sorted[j] - sorted[i]) * (pos - static_cast<double>(i));
}

// A deterministic vertical jitter in [-1, 1] for an instance (so a redrawn chart is identical).
double jitter(std::size_t instance) {
  std::uint64_t h = 1469598103934665603ULL ^ (instance * 0x9E3779B97F4A7C15ULL);
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return static_cast<double>(h % 2001) / 1000.0 - 1.0;
}

}  // namespace

void write_plot(const std::string& path, const Study& study, const std::vector<Summary>& summaries, PlotMetric metric,
                PlotKind kind) {
  if (kind != PlotKind::box) return write_line_plot(path, study, metric, kind);
  // Groups in order, rows (configurations) in the first group's summary order.
  std::vector<std::string> groups;
  for (const Summary& s : summaries)
    if (std::find(groups.begin(), groups.end(), s.group) == groups.end()) groups.push_back(s.group);
  std::vector<std::size_t> rows;
  for (const Summary& s : summaries)
    if (!groups.empty() && s.group == groups.front()) rows.push_back(s.config);
  for (std::size_t c = 0; c < study.configs.size(); ++c)
    if (std::find(rows.begin(), rows.end(), c) == rows.end()) rows.push_back(c);
  if (groups.empty() || rows.empty()) throw InputError("--plot: nothing to draw (no valid instance was run)");

  std::map<std::string, std::size_t> group_index;
  for (std::size_t g = 0; g < groups.size(); ++g) group_index[groups[g]] = g;
  std::map<std::pair<std::size_t, std::size_t>, std::vector<Point> > points;  // (group, config) -> runs
  std::map<std::string, std::size_t> group_size;
  double lo = 1e300;
  double hi = 1;
  for (const RunRecord& r : study.records) {
    const std::size_t g = group_index.at(study.instances.at(r.instance).group);
    const double v = metric_value(r, metric);
    points[{g, r.config}].push_back({v, is_failure(r.status), r.instance});
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  std::map<std::pair<std::size_t, std::size_t>, const Summary*> summary_of;
  for (const Summary& s : summaries) summary_of[{group_index.at(s.group), s.config}] = &s;
  const int dlo = static_cast<int>(std::floor(std::log10(std::max(lo, 1.0))));
  int dhi = static_cast<int>(std::ceil(std::log10(hi)));
  if (dhi <= dlo) dhi = dlo + 1;

  // Row labels: the dimensions that vary.
  const std::vector<Dimension> varying = varying_dimensions(study.configs);
  std::string label_head;
  for (Dimension d : varying) label_head.append(label_head.empty() ? "" : " / ").append(to_string(d));
  const auto row_label = [&](std::size_t c) {
    if (varying.empty()) return study.configs[c].label();
    std::string out;
    for (Dimension d : varying) out.append(out.empty() ? "" : " / ").append(study.configs[c].get(d));
    return out;
  };

  bool any_disqualified = false;
  for (const Summary& s : summaries) any_disqualified = any_disqualified || s.disqualified;
  // Right of each panel, when some configuration is disqualified: its flag.
  const double flag_width = any_disqualified ? 52 : 0;
  // Few rows get more room, so that the dots of one row do not pile up.
  const double row_height = rows.size() <= 8 ? 30 : rows.size() <= 20 ? 22 : 18;

  const std::string what =
      metric == PlotMetric::assignments ? "search calls (assignments + 1) per instance" : "search time per instance";
  const std::string title = "csp ablate " + study.model + ": " + what;
  std::string how = "log scale; box: quartiles, dark bar: median, whiskers: min to max, dots: instances";
  if (study.limits.node_limit != 0 || study.limits.timeout_ms != 0) {
    how.append("; limits per run: ");
    if (study.limits.node_limit != 0) how.append(std::to_string(study.limits.node_limit)).append(" assignments");
    if (study.limits.node_limit != 0 && study.limits.timeout_ms != 0) how.append(", ");
    if (study.limits.timeout_ms != 0) how.append(std::to_string(study.limits.timeout_ms)).append(" ms");
  }
  const std::string legend_box = "quartiles and median";
  const std::string legend_dot = "one instance";
  const std::string legend_cross = "stopped by a limit (a lower bound)";
  const std::string legend_dq = ": disqualified, n runs stopped or failed";
  // Measure the labels on a scratch surface to size the page.
  double label_w = 0;
  double text_w = 0;  // the widest of the title lines and the legend
  {
    Canvas scratch;
    Painter p(scratch.context());
    p.font(12);
    for (std::size_t c : rows) label_w = std::max(label_w, p.width(row_label(c)));
    p.font(12, true);
    label_w = std::max(label_w, p.width(label_head));
    p.font(16, true);
    text_w = p.width(title);
    p.font(11);
    text_w = std::max(text_w, p.width(how));
    double legend = 28 + p.width(legend_box) + 24 + 12 + p.width(legend_dot) + 24 + 12 + p.width(legend_cross);
    if (any_disqualified) {
      legend += 24 + p.width(legend_dq);
      p.font(10, true);
      legend += p.width("DQ n") + 2;
    }
    text_w = std::max(text_w, legend);
  }
  const double left = kMargin + label_w + 12;
  const double top = 86;
  const double rows_h = row_height * static_cast<double>(rows.size());
  const double bottom = 92;
  const double panel_step = kPanelWidth + flag_width + kGap;
  const double width =
      std::max(left + panel_step * static_cast<double>(groups.size()) - kGap, kMargin + text_w) + kMargin;
  const double height = top + rows_h + bottom;

  Canvas canvas(path, width, height);
  cairo_t* cr = canvas.context();
  Painter p(cr);
  p.page(width, height, title, {how}, kMargin);  // title and how to read the chart

  const auto x_of = [&](std::size_t g, double v) {
    const double x0 = left + panel_step * static_cast<double>(g) + 8;
    const double span = kPanelWidth - 16;
    return x0 + span * (std::log10(v) - dlo) / static_cast<double>(dhi - dlo);
  };

  // Row stripes and labels.
  p.font(12, true);
  p.color({0.1, 0.1, 0.1});
  p.text(label_head, left - 12, top - 8, 1);
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const double y = top + row_height * static_cast<double>(r);
    if (r % 2 == 1) {
      p.color({0.955, 0.955, 0.955});
      p.fill_rect(kMargin, y, left + panel_step * static_cast<double>(groups.size()) - kGap - kMargin, row_height);
    }
    p.color({0.1, 0.1, 0.1});
    p.font(12);
    p.text(row_label(rows[r]), left - 12, y + row_height / 2 + 4, 1);
  }

  for (std::size_t g = 0; g < groups.size(); ++g) {
    const double px = left + panel_step * static_cast<double>(g);
    const Rgb col = kPalette[g % std::size(kPalette)];
    // Panel title.
    std::size_t instances = 0;
    for (const Instance& inst : study.instances)
      if (inst.group == groups[g] && inst.valid()) ++instances;
    p.font(12, true);
    p.color(col);
    p.text(base_name(groups[g]) + "  (" + std::to_string(instances) + ")", px + kPanelWidth / 2, top - 26, 0.5);
    // Grid: decades and their 2..9 multiples.
    for (int d = dlo; d <= dhi; ++d) {
      const double x = x_of(g, std::pow(10.0, d));
      p.color({0.75, 0.75, 0.75});
      p.line(x, top, x, top + rows_h, 0.8);
      p.font(10);
      p.color({0.2, 0.2, 0.2});
      p.line(x, top + rows_h, x, top + rows_h + 4, 0.8);
      p.text(tick_label(d, metric), x, top + rows_h + 16, 0.5);
      if (d == dhi) break;
      p.color({0.88, 0.88, 0.88});
      for (int m = 2; m <= 9; ++m) {
        const double xm = x_of(g, m * std::pow(10.0, d));
        p.line(xm, top, xm, top + rows_h, 0.5);
      }
    }
    p.color({0.45, 0.45, 0.45});
    p.stroke_rect(px, top, kPanelWidth, rows_h, 0.8);
    p.font(11);
    p.color({0.2, 0.2, 0.2});
    p.text(painting::metric_axis_title(metric), px + kPanelWidth / 2, top + rows_h + 34, 0.5);

    for (std::size_t r = 0; r < rows.size(); ++r) {
      const auto it = points.find({g, rows[r]});
      if (it == points.end()) continue;
      const double yc = top + row_height * (static_cast<double>(r) + 0.5);
      std::vector<double> values;
      for (const Point& pt : it->second) values.push_back(pt.value);
      std::sort(values.begin(), values.end());
      const double q1 = quantile(values, 0.25);
      const double q2 = quantile(values, 0.5);
      const double q3 = quantile(values, 0.75);
      p.color({0.35, 0.35, 0.35});
      p.line(x_of(g, values.front()), yc, x_of(g, values.back()), yc, 0.8);
      for (double v : {values.front(), values.back()})
        p.line(x_of(g, v), yc - row_height * 0.22, x_of(g, v), yc + row_height * 0.22, 0.8);
      p.color(col, 0.22);
      p.fill_rect(x_of(g, q1), yc - row_height * 0.34, std::max(x_of(g, q3) - x_of(g, q1), 1.0), row_height * 0.68);
      p.color(col, 0.9);
      p.stroke_rect(x_of(g, q1), yc - row_height * 0.34, std::max(x_of(g, q3) - x_of(g, q1), 1.0), row_height * 0.68,
                    0.8);
      const double dot_r = std::max(1.9, row_height * 0.09);
      for (const Point& pt : it->second) {
        const double x = x_of(g, pt.value);
        const double y = yc + jitter(pt.instance) * row_height * 0.28;
        if (pt.failed) {
          p.color(kFailure, 0.9);
          p.cross(x, y, dot_r + 0.8, 1.1);
        } else {
          p.color(col, 0.55);
          p.dot(x, y, dot_r);
        }
      }
      p.color({0.05, 0.05, 0.05});
      p.line(x_of(g, q2), yc - row_height * 0.4, x_of(g, q2), yc + row_height * 0.4, 2.2);
      const auto s = summary_of.find({g, rows[r]});
      if (s != summary_of.end() && s->second->disqualified) {
        const std::size_t failed = s->second->instances - s->second->finished();
        p.font(10, true);
        p.color(kFailure);
        p.text("DQ " + std::to_string(failed), px + kPanelWidth + flag_width / 2, yc + 4, 0.5);
      }
    }
  }

  // Legend.
  const double ly = top + rows_h + 62;
  double lx = kMargin;
  p.font(11);
  const Rgb first = kPalette[0];
  p.color(first, 0.22);
  p.fill_rect(lx, ly - 9, 22, 11);
  p.color(first, 0.9);
  p.stroke_rect(lx, ly - 9, 22, 11, 0.8);
  p.color({0.05, 0.05, 0.05});
  p.line(lx + 11, ly - 11, lx + 11, ly + 4, 2.2);
  p.color({0.2, 0.2, 0.2});
  p.text(legend_box, lx + 28, ly);
  lx += 28 + p.width(legend_box) + 24;
  const double legend_r = std::max(1.9, row_height * 0.09);  // as the dots of the rows
  p.color(first, 0.55);
  p.dot(lx + 4, ly - 4, legend_r);
  p.color({0.2, 0.2, 0.2});
  p.text(legend_dot, lx + 12, ly);
  lx += 12 + p.width(legend_dot) + 24;
  p.color(kFailure, 0.9);
  p.cross(lx + 4, ly - 4, legend_r + 0.8, 1.1);
  p.color({0.2, 0.2, 0.2});
  p.text(legend_cross, lx + 12, ly);
  lx += 12 + p.width(legend_cross) + 24;
  if (any_disqualified) {
    p.font(10, true);
    p.color(kFailure);
    p.text("DQ n", lx, ly);
    const double dq = p.width("DQ n") + 2;
    p.font(11);
    p.color({0.2, 0.2, 0.2});
    p.text(legend_dq, lx + dq, ly);
  }

  canvas.finish();
}

#endif

}  // namespace csp::ablation
