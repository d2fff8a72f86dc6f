// Why a FlatZinc model has no solution: a minimal set of its constraint items (or of the MiniZinc constraints they
// came from) without a solution, each subset built again from the file's declarations and the items kept, then
// searched (csp::why_unsat's general form, csp/search/why_unsat.hpp).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "csp/models/flatzinc/ast.hpp"
#include "csp/models/flatzinc/model.hpp"
#include "csp/search/why_unsat.hpp"

namespace csp::models::flatzinc {

/// One part of a FlatZinc model: constraint items (indices into Model::constraints) under one name.
struct FlatZincPart {
  std::string name;
  std::vector<std::size_t> items;
};

/// The parts of `ast`, in file order: the items that carry the same `mzn_constraint_name("NAME")` (a MiniZinc
/// `constraint :: "NAME"`) form one part named NAME; otherwise those with the same `mzn_path("FILE|LINE|...")`
/// (MiniZinc's --keep-paths) one part named "FILE:LINE"; every other item a part of its own named
/// "SOURCE:LINE: NAME" (the FlatZinc file's line and the builtin's name).
std::vector<FlatZincPart> flatzinc_parts(const Model& ast, const std::string& source);

/// A minimal unsatisfiable set of `parts` of `ast`: each check builds the model from every declaration, the solve
/// item and the items of the parts kept (build_flatzinc with `options`; a build that proves it unsatisfiable answers
/// so), then searches it for one solution under `spec` (its objective dropped: only satisfiability is asked).
/// A build stopped by `options.stop` is an unknown check. Throws what build_flatzinc and csp::why_unsat throw.
UnsatCore flatzinc_why_unsat(const Model& ast, const std::string& source, const BuildOptions& options,
                             const std::vector<FlatZincPart>& parts, const RunSpec& spec);

}  // namespace csp::models::flatzinc
