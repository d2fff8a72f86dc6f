// Map colouring model.
#include "csp/models/map_coloring.hpp"

#include <array>

#include "csp/core/errors.hpp"

namespace csp::models {

Map australia() {
  return {{"WA", "NT", "SA", "Q", "NSW", "V", "T"},
          {{"WA", "NT"}, {"WA", "SA"}, {"NT", "SA"}, {"NT", "Q"}, {"SA", "Q"}, {"SA", "NSW"}, {"SA", "V"},
           {"Q", "NSW"}, {"NSW", "V"}}};
}

Problem map_coloring(const Map& map, int colors) {
  if (colors < 1) throw ModelError("map_coloring: need at least one colour, got " + std::to_string(colors));
  Problem p;
  for (const std::string& r : map.regions) p.add_variable(r, 0, colors - 1);
  for (const auto& [a, b] : map.borders) p.add_not_equal(p.find(a), p.find(b));
  return p;
}

std::string color_name(Value v) {
  static const std::array<const char*, 4> names{"red", "green", "blue", "yellow"};
  if (v >= 0 && v < static_cast<Value>(names.size())) return names[static_cast<std::size_t>(v)];
  return "colour" + std::to_string(v + 1);
}

}  // namespace csp::models
