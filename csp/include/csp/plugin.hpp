// Plugins: a shared library that adds strategies to csp's registries when the csp program loads it
// (`csp COMMAND --plugin FILE.so ...`), so a student's ordering can be chosen by name in the shipped binary.
//
//   // mine.cpp, built with CMake against the installed package (find_package(csp REQUIRED)):
//   //   add_library(mine MODULE mine.cpp)  target_link_libraries(mine PRIVATE csp::plugin)
//   #include "csp/plugin.hpp"
//   csp::VarId my_ordering(csp::SearchContext& ctx) { ... }
//   void register_mine() { csp::variable_orderings().add("mine", "my variable ordering", my_ordering); }
//   CSP_PLUGIN(register_mine)
//
//   csp ablate queens --plugin ./mine.so --var mine,mrv
//
// A plugin links no csp library: the csp program provides the engine (it exports its symbols), so a plugin must
// be built with the same compiler and csp headers as the program. The program checks CSP_PLUGIN_ABI_VERSION and
// refuses a plugin built for another one; a name registered twice is an error. A plugin adds models too
// (csp::models::add_catalog_entry, csp/models/plugin.hpp). See examples/teaching/07_plugin.cpp.
#pragma once

#include "csp/heuristics/value_ordering.hpp"
#include "csp/heuristics/variable_ordering.hpp"
#include "csp/propagation/inference.hpp"
#include "csp/strategy/search_context.hpp"

/// The plugin interface version; raised whenever the registries or SearchContext change incompatibly. Version 1
/// still: the model catalogue's add_catalog_entry is an addition (a plugin that does not call it is unchanged, and
/// one that does, loaded by a csp without it, fails to load naming the undefined symbol); SearchContext's candidate
/// set is an addition too (its members come after the others, which keep their offsets; an ordering built before it
/// chooses among every variable, as it did, and is refused in a search annotation's phase when it answers outside).
#define CSP_PLUGIN_ABI_VERSION 1

/// Defines the two C entry points the csp program looks for: `csp_plugin_abi_version()` (returns
/// CSP_PLUGIN_ABI_VERSION) and `csp_plugin_register()` (calls `register_function()`, which adds strategies with
/// `csp::variable_orderings().add(...)`, `csp::value_orderings().add(...)` or `csp::inferences().add(...)`; an
/// exception it throws is reported by the program as a failed load). Use it once per plugin.
#define CSP_PLUGIN(register_function)                                                                               \
  extern "C" __attribute__((visibility("default"))) int csp_plugin_abi_version() { return CSP_PLUGIN_ABI_VERSION; } \
  extern "C" __attribute__((visibility("default"))) void csp_plugin_register() { register_function(); }
