// Graph colouring model: DIMACS .col reader and the colouring CSP.
#include "csp/models/graph_coloring.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "csp/core/errors.hpp"
#include "csp/models/text_input.hpp"

namespace csp::models {

namespace {

[[noreturn]] void fail(const std::string& source, long line, const std::string& why) {
  throw Error(source + ":" + std::to_string(line) + ": " + why);
}

// `token` in quotes for a message: cut to 40 characters and "...", invisible bytes written \xNN (text_input.hpp).
std::string quoted(const std::string& token) { return std::string("'").append(shortened(token)).append("'"); }

// The whitespace-separated tokens of one line, read in place (a std::istringstream per line cost about 4,900
// instructions per edge line: a DIMACS file of 10^6 edges took a second to read).
class Tokens {
 public:
  explicit Tokens(std::string_view text) : rest_(text) {}
  // The next token, or an empty view when none is left.
  std::string_view next() {
    std::size_t i = 0;
    while (i < rest_.size() && is_space(rest_[i])) ++i;
    std::size_t j = i;
    while (j < rest_.size() && !is_space(rest_[j])) ++j;
    const std::string_view token = rest_.substr(i, j - i);
    rest_.remove_prefix(j);
    return token;
  }

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }
  std::string_view rest_;
};

// Reads one non-negative integer token; fails with `what` when it is missing or not a number.
long long read_number(Tokens& tokens, const std::string& source, long line, const char* what) {
  const std::string_view token = tokens.next();
  if (token.empty()) fail(source, line, std::string(what) + " is missing");
  const bool digits = std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (token.size() > 18 || !digits)
    fail(source, line,
         std::string(what).append(" ").append(quoted(std::string(token))).append(" is not a non-negative integer"));
  long long v = 0;
  for (const char c : token) v = v * 10 + (c - '0');
  return v;
}

void expect_end(Tokens& tokens, const std::string& source, long line) {
  const std::string_view extra = tokens.next();
  if (!extra.empty()) fail(source, line, std::string("unexpected extra text ").append(quoted(std::string(extra))));
}

}  // namespace

Graph read_dimacs(std::istream& in, const std::string& source) {
  Graph g;
  bool have_p = false;
  long p_line = 0;
  long long announced_edges = 0;
  long long edge_lines = 0;
  long long self_loops = 0;
  std::string first_loop;
  std::string text;
  long line = 0;
  LineReader lines(in, LineReader::kDefaultMaxLine, LineReader::LongLine::stop);
  while (lines.next(text)) {
    ++line;
    if (lines.too_long())
      fail(source, line,
           std::string("a line longer than ")
               .append(std::to_string(lines.max_line()))
               .append(" bytes: ")
               .append(quoted(text)));
    Tokens tokens(text);
    const std::string_view kind = tokens.next();
    if (kind.empty()) continue;  // blank line
    if (kind == "c") continue;
    if (kind == "p") {
      if (have_p) fail(source, line, "a second 'p' line (the first is on line " + std::to_string(p_line) + ")");
      const std::string_view format = tokens.next();
      if (format != "edge" && format != "col")
        fail(source, line,
             std::string("expected 'p edge VERTICES EDGES', got format ").append(quoted(std::string(format))));
      const long long v = read_number(tokens, source, line, "the vertex count");
      announced_edges = read_number(tokens, source, line, "the edge count");
      expect_end(tokens, source, line);
      if (v > 10'000'000) fail(source, line, "too many vertices (" + std::to_string(v) + ")");
      g.vertex_count = static_cast<int>(v);
      have_p = true;
      p_line = line;
    } else if (kind == "e") {
      if (!have_p) fail(source, line, "an 'e' line before the 'p edge V E' line");
      const long long u = read_number(tokens, source, line, "the first vertex");
      const long long w = read_number(tokens, source, line, "the second vertex");
      expect_end(tokens, source, line);
      for (long long x : {u, w})
        if (x < 1 || x > g.vertex_count)
          fail(source, line, "vertex " + std::to_string(x) + " is outside 1.." + std::to_string(g.vertex_count));
      ++edge_lines;
      if (u == w) {  // dropped, as colouring tools do (homer.col has them); the first is named
        if (self_loops++ == 0)
          first_loop = std::string(source)
                           .append(":")
                           .append(std::to_string(line))
                           .append(": self-loop on vertex ")
                           .append(std::to_string(u));
        continue;
      }
      const int a = static_cast<int>(std::min(u, w)) - 1;
      const int b = static_cast<int>(std::max(u, w)) - 1;
      g.edges.emplace_back(a, b);
    } else {
      fail(source, line,
           std::string("unknown line type ").append(quoted(std::string(kind))).append(" (expected 'c', 'p' or 'e')"));
    }
  }
  if (in.bad()) throw Error(std::string(source).append(": read error after line ").append(std::to_string(line)));
  if (line == 0) throw Error(std::string(source).append(": empty file"));
  if (!have_p) fail(source, line, "no 'p edge VERTICES EDGES' line");
  if (edge_lines != announced_edges)
    fail(source, p_line,
         "the 'p' line announces " + std::to_string(announced_edges) + " edges but the file has " +
             std::to_string(edge_lines) + " 'e' lines");
  if (self_loops > 0)
    g.warnings.push_back(
        first_loop +
        (self_loops == 1 ? std::string(" dropped") : " and " + std::to_string(self_loops - 1) + " more dropped") +
        " (a colouring ignores an edge from a vertex to itself)");
  // DIMACS files usually list their edges in order: checking costs one pass, sorting 10^6 sorted edges 0.3 s.
  if (!std::is_sorted(g.edges.begin(), g.edges.end())) std::sort(g.edges.begin(), g.edges.end());
  g.edges.erase(std::unique(g.edges.begin(), g.edges.end()), g.edges.end());
  return g;
}

Graph read_dimacs_file(const std::string& path) {
  TextInput input(path, kMaxGraphFileBytes);
  if (!input.open_error().empty()) throw Error(input.open_error());
  try {
    Graph g = read_dimacs(input.stream(), input.name());
    if (const std::string why = input.read_error(); !why.empty()) throw Error(why);
    return g;
  } catch (const Error&) {
    // A cut or failed read explains a malformed end better than the reader can.
    if (const std::string why = input.read_error(); !why.empty()) throw Error(why);
    throw;
  }
}

Graph graph_of(const Map& map) {
  std::map<std::string, int> index;
  for (const std::string& r : map.regions) index.emplace(r, static_cast<int>(index.size()));
  Graph g;
  g.vertex_count = static_cast<int>(map.regions.size());
  for (const auto& [a, b] : map.borders) {
    const int u = index.at(a);
    const int v = index.at(b);
    g.edges.emplace_back(std::min(u, v), std::max(u, v));
  }
  std::sort(g.edges.begin(), g.edges.end());
  g.edges.erase(std::unique(g.edges.begin(), g.edges.end()), g.edges.end());
  return g;
}

Problem graph_coloring(const Graph& graph, int colors, bool break_symmetry) {
  if (colors < 1) throw ModelError("graph_coloring: need at least one colour, got " + std::to_string(colors));
  Problem p;
  for (int v = 0; v < graph.vertex_count; ++v)
    p.add_variable(std::string("v").append(std::to_string(v + 1)), 0, colors - 1);
  for (const auto& [a, b] : graph.edges) p.add_not_equal(a, b);
  if (break_symmetry) break_color_symmetry(p, colors);
  return p;
}

namespace {

std::vector<std::vector<int>> neighbours(const Graph& graph) {
  std::vector<std::vector<int>> adj(static_cast<std::size_t>(graph.vertex_count));
  for (const auto& [a, b] : graph.edges) {
    adj[static_cast<std::size_t>(a)].push_back(b);
    adj[static_cast<std::size_t>(b)].push_back(a);
  }
  return adj;
}

// Vertices by decreasing degree (ties: lower index first).
std::vector<int> by_degree(const std::vector<std::vector<int>>& adj) {
  std::vector<int> order(adj.size());
  for (std::size_t v = 0; v < adj.size(); ++v) order[v] = static_cast<int>(v);
  std::stable_sort(order.begin(), order.end(), [&adj](int a, int b) {
    return adj[static_cast<std::size_t>(a)].size() > adj[static_cast<std::size_t>(b)].size();
  });
  return order;
}

// Colours of the greedy colouring in `order`: each vertex gets the least colour its coloured neighbours leave.
int greedy_colors(const std::vector<std::vector<int>>& adj, const std::vector<int>& order) {
  std::vector<int> color(adj.size(), -1);
  std::vector<int> used_by(adj.size() + 1, -1);  // used_by[c] == v: colour c is taken by a neighbour of v
  int most = 0;
  for (const int v : order) {
    for (const int w : adj[static_cast<std::size_t>(v)]) {
      const int cw = color[static_cast<std::size_t>(w)];
      if (cw >= 0) used_by[static_cast<std::size_t>(cw)] = v;
    }
    int c = 0;
    while (used_by[static_cast<std::size_t>(c)] == v) ++c;
    color[static_cast<std::size_t>(v)] = c;
    most = std::max(most, c + 1);
  }
  return most;
}

// A large clique, grown greedily from each vertex in `order` (decreasing degree) in turn: the candidates are the
// seed's neighbours; the candidate of highest degree joins and the candidates shrink to its neighbours, until none
// is left. The largest clique found is kept; seeds stop after about 2*10^7 steps of work (large graphs).
std::vector<int> greedy_clique(const std::vector<std::vector<int>>& adj, const std::vector<int>& order) {
  std::vector<std::vector<int>> sorted(adj);
  for (std::vector<int>& a : sorted) std::sort(a.begin(), a.end());
  std::vector<int> rank(adj.size());  // position in `order`: a lower rank is a higher degree
  for (std::size_t i = 0; i < order.size(); ++i) rank[static_cast<std::size_t>(order[i])] = static_cast<int>(i);
  std::vector<int> best;
  std::uint64_t work = 0;
  std::vector<int> candidates;
  std::vector<int> next;
  for (const int seed : order) {
    if (work > 20'000'000 || sorted[static_cast<std::size_t>(seed)].size() < best.size()) break;
    std::vector<int> clique{seed};
    candidates = sorted[static_cast<std::size_t>(seed)];
    while (!candidates.empty()) {
      const int v = *std::min_element(candidates.begin(), candidates.end(), [&rank](int a, int b) {
        return rank[static_cast<std::size_t>(a)] < rank[static_cast<std::size_t>(b)];
      });
      clique.push_back(v);
      const std::vector<int>& nv = sorted[static_cast<std::size_t>(v)];
      next.clear();
      std::set_intersection(candidates.begin(), candidates.end(), nv.begin(), nv.end(), std::back_inserter(next));
      work += candidates.size() + nv.size();
      candidates.swap(next);
    }
    if (clique.size() > best.size()) best = clique;
  }
  return best;
}

}  // namespace

LeastColoring least_coloring(const Graph& graph, const std::vector<std::string>& names) {
  if (!names.empty() && names.size() != static_cast<std::size_t>(graph.vertex_count))
    throw std::invalid_argument("least_coloring: " + std::to_string(names.size()) + " names for " +
                                std::to_string(graph.vertex_count) + " vertices");
  const std::vector<std::vector<int>> adj = neighbours(graph);
  const std::vector<int> order = by_degree(adj);
  const int upper = std::max(1, greedy_colors(adj, order));
  const std::vector<int> clique = greedy_clique(adj, order);
  LeastColoring m;
  for (int v = 0; v < graph.vertex_count; ++v) {
    const auto i = static_cast<std::size_t>(v);
    m.problem.add_variable(names.empty() ? std::string("v").append(std::to_string(v + 1)) : names[i], 0, upper - 1);
  }
  for (const auto& [a, b] : graph.edges) m.problem.add_not_equal(a, b);
  m.clique = std::max(1, static_cast<int>(clique.size()));
  m.greedy = upper;
  for (std::size_t i = 0; i < clique.size(); ++i) m.problem.restrict_domain(clique[i], static_cast<Value>(i));
  m.colors = m.problem.add_variable("colors", m.clique, upper);
  for (int v = 0; v < graph.vertex_count; ++v)
    m.problem.add_linear({m.colors, v}, {1, -1}, LinearOp::ge, 1, "vertex < colors");
  return m;
}

bool is_proper_coloring(const Graph& graph, const Assignment& a) {
  if (a.variable_count() != graph.vertex_count) return false;
  for (int v = 0; v < graph.vertex_count; ++v)
    if (!a.is_assigned(v)) return false;
  return std::none_of(graph.edges.begin(), graph.edges.end(),
                      [&a](const auto& e) { return a.value(e.first) == a.value(e.second); });
}

}  // namespace csp::models
