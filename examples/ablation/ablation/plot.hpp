// The chart of an ablation (cairo SVG): per configuration, the distribution of a counter over the instances,
// on a log scale, one panel per group (file).
#pragma once

#include <string>
#include <vector>

#include "ablation/report.hpp"
#include "ablation/summary.hpp"

namespace csp::ablation {

/// What the chart shows.
enum class PlotMetric {
  assignments,  ///< search calls = assignments + 1 (the textbook backtracker's call count; never 0 on a log axis)
  time          ///< search time in µs (at least 1)
};

/// "assignments" / "time"; parse throws InputError listing the valid names.
std::string to_string(PlotMetric m);
PlotMetric parse_plot_metric(const std::string& name);

/// True when the program was built with cairo (else write_plot throws).
bool plot_available();

/// Writes an SVG to `path`: rows are configurations in the order of the first group's summaries (as in the
/// table), one panel per group sharing one log axis; per row a box (quartiles), a median line, whiskers to min and
/// max, and one dot per instance; runs stopped by a limit are red crosses (their value is a lower bound) and the
/// panel names the disqualified rows. Throws InputError when the file cannot be written or cairo is missing.
void write_plot(const std::string& path, const Study& study, const std::vector<Summary>& summaries,
                PlotMetric metric);

}  // namespace csp::ablation
