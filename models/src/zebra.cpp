// Zebra puzzle model.
#include "csp/models/zebra.hpp"

#include <cstdlib>

#include "csp/core/errors.hpp"

namespace csp::models {

const std::array<std::vector<std::string>, 5>& zebra_groups() {
  static const std::array<std::vector<std::string>, 5> groups{{
      {"Red", "Yellow", "Blue", "Green", "Ivory"},
      {"Englishman", "Spaniard", "Norwegian", "Ukrainian", "Japanese"},
      {"Dog", "Fox", "Snails", "Horse", "Zebra"},
      {"OJ", "Tea", "Coffee", "Milk", "Water"},
      {"Kools", "Chesterfields", "Winston", "LuckyStrike", "Parliaments"},
  }};
  return groups;
}

Problem zebra(AllDifferentMode mode) {
  Problem p;
  for (const auto& group : zebra_groups()) {
    std::vector<VarId> scope;
    for (const std::string& name : group) scope.push_back(p.add_variable(name, 1, 5));
    p.add_all_different(scope, mode, "different houses: " + group.front() + "...");
  }
  p.restrict_domain(p.find("Norwegian"), 1);
  p.restrict_domain(p.find("Milk"), 3);

  auto same = [&p](const char* a, const char* b) {
    p.add_binary(
        p.find(a), p.find(b), [](Value x, Value y) { return x == y; }, std::string(a).append("=").append(b));
  };
  auto next_to = [&p](const char* a, const char* b) {
    p.add_binary(
        p.find(a), p.find(b), [](Value x, Value y) { return std::abs(x - y) == 1; },
        std::string(a).append(" next to ").append(b));
  };
  same("Englishman", "Red");
  same("Spaniard", "Dog");
  same("Kools", "Yellow");
  next_to("Chesterfields", "Fox");
  next_to("Norwegian", "Blue");
  same("Winston", "Snails");
  same("LuckyStrike", "OJ");
  same("Ukrainian", "Tea");
  same("Japanese", "Parliaments");
  next_to("Kools", "Horse");
  same("Coffee", "Green");
  p.add_binary(
      p.find("Green"), p.find("Ivory"), [](Value g, Value i) { return g == i + 1; }, "Green right of Ivory");
  return p;
}

std::string zebra_nationality_of(const Problem& zebra_problem, const Assignment& a, const std::string& attribute) {
  const Value house = a.value(zebra_problem.find(attribute));
  for (const std::string& nation : zebra_groups()[1])
    if (a.value(zebra_problem.find(nation)) == house) return nation;
  throw ModelError("zebra_nationality_of: nobody lives in house " + std::to_string(house) + " of '" + attribute + "'");
}

std::string format_zebra(const Problem& zebra_problem, const Assignment& a) {
  std::string out;
  for (Value house = 1; house <= 5; ++house) {
    out += std::to_string(house) + ":";
    for (const auto& group : zebra_groups())
      for (const std::string& name : group)
        if (a.value(zebra_problem.find(name)) == house) out.append(" ").append(name);
    out += '\n';
  }
  return out;
}

}  // namespace csp::models
