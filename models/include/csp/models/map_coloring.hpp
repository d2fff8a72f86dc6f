// Map colouring as a CSP (AIMA 4th ed. §6.1.1, Fig. 6.1): regions are variables, colours values, borders !=.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "csp/core/problem.hpp"

namespace csp::models {

/// A map: region names and pairs of regions that share a border.
struct Map {
  std::vector<std::string> regions;
  std::vector<std::pair<std::string, std::string>> borders;
};

/// AIMA's Australia: WA, NT, SA, Q, NSW, V, T with the 9 borders of Fig. 6.1 (T borders nothing).
Map australia();

/// The USA: the 50 states and DC by postal code (51 regions), with the 107 land borders of the 48 contiguous
/// states and DC (the adjacency of aima-python's `usa_csp`, Kansas written KS). AK and HI border nothing.
/// 4-colourable (four-colour theorem) but not 3-colourable (e.g. NV and its five neighbours form an odd wheel).
Map usa();

/// One variable per region (in the map's order) with values 0..colors-1 and a NotEqual per border. With
/// `break_symmetry`, the colours are declared interchangeable (`break_color_symmetry`), so each colouring is found
/// once up to a renaming of the colours (Australia, 3 colours: 18 colourings, 3 up to renaming).
/// Throws csp::ModelError when colors < 1, a border names an unknown region, or a region is listed twice.
Problem map_coloring(const Map& map, int colors, bool break_symmetry = false);
/// Value-symmetry breaking for a colouring with values 0..colors-1 on variables 0..n-1 (AIMA §6.5): posts
/// `Problem::add_value_precedence` over all variables in id order, so variable 0 takes colour 0 and each next
/// variable at most one more than the largest colour used before it. Of the colourings that differ only by a
/// permutation of the colours, exactly one is kept: a colouring that uses j of the k colours stands for
/// k!/(k-j)! of them.
void break_color_symmetry(Problem& p, int colors);
/// A printable colour name for value v: red, green, blue, yellow, then "colour5", ...
std::string color_name(Value v);

}  // namespace csp::models
