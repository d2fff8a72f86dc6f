// The native / decompose switch of the global constraints.
#include "csp/constraints/globals/globals.hpp"

#include <stdexcept>

namespace csp {

Globals parse_globals(std::string_view text) {
  if (text == "native") return Globals::native;
  if (text == "decompose") return Globals::decompose;
  throw std::invalid_argument("unknown globals mode '" + std::string(text) + "' (expected native or decompose)");
}

std::string to_string(Globals g) { return g == Globals::native ? "native" : "decompose"; }

}  // namespace csp
