// RunObservers: what --trace and --tree attach to one search run.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <string>

#include "csp/core/search_observer.hpp"
#include "csp/observers/search_tree.hpp"
#include "csp/observers/trace_observer.hpp"

namespace csp::cli {

/// Owns the observers of one run (csp/observers/trace_observer.hpp, search_tree.hpp): a trace (text lines, or JSON
/// lines when `trace_json`) written to `trace_out`, and the search tree written to `tree_file` by `finish()`
/// (nothing for an empty name). The constructor opens (and empties) `tree_file` at once: OutputError "--tree: cannot
/// write 'PATH': reason" before any search.
class RunObservers {
 public:
  RunObservers(bool trace, bool trace_json, std::ostream& trace_out, std::string tree_file,
               std::function<std::string(Value)> value_text);
  /// The observer to put in SolverConfig::observer: nullptr when neither was asked for.
  SearchObserver* observer();
  /// Writes the tree file (if any). Throws OutputError "--tree: MESSAGE" (SearchTreeError's) when it cannot
  /// be written.
  void finish();

 private:
  std::unique_ptr<TraceObserver> text_;
  std::unique_ptr<JsonTraceObserver> json_;
  std::unique_ptr<SearchTreeObserver> tree_;
  std::unique_ptr<FanOutObserver> both_;
  std::string tree_file_;
};

}  // namespace csp::cli
