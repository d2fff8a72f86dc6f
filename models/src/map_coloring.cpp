// Map colouring model.
#include "csp/models/map_coloring.hpp"

#include <algorithm>
#include <array>
#include <sstream>

#include "csp/core/errors.hpp"

namespace csp::models {

Map australia() {
  return {{"WA", "NT", "SA", "Q", "NSW", "V", "T"},
          {{"WA", "NT"},
           {"WA", "SA"},
           {"NT", "SA"},
           {"NT", "Q"},
           {"SA", "Q"},
           {"SA", "NSW"},
           {"SA", "V"},
           {"Q", "NSW"},
           {"NSW", "V"}}};
}

Map usa() {
  // Each state lists its neighbours that are not listed before it; every border appears once.
  static const char* const kBorders =
      "WA: OR ID; OR: ID NV CA; CA: NV AZ; NV: ID UT AZ; ID: MT WY UT; UT: WY CO AZ; MT: ND SD WY;"
      "WY: SD NE CO; CO: NE KS OK NM; NM: OK TX AZ; ND: MN SD; SD: MN IA NE; NE: IA MO KS; KS: MO OK;"
      "OK: MO AR TX; TX: AR LA; MN: WI IA; IA: WI IL MO; MO: IL KY TN AR; AR: MS TN LA; LA: MS; WI: MI IL;"
      "IL: IN KY; IN: OH KY; MS: TN AL; AL: TN GA FL; MI: OH IN; OH: PA WV KY; KY: WV VA TN; TN: VA NC GA;"
      "GA: NC SC FL; PA: NY NJ DE MD WV; WV: MD VA; VA: MD DC NC; NC: SC; NY: VT MA CT NJ; NJ: DE; DE: MD;"
      "MD: DC; VT: NH MA; MA: NH RI CT; CT: RI; ME: NH; HI: ; AK: ";
  Map map;
  auto add_region = [&map](const std::string& r) {
    if (std::find(map.regions.begin(), map.regions.end(), r) == map.regions.end()) map.regions.push_back(r);
  };
  std::istringstream entries(kBorders);
  std::string entry;
  while (std::getline(entries, entry, ';')) {
    std::istringstream words(entry);
    std::string state;
    words >> state;
    state.pop_back();  // the ':'
    add_region(state);
    for (std::string other; words >> other;) {
      add_region(other);
      map.borders.emplace_back(state, other);
    }
  }
  return map;
}

Problem map_coloring(const Map& map, int colors, bool break_symmetry) {
  if (colors < 1) throw ModelError("map_coloring: need at least one colour, got " + std::to_string(colors));
  Problem p;
  for (const std::string& r : map.regions) p.add_variable(r, 0, colors - 1);
  for (const auto& [a, b] : map.borders) p.add_not_equal(p.find(a), p.find(b));
  if (break_symmetry) break_color_symmetry(p, colors);
  return p;
}

void break_color_symmetry(Problem& p, int colors) {
  if (p.variable_count() == 0) return;
  std::vector<VarId> scope;
  for (VarId x = 0; x < p.variable_count(); ++x) scope.push_back(x);
  std::vector<Value> order;
  for (Value c = 0; c < colors; ++c) order.push_back(c);
  p.add_value_precedence(std::move(scope), std::move(order), "colour-precedence");
}

std::string color_name(Value v) {
  static const std::array<const char*, 4> names{"red", "green", "blue", "yellow"};
  if (v >= 0 && v < static_cast<Value>(names.size())) return names[static_cast<std::size_t>(v)];
  return "colour" + std::to_string(v + 1);
}

}  // namespace csp::models
