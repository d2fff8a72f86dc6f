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
  int vertex_count = 0;                     ///< vertices are 0..vertex_count-1 (vertex k is "k+1" in a DIMACS file)
  std::vector<std::pair<int, int>> edges;  ///< distinct undirected edges (a, b) with a < b, ascending
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
/// and a NotEqual per edge. Throws csp::ModelError when colors < 1.
Problem graph_coloring(const Graph& graph, int colors);

/// True iff `a` gives every vertex a colour (an assigned value) and no edge joins two vertices of one colour.
/// Independent of the solver: tests use it to check colourings.
bool is_proper_coloring(const Graph& graph, const Assignment& a);

}  // namespace csp::models
