// The model catalogue: one entry per model of csp/models (sudoku, queens, australia, usa, graph, zebra,
// cryptarithm, killer) with its name, a one-line summary, the inputs it takes, how it builds its instances into a
// Problem, how a solution is checked (by the model's own rules, not by the CSP) and how it is printed (the model's
// picture), and its default run configuration (model_defaults.hpp). The model commands of `csp` (sudoku, queens, color,
// cryptarithm, zebra, killer, graph), `csp ablate`, the Python module and the benchmarks read it: a new model is one entry (make_catalog in models/src/catalog.cpp). FlatZinc files are not in
// it (csp fzn and csp ablate's fzn model have their own reader).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "csp/core/assignment.hpp"
#include "csp/core/problem.hpp"
#include "csp/models/graph_coloring.hpp"
#include "csp/models/model_defaults.hpp"
#include "csp/models/sudoku/format.hpp"

namespace csp::models {

/// What an entry's instances are made of: files, numbers, texts (each entry reads the fields it takes).
struct CatalogInputs {
  std::vector<std::string> files;  ///< input files, in order (entries with `takes_files`)
  std::vector<int> numbers;        ///< the numeric parameter's values (the board size N, the number of colours K)
  std::optional<BoxShape> box = std::nullopt;  ///< --box: every Sudoku puzzle's box shape (entries with `takes_box`)
  /// The bytes of each file when the caller already read them (parallel to `files`; empty: the entry opens and
  /// reads each file itself, at most `max_file_bytes`; a DIMACS graph is streamed, at most kMaxGraphFileBytes).
  std::vector<std::string> contents = {};
  std::vector<std::string> puzzles = {};  ///< --puzzle texts ("SEND+MORE=MONEY"; entries with `takes_puzzles`)
  std::uint64_t max_file_bytes = std::uint64_t{64} << 20;  ///< the most bytes read from one file (64 MiB)
};

/// How to build an instance: the choices of a run that change the Problem, not the search.
struct BuildChoices {
  AllDifferentMode alldiff = AllDifferentMode::value;  ///< how the model's all-different constraints are posted
  /// A model inference (csp/models/model_inference.hpp) the entry implements, e.g. "techniques" (Sudoku: the human
  /// techniques posted as a propagator); "" for none.
  std::string model_inference;
  bool break_symmetry = false;  ///< colourings: keep one colouring per renaming of the colours (value precedence)
};

/// One instance built for one set of BuildChoices: the Problem to search, the model's own check and its picture.
class BuiltModel {
 public:
  virtual ~BuiltModel() = default;
  /// The CSP to solve.
  virtual const Problem& problem() const = 0;
  /// Why `solution` does not solve the instance, checked by the model's own rules (csp/models/verify.hpp,
  /// check_solution, check_killer_solution), "" when it does: what RunSpec::verify takes.
  virtual std::string verify(const Assignment& solution) const = 0;
  /// `solution` as the model draws it, ending with a newline: a queens board (row N at the top, 'Q' and '.'), one
  /// "region = colour" line per vertex, the addition in digits, the five houses, a Sudoku grid.
  virtual std::string picture(const Assignment& solution) const = 0;
};

/// One instance of an entry: a puzzle of a file, a board size, a number of colours, a cryptarithm text.
struct CatalogInstance {
  std::string group;       ///< what statistics are grouped by: the file path, or the entry's name ("queens")
  std::string name;        ///< unique within the inputs, e.g. "top95.txt:12", "n=8", "myciel3.col:colors=4"
  std::size_t number = 0;  ///< 1-based position within its group
  std::string error;       ///< why the instance is invalid ("" when valid): a malformed Sudoku, clashing givens
  /// The graph of a colouring instance (australia, usa, graph): vertex v is variable v - 1 of the problem; null
  /// for the other entries.
  std::shared_ptr<const Graph> graph;
  /// Builds the instance (only when valid). Throws csp::Error when the model cannot be built.
  std::function<std::unique_ptr<BuiltModel>(const BuildChoices&)> build;

  bool valid() const { return error.empty(); }
};

/// One model of the catalogue.
struct CatalogEntry {
  std::string name;                  ///< the word csp ablate and csp graph take: "sudoku", "queens", ...
  std::string summary;               ///< one line for --help
  bool takes_files = false;          ///< instances come from files (positional arguments)
  std::string number_option;         ///< the numeric parameter, "n" or "colors" ("" when the model has none)
  std::string number_help;           ///< help for that option ("board sizes, e.g. 8,10,12")
  std::vector<int> default_numbers;  ///< used when no number is given (empty: a number is required)
  int min_number = 1;                ///< the smallest value the numeric parameter takes
  int max_number = 0;                ///< the largest (that of the model's own command; 0: no numbers)
  bool takes_box = false;            ///< --box applies (Sudoku)
  bool takes_puzzles = false;        ///< instances are texts given with --puzzle (cryptarithm), not files
  /// The all-different modes that change this model's Problem, in --help order (the others are the same Problem).
  std::vector<AllDifferentMode> alldiff_modes;
  /// The model inferences it implements (csp/models/model_inference.hpp): sudoku has "techniques" and "probe".
  std::vector<std::string> model_inferences;
  bool value_symmetry = false;  ///< its values are interchangeable (colourings): BuildChoices::break_symmetry applies
  /// What the model is searched with when the user names nothing: the defaults of its command's --var, --val,
  /// --inference and --alldiff (shown by --help), of csp ablate's dimensions a study does not vary, and of the
  /// Python module's model. An entry that declares none has ModelDefaults{}, the engine's generic default.
  ModelDefaults defaults = {};
  /// Its instances, in a fixed order (group by group). Throws csp::Error naming the file (or --puzzle text) for an
  /// unreadable, empty or malformed input, or when a required input is missing.
  std::function<std::vector<CatalogInstance>(const CatalogInputs&)> enumerate;
};

/// The catalogue, in --help order: sudoku, queens, australia, usa, graph, zebra, cryptarithm, killer, then the
/// entries added with add_catalog_entry (a plugin's models), in the order they were added. A reference to an entry
/// stays valid when entries are added (iterators do not).
const std::deque<CatalogEntry>& catalog();
/// Adds `entry` at the end of the catalogue, e.g. from a plugin's register function (csp/models/plugin.hpp), so
/// that `csp ablate NAME` and `csp graph NAME` take it like a built-in model. Throws csp::Error naming it when its
/// name is empty, holds a character other than a letter, digit, '-' or '_', or is already in the catalogue; when
/// it has no `enumerate`; when its `defaults` name an unregistered strategy (check_model_defaults); when its
/// `number_option` is neither "", "n" nor "colors" (the options csp ablate reads); or when it has a number option
/// and max_number < min_number.
void add_catalog_entry(CatalogEntry entry);
/// The entry called `name`. Throws UnknownNameError listing the valid names.
const CatalogEntry& catalog_entry(const std::string& name);
/// "sudoku, queens, ...".
std::string catalog_names();

/// The instances of entry `name` for `inputs` (catalog_entry(name).enumerate(inputs)).
std::vector<CatalogInstance> catalog_instances(const std::string& name, const CatalogInputs& inputs);

/// Reads `path` once through the shared input layer (csp/models/text_input.hpp), at most `max_bytes`. Throws
/// csp::Error "cannot read 'PATH': reason", "PATH: larger than ..." or "PATH: read error (...)".
std::string read_model_file(const std::string& path, std::uint64_t max_bytes);

}  // namespace csp::models
