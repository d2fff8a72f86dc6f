// SearchTreeObserver: records the search tree of a (small) run and writes it as Graphviz DOT, JSON or SVG (--tree).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/core/search_observer.hpp"

namespace csp::ablation {

/// A search tree could not be written (the file, its format, or Graphviz's layout); the message names the file.
class SearchTreeError : public Error {
 public:
  using Error::Error;
};

/// The tree of one backtracking run: the root (givens and root inference), one node per decision x = v, and a leaf
/// per value the consistency check rejected (inference none). Each node keeps the values its inference removed, and
/// how it ended: a solution, a wipe-out (which variable, by which constraint), rejected, or failed (every child
/// failed). At most `max_nodes` nodes are recorded; the rest of the run is counted but not drawn (`truncated()`).
class SearchTreeObserver : public SearchObserver {
 public:
  struct Prune {
    VarId var;
    Value value;
  };
  struct Node {
    int parent = -1;          ///< -1 for the root
    int depth = 0;            ///< decisions on the path; 0 for the root
    VarId var = -1;           ///< the decision x = v (-1 at the root)
    Value value = 0;
    std::vector<Prune> pruned;  ///< what this node's inference removed (capped at kMaxPrunesShown per node)
    std::size_t pruned_count = 0;
    enum class End { open, solution, wipeout, rejected, failed } end = End::open;
    VarId wiped_out = -1;     ///< End::wipeout: the variable whose domain was emptied
    std::string cause;        ///< the constraint of the wipe-out or the rejection ("" when none is the cause)
  };
  static constexpr std::size_t kMaxPrunesShown = 8;

  /// `value_text` prints a value (e.g. a Sudoku symbol).
  SearchTreeObserver(std::function<std::string(Value)> value_text, std::size_t max_nodes = 2000);

  void on_assign(const Store& store, VarId x, Value v, int depth) override;
  void on_backtrack(const Store& store, VarId x, Value v, int depth) override;
  void on_prune(const Store& store, VarId x, Value v, const Constraint* cause, int depth) override;
  void on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) override;
  void on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int depth) override;
  void on_solution(const Store& store, const Assignment& solution) override;

  const std::vector<Node>& nodes() const { return nodes_; }
  /// True when the run had more than max_nodes nodes (only the first ones are recorded).
  bool truncated() const { return truncated_; }
  /// The tree in Graphviz DOT: decisions as "x = v" boxes (green: solution, red: wipe-out or rejected), each
  /// labelled with what its inference removed.
  std::string dot() const;
  /// The tree as one JSON object: {"nodes": [{"id", "parent", "depth", "var", "value", "pruned", "end", ...}],
  /// "truncated": bool}.
  std::string json() const;

 private:
  int add_node(int parent, int depth, VarId x, Value v);
  std::string label(const Node& n) const;

  std::function<std::string(Value)> value_text_;
  std::size_t max_nodes_;
  std::vector<Node> nodes_;
  std::vector<int> path_;         // path_[d]: the recorded node at depth d on the current path (-1: not recorded)
  std::vector<std::string> names_;  // variable names, read from the first event's store
  bool truncated_ = false;
};

/// Writes `tree` to `path` as the extension says: .dot, .json, or .svg (laid out by Graphviz's library when csp
/// was built with it). Throws SearchTreeError naming the file when it cannot be written.
void write_search_tree(const SearchTreeObserver& tree, const std::string& path);

/// Empty when `path` has an extension --tree can write (.dot, .json, and .svg with Graphviz), else the reason.
std::string search_tree_format_error(const std::string& path);

/// True when built with Graphviz's library.
bool search_tree_svg_available();

}  // namespace csp::ablation
