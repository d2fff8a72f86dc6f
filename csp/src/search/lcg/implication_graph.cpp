// The implication graph of a conflict (implication_graph.hpp).
#include "implication_graph.hpp"

#include <vector>

namespace csp::detail::lcg {

namespace {

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (const char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + '"';
}

// "x != 3 @2": the literal with its decision level.
std::string literal_text(const Problem& p, const Store& store, const Event& ev) {
  return p.variable(ev.var).name() + (ev.equality() ? " = " : " != ") + std::to_string(store.value(ev.var, ev.index)) +
         " @" + std::to_string(ev.level);
}

// What an arrow into ev is labelled with: the constraint or clause that gave ev.
std::string reason_text(const Problem& p, const Event& ev) {
  switch (ev.reason) {
    case Reason::constraint:
      return p.constraint(ev.ref).name();
    case Reason::clause:
      return "learned clause";
    case Reason::fixed:
      return "one value left";
    case Reason::bound:
      return "objective bound";
    default:
      return "decision";
  }
}

}  // namespace

std::string implication_graph(const Problem& p, const Store& store, const LiteralTrail& trail, Reasons& reasons,
                              std::span<const char> seen, std::span<const int> conflict, const std::string& failed,
                              int top, int uip) {
  std::string dot = "digraph conflict {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\"];\n";
  const auto node = [](int e) { return std::string("e").append(std::to_string(e)); };
  const auto marked = [&](int e) { return seen[static_cast<std::size_t>(e)] != 0 || e == uip; };
  std::vector<int> reason;
  for (int e = 0; e < trail.size(); ++e) {
    if (!marked(e)) continue;
    const Event& ev = trail.event(e);
    std::string style = ev.level < top ? ", style=dashed" : ev.decision() ? ", style=bold" : "";
    if (e == uip) style += ", peripheries=2, color=blue";
    dot += "  " + node(e) + " [label=" + quoted(literal_text(p, store, ev)) + style + "];\n";
    if (ev.level < top || e == uip) continue;
    reason.clear();
    reasons.antecedents(e, reason, false);
    for (const int a : reason)
      if (marked(a)) dot += "  " + node(a) + " -> " + node(e) + " [label=" + quoted(reason_text(p, ev)) + "];\n";
  }
  dot += "  conflict [label=" + quoted("conflict: " + failed) + ", shape=octagon, color=red];\n";
  for (const int e : conflict)
    if (seen[static_cast<std::size_t>(e)] != 0) dot += "  " + node(e) + " -> conflict;\n";
  return dot + "}\n";
}

}  // namespace csp::detail::lcg
