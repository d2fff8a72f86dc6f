// SearchTreeObserver: records the search tree of a (small) backtracking run and writes it as Graphviz DOT, JSON or
// SVG; the csp program's --tree FILE. Attach it through SolverConfig::observer (RunSpec::search.observer for
// csp::solve), run, then call write_search_tree or dot() / json(); docs/library.md, section 2, shows how.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "csp/core/errors.hpp"
#include "csp/core/search_observer.hpp"

namespace csp {

/// A search tree could not be written: the file cannot be created or written ("cannot write 'PATH': REASON", the
/// system's reason, e.g. "No such file or directory"), its name has no format write_search_tree knows (the message
/// of search_tree_format_error), or Graphviz could not lay it out ("Graphviz could not lay out the tree for
/// 'PATH'"). The csp program prefixes "--tree: " and exits with status 2.
class SearchTreeError : public Error {
 public:
  using Error::Error;
};

/// The tree of one backtracking run (AIMA 4th ed. §6.3, Fig. 6.5): the root (givens and root inference), one node
/// per decision x = v, and a leaf per value the consistency check rejected (inference none). With inference (fc,
/// mac) there are Statistics::assignments + 1 nodes, up to max_nodes. Each node keeps the values its inference
/// removed and how it ended: a solution, a wipe-out (which variable, by which constraint), rejected, or failed
/// (every child failed). At most `max_nodes` nodes (root included) are recorded; the rest of the run is not drawn,
/// and `truncated()` says so (a subtree whose parent was not recorded is left out whole). One observer per run.
class SearchTreeObserver : public SearchObserver {
 public:
  struct Prune {
    VarId var;
    Value value;
  };
  struct Node {
    int parent = -1;  ///< -1 for the root
    int depth = 0;    ///< decisions on the path; 0 for the root
    VarId var = -1;   ///< the decision x = v (-1 at the root)
    Value value = 0;
    std::vector<Prune> pruned;  ///< what this node's inference removed (capped at kMaxPrunesShown per node)
    std::size_t pruned_count = 0;
    enum class End { open, solution, wipeout, rejected, failed } end = End::open;
    VarId wiped_out = -1;  ///< End::wipeout: the variable whose domain was emptied
    std::string cause;     ///< the constraint of the wipe-out or the rejection ("" when none is the cause)
    /// The nogood backjumping learned when the variable after this node had no value left (each x = v; empty when
    /// none was learned here: SolverConfig::learning, SearchObserver::on_nogood).
    std::vector<Prune> nogood;
  };
  static constexpr std::size_t kMaxPrunesShown = 8;

  /// `value_text` prints a value (e.g. std::to_string, or a Sudoku symbol); `max_nodes` (1 if 0 is given) bounds the
  /// memory of a long run.
  SearchTreeObserver(std::function<std::string(Value)> value_text, std::size_t max_nodes = 2000);

  void on_assign(const Store& store, VarId x, Value v, int depth) override;
  void on_backtrack(const Store& store, VarId x, Value v, int depth) override;
  void on_prune(const Store& store, VarId x, Value v, const Constraint* cause, int depth) override;
  void on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) override;
  void on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int depth) override;
  void on_nogood(const Store& store, std::span<const NogoodLiteral> literals, int depth) override;
  void on_solution(const Store& store, const Assignment& solution) override;

  /// The recorded nodes: [0] is the root, a node's parent comes before it, in the order the search met them.
  const std::vector<Node>& nodes() const { return nodes_; }
  /// True when the run had more than max_nodes nodes (only the first ones are recorded).
  bool truncated() const { return truncated_; }
  /// The tree in Graphviz DOT: one box per node labelled "x = v", then "-N:" and the first kMaxPrunesShown values
  /// its inference removed, then how it ended (green: solution, red: wipe-out or rejected) and the nogood learned
  /// there ("nogood: Q1=1 Q2=3"), e.g.
  ///     n1 [label="Q1 = 1\n-6: Q2!=1 Q2!=2 Q3!=1 Q3!=3 Q4!=1 Q4!=4"];
  ///     n0 -> n1;
  /// and a note "(only the first N nodes are drawn)" when truncated.
  std::string dot() const;
  /// The tree as one JSON object {"nodes": [...], "truncated": false} (indented by one space per level), a node
  /// being e.g.
  ///     {"id": 2, "parent": 1, "depth": 2, "var": "Q2", "value": "3", "pruned": [["Q3", "2"], ["Q3", "4"]],
  ///      "pruned_count": 2, "end": "wipeout", "wiped_out": "Q3", "cause": "no-attack(Q2,Q3)"}
  /// "end" is "open", "solution", "wipeout", "rejected" or "failed"; the root has no "var" / "value"; "cause" is
  /// absent when empty; "nogood" ([["Q1", "1"], ["Q2", "3"]]) is present when one was learned there.
  std::string json() const;

 private:
  int add_node(int parent, int depth, VarId x, Value v);
  void remember_names(const Store& store);  // the variables' names, read from the first event's store
  std::string label(const Node& n) const;

  std::function<std::string(Value)> value_text_;
  std::size_t max_nodes_;
  std::vector<Node> nodes_;
  std::vector<int> path_;           // path_[d]: the recorded node at depth d on the current path (-1: not recorded)
  std::vector<std::string> names_;  // variable names, read from the first event's store
  bool truncated_ = false;
};

/// Writes `tree` to `path` in the format its extension names: .dot (dot()), .json (json()), or .svg (dot() laid out
/// by Graphviz's library, when csp::observers was built with it: search_tree_svg_available()). Creates or truncates
/// the file. Throws SearchTreeError naming the file when the extension is none of these (checked first, the file
/// is not touched), when Graphviz cannot lay the tree out, or when the file cannot be written.
void write_search_tree(const SearchTreeObserver& tree, const std::string& path);

/// Empty when write_search_tree can write `path` (it ends in .dot or .json, or .svg with Graphviz), else why not:
/// "'PATH' must end in .dot, .json or .svg" ("in .dot or .json" without Graphviz), or, for .svg without Graphviz,
/// "this csp was built without Graphviz's library (Debian libgraphviz-dev), so it cannot lay out 'PATH': write .dot
/// and run 'dot -Tsvg'".
std::string search_tree_format_error(const std::string& path);

/// True when csp::observers was built with Graphviz's library (libgvc), so that write_search_tree can write .svg.
bool search_tree_svg_available();

}  // namespace csp
