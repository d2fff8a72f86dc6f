// The catalogue's models added after start-up (csp::models::add_catalog_entry, e.g. by a --plugin) as models of
// csp ablate's registry (model_registry.hpp).
#pragma once

#include <vector>

#include "csp/ablation/model_registry.hpp"

namespace csp::ablation {

/// Appends to `registry` one ModelSpec for each catalogue entry (csp/models/catalog.hpp) whose name it lacks; the
/// spec's instances are the entry's, built with the run's all-different mode, model inference and symmetry breaking.
/// An entry's csp::Error while enumerating becomes an InputError with the same message.
void add_catalog_additions(std::vector<ModelSpec>& registry);

}  // namespace csp::ablation
