// A plugin that adds a model named like a built-in one: add_catalog_entry refuses it, naming it (exit status 2).
#include <memory>
#include <vector>

#include "csp/models/plugin.hpp"

namespace {

void register_queens_again() {
  csp::models::CatalogEntry entry;
  entry.name = "queens";
  entry.summary = "a second queens";
  entry.enumerate = [](const csp::models::CatalogInputs&) { return std::vector<csp::models::CatalogInstance>{}; };
  csp::models::add_catalog_entry(std::move(entry));
}

}  // namespace

CSP_PLUGIN(register_queens_again)
