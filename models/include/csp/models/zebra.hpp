// The Zebra (Einstein) puzzle as a CSP (AIMA 4th ed. §6 exercises; aima-python `Zebra()`).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"

namespace csp::models {

/// The five attribute groups, each of five names: colours, nationalities, pets, drinks, smokes (in this order,
/// which is also the variable order of `zebra()`: ids 0-4 are the colours, 5-9 the nationalities, ...).
const std::array<std::vector<std::string>, 5>& zebra_groups();

/// The Zebra puzzle: 25 variables named after the attributes ("Red", "Englishman", "Zebra", "Water", "Kools", ...),
/// each valued 1..5 = the house it belongs to, counted from the left. Constraints: the five names of each group are
/// in different houses (all-different per group, posted as `mode` says) and the clues of aima-python's `Zebra()`:
///   Englishman = Red, Spaniard = Dog, Kools = Yellow, Chesterfields next to Fox, Norwegian next to Blue,
///   Winston = Snails, LuckyStrike = OJ, Ukrainian = Tea, Japanese = Parliaments, Kools next to Horse,
///   Coffee = Green, Green = Ivory + 1 (immediately right of it); Norwegian lives in house 1 and Milk is drunk in
///   house 3 (unary constraints, posted as domain restrictions). Every other constraint is binary.
/// AIMA's printed exercise uses candies instead of cigarettes; the structure and the answer are the same.
/// Exactly one solution: the Japanese owns the zebra and the Norwegian drinks water.
Problem zebra(AllDifferentMode mode = AllDifferentMode::binary);

/// The nationality living in the same house as `attribute` (e.g. "Zebra") in a solution of `zebra()`.
/// Throws csp::ModelError for an unknown attribute name; precondition: `a` is a complete assignment of `zebra()`.
std::string zebra_nationality_of(const Problem& zebra_problem, const Assignment& a, const std::string& attribute);

/// A table of the five houses, one line per house: "1: Yellow Norwegian Fox Water Kools", ...
/// Precondition: `a` is a complete assignment of `zebra()`.
std::string format_zebra(const Problem& zebra_problem, const Assignment& a);

}  // namespace csp::models
