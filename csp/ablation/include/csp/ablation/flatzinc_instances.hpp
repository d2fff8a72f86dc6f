// The FlatZinc model of csp ablate ("fzn"): one instance per .fzn file, solved with free search, every solution
// checked by evaluating every FlatZinc constraint of the file (independently of the propagators).
#pragma once

#include <vector>

#include "csp/ablation/model_registry.hpp"

namespace csp::ablation {

/// One instance per file of `inputs` (group and name: the path). Each file is parsed once and built once per
/// all-different mode of the grid (fzn_all_different_int as binary !=, value or gac), without the search
/// annotation (the grid chooses the search); the runs of that mode share the build, also across --jobs threads. A satisfaction instance runs backtracking search; a
/// minimize / maximize instance runs branch and bound to the proved optimum (BuiltInstance::objective). Two
/// solutions that differ only in auxiliary variables are one (BuiltInstance::distinct_variables).
/// Throws InputError "FILE:LINE: reason" for a malformed or unsupported file (as csp fzn reports it), and for no
/// file at all.
std::vector<Instance> flatzinc_instances(const ModelInputs& inputs);

}  // namespace csp::ablation
