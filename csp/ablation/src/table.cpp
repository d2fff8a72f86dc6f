// The readable table of an ablation: one block per group, one row per configuration.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <ostream>

#include "csp/ablation/report.hpp"

namespace csp::ablation {

namespace {

struct Column {
  std::string top;   // first heading line (the counter), may be empty
  std::string head;  // second heading line (the statistic)
  bool left = false;
  std::vector<std::string> cells;
};

std::string number(double v) {
  char text[64];
  if (v == std::floor(v) || std::fabs(v) >= 1000) {
    std::snprintf(text, sizeof text, "%.0f", v);
  } else {
    std::snprintf(text, sizeof text, "%.1f", v);
  }
  return text;
}

std::string milliseconds(std::int64_t us) {
  char text[64];
  const double ms = static_cast<double>(us) / 1000.0;
  std::snprintf(text, sizeof text, ms < 100 ? "%.1f" : "%.0f", ms);
  return text;
}

std::string short_name(Counter c) {
  switch (c) {
    case Counter::constraint_checks:
      return "checks";
    case Counter::values_pruned:
      return "pruned";
    case Counter::max_depth:
      return "depth";
    case Counter::us:
      return "time us";
    default:
      return to_string(c);
  }
}

std::string note(const Summary& s) {
  if (!s.disqualified) return "";
  std::string out = "DISQUALIFIED:";
  const auto add = [&](std::size_t n, const char* what) {
    if (n != 0) out.append(" ").append(std::to_string(n)).append(" ").append(what);
  };
  add(s.timeouts, "timeout");
  add(s.node_limits, "node-limit");
  add(s.wrong, "wrong");
  add(s.errors, "error");
  return out;
}

std::string sort_description(const std::string& key) {
  if (key == "config") return "grid order";
  if (key == "solved") return "solved (most first), disqualified last";
  if (key == "total") return "total time, disqualified last";
  for (Dimension d : kGridDimensions)
    if (to_string(d) == key) return key;
  const std::size_t dot = key.find('.');
  return (dot == std::string::npos ? key + " (mean)" : key.substr(0, dot) + " (" + key.substr(dot + 1) + ")") +
         ", disqualified last";
}

void print(std::ostream& out, const std::vector<Column>& columns, std::size_t rows) {
  std::vector<std::size_t> width;
  for (const Column& c : columns) {
    std::size_t w = std::max(c.top.size(), c.head.size());
    for (const std::string& s : c.cells) w = std::max(w, s.size());
    width.push_back(w);
  }
  const auto line = [&](auto cell) {
    std::string text;
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const std::string s = cell(i);
      const std::string pad(width[i] - std::min(width[i], s.size()), ' ');
      text.append(i == 0 ? "" : "  ").append(columns[i].left ? s + pad : pad + s);
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out << text << '\n';
  };
  bool any_top = false;
  for (const Column& c : columns) any_top = any_top || !c.top.empty();
  if (any_top) line([&](std::size_t i) { return columns[i].top; });
  line([&](std::size_t i) { return columns[i].head; });
  for (std::size_t r = 0; r < rows; ++r) line([&](std::size_t i) { return columns[i].cells[r]; });
}

}  // namespace

void write_table(std::ostream& out, const Study& study, const std::vector<Summary>& summaries,
                 const TableOptions& options) {
  const std::vector<Dimension> varying = varying_dimensions(study.configs);
  std::string fixed;
  for (Dimension d : study_dimensions(study.configs))
    if (std::find(varying.begin(), varying.end(), d) == varying.end())
      fixed.append(fixed.empty() ? "" : " ").append(to_string(d)).append("=").append(study.configs.front().get(d));
  out << "csp ablate " << study.model << ": " << study.configs.size() << " configuration"
      << (study.configs.size() == 1 ? "" : "s");
  if (!fixed.empty()) out << "; fixed: " << fixed;
  out << '\n';
  out << "limits per run: timeout "
      << (study.limits.timeout_ms == 0 ? std::string("none") : std::to_string(study.limits.timeout_ms) + " ms")
      << ", node limit "
      << (study.limits.node_limit == 0 ? std::string("none") : std::to_string(study.limits.node_limit))
      << (study.limits.max_solutions == 1   ? std::string()
          : study.limits.max_solutions == 0 ? std::string(", all solutions")
                                            : ", at most " + std::to_string(study.limits.max_solutions) + " solutions")
      << "; time = median of " << study.limits.repeat << " run" << (study.limits.repeat == 1 ? "" : "s")
      << " (search only); sorted by " << sort_description(options.sort) << '\n';

  std::map<std::string, std::size_t> valid_per_group;
  std::map<std::string, std::size_t> invalid_per_group;
  for (const Instance& inst : study.instances) ++(inst.valid() ? valid_per_group : invalid_per_group)[inst.group];

  std::size_t begin = 0;
  while (begin < summaries.size()) {
    std::size_t end = begin;
    while (end < summaries.size() && summaries[end].group == summaries[begin].group) ++end;
    const std::string& group = summaries[begin].group;
    out << '\n' << group << ": " << valid_per_group[group] << " instance" << (valid_per_group[group] == 1 ? "" : "s");
    if (invalid_per_group[group] != 0) out << " (" << invalid_per_group[group] << " invalid, excluded)";
    out << '\n';

    std::vector<Column> columns;
    for (Dimension d : varying) columns.push_back({"", to_string(d), true, {}});
    if (varying.empty()) columns.push_back({"", "config", true, {}});
    bool any_unsat = false;
    for (std::size_t i = begin; i < end; ++i) any_unsat = any_unsat || summaries[i].unsatisfiable != 0;
    columns.push_back({"", "solved", false, {}});
    if (any_unsat) columns.push_back({"", "unsat", false, {}});
    const std::vector<std::string> extra = extra_columns(study);  // "solutions", "objective": their means
    for (const std::string& column : extra) columns.push_back({"", column, false, {}});
    struct Stat {
      Counter counter;
      int which;  // 0 mean, 1 median, 2 max
    };
    std::vector<Stat> stats;
    if (options.wide) {
      for (Counter c : kCounters)
        for (int w = 0; w < 3; ++w) stats.push_back({c, w});
    } else {
      stats = {{Counter::assignments, 0},   {Counter::assignments, 1},       {Counter::assignments, 2},
               {Counter::backtracks, 0},    {Counter::constraint_checks, 0}, {Counter::revisions, 0},
               {Counter::values_pruned, 0}, {Counter::max_depth, 2},         {Counter::us, 1}};
    }
    const char* stat_names[] = {"mean", "median", "max"};
    for (std::size_t k = 0; k < stats.size(); ++k) {
      const bool first_of_counter = k == 0 || stats[k - 1].counter != stats[k].counter;
      columns.push_back({first_of_counter ? short_name(stats[k].counter) : "", stat_names[stats[k].which], false, {}});
    }
    columns.push_back({"total", "ms", false, {}});
    columns.push_back({"", "", true, {}});

    for (std::size_t i = begin; i < end; ++i) {
      const Summary& s = summaries[i];
      const Configuration& c = study.configs.at(s.config);
      std::size_t col = 0;
      for (Dimension d : varying) columns[col++].cells.push_back(c.get(d));
      if (varying.empty()) columns[col++].cells.push_back(c.label());
      columns[col++].cells.push_back(std::to_string(s.solved) + "/" + std::to_string(s.instances));
      if (any_unsat) columns[col++].cells.push_back(std::to_string(s.unsatisfiable));
      for (const std::string& column : extra) {
        if (column == "solutions") columns[col++].cells.push_back(number(s.solutions.mean));
        if (column == "objective") columns[col++].cells.push_back(s.objective ? number(s.objective->mean) : "-");
      }
      for (const Stat& st : stats) {
        const CounterStats& cs = s.stats(st.counter);
        columns[col++].cells.push_back(number(st.which == 0 ? cs.mean : st.which == 1 ? cs.median : cs.max));
      }
      columns[col++].cells.push_back(milliseconds(s.total_us));
      columns[col++].cells.push_back(note(s));
    }
    print(out, columns, end - begin);
    begin = end;
  }
}

}  // namespace csp::ablation
