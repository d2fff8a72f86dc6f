// Graph colouring as a CSP (AIMA 4th ed. §6.1.1): vertices are variables, colours values, edges !=.
// Graphs come from DIMACS .col files (the graph-colouring challenge format).
#pragma once

#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"
#include "csp/models/map_coloring.hpp"

namespace csp::models {

/// An undirected simple graph: vertices 0..vertex_count-1, each edge once with first < second, sorted.
struct Graph {
  int vertex_count = 0;                    ///< vertices are 0..vertex_count-1 (vertex k is "k+1" in a DIMACS file)
  std::vector<std::pair<int, int>> edges;  ///< distinct undirected edges (a, b) with a < b, ascending
  /// What the reader dropped, as "SOURCE:LINE: reason" (a self-loop); commands print them on standard error.
  std::vector<std::string> warnings;
};

/// Reads the DIMACS graph-colouring format: `c ...` comment lines, one `p edge V E` line (`p col V E` is accepted
/// too), then E lines `e U W` with vertices numbered 1..V. Blank lines are skipped and '\r' line ends are accepted.
/// An edge listed twice (as some files list both directions) is kept once.
/// Throws csp::Error "SOURCE:LINE: reason" for an unknown line type, a missing, repeated or malformed `p` line,
/// an `e` line before `p`, a vertex outside 1..V, a self-loop, extra text on a line, or, at the end, a number of
/// `e` lines different from E, a line longer than 64 KiB; "SOURCE: empty file" for an input without a line, "SOURCE:
/// read error after line L" when the stream went bad. `source` names the input in
/// messages (the file path). A quoted token of the input is cut to 40 characters and "..." and its invisible bytes
/// are written \xNN (`shortened`).
Graph read_dimacs(std::istream& in, const std::string& source = "<input>");
/// Opens `path` once (a FIFO too) and reads it with `read_dimacs`, at most kMaxGraphFileBytes. Throws csp::Error
/// "cannot read 'PATH': reason" when it cannot be opened, "PATH: larger than 256 MiB, ..." past the cap, "PATH: read
/// error (reason)", or what `read_dimacs` throws.
Graph read_dimacs_file(const std::string& path);

/// The graph of a map: region i (in the map's order) is vertex i, each border one edge. Lets a map colouring be
/// checked by `is_proper_coloring`. Throws std::out_of_range when a border names an unknown region.
Graph graph_of(const Map& map);

/// One variable per vertex, named "v1".."vN" as in the file (variable id = vertex index), values 0..colors-1,
/// and a NotEqual per edge; with `break_symmetry`, the colours interchangeable (`break_color_symmetry`). Throws
/// csp::ModelError when colors < 1.
Problem graph_coloring(const Graph& graph, int colors, bool break_symmetry = false);

/// The least number of colours (the chromatic number) as an optimisation problem for `csp::minimize`.
struct LeastColoring {
  Problem problem;    ///< variables 0..N-1 are the vertices, N is `colors`
  VarId colors = -1;  ///< the number of colours used: minimise it
  int clique = 1;     ///< the size of the clique found (a lower bound; its vertices are pre-coloured)
  int greedy = 1;     ///< colours of a greedy colouring (an upper bound: every vertex has values 0..greedy-1)
};

/// Builds the chromatic-number model of `graph`: one variable per vertex named `names[v]` ("v1".."vN" when
/// `names` is empty) with values 0..U-1 and a NotEqual per edge, as `graph_coloring(graph, U)`, plus a variable
/// "colors" (values Q..U) with vertex < colors for every vertex (a Linear each), so minimising "colors" finds the
/// least number of colours and proves it. U is the number of colours of a greedy colouring (vertices by decreasing
/// degree, each the least colour its coloured neighbours leave), so a solution exists. Colours are interchangeable:
/// to cut the symmetric colourings, a clique found greedily (from each vertex in turn, by decreasing degree, adding
/// the vertex of highest degree adjacent to all chosen so far; the largest found, within about 2*10^7 steps) is
/// pre-coloured 0..Q-1 (any colouring can be renamed so), and Q, its size, is a lower bound. An empty graph gives U = Q = 1. Throws std::invalid_argument when `names` is
/// neither empty nor one name per vertex.
LeastColoring least_coloring(const Graph& graph, const std::vector<std::string>& names = {});

/// True iff `a` gives every vertex a colour (an assigned value) and no edge joins two vertices of one colour.
/// Independent of the solver: tests use it to check colourings.
bool is_proper_coloring(const Graph& graph, const Assignment& a);

}  // namespace csp::models
