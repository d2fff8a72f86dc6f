// The charts of an ablation (cairo SVG), one panel per group (file): per configuration the distribution of a
// counter over the instances on a log scale (box), or the run-length distribution of its runs (cactus, survival).
#pragma once

#include <string>
#include <vector>

#include "csp/ablation/report.hpp"
#include "csp/ablation/summary.hpp"

namespace csp::ablation {

/// What the chart shows.
enum class PlotMetric {
  assignments,  ///< search calls = assignments + 1 (the textbook backtracker's call count; never 0 on a log axis)
  time          ///< search time in µs (at least 1)
};

/// "assignments" / "time"; parse throws InputError listing the valid names.
std::string to_string(PlotMetric m);
PlotMetric parse_plot_metric(const std::string& name);

/// What kind of chart --plot draws (--plot-kind).
enum class PlotKind {
  box,     ///< per configuration (a row) its box plot and one dot per run (the default)
  cactus,  ///< per configuration pooled over seeds a line: its finished runs sorted by cost (x: runs finished, y: cost)
  survival,  ///< per configuration pooled over seeds a line: the fraction of runs not finished within a cost (x)
};

/// "box" / "cactus" / "survival"; parse throws InputError listing the valid names.
std::string to_string(PlotKind k);
PlotKind parse_plot_kind(const std::string& name);

/// The cost of a run a chart shows: search calls = assignments + 1, or the search time in µs (at least 1), so that
/// it is never 0 on a log axis.
double metric_value(const RunRecord& r, PlotMetric metric);

/// True when the program was built with cairo (else write_plot throws).
bool plot_available();

/// Writes an SVG of kind `kind` to `path`. cactus and survival: write_line_plot (ablation/plot_curves.hpp). box:
/// rows are configurations in the order of the first group's summaries (as in the
/// table), one panel per group sharing one log axis; per row a box (quartiles), a median line, whiskers to min and
/// max, and one dot per instance; runs stopped by a limit are red crosses (their value is a lower bound) and the
/// panel names the disqualified rows. Throws InputError when the file cannot be written or cairo is missing.
void write_plot(const std::string& path, const Study& study, const std::vector<Summary>& summaries, PlotMetric metric,
                PlotKind kind = PlotKind::box);

}  // namespace csp::ablation
