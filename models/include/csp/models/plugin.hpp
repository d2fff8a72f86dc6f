// A plugin that adds models: csp/plugin.hpp (CSP_PLUGIN, the strategy registries) and the model catalogue
// (csp/models/catalog.hpp). From the plugin's register function, `csp::models::add_catalog_entry(entry)` adds a
// model that `csp ablate NAME` and `csp graph NAME` then take like a built-in one, with the options its entry
// declares (files, --n or --colors, --alldiff over its alldiff_modes, --break-symmetry when value_symmetry):
//
//   void register_mine() {
//     csp::models::CatalogEntry e;
//     e.name = "mymodel";  e.summary = "...";  e.number_option = "n";  e.max_number = 20;
//     e.enumerate = my_instances;  // one CatalogInstance per --n value, its build makes a BuiltModel
//     e.defaults.variable_ordering = "mrv";  // optional: its default run (else the engine's generic default)
//     csp::models::add_catalog_entry(std::move(e));  // throws csp::Error when "mymodel" is already there
//   }
//   CSP_PLUGIN(register_mine)
//
// The csp program loads every --plugin before it reads the model name, and reports an exception thrown here as
// "--plugin FILE: its registration failed: REASON" (exit status 2). Built with CMake:
//   find_package(csp REQUIRED)  add_library(mine MODULE mine.cpp)  target_link_libraries(mine PRIVATE csp::plugin)
// The whole example: examples/teaching/07_plugin.cpp (docs/library.md §6).
#pragma once

#include "csp/models/catalog.hpp"
#include "csp/plugin.hpp"
