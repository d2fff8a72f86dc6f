// A model's default run configuration: the variable ordering, value ordering, inference, restart strategy and
// all-different mode a model is searched with when the user names none. Each entry of the model catalogue declares its own
// (CatalogEntry::defaults, made in models/src/catalog.cpp, chosen by measurement: bench/LOG.md, "Defaults per
// model"), as each of Gecode's example models picks its own brancher; every front end reads it from there: the
// model commands of csp and their --help, csp ablate MODEL (the values of the dimensions a study does not vary) and
// the Python module (csp.Sudoku, csp.study). ModelDefaults{} is the engine's generic default, SolverConfig{}'s
// strategies with gac all-different: what user models (csp::Problem), FlatZinc files (csp fzn, csp.msc) and a
// plugin's entry that declares none get.
#pragma once

#include <string>

#include "csp/core/problem.hpp"
#include "csp/search/solver_config.hpp"

namespace csp::models {

/// The configuration a model is searched with when the user names none (see the top of this file).
struct ModelDefaults {
  /// The variable ordering: which unassigned variable the search assigns next; a name of csp::variable_orderings()
  /// (first, mrv, degree, mrv-degree, dom-wdeg, ...).
  std::string variable_ordering = SolverConfig{}.variable_ordering.name();
  /// The value ordering: in which order the chosen variable's values are tried; a name of csp::value_orderings()
  /// (natural, lcv, ...).
  std::string value_ordering = SolverConfig{}.value_ordering.name();
  /// The inference after each assignment; a name of csp::inferences() (none, fc, mac).
  std::string inference = SolverConfig{}.inference;
  /// The restart strategy; a name of csp::restart_strategies() (none, luby, geometric), with SolverConfig's restart
  /// base and factor.
  std::string restarts = SolverConfig{}.restarts;
  /// How the model posts its all-different constraints (BuildChoices::alldiff): binary (one != per pair), value
  /// (one constraint: single values, pigeonhole, hidden singles), gac (one constraint, Régin's matching) or, for a
  /// Sudoku, grid (all its units in one propagator). A model whose only mode is binary (a colouring's != per edge)
  /// declares binary.
  AllDifferentMode alldiff = AllDifferentMode::gac;

  /// SolverConfig{} with these orderings, inference and restarts (every other field the engine's default).
  SolverConfig config() const;
  friend bool operator==(const ModelDefaults&, const ModelDefaults&) = default;
};

/// "var=mrv val=natural inference=mac restarts=none alldiff=gac": the fields as `csp` options name them.
std::string to_string(const ModelDefaults& defaults);

/// Throws csp::Error naming `model` when a strategy of `defaults` is not registered (the registries' message, which
/// lists the valid names).
void check_model_defaults(const std::string& model, const ModelDefaults& defaults);

}  // namespace csp::models
